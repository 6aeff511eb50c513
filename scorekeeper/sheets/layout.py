"""Fit a sheet to its paper: the orientation, the row heights, the order of the players, what templates read."""
from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from markupsafe import Markup

from ..play.charts import HEADLINES, running_chart, swatch
from ..web.i18n import card_letters, minus, money, tr
from ..web.templating import game_title
from ..play.tables import TableView
from .. import rules as registry
from ..rules.paper import Jar, Layout, Plan, numbered
from ..rules.spec import GameSpec, Table

PORTRAIT_COLUMNS = 10  # player columns that still leave room to write on a portrait page
PAGE_MM = {  # the height left for the sheet inside the page margins, in mm
    "a4-portrait": 273, "a4-landscape": 188, "letter-portrait": 255, "letter-landscape": 194,
}
WRITE_MM = (6.0, 11.0)  # a spare row a pen writes in comfortably, and the most a row needs
LEAST_MM = 6.0          # the smallest row still worth writing in: a sheet that needs less runs onto more pages
SCORE_MM = 8.0          # the narrowest box a score of three digits is written in
LEAST_OPEN_ROWS = 6     # spare rows a sheet always has; a longer game numbers on over the page
LINE_MM = 4.2           # one line of a key or a note
TRACKER_MM = 11         # a player's line of places to strike out
TRACKER_LEAST_MM = 7.5  # ...at the least, with 20 players on a page: room still for a pen to strike a circle out
SQUEEZE_MM = 12         # room given back per try when a sheet spilled onto a second page
LONG_KEY = 5            # a key of more lines than this runs in two columns
HEAD_MM = 17.2          # the heading, the date and place lines, with a line under the name of what it says
HEAD_LINE_MM = 3.8      # each further line of what the heading says (a long French summary wraps)
HEAD_CHARS_MM = 0.62    # letters of that line per mm beside the date and place (46 mm and their gap)
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
    copies: int = 1        # the grids a page holds, one a game (a short game's page: the next games' too)


def orientation(plan: Plan, players: int, filled: bool) -> str:
    """Choose portrait or landscape so every player's columns fit with room to write."""
    per_player = 1 if filled else len(plan.columns)
    if plan.layout is not Layout.BLOCKS and plan.rows and plan.per_player and players * per_player > PORTRAIT_COLUMNS:
        return "landscape"
    return "portrait"


def blank_page(plan: Plan, players: int, paper: str, names: Sequence[str] = ()) -> str:
    """Choose a blank sheet's page: landscape for many columns, but portrait for a grid too long for a landscape page
    whose columns still hold the game's widest score down the page (the quarters game at twelve: two pages, not
    three)."""
    turned = orientation(plan, players, False)
    if turned == "portrait" or fit(plan, players, f"{paper}-landscape", names=names)[1].one_page:
        return f"{paper}-{turned}"
    upright = f"{paper}-portrait"
    return upright if score_box_mm(plan, players, upright) >= score_mm(plan) else f"{paper}-{turned}"


def score_mm(plan: Plan) -> float:
    """Return the narrowest box the widest score of the game is written in (three digits: ``SCORE_MM``)."""
    return max(LEAST_MM, SCORE_MM * plan.score_chars / 3)


FOOTER_CHARS = 22      # letters of a footer line's label on one line of its (wide) column
VALUE_CHARS = 24       # letters of a value on one line of a key, a third of the page wide
SHORT_VALUE = 14       # a long key runs in two columns only when every value is this short


def paired(key) -> bool:
    """Say whether a key runs in two columns: a long key of short values (a value in words needs the width)."""
    return len(key.lines) > LONG_KEY and all(len(tr(value)) <= SHORT_VALUE for _, value in key.lines)


