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
MARKED_MOST = 40  # points a line marks every one of; a longer line marks one in a few, staggered from line to line
GAP_MOST, GAP_LEAST = 13.0, 10.0  # end labels a line apart: roomy, and the closest whose type (8 px) still reads
LABEL_EM = {" ": 0.32, ",": 0.32, "■": 0.78}  # a label's letters' widths in ems (DejaVu Sans); digits 0.64


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


def text_width(text: str, size: float) -> float:
    """Estimate the width of a label's text in the chart's units (a little wide, never narrow)."""
    return size * sum(LABEL_EM.get(c, 0.64 if c.isdigit() else 0.72) for c in text)


def label_columns(count: int, span: float) -> tuple[float, int]:
    """Return how far apart end labels run and in how many columns: one column at the roomiest gap that holds them all
    within ``span``, else as few columns as hold them at the least gap (a table of 20 on a low chart)."""
    for columns in range(1, max(count, 1) + 1):
        per = -(-count // columns)
        gap = GAP_MOST if per <= 1 else min(GAP_MOST, span / (per - 1))
        if gap >= GAP_LEAST:
            return gap, columns
    return GAP_LEAST, max(count, 1)


def marked(points: Sequence[tuple[float, float]], seat: int) -> list[tuple[float, float]]:
    """Return the points of a line that get its marker: each of a short line's, one in a few of a long line's (a line
    from one seat to the next a point later, so markers do not pile up), and always its last."""
    if len(points) <= MARKED_MOST:
        return list(points)
    step = -(-len(points) // (MARKED_MOST // 2))
    return [p for i, p in enumerate(points) if (i + seat) % step == 0 or i == len(points) - 1]


def placed_outs(outs: dict[tuple[float, float], list[int]], top: float, height: float) -> list[tuple[float, float, str]]:
    """Place the numbers of the lines that stopped where their players went out: above the point, else higher or
    under it, where no number written already is in the way (two players out a deal apart at 0)."""
    size, taken, placed = 9, [], []
    for (ox, oy), seats in sorted(outs.items()):
        text = ", ".join(str(s + 1) for s in seats)
        half = text_width(text, size) / 2 + 2  # a little room either side: "10" and "11" a deal apart do not read "1011"
        tries = [oy - 6 - 10 * k for k in range(8)] + [oy + 14 + 10 * k for k in range(8)]
        tries = [ty for ty in tries if top <= ty - size * 0.8 and ty + 2 <= height] or [oy - 6]
        for ty in tries:
            box = (ox - half, ty - size * 0.8, ox + half, ty + size * 0.25)
            if not any(overlap(box, other) for other in taken):
                break
        taken.append(box)
        placed.append((ox, ty, text))
    return placed


def overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    """Say whether two boxes (left, top, right, bottom) overlap."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def running_chart(players: Sequence[str], series: Sequence[Sequence[float | None]], title: str,
                  width: int = 640, height: int = 260, label_width: int = 110, numbered: bool = False,
                  end_label: str = "", looks: dict[int, tuple[str | None, str | None]] | None = None,
                  went_out: bool = False) -> Markup:
    """Draw each player's running value after every round as a line, named at its end.

    ``end_label`` names a last point that is no round (the totals with the end bonuses, on a Gin sheet).
    ``looks`` gives seats their own colour and emoji (a group's players: {seat: (colour, emoji)}).

    ``numbered`` puts seat numbers at the line ends instead of names, for a legend drawn as text beside
    the chart (PDF renderers lay SVG text out without the bidi algorithm: Hebrew would print backwards). Numbers
    too many for one column at a readable size run in two or more columns beside the plot, none over another.

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
    plot_h = height - top - bottom
    lo, hi = ticks[0], ticks[-1]

    def y(v: float) -> float:
        return top + plot_h * (hi - v) / (hi - lo)

    ends: list[tuple[int, float]] = []  # the lines named at the end of the axis: (seat, where the line ends)
    for seat, line in enumerate(series):
        drawn = [v for v in line if v is not None]
        if drawn and not (went_out and numbered and len(drawn) < rounds):
            ends.append((seat, y(drawn[-1])))
    if numbered:  # lines ending together share one label ("1, 2, 5"): no stack of labels pushed off the plot
        groups: dict[float, list[int]] = {}
        for seat, ey in ends:
            groups.setdefault(round(ey, 1), []).append(seat)
        labels = [(seats[0] if len(seats) == 1 else None, ey, ", ".join(str(s + 1) for s in seats))
                  for ey, seats in groups.items()]
    else:
        fits = max(4, (label_width - 24) // 7)
        labels = [(seat, ey, players[seat] if len(players[seat]) <= fits else players[seat][:fits - 1] + "…")
                  for seat, ey in ends]
    first, last_y = top + 4, height - 8  # where a label's middle may be: beside the plot, down to the round numbers
    if numbered:
        gap, columns = label_columns(len(labels), last_y - first)
    else:  # a name per line: one column, closer together in smaller type at a big table
        gap, columns = max(7.0, min(GAP_MOST, (last_y - first) / max(1, len(labels) - 1))), 1
    size = min(11.0, gap - 2)
    column_w = max((text_width(("■ " if seat is not None else "") + name, size) for seat, _, name in labels),
                   default=0) + 6
    right = max(label_width, int(14 + columns * column_w)) if numbered else label_width
    plot_w = width - left - right

    def x(i: int) -> float:
        return left + (plot_w * i / (rounds - 1) if rounds > 1 else plot_w / 2)

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

    outs: dict[tuple[float, float], list[int]] = {}
    for seat, line in enumerate(series):
        colour, dash, kind = colour_at(seat), dash_of(seat), marker_of(seat)
        points = [(x(i), y(v)) for i, v in enumerate(line) if v is not None]
        if not points:
            continue
        path = " ".join(f"{px:.1f},{py:.1f}" for px, py in points)
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        parts.append(f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2"{dash_attr} '
                     f'stroke-linejoin="round"/>')
        parts.extend(marker(kind, px, py, colour) for px, py in marked(points, seat))
        if went_out and numbered and len(points) < rounds:  # out before the last round: numbered where it went out
            outs.setdefault(points[-1], []).append(seat)
    for ox, oy, text in placed_outs(outs, 0, height):  # the number by the point where the line stopped
        parts.append(f'<text x="{ox:.1f}" y="{oy:.1f}" text-anchor="middle" fill="currentColor" font-size="9">'
                     f'{text}</text>')
    size_attr = "" if size >= 11 else f' font-size="{size:.1f}"'
    in_order = sorted(range(len(labels)), key=lambda k: labels[k][1])
    for column in range(columns):  # every columns-th label, in the order the lines end, down one column
        mine = in_order[column::columns]
        placed = spread_labels([labels[k][1] for k in mine], gap, first, last_y)
        label_x = left + plot_w + 12 + column * column_w
        for k, ly in zip(mine, placed):
            seat, ey, name = labels[k]
            colour = "currentColor" if seat is None else colour_at(seat)
            emoji = None if seat is None else (looks.get(seat) or (None, None))[1]
            # a thin dotted grey pointer, not a stroke of the line's colour that reads as a last plunge
            parts.append(f'<line x1="{left + plot_w + 3}" y1="{ey:.1f}" x2="{label_x - 3:.1f}" y2="{ly:.1f}" '
                         f'stroke="#888" stroke-width="0.7" stroke-dasharray="1 1.5"/>')
            square = "" if seat is None else f'<tspan fill="{colour}">■</tspan> ' + (f"{escape(emoji)} " if emoji else "")
            parts.append(f'<text x="{label_x:.1f}" y="{ly + size * 0.36:.1f}" fill="currentColor"{size_attr}>'
                         f'{square}{escape(name)}</text>')
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
                  f'{marker(marker_of(seat), 12, 4, colour)}</svg>')


def dash_index(seat: int) -> int:
    """Return which dash a seat's line takes: past the colours (an eleventh player), the next one, so that no two lines
    of a table of up to 20 look alike."""
    return (seat + seat // len(COLOURS)) % len(DASHES)


def dash_of(seat: int) -> str:
    """Return the dash of a seat's line."""
    return DASHES[dash_index(seat)]


def marker_of(seat: int) -> str:
    """Return the marker of a seat's line: the four lines of a table of up to 20 that share a dash each take another
    marker, so that in black and white (no colour) no two lines look alike either."""
    return MARKERS[(seat // len(DASHES) + dash_index(seat)) % len(MARKERS)]


def colour_of(seat: int) -> str:
    """Return the colour of a seat's line."""
    return COLOURS[seat % len(COLOURS)]
