"""Gin Rummy for 2-4 players: knock, gin or big gin, played to a target; highest total wins.

Choices where the spec is silent:
- With 3 or 4 players the knocker settles with each opponent on their own; a gin pays
  one gin bonus however many opponents there are.
- A hand is won by every player who scored points in it (the spec's rule), so an undercut
  or a gin worth 0 because its bonus is set to 0 wins no box.
- A knock with the knocker's deadwood at 0 is gin (the seed): it is scored as gin, and the round reads
  ``gin`` (``as_played``); an opponent also on 0 scores nothing, and nobody undercuts a gin.
- Oklahoma: the upcard is asked for every hand but a draw, which scores nothing whatever it is. A spade
  doubles the hand's scores only (the end bonuses are counted at the end, as always). A hand is won by
  those who scored in it, doubled or not.
- For a draw, the knocker and deadwood are not read (and may be left out).
- The winner is the player with the most hand points (before end-of-game bonuses);
  players tied on it all win, and each gets the game bonus.
- The shutout doubling and the shutout bonus need at least one loser, and every loser to have won no hand.
- When the game is finished by hand, the leader on hand points wins and the end-of-game
  bonuses apply as at a normal end.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from enum import Enum
from typing import Any

from .base import BaseRules, best_of
from .cards import Card, parse_card
from .messages import N_, CardText, Msg, RulesError, fail, msg, nmsg
from .options import Preset, bool_option, first_dealer_option, int_option
from .paper import OPEN_ROWS, Key, Layout, Plan, numbered, value_runs
from .reading import need_int, need_list, need_object, need_seat, stored_seat
from .spec import HAND_WORDS, DataKeys, Example, Field, FieldKind, GameSpec, Measure, Record, Scope, Table, Turn

MAX_DEADWOOD = 100
SPADE = "S"
CARD_VALUES = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10,
               "J": 10, "Q": 10, "K": 10}


class Result(str, Enum):
    """How a hand ended."""

    KNOCK = "knock"
    GIN = "gin"
    BIG_GIN = "big_gin"
    DRAW = "draw"


RESULT_LABELS = {
    Result.KNOCK: N_("Knock"),
    Result.GIN: N_("Gin"),
    Result.BIG_GIN: N_("Big gin (all 11 cards)"),
    Result.DRAW: N_("Draw (nobody scores)"),
}
DRAWN = ("result", Result.DRAW.value)  # a draw has no knocker and no deadwood

SPEC = GameSpec(
    key="gin-rummy",
    name=N_("Gin Rummy"),
    min_players=2,
    max_players=4,
    measure=Measure.HIGHEST_TOTAL,
    rounds=HAND_WORDS,
    summary=N_("Meld sets and runs, knock with little deadwood or go gin. First to the target wins."),
    aliases=(N_("Gin"),),
    length=N_("To 100 points: about 45 minutes"),
    style=N_("Mostly skill"),
    options=(
        first_dealer_option(),
        int_option("target", N_("Play to"), 100, 1, 10000),
        replace(int_option("knock_max", N_("Most deadwood to knock with"), 9, 0, MAX_DEADWOOD,
                           help=N_("Knock with fewer than 10 (9); some tables allow 10")),
                unused_when=("oklahoma", True)),  # the upcard sets each hand's limit instead
        bool_option("oklahoma", N_("Oklahoma: the upcard sets the knock limit"), False,
                    help=N_("Each hand, the first card turned up is the most deadwood to knock with (picture "
                            "cards 10); an ace means gin only, and a spade doubles the hand's scores")),
        int_option("gin_bonus", N_("Gin bonus"), 25, 0, 1000),
        int_option("big_gin_bonus", N_("Big gin bonus"), 31, 0, 1000, help=N_("Gin with all 11 cards")),
        int_option("undercut_bonus", N_("Undercut bonus"), 25, 0, 1000),
        int_option("box_bonus", N_("Box bonus per hand won"), 0, 0, 1000, help=N_("Added at the end; standard 25")),
        int_option("game_bonus", N_("Game bonus"), 0, 0, 1000, help=N_("Added to the winner at the end; "
                                                                       "standard 100")),
        bool_option("shutout_double", N_("Double the winner's points in a shutout"), False,
                    help=N_("When a loser won no hand")),
        int_option("shutout_bonus", N_("Shutout bonus"), 0, 0, 1000,
                   help=N_("Added to the winner at the end when a loser won no hand")),
    ),
    presets={
        "classic": Preset(N_("Classic scoring: 25 a box, 100 for the game, a shutout doubles"),
                          {"box_bonus": 25, "game_bonus": 100, "shutout_double": True}),
        "oklahoma": Preset(N_("Oklahoma: the upcard sets the knock limit, a spade doubles; to 150"),
                           {"oklahoma": True, "target": 150, "box_bonus": 25, "game_bonus": 100,
                            "shutout_double": True}),
    },
)

GIN_MARKS = {Result.GIN: N_("gin"), Result.BIG_GIN: N_("big gin")}
UNDERCUT_MARK = N_("undercut")
DOUBLED_MARKS = {"": N_("♠×2"), GIN_MARKS[Result.GIN]: N_("gin ♠×2"), GIN_MARKS[Result.BIG_GIN]: N_("big gin ♠×2"),
                 UNDERCUT_MARK: N_("undercut ♠×2")}  # a spade upcard doubled the score (Oklahoma)
OKLAHOMA_LIMIT = N_("Oklahoma: the upcard's value is the knock limit (picture cards 10); an ace means gin only; a "
                    "spade doubles every score of the hand, bonuses included.")
UPCARD_SAID = {  # what the card helper says of the upcard typed, beside the limit it sets
    **{f"A{suit}": N_("%(card)s: an ace, gin only (nobody may knock)") for suit in "HDC"},
    "AS": N_("%(card)s: an ace, gin only (nobody may knock); a spade doubles the hand"),
    **{f"{rank}S": msg(N_("%(card)s: knock with %(most)s or less; a spade doubles the hand"), card="{card}",
                       most=value) for rank, value in CARD_VALUES.items() if rank != "A"},
    **{f"{rank}{suit}": msg(N_("%(card)s: knock with %(most)s or less"), card="{card}", most=value)
       for rank, value in CARD_VALUES.items() if rank != "A" for suit in "HDC"},
    **{rank: N_("%(card)s: give its suit too; a spade doubles the hand") for rank in CARD_VALUES},
    "X": N_("there are no jokers in Gin Rummy"),
}


@dataclass(frozen=True)
class GinOptions:
    """The house rules of one game of Gin Rummy, typed."""

    first_dealer: int
    target: int
    knock_max: int
    oklahoma: bool
    gin_bonus: int
    big_gin_bonus: int
    undercut_bonus: int
    box_bonus: int
    game_bonus: int
    shutout_double: bool
    shutout_bonus: int


@dataclass(frozen=True)
class GinState:
    """Hand points and hands won per seat."""

    points: tuple[int, ...]
    hands_won: tuple[int, ...]
    hands: int = 0


def knock_limit(upcard: Card) -> int:
    """Return the most deadwood to knock with under an upcard (Oklahoma): its value, an ace 1 (gin only)."""
    return CARD_VALUES[upcard.rank]


def doubling(upcard: Card | None) -> int:
    """Return what a hand's scores are multiplied by: 2 under a spade upcard (Oklahoma), else 1."""
    return 2 if upcard is not None and upcard.suit == SPADE else 1


