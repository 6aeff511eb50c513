"""Fit a sheet to its paper: the orientation, the row heights, the order of the players, what templates read."""
from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any

from flask_babel import lazy_gettext as _l
from markupsafe import Markup, escape

from ..readmodel import TableView
from ..rules.base import GameSpec, Table
from ..rules.paper import Layout, Plan, at_a_glance

PORTRAIT_COLUMNS = 10  # player columns that still leave room to write on a portrait page
PAGE_MM = {  # the height left for the sheet inside the page margins, in mm
    "a4-portrait": 273, "a4-landscape": 188, "letter-portrait": 255, "letter-landscape": 194,
}
WRITE_MM = (5.6, 11.0)  # a spare row a pen writes in comfortably, and the most a row needs
LEAST_MM = 4.8          # the smallest row still worth writing in
MOST_ON_A_PAGE = 10     # players a sheet promises to fit on one page
MIN_OPEN_ROWS = 12      # spare rows a sheet always has: a game of Garbage is at least 11 hands
LINE_MM = 4.2           # one line of a key or a note
TRACKER_MM = 11         # a player's line of places to strike out
SQUEEZE_MM = 12         # room given back per try when a sheet spilled onto a second page
LONG_KEY = 5            # a key of more lines than this runs in two columns
HEAD_MM = 24            # the heading, the date and place lines
LONG_NAME = 14          # a name longer than this prints small (6.5 pt) at the head of its column or row
NAME_COLUMN_MM = 40.4   # the width a name wraps in, in a row of places to strike out (42.6 mm less its padding)
NAME_CHAR_MM = 2.6      # the widest letter of a name at 8.5 pt (an M; most letters are narrower); 6.5 pt: less
NAME_LINE_MM = 3.75     # a line of a name at 8.5 pt; 6.5 pt: less


@dataclass(frozen=True)
class Fit:
    """How the rows of one sheet fill its page."""

    row_mm: float
    tracker_mm: float
    wide_labels: bool
    one_page: bool = True  # whether the sheet is meant to fit one page


def orientation(plan: Plan, players: int, filled: bool) -> str:
    """Choose portrait or landscape so every player's columns fit with room to write."""
    per_player = 1 if filled else len(plan.columns)
    if plan.layout is not Layout.BLOCKS and plan.rows and plan.per_player and players * per_player > PORTRAIT_COLUMNS:
        return "landscape"
    return "portrait"


