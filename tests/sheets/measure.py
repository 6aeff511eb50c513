"""Measure a sheet as WeasyPrint laid it out: the boxes of its grid's cells and the text in them, in mm."""
from __future__ import annotations

from dataclasses import dataclass

import pytest

MM = 25.4 / 96  # a CSS pixel


@dataclass(frozen=True)
class Cell:
    """One cell of a grid as printed: its size, the room inside its padding, and its widest line of text."""

    row: str        # the round's name at the head of its row ("Hole 3")
    width: float    # its border box, mm
    height: float
    room: float     # the width inside its padding, mm
    widest: float   # its widest line of text, mm
    spills: float   # how far its text runs past its border box, mm (0: none)
    text: str


@pytest.fixture
def laid_out(monkeypatch):
    """The documents the PDFs of this test were made from, as WeasyPrint laid them out: the one sent, for each."""
    from scorekeeper.web import pdf

    sent = []
    made = pdf.html_class()

    class Kept(made):
        def render(self, *args, **kwargs):
            document = super().render(*args, **kwargs)
            write = document.write_pdf

            def write_pdf(*a, **k):
                sent.append(document)
                return write(*a, **k)

            document.write_pdf = write_pdf
            return document

    monkeypatch.setattr(pdf, "html_class", lambda: Kept)
    return sent


def classes(box) -> set[str]:
    element = getattr(box, "element", None)
    return set((element.get("class") or "").split()) if element is not None else set()


def text_of(box) -> str:
    return getattr(box, "text", "") + "".join(text_of(child) for child in getattr(box, "children", ()))


def boxes_of(box, kind: str):
    """Yield the outermost boxes of WeasyPrint's class ``kind`` inside a box."""
    for child in getattr(box, "children", ()):
        if type(child).__name__ == kind:
            yield child
        else:
            yield from boxes_of(child, kind)


def lines_in(box):
    """Yield the line boxes inside a box."""
    return boxes_of(box, "LineBox")


def ink(box):
    """Yield the text boxes inside a box."""
    return boxes_of(box, "TextBox")


def round_cells(document, table_class: str = "filled") -> list[Cell]:
    """Return every players' cell in the rounds of the grids of class ``table_class`` (not the heading's names,
    not the totals under them)."""
    found: list[Cell] = []

    def walk(box, inside: bool, body: bool, row: str) -> None:
        tag = getattr(box, "element_tag", None)
        inside = inside or (tag == "table" and table_class in classes(box))
        body = body or (inside and tag == "tbody")
        name = type(box).__name__
        if inside and body and name == "TableRowBox":
            row = next((text_of(c).strip() for c in box.children if c.element_tag == "th"), "")
        if inside and body and name == "TableCellBox" and tag == "td":
            left, right = box.border_box_x(), box.border_box_x() + box.border_width()
            boxes = list(ink(box))
            widest = max((max(t.position_x + t.width for t in line_ink) - min(t.position_x for t in line_ink)
                          for line in lines_in(box) if (line_ink := list(ink(line)))), default=0)
            spills = max((max(left - t.position_x, t.position_x + t.width - right, 0) for t in boxes), default=0)
            found.append(Cell(row, box.border_width() * MM, box.border_height() * MM, box.width * MM,
                              widest * MM, spills * MM, text_of(box).strip()))
            return
        for child in getattr(box, "children", ()):
            walk(child, inside, body, row)

    for page in document.pages:
        walk(page._page_box, False, False, "")
    return found
