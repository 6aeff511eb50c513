"""What a game is and what it tells the pages: its spec, a table's fixed facts, a round's turn, the questions of
the round form, and the records a game holds. Pure Python."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from .cards import CARD_KEY, CARD_KEY_NO_JOKER, JOKER
from .messages import N_, Msg, msg
from .options import Option, Preset


class Measure(Enum):
    """What decides who is winning: the headline measure of a game."""

    LOWEST_TOTAL = "lowest_total"
    HIGHEST_TOTAL = "highest_total"
    MOST_LIVES = "most_lives"
    SMALLEST_LAYOUT = "smallest_layout"


HEADLINE = {  # the standings value each measure ranks by, and whether higher is better
    Measure.LOWEST_TOTAL: ("total", False),
    Measure.HIGHEST_TOTAL: ("total", True),
    Measure.MOST_LIVES: ("lives", True),
    Measure.SMALLEST_LAYOUT: ("layout", False),
}


@dataclass(frozen=True)
class RoundWords:
    """What a game calls a round, in whole sentences: French gives each noun its own gender and order."""

    name: str  # "Hole"
    title: str  # "Hole %(n)s"
    save: str  # "Save hole %(n)s"
    edit: str
    delete: str
    confirm_delete: str
    deleted: str
    each: str  # "Who won each hole"
    lowest: str  # "lowest score in one hole": a group's record
    highest: str  # "highest score in one hole"
    confirm_undo: str  # what Undo does, in table words: its scores come back into the form


ROUND_WORDS = RoundWords(N_("Round"), N_("Round %(n)s"), N_("Save round %(n)s"), N_("Edit round %(n)s"),
                    N_("Delete round %(n)s"), N_("Delete round %(n)s?"), N_("Round %(n)s deleted."),
                    N_("Who won each round"), N_("lowest score in one round"), N_("highest score in one round"),
                   N_("Undo round %(n)s? Its scores come back into the form."))
HOLE_WORDS = RoundWords(N_("Hole"), N_("Hole %(n)s"), N_("Save hole %(n)s"), N_("Edit hole %(n)s"),
                   N_("Delete hole %(n)s"), N_("Delete hole %(n)s?"), N_("Hole %(n)s deleted."),
                   N_("Who won each hole"), N_("lowest score on one hole"), N_("highest score on one hole"),
                   N_("Undo hole %(n)s? Its scores come back into the form."))
HAND_WORDS = RoundWords(N_("Hand"), N_("Hand %(n)s"), N_("Save hand %(n)s"), N_("Edit hand %(n)s"),
                   N_("Delete hand %(n)s"), N_("Delete hand %(n)s?"), N_("Hand %(n)s deleted."),
                   N_("Who won each hand"), N_("lowest score in one hand"), N_("highest score in one hand"),
                   N_("Undo hand %(n)s? Its scores come back into the form."))
DEAL_WORDS = RoundWords(N_("Deal"), N_("Deal %(n)s"), N_("Save deal %(n)s"), N_("Edit deal %(n)s"),
                   N_("Delete deal %(n)s"), N_("Delete deal %(n)s?"), N_("Deal %(n)s deleted."),
                   N_("Who won each deal"), N_("lowest score in one deal"), N_("highest score in one deal"),
                   N_("Undo deal %(n)s? Its scores come back into the form."))


@dataclass(frozen=True)
class GameSpec:
    """What a game is: its key, name, player counts and options."""

    key: str
    name: str
    min_players: int
    max_players: int
    options: tuple[Option, ...]
    measure: Measure
    rounds: RoundWords = ROUND_WORDS  # HOLE_WORDS, HAND_WORDS, DEAL_WORDS
    summary: str = ""
    presets: Mapping[str, Preset] = field(default_factory=dict)  # named option bundles from house sheets
    aliases: tuple[str, ...] = ()  # other names tables use for it ("Screw Your Neighbor")
    length: str = ""  # how long a game takes, in words
    style: str = ""  # luck or skill, in words

    @property
    def round_name(self) -> str:
        """Return what the game calls a round: "Hole", "Hand", "Deal"."""
        return self.rounds.name

    def option(self, name: str) -> Option:
        """Return the option called ``name``."""
        return next(o for o in self.options if o.name == name)

    def describe_preset(self, name: str) -> list[tuple[str, Msg | str]]:
        """Return the options preset ``name`` sets, as (label, value in words), in the form's order."""
        chosen = self.presets[name].options
        return [(o.label, o.words(chosen[o.name])) for o in self.options if o.name in chosen]

    def describe_defaults(self) -> list[tuple[str, Msg | str]]:
        """Return every option with the value a game gets when the form leaves it alone ("—": it depends)."""
        return self.describe_options({o.name: o.default for o in self.options})

    def describe_options(self, options: Any, players: Sequence[str] = ()) -> list[tuple[str, Msg | str]]:
        """Return every option in force as (label, value in words), in the form's order."""
        read = options.get if isinstance(options, Mapping) else (lambda name: getattr(options, name, None))
        return [(o.label, o.words(read(o.name), players)) for o in self.options]


