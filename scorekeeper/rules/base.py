"""The protocol every game follows, and the small pieces all games share.

Pure Python: nothing here may import Flask, SQLAlchemy or anything from the web side.
User-facing strings are marked with ``N_`` so Babel extracts them; the web side
translates them when it shows them (``Msg`` keeps the parameters apart for that).
"""
from __future__ import annotations

import copy
import re
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import wraps
from enum import Enum
from typing import Any, Protocol, TypeVar


T = TypeVar("T")


def N_(text: str) -> str:
    """Mark a string for translation without translating it here."""
    return text


@dataclass(frozen=True)
class Msg:
    """A message in table words, translated where it is shown: ``text % params``.

    A message with a ``plural`` form picks its form by the number in ``params["num"]``,
    as the reader's language counts (French says "1 fois", "0 fois"; English "0 times").
    """

    text: str
    params: Mapping[str, Any] = field(default_factory=dict)
    plural: str | None = None

    def __str__(self) -> str:
        text = self.plural if self.plural and self.params.get("num") != 1 else self.text
        return text % self.params if self.params else text


@dataclass(frozen=True)
class Amount:
    """A sum of money in a message, written out by the reader's locale ("1.50", "1,50"); ``signed``, a player's
    balance, with its sign ("+0.25", "−1.25")."""

    value: float
    signed: bool = False

    def __str__(self) -> str:
        value = round(self.value, 2) + 0.0  # never "-0.00"
        return f"{value:+.2f}" if self.signed and value else f"{value:.2f}"


@dataclass(frozen=True)
class Names:
    """Players' names in a message, joined as the reader's language does ("Ann and Cy", "Ann et Cy")."""

    names: tuple[str, ...]

    def __str__(self) -> str:
        return ", ".join(self.names[:-1]) + (" and " if len(self.names) > 1 else "") + self.names[-1] \
            if self.names else ""


class CardsLine(str):
    """A line of card values in a message ("10–K=10 · 🃏=20"), its K, Q and J written in the reader's letters
    where it is shown ("10–R=10" in French); as a plain string it reads as typed."""

    __slots__ = ()


@dataclass(frozen=True)
class CardText:
    """A card or a rank in a message ("QS", "K"), written in the reader's letters with its suit's symbol."""

    card: str

    def __str__(self) -> str:
        return self.card


def per_options(function: Callable[..., Any]) -> Callable[..., Any]:
    """Remember a pure function of a table's options, which a fold may ask for every player of every round.

    Keyed by the options' repr: they are frozen but may hold a dict, so they cannot be hashed. Bounded.
    """
    kept: OrderedDict[tuple[str, tuple[Any, ...]], Any] = OrderedDict()

    @wraps(function)
    def remembered(options: Any, *args: Any) -> Any:
        key = (repr(options), args)
        try:
            return kept[key]
        except KeyError:
            pass
        kept[key] = value = function(options, *args)
        while len(kept) > 128:
            kept.popitem(last=False)
        return value

    return remembered


def shown(value: Any, most: int = 40) -> str:
    """Return input fit to echo in a message: printable characters only, and not too long."""
    return "".join(ch for ch in str(value)[:most] if ch.isprintable() and not 0xD800 <= ord(ch) <= 0xDFFF)


MINUS = re.compile(r"(?<![\w.])-(?=\d)")  # a minus before a number, not a hyphen in a word or a range ("2-3")


def minus(value: Any) -> str:
    """Write a number or a mark with true minus signs ("−5", not "-5"), as a printed score sheet does. The one
    writer of them: the PDFs, the pages (a template's ``|minus``) and the numbers in messages. Typed input
    and the JSON API keep "-"."""
    return MINUS.sub("\u2212", str(value))


def msg(text: str, **params: Any) -> Msg:
    """Build a message; ``text`` uses ``%(name)s`` placeholders."""
    return Msg(text, params)


def nmsg(singular: str, plural: str, num: int, **params: Any) -> Msg:
    """Build a message with a plural form, chosen by ``num`` (``%(num)s`` in the text)."""
    return Msg(singular, {**params, "num": num}, plural)


