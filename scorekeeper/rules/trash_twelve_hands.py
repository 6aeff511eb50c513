"""Trash, the 12-hand trick game: six contracts, then the same six in reverse. Lowest total wins.

Choices where the spec is silent:
- Keys in a hand's data that belong to other contracts are ignored; only the hand's own
  contract is read.
- No one can take more tricks, hearts, kings or queens than the whole hand holds; the
  counts must add up exactly to the deck table for the number of players.
- In the sequence hand (8s first) the table names who went out first and second; the
  same player cannot be both, and nobody else scores.
- ``points`` may change any of the seven values (negative values allowed, from -1000 to
  1000); names are read without regard to case, and the game lists all seven values in
  force, changed or not.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any

from .base import BaseRules
from .messages import N_, Msg, RulesError, fail, gather, msg, shown
from .options import Option, OptionKind, as_int, first_dealer_option
from .paper import Key, Layout, Plan, Row, RuleTable, signed_value
from .reading import need_int, need_list, need_object, need_seat
from .spec import HAND_WORDS, DataKeys, Example, Field, FieldKind, GameSpec, Measure, Scope, Table, Turn

HANDS = 12


class Contract(str, Enum):
    """What a hand is played for; its value is the key of the hand's data."""

    TRICKS = "tricks"
    HEARTS = "hearts"
    KINGS = "kings"
    QUEENS = "queens"
    LAST_TRICK = "last_trick"
    SEQUENCE = "sequence"


_FIRST_SIX = (Contract.TRICKS, Contract.HEARTS, Contract.KINGS, Contract.QUEENS,
              Contract.LAST_TRICK, Contract.SEQUENCE)
CONTRACTS: tuple[Contract, ...] = _FIRST_SIX + tuple(reversed(_FIRST_SIX))

CONTRACT_LABELS = {
    Contract.TRICKS: N_("Tricks"),
    Contract.HEARTS: N_("Hearts"),
    Contract.KINGS: N_("Kings"),
    Contract.QUEENS: N_("Queens"),
    Contract.LAST_TRICK: N_("Last trick"),
    Contract.SEQUENCE: N_("Sequence (8s first)"),
}

# The counting contracts: the data key, the points name, and what a player's count means.
# The label doubles as the word of the form's running check: "13 / 13 tricks".
COUNTED = {
    Contract.TRICKS: ("trick", N_("Tricks")),
    Contract.HEARTS: ("heart", N_("Hearts")),
    Contract.KINGS: ("king", N_("Kings")),
    Contract.QUEENS: ("queen", N_("Queens")),
}

# When a counting hand does not add up: "the kings add up to 3; with 4 players there are 4 kings".
SUM_ERRORS = {
    Contract.TRICKS: N_("the tricks add up to %(got)s; with %(n)s players every hand has %(want)s tricks"),
    Contract.HEARTS: N_("the hearts add up to %(got)s; with %(n)s players there are %(want)s hearts"),
    Contract.KINGS: N_("the kings add up to %(got)s; with %(n)s players there are %(want)s kings"),
    Contract.QUEENS: N_("the queens add up to %(got)s; with %(n)s players there are %(want)s queens"),
}

# A count left empty, asked for in the contract's own words ("0 if none": aucun pli, aucune dame in French).
COUNT_ASKED = {
    Contract.TRICKS: N_("give how many tricks %(name)s took (0 if none)"),
    Contract.HEARTS: N_("give how many hearts %(name)s took (0 if none)"),
    Contract.KINGS: N_("give how many kings %(name)s took (0 if none)"),
    Contract.QUEENS: N_("give how many queens %(name)s took (0 if none)"),
}

# "Hand 3 of 12: Kings, 20 points each" -- one whole sentence per contract, for translators.
HAND_TEXTS = {
    Contract.TRICKS: N_("Hand %(number)s of %(hands)s: Tricks, %(points)s points each"),
    Contract.HEARTS: N_("Hand %(number)s of %(hands)s: Hearts, %(points)s points each"),
    Contract.KINGS: N_("Hand %(number)s of %(hands)s: Kings, %(points)s points each"),
    Contract.QUEENS: N_("Hand %(number)s of %(hands)s: Queens, %(points)s points each"),
    Contract.LAST_TRICK: N_("Hand %(number)s of %(hands)s: Last trick, %(points)s points"),
    Contract.SEQUENCE: N_("Hand %(number)s of %(hands)s: Sequence (8s first), %(first)s points for going out "
                          "first and %(second)s for second"),
}

