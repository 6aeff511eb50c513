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
- When a player goes out, the books going out needs (``going_out_needs``, or its usual forms under
  ``going_out_books``) are checked on that player's books (with partners, on the team's books together);
  the refusal is on ``went_out`` and says the books needed and the books made. A book of sevens counts as a
  clean book too; a wild book counts only as itself and in the books in all.
- ``going_out_books`` and ``going_out_needs`` say the same rule: the one a table changed from the usual
  decides, and the state shows both (``going_out_books`` is null when the books needed are neither named
  rule). Both changed and saying different things are refused on ``options.going_out_needs``; so are books of
  sevens or wild books needed while they are not scored apart.
- Books of sevens (``seven_books``) and wild books (``wild_books``) are counted only when the table scores
  them apart; 0 or nothing given is accepted either way. With the cards laid down listed, each needs seven
  sevens, or seven wild cards (jokers and twos, besides one for each dirty book); with their points, at least
  seven times the value of a seven, or of the cheapest wild card, per book.
- Red threes left (``red_threes_left``) cost ``red_three_left`` each; with the red threes laid down they are at
  most two per pack, for a player and for the whole table. The player who went out has none left.
- A black three left costs ``black_three_left`` where it is set, listed or in the card helper; points of the
  cards left typed directly are taken as counted.
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
from dataclasses import dataclass, replace
from enum import Enum
from math import gcd
from typing import Any

from .base import BaseRules
from .cards import (JOKER, RANKS, RED_SUITS, SUITS, Card, check_packs, parse_card, parse_cards,
                    values_in_force, values_line)
from .messages import N_, CardText, Msg, Names, RulesError, fail, gather, msg, nmsg, shown
from .options import (Option, OptionKind, Preset, as_int, bool_option, enum_option, first_dealer_option, int_option,
                      ints_option, mapping_option, per_options)
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


GOING_OUT_WORDS = {
    GoingOutBooks.ONE_CLEAN_THREE_BOOKS: N_("a clean book and three books in all"),
    GoingOutBooks.ONE_CLEAN_TWO_DIRTY: N_("a clean book and two dirty books"),
}
GOING_OUT_TEXT = {
    GoingOutBooks.ONE_CLEAN_THREE_BOOKS: N_("Going out needs a clean book and three books in all"),
    GoingOutBooks.ONE_CLEAN_TWO_DIRTY: N_("Going out needs a clean book and two dirty books"),
}


NEED_KINDS = ("clean", "dirty", "any", "seven", "wild")  # the kinds of books going out may need
SAME_RULE = ("going_out_books", "going_out_needs")  # two options that say the books going out needs
NEEDS_OF = {  # the two named rules of going_out_books, as books needed
    GoingOutBooks.ONE_CLEAN_THREE_BOOKS: {"clean": 1, "any": 3},
    GoingOutBooks.ONE_CLEAN_TWO_DIRTY: {"clean": 1, "dirty": 2},
}
NEED_LABELS = {"clean": N_("To go out: clean books"), "dirty": N_("To go out: dirty books"),
               "any": N_("To go out: books in all"), "seven": N_("To go out: books of sevens"),
               "wild": N_("To go out: wild books")}
MOST_NEEDED = 20  # books of one kind going out may need
SEVENS_PER_PACK = 4
WILDS_PER_PACK = 6  # two jokers and four twos


def parse_needs(value: Any) -> dict[str, int]:
    """Read the books going out needs, by kind; every kind left out needs none."""
    if not isinstance(value, dict):
        raise ValueError(msg(N_("must give the books needed by kind, like {\"clean\": 1, \"dirty\": 2}")))
    needs = dict.fromkeys(NEED_KINDS, 0)
    for key, number in value.items():
        if key not in NEED_KINDS:
            raise ValueError(msg(N_("%(key)s is not a kind of book; the kinds are: %(kinds)s"), key=shown(key, 20),
                                 kinds=", ".join(NEED_KINDS)))
        needs[key] = as_int(number, 0, MOST_NEEDED)
    return needs


def needed(needs: Mapping[str, int]) -> dict[str, int]:
    """Return only the kinds of books that are needed: ``{"clean": 1, "any": 3}``."""
    return {kind: needs[kind] for kind in NEED_KINDS if needs.get(kind)}


def same_rule(needs: Mapping[str, int]) -> tuple[int, ...]:
    """Say what books needed come to, so two ways of writing one rule compare equal: a book of sevens counts as a
    clean one, and books in all fewer than the books of each kind add up to ask nothing more."""
    clean = max(needs.get("clean", 0), needs.get("seven", 0))
    fewest = clean + needs.get("dirty", 0) + needs.get("wild", 0)
    return clean, needs.get("dirty", 0), needs.get("seven", 0), needs.get("wild", 0), max(needs.get("any", 0), fewest)