def option_line(spec: GameSpec, table: Table, name: str) -> Msg:
    """Say one option as a table set it: "Most deadwood to knock with: 9"."""
    option = spec.option(name)
    return msg(N_("%(label)s: %(value)s"), label=Msg(option.label),
               value=option.words(getattr(table.options, name), table.players))


class RulesError(Exception):
    """Input that breaks a game's rules: field path -> message."""

    def __init__(self, errors: Mapping[str, Msg]):
        super().__init__("; ".join(f"{k}: {v}" for k, v in errors.items()))
        self.errors = dict(errors)


def fail(path: str, text: str, **params: Any) -> RulesError:
    """Return a RulesError for one field (``raise fail("players.0.cards", ...)``)."""
    return RulesError({path: Msg(text, params)})


def gather(errors: dict[str, Msg], read: Callable[..., T], *args: Any) -> T | None:
    """Call ``read``; on a RulesError add its problems to ``errors`` and return None, so a round reports all at once."""
    try:
        return read(*args)
    except RulesError as exc:
        errors.update(exc.errors)
        return None


# --- options -----------------------------------------------------------------------


class OptionKind(Enum):
    """How the new-game form asks for an option."""

    INT = "int"          # a whole number
    NUMBER = "number"    # any number (money)
    BOOL = "bool"        # a tick box
    CHOICE = "choice"    # one of a few choices
    VALUES = "values"    # card values by name, typed as "Q=12, QS=40"
    INTS = "ints"        # a list of whole numbers, typed as "60, 90, 120"
    SEAT = "seat"        # a seat at the table
    POINTS = "points"    # a fixed set of named numbers: one number box each
    TEXT = "text"        # a few words (the name of a game)


@dataclass(frozen=True)
class Option:
    """One house rule a table can choose when it starts a game.

    ``default``, ``choices`` and ``labels`` are JSON values, as the API shows them; ``parse`` checks a
    JSON value and returns it typed (an Enum member for an ``enum`` choice), ``load`` types a stored
    value without checking it, and ``dump`` makes a typed value JSON again.
    """

    name: str
    label: str
    default: Any  # None when it depends on the players or another option
    parse: Callable[[Any], Any]  # returns the clean value or raises ValueError(Msg)
    choices: tuple[Any, ...] | None = None
    help: str = ""
    kind: OptionKind = OptionKind.INT
    labels: Mapping[Any, str] = field(default_factory=dict)  # a choice's (or a named number's) words on the form
    enum: type[Enum] | None = None  # the Enum a choice is typed as
    unset: str = ""  # what leaving it empty means, where that turns it off ("no limit"); else it depends ("—")

    def words(self, value: Any, players: Sequence[str] = ()) -> Msg | str:
        """Say a chosen value the way the new-game form and the rules card put it."""
        if isinstance(value, Enum):
            value = value.value
        if value is None:
            return Msg(self.unset) if self.unset else "—"
        if self.kind is OptionKind.SEAT:
            return players[value] if 0 <= value < len(players) and players[value] else msg(N_("player %(n)s"), n=value + 1)
        if self.kind is OptionKind.BOOL:
            return msg(N_("yes")) if value else msg(N_("no"))
        if self.kind is OptionKind.CHOICE:
            return Msg(self.labels[value]) if value in self.labels else str(value).replace("_", " ")
        if isinstance(value, Mapping) and value and self.labels and all(k in self.labels for k in value):
            parts = {f"p{i}": msg(N_("%(label)s %(value)s"), label=Msg(self.labels[k]), value=str(v).replace("-", "−"))
                     for i, (k, v) in enumerate(value.items())}  # named numbers in the reader's words
            return Msg(", ".join(f"%({name})s" for name in parts), parts)
        if isinstance(value, Mapping):
            between = "=" if self.kind is OptionKind.VALUES else " "  # card values read as typed: "Q=12, QS=40"
            return ", ".join(f"{str(k).replace('_', ' ')}{between}{str(v).replace('-', '−')}"
                             for k, v in value.items()) or msg(N_("as usual"))
        if isinstance(value, (list, tuple)):
            return ", ".join(str(v) for v in value)
        if isinstance(value, float):  # the number options are all money: "0.10", "0,10" in French
            return Msg("%(amount)s", {"amount": Amount(value)})
        return str(value).replace("-", "−")

    def api(self) -> dict[str, Any]:
        """Describe the option as GET /api/rules shows it."""
        out: dict[str, Any] = {"default": copy.deepcopy(self.default)}
        if self.choices is not None:
            out["choices"] = list(self.choices)
        return out

    def load(self, value: Any) -> Any:
        """Type a stored JSON value without checking it (a choice no longer known falls back to the default)."""
        if self.enum is None or value is None:
            return copy.deepcopy(value)
        try:
            return self.enum(value)
        except ValueError:
            return self.load(self.default)

    def dump(self, value: Any) -> Any:
        """Make a typed value JSON again."""
        if isinstance(value, Enum):
            return value.value
        return copy.deepcopy(dict(value) if isinstance(value, Mapping) else value)