@dataclass(frozen=True)
class Table:
    """The fixed facts of one game: who sits where and the options in force (typed, see ``resolve_options``)."""

    players: tuple[str, ...]
    options: Any  # the game's frozen options dataclass

    @property
    def n(self) -> int:
        return len(self.players)


@dataclass(frozen=True)
class Turn:
    """Where a round stands in the game: its number and who dealt it, and whether it is being entered (or
    corrected) now rather than played again from storage.

    A few checks guard only what a table enters (a draw given a knocker, ticks the cards overrule): a stored round
    entered before them is scored as it was stored, never made to stop the game it belongs to.
    """

    number: int
    dealer: int
    entered: bool = False


@dataclass(frozen=True)
class DataKeys:
    """The keys a game's round data may hold: at its top, and in each player's entry."""

    round: frozenset[str]
    entry: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Example:
    """A whole valid game, for the conformance test: players, options (JSON) and every round to the end."""

    players: int
    options: Mapping[str, Any]
    rounds: tuple[Mapping[str, Any], ...]
    winners: tuple[int, ...]


class FieldKind(Enum):
    """How a page asks for one piece of a round."""

    INT = "int"          # a whole number (numeric keypad)
    BOOL = "bool"        # a tick box
    SEAT = "seat"        # pick one player
    SEATS = "seats"      # tick any players
    CARDS = "cards"      # cards written or tapped, e.g. "K 5 5 QS"
    RANK = "rank"        # one card rank
    CHOICE = "choice"    # one of a few named choices


class Scope(Enum):
    """Where a field's value sits in the round's data."""

    ROUND = "round"      # data[name]
    ENTRY = "entry"      # data["players"][seat][name]
    LIST = "list"        # data[name][seat]


@dataclass(frozen=True)
class Field:
    """One question the round form asks; the web side builds its inputs from these."""

    name: str
    label: str | Msg
    kind: FieldKind
    scope: Scope = Scope.ROUND
    optional: bool = False
    alt: str | None = None          # ENTRY cards field: the name of the number to give instead
    alt_label: str = ""
    choices: tuple[tuple[str, str], ...] = ()  # (value, label) for CHOICE
    lo: int | None = None
    hi: int | None = None
    help: str | Msg = ""
    sum_to: int | None = None       # LIST ints: the counts must add up to this
    card_values: Mapping[str, int] | None = None  # for a card helper that adds up a hand
    card_said: Mapping[str, str | Msg] | None = None  # cards the helper names as the rules refuse them ("3H": why,
    # %(card)s for the card as typed; or a Msg said as it is)
    default: Any = None
    picker: Mapping[str, Any] | None = None  # ENTRY cards as a layout the page draws (Golf): shape, values, pairing
    pad: bool = False               # INT points typed on the page's number pad, with − and sums ("12+8")
    unused_when: tuple[str, str] | None = None  # (field, value): not asked when that answer is chosen (a draw)
    single: bool = False            # ROUND cards: one card, sent as one ("7S"), not a list (Gin's upcard)
    card_total: str = ""            # what the card helper says of one card typed, %(points)s its value

    @property
    def card_key(self) -> str:
        """Say how cards are written in this box: with the joker's letter, unless its values count no joker (Gin
        Rummy's upcard), as its card pad offers none."""
        no_joker = self.card_values and not any(card.startswith(JOKER) for card in self.card_values)
        return CARD_KEY_NO_JOKER if no_joker else CARD_KEY


@dataclass(frozen=True)
class Record:
    """A feat one finished game holds, for a group's records: "lowest total, 9 holes: 18 (Ann)".

    ``kind`` names the record within its game, so the same feat of two games compares ("total_9");
    ``what`` says it in table words; the best of a kind is the lowest value unless ``higher_is_better``.
    """

    kind: str
    what: Msg
    seat: int
    value: float
    higher_is_better: bool


def option_line(spec: GameSpec, table: Table, name: str) -> Msg:
    """Say one option as a table set it: "Most deadwood to knock with: 9"."""
    option = spec.option(name)
    return msg(N_("%(label)s: %(value)s"), label=Msg(option.label),
               value=option.words(getattr(table.options, name), table.players))
