"""A player's form over time as SVG drawn on the server (as the sheets' charts are): their place in each game.

No script and no inline styles (the Content-Security-Policy allows neither): presentation attributes only.
"""
from __future__ import annotations

from collections.abc import Sequence

from flask_babel import gettext as _
from markupsafe import escape

from ..play.charts import COLOURS
from ..web.templating import day
from ..play.stats import FormPoint

WIDTH, HEIGHT, LEFT, TOP, BOTTOM = 340, 150, 34, 12, 26


def form_chart(points: Sequence[FormPoint], colour: str | None = None) -> str:
    """Draw a player's places game after game (1st at the top); a win is a larger filled mark."""
    title = escape(_("Place in each game, oldest to newest"))
    if not points:
        return ""
    colour = colour or COLOURS[0]
    most = max(max(p.players for p in points), 2)
    step = (WIDTH - LEFT - 10) / max(len(points) - 1, 1)
    high = HEIGHT - TOP - BOTTOM

    def x(i: int) -> float:
        return LEFT + i * step if len(points) > 1 else LEFT + (WIDTH - LEFT - 10) / 2

    def y(place: int) -> float:
        return TOP + (place - 1) * high / (most - 1)

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
             f'aria-label="{title}" class="form-chart"><title>{title}</title>']
    for place in range(1, most + 1):
        parts.append(f'<line x1="{LEFT}" x2="{WIDTH - 6}" y1="{y(place):.1f}" y2="{y(place):.1f}" '
                     f'stroke="#8884" stroke-width="0.6"/><text x="{LEFT - 6}" y="{y(place) + 4:.1f}" '
                     f'text-anchor="end" font-size="11" fill="currentColor">{place}</text>')
    line = " ".join(f"{x(i):.1f},{y(p.place):.1f}" for i, p in enumerate(points))
    parts.append(f'<polyline points="{line}" fill="none" stroke="{escape(colour)}" stroke-width="2"/>')
    for i, p in enumerate(points):
        radius = 5 if p.won else 3
        label = escape(_("%(date)s: place %(place)s of %(n)s", date=day(p.played), place=p.place,
                         n=p.players))
        parts.append(f'<circle cx="{x(i):.1f}" cy="{y(p.place):.1f}" r="{radius}" fill="{escape(colour)}" '
                     f'stroke="#fff" stroke-width="1"><title>{label}</title></circle>')
    first, last = day(points[0].played), day(points[-1].played)
    dates = [((LEFT + WIDTH - 6) / 2, "middle", first)] if first == last \
        else [(LEFT, "start", first), (WIDTH - 6, "end", last)]  # every game on one day: its date once
    for at, anchor, text in dates:
        parts.append(f'<text x="{at:.1f}" y="{HEIGHT - 6}" font-size="11" text-anchor="{anchor}" '
                     f'fill="currentColor">{escape(text)}</text>')
    return "".join(parts) + "</svg>"