DEFAULT_POINTS = {"trick": 5, "heart": 5, "king": 20, "queen": 20, "last_trick": 20,
                  "first_out": -25, "second_out": -15}
POINT_LABELS = {"trick": N_("Each trick"), "heart": N_("Each heart"), "king": N_("Each king"),
                "queen": N_("Each queen"), "last_trick": N_("The last trick"), "first_out": N_("Out first"),
                "second_out": N_("Out second")}


@dataclass(frozen=True)
class Deck:
    """The cards for one number of players, as the rules page shows them."""

    players: int
    packs: int
    cards: int
    removed: tuple[str, ...]  # the twos taken out, e.g. ("2S", "2C")
    setup: str                 # the same, in table words
    tricks: int                # tricks in every hand
    hearts: int
    honours: int               # kings in play (and as many queens)


DECKS = {d.players: d for d in (
    Deck(4, 1, 52, (), N_("One pack, all 52 cards"), 13, 13, 4),
    Deck(5, 1, 50, ("2S", "2C"), N_("One pack; take out the 2♠ and 2♣ (50 cards)"), 10, 13, 4),
    Deck(6, 1, 48, ("2S", "2H", "2D", "2C"), N_("One pack; take out all four 2s (48 cards)"), 8, 12, 4),
    Deck(7, 2, 98, ("2C", "2C", "2S", "2S", "2D", "2D"),
         N_("Two packs; take out both 2♣, both 2♠ and both 2♦ (98 cards)"), 14, 26, 8),
    Deck(8, 2, 104, (), N_("Two packs, all 104 cards"), 13, 26, 8),
    Deck(9, 2, 99, ("2C", "2C", "2S", "2S", "2D"),
         N_("Two packs; take out both 2♣, both 2♠ and one 2♦ (99 cards)"), 11, 26, 8),
    Deck(10, 2, 100, ("2C", "2C", "2S", "2S"), N_("Two packs; take out both 2♣ and both 2♠ (100 cards)"),
         10, 26, 8),
)}


def deck_for(players: int) -> Deck:
    """Return the deck table row for this many players."""
    return DECKS[players]


def contract_for(number: int) -> Contract:
    """Return the contract of hand ``number`` (1-12)."""
    if not 1 <= number <= HANDS:
        raise ValueError(f"there is no hand {number}")
    return CONTRACTS[number - 1]


def hand_total(contract: Contract, deck: Deck) -> int:
    """Return how many of the counted things a whole hand holds (tricks, hearts, kings or queens)."""
    if contract is Contract.TRICKS:
        return deck.tricks
    if contract is Contract.HEARTS:
        return deck.hearts
    return deck.honours


def describe_hand(table: Table, number: int) -> Msg:
    """Describe hand ``number`` for the page: "Hand 3 of 12: Kings, 20 points each"."""
    contract = contract_for(number)
    points = table.options.points
    if contract is Contract.SEQUENCE:
        return msg(HAND_TEXTS[contract], number=number, hands=HANDS,
                   first=points["first_out"], second=points["second_out"])
    name = "last_trick" if contract is Contract.LAST_TRICK else COUNTED[contract][0]
    return msg(HAND_TEXTS[contract], number=number, hands=HANDS, points=points[name])


def hand_keys(contract: Contract) -> frozenset[str]:
    """Return the keys a hand of this contract is given by."""
    if contract is Contract.SEQUENCE:
        return frozenset({"first_out", "second_out"})
    return frozenset({contract.value})


def refuse_other_hands(number: int, contract: Contract, data: Mapping[str, Any]) -> None:
    """Refuse what belongs to another hand's contract (hearts given on the tricks hand would be stored unread)."""
    errors = {key: msg(N_("hand %(number)s is %(contract)s, not %(key)s"), number=number,
                       contract=Msg(CONTRACT_LABELS[contract]), key=shown(key))
              for key in data if key not in hand_keys(contract) and data[key] is not None}
    if errors:
        raise RulesError(errors)


