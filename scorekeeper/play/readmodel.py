"""One typed view of a table, read by every surface: the page, the JSON, the sheets and the live view.

Built by ``tables.table_view`` from a stored game and its folded rounds. Nothing here
computes a score: the rules did that; this only arranges what they said.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from ..store.models import stamp
from ..rules.messages import Msg
from ..rules.spec import Field, GameSpec
from ..rules.engine import Derived


@dataclass(frozen=True)
class SeatView:
    """One player as the scoreboard shows them."""

    seat: int
    name: str
    total: int | float | None
    place: int
    leading: bool            # on the best value now (while playing), or a winner
    deals_next: bool
    out: bool
    extras: Mapping[str, Any]  # the game's own standings values: goal, lives, layout, quarters...
    notes: tuple[Msg, ...]     # short lines from the rules under the name

    def __getattr__(self, name: str) -> Any:
        """Read the game's own standings values as attributes too (``seat.lives``)."""
        if name.startswith("__") or name == "extras":
            raise AttributeError(name)
        try:
            return self.extras[name]
        except KeyError:
            raise AttributeError(name) from None


@dataclass(frozen=True)
class TeamView:
    """A team of partners as the scoreboard leads with it: its place and total, then its players."""

    seats: tuple[SeatView, ...]
    total: int
    place: int
    leading: bool
    shared: bool  # another team shares its place


@dataclass(frozen=True)
class RoundView:
    """One stored round as the grid shows it."""

    number: int
    title: Msg                       # the round's own name: "Hole 3", "Hand 2 · Hearts"
    dealer: int | None
    data: Mapping[str, Any]
    points: Sequence[int | None] | None
    marks: Sequence[str]
    running: Sequence[float | None]  # each seat's headline value after this round
    broken: bool = False             # stored, but no longer stands under today's rules


@dataclass(frozen=True)
class TableView:
    """Everything any surface shows about one game at one moment (one version)."""

    id: str
    spec: GameSpec
    players: tuple[str, ...]
    options: Mapping[str, Any]
    preset: str | None
    version: int
    created: datetime
    finished_by_hand: bool
    over: bool
    winners: tuple[int, ...]
    leaders: tuple[int, ...]
    next: Mapping[str, Any] | None
    final: Mapping[str, Any] | None
    broken: Mapping[str, Any] | None  # {"round": n, "errors": {path: Msg}}
    seats: tuple[SeatView, ...]
    notes: tuple[Msg, ...]             # what the table needs before the next round
    table_rules: tuple[Msg, ...]       # the fixed rules of this table, the same every round
    rules_now: tuple[Msg, ...]         # the rules that matter for the coming round, with the house rules
    rounds: tuple[RoundView, ...]
    fields: tuple[Field, ...] | None   # the next round's questions (None when no round can be added)
    next_title: Msg | None             # the next round's own name
    headline: str                      # the standings value that ranks: "total", "lives" or "layout"
    derived: Derived                   # the fold itself, for forms that need its table and seats
    next_game: str | None = None       # the game the table went on to with "Play again" (its public id)

    @property
    def key(self) -> str:
        return self.spec.key

    @property
    def status(self) -> str:
        return "finished" if self.over else "playing"

    @property
    def board(self) -> tuple[SeatView, ...]:
        """Return the seats as the scoreboard lists them: round the table while the game is played, by
        place (1st first) once it is over."""
        return tuple(sorted(self.seats, key=lambda s: (s.place, s.seat))) if self.over else self.seats

    @property
    def teams(self) -> tuple[TeamView, ...]:
        """Return the teams of partners (none in a game without): round the table while the game is played, by
        place once it is over, as the board lists players."""
        firsts = [s for s in self.seats if s.extras.get("team") and s.team["seats"][0] == s.seat]
        teams = tuple(TeamView(tuple(self.seats[i] for i in s.team["seats"]), s.team["total"], s.place, s.leading,
                               sum(1 for t in firsts if t.place == s.place) > 1) for s in firsts)
        return tuple(sorted(teams, key=lambda t: (t.place, t.seats[0].seat))) if self.over else teams

    def shares_place(self, seat: SeatView) -> bool:
        """Say whether another side (another player, or another team of partners) shares this seat's place."""
        def side(s: SeatView) -> tuple[int, ...]:
            return tuple(s.team["seats"]) if s.extras.get("team") else (s.seat,)
        return len({side(s) for s in self.seats if s.place == seat.place}) > 1

    @property
    def has_points(self) -> bool:
        """Say whether the game keeps points (Trash and Chase the Ace do not)."""
        return any(s.total is not None for s in self.seats)

    @property
    def ended_early(self) -> tuple[int, int | None] | None:
        """Return, for a game ended by hand, the rounds played that stand and the rounds it was to have (None when
        it was to end otherwise: at a target, when someone goes out); None for any other game."""
        if not (self.over and self.finished_by_hand):
            return None
        return sum(1 for r in self.rounds if not r.broken), self.options.get("holes") or self.options.get("rounds")

    @property
    def accepts_rounds(self) -> bool:
        """Say whether a next round can be entered now."""
        return self.fields is not None

    def title(self, number: int) -> Msg | None:
        """Return the name of stored round ``number``."""
        return next((r.title for r in self.rounds if r.number == number), None)

    def series(self) -> list[list[float | None]]:
        """Return each seat's headline value after every round, for the chart of running totals."""
        return [[r.running[seat] for r in self.rounds] for seat in range(len(self.players))]

    def state(self, translate: Callable[[Msg | str], str] = str) -> dict[str, Any]:
        """Return the game state as the JSON API sends it (../shared/spec/api.md)."""
        return {
            "id": self.id,
            "game": self.spec.key,
            "version": self.version,
            "options": dict(self.options),
            "preset": self.preset,
            "players": list(self.players),
            "rounds": [{"number": r.number, "dealer": r.dealer, "data": dict(r.data), "points": r.points,
                        "marks": [mark_words(m, translate) for m in r.marks], "running": list(r.running)}
                       for r in self.rounds if not r.broken],
            "standings": [{"seat": s.seat, "name": s.name, **s.extras, "total": s.total, "place": s.place}
                          for s in self.seats],
            "status": self.status,
            "winners": list(self.winners),
            "leaders": list(self.leaders),
            "next": None if self.next is None else dict(self.next),
            "final": None if self.final is None else dict(self.final),
            "broken": None if self.broken is None else {"round": self.broken["round"],
                                                        "errors": {k: translate(v) for k, v in self.broken["errors"].items()}},
            "created": stamp(self.created),
            "finished_by_hand": self.finished_by_hand,
        }


def mark_words(mark: str, translate: Callable[[Msg | str], str] = str) -> str:
    """Write a rounds grid's mark in the reader's words: the points, then the words after them ("29 contre")."""
    points, _, words = mark.partition(" ")
    return f"{points} {translate(words)}" if words else mark
