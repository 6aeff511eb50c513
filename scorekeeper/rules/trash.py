"""Trash, the layout game also called Garbage or Ten (game key ``trash``).

No points: each player's layout starts at ``start`` cards and shrinks by one for every deal they complete.

Choices made where the spec is silent (for the rules page):

- ``also_completed`` may be left out of a round; left out, only the winner completed a layout.
- With ``deals`` set and ``win_at`` reached first, the game ends at once; the deal limit is a longest game.
- A layout never starts above 10 cards (the places ace to ten), and ``win_at`` must be below ``start``.
- Finished by hand, the players with the smallest layout win; before any deal that is everyone.
- With ``rotate``, deal k is started by the player k seats after the first dealer (always the player
  after that deal's dealer); with ``winner`` the winner of the last deal starts the next.
- Packs: one for 2 players, then one more for every two players (2 for 3-4, 3 for 5-6, ... 6 for 11-12).
- The rounds grid marks the winner of each deal with ● and anyone who also completed with ✓.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from .base import BaseRules
from .messages import N_, Msg, fail, msg
from .options import Preset, bool_option, enum_option, first_dealer_option, int_option
from .paper import OPEN_ROWS, Key, Layout, Plan, RuleTable, cut_short, numbered, spread
from .reading import need_object, need_seat, need_seats
from .spec import DEAL_WORDS, DataKeys, Example, Field, FieldKind, GameSpec, Measure, Table, Turn

MAX_LAYOUT = 10  # the places ace to ten
WON_MARK = "●"  # not ★, the leaders' mark in the standings beside it
COMPLETED_MARK = "✓"


class FirstPlayer(Enum):
    """Who starts the next deal."""

    WINNER = "winner"
    ROTATE = "rotate"


class Wild(Enum):
    """Which cards are wild."""

    JACKS = "jacks"
    KINGS = "kings"
    JACKS_AND_JOKERS = "jacks_and_jokers"
    KINGS_AND_JOKERS = "kings_and_jokers"
    ALL_FACES = "all_faces"


WILD_TEXT: Mapping[Wild, str] = {
    Wild.JACKS: N_("Jacks are wild; queens and kings end your turn."),
    Wild.KINGS: N_("Kings are wild; jacks and queens end your turn."),
    Wild.JACKS_AND_JOKERS: N_("Jacks and jokers are wild; queens and kings end your turn."),
    Wild.KINGS_AND_JOKERS: N_("Kings and jokers are wild; jacks and queens end your turn."),
    Wild.ALL_FACES: N_("Jacks, queens and kings are all wild; a number you already have face up, "
                       "or one above your layout, ends your turn."),
}


def packs_for(players: int) -> int:
    """Return how many packs to shuffle together: 1 for 2 players, then one more per two players."""
    return max(1, (players + 1) // 2)


def packs_text(players: int) -> Msg:
    """Say how many packs to shuffle, as a page shows it: "Shuffle 2 packs together"."""
    packs = packs_for(players)
    if packs == 1:
        return msg(N_("Use one pack"))
    return msg(N_("Shuffle %(packs)s packs together"), packs=packs)


def wild_text(wild: Wild) -> str:
    """Say which cards are wild under the ``wild`` option."""
    return WILD_TEXT[wild]


SPEC = GameSpec(
    key="trash",
    name=N_("Trash (the layout game)"),
    min_players=2,
    max_players=12,
    options=(
        first_dealer_option(),
        int_option("start", N_("Starting layout"), 10, 1, MAX_LAYOUT,
                   help=N_("How many cards everyone's layout starts with")),
        int_option("win_at", N_("Win at"), 0, 0, None,  # bounded by the starting layout, which settle_options says
                   help=N_("A player whose layout shrinks to this size wins; 0 plays to the end, "
                           "6 is a shorter game")),
        int_option("deals", N_("Number of deals"), None, 1, 1000, nullable=True, unset=N_("no limit"),
                   help=N_("Stop after this many deals; the smallest layout wins. Empty: no limit")),
        bool_option("also_completed", N_("Others can complete too"), False,
                    help=N_("Others who complete their layout in the same go-round also get one card fewer")),
        enum_option("first_player", N_("Who starts the next deal"), FirstPlayer.WINNER, {
            FirstPlayer.WINNER: N_("the winner of the last deal"),
            FirstPlayer.ROTATE: N_("one seat further each deal"),
        }),
        enum_option("wild", N_("Wild cards"), Wild.JACKS, {
            Wild.JACKS: N_("jacks"),
            Wild.KINGS: N_("kings"),
            Wild.JACKS_AND_JOKERS: N_("jacks and jokers"),
            Wild.KINGS_AND_JOKERS: N_("kings and jokers"),
            Wild.ALL_FACES: N_("all face cards"),
        }),
    ),
    presets={
        "house": Preset(N_("The house sheet: others who complete in the same go-round count too"),
                        {"also_completed": True}),
        "short": Preset(N_("The shorter game: the first layout down to 6 cards wins"), {"win_at": 6}),
    },
    measure=Measure.SMALLEST_LAYOUT,
    rounds=DEAL_WORDS,
    summary=N_("Fill a face-down layout from ace up; each deal you win, your layout gets one card shorter."),
    aliases=(N_("Garbage"), N_("Ten")),
    length=N_("About 30 minutes"),
    style=N_("Almost all luck: good for children"),
)


@dataclass(frozen=True)
class TrashOptions:
    """The house rules of one game of Trash, typed."""

    first_dealer: int
    start: int
    win_at: int
    deals: int | None
    also_completed: bool
    first_player: FirstPlayer
    wild: Wild


@dataclass(frozen=True)
class TrashState:
    """Each seat's layout, the deals played and who starts the next deal."""

    layouts: tuple[int, ...]
    deals: int
    first_player: int


