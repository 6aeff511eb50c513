"""Read back a PDF the app sent as a reader would: its pages, each page's size and its words.

PDFium (through pypdfium2) reads the same words as pypdf did, in the same order, at about a twentieth of the CPU:
reading the PDFs back was a fifth of what the sheet tests cost.
"""
from __future__ import annotations

from dataclasses import dataclass

import pypdfium2 as pdfium


@dataclass(frozen=True)
class Page:
    """One page as printed: its size in points (72 to the inch) and its text, line by line as laid out."""

    width: float
    height: float
    text: str


def read_pdf(data: bytes) -> list[Page]:
    """Return the pages of a PDF."""
    document = pdfium.PdfDocument(data)
    try:
        pages = []
        for page in document:
            width, height = page.get_size()
            text = page.get_textpage()
            pages.append(Page(width, height, text.get_text_bounded().replace("\r\n", "\n")))
            text.close()
            page.close()
        return pages
    finally:
        document.close()


def pages_text(data: bytes) -> list[str]:
    """Return the text of each page of a PDF."""
    return [page.text for page in read_pdf(data)]


def pdf_words(data: bytes) -> str:
    """Return the text of a whole PDF, its pages one after the other."""
    return " ".join(pages_text(data))