def named_rule(needs: Mapping[str, int]) -> GoingOutBooks | None:
    """Return the named rule of ``going_out_books`` the books needed are, or None."""
    return next((rule for rule, form in NEEDS_OF.items() if same_rule(form) == same_rule(needs)), None)


def books_said(counts: Mapping[str, int], total: bool = True) -> Msg:
    """Say books by kind in table words: "a clean book, a book of sevens and 4 books in all"."""
    words = {"clean": lambda n: nmsg("a clean book", "%(num)s clean books", n),
             "dirty": lambda n: nmsg("a dirty book", "%(num)s dirty books", n),
             "seven": lambda n: nmsg("a book of sevens", "%(num)s books of sevens", n),
             "wild": lambda n: nmsg("a wild book", "%(num)s wild books", n),
             "any": lambda n: nmsg("%(num)s book in all", "%(num)s books in all", n)}
    parts = [words[kind](counts[kind]) for kind in ("clean", "dirty", "seven", "wild", "any")
             if counts.get(kind) and (total or kind != "any")]
    if not parts:
        return msg(N_("no books"))
    if len(parts) == 1:
        return parts[0]
    head = {f"p{i}": part for i, part in enumerate(parts[:-1])}
    return msg(N_("%(a)s and %(b)s"), a=Msg(", ".join(f"%({name})s" for name in head), head), b=parts[-1])


def going_out_words(needs: Mapping[str, int]) -> Msg:
    """Say the books going out needs: a named rule in its own words, any other by kind."""
    rule = named_rule(needs)
    return Msg(GOING_OUT_WORDS[rule]) if rule is not None else books_said(needs)


def going_out_rule(needs: Mapping[str, int]) -> Msg:
    """Say what going out needs as a sentence of the rules ("Going out needs a clean book and two dirty books")."""
    rule = named_rule(needs)
    if rule is not None:
        return Msg(GOING_OUT_TEXT[rule])
    return msg(N_("Going out needs %(books)s"), books=books_said(needs)) if needed(needs) else \
        msg(N_("Going out needs no books"))


def going_out_books_option() -> Option:
    """The option ``going_out_books``: one of its named rules, or null where the state said the books needed are
    neither (a game's options given back as its state shows them, a backup)."""
    named = enum_option("going_out_books", N_("Books needed to go out"), GoingOutBooks.ONE_CLEAN_THREE_BOOKS,
                        GOING_OUT_WORDS)
    return replace(named, parse=lambda value: None if value is None else named.parse(value),
                   fills=("going_out_needs", {rule.value: {**dict.fromkeys(NEED_KINDS, 0), **needs}
                                              for rule, needs in NEEDS_OF.items()}))


class NeedsOption(Option):
    """The books going out needs: a box per kind of book on the form, said as a sentence elsewhere."""

    def words(self, value: Any, players: Sequence[str] = ()) -> Msg | str:
        return going_out_words(value) if isinstance(value, Mapping) else super().words(value, players)


def needs_option() -> Option:
    """The option ``going_out_needs``: its usual value is the usual rule, every kind given (the form's boxes)."""
    return NeedsOption("going_out_needs", N_("Books needed to go out, by kind"),
                       {**dict.fromkeys(NEED_KINDS, 0), **NEEDS_OF[GoingOutBooks.ONE_CLEAN_THREE_BOOKS]}, parse_needs,
                       kind=OptionKind.POINTS, labels=NEED_LABELS,
                       help=N_("A book of sevens also counts as a clean book; a wild book only as itself"))


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
        int_option("seven_book", N_("Points per book of sevens"), None, 0, 10000, nullable=True,
                   unset=N_("scored as a clean book"),
                   help=N_("Seven sevens scored apart, often 1000 to 1500; empty: a clean book like any other")),
        int_option("wild_book", N_("Points per wild book"), None, 0, 10000, nullable=True,
                   unset=N_("scored as a dirty book"),
                   help=N_("Seven wild cards (jokers and twos) scored apart; empty: a dirty book like any other")),
        int_option("red_three", N_("Points per red three"), 100, 0, 10000),
        int_option("red_three_left", N_("Points lost per red three left"), 0, 0, 10000,
                   help=N_("For each red three still in hand or foot when the hand ends")),
        int_option("going_out", N_("Points for going out"), 100, 0, 10000),
        mapping_option("values", N_("Card values"), clean_value_key, lo=0, hi=1000,
                       help=N_("Changes to the card values; by default a joker is 50, an ace or a two 20, "
                               "8 to king 10, 4 to 7 and a black three 5")),
        int_option("black_three_left", N_("Points lost per black three left"), None, 0, 10000, nullable=True,
                   unset=N_("its card value"),
                   help=N_("For each black three still in hand or foot (some tables 300); empty: its card value")),
        going_out_books_option(),
        needs_option(),
        bool_option("partners", N_("Play in partnerships"), False,
                    help=N_("Partners sit opposite: with four players, seats 1 and 3 against 2 and 4")),
    ),
    presets={
        "house": Preset(N_("The house sheet: going out needs a clean book and two dirty books"),
                        {"going_out_books": "one_clean_two_dirty", "going_out_needs": {"clean": 1, "dirty": 2}}),
        "classic": Preset(N_("The common scoring: clean books 500, dirty books 300"),
                          {"clean_book": 500, "dirty_book": 300, "red_three": 100, "going_out": 100,
                           "meld_minimums": [50, 90, 120, 150]}),
    },
)


