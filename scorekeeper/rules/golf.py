"""Golf, in its 4, 6, 8 and 9-card forms, with the house rules tables play by.

Choices where the spec is silent:
- Under ``all``, one-eyed jacks are not wild: the rule cancels repeated ranks only.
- ``minus_players`` takes off the number of players still in the hole.
- In the quarters game a hole that would put out every player left ends the game,
  and those players share the win.
- ``double_plus5`` adds its 5 to a failed knock's score even when the score is 0 or below;
  only the doubling waits for a score above 0 (games.md: doubling never rewards a failed knock).
- The pot: the money is counted to the cent; a hole with no knocker leaves it as it is, and
  after a knocker takes it, everyone still in puts ``pot_stake`` in again.
- A score typed instead of cards must lie between the lowest and the highest a real layout can
  make, with no more copies of a card than the packs hold: both are exact under every pairing
  rule (under ``lines`` or ``columns`` the costly cards must lie where they cannot pair), found
  once per set of options by a search over the hands the packs can deal.
- With 9 cards a row and a column of three equal cards can share a card (two packs): both score 0, so the
  five cards all do. A one-eyed jack that is wild completes a line of three, as it completes a pair.
- ``four_bonus`` counts once for each four cards of one rank that all cancel (eight equal cards: twice). One-eyed
  jacks that are wild are still jacks: it is the cards of one rank that make the four, not what they cancel with.
  With ``negative_pairs`` ``keep`` four jokers keep their value and do not cancel, so they earn no bonus. A bonus
  takes points off: it is 0 or below (a positive one is refused with how to write it).
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import Enum
from functools import cache
from itertools import combinations, permutations
from typing import Any

from .base import BaseRules, outlasting, went_out
from .cards import (JOKER, RANKS, SUITS, Card, card_value, check_packs, parse_cards, suit_needed, value_key,
                    values_in_force, values_line, written)
from .messages import N_, Amount, CardText, Msg, RulesError, fail, gather, msg, nmsg
from .options import (Option, Preset, bool_option, choice_option, enum_option, first_dealer_option, int_option, mapping_option,
                      number_option, per_options)
from .paper import (OPEN_ROWS, Jar, Key, Layout, Plan, Row, RuleTable, cut_short, joker_line, numbered, score_chars,
                    signed_value, value_runs)
from .reading import missing_entry, need_entries, need_int, need_object, need_seat, out_of_the_game, stored_seat
from .spec import (HOLE_WORDS, DataKeys, Example, Field, FieldKind, GameSpec, Measure, Record, Scope, Table, Turn,
                   option_line)

DEFAULT_VALUES = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10,
                  "J": 10, "Q": 10, "K": 0, "X": -5}
ONE_EYED_JACKS = (Card("J", "S"), Card("J", "H"))


class Pairs(Enum):
    """How equal cards in a layout cancel."""

    NONE = "none"
    PAIRS = "pairs"
    LINES = "lines"
    COLUMNS = "columns"
    ALL = "all"


class NegativePairs(Enum):
    """Under ``all``: whether repeated cards worth less than 0 cancel too."""

    CANCEL = "cancel"
    KEEP = "keep"


class KnockPenalty(Enum):
    """What a knocker who is not lowest scores."""

    NONE = "none"
    ADD10 = "add10"
    DOUBLE = "double"
    DOUBLE_PLUS5 = "double_plus5"
    HIGHEST = "highest"


class KnockBonus(Enum):
    """What a knocker who is lowest scores."""

    NONE = "none"
    ZERO = "zero"
    MINUS_PLAYERS = "minus_players"


WILD_JACKS_PAIR = (Pairs.PAIRS, Pairs.LINES, Pairs.COLUMNS)  # the rules under which a one-eyed jack can pair

PAIR_LABELS = {
    Pairs.NONE: N_("never"),
    Pairs.PAIRS: N_("pairs, anywhere in the layout"),
    Pairs.LINES: N_("pairs in a row or column"),
    Pairs.COLUMNS: N_("pairs in a column"),
    Pairs.ALL: N_("every card of a repeated rank"),
}

PAIR_RULES = {
    Pairs.NONE: N_("equal cards do not cancel"),
    Pairs.PAIRS: N_("a pair of equal cards scores 0, wherever they lie"),
    Pairs.LINES: N_("a pair scores 0 in the same row or column"),
    Pairs.COLUMNS: N_("a pair scores 0 in the same column"),
    Pairs.ALL: N_("every card whose rank appears twice or more scores 0"),
}

# With 9 cards a line holds three, and only three equal cards cancel in it.
LINE_RULES = {
    Pairs.LINES: N_("a row or column of three equal cards scores 0"),
    Pairs.COLUMNS: N_("a column of three equal cards scores 0"),
}

# Positions are numbered from 0: 4 cards [0 1 / 2 3], 6 cards [0 1 2 / 3 4 5], 8 cards [0 1 2 3 / 4 5 6 7],
# 9 cards [0 1 2 / 3 4 5 / 6 7 8].
ROWS = {4: ((0, 1), (2, 3)), 6: ((0, 1, 2), (3, 4, 5)), 8: ((0, 1, 2, 3), (4, 5, 6, 7)),
        9: ((0, 1, 2), (3, 4, 5), (6, 7, 8))}
COLUMNS = {4: ((0, 2), (1, 3)), 6: ((0, 3), (1, 4), (2, 5)), 8: ((0, 4), (1, 5), (2, 6), (3, 7)),
           9: ((0, 3, 6), (1, 4, 7), (2, 5, 8))}
HELP_ORDER = {
    4: N_("Cards in order: top row 1 2, bottom row 3 4"),
    6: N_("Cards in order: top row 1 2 3, bottom row 4 5 6"),
    8: N_("Cards in order: top row 1 2 3 4, bottom row 5 6 7 8"),
    9: N_("Cards in order: top row 1 2 3, middle row 4 5 6, bottom row 7 8 9"),
}


def in_threes(layout: int, pairs: Pairs) -> bool:
    """Say whether equal cards cancel by whole lines of three (9 cards, in a column or a row or column)."""
    return layout == 9 and pairs in (Pairs.LINES, Pairs.COLUMNS)


def pair_rule(layout: int, pairs: Pairs) -> str:
    """Return what cancels under the pairing rule, in table words, for a layout of this size."""
    return LINE_RULES[pairs] if in_threes(layout, pairs) else PAIR_RULES[pairs]


def unused_without_knocking(*options: Option) -> tuple[Option, ...]:
    """Mark the knocking rules as not asked under the quarters game's house sheet (nobody knocks)."""
    return tuple(replace(option, unused_when=("preset", "quarters")) for option in options)


