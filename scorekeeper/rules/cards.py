"""Playing cards as the spec writes them: rank then optional suit ("10h", "QS", "X", "7").

Also counts cards against the packs in play, for the checks every game makes.
"""
from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import reduce
from typing import Any

from .messages import N_, CardsLine, CardText, Msg, Names, RulesError, fail, msg, nmsg, shown

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
JOKER = "X"
SUITS = ("S", "H", "D", "C")
SUIT_SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
SUIT_NAMES = {"S": N_("spades"), "H": N_("hearts"), "D": N_("diamonds"), "C": N_("clubs")}
RED_SUITS = ("H", "D")
# Other ways the API reads a rank. The French letters R (roi), D (dame) and V (valet) are not among them: the API
# reads English letters only, and "RC" is no king of clubs (a French reader means the king of hearts, roi de cœur).
# A page reads only its reader's letters (``Notation``).
RANK_ALIASES = {"1": "A", "T": "10", "JOKER": JOKER}
FRENCH_RANK_LETTERS = {"R": "K", "D": "Q", "V": "J"}  # what a stored round of before 2026-11-27 meant by them
CARD_KEYS = frozenset({"cards", "melded", "left"})  # where a round's data holds cards (a list, or one string)
FRENCH_RANK_CARD = re.compile(r"([RDVrdv])(\S?)")  # a French rank letter, then a suit or nothing
# Characters a phone may put in a card without showing them: the emoji form of a suit (♠️ is ♠ and U+FE0F) is the suit.
# The emoji form of a suit (♠️) is the suit, and so are the other signs a phone's emoji keyboard offers first (❤️, and
# the white suits ♡ ♢ ♧ ♤): each reads as its suit's sign.
# The page's card helper reads them alike, from its data-deck (``deck``: "unseen" and "other_signs").
UNSEEN = "\ufe0e\ufe0f"  # the text and emoji styles of a sign
OTHER_SIGNS = {"❤": "♥", "♡": "♥", "♢": "♦", "♧": "♣", "♤": "♠"}
PRESENTATION = str.maketrans({**dict.fromkeys(UNSEEN), **OTHER_SIGNS})




@dataclass(frozen=True)
class Notation:
    """How a reader types cards on a page: the letters of the ranks and of the suits, in one language.

    The API and stored rounds always use English letters (``parse_card``); a page reads its reader's
    letters (``read_typed``) and stores the API's. The suit symbols read in every language.
    """

    ranks: Mapping[str, str]  # a rank as typed -> the rank ("V" -> "J"); upper case
    suits: Mapping[str, str]  # a suit as typed -> the suit ("CO" -> "H"); upper case
    traps: Mapping[str, str] = field(default_factory=dict)  # a last letter that means another suit elsewhere -> why
    rank_traps: Mapping[str, str] = field(default_factory=dict)  # a rank letter of the other language -> why


FRENCH_RANKS = N_("V, D and R are the French letters (valet, dame, roi): on this page write J, Q or K")
ENGLISH_RANKS = N_("J, Q and K are the English letters (jack, queen, king): on this page write V, D or R")
# A page reads its own language's letters only: a rank letter of the other one is refused, never guessed (an
# English D is diamonds, a French D the queen; a French K is carreau).
ENGLISH = Notation({**{r: r for r in RANKS}, "1": "A", "T": "10", "JOKER": JOKER, JOKER: JOKER},
                   {s: s for s in SUITS}, rank_traps={"V": FRENCH_RANKS, "D": FRENCH_RANKS, "R": FRENCH_RANKS})