@dataclass(frozen=True)
class Preset:
    """A named bundle of options from a house sheet ("the quarters game")."""

    label: str
    options: Mapping[str, Any]  # JSON, as POST /api/games takes them
    help: str = ""

    def api(self) -> dict[str, Any]:
        """Describe the preset as GET /api/rules shows it."""
        return {"label": self.label, "options": copy.deepcopy(dict(self.options))}


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def as_int(value: Any, lo: int | None = None, hi: int | None = None, what: str = N_("a whole number")) -> int:
    """Read a whole number in [lo, hi] or raise ValueError with a table-words message."""
    if not _is_int(value):  # 1.0 is refused too: what is stored must read back the same way
        raise ValueError(msg(N_("must be %(what)s"), what=Msg(what)))  # "what" in the reader's words too
    if lo is not None and value < lo:
        raise ValueError(msg(N_("must be at least %(lo)s"), lo=lo))
    if hi is not None and value > hi:
        raise ValueError(msg(N_("must be at most %(hi)s"), hi=hi))
    return value


def int_option(name: str, label: str, default: int | None, lo: int | None = None, hi: int | None = None,
               nullable: bool = False, help: str = "", unset: str = "") -> Option:
    """An option holding a whole number, or null when ``nullable`` (``unset`` says what null means, where it turns
    the rule off)."""

    def parse(value: Any) -> int | None:
        if value is None and nullable:
            return None
        return as_int(value, lo, hi)

    return Option(name, label, default, parse, help=help, kind=OptionKind.INT, unset=unset)


def number_option(name: str, label: str, default: float | None, lo: float = 0, hi: float = 1e9, help: str = "",
                  nullable: bool = False, unset: str = "") -> Option:
    """An option holding an amount of money (whole cents), or null when ``nullable`` (see ``int_option``)."""

    def parse(value: Any) -> float | None:
        if value is None and nullable:
            return None
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise ValueError(msg(N_("must be a number")))
        if not lo <= value <= hi:
            raise ValueError(msg(N_("must be from %(lo)s to %(hi)s"), lo=lo, hi=hi))
        if abs(value * 100 - round(value * 100)) > 1e-9:  # 0.001 is no money a table puts down (and shows as 0.00)
            raise ValueError(msg(N_("must be an amount in whole cents, like 0.25")))
        return value

    return Option(name, label, default, parse, help=help, kind=OptionKind.NUMBER, unset=unset)


def bool_option(name: str, label: str, default: bool, help: str = "") -> Option:
    """An option that is on or off."""

    def parse(value: Any) -> bool:
        if not isinstance(value, bool):
            raise ValueError(msg(N_("must be true or false")))
        return value

    return Option(name, label, default, parse, choices=(False, True), help=help, kind=OptionKind.BOOL)


def choice_option(name: str, label: str, default: Any, choices: Sequence[Any] | Mapping[Any, str],
                  help: str = "") -> Option:
    """An option whose value is one of a few plain choices (a mapping gives each choice its words)."""
    allowed = tuple(choices)
    labels = dict(choices) if isinstance(choices, Mapping) else {}

    def parse(value: Any) -> Any:
        # 4.0 equals 4 but is not the choice 4 (nor True the choice 1): only a choice of the same type is one
        if not any(type(value) is type(choice) and value == choice for choice in allowed):
            raise ValueError(msg(N_("must be one of: %(choices)s"),
                                 choices=", ".join("none" if c is None else str(c) for c in allowed)))
        return value

    return Option(name, label, default, parse, choices=allowed, help=help, kind=OptionKind.CHOICE, labels=labels)