def picked_seat(data: Mapping[str, Any], key: str, table: Table, missing: str) -> int:
    """Read the seat the table picked for ``key``; a missing pick is asked for in table words."""
    if data.get(key) is None:
        raise fail(key, missing)
    return need_seat(data[key], key, table)


def _points_key(key: str) -> str | None:
    clean = key.strip().lower()
    return clean if clean in DEFAULT_POINTS else None


def _parse_points(value: Any) -> dict[str, int]:
    if not isinstance(value, dict):
        raise ValueError(msg(N_("must map names to points, like {\"king\": 25}")))
    out: dict[str, int] = {}
    for key, number in value.items():
        clean = _points_key(str(key))
        if clean is None:
            raise ValueError(msg(N_("%(key)s is not one of: %(names)s"), key=shown(key, 20),
                                 names=", ".join(DEFAULT_POINTS)))
        out[clean] = as_int(number, -1000, 1000)
    return out


def points_option() -> Option:
    """The ``points`` option: changed values by name, the rest at their defaults."""
    return Option("points", N_("Points"), dict(DEFAULT_POINTS), _parse_points, kind=OptionKind.POINTS,
                  labels=POINT_LABELS,
                  help=N_("trick 5, heart 5, king 20, queen 20, last_trick 20, first_out -25, second_out -15"))


SPEC = GameSpec(
    key="trash-twelve-hands",
    name=N_("Trash (12 hands)"),
    min_players=4,
    max_players=10,
    measure=Measure.LOWEST_TOTAL,
    rounds=HAND_WORDS,
    summary=N_("Twelve trick-taking hands, each avoiding something different. Lowest total wins."),
    aliases=(N_("Trash, the trick game"),),
    length=N_("12 hands: about an hour"),
    style=N_("Skill: a trick-taking game"),
    options=(first_dealer_option(), points_option()),
)


@dataclass(frozen=True)
class TrashTwelveOptions:
    """The house rules of one game of Trash in twelve hands, typed."""

    first_dealer: int
    points: Mapping[str, int]


def example_hand(contract: Contract) -> dict[str, Any]:
    """Return one hand of a four-player game with the given contract."""
    if contract in COUNTED:
        want = hand_total(contract, deck_for(4))
        return {contract.value: [want - 3, 1, 1, 1]}
    if contract is Contract.LAST_TRICK:
        return {"last_trick": 1}
    return {"first_out": 2, "second_out": 3}


@dataclass(frozen=True)
class TrashTwelveState:
    """Totals so far and how many hands have been played."""

    totals: tuple[int, ...]
    hands: int = 0


