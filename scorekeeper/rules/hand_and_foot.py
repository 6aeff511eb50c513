"""Hand & Foot: books of seven, red threes and card points; highest total after the hands wins.

Choices made where the spec is silent (for the rules page):

- A count left out of an entry (books, red threes) means 0; ``went_out`` left out means the
  player did not go out; melded cards or cards left that are not given count nothing.
- ``melded`` means every card the player put down this hand, books included.
- An entry may give both the cards and their points only when the card list is empty; the points
  then count. Cards and points that are both filled in are refused.
- Any card may be written with its suit, but only threes need it: a black three (3S, 3C) counts
  its value (5) where it is listed; a red three or a three without its suit is refused.
- Card values can be changed for ranks, jokers and the black threes (``3``, ``3S``, ``3C``), to
  numbers from 0 to 1000. Bonuses (books, red threes, going out) are from 0 to 10000.
- Across all entries no card appears more often than the packs hold (54 cards a pack, jokers in).
- A player's books are at most the packs' cards divided by seven.
- When a player goes out, the one-clean-book and three-books rules are checked on that player's
  books (with partners, on the team's books together); the error names the count to fix.
- Partners (option ``partners``): with an even number of players, at least 4, seat ``s`` plays
  with seat ``s + players/2`` (0 & 2, 1 & 3 with four; 0 & 3, 1 & 4, 2 & 5 with six). Each player
  still writes their own entry; the team's total is the two partners' totals added, and the team
  with the highest total wins (both partners are winners). The packs stay one more than the players.
- A black three cannot be melded, so ``melded`` holds no threes at all; black threes are
  counted only in ``left``.
- A player with books gives the cards laid down (or their points); books alone are refused.
- The cards laid down in a hand are 0 or reach that hand's meld minimum (with partners, the
  team's cards together: a partner may lay down less once the other has met it).
- With the melded cards listed, each dirty book needs a wild card among them (a joker or a two).
- An entry counts as empty when it gives no cards and no points, no book, no red three and did
  not go out; 0 points written for the cards left (``left_points: 0``) is not empty.
- The table page checks a first meld before it is laid down: the cards tapped or typed are added
  up at the values in force (black threes need their suit) and compared with this hand's minimum.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from math import gcd
from typing import Any

from .base import BaseRules
from .cards import (JOKER, RANKS, RED_SUITS, SUITS, Card, card_value, check_packs, parse_card, parse_cards,
                    values_in_force, values_line)
from .messages import N_, CardText, Msg, Names, RulesError, fail, msg, nmsg
from .options import (Preset, bool_option, enum_option, first_dealer_option, int_option, ints_option, mapping_option,
                      per_options)
from .paper import Key, Layout, Plan, Row, RuleTable, joker_line, signed_value
from .reading import need_bool, need_int, need_list, need_object
from .spec import HAND_WORDS, DataKeys, Example, Field, FieldKind, GameSpec, Measure, Record, Scope, Table, Turn

DEFAULT_VALUES: Mapping[str, int] = {
    JOKER: 50, "A": 20, "2": 20,
    "K": 10, "Q": 10, "J": 10, "10": 10, "9": 10, "8": 10,
    "7": 5, "6": 5, "5": 5, "4": 5, "3": 5,  # only black threes are ever counted
}
BLACK_THREES = (Card("3", "S"), Card("3", "C"))
BOOK = 7  # cards in a book
PACK_SIZE = 54  # a pack with its two jokers
JOKERS_PER_PACK = 2
RED_THREES_PER_PACK = 2
MAX_POINTS_ENTRY = 100000
COUNTED_CARDS = (Card(JOKER), *(Card(rank) for rank in RANKS if rank != "3"), *BLACK_THREES)


class GoingOutBooks(Enum):
    """The books a player (or team) needs to go out."""

    ONE_CLEAN_THREE_BOOKS = "one_clean_three_books"
    ONE_CLEAN_TWO_DIRTY = "one_clean_two_dirty"


def clean_value_key(key: str) -> str | None:
    """Clean a ``values`` key: a rank, ``X``, or a black three with its suit; None for anything else."""
    try:
        card = parse_card(key)
    except ValueError:
        return None
    if card.suit is not None and card not in BLACK_THREES:
        return None
    return str(card)


SPEC = GameSpec(
    key="hand-and-foot",
    name=N_("Hand & Foot"),
    min_players=2,
    max_players=8,
    measure=Measure.HIGHEST_TOTAL,
    rounds=HAND_WORDS,
    summary=N_("A hand and a foot each; make books of seven. Highest total after the hands wins."),
    aliases=(N_("Hand and Foot"),),
    length=N_("4 hands: two hours or more"),
    style=N_("Skill with partners, some luck"),
    options=(
        first_dealer_option(),
        int_option("rounds", N_("Hands in the game"), 4, 1, 50),
        ints_option("meld_minimums", N_("Points needed for the first meld, by hand"), (60, 90, 120, 150),
                    help=N_("With more hands than entries, the last one repeats")),
        int_option("clean_book", N_("Points per clean book"), 50, 0, 10000),
        int_option("dirty_book", N_("Points per dirty book"), 30, 0, 10000),
        int_option("red_three", N_("Points per red three"), 100, 0, 10000),
        int_option("going_out", N_("Points for going out"), 100, 0, 10000),
        mapping_option("values", N_("Card values"), clean_value_key, lo=0, hi=1000,
                       help=N_("Changes to the card values; by default a joker is 50, an ace or a two 20, "
                               "8 to king 10, 4 to 7 and a black three 5")),
        bool_option("partners", N_("Play in partnerships"), False,
                    help=N_("Partners sit opposite: with four players, seats 1 and 3 against 2 and 4")),
        enum_option("going_out_books", N_("Books needed to go out"), GoingOutBooks.ONE_CLEAN_THREE_BOOKS, {
            GoingOutBooks.ONE_CLEAN_THREE_BOOKS: N_("a clean book and three books in all"),
            GoingOutBooks.ONE_CLEAN_TWO_DIRTY: N_("a clean book and two dirty books"),
        }),
    ),
    presets={
        "house": Preset(N_("The house sheet: going out needs a clean book and two dirty books"),
                        {"going_out_books": "one_clean_two_dirty"}),
        "classic": Preset(N_("The common scoring: clean books 500, dirty books 300"),
                          {"clean_book": 500, "dirty_book": 300, "red_three": 100, "going_out": 100,
                           "meld_minimums": [50, 90, 120, 150]}),
    },
)


GOING_OUT_TEXT = {
    GoingOutBooks.ONE_CLEAN_THREE_BOOKS: N_("Going out needs a clean book and three books in all"),
    GoingOutBooks.ONE_CLEAN_TWO_DIRTY: N_("Going out needs a clean book and two dirty books"),
}


@dataclass(frozen=True)
class HandFootOptions:
    """The house rules of one game of Hand & Foot, typed."""

    first_dealer: int
    rounds: int
    meld_minimums: list[int]
    clean_book: int
    dirty_book: int
    red_three: int
    going_out: int
    values: Mapping[str, int]
    partners: bool
    going_out_books: GoingOutBooks


def example_hand(out: int) -> dict[str, Any]:
    """Return one hand of a two-player game in which seat ``out`` goes out."""
    winner = {"clean_books": 1, "dirty_books": 2, "red_threes": 1, "went_out": True, "melded_points": 250,
              "left_points": 0}
    other = {"clean_books": 0, "dirty_books": 1, "melded": ["K"] * 4 + ["2"] * 3, "left": ["7", "X", "3C"]}
    return {"players": [winner, other] if out == 0 else [other, winner]}


@dataclass(frozen=True)
class HandFootState:
    """The running totals and how many hands have been played."""

    totals: tuple[int, ...]
    hands: int = 0


@dataclass(frozen=True)
class Entry:
    """What one player reported at the end of a hand."""

    clean_books: int
    dirty_books: int
    red_threes: int
    went_out: bool
    melded: int
    left: int
    left_field: str  # the path the cards left were given in: "players.<seat>.left" or "...left_points"
    cards: tuple[Card, ...]  # every card written in the entry, for the pack check
    melded_path: str = ""  # the field the cards laid down were given in, for the meld minimum


def packs(players: int) -> int:
    """Return the packs in play: one more than the players."""
    return players + 1


def meld_minimum(options: Mapping[str, Any], number: int) -> int:
    """Return the points needed for the first meld in hand ``number`` (the last entry repeats)."""
    minimums = options.meld_minimums
    return minimums[min(max(number, 1), len(minimums)) - 1]


def counted_values(options: HandFootOptions) -> dict[str, int]:
    """Return the value of every card that can be counted: ranks, jokers and the black threes by suit."""
    return values_in_force(DEFAULT_VALUES, options.values, COUNTED_CARDS)


def read_cards(value: Any, path: str, melded: bool = False) -> list[Card]:
    """Read a list of cards for ``path``; threes need their suit, red threes are refused, black ones are not melded."""
    cards = parse_cards(value, path)
    for card in cards:
        if card.rank != "3":
            continue
        said = threes_said(melded).get(str(card))
        if said:
            raise fail(path, said, card=CardText(str(card)))
    return cards


def threes_said(melded: bool) -> dict[str, str]:
    """Say why each three that cannot be listed here is refused, by card ("3H", or "3" without its suit): the rules'
    check, and the page's card helper under the box (``Field.card_said``)."""
    red = N_("%(card)s is a red three: count it under red threes, not here")
    said = {f"3{suit}": red for suit in RED_SUITS}
    if melded:
        black = N_("%(card)s is a black three: it is never laid down; count it under the cards left")
        said |= {f"3{suit}": black for suit in SUITS if suit not in RED_SUITS}
        said["3"] = N_("a three cannot be melded: a black three counts under the cards left, "
                       "a red three under red threes")
    else:
        said["3"] = N_("write each three with its suit: a black three (3S, 3C) counts here, "
                       "a red three goes under red threes")
    return said


