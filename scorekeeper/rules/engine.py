"""Fold a game's rounds through its rules into the state every page and the API show."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .base import N_, Rules, RulesError, Table, Turn, fail


@dataclass(frozen=True)
class PlayedRound:
    """One round as stored, with the points the rules give it."""

    number: int
    dealer: int
    data: Mapping[str, Any]
    points: list[int | None] | None
    marks: list[str] = field(default_factory=list)  # what the rounds grid shows per seat


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


def derive(rules: Rules, table: Table, rounds: Sequence[Mapping[str, Any]], finished_by_hand: bool = False) -> Derived:
    """Play every round's data through the rules; raise RoundRefused for the first that cannot stand."""
    state = rules.start(table)
    dealer = table.options.get("first_dealer", 0)
    played: list[PlayedRound] = []
    for number, data in enumerate(rounds, start=1):
        if rules.is_over(table, state):
            raise RoundRefused(number, {"round": fail("round", N_("the game was already over")).errors["round"]},
                               after_end=True)
        turn = Turn(number, dealer)
        try:
            after, points = rules.play(table, state, turn, data)
        except RulesError as exc:
            raise RoundRefused(number, exc.errors) from None
        played.append(PlayedRound(number, dealer, data, points, rules.marks(table, data, points, state, after)))
        state = after
        dealer = next_seat_in(dealer, rules.seats_in(table, state))
    return conclude(rules, table, state, played, dealer, finished_by_hand)


def conclude(rules: Rules, table: Table, state: Any, played: list[PlayedRound], dealer: int,
             finished_by_hand: bool) -> Derived:
    """Work out standings, status, winners and what comes next from the folded state."""
    over = finished_by_hand or rules.is_over(table, state)
    seats_in = rules.seats_in(table, state)
    standings = [
        {"seat": seat, "name": name, **extra}
        for seat, (name, extra) in enumerate(zip(table.players, rules.standings(table, state, over)))
    ]
    turn = Turn(len(played) + 1, dealer)
    nxt = None if over else {"round": turn.number, "dealer": dealer, **rules.next_extras(table, state, turn)}
    leaders = rules.winners(table, state)
    return Derived(table, played, state, over, standings, leaders if over else [], leaders, nxt, turn, seats_in)
