"""The house rules a table chooses when it starts a game: each option's kind, words and check, and the presets
that bundle them. Pure Python."""
from __future__ import annotations

import copy
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from functools import wraps
from typing import Any

from .messages import N_, Amount, Msg, msg, shown


def per_options(function: Callable[..., Any]) -> Callable[..., Any]:
    """Remember a pure function of a table's options, which a fold may ask for every player of every round.

    Keyed by the options' repr: they are frozen but may hold a dict, so they cannot be hashed. Bounded.
    """
    kept: OrderedDict[tuple[str, tuple[Any, ...]], Any] = OrderedDict()

    @wraps(function)
    def remembered(options: Any, *args: Any) -> Any:
        key = (options_key(options), args)
        try:
            return kept[key]
        except KeyError:
            pass
        kept[key] = value = function(options, *args)
        while len(kept) > 128:
            kept.popitem(last=False)
        return value

    return remembered


def options_key(options: Any) -> str:
    """Return a table's options' repr, written once per options object: a fold asks for it for every player of
    every round, and the repr of a game's many options costs more than what it keys. The options are frozen, so
    the repr never changes; it is kept on the object, beside its fields (not one of them: no equality or repr
    sees it)."""
    key = getattr(options, "_repr", None)
    if key is None:
        key = repr(options)
        try:
            object.__setattr__(options, "_repr", key)
        except AttributeError:  # options with __slots__: written each time
            pass
    return key


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
    unused_when: tuple[str, Any] | None = None  # (an option or "preset", JSON value): the form does not ask it then
    signed: bool = False  # a number that may be below 0 though its default is not: the form asks for a minus key
    # (a POINTS option, each choice's numbers): the form's script fills that option's boxes as a choice is made, and
    # chooses the choice the boxes are typed to (none, where no choice has them)
    fills: tuple[str, Mapping[Any, Mapping[str, int]]] | None = None

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