class TrashTwelveRules(BaseRules):
    """Trash in twelve hands: fixed contracts, lowest total after hand 12 wins."""

    spec = SPEC
    options_type = TrashTwelveOptions
    data_keys = DataKeys(frozenset({c.value for c in COUNTED} | {"last_trick", "first_out", "second_out"}))

    def settle_options(self, options: dict[str, Any], players: int) -> dict[str, Any]:
        options["points"] = {**DEFAULT_POINTS, **options["points"]}
        return options

    def start(self, table: Table) -> TrashTwelveState:
        return TrashTwelveState((0,) * table.n)

    def play(self, table: Table, state: TrashTwelveState, turn: Turn, data: Mapping[str, Any]):
        data = need_object(data)
        contract = contract_for(state.hands + 1)
        errors: dict[str, Msg] = {}
        if turn.entered:
            gather(errors, refuse_other_hands, state.hands + 1, contract, data)
        if contract in COUNTED:
            points = gather(errors, self.score_counts, table, turn, contract, data)
        elif contract is Contract.LAST_TRICK:
            points = gather(errors, self.score_last_trick, table, data)
        else:
            points = gather(errors, self.score_sequence, table, data)
        if errors or points is None:
            raise RulesError(errors)
        totals = tuple(t + p for t, p in zip(state.totals, points))
        return TrashTwelveState(totals, state.hands + 1), points

    def read_counts(self, table: Table, turn: Turn, contract: Contract, data: Mapping[str, Any]) -> list[int]:
        """Check a counting hand: one count per seat, adding up to what the hand holds."""
        key = contract.value
        want = hand_total(contract, deck_for(table.n))
        if data.get(key) is None:
            raise fail(key, N_("hand %(number)s is %(contract)s: give how many each player took"),
                       number=turn.number, contract=Msg(CONTRACT_LABELS[contract]))
        entries = need_list(data.get(key), key, table)
        for seat, count in enumerate(entries):
            if count is None:  # a box left empty is not 0: the last count would be worked out wrong from it
                raise fail(f"{key}.{seat}", COUNT_ASKED[contract], name=table.players[seat])
        counts = [need_int(v, f"{key}.{seat}", 0, want) for seat, v in enumerate(entries)]
        if sum(counts) != want:
            raise fail(key, SUM_ERRORS[contract], got=sum(counts), n=table.n, want=want)
        return counts

    def score_counts(self, table: Table, turn: Turn, contract: Contract, data: Mapping[str, Any]) -> list[int]:
        """Score tricks, hearts, kings or queens: the count times the value of one."""
        each = table.options.points[COUNTED[contract][0]]
        return [count * each for count in self.read_counts(table, turn, contract, data)]

    def score_last_trick(self, table: Table, data: Mapping[str, Any]) -> list[int]:
        """Score the last-trick hand: only the taker of the last trick scores."""
        seat = picked_seat(data, "last_trick", table, N_("say who took the last trick"))
        points = [0] * table.n
        points[seat] = table.options.points["last_trick"]
        return points

    def score_sequence(self, table: Table, data: Mapping[str, Any]) -> list[int]:
        """Score the sequence hand: the first and second player out."""
        first = picked_seat(data, "first_out", table, N_("say who went out first"))
        second = picked_seat(data, "second_out", table, N_("say who went out second"))
        if first == second:
            raise fail("second_out", N_("%(name)s cannot go out both first and second"), name=table.players[first])
        values = table.options.points
        points = [0] * table.n
        points[first], points[second] = values["first_out"], values["second_out"]
        return points

    def is_over(self, table: Table, state: TrashTwelveState) -> bool:
        return state.hands >= HANDS

    def winners(self, table: Table, state: TrashTwelveState) -> list[int]:
        return self.leaders(table, state.totals, best_is_low=True)

    def standings(self, table: Table, state: TrashTwelveState, over: bool) -> list[dict[str, Any]]:
        return [{"total": total} for total in state.totals]

    def next_extras(self, table: Table, state: TrashTwelveState, turn: Turn) -> dict[str, Any]:
        return {"contract": contract_for(state.hands + 1).value}

    def rules_now(self, table: Table, state: TrashTwelveState, turn: Turn) -> list[Msg]:
        """This hand's contract and what it scores."""
        return [describe_hand(table, state.hands + 1)]

    def notes(self, table: Table, state: TrashTwelveState, turn: Turn) -> list[Msg]:
        """Name the hand's contract, the cards to use and what the hand holds."""
        number, deck = state.hands + 1, deck_for(table.n)
        lines = [describe_hand(table, number),
                 msg(N_("%(setup)s. Deal %(each)s cards each."), setup=msg(deck.setup), each=deck.tricks)]
        if contract_for(number) in COUNTED:
            lines.append(msg(N_("Every hand holds %(tricks)s tricks, %(hearts)s hearts, %(kings)s kings "
                                "and %(queens)s queens."),
                             tricks=deck.tricks, hearts=deck.hearts, kings=deck.honours, queens=deck.honours))
        lines.append(msg(N_("Last hand: after it the lowest total wins.")) if number == HANDS
                     else msg(N_("After hand %(hands)s the lowest total wins."), hands=HANDS))
        return lines

    def round_title(self, table: Table, number: int) -> Msg:
        """Name a hand with its contract: "Hand 2 · Hearts"."""
        if not 1 <= number <= HANDS:
            return super().round_title(table, number)
        return msg(N_("Hand %(n)s · %(contract)s"), n=number, contract=Msg(CONTRACT_LABELS[contract_for(number)]))

    def round_fields(self, table: Table, state: TrashTwelveState, turn: Turn) -> list[Field]:
        contract = contract_for(state.hands + 1)
        if contract in COUNTED:
            want = hand_total(contract, deck_for(table.n))
            return [Field(contract.value, COUNTED[contract][1], FieldKind.INT, Scope.LIST, lo=0, hi=want,
                          sum_to=want, default=0)]
        if contract is Contract.LAST_TRICK:
            return [Field("last_trick", N_("Who took the last trick"), FieldKind.SEAT)]
        return [Field("first_out", N_("Out first"), FieldKind.SEAT),
                Field("second_out", N_("Out second"), FieldKind.SEAT)]

    def plan(self, table: Table, pad: str | None = None) -> Plan:
        return trash_twelve_plan(table)

    def rule_tables(self) -> dict[str, RuleTable]:
        points = msg(N_("Points"))
        firsts = CONTRACTS[:len(CONTRACTS) // 2]
        return {"decks": RuleTable((msg(N_("Players")), msg(N_("Cards used")), msg(N_("Tricks per hand"))),
                                   tuple((str(n), Msg(d.setup), str(d.tricks)) for n, d in DECKS.items())),
                "contracts": RuleTable((msg(N_("Hands")), msg(N_("Contract")), points),
                                       tuple((msg(N_("%(a)s and %(b)s"), a=n, b=HANDS + 1 - n),
                                              Msg(CONTRACT_LABELS[c]), contract_points(c, DEFAULT_POINTS))
                                             for n, c in enumerate(firsts, 1)))}

    def glance(self, table: Table | None = None) -> tuple[Msg, ...]:
        return tuple(Msg(line) for line in GLANCE)


TrashTwelveRules.example = Example(4, {}, tuple(example_hand(c) for c in CONTRACTS), winners=(2,))


# --- on paper: the sheet, the rules card's few lines (the handbook page has the whole rules) ---

GLANCE = (
    N_("Deal all the cards (take out twos so they deal evenly). Aces are high."),
    N_("Each hand has a contract, in the order printed on the sheet: tricks, hearts, kings, queens, the "
       "last trick, then a sequence race; then the six again in reverse."),
    N_("In trick hands follow suit if you can; the highest card of the suit led takes the trick."),
    N_("In the sequence hand, play on the 8s in suit order; being first or second out takes points off. "
       "After hand 12 the lowest total wins."),
)


def trash_twelve_plan(table: Table) -> Plan:
    """The 12 contracts in order, with their points and what a whole hand holds at this table."""
    deck = deck_for(table.n)
    points = table.options.points
    rows = []
    for number in range(1, HANDS + 1):
        contract = contract_for(number)
        rows.append(Row(msg(N_("%(n)s · %(contract)s"), n=number,
                            contract=Msg(CONTRACT_LABELS[contract])),
                        contract_detail(contract, deck, points)))
    return Plan(Layout.GRID, tuple(rows),
                keys=(Key(msg(N_("The cards")), ((msg(N_("Deck")), Msg(deck.setup)),
                                                 (msg(N_("Tricks a hand")), str(deck.tricks)),
                                                 (msg(N_("Hearts")), str(deck.hearts)),
                                                 (msg(N_("Kings, queens")), str(deck.honours)))),),
                notes=(msg(N_("Lowest total after hand 12 wins. Aces are high.")),))


def contract_points(contract, points: Mapping[str, int]) -> Msg:
    """Say what a contract scores."""
    c = Contract
    each = {c.TRICKS: N_("%(p)s a trick"), c.HEARTS: N_("%(p)s a heart"), c.KINGS: N_("%(p)s a king"),
            c.QUEENS: N_("%(p)s a queen")}
    if contract in each:
        return msg(each[contract], p=points[COUNTED[contract][0]])
    if contract is c.LAST_TRICK:
        return msg(N_("%(p)s to whoever takes it"), p=points["last_trick"])
    return msg(N_("out first %(first)s · second %(second)s"), first=signed_value(points["first_out"]),
               second=signed_value(points["second_out"]))


def contract_detail(contract, deck, points: Mapping[str, int]) -> Msg:
    """Say what a contract scores and what its counts must add up to at this table."""
    c = Contract
    in_all = {c.TRICKS: deck.tricks, c.HEARTS: deck.hearts, c.KINGS: deck.honours, c.QUEENS: deck.honours}
    if contract in in_all:
        return msg(N_("%(points)s · %(n)s in all"), points=contract_points(contract, points), n=in_all[contract])
    return contract_points(contract, points)


RULES = TrashTwelveRules()
