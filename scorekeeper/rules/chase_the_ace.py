"""Chase the Ace: one card each, the lowest card loses a life; the last player in wins.

Choices made where the spec is silent (for the rules page):

- The pot holds the lives lost so far, each worth the stake: it starts empty and grows by one
  stake every time a player loses a life. The winner takes the pot (and keeps any lives left).
- Tie rule ``share``: the tied players keep their last life, the game ends and they split the
  pot between them (the same money as each paying in a last life and splitting everything).
- Tie rule ``cut``: the player who wins the cut keeps the last life and wins the pot; the other
  tied players lose their last life into the pot.
- Tie rules ``carry`` and ``carry_no_add``: every tied player loses the last life, nobody wins,
  and the whole pot carries to the next game (with ``carry`` everyone adds a new stake to it).
- The tie rules apply only when every player still in would lose their last life in the same
  round; when someone with more lives or no loss is left, the others simply go out.
- A round may give each player's card (``cards``) or just who lost a life (``losers``); when both
  are given, the cards decide. Nobody losing (``losers: []``) is allowed, e.g. when all cancel;
  but empty cards with no loser ticked (the round form sent untouched) is refused.
- A card may be written with its suit; the suit is ignored. Jokers are not in the pack.
- ``cut_winner`` is given only in the round that needs it (tie rule ``cut``, everyone left tied).
  The round form asks for it only while every player still in is on their last life.
- When the game is finished by hand, the players with the most lives lead.
- The rounds grid shows "−1" under each player who really lost a life in the deal (so not
  the tied players who kept their last life under ``share`` or ``replay``), "✂" under
  the cut winner, and "=" under a player of the final tied deal who kept their last life (``share``).
- The money is shown with two decimals and no currency sign; with a stake of 0 the pot is
  counted in lives.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from .base import BaseRules, best_of, outlasting, went_out
from .cards import RANKS, Card, check_packs, parse_card, parse_rank
from .messages import N_, Amount, Msg, Names, RulesError, fail, gather, msg
from .options import bool_option, enum_option, first_dealer_option, int_option, number_option
from .paper import Key, Layout, Plan
from .reading import missing_entry, need_list, need_object, need_seat, need_seats, out_of_the_game
from .spec import (DEAL_WORDS, DataKeys, Example, Field, FieldKind, GameSpec, Measure, Record, Scope, Table, Turn,
                   option_line)


class TieRule(Enum):
    """What happens when every player still in would lose their last life together."""

    SHARE = "share"
    REPLAY = "replay"
    CUT = "cut"
    CARRY = "carry"
    CARRY_NO_ADD = "carry_no_add"


class Kings(Enum):
    """How a king behaves when someone tries to swap (for the rules page and the table helper)."""

    BLOCK = "block"
    PLAIN = "plain"
    REVEAL = "reveal"
    REVEAL_STOPS = "reveal_stops"


TIE_RULES: Mapping[TieRule, str] = {
    TieRule.SHARE: N_("They are joint winners and split the pot."),
    TieRule.REPLAY: N_("They keep their last lives and deal again."),
    TieRule.CUT: N_("They cut the pack; the highest card takes the whole pot."),
    TieRule.CARRY: N_("Nobody wins; the pot carries to the next game and everyone adds a new stake."),
    TieRule.CARRY_NO_ADD: N_("Nobody wins; the pot carries to the next game and nothing is added."),
}

KINGS_RULES: Mapping[Kings, str] = {
    Kings.BLOCK: N_("A player holding a king shows it and refuses the swap; the dealer cannot keep "
                    "a king cut from the pack."),
    Kings.PLAIN: N_("Kings are swapped like any other card."),
    Kings.REVEAL: N_("Kings are turned face up straight after the deal; if there is one, nobody "
                     "swaps and the lowest card loses."),
    Kings.REVEAL_STOPS: N_("A king shown on a swap ends all swapping for that deal; the lowest card loses."),
}

CANCEL_RULES: Mapping[bool, str] = {
    True: N_("Equal cards cancel; the lowest card left loses a life."),
    False: N_("Everyone holding the lowest card loses a life."),
}

LOST_MARK = "−1"  # the rounds grid: a life lost
CUT_MARK = "✂"  # the rounds grid: won the cut and kept the last life
TIE_MARK = "="  # the rounds grid: in the final tied deal

SPEC = GameSpec(
    key="chase-the-ace",
    name=N_("Chase the Ace"),
    min_players=2,
    max_players=20,
    measure=Measure.MOST_LIVES,
    rounds=DEAL_WORDS,
    summary=N_("One card each; swap to get away from the lowest card. Lose all your lives and you are out."),
    aliases=(N_("Ranter-Go-Round"), N_("Screw Your Neighbor"), N_("Cuckoo")),
    length=N_("A few minutes a deal; as long as the lives last"),
    style=N_("Mostly luck"),
    options=(
        first_dealer_option(),
        int_option("lives", N_("Lives each"), 3, 1, 99, help=N_("The dimes each player starts with")),
        number_option("stake", N_("Money per life"), 0.10, 0, 1000, help=N_("For showing the pot")),
        bool_option("cancel_matches", N_("Equal cards cancel"), True,
                    help=N_("Cards of the same rank cancel and the lowest card left loses; off, every "
                            "holder of the lowest rank loses")),
        enum_option("tie_rule", N_("When everyone left would go out together"), TieRule.SHARE, {
            TieRule.SHARE: N_("they win together and share the pot"),
            TieRule.REPLAY: N_("they keep their last lives and deal again"),
            TieRule.CUT: N_("they cut; the highest card takes the pot"),
            TieRule.CARRY: N_("undecided; the pot carries on, everyone adds a stake"),
            TieRule.CARRY_NO_ADD: N_("undecided; the pot carries on as it is"),
        }),
        bool_option("ace_high", N_("Aces high"), False,
                    help=N_("Aces rank above kings, so the 2 is the lowest card; kings keep their rule")),
        enum_option("kings", N_("Kings"), Kings.BLOCK, {
            Kings.BLOCK: N_("a king refuses a swap"),
            Kings.PLAIN: N_("kings swap like any card"),
            Kings.REVEAL: N_("kings are shown at once; any king stops all swapping"),
            Kings.REVEAL_STOPS: N_("a king shown on a swap stops all swapping"),
        }),
    ),
)


@dataclass(frozen=True)
class ChaseOptions:
    """The house rules of one game of Chase the Ace, typed."""

    first_dealer: int
    lives: int
    stake: float
    cancel_matches: bool
    tie_rule: TieRule
    ace_high: bool
    kings: Kings


@dataclass(frozen=True)
class ChaseState:
    """Lives left per seat, lives lost into the pot, and how the game ended."""

    lives: tuple[int, ...]
    lost: int = 0
    over: bool = False
    winners: tuple[int, ...] = ()
    carried: bool = False  # ended undecided: the pot carries to the next game
    tied: tuple[int, ...] = ()  # who went out together when the pot carried
    final_tie: tuple[int, ...] = ()  # who was in the deal the tie rule decided, when it ended the game
    lasted: tuple[int, ...] = ()  # per seat, the deal in which they lost their last life (0: still in)


ACE_HIGH_RANKS = (*RANKS[1:], RANKS[0])  # 2 3 … K A


def rank_order(rank: str, ace_high: bool = False) -> int:
    """Return a rank's place from low (A, or 2 when aces are high) to high (K, or A)."""
    return (ACE_HIGH_RANKS if ace_high else RANKS).index(rank)