def gone_gin(result: Result, held: int) -> Result:
    """A knock with no deadwood is gin."""
    return Result.GIN if result is Result.KNOCK and held == 0 else result


def settle_knock(deadwood: Sequence[int], knocker: int, undercut_bonus: int) -> list[int]:
    """Score a knock against each opponent on their own."""
    points = [0] * len(deadwood)
    own = deadwood[knocker]
    for seat, theirs in enumerate(deadwood):
        if seat == knocker:
            continue
        if own < theirs:
            points[knocker] += theirs - own
        else:
            points[seat] = own - theirs + undercut_bonus
    return points


def settle_gin(deadwood: Sequence[int], knocker: int, bonus: int) -> list[int]:
    """Score a gin: the opponents' deadwood plus one bonus to the knocker."""
    points = [0] * len(deadwood)
    points[knocker] = sum(d for seat, d in enumerate(deadwood) if seat != knocker) + bonus
    return points


class GinRummyRules(BaseRules):
    """Gin Rummy: hands scored until someone reaches the target, then the end-of-game bonuses."""

    spec = SPEC
    options_type = GinOptions
    data_keys = DataKeys(frozenset({"result", "knocker", "deadwood", "upcard"}))
    example = Example(2, {}, (
        {"result": "knock", "knocker": 0, "deadwood": [5, 30]},
        {"result": "knock", "knocker": 1, "deadwood": [4, 8]},
        {"result": "draw"},
        {"result": "gin", "knocker": 0, "deadwood": [0, 50]},
    ), winners=(0,))

    def start(self, table: Table) -> GinState:
        return GinState((0,) * table.n, (0,) * table.n)

    def play(self, table: Table, state: GinState, turn: Turn, data: Mapping[str, Any]):
        data = need_object(data)
        result = self.read_result(data)
        upcard = self.read_upcard(table, data, result)
        if result is Result.DRAW:
            if turn.entered:
                refuse_in_a_draw(data)
            return GinState(state.points, state.hands_won, state.hands + 1), [0] * table.n
        if data.get("knocker") is None:
            raise fail("knocker", N_("say who knocked or went gin"))
        knocker = need_seat(data["knocker"], "knocker", table)
        deadwood = self.read_deadwood(table, data, knocker if result is not Result.KNOCK else None)
        result = gone_gin(result, deadwood[knocker])
        self.check_knocker(table, result, knocker, deadwood, upcard)
        points = [p * doubling(upcard) for p in self.settle(table, result, knocker, deadwood)]
        totals = tuple(t + p for t, p in zip(state.points, points))
        hands_won = tuple(h + (p > 0) for h, p in zip(state.hands_won, points))  # won by all who scored
        return GinState(totals, hands_won, state.hands + 1), points

    def as_played(self, table: Table, data: Mapping[str, Any]) -> Mapping[str, Any]:
        """A knock with no deadwood reads as the gin it is."""
        deadwood, knocker = data.get("deadwood"), data.get("knocker")
        if data.get("result") == Result.KNOCK.value and isinstance(deadwood, list) and isinstance(knocker, int) \
                and 0 <= knocker < len(deadwood) and type(deadwood[knocker]) is int and deadwood[knocker] == 0:
            return {**data, "result": Result.GIN.value}
        return data

    def settle(self, table: Table, result: Result, knocker: int, deadwood: Sequence[int]):
        """Score a knock, gin or big gin."""
        options = table.options
        if result is Result.KNOCK:
            return settle_knock(deadwood, knocker, options.undercut_bonus)
        bonus = options.gin_bonus if result is Result.GIN else options.big_gin_bonus
        return settle_gin(deadwood, knocker, bonus)

    def read_result(self, data: Mapping[str, Any]) -> Result:
        """Read how the hand ended."""
        value = data.get("result")
        if isinstance(value, str) and value in {r.value for r in Result}:
            return Result(value)
        if value is None:
            raise fail("result", N_("say how the hand ended: knock, gin, big gin or draw"))
        raise fail("result", N_("must be one of: %(choices)s"), choices=", ".join(r.value for r in Result))

    def read_upcard(self, table: Table, data: Mapping[str, Any], result: Result) -> Card | None:
        """Read the hand's upcard (Oklahoma), with its suit; a draw may leave it out, as it scores nothing."""
        value = data.get("upcard")
        if not table.options.oklahoma:
            if value is not None:
                raise fail("upcard", N_("this table does not play Oklahoma: leave the upcard out"))
            return None
        if value is None or (isinstance(value, str) and not value.strip()):
            if result is Result.DRAW:
                return None
            raise fail("upcard", N_("give the upcard, the first card turned up from the stock, with its suit"))
        if not isinstance(value, str):
            raise fail("upcard", N_("the upcard is one card, written like 7S or K♠"))
        try:
            card = parse_card(value)
        except ValueError as exc:
            raise RulesError({"upcard": exc.args[0]}) from None
        if card.is_joker:
            raise fail("upcard", N_("there are no jokers in Gin Rummy"))
        if card.suit is None:
            raise fail("upcard", N_("give the upcard's suit too (%(card)s♠, %(card)s♥…): a spade doubles the hand"),
                       card=CardText(card.rank))
        return card

    def read_deadwood(self, table: Table, data: Mapping[str, Any], gone_gin: int | None = None) -> list[int]:
        """Read each player's deadwood after lay-offs; the player who went gin holds none, given or left out."""
        entries = list(need_list(data.get("deadwood"), "deadwood", table))
        if gone_gin is not None and entries[gone_gin] is None:
            entries[gone_gin] = 0
        for seat, value in enumerate(entries):
            if value is None:
                raise fail(f"deadwood.{seat}", N_("give %(name)s's deadwood (0 for none)"), name=table.players[seat])
        return [need_int(v, f"deadwood.{seat}", 0, MAX_DEADWOOD) for seat, v in enumerate(entries)]

    def check_knocker(self, table: Table, result: Result, knocker: int, deadwood: Sequence[int],
                      upcard: Card | None = None) -> None:
        """Refuse a knock over the hand's limit (or on an ace, in Oklahoma), or a gin with deadwood."""
        held, name, path = deadwood[knocker], table.players[knocker], f"deadwood.{knocker}"
        if result is Result.KNOCK and upcard is not None and upcard.rank == "A":
            raise fail("result", N_("the upcard is an ace: only gin ends this hand, %(name)s may not knock with "
                                    "%(held)s"), name=name, held=held)
        if result is Result.KNOCK and upcard is not None and held > knock_limit(upcard):
            raise fail(path, N_("%(name)s knocked holding %(held)s; with %(card)s turned up a knock needs %(most)s "
                                "or less"), name=name, held=held, card=CardText(str(upcard)), most=knock_limit(upcard))
        if result is Result.KNOCK and held > table.options.knock_max and upcard is None:
            raise fail(path, N_("%(name)s knocked holding %(held)s; a knock needs %(most)s or less"),
                       name=name, held=held, most=table.options.knock_max)
        if result is not Result.KNOCK and held:
            raise fail(path, N_("%(name)s went gin, so holds no deadwood (not %(held)s)"), name=name, held=held)

    def is_over(self, table: Table, state: GinState) -> bool:
        return max(state.points) >= table.options.target

    def usual_table(self) -> int:
        """Gin is a game for two: a club seats its players in twos."""
        return 2

    def winners(self, table: Table, state: GinState) -> list[int]:
        return self.leaders(table, state.points, best_is_low=False)

    def end_parts(self, table: Table, state: GinState) -> list[tuple[int, int, int, int]]:
        """Return what the end of the game adds to each seat, part by part: (boxes, game bonus, shutout doubling,
        shutout bonus)."""
        options = table.options
        winners = self.winners(table, state)
        losers = [seat for seat in range(table.n) if seat not in winners]
        shutout = bool(losers) and all(state.hands_won[s] == 0 for s in losers)
        return [(state.hands_won[seat] * options.box_bonus, options.game_bonus if seat in winners else 0,
                 state.points[seat] if seat in winners and shutout and options.shutout_double else 0,
                 options.shutout_bonus if seat in winners and shutout else 0) for seat in range(table.n)]

    def end_bonuses(self, table: Table, state: GinState) -> list[int]:
        """Return what the end of the game adds to each seat: shutout doubling, boxes, game bonus, shutout bonus."""
        return [sum(parts) for parts in self.end_parts(table, state)]

    def standings(self, table: Table, state: GinState, over: bool) -> list[dict[str, Any]]:
        bonuses = self.end_bonuses(table, state) if over else [0] * table.n
        return [{"total": points + bonus, "hands_won": won, "bonus": bonus}
                for points, won, bonus in zip(state.points, state.hands_won, bonuses)]

    def records(self, table: Table, state: GinState, rounds: Sequence[Any],
                standings: Sequence[Mapping[str, Any]]) -> list[Record]:
        """Hold the highest total and hand, and the most hands won in a game (the boxes)."""
        boxes = [Record("boxes", msg(N_("most hands won in a game (boxes)")), seat, won, True)
                 for seat, won in best_of(state.hands_won, low=False) if won > 0]
        return [*super().records(table, state, rounds, standings), *boxes]

    IN_PLAY = ("knock_max", "gin_bonus", "big_gin_bonus", "undercut_bonus", "target")

    def rules_now(self, table: Table, state: GinState, turn: Turn) -> list[Msg]:
        """Name the knock limit (the upcard's, in Oklahoma), the bonuses and the target as this table set them."""
        lines = super().rules_now(table, state, turn)
        return [Msg(OKLAHOMA_LIMIT), *lines[1:]] if table.options.oklahoma else lines

    def notes(self, table: Table, state: GinState, turn: Turn) -> list[Msg]:
        """State the target, the knock limit, the bonuses and what the end will add."""
        options = table.options
        lines = [
            msg(N_("Play to %(target)s; the highest total wins."), target=options.target),
            msg(N_("Knock with the upcard's value or less deadwood. Gin +%(gin)s, big gin +%(big)s, undercut "
                   "+%(under)s."), gin=options.gin_bonus, big=options.big_gin_bonus, under=options.undercut_bonus)
            if options.oklahoma else
            msg(N_("Knock with %(most)s or less deadwood. Gin +%(gin)s, big gin +%(big)s, undercut +%(under)s."),
                most=options.knock_max, gin=options.gin_bonus, big=options.big_gin_bonus,
                under=options.undercut_bonus),
            *((msg(OKLAHOMA_LIMIT),) if options.oklahoma else ()),
        ]
        if options.box_bonus:
            lines.append(msg(N_("At the end: %(box)s points for every hand won."), box=options.box_bonus))
        if options.game_bonus:
            lines.append(msg(N_("At the end: %(bonus)s points to the winner."), bonus=options.game_bonus))
        if options.shutout_double:
            lines.append(msg(N_("At the end: the winner's hand points double if no one else won a hand.")))
        if options.shutout_bonus:
            lines.append(msg(N_("At the end: %(bonus)s points to the winner if no one else won a hand."),
                             bonus=options.shutout_bonus))
        return lines

    def seat_notes(self, table: Table, state: GinState, over: bool = False) -> list[list[Msg]]:
        """Count each player's hands won (the boxes), with the box bonus they bring at the end; at the end, the
        game bonus and the shutout's doubling too, so that the bonus beside the total adds up."""
        box = table.options.box_bonus
        notes = [[msg(N_("Hands won: %(n)s · box bonus %(bonus)s"), n=won, bonus=won * box) if box and won
                  else msg(N_("Hands won: %(n)s"), n=won)] for won in state.hands_won]
        if over:
            for seat, (_boxes, game, shutout, flat) in enumerate(self.end_parts(table, state)):
                if game:
                    notes[seat].append(msg(N_("game bonus %(bonus)s"), bonus=game))
                if shutout:
                    notes[seat].append(msg(N_("shutout: hand points doubled, +%(points)s"), points=shutout))
                if flat:
                    notes[seat].append(msg(N_("shutout bonus %(bonus)s"), bonus=flat))
        return notes

    def marks(self, table: Table, data: Mapping[str, Any], points: Sequence[int | None] | None,
              before: Any = None, after: Any = None) -> list[str]:
        """Show a drawn hand as a dash for everyone, and name a gin or an undercut beside its points."""
        result = next((r for r in Result if r.value == data.get("result")), None)
        if result is Result.DRAW:
            return ["–"] * table.n
        marks = super().marks(table, data, points)
        knocker = data.get("knocker")
        if not isinstance(knocker, int) or not 0 <= knocker < table.n or points is None:
            return marks
        words = [""] * table.n
        if result in GIN_MARKS:
            words[knocker] = GIN_MARKS[result]
        elif result is Result.KNOCK:
            for seat, p in enumerate(points):
                if seat != knocker and p:
                    words[seat] = UNDERCUT_MARK
        if doubling(stored_upcard(data)) > 1:  # a spade upcard: every score of the hand doubled, said beside it
            words = [DOUBLED_MARKS[word] if word or p else "" for word, p in zip(words, points)]
        return [f"{mark} {word}" if word else mark for mark, word in zip(marks, words)]

    def round_fields(self, table: Table, state: GinState, turn: Turn) -> list[Field]:
        upcard = [Field("upcard", N_("Upcard: the first card turned up"), FieldKind.CARDS, optional=True,
                        single=True, help=N_("Its value is the hand's knock limit: an ace, gin only; a spade doubles "
                                             "the hand"), card_values=CARD_VALUES, card_said=UPCARD_SAID,
                        card_total=N_("Knock with %(points)s or less"))] if table.options.oklahoma else []
        return [
            *upcard,
            # Nothing chosen beforehand: a form that opened on "Knock" with nobody knocking was refused as it stood.
            Field("result", N_("How the hand ended"), FieldKind.CHOICE, default=None,
                  choices=tuple((r.value, RESULT_LABELS[r]) for r in Result)),
            # No "Nobody" to pick: a draw has no knocker, and the page greys both out once Draw is chosen. One
            # help line for the hand; the card pad under each deadwood already knows the card values.
            Field("knocker", N_("Who knocked or went gin"), FieldKind.SEAT,
                  help=N_("A draw leaves out the knocker and the deadwood"), unused_when=DRAWN),
            Field("deadwood", N_("Deadwood after lay-offs"), FieldKind.INT, Scope.LIST, optional=True,
                  lo=0, hi=MAX_DEADWOOD, card_values=CARD_VALUES, unused_when=DRAWN),
        ]

    pads = {"hollywood": N_("Hollywood pad: three games scored at once")}

    def plan(self, table: Table, pad: str | None = None) -> Plan:
        return hollywood_plan(table) if pad == "hollywood" else gin_plan(table)

    def setup(self, players: int) -> tuple[Msg, Msg]:
        return msg(N_("1 pack, no jokers")), msg(N_("10 cards each"))

    def glance(self, table: Table | None = None) -> tuple[Msg, ...]:
        return tuple(Msg(line) for line in GLANCE)

    def knocker(self, table: Table, data: Mapping[str, Any]) -> int | None:
        return stored_seat(data.get("knocker"), table)

    def cell_notes(self, table: Table, data: Mapping[str, Any]) -> list[list[Msg]]:
        """Under each score, the deadwood the sheet asked for; in Oklahoma, under the knocker's, the upcard and the
        hand's knock limit it is checked against."""
        cells: list[list[Msg]] = [[] for _ in table.players]
        if isinstance(data.get("deadwood"), list):
            for seat, deadwood in enumerate(data["deadwood"][:len(cells)]):
                if isinstance(deadwood, int):
                    cells[seat].append(nmsg("deadwood %(num)s", "deadwood %(num)s", deadwood))
        upcard, knocker = stored_upcard(data), self.knocker(table, data)
        if upcard is not None and knocker is not None:
            cells[knocker].append(upcard_note(upcard))
        return cells

    def legend(self, table: Table) -> list[Msg]:
        """In Oklahoma, say what the upcard under a knocker's score and the spade's mark mean."""
        if not table.options.oklahoma:
            return []
        return [msg(N_("Under the knocker: the upcard and the hand's knock limit.")),
                msg(N_("♠×2: a spade upcard doubled the hand's scores."))]


