"""A game's fold and its read model: the stored rounds played through the game's rules, and the one view of the
table that the page, the JSON, the sheets and the live view read.

One version of a game always folds the same (its rounds never change once committed, and a version never
repeats), so its fold and its view are made once and kept in the one cache (the live wing's, plugged in as ``memo``) under
(what, game, version). A change's own fold and view wait in its transaction until it commits.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol

from sqlalchemy import select

from .. import rules as registry
from ..extensions import db
from ..store.database import settle_version
from ..store.models import Game, Round, stamp
from ..rules.base import Rules
from ..rules.messages import Msg
from ..rules.spec import HEADLINE, Field, GameSpec, Table
from ..rules.engine import Derived, derive, extend


class Memo(Protocol):
    """Where folds and views are kept by (what, game, version): the live wing's one cache, plugged in by create_app
    (``keep_in``), so that nothing here imports a wing above it. ``session`` holds what a transaction made for a
    version it has not committed."""

    def get(self, key: tuple, session=None) -> Any: ...

    def put(self, key: tuple, value: Any, session=None) -> Any: ...


class Unkept:
    """The memo before one is plugged in: keeps nothing, so every fold is made afresh."""

    def get(self, key: tuple, session=None) -> Any:
        return None

    def put(self, key: tuple, value: Any, session=None) -> Any:
        return value


memo: Memo = Unkept()


def keep_in(kept: Memo) -> None:
    """Keep folds and views in ``kept`` (create_app plugs in the live wing's cache)."""
    global memo
    memo = kept


def rules_for(game: Game) -> Rules:
    """Return the rules module that plays ``game``."""
    return registry.REGISTRY[game.game_key]


def table_of(game: Game) -> Table:
    """Return the fixed facts of ``game`` for the rules, its stored options typed again."""
    return Table(tuple(p.name for p in game.players), rules_for(game).load_options(game.options))


def derive_game(game: Game, rounds: Sequence[Mapping[str, Any]] | None = None, entered: int | None = None) -> Derived:
    """Fold the game's rounds (or a proposed list of them, round ``entered`` the one changed) through its rules;
    raise RoundRefused if one breaks."""
    datas = [r.data for r in game.rounds] if rounds is None else rounds
    return derive(rules_for(game), table_of(game), datas, game.finished_by_hand, entered=entered)


def fold_game(game: Game) -> Derived:
    """Fold the stored rounds as far as they stand; a round that no longer does is named in ``broken``."""
    return derive(rules_for(game), table_of(game), [r.data for r in game.rounds], game.finished_by_hand,
                  lenient=True)


def current_fold(game: Game) -> Derived:
    """Fold the game as this request sees it, once per version.

    A stored version's fold is kept (a hit loads no round). A miss plays just the new rounds on top of the latest
    fold this process made of the game, when the stored rounds continue it (every kept round's data unchanged:
    rounds were only added; the same players and options); anything else folds them all. A game changed in
    this request and not yet settled is folded afresh.
    """
    if game in db.session.dirty:
        return fold_game(game)
    key = ("fold", game.public_id, game.version)
    held = memo.get(key, db.session)
    if held is not None:
        return held
    datas = stored_datas(game)
    latest = memo.get(("latest fold", game.public_id))
    if latest is not None and latest[0] < game.version and continues(latest[1], datas) \
            and latest[1].table == table_of(game):  # the same players and options, as always outside tests
        derived = extend(rules_for(game), latest[1], datas, game.finished_by_hand, lenient=True)
    else:
        derived = derive(rules_for(game), table_of(game), datas, game.finished_by_hand, lenient=True)
    keep_latest(game.public_id, game.version, derived)
    return memo.put(key, derived, db.session)


def keep_fold(game: Game, derived: Derived) -> None:
    """Note a change's fold for the version it moved the game to, in its transaction: the fold, and whatever else is
    made of that version in this transaction, is kept once it commits (by the live wing's after-commit hook)."""
    settle_version(db.session, game.public_id, game.version, derived)


def keep_latest(public_id: str, version: int, derived: Derived) -> None:
    """Keep the latest fold this process made of a game, whatever its version: the next version's fold plays just
    the new rounds on top of it. Never answered as it is, only continued where the stored rounds continue it
    (``continues``), so a fold of a change rolled back is never played on."""
    held = memo.get(("latest fold", public_id))
    if held is None or held[0] <= version:
        memo.put(("latest fold", public_id), (version, derived))


def stored_datas(game: Game) -> list[Mapping[str, Any]]:
    """Return the stored rounds' data in order: one column, no round objects (unless they are loaded)."""
    if "rounds" in game.__dict__:
        return [r.data for r in game.rounds]
    query = select(Round.data).where(Round.game_id == game.id).order_by(Round.number)
    return list(db.session.scalars(query))


def continues(derived: Derived, datas: Sequence[Mapping[str, Any]]) -> bool:
    """Say whether ``datas`` are the rounds ``derived`` folded, then maybe more: none edited or deleted."""
    return derived.broken is None and len(derived.rounds) <= len(datas) and all(
        played.data == data for played, data in zip(derived.rounds, datas))


def before_round(game: Game, number: int) -> Derived:
    """Fold the rounds before round ``number``: the game as it stood when that round was played."""
    return derive(rules_for(game), table_of(game), [r.data for r in game.rounds[: number - 1]], lenient=True)


def next_fields(game: Game, derived: Derived) -> tuple[Field, ...] | None:
    """Return the next round's questions, or None when no round can be added (over, or a round broken)."""
    if derived.over or derived.broken is not None:
        return None
    return round_fields(game, derived)


def rounds_stored(game: Game, derived: Derived) -> int:
    """Count a game's stored rounds, without loading them when its fold holds them all."""
    return len(derived.rounds) if derived.broken is None else len(game.rounds)


def round_fields(game: Game, derived: Derived) -> tuple[Field, ...]:
    """Return the questions the round form asks for the round after ``derived``."""
    return tuple(rules_for(game).round_fields(derived.table, derived.state, derived.next_turn))


def table_view(game: Game, derived: Derived | None = None) -> TableView:
    """Return the one view of a table that the page, the JSON, the sheets and the live view read.

    A version's view is built once, as its fold is (it follows from the fold and the version); ``derived`` is a
    change's own fold, whose view the answer and the spectators' scoreboard share.
    """
    derived = derived or current_fold(game)
    key = ("view", game.public_id, game.version)
    held = memo.get(key, db.session)
    if held is not None and held.derived is derived:
        return held
    return memo.put(key, build_view(game, derived), db.session)


def build_view(game: Game, derived: Derived) -> TableView:
    """Arrange a game's fold into its table view."""
    rules = rules_for(game)
    table, over = derived.table, derived.over
    open_for_rounds = not over and derived.broken is None
    shown_as_leading = derived.winners if over else (derived.leaders if derived.rounds else [])
    seat_notes = rules.seat_notes(table, derived.state, over)
    seats = tuple(
        SeatView(seat=row["seat"], name=row["name"], total=row.get("total"), place=row["place"],
                 leading=row["seat"] in shown_as_leading,
                 deals_next=open_for_rounds and derived.next is not None and derived.next["dealer"] == row["seat"],
                 out=bool(row.get("out")),
                 extras={k: v for k, v in row.items() if k not in ("seat", "name", "total", "place")},
                 notes=tuple(seat_notes[row["seat"]]))
        for row in derived.standings
    )
    return TableView(
        id=game.public_id, spec=rules.spec, players=table.players, options=rules.options_json(table.options),
        preset=game.preset,
        version=game.version, created=game.created, finished_by_hand=game.finished_by_hand, over=over,
        winners=tuple(derived.winners), leaders=tuple(derived.leaders), next=derived.next, final=derived.final,
        broken=None if derived.broken is None else {"round": derived.broken.number, "errors": derived.broken.errors},
        seats=seats,
        notes=tuple(rules.notes(table, derived.state, derived.next_turn)) if open_for_rounds else (),
        table_rules=tuple(rules.table_rules(table)) if open_for_rounds else (),
        rules_now=tuple(rules.rules_now(table, derived.state, derived.next_turn)) if open_for_rounds else (),
        rounds=round_views(game, rules, derived),
        fields=next_fields(game, derived),
        next_title=rules.round_title(table, derived.next_turn.number) if not over else None,
        headline=HEADLINE[rules.spec.measure][0],
        derived=derived,
        next_game=game.next_game.public_id if game.next_game is not None else None,
    )


def round_views(game: Game, rules: Rules, derived: Derived) -> tuple[RoundView, ...]:
    """Return the grid's rounds: those that stand, then any stored round from a broken one on."""
    table = derived.table
    views = [RoundView(r.number, rules.round_title(table, r.number), r.dealer, r.data, r.points, r.marks, r.running)
             for r in derived.rounds]
    if derived.broken is None:  # every stored round stands: no need to load them
        return tuple(views)
    blank = [""] * table.n
    for stored in game.rounds[len(derived.rounds):]:
        views.append(RoundView(stored.number, rules.round_title(table, stored.number), None, stored.data, None,
                               blank, [None] * table.n, broken=True))
    return tuple(views)


# The read model: one typed view of a table, read by every surface (the page, the JSON, the sheets and the live
# view). Built above from a stored game and its folded rounds; nothing in it computes a score: the rules did
# that, this only arranges what they said.


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
