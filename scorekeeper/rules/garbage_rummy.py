"""Garbage, the rummy game with 11 goals of sets and runs (game key ``garbage-rummy``).

Choices made where the spec is silent (for the rules page):

- A player who made goal 11 stays on goal 11 in the standings (the game is then over).
- ``dealer_exact`` may be left out of a round; left out, it means the dealer did not take the exact deal.
- ``made_goal`` may be left out of an entry; left out, it means the player did not make the goal
  (for the player who went out it means they did: going out is making the goal).
- The player who went out may give no cards and no penalty at all: they hold nothing.
- An entry may give both ``cards`` and ``penalty`` only when the cards are empty; the penalty then counts.
- The dealer who went out still gets the dealer's bonus for an exact deal (0 plus the bonus).
- Penalty values can be changed only to numbers from 0 to 1000; a suited override (``"QS": 50``)
  makes the suit of that rank matter, so such cards must then be written with their suit.
- With changed values a penalty can be any number from 0 up to what both packs are worth; it must
  still be above 0 unless some card is worth nothing. Under the default values it is a multiple of 5.
- Goals are tracked only by whether each player made theirs; the sets and runs are not checked.
- The rounds grid shows each player's points with a tick (✓) for a goal made that round.
- The table page reminds the dealer how many cards to lift and lists the penalty values in force.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from . import cards
from .base import BaseRules
from .cards import JOKER, Card, card_value, check_packs, parse_cards, suit_needed, value_key, values_in_force
from .messages import N_, CardText, Msg, RulesError, fail, msg
from .options import first_dealer_option, int_option, mapping_option
from .paper import OPEN_ROWS, Key, Layout, Plan, RuleTable, joker_line, numbered, signed_value, value_runs
from .reading import need_bool, need_int, need_list, need_object, need_seat
from .spec import HAND_WORDS, DataKeys, Example, Field, FieldKind, GameSpec, Measure, Scope, Table, Turn

SUIT_SIGNS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}

GOALS = (
    N_("two sets of 3"),
    N_("two runs of 3"),
    N_("a set of 3 and a run of 4"),
    N_("two sets of 4"),
    N_("a set of 3 and a run of 5"),
    N_("three sets of 3"),
    N_("a run of 7"),
    N_("a set of 3 and a run of 6"),
    N_("two runs of 4"),
    N_("two sets of 5"),
    N_("a run of 11"),
)
LAST_GOAL = len(GOALS)
GOAL_LABEL = N_("Goal %(number)s: %(goal)s")

DEFAULT_VALUES: Mapping[str, int] = {
    JOKER: 20, "A": 15, "K": 10, "Q": 10, "J": 10, "10": 10,
    **{str(pip): 5 for pip in range(2, 10)},
}
PACKS = 2
JOKERS = 4
CARDS_PER_PLAYER = 10


def goal_text(number: int) -> str:
    """Return goal ``number`` (1-11) in words, like "a set of 3 and a run of 4"."""
    return GOALS[number - 1]


def goal_label(number: int) -> Msg:
    """Return goal ``number`` as a page shows it: "Goal 3: a set of 3 and a run of 4"."""
    return msg(GOAL_LABEL, number=number, goal=msg(goal_text(number)))


def deal_size(players: int) -> int:
    """Return how many cards the dealer takes for a deal: 10 a player and one more."""
    return CARDS_PER_PLAYER * players + 1


def most_penalty(overrides: Mapping[str, int]) -> int:
    """Return the most a hand left can cost: ten cards at the highest penalty value in force."""
    return CARDS_PER_PLAYER * max(values_in_force(DEFAULT_VALUES, overrides).values())


def values_line(overrides: Mapping[str, int]) -> str:
    """Write the penalty values in force the way the table reads them: "A=15 · 2–9=5 · 10–K=10 · 🃏=20"."""
    return cards.values_line(DEFAULT_VALUES, overrides)


def signed(number: int) -> str:
    """Write a bonus with its sign, as a score sheet does: "−50", "+30"."""
    return f"{number:+d}".replace("-", "−")


def cheapest_card(overrides: Mapping[str, int]) -> int:
    """Return the lowest penalty any card carries under the values in force."""
    return min(values_in_force(DEFAULT_VALUES, overrides).values())


SPEC = GameSpec(
    key="garbage-rummy",
    name=N_("Garbage (the rummy with 11 goals)"),
    min_players=2,
    max_players=10,
    options=(
        first_dealer_option(),
        mapping_option("values", N_("Penalty values"), value_key, lo=0, hi=1000,
                       help=N_("Changes to the penalty values; by default a joker is 20, an ace 15, "
                               "10 to king 10 and 2 to 9 are 5")),
        int_option("dealer_bonus", N_("Dealer's bonus for an exact deal"), -50, -1000, 1000,
                   help=N_("Added to the dealer's points when the dealer took exactly the cards "
                           "for the deal; 0 turns it off")),
    ),
    measure=Measure.LOWEST_TOTAL,
    rounds=HAND_WORDS,
    summary=N_("Two packs with four jokers; eleven goals of sets and runs; lowest penalty total wins."),
    aliases=(N_("Rummy with 11 goals"),),
    length=N_("11 goals: two hours or more"),
    style=N_("Skill with some luck"),
)


@dataclass(frozen=True)
class GarbageOptions:
    """The house rules of one game of Garbage, typed."""

    first_dealer: int
    values: Mapping[str, int]
    dealer_bonus: int


def example_rounds() -> tuple[dict[str, Any], ...]:
    """Return a whole two-player game: Ann goes out eleven times and makes every goal."""
    return tuple({"went_out": 0, "dealer_exact": number == 1,
                  "players": [{"made_goal": True, "cards": []},
                              {"made_goal": number % 2 == 0, "cards": ["K", "7"] if number < 11 else ["X"]}]}
                 for number in range(1, 12))


@dataclass(frozen=True)
class GarbageState:
    """The running totals and how many goals each seat has made."""

    totals: tuple[int, ...]
    made: tuple[int, ...]

    def goal(self, seat: int) -> int:
        """Return the goal seat ``seat`` is playing (11 stays 11 once made)."""
        return min(self.made[seat] + 1, LAST_GOAL)


@dataclass(frozen=True)
class Hand:
    """What one player reported at the end of a round."""

    made_goal: bool
    cards: tuple[Card, ...] | None  # None when the penalty was given directly
    penalty: int


class GarbageRules(BaseRules):
    """Garbage: penalties for cards left, goals that move on, dealer's bonus for an exact deal."""

    spec = SPEC
    options_type = GarbageOptions
    data_keys = DataKeys(frozenset({"went_out", "dealer_exact", "players"}),
                         frozenset({"made_goal", "cards", "penalty"}))
    example = Example(2, {}, example_rounds(), winners=(0,))

    def start(self, table: Table) -> GarbageState:
        """Start everyone on goal 1 with nothing scored."""
        return GarbageState((0,) * table.n, (0,) * table.n)

    def play(self, table: Table, state: GarbageState, turn: Turn,
             data: Any) -> tuple[GarbageState, list[int | None]]:
        """Check one round and score it: penalties for cards left, the dealer's bonus, goals moved on."""
        data = need_object(data)
        went_out = need_seat(data.get("went_out"), "went_out", table)
        exact = need_bool(data.get("dealer_exact", False), "dealer_exact")
        hands = self.read_hands(table, state, data, went_out)
        points = [0 if seat == went_out else hand.penalty for seat, hand in enumerate(hands)]
        if exact:
            points[turn.dealer] += table.options.dealer_bonus
        totals = tuple(t + p for t, p in zip(state.totals, points))
        made = tuple(m + int(hand.made_goal) for m, hand in zip(state.made, hands))
        return GarbageState(totals, made), list(points)

    def read_hands(self, table: Table, state: GarbageState, data: Mapping[str, Any], went_out: int) -> list[Hand]:
        """Read and check every player's entry, reporting every broken entry at once."""
        entries = need_list(data.get("players"), "players", table)
        hands: list[Hand] = []
        errors: dict[str, Msg] = {}
        for seat, entry in enumerate(entries):
            try:
                hands.append(self.read_hand(table, seat, entry, seat == went_out))
                check_last_goal(table, state, seat, hands[-1], seat == went_out)
            except RulesError as exc:
                errors.update(exc.errors)
        if errors:
            raise RulesError(errors)
        check_packs([(name, hand.cards or ()) for name, hand in zip(table.players, hands)], PACKS, JOKERS, "players")
        return hands

    def read_hand(self, table: Table, seat: int, entry: Any, went_out: bool) -> Hand:
        """Read one player's entry and check it against whether they went out."""
        path = f"players.{seat}"
        entry = need_object(entry, path)
        made_goal = need_bool(entry.get("made_goal", went_out), f"{path}.made_goal")
        cards = self.read_cards(table, entry.get("cards"), f"{path}.cards")
        hand = self.count_hand(table, path, made_goal, cards, entry.get("penalty"), went_out)
        check_hand(table, seat, hand, went_out)
        return hand

    def count_hand(self, table: Table, path: str, made_goal: bool, cards: list[Card] | None, penalty: Any,
                   went_out: bool) -> Hand:
        """Count a hand from its cards, or from the penalty given instead of them."""
        if cards and penalty is not None:
            raise fail(f"{path}.penalty", N_("give the cards left in hand or their penalty, not both"))
        if cards is not None and (cards or penalty is None):
            return Hand(made_goal, tuple(cards), self.cards_penalty(table, cards))
        if penalty is not None:
            return Hand(made_goal, None, self.read_penalty(table, penalty, f"{path}.penalty"))
        if went_out:
            return Hand(made_goal, (), 0)
        raise fail(f"{path}.cards", N_("write the cards left in hand, or their penalty"))

    def read_cards(self, table: Table, value: Any, path: str) -> list[Card] | None:
        """Read the cards left in a hand (None when not given), with suits where an override needs them."""
        if value is None:
            return None
        cards = parse_cards(value, path)
        overrides = table.options.values
        if len(cards) > CARDS_PER_PLAYER:
            raise fail(path, N_("%(got)s cards left; a hand holds at most %(most)s"), got=len(cards),
                       most=CARDS_PER_PLAYER)
        for card in cards:
            if card.suit is None and suit_needed(card.rank, overrides):
                raise fail(path, N_("write the suit of every %(rank)s: one suit of it has its own value"),
                           rank=CardText(card.rank))
        return cards

    def cards_penalty(self, table: Table, cards: list[Card]) -> int:
        """Add up the penalty values of the cards left in a hand."""
        return sum(card_value(card, DEFAULT_VALUES, table.options.values) for card in cards)

    def read_penalty(self, table: Table, value: Any, path: str) -> int:
        """Read a penalty given directly: a multiple of 5 under the default values."""
        overrides = table.options.values
        penalty = need_int(value, path, 0, most_penalty(overrides))
        if not overrides and penalty % 5:
            raise fail(path, N_("%(penalty)s is not a multiple of 5; every card is worth 5, 10, 15 or 20"),
                       penalty=penalty)
        return penalty

    def seats_in(self, table: Table, state: GarbageState) -> list[bool]:
        """Everyone plays to the end."""
        return [True] * table.n

    def is_over(self, table: Table, state: GarbageState) -> bool:
        """The game ends after the round in which someone made goal 11."""
        return any(made >= LAST_GOAL for made in state.made)

    def winners(self, table: Table, state: GarbageState) -> list[int]:
        """Return the seats on the lowest total."""
        return self.leaders(table, state.totals, best_is_low=True)

    def standings(self, table: Table, state: GarbageState, over: bool) -> list[dict[str, Any]]:
        """Return each seat's total, the goal being played and the goals made."""
        return [{"total": state.totals[seat], "goal": state.goal(seat), "goals_made": state.made[seat]}
                for seat in range(table.n)]

    def next_extras(self, table: Table, state: GarbageState, turn: Turn) -> dict[str, Any]:
        """Tell the dealer how many cards to take for the next deal."""
        return {"deal_size": deal_size(table.n)}

    def round_fields(self, table: Table, state: GarbageState, turn: Turn) -> list[Field]:
        """Ask who went out, whether the deal was exact, and each player's goal and cards left."""
        fields = [Field("went_out", N_("Went out"), FieldKind.SEAT)]
        bonus = table.options.dealer_bonus
        if bonus:
            fields.append(Field("dealer_exact",
                                msg(N_("%(name)s lifted exactly %(cards)s cards (%(bonus)s)"),
                                    name=table.players[turn.dealer], cards=deal_size(table.n), bonus=signed(bonus)),
                                FieldKind.BOOL, optional=True, default=False,
                                help=N_("10 cards for each player and one more")))
        fields += [
            Field("made_goal", N_("Made the goal"), FieldKind.BOOL, Scope.ENTRY, default=False, optional=True),
            Field("cards", N_("Cards left"), FieldKind.CARDS, Scope.ENTRY, alt="penalty",
                  alt_label=N_("penalty"), lo=0, help=N_("Cards left in hand: like K 7 X"),
                  card_values=values_in_force(DEFAULT_VALUES, table.options.values)),
        ]
        return fields

    def rules_now(self, table: Table, state: GarbageState, turn: Turn) -> list[Msg]:
        """Each player's goal this hand, and what cards left in hand cost."""
        goals = [msg(N_("%(name)s: %(goal)s"), name=name, goal=goal_label(state.goal(seat)))
                 for seat, name in enumerate(table.players) if state.made[seat] < LAST_GOAL]
        return [*goals, msg(N_("Cards left in hand: %(values)s"), values=values_line(table.options.values))]

    def notes(self, table: Table, state: GarbageState, turn: Turn) -> list[Msg]:
        """Tell the dealer how many cards to deal and what is at stake, and list the penalty values."""
        cards = deal_size(table.n)
        notes = [msg(N_("Deal %(cards)s cards: 10 each, and one more to the player on the dealer's left"),
                     cards=cards)]
        bonus = table.options.dealer_bonus
        if bonus:
            notes.append(msg(N_("Lifting exactly %(cards)s cards off the pack scores %(bonus)s for %(name)s"),
                             cards=cards, bonus=signed(bonus), name=table.players[turn.dealer]))
        notes.append(msg(N_("Cards left in hand: %(values)s"), values=values_line(table.options.values)))
        return notes

    def seat_notes(self, table: Table, state: GarbageState, over: bool = False) -> list[list[Msg]]:
        """Say, under each name, the goal that player is on (or that all eleven are made)."""
        return [[msg(N_("All 11 goals made"))] if made >= LAST_GOAL else [goal_label(state.goal(seat))]
                for seat, made in enumerate(state.made)]

    def marks(self, table: Table, data: Mapping[str, Any], points: Sequence[int | None] | None,
              before: Any = None, after: Any = None) -> list[str]:
        """Show each player's points for the round, with a tick for a goal made (as the fold counted it: the player
        who went out made theirs, ticked or not)."""
        marks = super().marks(table, data, points)
        if isinstance(before, GarbageState) and isinstance(after, GarbageState):
            for seat, (then, now) in enumerate(zip(before.made, after.made)):
                if now > then:
                    marks[seat] += " ✓"
        return marks

    def plan(self, table: Table, pad: str | None = None) -> Plan:
        return garbage_plan(table)

    def setup(self, players: int) -> tuple[Msg, Msg]:
        return msg(N_("2 packs and 4 jokers")), msg(N_("%(cards)s cards: 10 each and 1 more"), cards=deal_size(players))

    def rule_tables(self) -> dict[str, RuleTable]:
        values = values_in_force(DEFAULT_VALUES, {})
        return {"goals": RuleTable((msg(N_("Goal")), msg(N_("Lay down"))),
                                   tuple((str(n), Msg(goal)) for n, goal in enumerate(GOALS, 1))),
                "penalties": RuleTable((msg(N_("Card left in hand")), msg(N_("Points"))),
                                       (*value_runs(values), joker_line(values[JOKER])))}

    def glance(self, table: Table | None = None) -> tuple[Msg, ...]:
        return tuple(Msg(line) for line in GLANCE)

