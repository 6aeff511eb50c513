"""The chart of running totals: an SVG drawn on the server, the same on the table page and the sheets.

No script and no inline styles (the pages' Content-Security-Policy allows neither): presentation
attributes only. Text is escaped; players are told apart by colour, dash and marker, so the chart
still reads when printed in black and white.
"""
from __future__ import annotations

import math
from collections.abc import Sequence

from flask_babel import lazy_gettext as _l
from markupsafe import Markup, escape

# Okabe-Ito colours (safe for colour-blind readers), then two more; dashes for black-and-white print.
COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#8F7A00", "#7F3C8D",
           "#8C564B")  # Okabe-Ito's pale yellow (#F0E442) darkened: it hardly printed
DASHES = ("", "6 3", "2 3", "8 3 2 3", "12 4")
MARKERS = ("circle", "square", "diamond", "triangle")


def nice_ticks(lo: float, hi: float, count: int = 5) -> list[float]:
    """Return round tick values that cover [lo, hi]."""
    if hi == lo:
        hi, lo = hi + 1, lo - 1 if lo else 0
    raw = (hi - lo) / count
    step = 10 ** math.floor(math.log10(raw))
    step *= next(m for m in (1, 2, 2.5, 5, 10) if step * m >= raw)
    if step < 1 and float(lo).is_integer() and float(hi).is_integer():
        step = 1  # points, lives and quarters are whole: no "1.5" (nor a French reader's "1,5") between them
    start = math.floor(lo / step) * step
    ticks = []
    value = start
    while value <= hi + step * 0.001:
        ticks.append(round(value, 6))
        value += step
    if ticks[-1] < hi:
        ticks.append(round(value, 6))
    return ticks


def marker(kind: str, x: float, y: float, colour: str) -> str:
    """Draw one data point's marker."""
    if kind == "circle":
        return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="2.6" fill="{colour}"/>'
    if kind == "square":
        return f'<rect x="{x - 2.4:.1f}" y="{y - 2.4:.1f}" width="4.8" height="4.8" fill="{colour}"/>'
    if kind == "diamond":
        return f'<path d="M{x:.1f} {y - 3.2:.1f}l3.2 3.2-3.2 3.2-3.2-3.2z" fill="{colour}"/>'
    return f'<path d="M{x:.1f} {y - 3.2:.1f}l3.2 5.6h-6.4z" fill="{colour}"/>'


def spread_labels(ys: list[float], gap: float, top: float, bottom: float) -> list[float]:
    """Move end labels apart so none overlap, keeping their order, each as near its line's end as it can be, and
    within [top, bottom] while they fit: pushed down from the top, then back up from the bottom."""
    order = sorted(range(len(ys)), key=lambda i: ys[i])
    placed = list(ys)
    floor = top
    for i in order:
        placed[i] = floor = max(ys[i], floor)
        floor += gap
    ceiling = bottom
    for i in reversed(order):
        placed[i] = ceiling = min(placed[i], ceiling)
        ceiling -= gap
    floor = top  # more labels than the height holds: the first ones stay in view, the last run below it
    for i in order:
        placed[i] = floor = max(placed[i], floor)
        floor += gap
    return placed


