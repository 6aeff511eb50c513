"""The sheets' renderer: WeasyPrint with a leaner user-agent stylesheet, and its fallback to WeasyPrint's own."""
from __future__ import annotations

import pytest
import weasyprint
from weasyprint import html as wp_html

from scorekeeper.web import pdf
from tests.pdfs import pages_text, pdf_words

PAGE = "<h1>Golf</h1><ol><li>Deal four</li><li>Turn two</li></ol><table><tr><th>Ann</th><td>12</td></tr></table>"


@pytest.fixture
def fresh_class():
    """Let each test choose the renderer anew, and leave the usual one behind."""
    pdf.html_class.cache_clear()
    yield
    pdf.html_class.cache_clear()


def test_the_lean_ua_stylesheet_drops_only_the_rules_sheets_never_use():
    lean = pdf.lean_ua_text(wp_html.UA)
    assert lean is not None  # the installed WeasyPrint is the one this was written for
    assert "::footnote-call" not in lean and "::note-marker" not in lean
    assert "li::marker {" in lean and "\n::marker" not in lean
    assert "@top-left " not in lean and "@footnote " not in lean  # margin boxes: sheets.css styles the two it fills
    assert "@page {" in lean and "@counter-style decimal" in lean and "td, th" in lean  # everything else stays
    assert len(wp_html.UA) - len(lean) < 1800


def test_sheets_render_with_the_lean_ua_stylesheet_and_print_the_same(fresh_class):
    lean = pdf.html_class()
    assert lean is not weasyprint.HTML and issubclass(lean, weasyprint.HTML)
    sheets = lean(string=PAGE)._ua_stylesheets()
    assert wp_html.UA_STYLESHEET not in sheets and len(sheets) == 1
    assert pdf_words(pdf.render_pdf(lambda _: PAGE)) == pdf_words(weasyprint.HTML(string=PAGE).write_pdf())
    assert "1." in pdf_words(pdf.render_pdf(lambda _: PAGE))  # list items keep their markers


def test_an_unknown_ua_stylesheet_falls_back_to_weasyprints_own(fresh_class, monkeypatch):
    monkeypatch.setattr(wp_html, "UA", wp_html.UA.replace("::footnote-call", "::footnote-call-new"))
    assert pdf.html_class() is weasyprint.HTML
    assert "Deal four" in pdf_words(pdf.render_pdf(lambda _: PAGE))  # and sheets still render


def test_a_weasyprint_without_the_hook_falls_back_to_its_own_renderer(fresh_class, monkeypatch):
    monkeypatch.delattr(weasyprint.HTML, "_ua_stylesheets")
    assert pdf.html_class() is weasyprint.HTML


def test_a_weasyprint_whose_ua_stylesheet_moved_falls_back(fresh_class, monkeypatch):
    monkeypatch.delattr(wp_html, "UA_STYLESHEET")
    assert pdf.html_class() is weasyprint.HTML


def test_a_sheet_far_past_one_page_is_sent_at_its_first_try():
    tries = []

    def long_sheet(squeeze: int) -> str:
        tries.append(squeeze)
        return "".join(f"<p>Round {n}</p>" for n in range(400))

    data = pdf.render_pdf(long_sheet, one_page=True, tries=4)
    assert tries == [0] and len(pages_text(data)) >= pdf.BEYOND_SQUEEZING