class TrashRules(BaseRules):
    """Trash: layouts shrink for every completed deal; the first to reach ``win_at`` wins."""

    spec = SPEC
    options_type = TrashOptions
    data_keys = DataKeys(frozenset({"winner", "also_completed"}))
    example = Example(3, {"start": 3, "also_completed": True}, (
        {"winner": 0, "also_completed": [1]}, {"winner": 1}, {"winner": 0, "also_completed": []},
        {"winner": 0, "also_completed": [2]},
    ), winners=(0,))

    def settle_options(self, options: dict[str, Any], players: int) -> dict[str, Any]:
        """Check the layout sizes make a game: ``win_at`` must be below ``start``."""
        if options["win_at"] >= options["start"]:
            raise fail("options.win_at", N_("must be below the starting layout of %(start)s"),
                       start=options["start"])
        return options

    def start(self, table: Table) -> TrashState:
        """Give everyone the starting layout; the player after the first dealer starts."""
        first = (table.options.first_dealer + 1) % table.n
        return TrashState((table.options.start,) * table.n, 0, first)

    def play(self, table: Table, state: TrashState, turn: Turn, data: Any) -> tuple[TrashState, None]:
        """Shrink the layout of the winner and of anyone else who completed theirs."""
        data = need_object(data)
        winner = need_seat(data.get("winner"), "winner", table)
        others = self.read_also_completed(table, data.get("also_completed"), winner)
        layouts = tuple(size - (seat == winner or seat in others) for seat, size in enumerate(state.layouts))
        return TrashState(layouts, state.deals + 1, self.next_first(table, state, winner)), None

    def read_also_completed(self, table: Table, value: Any, winner: int) -> list[int]:
        """Read who else completed a layout: only with the option on, and never the winner."""
        if value is None:
            return []
        seats = need_seats(value, "also_completed", table)
        if seats and not table.options.also_completed:
            raise fail("also_completed", N_("only the winner completes a layout unless the table plays "
                                            "that others who complete in the same go-round count too"))
        if winner in seats:
            raise fail("also_completed", N_("%(name)s is the winner; list only the others who completed"),
                       name=table.players[winner])
        return seats

    def next_first(self, table: Table, state: TrashState, winner: int) -> int:
        """Return who starts the deal after this one."""
        if table.options.first_player is FirstPlayer.ROTATE:
            return (state.first_player + 1) % table.n
        return winner

    def seats_in(self, table: Table, state: TrashState) -> list[bool]:
        """Everyone plays to the end."""
        return [True] * table.n

    def is_over(self, table: Table, state: TrashState) -> bool:
        """The game ends when a layout reaches ``win_at`` or the agreed deals are played."""
        limit = table.options.deals
        return min(state.layouts) <= table.options.win_at or (limit is not None and state.deals >= limit)

    def winners(self, table: Table, state: TrashState) -> list[int]:
        """Return the seats with the smallest layout (everyone who reached ``win_at`` at the end)."""
        return self.leaders(table, state.layouts, best_is_low=True)

    def standings(self, table: Table, state: TrashState, over: bool) -> list[dict[str, Any]]:
        """Return each seat's layout; there are no points."""
        return [{"total": None, "layout": size} for size in state.layouts]

    def next_extras(self, table: Table, state: TrashState, turn: Turn) -> dict[str, Any]:
        """Say who plays first in the next deal."""
        return {"first_player": state.first_player}

    def round_fields(self, table: Table, state: TrashState, turn: Turn) -> list[Field]:
        """Ask who won the deal, and who else completed when the table plays that."""
        fields = [Field("winner", N_("Won the deal"), FieldKind.SEAT)]
        if table.options.also_completed:
            fields.append(Field("also_completed", N_("Also completed their layout"), FieldKind.SEATS,
                                optional=True, default=[]))
        return fields


    IN_PLAY = ("wild", "also_completed")

    def notes(self, table: Table, state: TrashState, turn: Turn) -> list[Msg]:
        """Say how many packs to shuffle, who plays first, what is wild and how this game ends."""
        options = table.options
        notes = [packs_text(table.n),
                 msg(N_("Deal everyone one card face down for each place in their layout")),
                 msg(N_("%(name)s plays first"), name=table.players[state.first_player]),
                 msg(wild_text(options.wild))]
        if options.deals is not None:
            notes.append(msg(N_("Deal %(number)s of %(deals)s; after the last one the smallest layout wins"),
                             number=turn.number, deals=options.deals))
        if options.win_at:
            notes.append(msg(N_("The first layout down to %(size)s cards wins the game"), size=options.win_at))
        return notes

    def seat_notes(self, table: Table, state: TrashState, over: bool = False) -> list[list[Msg]]:
        """Point out, while the game is on, a player one completed layout away from winning it."""
        last = table.options.win_at + 1
        over = over or self.is_over(table, state)
        return [[msg(N_("One completed layout from winning the game"))] if size == last and not over else []
                for size in state.layouts]

    def marks(self, table: Table, data: Mapping[str, Any], points: Sequence[int | None] | None,
              before: Any = None, after: Any = None) -> list[str]:
        """Mark the winner of the deal with a star and anyone else who completed with a tick."""
        others = data.get("also_completed") or []
        return [WON_MARK if seat == data.get("winner") else COMPLETED_MARK if seat in others else ""
                for seat in range(table.n)]

    def plan(self, table: Table, pad: str | None = None) -> Plan:
        return trash_plan(table)

    def rule_tables(self) -> dict[str, RuleTable]:
        by_packs: dict[int, list[int]] = {}
        for n in range(SPEC.min_players, SPEC.max_players + 1):
            by_packs.setdefault(packs_for(n), []).append(n)
        return {"packs": RuleTable((msg(N_("Players")), msg(N_("Packs"))),
                                   tuple((spread(counts), str(packs)) for packs, counts in by_packs.items()))}

    def glance(self, table: Table | None = None) -> tuple[Msg, ...]:
        lines = [Msg(line) for line in GLANCE]
        if table is not None:
            lines[3] = msg(N_("Fill your whole layout to win the deal: your layout is one card shorter next time. "
                              "%(won)s"), won=trash_won(table.options))
        return tuple(lines)

    def legend(self, table: Table) -> list[Msg]:
        """The grid's marks: ● on the winner of each deal, ✓ on anyone who also completed."""
        if table.options.also_completed:
            return [msg(N_("● won the deal, ✓ also completed."))]
        return [msg(N_("● won the deal."))]