def enum_option(name: str, label: str, default: Enum | None, labels: Mapping[Enum, str], help: str = "") -> Option:
    """An option whose value is one member of an Enum; JSON carries the member's value."""
    enum = type(next(iter(labels)))
    plain = choice_option(name, label, None if default is None else default.value,
                          {member.value: text for member, text in labels.items()}, help=help)
    return Option(name, label, plain.default, lambda value: enum(plain.parse(value)), choices=plain.choices,
                  help=help, kind=OptionKind.CHOICE, labels=plain.labels, enum=enum)


def ints_option(name: str, label: str, default: Sequence[int], lo: int = 0, hi: int = 100000,
                help: str = "") -> Option:
    """An option holding a non-empty list of whole numbers."""

    def parse(value: Any) -> list[int]:
        if not isinstance(value, list) or not value or len(value) > 50:
            raise ValueError(msg(N_("must be a list of whole numbers")))
        return [as_int(v, lo, hi) for v in value]

    return Option(name, label, list(default), parse, help=help, kind=OptionKind.INTS)


def mapping_option(name: str, label: str, keys: Callable[[str], str | None], lo: int = -1000, hi: int = 1000,
                   help: str = "") -> Option:
    """An option mapping names to whole numbers; ``keys`` cleans a key or returns None when unknown."""

    def parse(value: Any) -> dict[str, int]:
        if not isinstance(value, dict):
            raise ValueError(msg(N_("must map names to numbers, like {\"Q\": 12}")))
        out: dict[str, int] = {}
        for key, number in value.items():
            clean = keys(str(key))
            if clean is None:
                raise ValueError(msg(N_("%(key)s is not something that can be given a value"), key=shown(key, 20)))
            if clean in out:  # {"q": 12, "Q": 13}: the one meant is not for the rules to guess
                raise ValueError(msg(N_("%(key)s is given two values: give it one"), key=clean))
            out[clean] = as_int(number, lo, hi)
        return out

    return Option(name, label, {}, parse, help=help, kind=OptionKind.VALUES)


def text_option(name: str, label: str, default: str, most: int = 40, help: str = "") -> Option:
    """An option holding a few printable words (1 to ``most`` characters once trimmed)."""

    def parse(value: Any) -> str:
        if not isinstance(value, str) or not value.strip():
            raise ValueError(msg(N_("must be a name of 1 to %(most)s characters"), most=most))
        text = " ".join(value.split())
        if len(text) > most:
            raise ValueError(msg(N_("must be at most %(most)s characters"), most=most))
        if shown(text, most) != text:
            raise ValueError(msg(N_("must be letters, digits and signs that print")))
        return text

    return Option(name, label, default, parse, help=help, kind=OptionKind.TEXT)


def first_dealer_option() -> Option:
    """The seat that deals first; every game has it."""
    option = int_option("first_dealer", N_("Who deals first"), 0, 0, 19)
    return Option(option.name, option.label, option.default, option.parse, kind=OptionKind.SEAT)


# --- specs and the protocol -----------------------------------------------------------


class Measure(Enum):
    """What decides who is winning: the headline measure of a game."""

    LOWEST_TOTAL = "lowest_total"
    HIGHEST_TOTAL = "highest_total"
    MOST_LIVES = "most_lives"
    SMALLEST_LAYOUT = "smallest_layout"


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