@dataclass(frozen=True)
class HandFootOptions:
    """The house rules of one game of Hand & Foot, typed."""

    first_dealer: int
    rounds: int
    meld_minimums: list[int]
    clean_book: int
    dirty_book: int
    seven_book: int | None
    wild_book: int | None
    red_three: int
    red_three_left: int
    going_out: int
    values: Mapping[str, int]
    black_three_left: int | None
    going_out_books: GoingOutBooks | None  # None: the books needed are neither named rule
    going_out_needs: Mapping[str, int]  # the kinds of books needed only: {"clean": 1, "any": 3}
    partners: bool


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
    seven_books: int = 0
    wild_books: int = 0
    red_threes_left: int = 0

    def books(self) -> dict[str, int]:
        """Return the books by kind, as going out counts them: a book of sevens is a clean book too."""
        return {"clean": self.clean_books + self.seven_books, "dirty": self.dirty_books, "seven": self.seven_books,
                "wild": self.wild_books,
                "any": self.clean_books + self.dirty_books + self.seven_books + self.wild_books}


def packs(players: int) -> int:
    """Return the packs in play: one more than the players."""
    return players + 1


def meld_minimum(options: Mapping[str, Any], number: int) -> int:
    """Return the points needed for the first meld in hand ``number`` (the last entry repeats)."""
    minimums = options.meld_minimums
    return minimums[min(max(number, 1), len(minimums)) - 1]


def counted_values(options: HandFootOptions) -> dict[str, int]:
    """Return the value of every card that can be counted: ranks, jokers and the black threes by suit (what a black
    three left costs, where the table set it)."""
    values = values_in_force(DEFAULT_VALUES, options.values, COUNTED_CARDS)
    if getattr(options, "black_three_left", None) is not None:
        values.update({str(card): options.black_three_left for card in BLACK_THREES})
    return values


def value_of(card: Card, values: Mapping[str, int]) -> int:
    """Return one card's value among the counted values (a three by its suit)."""
    return values[str(card) if card.rank == "3" else card.rank]


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
    values = counted_values(options)
    return sum(value_of(card, values) for card in cards)


def card_points(options: Mapping[str, Any], cards: Any, path: str = "cards") -> int:
    """Read cards (a list or a string like "A A 2 X 3S") and return their points; RulesError if unreadable."""
    return points_of(read_cards(cards, path), options)