SPEC = GameSpec(
    key="golf",
    name=N_("Golf"),
    min_players=2,
    max_players=12,
    measure=Measure.LOWEST_TOTAL,
    rounds=HOLE_WORDS,
    summary=N_("Four to nine cards face down; swap them for low ones. Lowest total wins."),
    aliases=(N_("Four-card Golf"), N_("Six-card Golf"), N_("Eight-card Golf"), N_("Nine-card Golf")),
    length=N_("9 holes: about 30 minutes"),
    style=N_("Luck, memory and a little nerve"),
    options=(
        first_dealer_option(),
        choice_option("layout", N_("Cards in each layout"), 4, {4: N_("4 cards (2 × 2)"), 6: N_("6 cards (2 rows of 3)"),
                                                               8: N_("8 cards (2 rows of 4)"),
                                                               9: N_("9 cards (3 rows of 3)")}),
        int_option("holes", N_("Holes"), None, 1, 100, nullable=True,
                   help=N_("9 unless you play to a target or the quarters game")),
        int_option("target", N_("Play to a target"), None, 1, 10000, nullable=True, unset=N_("no target"),
                   help=N_("End when a total reaches this; lowest total wins")),
        mapping_option("values", N_("Card values"), value_key, help=N_("Like Q=12, QS=40, J=0")),
        enum_option("pairs", N_("Equal cards cancel"), None, PAIR_LABELS,
                    help=N_("no cancelling with 4 cards, in a column with more; with 9 cards, three equal cards "
                            "in a line")),
        enum_option("negative_pairs", N_("Repeated cards worth less than 0"), NegativePairs.CANCEL, {
            NegativePairs.CANCEL: N_("score 0 like the others"),
            NegativePairs.KEEP: N_("keep their value (two jokers: −10)"),
        }, help=N_("Only when every card of a repeated rank scores 0; otherwise you never cancel them")),
        replace(int_option("four_bonus", N_("Four of a kind that cancel"), 0, -100, 100,
                           help=N_("Added to a layout whose four cards of one rank all cancel, like −20; 0: no bonus")),
                signed=True),
        bool_option("one_eyed_jacks_wild", N_("One-eyed jacks are wild"), False,
                    help=N_("Needs a rule under which equal cards cancel")),
        *unused_without_knocking(
            enum_option("knock_penalty", N_("Knocker not lowest"), KnockPenalty.NONE, {
                KnockPenalty.NONE: N_("scores as usual"),
                KnockPenalty.ADD10: N_("adds 10"),
                KnockPenalty.DOUBLE: N_("scores double (a score above 0)"),
                KnockPenalty.DOUBLE_PLUS5: N_("scores double (a score above 0) plus 5"),
                KnockPenalty.HIGHEST: N_("takes the hole's highest score"),
            }),
            enum_option("knock_bonus", N_("Knocker lowest"), KnockBonus.NONE, {
                KnockBonus.NONE: N_("scores as usual"),
                KnockBonus.ZERO: N_("scores 0 (or less, if the layout is below 0)"),
                KnockBonus.MINUS_PLAYERS: N_("takes off the number of players"),
            })),
        int_option("look_cost", N_("Points per look at a face-down card"), 0, 0, 50),
        int_option("quarters", N_("Quarters each (elimination game)"), None, 1, 50, nullable=True,
                   unset=N_("not played")),
        int_option("packs", N_("Packs shuffled together"), None, 1, 10, nullable=True),
        *unused_without_knocking(
            number_option("pot_stake", N_("Money each puts in the pot"), None, 0.01, 1000, nullable=True,
                          unset=N_("no pot"),
                          help=N_("A knocker who is lowest takes the pot; one who is not doubles it")),
            number_option("pot_cap", N_("Most a failed knocker pays into the pot"), None, 0.01, 100000,
                          nullable=True, unset=N_("no limit"), help=N_("Empty: no limit"))),
    ),
    presets={
        "six_card": Preset(N_("6-card Golf (pairs cancel in a column)"), {"layout": 6, "pairs": "columns"}),
        "quarters": Preset(N_("The quarters game (4 quarters each; a card turned up each turn, no knocking; "
                              "repeated cards score 0; jokers 0)"),
                           {"quarters": 4, "pairs": "all", "values": {"X": 0}}),
    },
)


@dataclass(frozen=True)
class GolfOptions:
    """The house rules of one game of Golf, typed."""

    first_dealer: int
    layout: int
    holes: int | None
    target: int | None
    values: Mapping[str, int]
    pairs: Pairs
    negative_pairs: NegativePairs
    four_bonus: int
    one_eyed_jacks_wild: bool
    knock_penalty: KnockPenalty
    knock_bonus: KnockBonus
    look_cost: int
    quarters: int | None
    packs: int
    pot_stake: float | None
    pot_cap: float | None


@dataclass(frozen=True)
class GolfState:
    """Totals so far, quarters left, and the quarters in the jar."""

    totals: tuple[int, ...]
    quarters: tuple[int, ...] | None
    holes: int = 0
    out_together: tuple[int, ...] = ()  # seats that went out on the last hole
    pot: float = 0.0  # the money in the pot (the pot game)
    money: tuple[float, ...] = ()  # per seat: won from the pot minus put in
    doubled: int | None = None  # the seat whose failed knock was doubled on the last hole
    lasted: tuple[int, ...] = ()  # the quarters game: per seat, the hole on which they paid their last quarter


def cents(amount: float) -> float:
    """Round money to the cent."""
    return round(amount, 2)


def can_pair(a: Card, b: Card, wild: bool) -> bool:
    """Say whether two cards may cancel each other (equal ranks, or a wild one-eyed jack)."""
    return a.rank == b.rank or (wild and (a in ONE_EYED_JACKS or b in ONE_EYED_JACKS))


def allowed_positions(layout: int, pairs: Pairs) -> set[tuple[int, int]]:
    """Return the position pairs that may cancel under the pairing rule."""
    if pairs is Pairs.PAIRS:
        return {(i, j) for i in range(layout) for j in range(i + 1, layout)}
    lines = COLUMNS[layout] + (ROWS[layout] if pairs is Pairs.LINES else ())
    return {(i, j) for line in lines for i in line for j in line if i < j}


def layout_score(cards: Sequence[Card], options: GolfOptions) -> int:
    """Score one layout: the lowest total reachable by cancelling what the rule allows, with any bonus for fours."""
    values = [card_value(c, DEFAULT_VALUES, options.values) for c in cards]
    pairs = options.pairs
    if pairs is Pairs.ALL:
        ranks = [c.rank for c in cards]
        keep = options.negative_pairs is NegativePairs.KEEP
        gone = [i for i, v in enumerate(values) if ranks.count(ranks[i]) > 1 and not (keep and v < 0)]
        return sum(v for i, v in enumerate(values) if i not in gone) + fours_bonus(cards, gone, options)
    if pairs is Pairs.NONE:
        return sum(values)
    if in_threes(len(cards), pairs):
        return lines_score(cards, values, options)
    allowed = allowed_positions(len(cards), pairs)
    wild = options.one_eyed_jacks_wild
    if options.four_bonus:
        return min(sum(v for i, v in enumerate(values) if i not in gone) + fours_bonus(cards, gone, options)
                   for gone in cancellings(cards, allowed, wild))

    @cache
    def best(free: tuple[int, ...]) -> int:
        if not free:
            return 0
        first, rest = free[0], free[1:]
        score = values[first] + best(rest)
        for other in rest:
            if (first, other) in allowed and can_pair(cards[first], cards[other], wild):
                score = min(score, best(tuple(p for p in rest if p != other)))
        return score

    return best(tuple(range(len(cards))))


