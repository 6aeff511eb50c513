"""The shapes a paper score sheet is made of, and the helpers every game's sheet shares.

Pure Python, like the rest of ``rules``. Each game draws its own sheet from these in its module (``plan``, with
its rules card's ``glance`` and its handbook's ``setup`` and ``rule_tables``): nothing here names a game. The
sheets, the rules cards and the handbook render these plans and keys; nothing here is retyped in a template.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum

from .cards import RANKS, equal_runs
from .messages import N_, Msg, minus, msg

OPEN_ROWS = 24  # rows on a sheet for a game with no fixed number of rounds


class Layout(Enum):
    """How a sheet is drawn."""

    GRID = "grid"        # a row per round, a column (or a few) per player
    BLOCKS = "blocks"    # a block per round, a line per part of the score (Hand & Foot)
    TRACKER = "tracker"  # a row per player of places to strike out (Trash layouts, Chase lives)


@dataclass(frozen=True)
class Row:
    """One printed round: its name, and what the table needs to know for it."""

    label: Msg | str
    detail: Msg | str = ""
    adds_up: bool = False  # a line that adds up the rows above it (a Golf nine), not a round


@dataclass(frozen=True)
class Key:
    """A small table of rule facts printed on a sheet or a rules card: label and value per line."""

    title: Msg
    lines: tuple[tuple[Msg | str, Msg | str], ...]


@dataclass(frozen=True)
class Plan:
    """Everything a blank sheet of one game needs, for one table's players and options."""

    layout: Layout
    rows: tuple[Row, ...]
    columns: tuple[Msg, ...] = (msg(N_("Score")),)   # what each player writes per round
    total_row: bool = True
    footer: tuple[Msg, ...] = ()                       # lines under the grid (Gin Rummy's bonus block)
    block_lines: tuple[Msg, ...] = ()                  # the lines of each block (Hand & Foot)
    tokens: tuple[str, ...] = ()                       # places per player to strike out (layouts, lives, quarters)
    tokens_label: Msg | None = None
    pot_boxes: int = 0                                 # stakes to tally in the pot (Chase the Ace)
    seat_order: tuple[int, ...] = ()                   # partners side by side; empty: seat order
    keys: tuple[Key, ...] = field(default_factory=tuple)
    notes: tuple[Msg, ...] = ()
    open_rows: bool = False                            # rows are spare lines, not the game's rounds: fit to paper
    per_player: bool = True                            # the columns repeat for each player (else: once, a log)
    summary: Msg | None = None                         # the line under the heading, when the game's own misleads
    footer_split: bool = False                         # the footer lines are written per column (a pad's games)
    shows: frozenset[str] = frozenset()                # options its keys and footer state: not listed again below
    filled_keys: tuple[Key, ...] = ()                  # values the blank sheet states in its rows and footer lines,
    #                                                    which a filled sheet (no such lines) prints as keys
    score_chars: int = 3                               # the most characters a score written in a box takes ("−10")
    repeats: bool = False                              # a short game: its grid again under it while the page has room
    title: Msg | None = None                           # the heading, when the game's title misleads (a pad unnamed)
    name_line: bool = False                            # a line at the head to write the game's name on


@dataclass(frozen=True)
class Jar:
    """A game whose players pay into a jar round by round (the Golf quarters game), as its filled sheet shows it."""

    paid: tuple[frozenset[int], ...]    # round by round, the seats that paid
    left: tuple[tuple[int, ...], ...]   # round by round, what each seat has left after it

    def series(self) -> list[list[float | None]]:
        """Return each seat's line of what it has left after every round, for a chart."""
        return [[after[seat] for after in self.left] for seat in range(len(self.left[0]) if self.left else 0)]


PRINTED_ROWS = 100  # rows a blank sheet prints at most: a game of 1,000 deals is written on a sheet printed again


def numbered(count: int) -> tuple[Row, ...]:
    """Return ``count`` rows numbered from 1 (at most ``PRINTED_ROWS``)."""
    return tuple(Row(str(n)) for n in range(1, min(count, PRINTED_ROWS) + 1))


def score_chars(*scores: int) -> int:
    """Return the characters the widest of these scores takes, its minus sign counted."""
    return max(len(str(score)) for score in scores)


def cut_short(count: int | None) -> tuple[Msg, ...]:
    """Say, under a sheet of a game longer than ``PRINTED_ROWS`` rounds, that it holds the first of them."""
    if count is None or count <= PRINTED_ROWS:
        return ()
    return (msg(N_("This sheet has rows for the first %(rows)s of the %(count)s rounds: print it again for the rest."),
                rows=PRINTED_ROWS, count=count),)


def face_valued(rank: str, values: Mapping[str, int]) -> bool:
    """Say whether a number card counts its own number."""
    return rank.isdigit() and values[rank] == int(rank)


def value_runs(values: Mapping[str, int], ranks: Sequence[str] = RANKS) -> list[tuple[str, Msg | str]]:
    """Group ranks as a sheet prints them: equal values ("10–K", "10"), number cards at face value ("2–9")."""
    runs = equal_runs(values, ranks)
    merged: list[list[str]] = []
    for run in runs:  # lone number cards worth their number, side by side: one "face value" line
        if merged and len(run) == 1 and face_valued(run[0], values) and all(face_valued(r, values) for r in merged[-1]):
            merged[-1].extend(run)
        else:
            merged.append(list(run))
    lines: list[tuple[str, Msg | str]] = []
    for run in merged:
        if len(run) > 2 and len({values[r] for r in run}) > 1:
            lines.append((f"{run[0]}–{run[-1]}", msg(N_("face value"))))
        elif len(run) == 2 and values[run[0]] != values[run[1]]:
            lines.extend((r, signed_value(values[r])) for r in run)
        else:
            lines.append((f"{run[0]}–{run[-1]}" if len(run) > 1 else run[0], signed_value(values[run[0]])))
    return lines


def signed_value(value: int) -> str:
    """Write a value with a true minus sign."""
    return minus(value)


def joker_line(value: int) -> tuple[Msg, str]:
    return msg(N_("Joker")), signed_value(value)


# --- the handbook's tables, from the same rules data -------------------------------------------


@dataclass(frozen=True)
class RuleTable:
    """A table of rule facts for the handbook: its column headings and rows."""

    head: tuple[Msg, ...]
    rows: tuple[tuple[Msg | str, ...], ...]


def spread(counts: Sequence[int]) -> str:
    """Write a run of player counts: "3–4", or "2" alone."""
    return f"{counts[0]}–{counts[-1]}" if len(counts) > 1 else str(counts[0])