class Rules(Protocol):
    """The functions every game module provides (as its ``RULES`` object)."""

    spec: GameSpec
    data_keys: DataKeys  # what a round's data may hold; anything else is refused by name
    example: Example     # a valid game played to the end

    def resolve_options(self, options: Mapping[str, Any], players: int, preset: Any = None) -> Any:
        """Check the chosen options (a preset's first) and return them typed; raise RulesError (``options.<name>``)."""

    def load_options(self, stored: Mapping[str, Any]) -> Any:
        """Type options stored as JSON, without checking them again (a stored game always opens)."""

    def options_json(self, options: Any) -> dict[str, Any]:
        """Return typed options as JSON: every option by name, as the game state lists them."""

    def start(self, table: Table) -> Any:
        """Return the state before the first round."""

    def play(self, table: Table, state: Any, turn: Turn, data: Mapping[str, Any]) -> tuple[Any, list[int | None] | None]:
        """Check one round's data against the state; return the new state and the round's points."""

    def seats_in(self, table: Table, state: Any) -> list[bool]:
        """Say which seats are still in the game."""

    def is_over(self, table: Table, state: Any) -> bool:
        """Say whether the game has reached its end."""

    def winners(self, table: Table, state: Any) -> list[int]:
        """Return the winning seats: at the end, or the leaders when the game is stopped by hand."""

    def standings(self, table: Table, state: Any, over: bool) -> list[dict[str, Any]]:
        """Return one dict per seat with ``total`` and the game's extras (end bonuses when ``over``)."""

    def next_extras(self, table: Table, state: Any, turn: Turn) -> dict[str, Any]:
        """Return what the table needs for the next round, beyond its number and dealer."""

    def round_fields(self, table: Table, state: Any, turn: Turn) -> list[Field]:
        """Describe the questions the round form asks for the next round."""

    def placing(self, table: Table, state: Any, standings: Sequence[Mapping[str, Any]]) -> list[float | None]:
        """Return each seat's headline value for placings, lower is better (None: not placed)."""

    def sides(self, table: Table) -> list[int]:
        """Return each seat's side, the team it is placed with (partners share one; a seat alone is its own)."""

    def final_extras(self, table: Table, state: Any) -> dict[str, Any]:
        """Return what outlives ``next`` once the game is over (the Golf jar, the Chase the Ace pot)."""

    def notes(self, table: Table, state: Any, turn: Turn) -> list[Msg]:
        """Return lines the table needs before the next round ("Deal 31 cards")."""

    def rules_now(self, table: Table, state: Any, turn: Turn) -> list[Msg]:
        """Return the rules that matter for the coming round, with this table's house rules ("Card values: ...")."""

    def table_rules(self, table: Table) -> list[Msg]:
        """Return the fixed rules of this table, the same every round (the page folds them away)."""

    def seat_notes(self, table: Table, state: Any, over: bool = False) -> list[list[Msg]]:
        """Return, per seat, short lines under the player's name; ``over`` when the game ended."""

    def marks(self, table: Table, data: Mapping[str, Any], points: Sequence[int | None] | None,
              before: Any = None, after: Any = None) -> list[str]:
        """Return what the rounds grid shows for each seat in one round (the states around it when known): the
        points, then any words marked with N_ after a space ("29 undercut"), translated where shown."""

    def running(self, table: Table, state: Any) -> list[float | None]:
        """Return each seat's headline value (total, lives, layout) at this point, for a chart."""

    def round_title(self, table: Table, number: int) -> Msg:
        """Return a round's own name ("Hole 3", "Hand 2 · Hearts")."""

    def title(self, options: Any) -> Msg:
        """Return the name of one game of it, as its table knows it (typed or JSON options): "Golf", "Five Crowns"."""

    def records(self, table: Table, state: Any, rounds: Sequence[Any], standings: Sequence[Mapping[str, Any]]
                ) -> list[Record]:
        """Return the feats a finished game holds, for its group's records: from its final state, its played
        rounds (each with ``points`` and ``running``) and its standings."""


HEADLINE = {  # the standings value each measure ranks by, and whether higher is better
    Measure.LOWEST_TOTAL: ("total", False),
    Measure.HIGHEST_TOTAL: ("total", True),
    Measure.MOST_LIVES: ("lives", True),
    Measure.SMALLEST_LAYOUT: ("layout", False),
}