@per_options
def packs_worth(options: Mapping[str, Any], players: int) -> int:
    """Return the points of every countable card in the packs: no entry can add up to more."""
    values = counted_values(options)
    one_pack = sum(value_of(Card(rank, suit), values)
                   for rank in RANKS for suit in SUITS if not (rank == "3" and suit in RED_SUITS))
    return packs(players) * (one_pack + JOKERS_PER_PACK * values[JOKER])


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
        "clean_books", "dirty_books", "red_threes", "went_out", "melded", "melded_points", "left", "left_points",
        "seven_books", "wild_books", "red_threes_left"}))
    example = Example(2, {"rounds": 2}, (example_hand(0), example_hand(1)), winners=(0, 1))

    def layered(self, under: Mapping[str, Any], over: Mapping[str, Any]) -> dict[str, Any]:
        """``going_out_books`` and ``going_out_needs`` say one rule: either given over (a new game's, a preset's)
        replaces both under (a group's rules), which would otherwise be refused as saying different things."""
        if any(name in over for name in SAME_RULE):
            under = {name: value for name, value in under.items() if name not in SAME_RULE}
        return {**under, **over}

    def settle_options(self, options: dict[str, Any], players: int) -> dict[str, Any]:
        """Partnerships need an even number of players, at least four; the books going out needs follow the one of
        ``going_out_books`` and ``going_out_needs`` that was changed, and ask only for books the table scores."""
        if options["partners"] and (players < 4 or players % 2):
            raise RulesError({"options.partners": nmsg("partners need an even number of players, at least 4; there is "
                                                       "%(num)s", "partners need an even number of players, at least "
                                                       "4; there are %(num)s", players)})
        books, needs = options["going_out_books"], options["going_out_needs"]
        usual = GoingOutBooks.ONE_CLEAN_THREE_BOOKS
        if same_rule(needs) == same_rule(NEEDS_OF[usual]):
            books = books or usual
            needs = NEEDS_OF[books]
        elif books is usual or books is None:
            books = named_rule(needs)
        elif named_rule(needs) is not books:
            raise fail("options.going_out_needs", N_("%(needs)s is not what the books needed to go out say "
                                                     "(%(books)s): change one of them, or leave one as usual"),
                       needs=books_said(needs), books=Msg(GOING_OUT_WORDS[books]))
        for kind, option in (("seven", "seven_book"), ("wild", "wild_book")):
            if needs.get(kind) and options[option] is None:
                raise fail("options.going_out_needs", N_("%(books)s are needed to go out, but they are not scored "
                                                         "apart: give the points of one"),
                           books=msg(BOOK_KINDS[kind]))
        options["going_out_books"], options["going_out_needs"] = books, needed(needs)
        return options

    def load_options(self, stored: Mapping[str, Any]) -> Any:
        """A game stored before ``going_out_needs`` needs the books its ``going_out_books`` names."""
        options = super().load_options(stored)
        if isinstance(stored, Mapping) and "going_out_needs" not in stored and options.going_out_books is not None:
            options = replace(options, going_out_needs=dict(NEEDS_OF[options.going_out_books]))
        return options

    def start(self, table: Table) -> HandFootState:
        """Start everyone on 0."""
        return HandFootState((0,) * table.n)

    def play(self, table: Table, state: HandFootState, turn: Turn,
             data: Any) -> tuple[HandFootState, list[int | None]]:
        """Check one hand, reporting every broken entry at once, and score it."""
        raw = need_list(need_object(data).get("players"), "players", table)
        errors: dict[str, Msg] = {}
        entries = [gather(errors, self.read_entry, table, seat, entry) for seat, entry in enumerate(raw)]
        # each check on the players whose entries read; what a field is refused for first is said on it
        gather(errors, self.check_meld_minimum, table, entries, turn.number)
        if None not in entries:  # the checks across the table need every entry
            gather(errors, self.check_hand, table, entries)
        if turn.entered:
            gather(errors, check_cards_held, table, raw, entries)
            gather(errors, check_fives, table, entries)
        if errors:
            raise RulesError(errors)
        points = [self.entry_points(table, entry) for entry in entries]
        totals = tuple(t + p for t, p in zip(state.totals, points))
        return HandFootState(totals, state.hands + 1), list(points)

    def entry_points(self, table: Table, entry: Entry) -> int:
        """Score one entry: books, red threes, going out and melded cards, less cards and red threes left."""
        o = table.options
        return (entry.clean_books * o.clean_book + entry.dirty_books * o.dirty_book
                + entry.seven_books * (o.seven_book or 0) + entry.wild_books * (o.wild_book or 0)
                + entry.red_threes * o.red_three + (o.going_out if entry.went_out else 0)
                + entry.melded - entry.left - entry.red_threes_left * o.red_three_left)

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
        errors: dict[str, Msg] = {}  # every box of the entry read, each refusal named by its box
        clean = gather(errors, read_count, entry, f"{path}.clean_books", "clean_books", most_books)
        dirty = gather(errors, read_count, entry, f"{path}.dirty_books", "dirty_books", most_books)
        sevens = gather(errors, self.read_books_apart, table, entry, seat, "seven_books", SEVENS_PER_PACK)
        wilds = gather(errors, self.read_books_apart, table, entry, seat, "wild_books", WILDS_PER_PACK)
        threes = gather(errors, read_threes, table, entry, path)
        went_out = gather(errors, read_went_out, entry, path)
        melded = gather(errors, self.read_points, table, entry, seat, "melded", "melded_points")
        left = gather(errors, self.read_points, table, entry, seat, "left", "left_points")
        given = melded is not None and entry.get(melded[2]) is not None
        if melded is not None and not given and any(n for n in (clean, dirty, sevens, wilds)):
            errors[f"{path}.melded_points"] = msg(N_("%(name)s made books: give the points of the cards laid down"),
                                                  name=table.players[seat])
        if errors:
            raise RulesError(errors)
        return self.check_entry(table, seat, Entry(
            clean, dirty, threes[0], went_out, melded[0], left[0], f"{path}.{left[2]}", tuple(melded[1] + left[1]),
            f"{path}.melded_points", sevens, wilds, threes[1]),
            melded[1] if given and melded[2] == "melded" else None, melded[0] if given else None)

    def check_entry(self, table: Table, seat: int, made: Entry, listed: list[Card] | None,
                    points: int | None) -> Entry:
        """Check the books of one entry against the cards laid down (``listed``, or else their ``points`` given),
        every book count refused at once."""
        errors: dict[str, Msg] = {}
        if listed is not None:  # the later refusal of a box gives way to the one said first
            gather(errors, check_wild_cards, table, seat, made.dirty_books, listed, 7 * made.wild_books)
        gather(errors, self.check_books, table, seat, made, listed, points)
        if listed is not None:
            gather(errors, check_books_apart, table, seat, made, listed)
        if errors:
            raise RulesError(errors)
        return made

    def read_books_apart(self, table: Table, entry: Mapping[str, Any], seat: int, name: str, per_pack: int) -> int:
        """Read the books of sevens or of wild cards, refused while the table does not score them apart."""
        path = f"players.{seat}.{name}"
        count = read_count(entry, path, name, per_pack * packs(table.n) // BOOK)
        if count and getattr(table.options, BOOKS_APART[name]) is None:
            raise fail(path, BOOKS_NOT_APART[name], name=table.players[seat])
        return count

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

    def check_books(self, table: Table, seat: int, entry: Entry, cards: list[Card] | None,
                    points: int | None) -> None:
        """Refuse books the cards laid down could not make: seven cards a book, or their points at the least (seven
        sevens, or seven of the cheapest wild card, for a book of them)."""
        name = table.players[seat]
        path = f"players.{seat}.{books_field(entry)}"
        books = entry.books()["any"]
        if cards is not None and len(cards) < BOOK * books:
            raise RulesError({path: nmsg("%(num)s book needs at least %(need)s cards laid down; %(name)s laid down "
                                         "%(got)s", "%(num)s books need at least %(need)s cards laid down; %(name)s "
                                         "laid down %(got)s", books, need=BOOK * books, name=name, got=len(cards))})
        values = counted_values(table.options)
        lowest = min(value for card, value in values.items() if not card.startswith("3"))  # black threes: never laid
        least = BOOK * (lowest * (entry.clean_books + entry.dirty_books) + values["7"] * entry.seven_books
                        + min(values[JOKER], values["2"]) * entry.wild_books)
        if cards is None and points is not None and points < least:
            raise RulesError({path: nmsg("%(num)s book needs at least %(need)s points laid down; %(name)s laid "
                                         "down %(got)s", "%(num)s books need at least %(need)s points laid down; "
                                         "%(name)s laid down %(got)s", books, need=least, name=name, got=points)})

    def check_hand(self, table: Table, entries: Sequence[Entry]) -> None:
        """Check the hand across players: one went out at most, red threes and cards within the packs."""
        out = [seat for seat, entry in enumerate(entries) if entry.went_out]
        if len(out) > 1:
            raise fail("players", N_("only one player can go out in a hand; marked as going out: %(names)s"),
                       names=Names(tuple(table.players[seat] for seat in out)))
        errors: dict[str, Msg] = {}
        gather(errors, check_in_the_packs, table, entries)
        if out:
            gather(errors, self.check_went_out, table, entries, out[0])
        if errors:
            raise RulesError(errors)

    def check_meld_minimum(self, table: Table, entries: Sequence[Entry | None], number: int) -> None:
        """Refuse cards laid down under the hand's meld minimum (a side's cards together with partners), for every
        player whose side's entries all read."""
        minimum = meld_minimum(table.options, number)
        errors: dict[str, Msg] = {}
        for seat, entry in enumerate(entries):
            side = [entries[s] for s in self.side(table, seat)]
            if entry is None or None in side:
                continue
            laid = sum(e.melded for e in side)
            if entry.melded and laid < minimum:
                errors[entry.melded_path] = msg(N_("%(name)s laid down %(got)s points; the first meld of this hand "
                                                   "needs %(minimum)s, so the cards laid down are 0 or at least "
                                                   "%(minimum)s"), name=table.players[seat], got=laid, minimum=minimum)
        if errors:
            raise RulesError(errors)

    def check_went_out(self, table: Table, entries: Sequence[Entry], seat: int) -> None:
        """Check the player who went out: the books going out needs (the team's), no cards or red threes left."""
        path, name = f"players.{seat}", table.players[seat]
        side = self.side(table, seat)
        made = {kind: sum(entries[s].books()[kind] for s in side) for kind in NEED_KINDS}
        needs = table.options.going_out_needs
        errors: dict[str, Msg] = {}
        if any(made[kind] < needs.get(kind, 0) for kind in NEED_KINDS):
            laid = {"clean": made["clean"] - made["seven"], **{k: made[k] for k in ("dirty", "seven", "wild")}}
            said = N_("%(name)s went out, which needs %(needs)s; the team made %(made)s") if len(side) > 1 else \
                N_("%(name)s went out, which needs %(needs)s; %(name)s made %(made)s")
            errors[f"{path}.went_out"] = msg(said, name=name, needs=going_out_words(needs),
                                             made=books_said(laid, total=False))
        if entries[seat].left:
            errors[entries[seat].left_field] = msg(N_("%(name)s went out, so has no cards left"), name=name)
        if entries[seat].red_threes_left:
            errors[f"{path}.red_threes_left"] = msg(N_("%(name)s went out, so has no red threes left"), name=name)
        if errors:
            raise RulesError(errors)

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
                *house_scores(o),
                going_out_rule(o.going_out_needs),
                msg(N_("Card values: %(values)s"), values=values_line(DEFAULT_VALUES, o.values))]

    def notes(self, table: Table, state: HandFootState, turn: Turn) -> list[Msg]:
        """Tell the table the meld minimum of this hand."""
        return [msg(N_("Hand %(n)s of %(hands)s: a first meld needs at least %(min)s points"),
                    n=turn.number, hands=table.options.rounds, min=meld_minimum(table.options, turn.number))]

    def table_rules(self, table: Table) -> list[Msg]:
        """Tell the table the packs to shuffle and what going out needs (the same every hand)."""
        return [msg(N_("Shuffle %(packs)s packs together, jokers in"), packs=packs(table.n)),
                going_out_rule(table.options.going_out_needs)]

    def seat_notes(self, table: Table, state: HandFootState, over: bool = False) -> list[list[Msg]]:
        """With partners, name each player's partner (the page shows the team totals from the standings)."""
        if not table.options.partners:
            return [[] for _ in table.players]
        return [[msg(N_("Partner: %(name)s"), name=table.players[next(s for s in self.side(table, seat) if s != seat)])]
                for seat in range(table.n)]

    def round_fields(self, table: Table, state: HandFootState, turn: Turn) -> list[Field]:
        """Ask each player for books, red threes, going out, and cards melded and left."""
        o = table.options
        n_packs = packs(table.n)
        most_books = PACK_SIZE * n_packs // BOOK
        values = counted_values(o)
        worth = packs_worth(o, table.n)
        apart = [Field(name, label, FieldKind.INT, Scope.ENTRY, lo=0, hi=per_pack * n_packs // BOOK, default=0)
                 for name, label, per_pack, points in (("seven_books", N_("Books of sevens"), SEVENS_PER_PACK,
                                                        o.seven_book),
                                                       ("wild_books", N_("Wild books"), WILDS_PER_PACK, o.wild_book))
                 if points is not None]
        threes_left = [Field("red_threes_left", N_("Red threes left in hand and foot"), FieldKind.INT, Scope.ENTRY,
                             lo=0, hi=RED_THREES_PER_PACK * n_packs, default=0)] if o.red_three_left else []
        return [
            Field("clean_books", N_("Clean books"), FieldKind.INT, Scope.ENTRY, lo=0, hi=most_books, default=0),
            Field("dirty_books", N_("Dirty books"), FieldKind.INT, Scope.ENTRY, lo=0, hi=most_books, default=0),
            *apart,
            Field("red_threes", N_("Red threes"), FieldKind.INT, Scope.ENTRY, lo=0,
                  hi=RED_THREES_PER_PACK * n_packs, default=0),
            *threes_left,
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
        """How a game goes; going out asks for a clean book unless the table's books needed do not."""
        lines = list(GLANCE)
        if table is not None and not table.options.going_out_needs.get("clean") \
                and not table.options.going_out_needs.get("seven"):
            lines[2] = N_("When your hand is empty, play your foot. To go out you need the books the house rules "
                          "ask for.")
        return tuple(Msg(line) for line in lines)

    def cell_notes(self, table: Table, data: Mapping[str, Any]) -> list[list[Msg]]:
        """Under each score, what the hand held: books, red threes, going out, the cards melded and left."""
        cells: list[list[Msg]] = [[] for _ in table.players]
        if isinstance(data.get("players"), list):
            for seat, entry in enumerate(data["players"][:len(cells)]):
                if isinstance(entry, dict):
                    cells[seat].extend(hand_lines(entry))
        return cells


def check_in_the_packs(table: Table, entries: Sequence[Entry]) -> None:
    """Check the red threes, the books apart and the cards of the hand all together fit in the packs."""
    n_packs = packs(table.n)
    most = RED_THREES_PER_PACK * n_packs
    threes = sum(entry.red_threes + entry.red_threes_left for entry in entries)
    if threes > most:
        raise fail("players", N_("%(got)s red threes in all; the %(packs)s packs hold %(most)s"),
                   got=threes, packs=n_packs, most=most)
    for kind, per_pack in (("seven", SEVENS_PER_PACK), ("wild", WILDS_PER_PACK)):
        books, most_books = sum(entry.books()[kind] for entry in entries), per_pack * n_packs // BOOK
        if books > most_books:
            raise fail("players", N_("%(got)s %(books)s in all; the %(packs)s packs hold enough for %(most)s"),
                       got=books, books=msg(BOOK_KINDS[kind]), packs=n_packs, most=most_books)
    check_packs([(name, entry.cards) for name, entry in zip(table.players, entries)], n_packs,
                JOKERS_PER_PACK * n_packs)


def read_threes(table: Table, entry: Mapping[str, Any], path: str) -> tuple[int, int]:
    """Read the red threes laid down and left, within what the packs hold."""
    errors: dict[str, Msg] = {}
    threes = gather(errors, read_count, entry, f"{path}.red_threes", "red_threes", MAX_POINTS_ENTRY)
    left = gather(errors, read_count, entry, f"{path}.red_threes_left", "red_threes_left", MAX_POINTS_ENTRY)
    if threes is None or left is None:
        raise RulesError(errors)
    n_packs = packs(table.n)
    most = RED_THREES_PER_PACK * n_packs
    if threes > most:
        raise fail(f"{path}.red_threes", N_("%(got)s red threes; the %(packs)s packs hold %(most)s"),
                   got=threes, packs=n_packs, most=most)
    if threes + left > most:
        raise fail(f"{path}.red_threes_left", N_("%(got)s red threes laid down and left; the %(packs)s packs "
                                                 "hold %(most)s"), got=threes + left, packs=n_packs, most=most)
    return threes, left


def read_went_out(entry: Mapping[str, Any], path: str) -> bool:
    """Read whether the player went out (not said: no)."""
    went_out = entry.get("went_out")
    return False if went_out is None else need_bool(went_out, f"{path}.went_out")


def check_fives(table: Table, entries: Sequence[Entry | None]) -> None:
    """Refuse points given for cards laid down or left that no cards add up to: under the default values every card
    counts a multiple of 5 (any house values: their common step). Cards listed always add up to such a number."""
    step = gcd(*counted_values(table.options).values())
    errors = {path: msg(N_("%(points)s is not a multiple of %(step)s: every card counts a multiple of %(step)s"),
                        points=points, step=step)
              for seat, entry in enumerate(entries) if entry is not None
              for points, path in ((entry.melded, f"players.{seat}.melded_points"),
                                   (entry.left, entry.left_field))
              if step > 1 and points % step}
    if errors:
        raise RulesError(errors)


def check_wild_cards(table: Table, seat: int, dirty: int, melded: Sequence[Card], taken: int = 0) -> None:
    """Refuse dirty books the listed cards hold no wild card for (a joker or a two each), besides the ``taken`` wild
    cards the wild books hold."""
    wilds = sum(1 for card in melded if card.is_joker or card.rank == "2") - taken
    if dirty and wilds < dirty:  # too few for the wild books: said on them
        raise RulesError({f"players.{seat}.dirty_books": nmsg(
            "%(name)s has %(num)s dirty book, but the cards laid down hold %(wilds)s wild cards (jokers and twos); "
            "a dirty book needs one",
            "%(name)s has %(num)s dirty books, but the cards laid down hold %(wilds)s wild cards (jokers and twos); "
            "each dirty book needs one", dirty, name=table.players[seat], wilds=wilds)})


BOOK_KINDS = {"seven": N_("books of sevens"), "wild": N_("wild books")}
BOOKS_APART = {"seven_books": "seven_book", "wild_books": "wild_book"}  # the books and the option scoring them
BOOKS_NOT_APART = {
    "seven_books": N_("books of sevens are not scored apart at this table: count %(name)s's as clean books"),
    "wild_books": N_("wild books are not scored apart at this table: count %(name)s's as dirty books"),
}


def books_field(entry: Entry) -> str:
    """Name the count a book check is about: the clean books, or the books apart when there are no others."""
    if entry.clean_books + entry.dirty_books or not entry.seven_books + entry.wild_books:
        return "clean_books"
    return "seven_books" if entry.seven_books else "wild_books"


def check_books_apart(table: Table, seat: int, entry: Entry, melded: Sequence[Card]) -> None:
    """Refuse books of sevens or wild books the listed cards laid down do not hold: seven sevens, or seven jokers
    and twos, a book."""
    name = table.players[seat]
    sevens = sum(1 for card in melded if card.rank == "7")
    wilds = sum(1 for card in melded if card.is_joker or card.rank == "2")
    if sevens < BOOK * entry.seven_books:
        raise fail(f"players.{seat}.seven_books", N_("%(name)s has %(books)s, but the cards laid down hold "
                                                     "%(got)s sevens; a book of them is seven sevens"),
                   name=name, books=books_said({"seven": entry.seven_books}), got=sevens)
    if wilds < BOOK * entry.wild_books:
        raise fail(f"players.{seat}.wild_books", N_("%(name)s has %(books)s, but the cards laid down hold "
                                                    "%(got)s wild cards (jokers and twos); a wild book is seven"),
                   name=name, books=books_said({"wild": entry.wild_books}), got=wilds)


def check_cards_held(table: Table, raw: Sequence[Any], entries: Sequence[Entry | None]) -> None:
    """Refuse a hand where a player who did not go out gives nothing for the cards they held: a box left empty is
    not 0, as they hold cards. (The player who went out laid cards down: their books ask for them, or with partners
    the team's, which a table may count under one partner.)"""
    errors = {f"players.{seat}.left_points": msg(
        N_("%(name)s did not go out: give the points of the cards left in hand and foot (0 if none)"),
        name=table.players[seat])
        for seat, (given, entry) in enumerate(zip(raw, entries))
        if entry is not None and not entry.went_out and not given.get("left") and given.get("left_points") is None}
    if errors:
        raise RulesError(errors)


def is_empty(entry: Mapping[str, Any]) -> bool:
    """Say whether an entry gives nothing at all: no cards or points, no books or red threes, not out."""
    if any(entry.get(key) is not None for key in ("melded", "melded_points", "left", "left_points")):
        return False
    return not any(entry.get(key) for key in ("clean_books", "dirty_books", "seven_books", "wild_books", "red_threes",
                                              "red_threes_left", "went_out"))


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
    apart = tuple(msg(text, n=points) for text, points in ((N_("Books of sevens × %(n)s"), o.seven_book),
                                                            (N_("Wild books × %(n)s"), o.wild_book))
                  if points is not None)
    threes_left = (msg(N_("Red threes left × −%(n)s"), n=o.red_three_left),) if o.red_three_left else ()
    lines = (msg(N_("Clean books × %(n)s"), n=o.clean_book), msg(N_("Dirty books × %(n)s"), n=o.dirty_book), *apart,
             msg(N_("Red threes × %(n)s"), n=o.red_three), *threes_left, msg(N_("Went out +%(n)s"), n=o.going_out),
             msg(N_("Cards melded")), msg(N_("Cards left −")), msg(N_("Hand total")), msg(N_("Running total")))
    values = counted_values(o)
    card_key = Key(msg(N_("Card values")), hand_and_foot_values(values))
    order: tuple[int, ...] = ()
    if o.partners:
        half = table.n // 2
        order = tuple(seat for team in range(half) for seat in (team, team + half))
    points = Key(msg(N_("Points")), ((msg(N_("Clean book")), str(o.clean_book)), (msg(N_("Dirty book")), str(o.dirty_book)),
                                     *books_apart_points(o), (msg(N_("Red three")), str(o.red_three)),
                                     *threes_left_points(o), (msg(N_("Going out")), str(o.going_out))))
    return Plan(Layout.BLOCKS, rows, total_row=False, block_lines=lines, seat_order=order, keys=(card_key,),
                filled_keys=(points,), score_chars=4,  # a hand's books alone make thousands: "1305"
                notes=(msg(N_("%(packs)s packs with their jokers. Highest total after the last hand wins."),
                           packs=packs(table.n)),),
                # a block per hand with its first meld, the points of each part, and the card values' key
                shows=frozenset({"rounds", "meld_minimums", "clean_book", "dirty_book", "red_three", "going_out",
                                 "seven_book", "wild_book", "red_three_left", "black_three_left",
                                 # the named rule is listed, or else the books needed by kind
                                 "going_out_needs" if o.going_out_books is not None else "going_out_books"}))


def books_apart_points(o: HandFootOptions) -> tuple[tuple[Msg, str], ...]:
    """The points of the books a table scores apart, for the filled sheet's key."""
    return tuple((msg(label), str(points)) for label, points in
                 ((N_("Book of sevens"), o.seven_book), (N_("Wild book"), o.wild_book)) if points is not None)


def threes_left_points(o: HandFootOptions) -> tuple[tuple[Msg, str], ...]:
    """What a red three left costs, for the filled sheet's key, where the table set it."""
    return ((msg(N_("Red three left")), signed_value(-o.red_three_left)),) if o.red_three_left else ()


def house_scores(o: HandFootOptions) -> list[Msg]:
    """Say the house rules' scores a table set, for the rules in play: books apart, threes left."""
    lines = []
    if o.seven_book is not None:
        lines.append(msg(N_("A book of sevens scores %(n)s"), n=o.seven_book))
    if o.wild_book is not None:
        lines.append(msg(N_("A wild book scores %(n)s"), n=o.wild_book))
    if o.red_three_left:
        lines.append(msg(N_("A red three left in hand or foot costs %(n)s"), n=o.red_three_left))
    if o.black_three_left is not None:
        lines.append(msg(N_("A black three left in hand or foot costs %(n)s"), n=o.black_three_left))
    return lines


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
    apart = {kind: entry.get(f"{kind}_books") for kind in ("seven", "wild")}
    if any(isinstance(n, int) and n > 0 for n in apart.values()):
        lines.append(books_said({k: n for k, n in apart.items() if isinstance(n, int) and n > 0}))
    if entry.get("red_threes"):
        lines.append(nmsg("%(num)s red three", "%(num)s red threes", entry["red_threes"]))
    if isinstance(entry.get("red_threes_left"), int) and entry["red_threes_left"] > 0:
        lines.append(nmsg("%(num)s red three left", "%(num)s red threes left", entry["red_threes_left"]))
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