FRENCH = Notation(
    {**{r: r for r in RANKS if r not in ("J", "Q", "K")}, "1": "A", "V": "J", "D": "Q", "R": "K", JOKER: JOKER,
     "JOKER": JOKER},
    {"P": "S", "CO": "H", "K": "D", "T": "C"},
    {"C": N_("C is clubs in English and hearts in French: write Co for cœur or T for trèfle")},
    {"J": ENGLISH_RANKS, "Q": ENGLISH_RANKS, "K": ENGLISH_RANKS},
)
NOTATIONS = {"en": ENGLISH, "fr": FRENCH}
# The key to the letters, repeated wherever cards are typed and in every card error (French: P pique · Co cœur…).
CARD_KEY = N_("Suits: S spades · H hearts · D diamonds · C clubs, or ♠ ♥ ♦ ♣. Ranks: A 2–10 J Q K, joker X.")
# The same, where the rules refuse a joker (Gin Rummy's upcard): no letter offered that the box would refuse.
CARD_KEY_NO_JOKER = N_("Suits: S spades · H hearts · D diamonds · C clubs, or ♠ ♥ ♦ ♣. Ranks: A 2–10 J Q K.")


def notations_for_pages() -> dict[str, Any]:
    """Describe every language's letters as ``deck`` does, for the pages' scripts (a draft typed in one language
    comes back in the other's)."""
    return {language: deck(reader) for language, reader in NOTATIONS.items()}


def notation(language: str | None) -> Notation:
    """Return how a reader of ``language`` types cards (English letters for any other language)."""
    return NOTATIONS.get((language or "en")[:2], ENGLISH)


def deck(reader: Notation = ENGLISH) -> dict[str, Any]:
    """Describe how cards are written, for the pages' card helpers: ranks, suits and their signs, and how the
    reader types them (``aliases``: a typed rank -> the rank; ``letters``: a typed suit -> the suit; ``names``: the
    letter the reader writes a king, queen or jack with, where it is another; ``unseen`` and ``other_signs``: what a
    card is read without, and the other signs read as a suit's, as ``PRESENTATION`` has them)."""
    signs = {code: sign for sign, code in SUIT_SYMBOLS.items()}
    return {"ranks": [*RANKS, JOKER], "suits": {code: signs[code] for code in SUITS}, "red": list(RED_SUITS),
            "unseen": UNSEEN, "other_signs": dict(OTHER_SIGNS),
            "aliases": {typed: rank for typed, rank in reader.ranks.items() if typed != rank},
            "typed_ranks": sorted(reader.ranks), "letters": dict(reader.suits),
            "suit_letters": sorted({letters for notation in NOTATIONS.values() for letters in notation.suits}),
            "names": {rank: typed for typed, rank in reader.ranks.items() if rank in ("J", "Q", "K") and typed != rank}}


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
    raw = plain_card(text).upper()
    suit = SUIT_SYMBOLS.get(raw[-1], raw[-1]) if len(raw) > 1 else None
    if suit in SUITS:
        raw = raw[:-1]
    else:
        suit = None
    raw = RANK_ALIASES.get(raw, raw)
    if raw == JOKER:
        return Card(JOKER)
    if raw in FRENCH_RANK_LETTERS:
        raise ValueError(msg(N_("%(card)s: V, D and R are the French letters (valet, dame, roi); write J, Q or K"),
                             card=shown(text.strip(), 8)))
    if raw not in RANKS:
        raise ValueError(msg(N_("%(card)s is not a card; write cards like 10H, QS, X or 7"), card=shown(text.strip(), 8)))
    return Card(raw, suit)


def in_english_letters(data: Any, cards: bool = False) -> Any:
    """Write the cards of a round's data as the API reads them since 2026-11-27, with the English rank letter a French
    one (R, D, V) was read as before (R: K, D: Q, V: J); everything else as it is. For rounds stored or exported
    before (migration 0011, ``flask import``), whose scores stay what they were."""
    if isinstance(data, dict):
        return {key: in_english_letters(value, key in CARD_KEYS) for key, value in data.items()}
    if isinstance(data, list):
        return [in_english_letters(item, cards) for item in data]
    if cards and isinstance(data, str):  # one card, or several in one string ("RC D 10D", as parse_cards reads them)
        return re.sub(r"[^\s,]+", lambda found: english_card(found.group(0)), data)
    return data