def cancellings(cards: Sequence[Card], allowed: set[tuple[int, int]], wild: bool) -> list[tuple[int, ...]]:
    """Return every way of cancelling disjoint pairs the rule allows: the places of the cards that score 0."""
    def ways(free: tuple[int, ...]) -> list[tuple[int, ...]]:
        if not free:
            return [()]
        first, rest = free[0], free[1:]
        found = ways(rest)
        for other in rest:
            if (first, other) in allowed and can_pair(cards[first], cards[other], wild):
                found += [(first, other, *way) for way in ways(tuple(p for p in rest if p != other))]
        return found

    return ways(tuple(range(len(cards))))


def lines_score(cards: Sequence[Card], values: Sequence[int], options: GolfOptions) -> int:
    """Score 9 cards whose lines of three cancel whole: the lowest total over the equal lines the player cancels."""
    lines = COLUMNS[9] + (ROWS[9] if options.pairs is Pairs.LINES else ())
    return cancel_lines(cards, values, [line for line in lines if all_equal([cards[i] for i in line],
                                                                            options.one_eyed_jacks_wild)], options)


def cancel_lines(cards: Sequence[Card], values: Sequence[int], equal: Iterable[Iterable[int]],
                 options: GolfOptions) -> int:
    """Return the lowest total when the player cancels any of the ``equal`` lines (places of three alike)."""
    equal = list(equal)
    best = sum(values)
    for n in range(1, len(equal) + 1):
        for chosen in combinations(equal, n):
            gone = set().union(*chosen)
            best = min(best, sum(v for i, v in enumerate(values) if i not in gone) + fours_bonus(cards, gone, options))
    return best


def all_equal(cards: Sequence[Card], wild: bool) -> bool:
    """Say whether cards of a line are all alike: one rank, a wild one-eyed jack standing for any."""
    return len({c.rank for c in cards if not (wild and c in ONE_EYED_JACKS)}) <= 1