def running_chart(players: Sequence[str], series: Sequence[Sequence[float | None]], title: str,
                  width: int = 640, height: int = 260, label_width: int = 110, numbered: bool = False,
                  end_label: str = "", looks: dict[int, tuple[str | None, str | None]] | None = None,
                  went_out: bool = False) -> Markup:
    """Draw each player's running value after every round as a line, named at its end.

    ``end_label`` names a last point that is no round (the totals with the end bonuses, on a Gin sheet).
    ``looks`` gives seats their own colour and emoji (a group's players: {seat: (colour, emoji)}).

    ``numbered`` puts seat numbers at the line ends instead of names, for a legend drawn as text beside
    the chart (PDF renderers lay SVG text out without the bidi algorithm: Hebrew would print backwards).

    ``went_out`` (lives or quarters left, numbered): a line ends where it reached 0, its number written there, so the
    chart says who went out when (not seven numbers shared at the end of the axis).
    """
    if went_out and numbered:
        series = [line[:line.index(0) + 1] if 0 in line else line for line in series]
    values = [v for line in series for v in line if v is not None]
    rounds = max((len(line) for line in series), default=0)
    if not values or rounds == 0:
        return Markup("")
    ticks = nice_ticks(min(0, min(values)), max(values))
    widest = max(len(f"{tick:g}") for tick in ticks)
    left, top, bottom = max(40, 10 + 7 * widest), 12, 24  # room for the longest tick label ("−10000")
    right = label_width
    if numbered:  # room for the longest shared label at the line ends
        last = [next((v for v in reversed(line) if v is not None), None) for line in series]
        shared = max((sum(1 for w in last if w == v) for v in last if v is not None), default=1)
        right = max(label_width, 16 + 7 * (3 * shared - 1)) if shared > 1 else label_width
    plot_w, plot_h = width - left - right, height - top - bottom
    lo, hi = ticks[0], ticks[-1]

    def x(i: int) -> float:
        return left + (plot_w * i / (rounds - 1) if rounds > 1 else plot_w / 2)

    def y(v: float) -> float:
        return top + plot_h * (hi - v) / (hi - lo)

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" viewBox="0 0 {width} {height}" '
             f'width="{width}" height="{height}" role="img" aria-label="{escape(title)}" '
             f'font-family="DejaVu Sans, Noto Sans, sans-serif" font-size="11">',
             f"<title>{escape(title)}</title>"]
    for tick in ticks:
        ty = y(tick)
        label = f"{tick:g}".replace("-", "−")
        parts.append(f'<line x1="{left}" y1="{ty:.1f}" x2="{left + plot_w}" y2="{ty:.1f}" stroke="currentColor" '
                     f'stroke-opacity="{0.5 if tick == 0 else 0.15}" stroke-width="1"/>')
        parts.append(f'<text x="{left - 6}" y="{ty + 4:.1f}" text-anchor="end" fill="currentColor">{label}</text>')
    every = max(1, math.ceil(rounds / 12))
    last = rounds - 1 if end_label else rounds
    for i in [*range(0, last, every), *([last] if end_label else [])]:
        label = escape(end_label) if end_label and i == last else i + 1
        parts.append(f'<text x="{x(i):.1f}" y="{height - 6}" text-anchor="middle" fill="currentColor" '
                     f'fill-opacity="0.7">{label}</text>')
    looks = looks or {}

    def colour_at(seat: int) -> str:
        return (looks.get(seat) or (None, None))[0] or COLOURS[seat % len(COLOURS)]

    ends: list[tuple[int, float]] = []
    outs: dict[tuple[float, float], list[int]] = {}
    for seat, line in enumerate(series):
        colour, dash, kind = colour_at(seat), dash_of(seat), MARKERS[seat % len(MARKERS)]
        points = [(x(i), y(v)) for i, v in enumerate(line) if v is not None]
        if not points:
            continue
        path = " ".join(f"{px:.1f},{py:.1f}" for px, py in points)
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        parts.append(f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2"{dash_attr} '
                     f'stroke-linejoin="round"/>')
        if len(points) <= 40:
            parts.extend(marker(kind, px, py, colour) for px, py in points)
        if went_out and numbered and len(points) < rounds:  # out before the last round: numbered where it went out
            outs.setdefault(points[-1], []).append(seat)
        else:
            ends.append((seat, points[-1][1]))
    for (ox, oy), seats in outs.items():  # the number above the point where the line stopped, together if several
        parts.append(f'<text x="{ox:.1f}" y="{oy - 6:.1f}" text-anchor="middle" fill="currentColor" font-size="9">'
                     f'{", ".join(str(s + 1) for s in seats)}</text>')
    if numbered:  # lines ending together share one label ("1, 2, 5"): no stack of labels pushed off the plot
        groups: dict[float, list[int]] = {}
        for seat, ey in ends:
            groups.setdefault(round(ey, 1), []).append(seat)
        labels = [(seats[0] if len(seats) == 1 else None, ey, ", ".join(str(s + 1) for s in seats))
                  for ey, seats in groups.items()]
    else:
        fits = max(4, (right - 24) // 7)
        labels = [(seat, ey, players[seat] if len(players[seat]) <= fits else players[seat][:fits - 1] + "…")
                  for seat, ey in ends]
    # more labels than the plot's height holds at 13 apart (a table of 20): closer together, in smaller type
    gap = max(7.0, min(13.0, (plot_h + bottom - 8) / max(1, len(labels))))
    size = "" if gap >= 13 else f' font-size="{gap - 1.5:.1f}"'
    placed = spread_labels([ey for _, ey, _ in labels], gap, top + 4, top + plot_h + bottom - 8)
    for (seat, ey, name), ly in zip(labels, placed):
        colour = "currentColor" if seat is None else colour_at(seat)
        emoji = None if seat is None else (looks.get(seat) or (None, None))[1]
        # a thin dotted grey pointer, not a stroke of the line's colour that reads as a last plunge
        parts.append(f'<line x1="{left + plot_w + 3}" y1="{ey:.1f}" x2="{left + plot_w + 9}" y2="{ly:.1f}" '
                     f'stroke="#888" stroke-width="0.7" stroke-dasharray="1 1.5"/>')
        square = "" if seat is None else f'<tspan fill="{colour}">■</tspan> ' + (f"{escape(emoji)} " if emoji else "")
        parts.append(f'<text x="{left + plot_w + 12}" y="{ly + 4:.1f}" fill="currentColor"{size}>{square}{escape(name)}</text>')
    parts.append("</svg>")
    return Markup("".join(parts))


HEADLINES = {"total": _l("Running totals"), "lives": _l("Lives left"), "layout": _l("Layout size")}


def table_chart(view, width: int = 360, height: int = 230, numbered: bool = False,
                looks: dict[int, tuple[str | None, str | None]] | None = None) -> Markup:
    """Draw a table view's running values: the table page and the filled sheet show this same chart."""
    if not view.rounds:
        return Markup("")
    title = str(HEADLINES.get(view.headline, HEADLINES["total"]))
    return running_chart(view.players, view.series(), title, width=width, height=height,
                         label_width=40 if numbered else min(110, width // 4), numbered=numbered, looks=looks)


def swatch(seat: int) -> Markup:
    """Draw a legend's sample of a seat's line: its colour, dash and marker, as the chart draws them."""
    colour, dash = colour_of(seat), dash_of(seat)
    dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
    return Markup(f'<svg xmlns="http://www.w3.org/2000/svg" class="swatch" viewBox="0 0 24 8" width="24" height="8">'
                  f'<line x1="0" y1="4" x2="24" y2="4" stroke="{colour}" stroke-width="2"{dash_attr}/>'
                  f'{marker(MARKERS[seat % len(MARKERS)], 12, 4, colour)}</svg>')


def dash_of(seat: int) -> str:
    """Return the dash of a seat's line: past the colours (an eleventh player), the next dash, so that no two lines of
    a table of up to 20 look alike."""
    return DASHES[(seat + seat // len(COLOURS)) % len(DASHES)]


def colour_of(seat: int) -> str:
    """Return the colour of a seat's line."""
    return COLOURS[seat % len(COLOURS)]