def losers_by_cards(ranks: Sequence[str | None], cancel: bool, ace_high: bool = False) -> list[int]:
    """Return who loses a life given each seat's rank (None: out of the game)."""
    counts = Counter(r for r in ranks if r is not None)
    live = [r for r in counts if counts[r] == 1] if cancel else list(counts)
    if not live:
        return []
    lowest = min(live, key=lambda rank: rank_order(rank, ace_high))
    return [seat for seat, rank in enumerate(ranks) if rank == lowest]


def pot_money(lost: int, stake: float) -> float:
    """Return the money in the pot: lives lost times the stake, to the cent."""
    return round(lost * stake, 2)


class ChaseRules(BaseRules):
    """Chase the Ace: lives lost to the lowest card; the last one in, or the tie rule, decides."""

    def records(self, table: Table, state: ChaseState, rounds: Sequence[Any],
                standings: Sequence[Mapping[str, Any]]) -> list[Record]:
        """Hold the longest survival: the most deals one player came through with a life left (the deal a player
        goes out in is not survived)."""
        stayed = [sum(1 for played in rounds if (played.running[seat] or 0) > 0) for seat in range(table.n)]
        return [Record("survival", msg(N_("most deals survived")), seat, deals, True)
                for seat, deals in best_of(stayed, low=False) if deals > 0]

    spec = SPEC
    options_type = ChaseOptions
    data_keys = DataKeys(frozenset({"cards", "losers", "cut_winner"}))
    example = Example(3, {"lives": 2}, (
        {"cards": ["A", "K", "5"]}, {"losers": [1]}, {"cards": ["7", "7", "2"]}, {"cards": ["Q", "5", "3"]},
        {"cards": ["2", "9", None]},
    ), winners=(1,))

    def start(self, table: Table) -> ChaseState:
        """Give everyone their lives and an empty pot."""
        return ChaseState((table.options.lives,) * table.n)

    def seats_in(self, table: Table, state: ChaseState) -> list[bool]:
        """A player is in while they have a life left."""
        return [lives > 0 for lives in state.lives]

    def play(self, table: Table, state: ChaseState, turn: Turn, data: Any) -> tuple[ChaseState, None]:
        """Check one deal, take a life from each loser and apply the tie rule when needed."""
        data = need_object(data)
        losers = self.read_losers_and_cut(table, state, data, turn.entered)
        lives = tuple(n - 1 if seat in losers else n for seat, n in enumerate(state.lives))
        cut_winner = data.get("cut_winner")
        tied = bool(losers) and not any(lives)
        if cut_winner is not None and not (tied and table.options.tie_rule is TieRule.CUT):
            raise fail("cut_winner", N_("there is no cut this deal: it is only needed when everyone "
                                        "still in would go out together"))
        if tied:
            return self.settle_tie(table, state, losers, cut_winner, turn.number), None
        lost = state.lost + len(losers)
        left = [seat for seat, n in enumerate(lives) if n > 0]
        over = len(left) <= 1
        lasted = went_out(state.lives, lives, state.lasted, turn.number)
        return ChaseState(lives, lost, over, tuple(left) if over else (), lasted=lasted), None

    def read_losers_and_cut(self, table: Table, state: ChaseState, data: Mapping[str, Any],
                            entered: bool = True) -> list[int]:
        """Return who loses a life; when the deal is refused, name a cut winner who is no player too."""
        errors: dict[str, Msg] = {}
        losers = gather(errors, self.read_losers, table, state, data, entered)
        if losers is None:
            if data.get("cut_winner") is not None:
                gather(errors, need_seat, data["cut_winner"], "cut_winner", table)
            raise RulesError(errors)
        return losers

    def read_losers(self, table: Table, state: ChaseState, data: Mapping[str, Any], entered: bool = True) -> list[int]:
        """Return who loses a life: from the cards when given, else from ``losers``. A deal being entered whose
        ticks the cards overrule is refused: the ticks would be dropped without a word."""
        cards, losers = data.get("cards"), data.get("losers")
        if cards_decide(data):
            if entered and losers not in (None, []) and isinstance(cards, list) and any(
                    is_blank(card) for card, lives in zip(cards, state.lives) if lives > 0):
                raise fail("cards", N_("some cards are given and a player is ticked as losing a life: give every "
                                       "player's card, or clear the cards and keep the ticks"))
            by_cards = losers_by_cards(self.read_cards(table, state, cards, entered), table.options.cancel_matches,
                                       table.options.ace_high)
            if entered and losers not in (None, []) and sorted(need_seats(losers, "losers", table)) != by_cards:
                text, params = said_by_cards(table, by_cards)
                raise fail("losers", text, **params)
            return by_cards
        if losers is None or (cards is not None and losers == []):
            # An untouched form sends empty cards and no ticks: that is a slip, not "nobody lost".
            raise fail("cards", N_("give each player's card, or say who lost a life"))
        losers = need_seats(losers, "losers", table)
        for seat in losers:
            if state.lives[seat] <= 0:
                raise fail("losers", N_("%(name)s is already out of the game"), name=table.players[seat])
        return losers

    def read_cards(self, table: Table, state: ChaseState, value: Any, entered: bool = True) -> list[str | None]:
        """Read one rank per seat (None for a seat that is out), reporting every broken card at once."""
        cards = need_list(value, "cards", table)
        errors: dict[str, Msg] = {}
        dealt = [gather(errors, read_seat_card, table, seat, card, state.lives[seat] > 0, entered)
                 for seat, card in enumerate(cards)]
        if errors:
            raise RulesError(errors)
        check_packs([(name, [card]) for name, card in zip(table.players, dealt) if card is not None], 1, 0, "cards")
        return [None if card is None else card.rank for card in dealt]

    def settle_tie(self, table: Table, state: ChaseState, tied: list[int], cut_winner: Any,
                   number: int) -> ChaseState:
        """Apply the tie rule when every player still in would lose their last life together (in deal ``number``)."""
        rule, together = table.options.tie_rule, tuple(sorted(tied))
        if rule is TieRule.REPLAY:
            return state
        if rule is TieRule.SHARE:
            return ChaseState(state.lives, state.lost, True, together, final_tie=together, lasted=state.lasted)
        if rule is TieRule.CUT:
            winner = self.read_cut_winner(table, tied, cut_winner)
            lives = tuple(0 if seat in tied and seat != winner else n for seat, n in enumerate(state.lives))
            return ChaseState(lives, state.lost + len(tied) - 1, True, (winner,), final_tie=together,
                              lasted=went_out(state.lives, lives, state.lasted, number))
        lives = tuple(0 if seat in tied else n for seat, n in enumerate(state.lives))
        return ChaseState(lives, state.lost + len(tied), True, (), carried=True, tied=together, final_tie=together,
                          lasted=went_out(state.lives, lives, state.lasted, number))

    def read_cut_winner(self, table: Table, tied: list[int], value: Any) -> int:
        """Read who won the cut: one of the tied players."""
        if value is None:
            raise fail("cut_winner", N_("everyone still in would go out together: say who won the cut"))
        winner = need_seat(value, "cut_winner", table)
        if winner not in tied:
            raise fail("cut_winner", N_("%(name)s was not in the tie"), name=table.players[winner])
        return winner

    def is_over(self, table: Table, state: ChaseState) -> bool:
        """The game ends when one player is left in, or by the tie rule."""
        return state.over

    def usual_table(self) -> int:
        """Chase the Ace wants a lively table: six."""
        return 6

    def winners(self, table: Table, state: ChaseState) -> list[int]:
        """Return the winners at the end, or the players with the most lives while playing."""
        if state.over:
            return list(state.winners)
        return self.leaders(table, state.lives, best_is_low=False)

    def placing(self, table: Table, state: ChaseState, standings) -> list[float | None]:
        """Place by lives left; players who are out by how long they lasted (out later, placed higher)."""
        return outlasting(state.lives, state.lasted)

    def standings(self, table: Table, state: ChaseState, over: bool) -> list[dict[str, Any]]:
        """Return each seat's lives and whether they are out (no points: total is None)."""
        return [{"total": None, "lives": lives, "out": lives <= 0} for lives in state.lives]

    def next_extras(self, table: Table, state: ChaseState, turn: Turn) -> dict[str, Any]:
        """Tell the table the money in the pot."""
        return {"pot": pot_money(state.lost, table.options.stake)}

    def final_extras(self, table: Table, state: ChaseState) -> dict[str, Any]:
        """Say what the pot held at the end (it may carry to the next game)."""
        return {"pot": pot_money(state.lost, table.options.stake)}

    def pot(self, table: Table, state: ChaseState) -> dict[str, Any]:
        """Describe the pot for the page: money, each winner's share, and whether it carries on."""
        money = pot_money(state.lost, table.options.stake)
        share = round(money / len(state.winners), 2) if state.over and state.winners else None
        carries = state.carried
        new_stake = carries and table.options.tie_rule is TieRule.CARRY
        return {"pot": money, "share": share, "carries": carries, "new_stake": new_stake}

    def rules_now(self, table: Table, state: ChaseState, turn: Turn) -> list[Msg]:
        """What a king does, whether equal cards cancel, and what happens when everyone left would go out."""
        options = table.options
        return [*((Msg(ACES_HIGH),) if options.ace_high else ()), Msg(KINGS_RULES[options.kings]),
                Msg(CANCEL_RULES[options.cancel_matches]), option_line(SPEC, table, "tie_rule")]

    def notes(self, table: Table, state: ChaseState, turn: Turn) -> list[Msg]:
        """Tell the table the pot."""
        return [pot_note(table, state.lost)]

    def table_rules(self, table: Table) -> list[Msg]:
        """Say what the chosen rules mean, and the two ways to enter a deal (the same every deal)."""
        o = table.options
        return [
            *((msg(ACES_HIGH),) if o.ace_high else ()),
            msg(N_("Kings: %(rule)s"), rule=msg(KINGS_RULES[o.kings])),
            msg(CANCEL_RULES[o.cancel_matches]),
            msg(N_("If everyone still in would go out together: %(rule)s"), rule=msg(TIE_RULES[o.tie_rule])),
            msg(N_("Pick each player's card, or leave the cards empty and tick who lost a life. "
                   "When the cards are given, they decide.")),
        ]

    def seat_notes(self, table: Table, state: ChaseState, over: bool = False) -> list[list[Msg]]:
        """At the end, say who takes or shares the pot, or that it carries to the next game."""
        notes: list[list[Msg]] = [[] for _ in table.players]
        if not (state.over or over):
            return notes
        pot = self.pot(table, state)
        winners = self.winners(table, state)
        for seat in winners:
            notes[seat].append(end_note(table, pot, len(winners)))
        for seat in state.tied:
            notes[seat].append(end_note(table, pot, 0))
        return notes

    def marks(self, table: Table, data: Mapping[str, Any], points: Sequence[int | None] | None,
              before: Any = None, after: Any = None) -> list[str]:
        """Show "−1" under each player who lost a life, "✂" under the cut winner, "=" in the final tied deal."""
        if isinstance(before, ChaseState) and isinstance(after, ChaseState):  # what the deal really cost
            losers = {seat for seat in range(table.n) if after.lives[seat] < before.lives[seat]}
        else:
            losers = set(stored_losers(table, data))
        cut = data.get("cut_winner")
        marks = [CUT_MARK if seat == cut else LOST_MARK if seat in losers else "" for seat in range(table.n)]
        tie = after.final_tie if isinstance(after, ChaseState) and not getattr(before, "over", True) else ()
        return [TIE_MARK if seat in tie and not mark else mark for seat, mark in enumerate(marks)]

    def round_fields(self, table: Table, state: ChaseState, turn: Turn) -> list[Field]:
        """Ask for each player's card, or who lost a life; and who won the cut when it may be needed."""
        fields = [
            Field("cards", N_("Card"), FieldKind.RANK, Scope.LIST, optional=True,
                  help=KINGS_RULES[table.options.kings]),
            Field("losers", N_("Or, with the cards left empty: who lost a life"), FieldKind.SEATS, optional=True,
                  help=N_("Leave the cards empty and tick who lost a life")),
        ]
        if table.options.tie_rule is TieRule.CUT and all(n == 1 for n in state.lives if n > 0):
            # Only on last lives can everyone still in go out together and need the cut.
            fields.append(Field("cut_winner", N_("Won the cut, if everyone still in went out"), FieldKind.SEAT,
                                optional=True,
                                help=N_("Only when everyone still in would go out together")))
        return fields

    def plan(self, table: Table, pad: str | None = None) -> Plan:
        return chase_plan(table)

    def setup(self, players: int) -> tuple[Msg, Msg]:
        return msg(N_("1 pack, no jokers")), msg(N_("1 card each"))

    def glance(self, table: Table | None = None) -> tuple[Msg, ...]:
        lines = (GLANCE_ACE_HIGH, *GLANCE[1:]) if table is not None and table.options.ace_high else GLANCE
        return tuple(Msg(line) for line in lines)

    def variants(self) -> tuple[Msg, ...]:
        return tuple(Msg(line) for line in VARIANTS)