def points_of(cards: Sequence[Card], options: Mapping[str, Any]) -> int:
    """Add up the values of cards already read."""
    return sum(card_value(card, DEFAULT_VALUES, options.values) for card in cards)


def card_points(options: Mapping[str, Any], cards: Any, path: str = "cards") -> int:
    """Read cards (a list or a string like "A A 2 X 3S") and return their points; RulesError if unreadable."""
    return points_of(read_cards(cards, path), options)


@per_options
def packs_worth(options: Mapping[str, Any], players: int) -> int:
    """Return the points of every countable card in the packs: no entry can add up to more."""
    one_pack = sum(card_value(Card(rank, suit), DEFAULT_VALUES, options.values)
                   for rank in RANKS for suit in SUITS if not (rank == "3" and suit in RED_SUITS))
    joker = card_value(Card(JOKER), DEFAULT_VALUES, options.values)
    return packs(players) * (one_pack + JOKERS_PER_PACK * joker)


def team_of(seat: int, players: int) -> int:
    """Return the team (0-based) of ``seat`` with partners sitting opposite."""
    return seat % (players // 2)


def team_seats(team: int, players: int) -> list[int]:
    """Return the seats of a team."""
    return [team, team + players // 2]


class HandFootRules(BaseRules):
    """Hand & Foot: books, red threes, going out and card points; highest total wins."""

    def records(self, table: Table, state: HandFootState, rounds: Sequence[Any],
                standings: Sequence[Mapping[str, Any]]) -> list[Record]:
        """Hold the highest total and the highest hand."""
        return [*self.total_records(standings, "total", msg(N_("highest total")), low=False),
                *self.round_records(rounds, msg(N_("highest hand")), low=False, kind="hand")]

    spec = SPEC
    options_type = HandFootOptions
    data_keys = DataKeys(frozenset({"players"}), frozenset({
        "clean_books", "dirty_books", "red_threes", "went_out", "melded", "melded_points", "left", "left_points"}))
    example = Example(2, {"rounds": 2}, (example_hand(0), example_hand(1)), winners=(0, 1))

    def settle_options(self, options: dict[str, Any], players: int) -> dict[str, Any]:
        """Partnerships need an even number of players, at least four."""
        if options["partners"] and (players < 4 or players % 2):
            raise fail("options.partners", N_("partners need an even number of players, at least 4; "
                                              "there are %(n)s"), n=players)
        return options

    def start(self, table: Table) -> HandFootState:
        """Start everyone on 0."""
        return HandFootState((0,) * table.n)

    def play(self, table: Table, state: HandFootState, turn: Turn,
             data: Any) -> tuple[HandFootState, list[int | None]]:
        """Check one hand and score it."""
        entries = self.read_entries(table, need_object(data))
        if turn.entered:
            check_fives(table, entries)
            check_cards_held(table, data["players"], entries)
        self.check_hand(table, entries)
        self.check_meld_minimum(table, entries, turn.number)
        points = [self.entry_points(table, entry) for entry in entries]
        totals = tuple(t + p for t, p in zip(state.totals, points))
        return HandFootState(totals, state.hands + 1), list(points)

    def entry_points(self, table: Table, entry: Entry) -> int:
        """Score one entry: books, red threes, going out and melded cards, less cards left."""
        o = table.options
        return (entry.clean_books * o.clean_book + entry.dirty_books * o.dirty_book
                + entry.red_threes * o.red_three + (o.going_out if entry.went_out else 0)
                + entry.melded - entry.left)

    def read_entries(self, table: Table, data: Mapping[str, Any]) -> list[Entry]:
        """Read every player's entry, reporting every broken entry at once."""
        raw = need_list(data.get("players"), "players", table)
        entries: list[Entry] = []
        errors: dict[str, Msg] = {}
        for seat, entry in enumerate(raw):
            try:
                entries.append(self.read_entry(table, seat, entry))
            except RulesError as exc:
                errors.update(exc.errors)
        if errors:
            raise RulesError(errors)
        return entries

    def read_entry(self, table: Table, seat: int, entry: Any) -> Entry:
        """Read one player's entry."""
        path = f"players.{seat}"
        if entry is None:
            raise fail(path, N_("give %(name)s's hand"), name=table.players[seat])
        entry = need_object(entry, path)
        if is_empty(entry):
            raise fail(path, N_("%(name)s's entry is empty: give what was laid down and what was left "
                                "(0 points left when nothing was)"), name=table.players[seat])
        most_books = PACK_SIZE * packs(table.n) // BOOK
        clean = read_count(entry, f"{path}.clean_books", "clean_books", most_books)
        dirty = read_count(entry, f"{path}.dirty_books", "dirty_books", most_books)
        threes = read_count(entry, f"{path}.red_threes", "red_threes", MAX_POINTS_ENTRY)
        most_threes = RED_THREES_PER_PACK * packs(table.n)
        if threes > most_threes:
            raise fail(f"{path}.red_threes", N_("%(got)s red threes; the %(packs)s packs hold %(most)s"),
                       got=threes, packs=packs(table.n), most=most_threes)
        went_out = entry.get("went_out")
        went_out = False if went_out is None else need_bool(went_out, f"{path}.went_out")
        melded, melded_cards, melded_field = self.read_points(table, entry, seat, "melded", "melded_points")
        left, left_cards, left_field = self.read_points(table, entry, seat, "left", "left_points")
        given = entry.get(melded_field) is not None
        if clean + dirty and not given:
            raise fail(f"{path}.melded_points", N_("%(name)s made books: give the points of the cards laid down"),
                       name=table.players[seat])
        listed = melded_cards if given and melded_field == "melded" else None
        self.check_books(table, seat, clean + dirty, listed, melded if given else None)
        if listed is not None:
            check_wild_cards(table, seat, dirty, listed)
        return Entry(clean, dirty, threes, went_out, melded, left, f"{path}.{left_field}",
                     tuple(melded_cards + left_cards), f"{path}.melded_points")

    def read_points(self, table: Table, entry: Mapping[str, Any], seat: int, name: str,
                    alt: str) -> tuple[int, list[Card], str]:
        """Read cards or their points for ``name``; return the points, the cards and the field used."""
        path, alt_path = f"players.{seat}.{name}", f"players.{seat}.{alt}"
        value, points = entry.get(name), entry.get(alt)
        cards = None if value is None else read_cards(value, path, melded=name == "melded")
        if cards and points is not None:
            raise fail(alt_path, N_("give the cards or their points, not both"))
        if points is not None and not cards:
            return need_int(points, alt_path, 0, packs_worth(table.options, table.n)), [], alt
        return points_of(cards or [], table.options), cards or [], name

    def check_books(self, table: Table, seat: int, books: int, cards: list[Card] | None, points: int | None) -> None:
        """Refuse books the cards laid down could not make: seven cards a book, or their points at the least."""
        path, name = f"players.{seat}.clean_books", table.players[seat]
        if cards is not None and len(cards) < BOOK * books:
            raise RulesError({path: nmsg("%(num)s book needs at least %(need)s cards laid down; %(name)s laid down "
                                         "%(got)s", "%(num)s books need at least %(need)s cards laid down; %(name)s "
                                         "laid down %(got)s", books, need=BOOK * books, name=name, got=len(cards))})
        lowest = min(counted_values(table.options).values())
        if cards is None and points is not None and points < BOOK * lowest * books:
            raise RulesError({path: nmsg("%(num)s book needs at least %(need)s points laid down; %(name)s laid "
                                         "down %(got)s", "%(num)s books need at least %(need)s points laid down; "
                                         "%(name)s laid down %(got)s", books, need=BOOK * lowest * books, name=name,
                                         got=points)})

    def check_hand(self, table: Table, entries: Sequence[Entry]) -> None:
        """Check the hand across players: one went out at most, red threes and cards within the packs."""
        out = [seat for seat, entry in enumerate(entries) if entry.went_out]
        if len(out) > 1:
            raise fail("players", N_("only one player can go out in a hand; marked as going out: %(names)s"),
                       names=Names(tuple(table.players[seat] for seat in out)))
        if out:
            self.check_went_out(table, entries, out[0])
        most = RED_THREES_PER_PACK * packs(table.n)
        threes = sum(entry.red_threes for entry in entries)
        if threes > most:
            raise fail("players", N_("%(got)s red threes in all; the %(packs)s packs hold %(most)s"),
                       got=threes, packs=packs(table.n), most=most)
        n_packs = packs(table.n)
        check_packs([(name, entry.cards) for name, entry in zip(table.players, entries)], n_packs,
                    JOKERS_PER_PACK * n_packs)

    def check_meld_minimum(self, table: Table, entries: Sequence[Entry], number: int) -> None:
        """Refuse cards laid down under the hand's meld minimum (a side's cards together with partners)."""
        minimum = meld_minimum(table.options, number)
        for seat, entry in enumerate(entries):
            laid = sum(entries[s].melded for s in self.side(table, seat))
            if entry.melded and laid < minimum:
                raise fail(entry.melded_path, N_("%(name)s laid down %(got)s points; the first meld of this hand "
                                                 "needs %(minimum)s, so the cards laid down are 0 or at least "
                                                 "%(minimum)s"), name=table.players[seat], got=laid, minimum=minimum)

    def check_went_out(self, table: Table, entries: Sequence[Entry], seat: int) -> None:
        """Check the player who went out: a clean book, three books in all (the team's), no cards left."""
        path, name = f"players.{seat}", table.players[seat]
        side = self.side(table, seat)
        clean = sum(entries[s].clean_books for s in side)
        books = clean + sum(entries[s].dirty_books for s in side)
        if clean < 1:
            raise fail(f"{path}.clean_books", N_("%(name)s went out, which needs at least one clean book"),
                       name=name)
        if table.options.going_out_books is GoingOutBooks.ONE_CLEAN_TWO_DIRTY and books - clean < 2:
            raise fail(f"{path}.dirty_books", N_("%(name)s went out, which needs at least two dirty books; "
                                                 "there are %(dirty)s"), name=name, dirty=books - clean)
        if books < 3:
            raise fail(f"{path}.dirty_books", N_("%(name)s went out, which needs at least three books in all; "
                                                 "there are %(books)s"), name=name, books=books)
        if entries[seat].left:
            raise fail(entries[seat].left_field, N_("%(name)s went out, so has no cards left"), name=name)

    def side(self, table: Table, seat: int) -> list[int]:
        """Return the seats scoring together with ``seat``: the team with partners, else the seat alone."""
        if table.options.partners:
            return team_seats(team_of(seat, table.n), table.n)
        return [seat]

    def is_over(self, table: Table, state: HandFootState) -> bool:
        """The game ends after the agreed number of hands."""
        return state.hands >= table.options.rounds

    def side_totals(self, table: Table, state: HandFootState) -> list[int]:
        """Return, for each seat, the total it is judged by: its own, or its team's with partners."""
        return [sum(state.totals[s] for s in self.side(table, seat)) for seat in range(table.n)]

    def teams(self, options: Any, players: int) -> list[list[int]] | None:
        """With partners, each team is two players sitting opposite."""
        if not options.partners:
            return None
        return [team_seats(team, players) for team in range(players // 2)]

    def winners(self, table: Table, state: HandFootState) -> list[int]:
        """Return the seats on the highest total (every partner of the best team with partners)."""
        return self.leaders(table, self.side_totals(table, state), best_is_low=False)

    def placing(self, table: Table, state: HandFootState, standings: Sequence[Mapping[str, Any]]) -> list[float | None]:
        """Place each seat by the total it is judged by: with partners the team's, so partners share their place."""
        return [-total for total in self.side_totals(table, state)]

    def sides(self, table: Table) -> list[int]:
        """With partners, each seat's team: partners share a place, and the next team is the next place."""
        return [team_of(seat, table.n) if table.options.partners else seat for seat in range(table.n)]

    def standings(self, table: Table, state: HandFootState, over: bool) -> list[dict[str, Any]]:
        """Return each seat's total, and with partners the team's seats and total."""
        rows: list[dict[str, Any]] = [{"total": total} for total in state.totals]
        if table.options.partners:
            team_totals = self.side_totals(table, state)
            for seat, row in enumerate(rows):
                row["team"] = {"seats": self.side(table, seat), "total": team_totals[seat]}
        return rows

    def next_extras(self, table: Table, state: HandFootState, turn: Turn) -> dict[str, Any]:
        """Tell the table the points needed for the first meld of the next hand."""
        return {"meld_minimum": meld_minimum(table.options, turn.number)}

    def rules_now(self, table: Table, state: HandFootState, turn: Turn) -> list[Msg]:
        """This hand's meld minimum, what books and threes score, what going out needs, and the card values."""
        o = table.options
        return [msg(N_("A first meld this hand needs at least %(min)s points"), min=meld_minimum(o, turn.number)),
                msg(N_("Clean book %(clean)s · dirty book %(dirty)s · red three %(red)s · going out %(out)s"),
                    clean=o.clean_book, dirty=o.dirty_book, red=o.red_three, out=o.going_out),
                msg(GOING_OUT_TEXT[o.going_out_books]),
                msg(N_("Card values: %(values)s"), values=values_line(DEFAULT_VALUES, o.values))]

    def notes(self, table: Table, state: HandFootState, turn: Turn) -> list[Msg]:
        """Tell the table the meld minimum of this hand."""
        return [msg(N_("Hand %(n)s of %(hands)s: a first meld needs at least %(min)s points"),
                    n=turn.number, hands=table.options.rounds, min=meld_minimum(table.options, turn.number))]

    def table_rules(self, table: Table) -> list[Msg]:
        """Tell the table the packs to shuffle and what going out needs (the same every hand)."""
        return [msg(N_("Shuffle %(packs)s packs together, jokers in"), packs=packs(table.n)),
                msg(GOING_OUT_TEXT[table.options.going_out_books])]

    def seat_notes(self, table: Table, state: HandFootState, over: bool = False) -> list[list[Msg]]:
        """With partners, name each player's partner (the page shows the team totals from the standings)."""
        if not table.options.partners:
            return [[] for _ in table.players]
        return [[msg(N_("Partner: %(name)s"), name=table.players[next(s for s in self.side(table, seat) if s != seat)])]
                for seat in range(table.n)]

    def round_fields(self, table: Table, state: HandFootState, turn: Turn) -> list[Field]:
        """Ask each player for books, red threes, going out, and cards melded and left."""
        n_packs = packs(table.n)
        most_books = PACK_SIZE * n_packs // BOOK
        values = counted_values(table.options)
        worth = packs_worth(table.options, table.n)
        return [
            Field("clean_books", N_("Clean books"), FieldKind.INT, Scope.ENTRY, lo=0, hi=most_books, default=0),
            Field("dirty_books", N_("Dirty books"), FieldKind.INT, Scope.ENTRY, lo=0, hi=most_books, default=0),
            Field("red_threes", N_("Red threes"), FieldKind.INT, Scope.ENTRY, lo=0,
                  hi=RED_THREES_PER_PACK * n_packs, default=0),
            Field("went_out", N_("Went out"), FieldKind.BOOL, Scope.ENTRY, default=False),
            # The help is the input's placeholder: a short example (black threes need their suit).
            Field("melded", N_("Cards laid down, books too"), FieldKind.CARDS, Scope.ENTRY, optional=True,
                  alt="melded_points", alt_label=N_("points laid down"), lo=0, hi=worth, card_values=values,
                  card_said=threes_said(melded=True), help=N_("like K K K 2 X")),
            Field("left", N_("Cards left in hand and foot"), FieldKind.CARDS, Scope.ENTRY, optional=True,
                  alt="left_points", alt_label=N_("points left"), lo=0, hi=worth, card_values=values,
                  card_said=threes_said(melded=False), help=N_("like 7 X 3C")),
        ]

    def plan(self, table: Table, pad: str | None = None) -> Plan:
        return hand_and_foot_plan(table)

    def setup(self, players: int) -> tuple[Msg, Msg]:
        return (nmsg("%(num)s pack, jokers in", "%(num)s packs, jokers in", packs(players)),
                msg(N_("13 cards for the hand, 11 for the foot")))

    def rule_tables(self) -> dict[str, RuleTable]:
        points = msg(N_("Points"))
        o = self.resolve_options({}, 4)
        return {"scores": RuleTable((msg(N_("For")), points),
                                    ((msg(N_("Each clean book")), str(o.clean_book)),
                                     (msg(N_("Each dirty book")), str(o.dirty_book)),
                                     (msg(N_("Each red three")), str(o.red_three)),
                                     (msg(N_("Going out")), str(o.going_out)))),
                "values": RuleTable((msg(N_("Card")), points), hand_and_foot_values(counted_values(o)))}

    def glance(self, table: Table | None = None) -> tuple[Msg, ...]:
        return tuple(Msg(line) for line in GLANCE)

    def cell_notes(self, table: Table, data: Mapping[str, Any]) -> list[list[Msg]]:
        """Under each score, what the hand held: books, red threes, going out, the cards melded and left."""
        cells: list[list[Msg]] = [[] for _ in table.players]
        if isinstance(data.get("players"), list):
            for seat, entry in enumerate(data["players"][:len(cells)]):
                if isinstance(entry, dict):
                    cells[seat].extend(hand_lines(entry))
        return cells


def check_fives(table: Table, entries: Sequence[Entry]) -> None:
    """Refuse points given for cards laid down or left that no cards add up to: under the default values every card
    counts a multiple of 5 (any house values: their common step). Cards listed always add up to such a number."""
    step = gcd(*counted_values(table.options).values())
    errors = {path: msg(N_("%(points)s is not a multiple of %(step)s: every card counts a multiple of %(step)s"),
                        points=points, step=step)
              for seat, entry in enumerate(entries)
              for points, path in ((entry.melded, f"players.{seat}.melded_points"),
                                   (entry.left, entry.left_field))
              if step > 1 and points % step}
    if errors:
        raise RulesError(errors)


def check_wild_cards(table: Table, seat: int, dirty: int, melded: Sequence[Card]) -> None:
    """Refuse dirty books the listed cards hold no wild card for (a joker or a two each)."""
    wilds = sum(1 for card in melded if card.is_joker or card.rank == "2")
    if wilds < dirty:
        raise RulesError({f"players.{seat}.dirty_books": nmsg(
            "%(name)s has %(num)s dirty book, but the cards laid down hold %(wilds)s wild cards (jokers and twos); "
            "a dirty book needs one",
            "%(name)s has %(num)s dirty books, but the cards laid down hold %(wilds)s wild cards (jokers and twos); "
            "each dirty book needs one", dirty, name=table.players[seat], wilds=wilds)})


def check_cards_held(table: Table, raw: Sequence[Any], entries: Sequence[Entry]) -> None:
    """Refuse a hand where a player who did not go out gives nothing for the cards they held: a box left empty is
    not 0, as they hold cards. (The player who went out laid cards down: their books ask for them, or with partners
    the team's, which a table may count under one partner.)"""
    errors = {f"players.{seat}.left_points": msg(
        N_("%(name)s did not go out: give the points of the cards left in hand and foot (0 if none)"),
        name=table.players[seat])
        for seat, (given, entry) in enumerate(zip(raw, entries))
        if not entry.went_out and not given.get("left") and given.get("left_points") is None}
    if errors:
        raise RulesError(errors)


def is_empty(entry: Mapping[str, Any]) -> bool:
    """Say whether an entry gives nothing at all: no cards or points, no books or red threes, not out."""
    if any(entry.get(key) is not None for key in ("melded", "melded_points", "left", "left_points")):
        return False
    return not any(entry.get(key) for key in ("clean_books", "dirty_books", "red_threes", "went_out"))


def read_count(entry: Mapping[str, Any], path: str, name: str, most: int) -> int:
    """Read a count from an entry: 0 when left out, else a whole number from 0 to ``most``."""
    value = entry.get(name)
    return 0 if value is None else need_int(value, path, 0, most)


# --- on paper: the sheet, the rules card's few lines (the handbook page has the whole rules) ---

GLANCE = (
    N_("Each player takes a hand of 13 cards and a foot of 11. Jokers and 2s are wild; red threes score, "
       "black threes are dead."),
    N_("Draw two, meld books of one rank (seven cards make a book), discard one. Your first meld each hand "
       "must reach that hand's minimum, printed on the sheet."),
    N_("When your hand is empty, play your foot. To go out you need the books the house rules ask for, "
       "one of them clean."),
    N_("Score books, red threes, going out and the cards laid down, less the cards left. After the last "
       "hand the highest total wins."),
)


def hand_and_foot_plan(table: Table) -> Plan:
    """A block per hand: its meld minimum and every part of the score; partners side by side."""
    o = table.options
    rows = tuple(Row(msg(N_("Hand %(n)s"), n=n), msg(N_("first meld %(points)s"),
                                                      points=meld_minimum(o, n)))
                 for n in range(1, o.rounds + 1))
    lines = (msg(N_("Clean books × %(n)s"), n=o.clean_book), msg(N_("Dirty books × %(n)s"), n=o.dirty_book),
             msg(N_("Red threes × %(n)s"), n=o.red_three), msg(N_("Went out +%(n)s"), n=o.going_out),
             msg(N_("Cards melded")), msg(N_("Cards left −")), msg(N_("Hand total")), msg(N_("Running total")))
    values = counted_values(o)
    card_key = Key(msg(N_("Card values")), hand_and_foot_values(values))
    order: tuple[int, ...] = ()
    if o.partners:
        half = table.n // 2
        order = tuple(seat for team in range(half) for seat in (team, team + half))
    points = Key(msg(N_("Points")), ((msg(N_("Clean book")), str(o.clean_book)), (msg(N_("Dirty book")), str(o.dirty_book)),
                                     (msg(N_("Red three")), str(o.red_three)), (msg(N_("Going out")), str(o.going_out))))
    return Plan(Layout.BLOCKS, rows, total_row=False, block_lines=lines, seat_order=order, keys=(card_key,),
                filled_keys=(points,), score_chars=4,  # a hand's books alone make thousands: "1305"
                notes=(msg(N_("%(packs)s packs with their jokers. Highest total after the last hand wins."),
                           packs=packs(table.n)),),
                # a block per hand with its first meld, the points of each part, and the card values' key
                shows=frozenset({"rounds", "meld_minimums", "clean_book", "dirty_book", "red_three", "going_out"}))


def hand_and_foot_values(values: Mapping[str, int]) -> tuple[tuple[Msg | str, str], ...]:
    """The Hand & Foot card values, highest first."""
    return (joker_line(values[JOKER]), *((rank, signed_value(values[rank])) for rank in ("A", "2")),
            (msg(N_("K to 8")), signed_value(values["K"])), (msg(N_("7 to 4")), signed_value(values["7"])),
            (msg(N_("black 3")), signed_value(values["3S"])))


def hand_lines(entry: Mapping[str, Any]) -> list[Msg]:
    """Say what one hand held, for the filled sheet: books, red threes, going out, the cards melded and left."""
    clean, dirty = entry.get("clean_books", 0), entry.get("dirty_books", 0)
    lines = [msg(N_("books: %(clean)s, %(dirty)s"), clean=nmsg("%(num)s clean", "%(num)s clean", clean),
                 dirty=nmsg("%(num)s dirty", "%(num)s dirty", dirty))]  # French: 1 naturelle, 2 mixtes
    if entry.get("red_threes"):
        lines.append(nmsg("%(num)s red three", "%(num)s red threes", entry["red_threes"]))
    if entry.get("went_out"):
        lines.append(msg(N_("went out")))
    lines.append(msg(N_("melded %(melded)s, left %(left)s"), melded=cards_shown(entry, "melded"),
                     left=cards_shown(entry, "left")))
    return lines


def cards_shown(entry: Mapping[str, Any], key: str) -> Msg | str:
    """Return the points of an entry's cards, or the cards themselves where they were typed, each in the reader's
    letters with its suit's sign ("R R R R 2 2 2", "3♣" on a French sheet)."""
    if isinstance(entry.get(f"{key}_points"), int):
        return str(entry[f"{key}_points"])
    cards = entry.get(key)
    if not isinstance(cards, list) or not cards:
        return "0"
    parts = {f"c{i}": CardText(str(card)) for i, card in enumerate(cards)}
    return Msg(" ".join(f"%({name})s" for name in parts), parts)


RULES = HandFootRules()