class BaseRules:
    """Sensible defaults for the protocol; a game overrides what it does differently."""

    spec: GameSpec

    options_type: Callable[..., Any]  # the game's frozen options dataclass, one field per option

    def resolve_options(self, options: Mapping[str, Any], players: int, preset: Any = None) -> Any:
        if not isinstance(options, Mapping):
            raise fail("options", N_("the options must be an object of names and values"))
        chosen = {**self.preset_options(preset), **options}
        known = {o.name: o for o in self.spec.options}
        errors: dict[str, Msg] = {}
        for name in chosen:
            if name not in known:
                errors[f"options.{name}"] = msg(N_("%(name)s is not an option of this game"), name=shown(name))
        resolved: dict[str, Any] = {}
        for name, option in known.items():
            if name in chosen and not (chosen[name] is None and option.default is None):
                try:
                    resolved[name] = option.parse(chosen[name])
                except ValueError as exc:
                    errors[f"options.{name}"] = exc.args[0] if isinstance(exc.args[0], Msg) else msg(str(exc))
            else:
                resolved[name] = option.load(option.default)
        if not errors and resolved.get("first_dealer", 0) >= players:
            errors["options.first_dealer"] = msg(N_("there are only %(count)s players at this table"), count=players)
        if errors:
            raise RulesError(errors)
        return self.options_type(**self.settle_options(resolved, players))

    def preset_options(self, preset: Any) -> Mapping[str, Any]:
        """Return the options of the named preset (none for no preset); refuse an unknown one on ``preset``."""
        if preset is None:
            return {}
        if not isinstance(preset, str) or preset not in self.spec.presets:
            names = ", ".join(self.spec.presets) or "—"
            if not isinstance(preset, str) or not preset.strip():
                raise fail("preset", N_("give a preset's name, or null for none; the presets are: %(names)s"),
                           names=names)
            raise fail("preset", N_("%(name)s is not a preset of this game; the presets are: %(names)s"),
                       name=shown(preset), names=names)
        return self.spec.presets[preset].options

    def load_options(self, stored: Mapping[str, Any]) -> Any:
        stored = stored if isinstance(stored, Mapping) else {}
        return self.options_type(**{o.name: o.load(stored[o.name] if o.name in stored else o.default)
                                    for o in self.spec.options})

    def options_json(self, options: Any) -> dict[str, Any]:
        return {o.name: o.dump(getattr(options, o.name)) for o in self.spec.options}

    def settle_options(self, options: dict[str, Any], players: int) -> dict[str, Any]:
        """Fill the defaults that depend on the players or other options; check options together."""
        return options

    def seats_in(self, table: Table, state: Any) -> list[bool]:
        return [True] * table.n

    def next_extras(self, table: Table, state: Any, turn: Turn) -> dict[str, Any]:
        return {}

    def low_wins(self, table: Table) -> bool:
        """Say whether the lowest headline value wins at this table (the game's measure; any game's own option)."""
        return not HEADLINE[self.spec.measure][1]

    def placing(self, table: Table, state: Any, standings: Sequence[Mapping[str, Any]]) -> list[float | None]:
        key, _ = HEADLINE[self.spec.measure]
        low = self.low_wins(table)
        return [None if v is None else (v if low else -v) for v in (row.get(key) for row in standings)]

    def sides(self, table: Table) -> list[int]:
        return list(range(table.n))

    def final_extras(self, table: Table, state: Any) -> dict[str, Any]:
        return {}

    def running(self, table: Table, state: Any) -> list[float | None]:
        key, _ = HEADLINE[self.spec.measure]
        return [row.get(key) for row in self.standings(table, state, False)]

    def round_title(self, table: Table, number: int) -> Msg:
        return msg(self.spec.rounds.title, n=number)

    def title(self, options: Any) -> Msg:
        return Msg(self.spec.name)

    def notes(self, table: Table, state: Any, turn: Turn) -> list[Msg]:
        """Return lines the table needs before the next round ("Deal 31 cards"); none by default."""
        return []

    IN_PLAY: tuple[str, ...] = ()  # the options the rules-in-context panel names every round

    def rules_now(self, table: Table, state: Any, turn: Turn) -> list[Msg]:
        """Name the options of ``IN_PLAY`` as this table set them; games add what changes round by round."""
        return [option_line(self.spec, table, name) for name in self.IN_PLAY]

    def table_rules(self, table: Table) -> list[Msg]:
        """Return the fixed rules of this table, the same every round; none by default."""
        return []

    def seat_notes(self, table: Table, state: Any, over: bool = False) -> list[list[Msg]]:
        """Return, per seat, short lines under the player's name ("Goal 3: ..."); ``over`` when the game ended."""
        return [[] for _ in table.players]

    def marks(self, table: Table, data: Mapping[str, Any], points: Sequence[int | None] | None,
              before: Any = None, after: Any = None) -> list[str]:
        """Return what the rounds grid shows for each seat in one round (the states around it when known)."""
        if points is None:
            return [""] * table.n
        return ["" if p is None else str(p) for p in points]

    def records(self, table: Table, state: Any, rounds: Sequence[Any], standings: Sequence[Mapping[str, Any]]
                ) -> list[Record]:
        """Hold the best final total and the best score in one round, where the game has points."""
        low = self.low_wins(table)
        return [*self.total_records(standings, "total", msg(N_("lowest total") if low else N_("highest total")), low),
                *self.round_records(rounds, msg(self.spec.rounds.lowest if low else self.spec.rounds.highest), low)]

    def total_records(self, standings: Sequence[Mapping[str, Any]], kind: str, what: Msg, low: bool) -> list[Record]:
        """Return a record for each seat on the best final total (none without points)."""
        totals = [row.get("total") for row in standings]
        return [Record(kind, what, seat, value, not low)
                for seat, value in best_of(totals, low)]

    def round_records(self, rounds: Sequence[Any], what: Msg, low: bool, kind: str = "round") -> list[Record]:
        """Return a record for each seat on the best score of any one round (none without points)."""
        points = [(p, seat) for r in rounds for seat, p in enumerate(r.points or ()) if p is not None]
        if not points:
            return []
        best = min(p for p, _ in points) if low else max(p for p, _ in points)
        return [Record(kind, what, seat, best, not low) for seat in sorted({s for p, s in points if p == best})]

    def leaders(self, table: Table, values: Sequence[float | None], best_is_low: bool) -> list[int]:
        """Return every seat on the best value among seats still counted (None: not counted)."""
        counted = [v for v in values if v is not None]
        if not counted:
            return []
        best = min(counted) if best_is_low else max(counted)
        return [seat for seat, v in enumerate(values) if v == best]