def money_text(lives: int, stake: float) -> Amount:
    """Return the money for ``lives`` lives at the stake, written out where it is shown (no currency sign)."""
    return Amount(pot_money(lives, stake))


def pot_note(table: Table, lost: int) -> Msg:
    """Say what is in the pot: money at the stake, or lives when the stake is 0."""
    stake = table.options.stake
    if not stake:
        return msg(N_("Lives in the pot: %(lives)s"), lives=lost)
    return msg(N_("Pot: %(money)s (lives lost: %(lives)s, at %(stake)s each)"),
               money=money_text(lost, stake), lives=lost, stake=money_text(1, stake))


def end_note(table: Table, pot: Mapping[str, Any], winners: int) -> Msg:
    """Say what happens to the pot at the end: one winner takes it, winners share it, or it carries."""
    money, share = Amount(pot["pot"]), Amount(round(pot["pot"] / max(winners, 1), 2))
    if not table.options.stake:
        texts = (N_("The pot carries to the next game"), N_("Takes the pot"), N_("Shares the pot"))
        return msg(texts[min(winners, 2)])
    if winners == 1:
        return msg(N_("Takes the pot: %(money)s"), money=money)
    if winners > 1:
        return msg(N_("Shares the pot: %(share)s of %(money)s"), share=share, money=money)
    if pot["new_stake"]:
        return msg(N_("The pot of %(money)s carries to the next game, and everyone adds a new stake"), money=money)
    return msg(N_("The pot of %(money)s carries to the next game"), money=money)