# --- on paper: the sheet, the rules card's few lines (the handbook page has the whole rules) ---

GLANCE = (
    N_("Deal each player a face-down layout, Ace to 10 in two rows: 10 cards at the start, fewer after "
       "deals won."),
    N_("Draw a card; if its face-down place is still hidden, put it there and play the card you uncover. "
       "A card that does not fit ends your turn."),
    N_("Jacks are wild; queens and kings end your turn."),
    N_("Fill your whole layout to win the deal: your layout is one card shorter next time. Win with a "
       "layout of one card to win the game."),
)


def trash_plan(table: Table) -> Plan:
    """A layout per player to strike out as it shrinks; the packs needed; a log of who won each deal."""
    o = table.options
    places = tuple(("A" if n == 1 else str(n)) + (" ★" if n == o.win_at + 1 else "") for n in range(1, o.start + 1))
    rules = [(msg(N_("Packs")), packs_text(table.n)), (msg(N_("Wild cards")), Msg(wild_text(o.wild))),
             (msg(N_("Winning")), trash_win(o))]
    if o.deals:
        rules.append((msg(N_("Deals")), msg(N_("%(n)s; then the smallest layout wins"), n=o.deals)))
    if o.also_completed:
        rules.append((msg(N_("Also completed")), msg(N_("everyone who completes in the same go-round drops a place"))))
    log = (msg(N_("Won by")), msg(N_("Also completed"))) if o.also_completed else (msg(N_("Won by")),)
    return Plan(Layout.TRACKER, numbered(o.deals or OPEN_ROWS), columns=log, per_player=False, total_row=False,
                tokens=places, tokens_label=msg(N_("Layout: strike out the last place after each deal you win")),
                keys=(Key(msg(N_("How we play")), tuple(rules)),), open_rows=not o.deals,
                shows=frozenset({"wild", "win_at", "deals", "also_completed"}),
                notes=(trash_won(o), msg(N_("★ Strike out this place and you have won the game.")), *cut_short(o.deals)))


def trash_win(o) -> Msg:
    """Say in a few words, for a key, how a game of Trash is won."""
    if o.win_at:
        return msg(N_("the first layout down to %(size)s cards"), size=o.win_at)
    return msg(N_("win a deal with one card left"))


def trash_won(o) -> Msg:
    """Say in a sentence how a game of Trash is won."""
    if o.win_at:
        won = msg(N_("The first layout down to %(size)s cards wins the game."), size=o.win_at)
    else:
        won = msg(N_("Win a deal with a layout of one card (the ace alone) to win the game."))
    if o.deals:
        return msg(N_("%(won)s After %(n)s deals, the smallest layout wins."), won=won, n=o.deals)
    return won


RULES = TrashRules()
