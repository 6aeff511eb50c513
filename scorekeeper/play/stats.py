"""A group's stats, read from its kept results only (never a game's rounds): a few queries, however many games."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta, timezone
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from sqlalchemy import and_, case, func, select
from sqlalchemy.orm import aliased

from .. import rules as registry
from ..extensions import db
from ..store.models import Feat, Group, Member, Result
from ..rules.messages import N_, Msg, msg, shown
from . import nights
from .services import Invalid, without_accents


def alphabetical(name: str) -> tuple[str, str]:
    """Sort names as a reader does: Élise between Daniel and Fred, not after Tom; any case."""
    return without_accents(name).casefold(), name

FORM_GAMES = 30  # games a player's form chart shows


@dataclass(frozen=True)
class Filter:
    """Which finished games count: one game or all, between two dates (each included) or any time."""

    game: str | None = None
    since: date | None = None
    until: date | None = None

    def where(self, model) -> list:
        """Return the conditions on ``model`` (Result or Feat) this filter sets."""
        conditions = []
        rules = registry.get(self.game) if self.game else None
        if rules is not None and rules.names_its_games:  # every game played under a name of its own
            conditions.append(model.game_key.startswith(f"{self.game}:"))
        elif self.game:
            conditions.append(model.game_key == self.game)
        if self.since:
            conditions.append(model.played >= datetime.combine(self.since, time(), timezone.utc))
        if self.until and self.until < date.max:  # the last day there is ends no earlier than the games do
            conditions.append(model.played < datetime.combine(self.until + timedelta(days=1), time(), timezone.utc))
        return conditions


def read_filter(game: Any, since: Any, until: Any) -> Filter:
    """Read a stats filter from text (``game=golf&since=2026-01-01``); raise Invalid naming the field."""
    errors: dict[str, Msg] = {}
    if game and registry.of_stat(str(game)) is None:
        errors["game"] = msg(N_("there is no game called %(key)s"), key=shown(game))
    dates = {}
    for name, text in (("since", since), ("until", until)):
        try:
            dates[name] = date.fromisoformat(text) if text else None
        except (TypeError, ValueError):
            errors[name] = msg(N_("give a date as YYYY-MM-DD, like 2026-03-01"))
    if not errors and dates["since"] and dates["until"] and dates["since"] > dates["until"]:
        errors["until"] = msg(N_("the last day comes before the first"))
    if errors:
        raise Invalid(errors)
    return Filter(game or None, dates["since"], dates["until"])


def period(choice: str, today: date) -> tuple[date | None, date | None]:
    """Return the dates of a named period: this year, this month, or all time."""
    if choice == "year":
        return date(today.year, 1, 1), None
    if choice == "month":
        return today.replace(day=1), None
    return None, None


@dataclass
class GameLine:
    """A player's figures in one game: played, wins, and the headline total's best, worst and average."""

    played: int = 0
    wins: int = 0
    best: float | None = None
    worst: float | None = None
    average: float | None = None

    def api(self) -> dict[str, Any]:
        return {"played": self.played, "wins": self.wins, "best": number(self.best), "worst": number(self.worst),
                "average": None if self.average is None else float(tenth(self.average))}


@dataclass
class Line:
    """A player's line on the leaderboard."""

    member: Member
    played: int = 0
    wins: int = 0
    places: int = 0
    by_game: dict[str, GameLine] = field(default_factory=dict)

    @property
    def win_rate(self) -> float:
        return round(self.wins / self.played, 3) if self.played else 0.0

    @property
    def average_place(self) -> float | None:
        return self.places / self.played if self.played else None

    def api(self) -> dict[str, Any]:
        return {"id": self.member.id, "name": self.member.name, "played": self.played, "wins": self.wins,
                "win_rate": self.win_rate,
                "average_place": None if self.average_place is None else round(self.average_place, 2),
                "by_game": {key: line.api() for key, line in self.by_game.items()}}


@dataclass(frozen=True)
class Feature:
    """A group's record: the best of one kind of feat in one game, who holds it and in which game."""

    game: str
    kind: str
    what: Msg
    value: float
    member: Member
    game_id: str


@dataclass(frozen=True)
class Stats:
    """Everything a group's stats page shows, for one filter."""

    games: int
    lines: list[Line]
    head_to_head: dict[int, dict[int, dict[str, int]]]
    records: list[Feature]
    nights: dict[int, dict[str, int]] = field(default_factory=dict)  # finished club nights played and won

    @property
    def held_records(self) -> list[tuple[Feature, list[str]]]:
        """Return each record once, with everyone who reached it in its game (a tie is one line, not one a player)."""
        held: dict[tuple[str, str, str], tuple[Feature, list[str]]] = {}
        for feature in self.records:
            held.setdefault((feature.game, feature.kind, feature.game_id), (feature, []))[1].append(feature.member.name)
        return list(held.values())

    @property
    def any_level(self) -> bool:
        """Say whether two players ever finished level: then every head-to-head cell gives its level games too."""
        return any(counts["level"] for row in self.head_to_head.values() for counts in row.values())

    def api(self, translate: Callable[[Msg | str], str]) -> dict[str, Any]:
        """Return the stats as ``GET /api/groups/<id>/stats`` sends them."""
        return {
            "games": self.games,
            "players": [line.api() for line in self.lines],
            "head_to_head": {str(a): {str(b): counts for b, counts in row.items()}
                             for a, row in self.head_to_head.items()},
            "records": [{"game": f.game, "kind": f.kind, "what": translate(f.what), "value": number(f.value),
                         "player": f.member.id, "name": f.member.name, "game_id": f.game_id}
                        for f in self.records],
            "nights": {str(player): dict(counts) for player, counts in self.nights.items()},
        }