def said_by_cards(table: Table, by_cards: list[int]) -> tuple[str, dict[str, Any]]:
    """Say who the cards given make lose a life, when the players ticked as losers differ."""
    if not by_cards:
        return N_("the cards given cancel out, so nobody loses a life: tick no one, or leave the cards empty"), {}
    return (N_("the cards given say %(names)s lost a life: tick no one else, or leave the cards empty"),
            {"names": Names(tuple(table.players[seat] for seat in by_cards))})


def cards_decide(data: Mapping[str, Any]) -> bool:
    """Say whether a deal's cards decide who lost (given, and not all left empty when losers are given)."""
    cards, losers = data.get("cards"), data.get("losers")
    return cards is not None and (losers is None or not all_blank(cards))


def stored_losers(table: Table, data: Mapping[str, Any]) -> list[int]:
    """Return who lost a life in a deal already checked and stored, from its cards or its losers."""
    if cards_decide(data):
        ranks = [None if is_blank(card) else parse_rank(card, "cards") for card in data["cards"]]
        return losers_by_cards(ranks, table.options.cancel_matches, table.options.ace_high)
    return list(data.get("losers") or [])


def is_blank(value: Any) -> bool:
    """Say whether a per-seat card entry was left empty."""
    return value is None or (isinstance(value, str) and not value.strip())


