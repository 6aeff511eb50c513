"""A club night's leaderboard: pure arithmetic over what each table's rules said (no database, no Flask).

Each counted table gives every player a score (their total, or with partners the team's) and whether they won; a
player sitting out scores the sitting's average, rounded to a whole number as a table does (a half up).
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal


@dataclass(frozen=True)
class TableResult:
    """One finished table: each player's score (None in a game without points) and who won."""

    scores: Mapping[int, float | None]
    winners: frozenset[int]


@dataclass(frozen=True)
class SittingResult:
    """One sitting: its counted tables, and who sat out."""

    tables: tuple[TableResult, ...]
    sitting_out: tuple[int, ...] = ()

    def average(self) -> int | None:
        """Return the sitting's average score, rounded to a whole number a half up; None without scores."""
        scores = [s for table in self.tables for s in table.scores.values() if s is not None]
        if not scores:
            return None
        return int((Decimal(str(sum(scores))) / len(scores)).quantize(Decimal(1), rounding=ROUND_HALF_UP))


@dataclass(frozen=True)
class Line:
    """A player's line on the night's leaderboard."""

    player: int
    played: int
    sat_out: int
    wins: int
    score: float | None
    place: int


def leaderboard(players: Sequence[int], sittings: Sequence[SittingResult], by_points: bool, low_wins: bool,
                order: Mapping[int, object] | None = None) -> list[Line]:
    """Rank the night's players: by score (the highest, or the lowest where the lowest total wins), wins breaking a
    tie; or ``by_points`` False, by sittings won, the score breaking a tie. Players level on both share a place
    (1, 1, 3); level players are listed in ``order`` (a name's sort key; by default the players' order)."""
    played, out, wins, score = ({p: 0 for p in players} for _ in range(4))
    scored: set[int] = set()
    for sitting in sittings:
        for table in sitting.tables:
            for player, points in table.scores.items():
                played[player] = played.get(player, 0) + 1
                wins[player] = wins.get(player, 0) + (player in table.winners)
                if points is not None:
                    score[player] = score.get(player, 0) + points
                    scored.add(player)
        average = sitting.average()
        for player in sitting.sitting_out:
            out[player] = out.get(player, 0) + 1
            if average is not None:
                score[player] = score.get(player, 0) + average
                scored.add(player)
    everyone = list(dict.fromkeys([*players, *played]))
    rank = {p: i for i, p in enumerate(everyone)}

    def measure(p: int) -> tuple:
        points = (0, score[p] if low_wins else -score[p]) if p in scored else (1, 0)
        return (*points, -wins[p]) if by_points else (-wins[p], *points)

    ranked = sorted(everyone, key=lambda p: (measure(p), (order or rank).get(p, rank[p]), rank[p]))
    lines, place = [], 0
    for i, p in enumerate(ranked):
        if i == 0 or measure(p) != measure(ranked[i - 1]):
            place = i + 1
        lines.append(Line(p, played[p], out.get(p, 0), wins[p], whole(score[p]) if p in scored else None, place))
    return lines


def whole(value: float) -> float | int:
    """Return a whole number as an int."""
    return int(value) if float(value).is_integer() else value