def english_card(text: str) -> str:
    """Write one card with the English rank letter a French one was read as ("RC": "KC"); any other as it is."""
    found = FRENCH_RANK_CARD.fullmatch(text)
    return FRENCH_RANK_LETTERS[found.group(1).upper()] + found.group(2) if found else text


def plain_card(text: str) -> str:
    """Return a card as typed without spaces and the emoji form of a suit (♠️), or raise ValueError(Msg) when it holds
    a character that does not show (pasted with it): the card would read as something else, or as nothing."""
    raw = text.strip().translate(PRESENTATION)
    if any(unicodedata.category(c) in ("Cc", "Cf") for c in raw):
        raise ValueError(msg(N_("%(card)s holds a character that does not show (pasted with it?): type the card "
                                "again"), card=shown(raw, 8)))
    return raw


def read_typed(text: str, reader: Notation, key: str = CARD_KEY) -> Card:
    """Read one card as a reader typed it on a page ("V♥", "VCo", "10P" in French); raise ValueError(Msg) if not,
    saying how cards are written in its box (``key``: a box that counts no joker offers none).

    A letter that means another suit in another language (a French C) is refused, never guessed.
    """
    raw = plain_card(text).upper()
    rank, suit = raw, None
    if len(raw) > 1 and raw[-1] in SUIT_SYMBOLS:
        rank, suit = raw[:-1], SUIT_SYMBOLS[raw[-1]]
    else:
        for letters in sorted(reader.suits, key=len, reverse=True):
            before = raw[:-len(letters)]
            if raw.endswith(letters) and (before in reader.ranks or before in reader.rank_traps):
                rank, suit = before, reader.suits[letters]
                break
        else:
            if english_rank_and_suit(raw, reader):  # "JC" on a French page: a jack of clubs in English letters
                rank = raw[:1]
            elif len(raw) > 1 and raw[:-1] in reader.ranks and raw[-1] in reader.traps:
                raise ValueError(msg(N_("%(card)s: %(why)s. %(key)s"), card=shown(text.strip(), 8),
                                     why=Msg(reader.traps[raw[-1]]), key=Msg(key)))
    if rank not in reader.ranks and rank in reader.rank_traps:
        raise ValueError(msg(N_("%(card)s: %(why)s. %(key)s"), card=shown(text.strip(), 8),
                             why=Msg(reader.rank_traps[rank]), key=Msg(key)))
    if rank not in reader.ranks or (suit and reader.ranks[rank] == JOKER):
        raise ValueError(msg(N_("%(card)s is not a card. %(key)s"), card=shown(text.strip(), 8), key=Msg(key)))
    rank = reader.ranks[rank]
    return Card(rank) if rank == JOKER else Card(rank, suit)


def english_rank_and_suit(raw: str, reader: Notation) -> bool:
    """Say whether ``raw`` is a rank letter of the other language followed by a suit letter of either ("JC", "QS",
    "KH" on a French page), which is refused with that rank's key as the rank alone is, not as no card at all."""
    suits = {letters for notation in NOTATIONS.values() for letters in notation.suits}
    return raw not in reader.ranks and raw[:1] in reader.rank_traps and raw[1:] in suits


def typed_cards(text: str, reader: Notation, path: str, key: str = CARD_KEY) -> list[str]:
    """Read the cards typed in one box (spaces or commas between them) and write them as the API does."""
    try:
        return [str(read_typed(part, reader, key)) for part in text.replace(",", " ").split()]
    except ValueError as exc:
        raise RulesError({path: exc.args[0]}) from None


def written(card: Card | str, letters: Mapping[str, str] | None = None) -> str:
    """Write a card for a reader: the rank in their letters (``letters``: rank -> letter) and the suit's symbol."""
    if isinstance(card, str):
        card = parse_card(card)
    signs = {code: sign for sign, code in SUIT_SYMBOLS.items()}
    if card.is_joker:
        return JOKER  # typed back as it reads
    return (letters or {}).get(card.rank, card.rank) + (signs[card.suit] if card.suit else "")


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