def check_last_goal(table: Table, state: GarbageState, seat: int, hand: Hand, went_out: bool) -> None:
    """Refuse goal 11 made by anyone but the player who went out: a run of 11 takes every card."""
    if hand.made_goal and state.made[seat] + 1 >= LAST_GOAL and not went_out:
        raise fail(f"players.{seat}.made_goal", N_("%(name)s cannot make goal 11 without going out: a run of 11 "
                                                   "takes every card"), name=table.players[seat])


def check_hand(table: Table, seat: int, hand: Hand, went_out: bool) -> None:
    """Check one hand: who went out made the goal and holds nothing; everyone else holds something."""
    path = f"players.{seat}"
    field = f"{path}.cards" if hand.cards is not None else f"{path}.penalty"
    name = table.players[seat]
    if went_out:
        if not hand.made_goal:
            raise fail(f"{path}.made_goal", N_("%(name)s went out, so must have made the goal this round"),
                       name=name)
        if hand.cards or hand.penalty:
            raise fail(field, N_("%(name)s went out, so holds no cards"), name=name)
        return
    if hand.cards is not None and not hand.cards:
        raise fail(field, N_("%(name)s did not go out, so holds at least one card"), name=name)
    if hand.cards is None and hand.penalty <= 0 < cheapest_card(table.options.values):
        raise fail(field, N_("%(name)s did not go out, so holds at least one card and the penalty is above 0"),
                   name=name)