def stored_upcard(data: Mapping[str, Any]) -> Card | None:
    """Return the upcard of a stored hand (Oklahoma), or None where it has none that reads."""
    try:
        return parse_card(data.get("upcard")) if isinstance(data.get("upcard"), str) else None
    except ValueError:
        return None


def upcard_note(upcard: Card) -> Msg:
    """Say a hand's upcard and the knock limit it set, as a filled sheet prints it under the knocker's score."""
    if upcard.rank == "A":
        return msg(N_("upcard %(card)s: gin only"), card=CardText(str(upcard)))
    return msg(N_("upcard %(card)s: knock ≤ %(most)s"), card=CardText(str(upcard)), most=knock_limit(upcard))


def refuse_in_a_draw(data: Mapping[str, Any]) -> None:
    """Refuse a knocker or deadwood given with a draw: a hand ended by a knock and then marked a draw by a slip
    would score nothing without a word."""
    errors: dict[str, Msg] = {}
    if data.get("knocker") is not None:
        errors["knocker"] = msg(N_("a drawn hand has no knocker; choose how the hand ended again"))
    deadwood = data.get("deadwood")
    if deadwood is not None and not (isinstance(deadwood, list) and all(v is None for v in deadwood)):
        errors["deadwood"] = msg(N_("a drawn hand scores nothing; leave the deadwood empty"))
    if errors:
        raise RulesError(errors)