def tenth(value: float) -> Decimal:
    """Round a figure to a tenth as a table does, a half up (2.25 is 2.3, and 2.2472 is 2.2): the pages and the API."""
    return half_up(Decimal(str(value)), Decimal("0.1"))


def half_up(value: Decimal, step: Decimal) -> Decimal:
    """Round to ``step`` as a table does: a half up."""
    return value.quantize(step, rounding=ROUND_HALF_UP)


def whole_percent(part: int, whole: int) -> Decimal:
    """Return ``part`` of ``whole`` in whole percent, a half up (1 in 8 is 13), from the counts themselves (83 in 666
    is 12, where a rate already rounded to 0.125 would make it 13); 0 of nothing is 0."""
    return half_up(Decimal(part) * 100 / Decimal(whole), Decimal(1)) if whole else Decimal(0)


def number(value: float | None) -> float | int | None:
    """Return a whole number as an int (totals are whole; averages are not)."""
    return int(value) if value is not None and float(value).is_integer() else value


def group_stats(group: Group, chosen: Filter = Filter()) -> Stats:
    """Work out a group's stats from its kept results (four queries, whatever the number of games), and its finished
    club nights' leaderboards."""
    members = {m.id: m for m in group.members}
    where = [Result.group_id == group.id, *chosen.where(Result)]
    games = db.session.scalar(select(func.count(func.distinct(Result.game_id))).where(*where)) or 0
    return Stats(games, leaderboard(members, where), head_to_head(where), records(group, members, chosen),
                 nights.nights_played(group, chosen.game, chosen.since, chosen.until))


def leaderboard(members: dict[int, Member], where: list) -> list[Line]:
    """Return the players' lines, most wins first, then the better average place (a win rate of few games ranks
    nobody above a player who placed better more often), then the win rate."""
    query = select(Result.member_id, Result.game_key, func.count(), func.sum(case((Result.won, 1), else_=0)),
                   func.sum(Result.place), func.min(Result.total), func.max(Result.total), func.avg(Result.total)) \
        .where(*where).group_by(Result.member_id, Result.game_key)
    lines = {mid: Line(m) for mid, m in members.items()}
    for mid, key, played, wins, places, low, high, mean in db.session.execute(query):
        line = lines.get(mid)
        if line is None:
            continue
        line.played += played
        line.wins += int(wins or 0)
        line.places += int(places or 0)
        rules = registry.of_stat(key)
        low_wins = rules is not None and rules.stat_low_wins(key)
        line.by_game[key] = GameLine(played, int(wins or 0), low if low_wins else high, high if low_wins else low,
                                     mean)
    ordered = sorted(lines.values(), key=lambda l: (-l.wins, l.average_place or 99, -l.win_rate,
                                                    alphabetical(l.member.name)))
    return [line for line in ordered if line.played] + [line for line in ordered if not line.played]


def head_to_head(where: list) -> dict[int, dict[int, dict[str, int]]]:
    """Count, for each two players, the finished games they both played: ahead, behind or level."""
    other = aliased(Result)
    query = select(Result.member_id, other.member_id,
                   func.sum(case((Result.place < other.place, 1), else_=0)),
                   func.sum(case((Result.place > other.place, 1), else_=0)),
                   func.sum(case((Result.place == other.place, 1), else_=0))) \
        .join(other, and_(other.game_id == Result.game_id, other.member_id != Result.member_id)) \
        .where(*where).group_by(Result.member_id, other.member_id)
    table: dict[int, dict[int, dict[str, int]]] = {}
    for a, b, ahead, behind, level in db.session.execute(query):
        table.setdefault(a, {})[b] = {"ahead": int(ahead or 0), "behind": int(behind or 0), "level": int(level or 0)}
    return table


def records(group: Group, members: dict[int, Member], chosen: Filter) -> list[Feature]:
    """Return the best feat of each kind in each game: the first game to reach it keeps it on a tie, with every
    player who reached it in that game."""
    from ..store.models import Game

    order = func.rank().over(partition_by=(Feat.game_key, Feat.kind),
                             order_by=(Feat.rank, Feat.played, Feat.game_id))
    ranked = select(Feat.id, order.label("n")).where(Feat.group_id == group.id, *chosen.where(Feat)).subquery()
    query = select(Feat, Game.public_id).join(ranked, and_(ranked.c.id == Feat.id, ranked.c.n == 1)) \
        .join(Game, Game.id == Feat.game_id).order_by(Feat.game_key, Feat.kind, Feat.id)
    return [Feature(f.game_key, f.kind, Msg(f.what.get("text", ""), f.what.get("params") or {}, f.what.get("plural")), f.value,
                    members[f.member_id], public_id)
            for f, public_id in db.session.execute(query) if f.member_id in members]


@dataclass(frozen=True)
class FormPoint:
    """One finished game of a player, for their form chart."""

    game_id: str
    game_key: str
    played: datetime
    place: int
    players: int
    won: bool
    total: float | None


def form(member: Member, chosen: Filter = Filter(), most: int = FORM_GAMES) -> list[FormPoint]:
    """Return a player's last finished games, oldest first, with their place among how many: two queries."""
    from ..store.models import Game

    seats = select(func.count()).where(Result.game_id == Game.id).correlate(Game).scalar_subquery()
    query = select(Result, Game.public_id, seats).join(Game, Game.id == Result.game_id) \
        .where(Result.member_id == member.id, *chosen.where(Result)) \
        .order_by(Result.played.desc(), Result.id.desc()).limit(most)
    points = [FormPoint(public_id, r.game_key, r.played, r.place, n, r.won, r.total)
              for r, public_id, n in db.session.execute(query)]
    return points[::-1]

