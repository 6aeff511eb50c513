"""Playing cards as the spec writes them: rank then optional suit ("10h", "QS", "X", "7").

Also counts cards against the packs in play, for the checks every game makes.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .base import N_, RulesError, fail, msg, nmsg, shown

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
JOKER = "X"
SUITS = ("S", "H", "D", "C")
SUIT_SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
SUIT_NAMES = {"S": N_("spades"), "H": N_("hearts"), "D": N_("diamonds"), "C": N_("clubs")}
RED_SUITS = ("H", "D")
# Other ways tables write a rank, French letters among them: R (roi), D (dame), V (valet). A suit letter
# comes last (KD is the king of diamonds), so a D that starts a card is always the queen.
RANK_ALIASES = {"1": "A", "T": "10", "JOKER": JOKER, "R": "K", "D": "Q", "V": "J"}


def deck() -> dict[str, Any]:
    """Describe how cards are written, for the pages' card helpers (ranks, suits and their signs, aliases)."""
    signs = {code: sign for sign, code in SUIT_SYMBOLS.items()}
    return {"ranks": [*RANKS, JOKER], "suits": {code: signs[code] for code in SUITS}, "red": list(RED_SUITS),
            "aliases": RANK_ALIASES}


@dataclass(frozen=True, order=True)
class Card:
    """One card: a rank (``A``..``K`` or ``X`` for a joker) and a suit when the table gave one."""

    rank: str
    suit: str | None = None

    def __str__(self) -> str:
        return self.rank + (self.suit or "")

    @property
    def is_joker(self) -> bool:
        return self.rank == JOKER


def parse_card(text: Any) -> Card:
    """Read one card such as ``10h``, ``QS``, ``Q♠``, ``x`` or ``7``; raise ValueError(Msg) if unreadable."""
    if not isinstance(text, str) or not text.strip():
        raise ValueError(msg(N_("a card is written like 10H, QS, X or 7")))
    raw = text.strip().upper()
    suit = SUIT_SYMBOLS.get(raw[-1], raw[-1]) if len(raw) > 1 else None
    if suit in SUITS:
        raw = raw[:-1]
    else:
        suit = None
    raw = RANK_ALIASES.get(raw, raw)
    if raw == JOKER:
        return Card(JOKER)
    if raw not in RANKS:
        raise ValueError(msg(N_("%(card)s is not a card; write cards like 10H, QS, X or 7"), card=shown(text.strip(), 8)))
    return Card(raw, suit)


def parse_cards(value: Any, path: str) -> list[Card]:
    """Read a list of cards for the field at ``path`` (a list, or one string split on spaces and commas)."""
    if isinstance(value, str):
        value = value.replace(",", " ").split()
    if not isinstance(value, list):
        raise fail(path, N_("must be a list of cards"))
    if len(value) > 200:
        raise fail(path, N_("holds more cards than any game deals"))
    cards = []
    for text in value:
        try:
            cards.append(parse_card(text))
        except ValueError as exc:
            raise RulesError({path: exc.args[0]}) from None
    return cards


def parse_rank(text: Any, path: str) -> str:
    """Read one rank (a suit given with it is ignored)."""
    try:
        card = parse_card(text)
    except ValueError as exc:
        raise RulesError({path: exc.args[0]}) from None
    return card.rank


def value_key(key: str) -> str | None:
    """Clean a key of a ``values`` option ("q", "QS", "x") or return None if it names no card."""
    try:
        card = parse_card(key)
    except ValueError:
        return None
    return str(card)


def card_value(card: Card, defaults: Mapping[str, int], overrides: Mapping[str, int]) -> int:
    """Value one card: a suited override beats a rank override, which beats the default."""
    for table in (overrides, defaults):
        if card.suit and str(card) in table:
            return table[str(card)]
        if card.rank in table:
            return table[card.rank]
    return 0


def values_in_force(defaults: Mapping[str, int], overrides: Mapping[str, int],
                    cards: Iterable[Card] | None = None) -> dict[str, int]:
    """Return the values a table plays by: the overrides laid over the defaults (or the value of each of ``cards``)."""
    if cards is None:
        return {**defaults, **overrides}
    return {str(card): card_value(card, defaults, overrides) for card in cards}


def suit_needed(rank: str, overrides: Mapping[str, int]) -> bool:
    """Say whether an override gives some suit of ``rank`` its own value, so the suit matters."""
    return any(len(key) > len(rank) and key[: len(rank)] == rank and key[len(rank):] in SUITS for key in overrides)


def check_packs(cards: Sequence[Card], packs: int, jokers: int, path: str = "players") -> None:
    """Raise a RulesError naming ``path`` when the cards are more than the packs hold."""
    cards = list(cards)
    ranks = Counter(c.rank for c in cards)
    if ranks[JOKER] > jokers:
        raise fail(path, N_("there are %(got)s jokers; the packs hold %(most)s"), got=ranks[JOKER], most=jokers)
    for rank, count in ranks.items():
        if rank != JOKER and count > 4 * packs:
            raise fail(path, N_("there are %(got)s cards of rank %(rank)s; the packs hold %(most)s"),
                       got=count, rank=rank, most=4 * packs)
    for card, count in Counter(c for c in cards if c.suit).items():
        if count > packs:
            raise RulesError({path: nmsg("%(card)s appears %(got)s times; the packs hold it once",
                                         "%(card)s appears %(got)s times; the packs hold it %(num)s times",
                                         packs, card=str(card), got=count)})


def equal_runs(values: Mapping[str, int], ranks: Sequence[str] = RANKS) -> list[list[str]]:
    """Group neighbouring ranks of equal value, in rank order: [["A"], ["2", ..., "9"], ["10", ..., "K"]]."""
    runs: list[list[str]] = []
    for rank in ranks:
        if runs and values[runs[-1][-1]] == values[rank]:
            runs[-1].append(rank)
        else:
            runs.append([rank])
    return runs


def values_line(defaults: Mapping[str, int], overrides: Mapping[str, int], skip_face: bool = False) -> str:
    """Write the card values in force the way the table reads them: "A=15 · 2–9=5 · 10–K=10 · 🃏=20 · Q♠=40".

    ``skip_face`` leaves out a card alone at its face value (A=1, 2=2 ... 10=10), for a short line.
    """
    values = values_in_force(defaults, overrides)
    runs = equal_runs(values)
    face = {rank: n for n, rank in enumerate(RANKS[:10], 1)}  # A=1 ... 10=10
    parts = [f"{run[0]}–{run[-1]}={values[run[0]]}" if len(run) > 1 else f"{run[0]}={values[run[0]]}"
             for run in runs if not (skip_face and len(run) == 1 and face.get(run[0]) == values[run[0]])]
    if JOKER in values:
        parts.append(f"🃏={values[JOKER]}")
    signs = {code: sign for sign, code in SUIT_SYMBOLS.items()}
    parts += [f"{key[:-1]}{signs[key[-1]]}={value}" for key, value in overrides.items()
              if key[-1] in signs and key[:-1] in RANKS]
    return " · ".join(parts).replace("=-", "=−")