def fours_bonus(cards: Sequence[Card], gone: Iterable[int], options: GolfOptions) -> int:
    """Return the bonus for the fours of one rank among the cancelled cards (places ``gone``)."""
    if not options.four_bonus:
        return 0
    ranks = Counter(cards[i].rank for i in gone)
    return options.four_bonus * sum(n // 4 for n in ranks.values())


def the_packs(options: GolfOptions) -> list[Card]:
    """Return every card of the packs in play, jokers in (two a pack)."""
    one = [Card(rank, suit) for rank in RANKS for suit in SUITS] + [Card(JOKER), Card(JOKER)]
    return one * options.packs


@per_options
def score_range(options: GolfOptions) -> tuple[int, int]:
    """Return the lowest and the highest score a real layout can make under the values and pairing in force."""
    kinds = card_kinds(options)
    return -extreme_layout(kinds, options, -1), extreme_layout(kinds, options, 1)


def card_kinds(options: GolfOptions) -> list[tuple[Card, int, int]]:
    """Group the packs' cards that score and pair alike: (a card of the kind, its value, how many the packs hold)."""
    kinds: dict[tuple[str, int, bool], list[Any]] = {}
    for card in the_packs(options):
        value = card_value(card, DEFAULT_VALUES, options.values)
        wild = options.one_eyed_jacks_wild and card in ONE_EYED_JACKS
        kinds.setdefault((card.rank, value, wild), [card, value, 0])[2] += 1
    return [(card, value, count) for card, value, count in kinds.values()]


@cache
def arrangements(layout: int, pairs: Pairs) -> tuple[tuple[int, ...], ...]:
    """Return the ways of laying out cards 0..layout-1 that the pairing rule tells apart: the card in each place.

    Two ways are alike when the same cards share each line the rule looks at (the pairs it allows, or with 9 cards
    the lines of three), as when the rows are swapped or the columns moved. Such a move can bring any place to the
    first, so card 0 always lies there.
    """
    lines = ((*COLUMNS[layout], *(ROWS[layout] if pairs is Pairs.LINES else ())) if in_threes(layout, pairs)
             else tuple(allowed_positions(layout, pairs)))
    ways: dict[frozenset[frozenset[int]], tuple[int, ...]] = {}
    for rest in permutations(range(1, layout)):
        order = (0, *rest)
        ways.setdefault(frozenset(frozenset(order[p] for p in line) for line in lines), order)
    return tuple(ways.values())


@cache
def hand_lines(layout: int, pairs: Pairs) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """For each way of ``arrangements`` of 9 cards, its lines of three as the cards (0..8) that lie in them."""
    lines = COLUMNS[layout] + (ROWS[layout] if pairs is Pairs.LINES else ())
    return tuple(tuple(tuple(sorted(order[p] for p in line)) for line in lines)
                 for order in arrangements(layout, pairs))


@cache
def line_masks(layout: int, pairs: Pairs) -> tuple[int, ...]:
    """For each way of laying out cards 0..layout-1 that the pairing rule tells apart, which cards share a line.

    Cards ``a < b`` sharing a line are bit ``a * layout + b`` of a mask.
    """
    allowed = allowed_positions(layout, pairs)
    return tuple(sorted({sum(1 << bit(*pair(order[i], order[j]), layout) for i, j in allowed)
                         for order in arrangements(layout, pairs)}))


def pair(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a < b else (b, a)


def bit(a: int, b: int, layout: int) -> int:
    return a * layout + b


@cache
def touching(layout: int) -> dict[int, int]:
    """For each pair of cards (a bit, as in ``line_masks``), the mask of the pairs that share a card with it."""
    pairs = list(combinations(range(layout), 2))
    return {1 << bit(a, b, layout): sum(1 << bit(c, d, layout) for c, d in pairs if {a, b} & {c, d})
            for a, b in pairs}


def best_saving(edges: int, points: Mapping[int, int], touches: Mapping[int, int], kept: dict[int, int]) -> int:
    """Return the most points disjoint pairs among ``edges`` can cancel (``points``: pair bit -> its points)."""
    if not edges:
        return 0
    if edges not in kept:
        first = edges & -edges
        kept[edges] = max(best_saving(edges & ~first, points, touches, kept),
                          points[first] + best_saving(edges & ~touches[first], points, touches, kept))
    return kept[edges]


def extreme_layout(kinds: Sequence[tuple[Card, int, int]], options: GolfOptions, sign: int) -> int:
    """Return the highest (sign 1) or minus the lowest (sign -1) score of any layout the packs can deal.

    A search over the hands of ``layout`` cards, best cards first, each hand then laid out in its best
    way where the pairing rule looks at places. A layout scores at most the sum of its cards and at
    least the sum of its cards below 0 (cancelling only takes cards out) plus the bonus of the fours it
    can hold, so a branch whose bound cannot beat the best layout found is left.
    """
    k = options.layout
    kinds = sorted(kinds, key=lambda kind: -sign * kind[1])
    left = [count for _, _, count in kinds]
    ranks = [card.rank for card, _, _ in kinds]
    # What one card can add at most: its value (sign 1), or minus the part of it below 0 (sign -1).
    gain = [value if sign > 0 else -min(value, 0) for _, value, _ in kinds]
    placed = options.pairs in (Pairs.LINES, Pairs.COLUMNS)  # where the cards lie matters
    threes = in_threes(k, options.pairs)
    masks = line_masks(k, options.pairs) if placed and not threes else None
    touches = touching(k)
    bonus = -options.four_bonus if sign < 0 else 0  # what each four that cancels can take off the lowest score
    need = four_needs(options)
    best = -10**9
    hand: list[int] = []

    cap = rank_cap(options) if sign > 0 else None

    def bound(start: int, places: int) -> int:
        if cap is not None:
            return capped_bound(start, places)
        total = 0
        for i in range(start, len(kinds)):  # gains fall as i grows
            take = min(left[i], places)
            total, places = total + gain[i] * take, places - take
            if not places:
                break
        return total

    def capped_bound(start: int, places: int) -> int:
        """A hand scores at most its ``cap`` best cards of each rank (``rank_cap``): that, less what ``hand`` gains.
        Cards to come are worth no more than those held (best first)."""
        held: dict[str, list[int]] = {}
        for i in hand:
            if gain[i] > 0:
                held.setdefault(ranks[i], []).append(gain[i])
        room = {rank: cap - min(len(got), cap) for rank, got in held.items()}
        more: list[int] = []
        for i in range(start, len(kinds)):
            if gain[i] <= 0 or len(more) >= places and more[-1] >= gain[i]:
                break
            take = min(left[i], room.get(ranks[i], cap), places)
            more += [gain[i]] * take
            room[ranks[i]] = room.get(ranks[i], cap) - take
        kept = sum(sum(sorted(got, reverse=True)[:cap]) for got in held.values())
        return kept + sum(sorted(more, reverse=True)[:places]) - sum(gain[i] for i in hand)

    def fours(start: int, places: int) -> int:
        """The most fours that can cancel in a hand that has ``hand`` and takes ``places`` more from ``start`` on."""
        held = Counter(ranks[i] for i in hand)
        free = Counter()
        for i in range(start, len(kinds)):
            free[ranks[i]] += left[i]
        most = [0] * (places + 1)  # the most fours more, with at most p more cards
        for rank in set(held) | set(free):
            c, then = held[rank], most[:]
            for p in range(1, places + 1):
                for x in range(1, min(free[rank], p) + 1):
                    then[p] = max(then[p], most[p - x] + four_count(c + x, need) - four_count(c, need))
            most = then
        return sum(four_count(c, need) for c in held.values()) + most[places]

    def extra(start: int, places: int) -> int:
        return bonus * fours(start, places) if bonus and need else 0

    def laid_out() -> int:
        cards = [kinds[i][0] for i in hand]
        if not placed:
            return sign * layout_score(cards, options)
        values = [kinds[i][1] for i in hand]
        if threes or (options.four_bonus and max(Counter(c.rank for c in cards).values()) >= 4):
            return sign * laid_out_anyhow(cards, values)
        points = {1 << bit(a, b, k): values[a] + values[b] for a, b in combinations(range(k), 2)
                  if values[a] + values[b] > 0 and can_pair(cards[a], cards[b], options.one_eyed_jacks_wild)}
        pairable, kept = sum(points), {}

        def saving(mask: int) -> int:
            return best_saving(mask & pairable, points, touches, kept)

        if sign > 0:  # the layout that cancels least; a wild jack shares a line with some card wherever it lies
            least = max((values[j] + min(values[:j] + values[j + 1:]) for j, card in enumerate(cards)
                         if options.one_eyed_jacks_wild and card in ONE_EYED_JACKS), default=0)
            if sum(values) - least <= best:
                return best
            found = sum(values)
            for mask in masks:
                found = min(found, saving(mask))
                if found <= least:
                    break
            return sum(values) - found
        most = best_saving(pairable, points, touches, kept)  # as if every two cards shared a line
        if most - sum(values) <= best:
            return best
        found = 0
        for mask in masks:
            found = max(found, saving(mask))
            if found == most:
                break
        return found - sum(values)

    def laid_out_anyhow(cards: list[Card], values: list[int]) -> int:
        """The highest (sign 1) or lowest (sign -1) score of the hand over every way of laying it out."""
        total = sum(values)
        if threes and not can_line_up(cards, options.one_eyed_jacks_wild):
            return total  # no three alike: nothing can cancel
        floor = lowest_possible(cards, values, options.four_bonus, need)
        if (total if sign > 0 else -floor) <= best:
            return sign * best
        if threes:
            return lined_up(cards, values, total, floor)
        found, tried = None, set()
        for order in arrangements(k, options.pairs):
            laid = tuple(cards[i] for i in order)
            if laid in tried:
                continue
            tried.add(laid)
            score = layout_score(laid, options)
            found = score if found is None else max(found, score) if sign > 0 else min(found, score)
            if found == (total if sign > 0 else floor):
                break
        return found

    def lined_up(cards: list[Card], values: list[int], total: int, floor: int) -> int:
        """``laid_out_anyhow`` with 9 cards: ways that make the same lines of three alike score alike."""
        alike: dict[tuple[int, ...], bool] = {}
        found, tried = None, set()
        for lines in hand_lines(k, options.pairs):
            for line in lines:
                if line not in alike:
                    alike[line] = all_equal([cards[i] for i in line], options.one_eyed_jacks_wild)
            equal = frozenset(line for line in lines if alike[line])
            if equal in tried:
                continue
            tried.add(equal)
            score = cancel_lines(cards, values, equal, options)
            found = score if found is None else max(found, score) if sign > 0 else min(found, score)
            if found == (total if sign > 0 else floor):
                break
        return found

    def search(start: int, partial: int) -> None:
        nonlocal best
        if len(hand) == k:
            if (partial if sign > 0 or not extra(start, 0) else
                    -lowest_possible([kinds[i][0] for i in hand], [kinds[i][1] for i in hand], options.four_bonus,
                                     need)) > best:
                best = max(best, laid_out())
            return
        if partial + bound(start, k - len(hand)) + extra(start, k - len(hand)) <= best:
            return
        for i in range(start, len(kinds)):
            if left[i]:
                left[i] -= 1
                hand.append(i)
                search(i, partial + gain[i])
                hand.pop()
                left[i] += 1

    def seed() -> None:
        """Lay out first the best hand that keeps at most ``cap`` cards of a rank (with and without wild jacks):
        most often the highest, so that the bound leaves every other hand."""
        nonlocal best
        for wild in (True, False):  # and once without wild jacks, which pair with anything
            for i in range(len(kinds)):
                if wild or not (options.one_eyed_jacks_wild and kinds[i][0] in ONE_EYED_JACKS):
                    take = min(left[i], k - len(hand), cap - sum(ranks[j] == ranks[i] for j in hand))
                    hand.extend([i] * max(take, 0))
            if len(hand) == k:
                best = max(best, laid_out())
            hand.clear()

    if cap is not None:
        seed()
    search(0, 0)
    return best


def rank_cap(options: GolfOptions) -> int | None:
    """Return how many cards worth more than 0 of one rank a layout can leave to count at most (None: no limit).

    Two such cards in one line the rule looks at would cancel, and the player cancels what lowers the score; with 9
    cards a line cancels only when all three are alike, so it keeps two. The rows (or columns) cover the layout, so
    a rank keeps at most one card (or two) a row. Wild one-eyed jacks change nothing: two cards of one rank pair.
    """
    if options.pairs is Pairs.NONE:
        return None
    if options.pairs in (Pairs.PAIRS, Pairs.ALL):
        return 1
    if in_threes(options.layout, options.pairs):
        return 6
    columns = len(COLUMNS[options.layout])
    return min(columns, len(ROWS[options.layout])) if options.pairs is Pairs.LINES else columns


def four_needs(options: GolfOptions) -> int | None:
    """Return how many cards of one rank a layout needs for four of them to cancel (None: four never cancel).

    With 9 cards cancelling by lines of three, four alike need two lines: five cards for a row and a column, six
    for two columns, unless a wild one-eyed jack fills a line.
    """
    if options.pairs is Pairs.NONE or not options.four_bonus:
        return None
    if in_threes(options.layout, options.pairs) and not options.one_eyed_jacks_wild:
        return 5 if options.pairs is Pairs.LINES else 6
    return 4


def lowest_possible(cards: Sequence[Card], values: Sequence[int], bonus: int, need: int | None) -> int:
    """Return a score no layout of these cards can go below: rank by rank, the cards that do not cancel count at
    least their part below 0, and those that cancel earn the bonus of their fours (the costliest cancel first)."""
    floor = 0
    for rank in {c.rank for c in cards}:
        own = sorted((v for c, v in zip(cards, values) if c.rank == rank), reverse=True)
        floor += min(sum(min(v, 0) for v in own[gone:]) + bonus * four_count(gone, need) for gone in range(len(own) + 1))
    return floor


def four_count(n: int, need: int | None) -> int:
    """Return the fours that ``n`` cards of one rank can make cancel, when it takes ``need`` of them for one."""
    return n // 4 if need and n >= need else 0


def can_line_up(cards: Sequence[Card], wild: bool) -> bool:
    """Say whether some three of the cards are alike (a wild one-eyed jack standing for any)."""
    jacks = sum(wild and c in ONE_EYED_JACKS for c in cards)
    ranks = Counter(c.rank for c in cards if not (wild and c in ONE_EYED_JACKS))
    return jacks >= 3 or any(n + jacks >= 3 for n in ranks.values())


def default_packs(layout: int, players: int) -> int:
    """Return the packs a table shuffles together: with 4 or 6 cards two from 8 players; with 8 or 9 cards two from
    5 players and three from 9."""
    if layout <= 6:
        return 2 if players >= 8 else 1
    return 1 if players <= 4 else 2 if players <= 8 else 3


def knocks(options: GolfOptions) -> bool:
    """Say whether anyone knocks: not in the quarters game as its house sheet plays it (a card is turned face up on
    each turn and the hole ends when every card is face up), unless the table gives a knock a rule or a pot."""
    return options.quarters is None or options.knock_bonus is not KnockBonus.NONE \
        or options.knock_penalty is not KnockPenalty.NONE or options.pot_stake is not None


def knock_adjusted(scores: Sequence[int | None], knocker: int | None, options: GolfOptions) -> list[int | None]:
    """Apply the knock rule to a hole's layout scores (None: a seat out of the game)."""
    if knocker is None:
        return list(scores)
    played = [s for s in scores if s is not None]
    own = scores[knocker]
    assert own is not None
    out = list(scores)
    if knocker_is_lowest(scores, knocker):
        bonus = options.knock_bonus
        if bonus is KnockBonus.ZERO:
            out[knocker] = min(own, 0)  # never more than the layout: a good knock is not punished
        elif bonus is KnockBonus.MINUS_PLAYERS:
            out[knocker] = own - len(played)
        return out
    doubled = own * 2 if own > 0 else own  # doubling a score of 0 or below would reward a failed knock
    out[knocker] = {
        KnockPenalty.NONE: own,
        KnockPenalty.ADD10: own + 10,
        KnockPenalty.DOUBLE: doubled,
        KnockPenalty.DOUBLE_PLUS5: doubled + 5,
        KnockPenalty.HIGHEST: max(played),
    }[options.knock_penalty]
    return out


def knocker_is_lowest(scores: Sequence[int | None], knocker: int) -> bool:
    """Say whether no other layout scored lower than the knocker's (a tie counts as lowest)."""
    own = scores[knocker]
    return own is not None and all(own <= s for s in scores if s is not None)


def was_doubled(scores: Sequence[int | None], knocker: int | None, options: GolfOptions) -> bool:
    """Say whether the knock rule doubled the knocker's score this hole."""
    if knocker is None or knocker_is_lowest(scores, knocker):
        return False
    own = scores[knocker] or 0
    return options.knock_penalty in (KnockPenalty.DOUBLE, KnockPenalty.DOUBLE_PLUS5) and own > 0


class GolfRules(BaseRules):
    """Golf: lowest total after the holes, at a target, or last player holding quarters."""

    spec = SPEC
    options_type = GolfOptions
    data_keys = DataKeys(frozenset({"players", "knocker"}), frozenset({"cards", "score", "looks"}))
    example = Example(3, {"holes": 2, "knock_penalty": "double"}, (
        {"players": [{"cards": ["K", "5", "5", "Q"]}, {"cards": ["A", "2", "3", "4"]}, {"score": 7}], "knocker": 1},
        {"players": [{"cards": ["K", "K", "A", "A"]}, {"score": 30}, {"cards": ["7", "7", "7", "7"]}],
         "knocker": None},
    ), winners=(0,))

    def settle_options(self, options: dict[str, Any], players: int) -> dict[str, Any]:
        if options["pairs"] is None:
            options["pairs"] = Pairs.NONE if options["layout"] == 4 else Pairs.COLUMNS
        if options["holes"] is None and options["target"] is None and options["quarters"] is None:
            options["holes"] = 9
        if options["packs"] is None:
            options["packs"] = default_packs(options["layout"], players)
        if options["four_bonus"] > 0:
            raise fail("options.four_bonus", N_("a bonus takes points off the layout: write it below 0, like "
                                                "−20 (or 0 for none)"))
        if options["one_eyed_jacks_wild"] and options["pairs"] not in WILD_JACKS_PAIR:
            raise fail("options.one_eyed_jacks_wild", N_("wild jacks need a rule to pair under: choose pairs "
                                                         "anywhere, in a row or column, or in a column"))
        if options["pot_cap"] is not None and options["pot_stake"] is None:
            raise fail("options.pot_cap", N_("a limit on the pot needs a pot: give the money each puts in"))
        return options

    def start(self, table: Table) -> GolfState:
        quarters, stake = table.options.quarters, table.options.pot_stake or 0
        return GolfState((0,) * table.n, None if quarters is None else (quarters,) * table.n,
                         pot=cents(stake * table.n), money=(cents(-stake),) * table.n)

    def seats_in(self, table: Table, state: GolfState) -> list[bool]:
        if state.quarters is None:
            return [True] * table.n
        return [q > 0 for q in state.quarters]

    def play(self, table: Table, state: GolfState, turn: Turn, data: Mapping[str, Any]):
        scores, looks, knocker = self.read_hole(table, state, need_object(data), turn.entered)
        points = knock_adjusted(scores, knocker, table.options)
        cost = table.options.look_cost
        points = [None if p is None else p + looks[seat] * cost for seat, p in enumerate(points)]
        totals = tuple(t + (p or 0) for t, p in zip(state.totals, points))
        quarters, out_together = self.pay_quarters(state, points)
        lasted = () if quarters is None else went_out(state.quarters, quarters, state.lasted, turn.number)
        after = GolfState(totals, quarters, state.holes + 1, out_together, state.pot, state.money,
                          knocker if was_doubled(scores, knocker, table.options) else None, lasted)
        return self.settle_pot(table, after, scores, knocker), points

    def settle_pot(self, table: Table, state: GolfState, scores: Sequence[int | None], knocker: int | None):
        """Pay the pot after a knock: a lowest knocker takes it all, any other knocker doubles it (up to the cap)."""
        stake = table.options.pot_stake
        if stake is None or knocker is None:
            return state
        money = list(state.money)
        if knocker_is_lowest(scores, knocker):
            money[knocker] += state.pot
            seats_in = self.seats_in(table, state)
            money = [m - stake if seats_in[seat] else m for seat, m in enumerate(money)]
            return replace(state, pot=cents(stake * sum(seats_in)), money=tuple(cents(m) for m in money))
        cap = table.options.pot_cap
        paid = state.pot if cap is None else min(state.pot, cap)
        money[knocker] -= paid
        return replace(state, pot=cents(state.pot + paid), money=tuple(cents(m) for m in money))

    def read_hole(self, table: Table, state: GolfState, data: Mapping[str, Any], entered: bool = True):
        """Check a hole's data, reporting every broken entry at once; return layout scores, looks and the knocker."""
        seats_in = self.seats_in(table, state)
        entries = need_entries(data, table)
        scores: list[int | None] = []
        looks: list[int] = []
        layouts: list[tuple[str, list[Card]]] = []
        errors: dict[str, Msg] = {}
        for seat, entry in enumerate(entries):
            score, seat_looks, cards = gather(errors, self.read_entry, table, seat, entry, seats_in[seat], entered) \
                or (None, 0, [])
            scores.append(score)
            looks.append(seat_looks)
            layouts.append((table.players[seat], cards))
        knocker = gather(errors, self.read_knocker, table, data.get("knocker"), seats_in)
        if errors:
            raise RulesError(errors)
        check_packs(layouts, table.options.packs, 2 * table.options.packs)
        return scores, looks, knocker

    def read_entry(self, table: Table, seat: int, entry: Mapping[str, Any] | None,
                   seat_in: bool, entered: bool = True) -> tuple[int | None, int, list[Card]]:
        """Read one seat's entry: its layout score (None when out), its looks and its cards."""
        name = table.players[seat]
        if not seat_in:
            if entry is not None:
                raise out_of_the_game(f"players.{seat}", name, entered)
            return None, 0, []
        if entry is None:
            raise missing_entry(f"players.{seat}", N_("give %(name)s's cards or score"), name, entered)
        errors: dict[str, Msg] = {}
        score, cards = gather(errors, self.read_layout, table, seat, entry) or (None, [])
        looks = gather(errors, need_int, entry.get("looks", 0), f"players.{seat}.looks", 0, 50)
        if errors:
            raise RulesError(errors)
        return score, looks, cards

    def read_knocker(self, table: Table, value: Any, seats_in: Sequence[bool]) -> int | None:
        """Read who knocked (None: nobody), a player still in."""
        return None if value is None else need_seat(value, "knocker", table, seats_in)

    def read_layout(self, table: Table, seat: int, entry: Mapping[str, Any]) -> tuple[int, list[Card]]:
        """Score one player's entry: the cards of the layout, or the score counted at the table."""
        path = f"players.{seat}"
        has_cards, has_score = entry.get("cards") is not None, entry.get("score") is not None
        if has_cards == has_score:
            raise fail(path, N_("give either %(name)s's cards or the score, not both"), name=table.players[seat]) \
                if has_cards else fail(f"{path}.cards", N_("give %(name)s's cards or score"),
                                       name=table.players[seat])
        if has_score:
            return self.read_score(table, entry["score"], f"{path}.score"), []
        cards = parse_cards(entry["cards"], f"{path}.cards")
        layout = table.options.layout
        if len(cards) != layout:
            raise fail(f"{path}.cards", N_("a layout has %(layout)s cards; this one has %(got)s"),
                       layout=layout, got=len(cards))
        self.check_suits(cards, table.options, f"{path}.cards")
        return layout_score(cards, table.options), cards

    def read_score(self, table: Table, value: Any, path: str) -> int:
        """Read a layout's score counted at the table: one that some layout could make."""
        score = need_int(value, path, -100, 500)
        lowest, highest = score_range(table.options)
        if not lowest <= score <= highest:
            raise fail(path, N_("no layout of %(layout)s cards scores %(score)s with these card values; "
                                "a layout scores from %(lowest)s to %(highest)s"),
                       layout=table.options.layout, score=score, lowest=lowest, highest=highest)
        return score

    def check_suits(self, cards: Sequence[Card], options: GolfOptions, path: str) -> None:
        """Refuse a card without its suit when a rule needs the suit."""
        for card in cards:
            if card.suit is None and not card.is_joker:  # rare: the reasons are worked out only then
                needed = suits_needed(options)
                if card.rank in needed:
                    raise RulesError({path: needed[card.rank]})

    def pay_quarters(self, state: GolfState, points: Sequence[int | None]):
        """Take a quarter from every player with the hole's highest score; note who went out together."""
        if state.quarters is None:
            return None, ()
        played = [p for p in points if p is not None]
        worst = max(played)
        quarters = tuple(q - 1 if p == worst else q for q, p in zip(state.quarters, points))
        out_now = tuple(s for s, (before, after) in enumerate(zip(state.quarters, quarters)) if before > 0 and after == 0)
        return quarters, out_now

    def jar(self, table: Table, points: Sequence[Sequence[int | None] | None]) -> Jar | None:
        """The quarters game: hole by hole, who paid a quarter (``pay_quarters``) and the quarters each has left."""
        state = self.start(table)
        if state.quarters is None:
            return None
        paid: list[frozenset[int]] = []
        left: list[tuple[int, ...]] = []
        for hole in points:
            if hole is None or all(p is None for p in hole):  # a hole that does not count pays nothing
                paid.append(frozenset())
            else:
                quarters, _ = self.pay_quarters(state, hole)
                paid.append(frozenset(s for s, (before, after) in enumerate(zip(state.quarters, quarters))
                                      if after < before))
                state = replace(state, quarters=quarters)
            left.append(state.quarters)
        return Jar(tuple(paid), tuple(left))

    def is_over(self, table: Table, state: GolfState) -> bool:
        options = table.options
        if state.quarters is not None and sum(q > 0 for q in state.quarters) <= 1 and state.holes:
            return True
        if options.holes is not None and state.holes >= options.holes:
            return True
        return options.target is not None and max(state.totals) >= options.target

    def winners(self, table: Table, state: GolfState) -> list[int]:
        if state.quarters is None:
            return self.leaders(table, state.totals, best_is_low=True)
        still_in = [s for s, q in enumerate(state.quarters) if q > 0]
        if not still_in and state.out_together:
            return list(state.out_together)
        return self.leaders(table, state.quarters, best_is_low=False)

    def standings(self, table: Table, state: GolfState, over: bool) -> list[dict[str, Any]]:
        quarters = state.quarters or (None,) * table.n
        money = state.money if table.options.pot_stake is not None else (None,) * table.n
        return [{"total": total, "quarters": q, "out": q is not None and q <= 0, "money": m}
                for total, q, m in zip(state.totals, quarters, money)]

    def next_extras(self, table: Table, state: GolfState, turn: Turn) -> dict[str, Any]:
        return self.final_extras(table, state)

    def seat_notes(self, table: Table, state: GolfState, over: bool = False) -> list[list[Msg]]:
        """With a pot, each player's money under their name: won less paid in, to settle up at the table."""
        if table.options.pot_stake is None:
            return super().seat_notes(table, state, over)
        return [[msg(N_("Money: %(money)s"), money=Amount(m, signed=True))] for m in state.money]

    def final_extras(self, table: Table, state: GolfState) -> dict[str, Any]:
        extras: dict[str, Any] = {}
        if state.quarters is not None:
            extras["jar"] = table.options.quarters * table.n - sum(state.quarters)
        if table.options.pot_stake is not None:
            extras["pot"] = state.pot
        return extras

    def placing(self, table: Table, state: GolfState, standings) -> list[float | None]:
        if state.quarters is None:
            return super().placing(table, state, standings)
        return outlasting(state.quarters, state.lasted)  # most quarters left, then who lasted longest

    def records(self, table: Table, state: GolfState, rounds: Sequence[Any],
                standings: Sequence[Mapping[str, Any]]) -> list[Record]:
        """Hold the lowest hole, and the lowest total by the holes played (9 holes never compare with 18)."""
        found = self.round_records(rounds, msg(N_("lowest score on one hole")), low=True, kind="hole")
        if state.quarters is None and table.options.holes and state.holes:
            what = nmsg("lowest total, %(num)s hole", "lowest total, %(num)s holes", state.holes)
            found += self.total_records(standings, f"total_{state.holes}", what, low=True)
        return found

    IN_PLAY = ("knock_penalty", "knock_bonus")

    def rules_now(self, table: Table, state: GolfState, turn: Turn) -> list[Msg]:
        """Card values with this table's changes, what cancels, the knocking rules and any other cards wild."""
        options = table.options
        lines = [msg(N_("Card values: %(values)s; other cards at face value (A=1)"),
                     values=values_line(DEFAULT_VALUES, options.values, skip_face=True)),
                 msg(N_("Pairs: %(rule)s"), rule=Msg(pair_rule(options.layout, options.pairs))),
                 *super().rules_now(table, state, turn),
                 *(msg(N_("%(label)s: %(value)s"), label=label, value=words) for label, words in fours_and_jokers(options))]
        if options.one_eyed_jacks_wild:
            lines.append(msg(N_("One-eyed jacks (J♠ and J♥) are wild: they count 0 and pair with anything")))
        if options.look_cost:
            lines.append(option_line(SPEC, table, "look_cost"))
        return lines

    def notes(self, table: Table, state: GolfState, turn: Turn) -> list[Msg]:
        options = table.options
        lines = [msg(N_("%(layout)s cards each; %(rule)s"), layout=options.layout,
                     rule=Msg(pair_rule(options.layout, options.pairs)))]
        if options.holes:
            lines.append(msg(N_("Hole %(n)s of %(holes)s"), n=turn.number, holes=options.holes))
        if options.target:
            lines.append(msg(N_("The game ends when a total reaches %(target)s"), target=options.target))
        if options.packs > 1:
            lines.append(msg(N_("Shuffle %(packs)s packs together"), packs=options.packs))
        if options.pot_stake is not None:
            lines.append(msg(N_("Pot: %(pot)s"), pot=Amount(state.pot)))
        return lines

    def marks(self, table: Table, data: Mapping[str, Any], points: Sequence[int | None] | None,
              before: Any = None, after: Any = None) -> list[str]:
        """Show each player's points, with "×2" on a knocker whose failed knock was doubled."""
        marks = super().marks(table, data, points)
        if isinstance(after, GolfState) and after.doubled is not None:
            marks[after.doubled] += " ×2"
        return marks

    def round_fields(self, table: Table, state: GolfState, turn: Turn) -> list[Field]:
        options = table.options
        lowest, highest = score_range(options)  # the scores some layout could make
        # a plain sum would mislead once pairs can cancel, so the helper shows none then
        summed = values_in_force(DEFAULT_VALUES, options.values) if options.pairs is Pairs.NONE else None
        fields = [Field("cards", N_("Cards"), FieldKind.CARDS, Scope.ENTRY, alt="score", alt_label=N_("Score"),
                        help=HELP_ORDER[options.layout],
                        card_values=summed, lo=lowest, hi=highest, picker=picker(options),
                        card_said=suits_needed(options))]
        if options.look_cost:
            fields.append(Field("looks", N_("Looks"), FieldKind.INT, Scope.ENTRY, optional=True, lo=0, hi=50))
        if knocks(options):
            fields.append(Field("knocker", N_("Who knocked"), FieldKind.SEAT, optional=True))
        return fields

    def plan(self, table: Table, pad: str | None = None) -> Plan:
        return golf_plan(table)

    def setup(self, players: int) -> tuple[Msg, Msg]:
        return (nmsg("%(num)s pack, two jokers in it if you play them", "%(num)s packs shuffled together, "
                     "two jokers a pack if you play them", self.resolve_options({}, players).packs),
                msg(N_("4 cards each (6, 8 or 9 with those layouts)")))

    def rule_tables(self) -> dict[str, RuleTable]:
        card, points = msg(N_("Card")), msg(N_("Points"))
        return {"values": RuleTable((card, points), (*value_runs(DEFAULT_VALUES), joker_line(DEFAULT_VALUES[JOKER])))}

    def glance(self, table: Table | None = None) -> tuple[Msg, ...]:
        lines = [Msg(line) for line in GLANCE]
        if table is None:
            return tuple(lines)
        o = table.options
        lines[0] = msg(N_("Deal 9 cards each face down in three rows of three; peek once at two of them.")) \
            if o.layout == 9 else msg(N_("Deal %(n)s cards each face down in two rows; peek once at the two nearest "
                                         "you."), n=o.layout)
        if not knocks(o):
            lines[1] = msg(N_("On your turn take the top of the stock or the top discard and swap it for a layout "
                              "card, which goes in face up; or throw a stock card away and turn one of your cards "
                              "face up. You must turn a card up on every turn: nobody knocks."))
            lines[2] = msg(N_("The hole ends when every layout is face up; then all layouts are counted."))
        elif o.layout >= 6 and o.knock_bonus is KnockBonus.NONE and o.knock_penalty is KnockPenalty.NONE:
            lines[2] = msg(N_("The hole ends when a player's layout is all face up: everyone else has one more "
                              "turn, then all layouts are turned up and counted."))
        if o.quarters:
            lines[3] = msg(N_("Cards score the values below; equal cards cancel only where the house rules say. The "
                              "highest score of each hole puts a quarter in the jar. Out of quarters, out of the "
                              "game: the last player with quarters left takes the jar."))
        elif o.target:
            lines[3] = msg(N_("Cards score the values below; equal cards cancel only where the house rules say. When "
                              "a total reaches %(target)s, the lowest total wins."), target=o.target)
        return tuple(lines)

    def knocker(self, table: Table, data: Mapping[str, Any]) -> int | None:
        return stored_seat(data.get("knocker"), table)


def suits_needed(options: GolfOptions) -> dict[str, Msg]:
    """Say, for each rank a rule needs the suit of, why (a queen of spades worth its own value, one-eyed jacks wild):
    the check of a hole, and the page's picker, which says it instead of a score (``Field.card_said``)."""
    needed = {rank: msg(N_("give the suit of each %(rank)s: one suit has its own value"), rank=CardText(rank))
              for rank in RANKS if suit_needed(rank, options.values)}
    if options.one_eyed_jacks_wild and options.pairs in WILD_JACKS_PAIR:
        needed.setdefault("J", msg(N_("give the suit of each J: one-eyed jacks are wild")))
    return needed


def fours_and_jokers(options: GolfOptions) -> list[tuple[Msg, Msg | str]]:
    """Say the house rules on cards below 0 and on fours, where they change a score: (what, the rule)."""
    lines: list[tuple[Msg, Msg | str]] = []
    if options.pairs is Pairs.ALL and options.negative_pairs is NegativePairs.KEEP:
        option = SPEC.option("negative_pairs")
        lines.append((Msg(option.label), Msg(option.labels[NegativePairs.KEEP.value])))
    if options.four_bonus and options.pairs is not Pairs.NONE:
        lines.append((Msg(SPEC.option("four_bonus").label), signed_value(options.four_bonus)))
    return lines


def picker(options: GolfOptions) -> dict[str, Any]:
    """Describe the layout for the page's picker: its shape, the values in force and how equal cards cancel.

    The page only previews the hole score with these; the score that counts is worked out here.
    """
    values = values_in_force(DEFAULT_VALUES, options.values)
    suits = options.one_eyed_jacks_wild or any(suit_needed(rank, options.values) for rank in RANKS)
    lines = COLUMNS[options.layout] + (ROWS[options.layout] if options.pairs is Pairs.LINES else ())
    return {"layout": options.layout, "columns": len(ROWS[options.layout][0]), "pairs": options.pairs.value,
            "lines": [list(line) for line in lines], "threes": in_threes(options.layout, options.pairs),
            "keep": options.negative_pairs is NegativePairs.KEEP, "four_bonus": options.four_bonus,
            "values": values, "wild": options.one_eyed_jacks_wild and options.pairs in WILD_JACKS_PAIR,
            "suits": suits}


# --- on paper: the sheet, the rules card's few lines (the handbook page has the whole rules) ---

GLANCE = (
    N_("Deal 4 cards each face down (6 for 6-card Golf) in two rows; peek once at the two nearest you."),
    N_("On your turn take the top of the stock or the top discard and swap it for a layout card, or throw a "
       "stock card away. A card from the discard pile must go into your layout."),
    N_("Or knock: everyone else has one more turn, then all layouts are turned up and counted."),
    N_("Cards score the values below; equal cards cancel only where the house rules say. After the last "
       "hole the lowest total wins."),
)


def golf_plan(table: Table) -> Plan:
    """Holes by players, the card values and pairing rule as a key; quarters to strike out."""
    o = table.options
    values = values_in_force(DEFAULT_VALUES, o.values)
    longest = o.quarters * table.n - 1 if o.quarters else None  # a quarter a hole until one player has one left
    rows = tuple(Row(msg(N_("Hole %(n)s"), n=n)) for n in range(1, o.holes + 1)) if o.holes \
        else numbered(longest or OPEN_ROWS)
    if o.holes == 18:  # each nine added up under it, as a golf card does
        rows = (*rows[:9], Row(msg(N_("Front nine")), adds_up=True), *rows[9:], Row(msg(N_("Back nine")), adds_up=True))
    suited = [(written(k), signed_value(v)) for k, v in o.values.items() if len(k) > 1 and k[-1] in "SHDC"
              and k[:-1] in RANKS]  # "Q♠", which a French sheet writes "D♠"
    card_key = Key(msg(N_("Card values")), (*value_runs(values), *suited, joker_line(values[JOKER])))
    play = [(msg(N_("Cards each")), str(o.layout)),
            # "Equal cards: do not cancel", not "Equal cards: equal cards do not cancel"
            (msg(N_("Equal cards")), msg(N_("do not cancel")) if o.pairs is Pairs.NONE
             else Msg(pair_rule(o.layout, o.pairs))), *fours_and_jokers(o)]
    if o.one_eyed_jacks_wild:
        play.append((msg(N_("Wild")), msg(N_("one-eyed jacks (J♠ J♥) pair with any card"))))
    knock_rules = o.knock_bonus is not KnockBonus.NONE or o.knock_penalty is not KnockPenalty.NONE
    if not knocks(o):  # the house sheet of the quarters game: nobody knocks
        play.append((msg(N_("The hole ends")), msg(N_("when every card is face up: turn one up on each turn; "
                                                      "nobody knocks"))))
    elif knock_rules:  # each rule in force, beside the other's "scores as usual" for contrast
        play.append((msg(N_("Knocker lowest")), Msg(SPEC.option("knock_bonus").labels[o.knock_bonus.value])))
        play.append((msg(N_("Knocker not lowest")),
                     Msg(SPEC.option("knock_penalty").labels[o.knock_penalty.value])))
    elif o.layout == 4:  # a knock that wins or costs nothing: one line that says what a knock does
        play.append((msg(N_("A knock")), msg(N_("ends the hole after one more turn each; no bonus, no penalty"))))
    else:  # 6-card Golf: nobody knocks, the hole ends when a layout is all face up
        play.append((msg(N_("The hole ends")), msg(N_("when a layout is all face up"))))
    if o.look_cost:
        play.append((msg(N_("Each look")), msg(N_("+%(n)s"), n=o.look_cost)))
    if o.target:
        play.append((msg(N_("The game ends")), msg(N_("when a total reaches %(target)s"), target=o.target)))
    if o.quarters:
        play.append((msg(N_("Quarters")), msg(N_("the highest score of each hole puts a quarter in the jar"))))
        play.append((msg(N_("Out of quarters")), msg(N_("out of the game"))))
    if o.pot_stake is not None:
        play.append((msg(N_("Pot")), msg(N_("%(stake)s each; a lowest knocker takes it, any other doubles it"),
                                         stake=Amount(o.pot_stake))))
    if o.quarters:
        won = msg(N_("Out of quarters, out of the game: the last player with quarters left takes the jar."))
        summary = msg(N_("Four or six cards face down; swap them for low ones. The highest score of each hole pays "
                         "a quarter; the last player with quarters takes them all."))
    else:  # the game's summary under the heading says "Lowest total wins." already
        won, summary = None, None
    lowest, highest = score_range(o)
    return Plan(Layout.GRID, rows, keys=(card_key, Key(msg(N_("How we play")), tuple(play))),
                tokens=("☐",) * (o.quarters or 0),
                tokens_label=msg(N_("Quarters: strike one out for each quarter paid")) if o.quarters else None,
                notes=((won,) if won else ()) + (() if o.holes else cut_short(longest)),
                # the quarters game: a row for each hole its quarters can last, no total (the quarters decide)
                open_rows=not o.holes and not longest, total_row=not longest, summary=summary,
                repeats=bool(o.holes) and not longest,  # nine holes: the next game's grid under this one's
                score_chars=score_chars(lowest, highest) if not o.look_cost else 3,
                shows=frozenset({"layout", "pairs", "negative_pairs", "four_bonus", "one_eyed_jacks_wild",
                                 "knock_bonus", "knock_penalty",
                                 "look_cost", "target", "quarters", "pot_stake", "values"}))  # values: the card key


RULES = GolfRules()
