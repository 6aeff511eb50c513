"""The words of the rules: messages in table words, translated where they are shown, and the refusals that
carry them.

Pure Python: nothing here may import Flask, SQLAlchemy or anything from the web side.
User-facing strings are marked with ``N_`` so Babel extracts them; the web side
translates them when it shows them (``Msg`` keeps the parameters apart for that).
"""
from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

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