# --- on paper: the sheet, the rules card's few lines (the handbook page has the whole rules) ---

GLANCE = (
    N_("Deal 10 cards each. Draw from the stock or the discards, then discard."),
    N_("Sets are 3 or 4 of a rank; runs are 3 or more of a suit in order (aces low). Every other card is "
       "deadwood: aces 1, pictures 10, others their number."),
    N_("Knock when your deadwood is at most the knock limit; the others lay off cards on your melds, except "
       "on a gin hand: nobody lays off on gin. The lower deadwood scores the difference; an undercut, gin and "
       "big gin earn their bonuses."),
    N_("The first to reach the target wins the game, and the end bonuses are added."),
)


def gin_plan(table: Table) -> Plan:
    """A box score: each hand's score and the running total per player, then the bonus block."""
    o = table.options
    footer = [msg(N_("Hand points"))]
    if o.box_bonus:
        footer.append(msg(N_("Boxes: %(bonus)s a hand won"), bonus=o.box_bonus))
    if o.shutout_double:
        footer.append(msg(N_("Shutout: the winner's hand points again")))
    if o.shutout_bonus:
        footer.append(msg(N_("Shutout bonus: %(bonus)s to the winner"), bonus=o.shutout_bonus))
    if o.game_bonus:
        footer.append(msg(N_("Game bonus: %(bonus)s to the winner"), bonus=o.game_bonus))
    footer.append(msg(N_("Final total")))
    knock = ((msg(N_("Knock with")), msg(N_("the upcard's value or less; an ace: gin only"))),
             (msg(N_("Spade upcard")), msg(N_("every score of the hand ×2")))) if o.oklahoma else \
        ((msg(N_("Knock with")), msg(N_("%(n)s deadwood or less"), n=o.knock_max)),)
    rules = (*knock,
             (msg(N_("Gin")), msg(N_("+%(n)s"), n=o.gin_bonus)),
             (msg(N_("Big gin")), msg(N_("+%(n)s"), n=o.big_gin_bonus)),
             (msg(N_("Undercut")), msg(N_("+%(n)s"), n=o.undercut_bonus)),
             (msg(N_("The game ends")), msg(N_("when a total reaches %(target)s"), target=o.target)))
    values = Key(msg(N_("Deadwood")), (*value_runs(CARD_VALUES),))
    end = (*(((msg(N_("Each hand won")), msg(N_("+%(n)s"), n=o.box_bonus)),) if o.box_bonus else ()),
           *(((msg(N_("Shutout")), msg(N_("the winner's hand points again"))),) if o.shutout_double else ()),
           *(((msg(N_("Shutout bonus")), msg(N_("+%(n)s to the winner"), n=o.shutout_bonus)),) if o.shutout_bonus
             else ()),
           *(((msg(N_("Game bonus")), msg(N_("+%(n)s to the winner"), n=o.game_bonus)),) if o.game_bonus else ()))
    columns = (msg(N_("Score")), msg(N_("Total")), *((msg(N_("Box")),) if o.box_bonus else ()))  # a tick a hand won
    return Plan(Layout.GRID, numbered(OPEN_ROWS), columns=columns, total_row=False,
                footer=tuple(footer), keys=(Key(msg(N_("How we play")), rules), values),
                filled_keys=(Key(msg(N_("At the end of the game")), end),) if end else (),
                shows=frozenset({"knock_max", "gin_bonus", "big_gin_bonus", "undercut_bonus", "target", "box_bonus",
                                 "shutout_double", "game_bonus", "oklahoma", "shutout_bonus"}),
                notes=(msg(N_("Highest total wins.")),
                       *((msg(N_("Write each hand's upcard beside the knocker's score: it is the knock limit.")),)
                         if o.oklahoma else ()),
                       *((msg(N_("Count the hands each player wins: each is worth a box bonus at the end.")),)
                         if o.box_bonus else ())), open_rows=True)


def hollywood_plan(table: Table) -> Plan:
    """The Hollywood pad of Gin Rummy: three games scored at once, side by side for each player."""
    plan = gin_plan(table)
    games = tuple(msg(N_("Game %(n)s"), n=n) for n in (1, 2, 3))
    footer = (msg(N_("Game total")), *((msg(N_("Boxes")),) if table.options.box_bonus else ()),
              *((msg(N_("Game bonus")),) if table.options.game_bonus else ()), msg(N_("Final total")))
    return replace(plan, columns=games, footer=footer, footer_split=True, summary=msg(N_(
        "The Hollywood pad: three games scored at once.")), notes=(msg(N_(
            "A player's first hand won goes in game 1; their second in games 1 and 2; from their third, in all "
            "three. Each game ends on its own when a total reaches the target.")), *plan.notes[:1]))


RULES = GinRummyRules()