def out_of_the_game(path: str, name: str, entered: bool = True) -> RulesError:
    """Refuse an entry for a player who is out of the game: "leave this empty" in the round being typed; in a later
    round a correction reaches, what the correction did to it."""
    if entered:
        return fail(path, N_("%(name)s is out of the game; leave this empty"), name=name)
    return fail(path, N_("%(name)s would be out of the game by then, yet this round has an entry for them"), name=name)


def missing_entry(path: str, ask: str, name: str, entered: bool = True) -> RulesError:
    """Refuse a round with no entry for a player still in: ``ask`` for it in the round being typed; in a later round
    a correction reaches, what the correction did to it."""
    if entered:
        return fail(path, ask, name=name)
    return fail(path, N_("%(name)s would still be in the game by then, yet this round has no entry for them"),
                name=name)


LASTED = 10**9  # more rounds than any game is played for: what a seat has left always ranks before when it went out


def went_out(before: Sequence[int], after: Sequence[int], lasted: Sequence[int], number: int) -> tuple[int, ...]:
    """Note the round in which each seat of an elimination game lost the last of what it held (its lives, its
    quarters): ``lasted`` as it was, with ``number`` for each seat that went out in this round (0: still in)."""
    lasted = tuple(lasted) or (0,) * len(after)
    return tuple(number if was > 0 and now <= 0 else held for was, now, held in zip(before, after, lasted))


def outlasting(left: Sequence[int], lasted: Sequence[int]) -> list[float]:
    """Place an elimination game's seats (lower is better): by what each has left, then a player who is out by
    how long they lasted (out later is better; out in the same round, level)."""
    lasted = tuple(lasted) or (0,) * len(left)
    return [-(held * LASTED + (round_out if held <= 0 else 0)) for held, round_out in zip(left, lasted)]