def alone(names: Names) -> bool:
    """Say whether one player holds the cards a message is about ("Ann holds", not "Ann hold … between them")."""
    return len(names.names) == 1


def check_packs(hands: Sequence[tuple[str, Sequence[Card]]], packs: int, jokers: int, path: str = "players") -> None:
    """Raise a RulesError naming ``path`` when the cards are more than the packs hold, and who holds them.

    ``hands`` is each player's name with the cards written for them.
    """
    def holders(match: Callable[[Card], bool]) -> Names:
        return Names(tuple(dict.fromkeys(name for name, cards in hands for card in cards if match(card))))

    cards = [card for _, cards in hands for card in cards]
    ranks = Counter(c.rank for c in cards)
    found: list[Msg] = []  # every card too many, said in one refusal: fixed at once, not one per Save
    if ranks[JOKER] > jokers:
        names = holders(lambda c: c.is_joker)
        found.append(nmsg("%(names)s holds %(got)s jokers; the pack holds %(most)s",
                          "%(names)s holds %(got)s jokers; the packs hold %(most)s", packs,
                          names=names, got=ranks[JOKER], most=jokers) if alone(names) else
                     nmsg("%(names)s hold %(got)s jokers between them; the pack holds %(most)s",
                          "%(names)s hold %(got)s jokers between them; the packs hold %(most)s", packs,
                          names=names, got=ranks[JOKER], most=jokers))
    for rank, count in ranks.items():
        if rank != JOKER and count > 4 * packs:
            names = holders(lambda c: c.rank == rank)
            said = dict(names=names, got=count, rank=CardText(rank), most=4 * packs)
            found.append(nmsg("%(names)s holds %(got)s cards of rank %(rank)s; the pack holds %(most)s",
                              "%(names)s holds %(got)s cards of rank %(rank)s; the packs hold %(most)s", packs, **said)
                         if alone(names) else
                         nmsg("%(names)s hold %(got)s cards of rank %(rank)s between them; the pack holds %(most)s",
                              "%(names)s hold %(got)s cards of rank %(rank)s between them; the packs hold %(most)s",
                              packs, **said))
    for card, count in Counter(c for c in cards if c.suit).items():
        if count > packs:
            names = holders(lambda c: c == card)
            if packs == 1 and count == 2 and len(names.names) == 2:
                found.append(msg(N_("%(names)s both hold the %(card)s; one pack holds one"),
                                 names=names, card=CardText(str(card))))
            elif alone(names):
                found.append(nmsg("%(names)s holds the %(card)s %(got)s times; one pack holds it once",
                                  "%(names)s holds the %(card)s %(got)s times; the %(num)s packs hold it %(num)s times",
                                  packs, names=names, card=CardText(str(card)), got=count))
            else:
                found.append(nmsg("%(names)s hold the %(card)s %(got)s times; one pack holds it once",
                                  "%(names)s hold the %(card)s %(got)s times; the %(num)s packs hold it %(num)s times",
                                  packs, names=names, card=CardText(str(card)), got=count))
    if found:
        raise RulesError({path: reduce(lambda said, more: msg(N_("%(said)s; %(more)s"), said=said, more=more), found)})


def equal_runs(values: Mapping[str, int], ranks: Sequence[str] = RANKS) -> list[list[str]]:
    """Group neighbouring ranks of equal value, in rank order: [["A"], ["2", ..., "9"], ["10", ..., "K"]]."""
    runs: list[list[str]] = []
    for rank in ranks:
        if runs and values[runs[-1][-1]] == values[rank]:
            runs[-1].append(rank)
        else:
            runs.append([rank])
    return runs


def values_line(defaults: Mapping[str, int], overrides: Mapping[str, int], skip_face: bool = False) -> CardsLine:
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
    return CardsLine(" · ".join(parts).replace("=-", "=−"))
