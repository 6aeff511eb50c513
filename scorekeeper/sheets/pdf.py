"""Turn a sheet's HTML into PDF bytes with WeasyPrint: the one place that does."""
from __future__ import annotations

from collections.abc import Callable
from functools import cache
from pathlib import Path

STYLESHEET = Path(__file__).resolve().parents[2] / "static" / "css" / "sheets.css"


@cache
def _stylesheet():
    """Parse the sheets' stylesheet and set up fonts once per process (most of a render's fixed cost)."""
    from weasyprint import CSS
    from weasyprint.text.fonts import FontConfiguration

    fonts = FontConfiguration()
    return CSS(filename=str(STYLESHEET), font_config=fonts), fonts


SQUEEZES = 3  # tries at fitting a one-page sheet, each with less room per row


def render_pdf(html: Callable[[int], str], one_page: bool = False) -> bytes:
    """Render a sheet's HTML (already escaped by Jinja) to PDF bytes.

    ``html(squeeze)`` makes the page; a sheet that must fit one page and spills over is made again,
    squeezed a step more (the layout's estimate of its height is close, not exact).
    """
    from weasyprint import HTML  # imported late: only the sheets need it

    css, fonts = _stylesheet()
    for squeeze in range(SQUEEZES):
        document = HTML(string=html(squeeze)).render(stylesheets=[css], font_config=fonts)
        if not one_page or len(document.pages) == 1:
            break
    return document.write_pdf()