def best_of(values: Sequence[float | None], low: bool) -> list[tuple[int, float]]:
    """Return (seat, value) for each seat on the best value; None counts for nothing."""
    counted = [v for v in values if v is not None]
    if not counted:
        return []
    best = min(counted) if low else max(counted)
    return [(seat, v) for seat, v in enumerate(values) if v == best]


# --- reading round data ----------------------------------------------------------------


def refuse_unknown_keys(keys: DataKeys, data: Any) -> None:
    """Refuse round data holding a key the game does not know, naming the key (``players.<seat>.<key>``)."""
    if not isinstance(data, Mapping):
        return
    errors = {named(key, "data"): msg(N_("%(key)s is not part of a round of this game"), key=shown(key))
              for key in data if key not in keys.round}
    entries = data.get("players") if "players" in keys.round else None
    for seat, entry in enumerate(entries if isinstance(entries, list) else []):
        if isinstance(entry, Mapping):
            errors.update({named(key, f"players.{seat}", prefix=True): msg(N_("%(key)s is not part of a player's "
                                                                             "entry"), key=shown(key))
                           for key in entry if key not in keys.entry})
    if errors:
        raise RulesError(errors)


def named(key: Any, where: str, prefix: bool = False) -> str:
    """Return the field path naming an unknown ``key``: the key itself when it is fit to echo, else ``where``."""
    fit = isinstance(key, str) and key != "" and shown(key) == key
    if not fit:
        return where
    return f"{where}.{key}" if prefix else key


def need_object(data: Any, path: str = "data") -> Mapping[str, Any]:
    """Return ``data`` if it is a JSON object, else raise a RulesError naming ``path``."""
    if not isinstance(data, Mapping):
        raise fail(path, N_("must be an object of names and values"))
    return data


def need_int(value: Any, path: str, lo: int | None = None, hi: int | None = None) -> int:
    """Read a whole number for the field at ``path`` or raise a RulesError naming it."""
    try:
        return as_int(value, lo, hi)
    except ValueError as exc:
        raise RulesError({path: exc.args[0]}) from None


def need_bool(value: Any, path: str) -> bool:
    """Read a yes/no for the field at ``path``."""
    if not isinstance(value, bool):
        raise fail(path, N_("must be true or false"))
    return value


def need_seat(value: Any, path: str, table: Table, seats_in: Sequence[bool] | None = None) -> int:
    """Read a seat number that is at the table (and still in, when ``seats_in`` is given)."""
    if value is None:
        raise fail(path, N_("pick a player"))
    seat = need_int(value, path)
    if not 0 <= seat < table.n:
        raise fail(path, N_("there is no player %(number)s at this table (players are numbered 0 to %(last)s)"),
                   number=seat, last=table.n - 1)
    if seats_in is not None and not seats_in[seat]:
        raise fail(path, N_("%(name)s is out of the game"), name=table.players[seat])
    return seat


def need_seats(value: Any, path: str, table: Table) -> list[int]:
    """Read a list of distinct seats."""
    if not isinstance(value, list):
        raise fail(path, N_("must be a list of seats"))
    seats = [need_seat(v, f"{path}.{i}", table) for i, v in enumerate(value)]
    if len(set(seats)) != len(seats):
        raise fail(path, N_("names a player twice"))
    return seats


def need_list(value: Any, path: str, table: Table) -> list[Any]:
    """Read a per-seat list: one entry for every seat at the table."""
    if not isinstance(value, list):
        raise fail(path, N_("must be a list with one entry per player"))
    if len(value) != table.n:
        raise RulesError({path: nmsg("has %(num)s entry; there are %(n)s players",
                                     "has %(num)s entries; there are %(n)s players", len(value), n=table.n)})
    return value


def need_entries(data: Mapping[str, Any], table: Table) -> list[Mapping[str, Any] | None]:
    """Read ``data["players"]``: one object per seat (None for a seat that is out)."""
    entries = need_list(data.get("players"), "players", table)
    for seat, entry in enumerate(entries):
        if entry is not None:
            need_object(entry, f"players.{seat}")
    return entries