def key_lines(key, chars: int = VALUE_CHARS) -> int:
    """Return the printed lines of a key (a long key of short values runs in two columns); ``chars``: the letters of
    a value on one line, for the key's width."""
    if paired(key):
        return -(-len(key.lines) // 2)
    return sum(max(1, -(-len(tr(value)) // chars)) for _, value in key.lines)  # a value in words wraps


def value_chars(page: str, keys: int) -> int:
    """Return the letters of a key's value on one line: VALUE_CHARS where a key is a third of a portrait page wide,
    more where it has more room (two keys across a landscape page)."""
    across = min(max(keys, 1), 3)
    return max(VALUE_CHARS, int(VALUE_CHARS * (PAGE_WIDTH_MM[page] / across) / (PAGE_WIDTH_MM["a4-portrait"] / 3)))


PAGE_WIDTH_MM = {"a4-portrait": 188, "a4-landscape": 275, "letter-portrait": 193.9, "letter-landscape": 257.4}
NAME_SIZES = (("", 8.5), (" long", 6.5), (" tiny", 5.5))  # a name's class at the head of its column, and its points
PT_MM = 0.3528
PARTS = re.compile(r"\s+|(?<=-)")  # where a name may break: at a space, and after a hyphen


def word_em(word: str) -> float:
    """Estimate the width of a word in bold type, in ems (capitals and wide scripts count more)."""
    return sum(1.0 if ord(c) > 0x2E80 else 0.86 if c.isupper() else 0.64 for c in word)


def column_mm(page: str, seats: int, label_mm: float = 21.6) -> float:
    """Return the width a player's name has at the head of their column, inside its padding."""
    return (PAGE_WIDTH_MM[page] - label_mm) / max(seats, 1) - 2


def name_class(name: str, width_mm: float) -> str:
    """Choose the type size that fits a name's longest word in its cell: names break at spaces, never mid-word
    (only a word too long for the smallest size breaks inside, at a syllable, with a hyphen)."""
    widest = max((word_em(word) for word in PARTS.split(name) if word), default=0)  # "Marie-" "Christine"
    for cls, points in NAME_SIZES:
        if widest * points * PT_MM <= width_mm:
            return cls
    return " tiny breaks"


def name_mm(name: str) -> float:
    """Estimate the height a name takes in the name column of a row of places to strike out (a long name wraps)."""
    scale = 6.5 / 8.5 if len(name) > LONG_NAME else 1
    per_line = max(1, int(NAME_COLUMN_MM // (NAME_CHAR_MM * scale)))
    return -(-max(len(name), 1) // per_line) * NAME_LINE_MM * scale + 1.6  # its lines, the cell's padding and borders


def head_mm(chars: int, page: str) -> float:
    """Estimate the height of the heading whose line under the name holds ``chars`` letters."""
    per_line = int((PAGE_WIDTH_MM[page] - 52) * HEAD_CHARS_MM)
    return HEAD_MM + HEAD_LINE_MM * max(0, -(-chars // per_line) - 1)


def fixed_mm(plan: Plan, players: int, names: Sequence[str] = (), page: str = "a4-portrait", heading: int = 0) -> float:
    """Estimate the height of everything on a blank sheet but its writing rows (``names``: the players' names;
    ``heading``: the letters under the heading)."""
    height = head_mm(heading, page) + 8  # the heading, and the options line at the foot
    if plan.keys:
        rows_of_keys = -(-len(plan.keys) // 3)
        chars = value_chars(page, len(plan.keys))
        height += rows_of_keys * (8 + LINE_MM * max(key_lines(k, chars) for k in plan.keys))
    height += LINE_MM * len(plan.notes) + 1.5
    if is_log(plan):
        height += 12  # its heading
    elif plan.rows:
        height += 10 + (5 if len(plan.columns) > 1 else 0) + (5 if plan.seat_order else 0)
        height += 4.5 if plan.open_rows else 0  # "A longer game goes on over the page"
        height += sum(3.6 * (-(-len(tr(line)) // FOOTER_CHARS) - 1) for line in plan.footer)  # a footer line wraps
    if plan.tokens:
        # under a grid, a line of boxes: 6.9 mm measured, 8 with room for a wrapped name and a key that wraps more
        # than its estimate on a portrait page; three players a line across a landscape page leave no room to spare
        across = plan.layout is not Layout.TRACKER and trackers_per_line(players, page) == 3
        row = tracker_mm(plan, players) if plan.layout is Layout.TRACKER else 7 if across else 8
        seats = list(names)[:players] + [""] * (players - len(names))
        if plan.layout is not Layout.TRACKER:  # several players a line at a big table
            k = trackers_per_line(players, page)
            seats = [max(seats[i:i + k], key=name_mm) for i in range(0, len(seats), k)]
        height += (10 if across else 12) + sum(max(row, name_mm(name)) for name in seats)  # its heading, its lines
    if plan.pot_boxes:
        height += 12 + 6 * -(-plan.pot_boxes // 30)
    if plan.layout is Layout.BLOCKS:
        height += 7 * len(plan.rows)  # a heading line per block, and its borders
    return height


def trackers_per_line(players: int, page: str) -> int:
    """Return the players a line of the places to strike out under a grid holds: one, two at a big table, three
    across a landscape page (twelve players of the quarters game: four lines, not six)."""
    if players <= 6:
        return 1
    return 3 if page.endswith("landscape") else 2


LOG_MM = 9.5   # a line of the deal log's boxes: a deal number and room for initials
LOG_MOST = 10  # lines of the deal log at most: 60 deals in portrait, twice a long game's 28
LOG_LEAST = 3  # lines of the deal log a sheet always has
LOG_COLUMNS = {"portrait": 6, "landscape": 9}


def tracker_mm(plan: Plan, players: int) -> float:
    """Return a player's line of places to strike out: tighter at a big table whose deal log needs the room."""
    return TRACKER_MM - 2 if is_log(plan) and players > 6 else TRACKER_MM


def wide_labels(plan: Plan) -> bool:
    """Say whether the rows' labels need a wider column: rows with details, or a footer of lines in words."""
    return any(r.detail for r in plan.rows) or bool(plan.footer) or plan.layout is Layout.BLOCKS


def is_log(plan: Plan) -> bool:
    """Say whether a sheet logs its rounds once for the table (who won each deal of Trash), not per player."""
    return bool(plan.rows) and not plan.per_player


def log_columns(page: str) -> int:
    """Return the boxes on a line of the deal log."""
    return LOG_COLUMNS[page.split("-")[1]]


SMALL_PRINT_CHARS_MM = 0.62  # letters of the options line per mm of the page's width
SMALL_PRINT_LINE_MM = 3.4


def small_print_mm(chars: int, page: str) -> float:
    """Return the height the options line takes beyond its first line (the first is in every sheet's estimate)."""
    lines = -(-chars // int(PAGE_WIDTH_MM[page] * SMALL_PRINT_CHARS_MM)) if chars else 1
    return SMALL_PRINT_LINE_MM * max(0, lines - 1)


def fit(plan: Plan, players: int, page: str, squeeze: int = 0, names: Sequence[str] = (),
        small_print: int = 0, heading: int = 0) -> tuple[Plan, Fit]:
    """Size the rows to fill one page; open (spare) rows are cut to those that fit with room to write.

    Each step of ``squeeze`` leaves a little more room, for a page the estimate let spill over.
    """
    free = PAGE_MM[page] - fixed_mm(plan, players, names, page, heading) - SQUEEZE_MM * squeeze - small_print_mm(small_print, page)
    lines = len(plan.block_lines) if plan.layout is Layout.BLOCKS else 1
    extra = int(plan.total_row) + len(plan.footer)
    if is_log(plan):  # who won each deal: a grid of numbered boxes, as many as the page holds (a long game: the back)
        columns = log_columns(page)
        needed = LOG_MOST if plan.open_rows else -(-len(plan.rows) // columns)
        lines = max(LOG_LEAST, min(int(free // LOG_MM), needed))
        rows = plan.rows if not plan.open_rows else numbered(lines * columns)
        return dataclasses.replace(plan, rows=rows), Fit(LOG_MM, tracker_mm(plan, players), False)
    if plan.open_rows:  # as many rows as the page holds at a pen's height; a longer game goes on over the page
        fits = int(free // WRITE_MM[0]) - extra
        plan = dataclasses.replace(plan, rows=plan.rows[:max(LEAST_OPEN_ROWS, fits)])
    count = len(plan.rows) * lines + extra
    # cannot fit one page with room to write: rows to write in, more pages (a squeeze that reaches the smallest row
    # keeps that row, and the page)
    if count and (free + SQUEEZE_MM * squeeze) / count < LEAST_MM:
        return plan, Fit(WRITE_MM[0], TRACKER_MM, wide_labels(plan), one_page=False)
    row = max(min(free / count, WRITE_MM[1]), LEAST_MM) if count else WRITE_MM[1]
    copies = grids_on_a_page(plan, free, count)
    if copies > 1:
        row = min((free - GAME_MM * copies) / (count * copies), WRITE_MM[1])
    tracker = TRACKER_MM
    if not plan.rows:  # nothing else to write on: the trackers share the page, closer together at a big table
        tracker = max(min(TRACKER_MM + free / max(players, 1), 18), TRACKER_LEAST_MM)
    # the estimate says it fits: a page that spills all the same (a key alone on a second page) is made again, tighter
    return plan, Fit(round(row, 2), round(tracker, 2), wide_labels(plan), one_page=True, copies=copies)


GAME_MM = 19        # a game's grid beyond its rows: its heading ("Game 2") and its row of names
AGAIN_ROW_MM = 7.0  # the least row of a grid printed again for the next game: roomier than a long game's 6 mm (nine holes
#                   on Letter: two grids of 7.5 mm rows, not one of 11 mm and a third of the page empty)
MOST_GRIDS = 3


def grids_on_a_page(plan: Plan, free: float, count: int) -> int:
    """Return how many games' grids a page of a short game holds (nine holes: two, each row still 7 mm or more), so a
    sheet is not half empty; one for any other sheet."""
    if not plan.repeats or not count or plan.layout is not Layout.GRID:
        return 1
    fits = [k for k in range(2, MOST_GRIDS + 1) if (free - GAME_MM * k) / (count * k) >= AGAIN_ROW_MM]
    return max(fits, default=1)


def score_box_mm(plan: Plan, players: int, page: str) -> float:
    """Return the width of a box a player writes a score in, on a blank sheet's grid."""
    if plan.layout is Layout.BLOCKS or not plan.per_player:
        return column_mm(page, players, 35.6)
    return column_mm(page, players, 35.6 if wide_labels(plan) else 21.6) / max(len(plan.columns), 1)


def writable(plan: Plan, players: int, page: str) -> Plan:
    """Leave out the running-total column at a big table, where it would leave the score boxes too narrow to write
    a score in (any game at 20 players): each player's one box is their score, with a total row under them all."""
    if len(plan.columns) > 1 and plan.rows and plan.per_player and not plan.footer_split \
            and score_box_mm(plan, players, page) < score_mm(plan):
        return dataclasses.replace(plan, columns=plan.columns[:1], total_row=True)
    return plan


def sheet_context(spec: GameSpec, table: Table, plan: Plan, paper: str, view: TableView | None,
                  squeeze: int = 0, card: bool = False) -> dict[str, Any]:
    """Return what a sheet template reads: the plan fitted to the page, the players in order, the chart.

    A rules card (``card``) reads down the page whatever the players: always portrait.
    """
    rules = registry.get(spec.key)
    order = list(plan.seat_order) or list(range(table.n))
    names = [name or "" for name in table.players]
    page = f"{paper}-portrait" if card else f"{paper}-{orientation(plan, table.n, True)}" if view \
        else blank_page(plan, table.n, paper, names)
    options = options_in_force(spec, table, plan.shows)
    small_print = sum(len(tr(label)) + len(tr(words)) + 5 for label, words in options)
    # what the heading says under the name, chosen here once: the players of a game, the game in a line on a blank
    # sheet (the templates print it; the fit counts its lines)
    under = ", ".join(view.players) if view and not card \
        else tr(plan.summary) if plan.summary else _(spec.summary) if spec.summary else ""
    heading = len(under)
    if view is None and not card:
        plan = writable(plan, table.n, page)
    plan, sizes = fit(plan, table.n, page, squeeze, names, small_print, heading)
    return {
        "spec": spec, "table": table, "plan": plan, "fit": sizes, "view": view, "order": order, "page": page,
        "heading": tr(plan.title) if plan.title and not view else game_title(spec.key, table.options),
        "under_heading": under,
        "seats_in_order": [next(s for s in view.seats if s.seat == seat) for seat in order] if view else [],
        "options": options,
        "today": date.today(),
        "extra_columns": extra_columns, "added_up": added_up, "standings_across": standings_across, "rounds_halves": rounds_halves, "paired": paired, "squeeze": squeeze, "filled_chart": filled_chart, "swatch": swatch,
        "jar_of": jar_of, "cell_notes": cell_notes, "knocked": KNOCKED, "knockers": knockers, "log_columns": log_columns, "minus": minus, "card_letters": card_letters, "money": money, "rounds_heading": ROUNDS_HEADING, "name_class": name_class, "column_mm": column_mm, "trackers_per_line": trackers_per_line, "glance": rules.glance(table),
        "variants": rules.variants(),
        "legend": rules.legend(table),
    }


def options_in_force(spec: GameSpec, table: Table, shown: frozenset[str] = frozenset()) -> list[tuple[Any, Any]]:
    """Return the house rules a sheet lists: only those in force (no "Play to a target: —", no "Win at: 0", no
    "One-eyed jacks are wild: no", no "Knocker lowest: scores as usual" or "Equal cards cancel: never"), none the
    sheet's keys state already (``shown``), and who deals first only when there are names to deal."""
    listed = []
    for (label, words), option in zip(spec.describe_options(table.options, table.players), spec.options):
        value = getattr(table.options, option.name, None)
        if option.name in shown or (option.name == "first_dealer" and not any(table.players)):
            continue
        if value is None or value is False or (type(value) is int and value == 0 and option.name != "first_dealer") \
                or (isinstance(value, Mapping) and not value) or getattr(value, "value", None) == "none":
            continue  # a rule switched off is no house rule (Golf's knocking and pairing choices of "none")
        listed.append((label, words))
    return listed


ROUNDS_HEADING = {"Hole": _l("Holes"), "Hand": _l("Hands"), "Deal": _l("Deals")}  # one round word per game


EXTRAS = {  # the standings values a filled sheet prints, in this order, and their column headings
    "goal": _l("Goal"), "goals_made": _l("Goals made"), "layout": _l("Layout"), "lives": _l("Lives"),
    "quarters": _l("Quarters"), "hands_won": _l("Hands won"), "bonus": _l("Bonus"),
}


ACROSS_FROM = 7  # players from whom a filled sheet's placings run in columns side by side


def standings_across(view: TableView, extras: Sequence[tuple[str, str]], page: str) -> int:
    """Return the columns a filled sheet's placings run in: one for a small table or a wide row (a Trash layout),
    two for a big table, three across a landscape page at more than twelve."""
    if len(view.seats) < ACROSS_FROM or any(name == "layout" for name, _ in extras):
        return 1
    return 3 if page.endswith("landscape") and len(view.seats) > 12 else 2


HALVES_FROM = 16  # rounds from which a squeezed filled sheet of few players runs its rounds in two halves
HALVES_MOST = 60  # ...and to which: a half is never longer than a page (a table in a cell does not break)
HALVES_SEATS = 4  # ...players at most, on a portrait page


def rounds_halves(view: TableView, page: str, squeeze: int, wide: bool) -> int:
    """Return the parts a filled sheet's rounds run in side by side: two for a long game of few players on a portrait
    page that did not fit one page as it was (Trash's 35 deals), else one."""
    if squeeze >= 1 and page.endswith("portrait") and len(view.players) <= HALVES_SEATS and not wide \
            and HALVES_FROM <= len(view.rounds) <= HALVES_MOST:
        return 2
    return 1


def added_up(view: TableView, plan: Plan) -> dict[int, tuple[str, list[int | None]]]:
    """Return the lines that add up the rounds above them where the blank sheet has them (a Golf nine), by the index
    of the round they follow: their name, and each seat's sum of those rounds' points as the rules scored them. A line
    comes once all its rounds are played and stand."""
    lines, start, played = {}, 0, 0
    for row in plan.rows:
        if not row.adds_up:
            played += 1
            continue
        rounds = view.rounds[start:played]
        if played <= len(view.rounds) and rounds and not any(r.broken or r.points is None for r in rounds):
            lines[played - 1] = (tr(row.label), [None if any(r.points[seat] is None for r in rounds)
                                                 else sum(r.points[seat] for r in rounds)
                                                 for seat in range(len(view.players))])
        start = played
    return lines


AT_THE_END = frozenset({"bonus"})  # what the end of a game adds: 0 until then, printed once the game is over


def extra_columns(view: TableView) -> list[tuple[str, str]]:
    """Return the game's own standings values to print as columns (name, heading). What the end adds is left out
    of a game still going: a Gin "Bonus" of 0 read as none beside "Hands won: 3 · box bonus 75"."""
    present = {name for s in view.seats for name, value in s.extras.items() if value is not None
               and (view.over or name not in AT_THE_END)}
    return [(name, str(label)) for name, label in EXTRAS.items() if name in present]


def jar_of(view: TableView) -> Jar | None:
    """Return, hole by hole, who paid into the jar and what each has left, as the game's rules say (None: no jar)."""
    rules = registry.get(view.key)
    if rules is None:
        return None
    return rules.jar(view.derived.table, [None if r.broken else r.points for r in view.rounds])


def filled_chart(view: TableView, height: int) -> Markup:
    """Draw the filled sheet's chart: the value that decides the game (what is left in a jar game), and the
    totals with the end bonuses as a last point where the game gives any (Gin Rummy)."""
    if not view.rounds:
        return Markup("")
    jar = jar_of(view)
    if jar is not None:
        return running_chart(view.players, jar.series(), str(_l("Quarters left")), 640, height,
                             label_width=40, numbered=True, went_out=True)
    series = view.series()
    end = ""
    if view.over and any(getattr(s, "bonus", None) for s in view.seats):
        series = [[*line, s.total] for line, s in zip(series, view.seats)]
        end = str(_l("End"))
    return running_chart(view.players, series, str(HEADLINES.get(view.headline, HEADLINES["total"])), 640, height,
                         label_width=40, numbered=True, end_label=end, went_out=view.headline == "lives")


KNOCKED = "⚑"  # the mark of the player who knocked, on a filled sheet


def knockers(view: TableView) -> list[int | None]:
    """Return, round by round, the seat that knocked (where the game knocks), or None."""
    rules, table = registry.get(view.key), view.derived.table
    return [rules.knocker(table, stored(r.data)) for r in view.rounds]


def cell_notes(view: TableView) -> list[list[list[str]]]:
    """Return, round by round and seat by seat, the small lines a filled sheet prints under a score: what the
    blank sheet asked the table to write (the game's rules say which: the deadwood given, the books and cards)."""
    rules, table = registry.get(view.key), view.derived.table
    return [[[tr(line) for line in cell] for cell in rules.cell_notes(table, stored(r.data))] for r in view.rounds]


def stored(data: Any) -> Mapping[str, Any]:
    """Return a stored round's data, or nothing where it is no object."""
    return data if isinstance(data, Mapping) else {}