def key_lines(key) -> int:
    """Return the printed lines of a key (a long key runs in two columns)."""
    return -(-len(key.lines) // 2) if len(key.lines) > LONG_KEY else len(key.lines)


def name_mm(name: str) -> float:
    """Estimate the height a name takes in the name column of a row of places to strike out (a long name wraps)."""
    scale = 6.5 / 8.5 if len(name) > LONG_NAME else 1
    per_line = max(1, int(NAME_COLUMN_MM // (NAME_CHAR_MM * scale)))
    return -(-max(len(name), 1) // per_line) * NAME_LINE_MM * scale + 1.6  # its lines, the cell's padding and borders


def fixed_mm(plan: Plan, players: int, names: Sequence[str] = ()) -> float:
    """Estimate the height of everything on a blank sheet but its writing rows (``names``: the players' names)."""
    height = HEAD_MM + 8  # the heading, and the options line at the foot
    if plan.keys:
        rows_of_keys = -(-len(plan.keys) // 3)
        height += rows_of_keys * (8 + LINE_MM * max(key_lines(k) for k in plan.keys))
    height += LINE_MM * len(plan.notes) + 3
    if plan.rows:
        height += 10 + (5 if len(plan.columns) > 1 else 0) + (5 if plan.seat_order else 0)
    if plan.tokens:
        row = TRACKER_MM if plan.layout is Layout.TRACKER else 8
        seats = list(names)[:players] + [""] * (players - len(names))
        height += 12 + sum(max(row, name_mm(name)) for name in seats)  # a long name makes its row taller
    if plan.pot_boxes:
        height += 12 + 6 * -(-plan.pot_boxes // 30)
    if plan.layout is Layout.BLOCKS:
        height += 6 * len(plan.rows)  # a heading line per block
    return height


def fit(plan: Plan, players: int, page: str, squeeze: int = 0, names: Sequence[str] = ()) -> tuple[Plan, Fit]:
    """Size the rows to fill one page; open (spare) rows are cut to those that fit with room to write.

    Each step of ``squeeze`` leaves a little more room, for a page the estimate let spill over.
    """
    free = PAGE_MM[page] - fixed_mm(plan, players, names) - SQUEEZE_MM * squeeze
    lines = len(plan.block_lines) if plan.layout is Layout.BLOCKS else 1
    extra = int(plan.total_row) + len(plan.footer)
    if plan.open_rows:
        fits = int(free // WRITE_MM[0]) - extra
        plan = dataclasses.replace(plan, rows=plan.rows[:max(MIN_OPEN_ROWS, fits)])
    count = len(plan.rows) * lines + extra
    if count and free / count < LEAST_MM:  # cannot fit one page with room to write: rows to write in, more pages
        return plan, Fit(WRITE_MM[0], TRACKER_MM, any(r.detail for r in plan.rows), one_page=False)
    row = max(min(free / count, WRITE_MM[1]), LEAST_MM) if count else WRITE_MM[1]
    tracker = TRACKER_MM
    if not plan.rows:  # nothing else to write on: the trackers share the page
        tracker = min(TRACKER_MM + free / max(players, 1), 18)
    return plan, Fit(round(row, 2), round(tracker, 2), any(r.detail for r in plan.rows), one_page=players <= MOST_ON_A_PAGE)


def sheet_context(spec: GameSpec, table: Table, plan: Plan, paper: str, view: TableView | None,
                  squeeze: int = 0, card: bool = False) -> dict[str, Any]:
    """Return what a sheet template reads: the plan fitted to the page, the players in order, the chart.

    A rules card (``card``) reads down the page whatever the players: always portrait.
    """
    order = list(plan.seat_order) or list(range(table.n))
    page = f"{paper}-{'portrait' if card else orientation(plan, table.n, view is not None)}"
    plan, sizes = fit(plan, table.n, page, squeeze, [name or "" for name in table.players])
    return {
        "spec": spec, "table": table, "plan": plan, "fit": sizes, "view": view, "order": order, "page": page,
        "options": [(label, words) for (label, words), option in zip(spec.describe_options(table.options, table.players),
                                                                     spec.options)
                    if any(table.players) or option.name != "first_dealer"],  # no names: nobody to deal first
        "today": date.today(),
        "extra_columns": extra_columns, "long_key": LONG_KEY, "long_name": LONG_NAME, "glance": at_a_glance(spec.key),
    }


EXTRAS = {  # the standings values a filled sheet prints, in this order, and their column headings
    "goal": _l("Goal"), "goals_made": _l("Goals made"), "layout": _l("Layout"), "lives": _l("Lives"),
    "quarters": _l("Quarters"), "hands_won": _l("Hands won"), "bonus": _l("Bonus"),
}


def extra_columns(view: TableView) -> list[tuple[str, str]]:
    """Return the game's own standings values to print as columns (name, heading)."""
    present = {name for s in view.seats for name, value in s.extras.items() if value is not None}
    return [(name, str(label)) for name, label in EXTRAS.items() if name in present]


FSI, PDI = Markup("\u2068"), Markup("\u2069")  # first strong isolate ... pop directional isolate


def isolate(name: str) -> Markup:
    """Escape a name and isolate it from the text around it, as ``<bdi>`` does, without an element.

    A right-to-left name then reads right, and takes no commas or numbers beside it into its run; the
    marks are invisible in print and in the PDF's text. Each element costs render time; these cost none.
    """
    return FSI + escape(name) + PDI
