"""Turn a sheet's HTML into PDF bytes with WeasyPrint: the one place that does."""
from __future__ import annotations

import logging
import re
from collections.abc import Callable
from functools import cache
from pathlib import Path

STYLESHEET = Path(__file__).resolve().parents[2] / "static" / "css" / "sheets.css"
log = logging.getLogger(__name__)


@cache
def _stylesheet():
    """Parse the sheets' stylesheet and set up fonts once per process (most of a render's fixed cost)."""
    from weasyprint import CSS
    from weasyprint.text.fonts import FontConfiguration

    fonts = FontConfiguration()
    return CSS(filename=str(STYLESHEET), font_config=fonts), fonts


# WeasyPrint's user-agent stylesheet gives *every* element a ::marker and five footnote and note
# pseudo-elements, whose styles it then computes for each element of a sheet, and styles all sixteen page
# margin boxes and the footnote and note areas, each then computed for every page. Sheets have no footnotes
# or notes, only list items draw markers, and sheets.css styles the two margin boxes it fills: our renders
# drop those rules from the UA stylesheet.
UNUSED_UA_RULES = re.compile(r"^::(?:footnote|note)-[a-z]+ \{[^}\n]*\}\n", re.M)
UNUSED_UA_COUNT = 5  # ::footnote-call, ::footnote-marker, ::note-call, ::note-marker, ::note-callback
UNUSED_PAGE_RULES = re.compile(r"^ +@(?:(?:top|bottom|left|right)-[a-z-]+|footnote|note-area) +\{[^}\n]*\}\n", re.M)
UNUSED_PAGE_COUNT = 18  # the sixteen margin boxes, @footnote, @note-area
UA_MARKER = re.compile(r"^::marker \{", re.M)


def lean_ua_text(text: str) -> str | None:
    """Return WeasyPrint's UA stylesheet without the rules sheets never use, or None if it is not the one known."""
    text, removed = UNUSED_UA_RULES.subn("", text)
    text, page_rules = UNUSED_PAGE_RULES.subn("", text)
    text, scoped = UA_MARKER.subn("li::marker {", text)
    return text if (removed, page_rules, scoped) == (UNUSED_UA_COUNT, UNUSED_PAGE_COUNT, 1) else None


@cache
def html_class():
    """Return WeasyPrint's ``HTML`` with the lean UA stylesheet, or ``HTML`` itself where that cannot be done safely.

    There is no public way to pass a UA stylesheet: this overrides ``HTML._ua_stylesheets``, the hook
    WeasyPrint's own test suite uses for its lighter UA stylesheet, and swaps only the default HTML stylesheet.
    A WeasyPrint whose hook, constants or stylesheet text differ from what this knows renders with its own UA
    stylesheet, as a bare ``HTML`` would (slower, same sheet).
    """
    from weasyprint import CSS, HTML

    try:
        from weasyprint import html as wp_html
        from weasyprint.css.counters import CounterStyle

        default, lean = wp_html.UA_STYLESHEET, lean_ua_text(wp_html.UA)
        if lean is None or default not in HTML._ua_stylesheets(HTML(string="")):
            raise LookupError("not the UA stylesheet hook this was written for")
        # its @counter-style rules go to a throwaway registry: renders take theirs from _ua_counter_style()
        lean_sheet = CSS(string=lean, counter_style=CounterStyle())
    except Exception as exc:  # noqa: BLE001  any surprise: WeasyPrint's own UA stylesheet
        log.info("Sheets render with WeasyPrint's default UA stylesheet (%s)", exc)
        return HTML

    class LeanHTML(HTML):
        """HTML whose default UA stylesheet is the lean one (any other UA stylesheet, e.g. for forms, is kept)."""

        def _ua_stylesheets(self, *args, **kwargs):
            return [lean_sheet if sheet is default else sheet for sheet in super()._ua_stylesheets(*args, **kwargs)]

    return LeanHTML


SQUEEZES = 3  # tries at fitting a one-page sheet, each with less room per row
BEYOND_SQUEEZING = 5  # pages at its first try from which a sheet is sent as it is: squeezing would save little


def render_pdf(html: Callable[[int], str], one_page: bool = False, tries: int = SQUEEZES) -> bytes:
    """Render a sheet's HTML (already escaped by Jinja) to PDF bytes.

    ``html(squeeze)`` makes the page; a sheet that must fit one page and spills over is made again,
    squeezed a step more (the layout's estimate of its height is close, not exact). One that never fits is sent
    in the fewest pages, squeezed no more than that needs: a long game keeps rows a pen can read. One far past a
    page (``BEYOND_SQUEEZING``) is sent at its first try: each try of a long game's sheet costs seconds.
    """
    css, fonts = _stylesheet()
    document_class = html_class()
    made = []
    for squeeze in range(tries):
        document = document_class(string=html(squeeze)).render(stylesheets=[css], font_config=fonts)
        if not one_page or len(document.pages) == 1 or (squeeze == 0 and len(document.pages) >= BEYOND_SQUEEZING):
            break
        made.append(document)
    else:
        document = min(made, key=lambda made_one: len(made_one.pages))  # the first of the fewest pages
    return document.write_pdf()