def all_blank(cards: Any) -> bool:
    """Say whether a cards list was sent with every entry left empty (the form's other way was used)."""
    return isinstance(cards, list) and all(is_blank(card) for card in cards)


def read_seat_card(table: Table, seat: int, card: Any, seat_in: bool, entered: bool = True) -> Card | None:
    """Read one seat's card (its rank, and its suit when given) for a player still in, nothing for one who is out."""
    path, name = f"cards.{seat}", table.players[seat]
    if not seat_in:
        if not is_blank(card):
            raise out_of_the_game(path, name, entered)
        return None
    if is_blank(card):
        raise missing_entry(path, N_("give %(name)s's card"), name, entered)
    return read_card(card, path)


def read_card(value: Any, path: str) -> Card:
    """Read one card (a rank, with its suit or not); jokers are not in the pack."""
    try:
        card = parse_card(value)
    except ValueError as exc:
        raise RulesError({path: exc.args[0]}) from None
    if card.is_joker:
        raise fail(path, N_("there are no jokers in Chase the Ace"))
    return card


# --- on paper: the sheet, the rules card's few lines (the handbook page has the whole rules) ---

GLANCE = (
    N_("Deal one card each. Ace is lowest, king highest; suits do not matter."),
    N_("In turn, keep your card or swap with the player on your left (a king refuses). The dealer may cut "
       "the pack for a new card instead."),
    N_("Cards turn up: the lowest card loses a life, and each life lost puts a stake in the pot."),
    N_("Lose every life and you are out; the last player with a life left takes the pot."),
)
GLANCE_ACE_HIGH = N_("Deal one card each. Aces are high: the 2 is lowest, the ace highest; suits do not matter.")
ACES_HIGH = N_("Aces are high: the 2 is the lowest card, the ace the highest.")

