"""Fold a game's rounds through its rules into the state every page and the API show."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .base import Rules
from .messages import N_, RulesError, fail
from .reading import refuse_unknown_keys
from .spec import Table, Turn


@dataclass(frozen=True)
class PlayedRound:
    """One round as stored, with the points the rules give it."""

    number: int
    dealer: int
    data: Mapping[str, Any]
    points: list[int | None] | None
    marks: list[str] = field(default_factory=list)  # what the rounds grid shows per seat
    running: list[float | None] = field(default_factory=list)  # each seat's headline value after it (for a chart)


@dataclass
class Derived:
    """Everything known about a game after folding its rounds."""

    table: Table
    rounds: list[PlayedRound]
    state: Any
    over: bool
    standings: list[dict[str, Any]]
    winners: list[int]
    leaders: list[int]
    next: dict[str, Any] | None
    next_turn: Turn
    seats_in: list[bool] = field(default_factory=list)
    final: dict[str, Any] | None = None     # when over: what outlives ``next`` (the Golf jar, a pot)
    broken: RoundRefused | None = None      # a stored round that no longer folds; the state stops before it


class RoundRefused(Exception):
    """A round that cannot stand: ``number`` is the round, ``errors`` what is wrong."""

    def __init__(self, number: int, errors: Mapping[str, Any], after_end: bool = False):
        super().__init__(f"round {number}: {errors}")
        self.number = number
        self.errors = dict(errors)
        self.after_end = after_end


def next_seat_in(seat: int, seats_in: Sequence[bool]) -> int:
    """Return the next seat clockwise after ``seat`` that is still in the game."""
    n = len(seats_in)
    for step in range(1, n + 1):
        candidate = (seat + step) % n
        if seats_in[candidate]:
            return candidate
    return seat


def derive(rules: Rules, table: Table, rounds: Sequence[Mapping[str, Any]], finished_by_hand: bool = False,
           lenient: bool = False, entered: int | None = None) -> Derived:
    """Play every round's data through the rules; raise RoundRefused for the first that cannot stand.

    ``lenient`` folds stored rounds instead: the state stops before the first round that no longer
    stands, and ``broken`` names it, so a game stored under older, looser rules still opens. ``entered`` is the
    number of the round being corrected now, which the checks of what a table enters apply to (``Turn.entered``).
    """
    return play_on(rules, table, rules.start(table), [], table.options.first_dealer, rounds, finished_by_hand,
                   lenient, entered)


def extend(rules: Rules, derived: Derived, rounds: Sequence[Mapping[str, Any]], finished_by_hand: bool = False,
           lenient: bool = False) -> Derived:
    """Fold ``rounds`` on top of a fold of their first ones (``derived``, which must not be broken): no refold.

    The caller vouches that ``derived`` folded exactly ``rounds[:len(derived.rounds)]``.
    """
    return play_on(rules, derived.table, derived.state, list(derived.rounds), derived.next_turn.dealer,
                   rounds[len(derived.rounds):], finished_by_hand, lenient)


def append(rules: Rules, derived: Derived, data: Mapping[str, Any], finished_by_hand: bool = False) -> Derived:
    """Play one more round on top of an already folded game (a new round needs no refold)."""
    return play_on(rules, derived.table, derived.state, list(derived.rounds), derived.next_turn.dealer, [data],
                   finished_by_hand, entered=len(derived.rounds) + 1)


def play_on(rules: Rules, table: Table, state: Any, played: list[PlayedRound], dealer: int,
            rounds: Sequence[Mapping[str, Any]], finished_by_hand: bool, lenient: bool = False,
            entered: int | None = None) -> Derived:
    """Play ``rounds`` after the ``played`` ones, from ``state`` with ``dealer`` to deal, and conclude (round
    ``entered``, if any, is the one being entered or corrected now)."""
    for data in rounds:
        try:
            state, dealer = fold_one(rules, table, state, played, dealer, data, entered)
        except RoundRefused as exc:
            if not lenient:
                raise
            return conclude(rules, table, state, played, dealer, finished_by_hand, broken=exc)
    return conclude(rules, table, state, played, dealer, finished_by_hand)


def fold_one(rules: Rules, table: Table, state: Any, played: list[PlayedRound], dealer: int,
             data: Mapping[str, Any], entered: int | None = None) -> tuple[Any, int]:
    """Play the next round, record it in ``played``, and return the new state and the next dealer."""
    number = len(played) + 1
    after, points = play_one(rules, table, state, Turn(number, dealer, number == entered), data)
    data = rules.as_played(table, data)
    played.append(PlayedRound(number, dealer, data, points, rules.marks(table, data, points, state, after),
                              rules.running(table, after)))
    return after, next_seat_in(dealer, rules.seats_in(table, after))


def play_one(rules: Rules, table: Table, state: Any, turn: Turn, data: Mapping[str, Any]):
    """Play one round through the rules, or raise RoundRefused saying why it cannot stand."""
    if rules.is_over(table, state):
        raise RoundRefused(turn.number, {"round": fail("round", N_("the game was already over")).errors["round"]},
                           after_end=True)
    try:
        refuse_unknown_keys(rules.data_keys, data)
        return rules.play(table, state, turn, data)
    except RulesError as exc:
        raise RoundRefused(turn.number, exc.errors) from None


def conclude(rules: Rules, table: Table, state: Any, played: list[PlayedRound], dealer: int,
             finished_by_hand: bool, broken: RoundRefused | None = None) -> Derived:
    """Work out standings, places, status, winners and what comes next from the folded state."""
    over = finished_by_hand or rules.is_over(table, state)
    seats_in = rules.seats_in(table, state)
    leaders = rules.winners(table, state)
    rows = rules.standings(table, state, over)
    places = placings(rules.placing(table, state, rows), leaders, rules.sides(table))
    standings = [
        {"seat": seat, "name": name, **extra, "place": place}
        for seat, (name, extra, place) in enumerate(zip(table.players, rows, places))
    ]
    turn = Turn(len(played) + 1, dealer)
    nxt = None if over else {"round": turn.number, "dealer": dealer, **rules.next_extras(table, state, turn)}
    final = rules.final_extras(table, state) if over else None
    return Derived(table, played, state, over, standings, leaders if over else [], leaders, nxt, turn, seats_in,
                   final, broken)


def placings(values: Sequence[float | None], leaders: Sequence[int], sides: Sequence[int] | None = None) -> list[int]:
    """Place every seat: the leaders first, then by value (lower is better); equals share, the next skips.

    Seats of one side (partners) count once: the team behind a winning team of two is 2nd, not "=3rd"."""
    keys = [(seat not in leaders, float("inf") if v is None else v) for seat, v in enumerate(values)]
    ahead = set(zip(range(len(keys)) if sides is None else sides, keys))
    return [1 + sum(other < key for _, other in ahead) for key in keys]