# --- on paper: the sheet, the rules card's few lines (the handbook page has the whole rules) ---

GLANCE = (
    N_("Two packs and four jokers. Deal 10 cards each and one more to the player left of the dealer."),
    N_("Draw from the stock or the discards, lay down your goal when you hold it, then discard. A set is one "
       "rank; a run is one suit in order (A-2-3 or Q-K-A, never K-A-2); jokers are wild."),
    N_("Once your goal is down you may add to any sets and runs on the table, and take a joker from the table "
       "by putting down the card it stands for, to play it again."),
    N_("When someone goes out, everyone who laid down their goal moves on; the others try it again. Cards "
       "left in hand cost points; the lowest total after goal 11 wins."),
)


def garbage_plan(table: Table) -> Plan:
    """A row per round with penalty and goal made; the 11 goals and the penalty values."""
    values = values_in_force(DEFAULT_VALUES, table.options.values)
    goals = Key(msg(N_("The goals")), tuple((str(n), Msg(goal)) for n, goal in enumerate(GOALS, 1)))
    penalties = [*value_runs(values), joker_line(values[JOKER])]
    if table.options.dealer_bonus:
        penalties.append((msg(N_("Dealer takes the exact deal")), signed_value(table.options.dealer_bonus)))
    return Plan(Layout.GRID, numbered(OPEN_ROWS), columns=(msg(N_("Penalty")), msg(N_("Goal"))),
                keys=(goals, Key(msg(N_("Penalty points")), tuple(penalties))),
                notes=(msg(N_("Deal %(size)s cards: 10 each and one more to the player after the dealer."),
                           size=deal_size(table.n)),
                       msg(N_("Tick the goal when it is made; lowest total after goal 11 wins."))), open_rows=True,
                shows=frozenset({"dealer_bonus"}))  # in the penalty points key


RULES = GarbageRules()