# Variants some tables play that change only how a deal is played, never the sheet.
VARIANTS = (
    N_("Queens: if the player you ask to swap holds a queen, you swap with the player on your right "
       "instead; if that player holds a queen too, you keep your card."),
    N_("Jacks: a player holding a jack who is asked to swap shows it and refuses; play moves on to the "
       "next player."),
)


def chase_plan(table: Table) -> Plan:
    """Lives to strike out per player and a pot to tally."""
    o = table.options
    rules = ((msg(N_("Lowest card")), Msg(CANCEL_RULES[o.cancel_matches])),
             (msg(N_("Kings")), Msg(KINGS_RULES[o.kings])),
             (msg(N_("Everyone out at once")), Msg(TIE_RULES[o.tie_rule])),
             (msg(N_("Ranks, low to high")), msg(N_("2 3 4 5 6 7 8 9 10 J Q K A") if o.ace_high
                                                 else N_("A 2 3 4 5 6 7 8 9 10 J Q K"))))
    return Plan(Layout.TRACKER, (), total_row=False, tokens=("●",) * o.lives,
                tokens_label=msg(N_("Lives: strike one out for each life lost")),
                pot_boxes=o.lives * table.n, keys=(Key(msg(N_("How we play")), rules),),
                notes=(msg(N_("Pot: strike a box for each life lost, %(stake)s each."), stake=Amount(o.stake)),),
                shows=frozenset({"cancel_matches", "kings", "tie_rule", "ace_high"}))  # the key (lives and stake: the rules card too)


RULES = ChaseRules()
