"""Seating a club night's room: who sits at which table, in which seat, and who sits out.

Pure functions of who is here and where everyone sat before (no database, no Flask, no clock): a night's director
can be shown the next seating before it starts, and the tests check them table by table. Players are ids; a
seating is its tables, each a tuple of players in seat order (table 1, the head table, first), and who sits out.
Randomness comes from the ``random.Random`` passed in, seeded by the caller, so the same night seats the same way.
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from itertools import combinations

Pair = frozenset  # two players who shared a table, or partnered


class Movement(str, Enum):
    """How the room is seated again between sittings."""

    ROTATE = "rotate"            # everyone re-seated: new partners, then new tablemates
    PROGRESSIVE = "progressive"  # the better half of a table moves up one, the rest down one, partners split
    STAY = "stay"                # the first seating holds all night


@dataclass(frozen=True)
class Room:
    """What the game asks of the tables: their usual size, whether a table may take one player fewer, and the seats
    that play as one side at a table of each size (partners; none when everyone plays alone)."""

    size: int
    smaller: bool = False
    teams: Mapping[int, tuple[tuple[int, ...], ...]] = field(default_factory=dict)

    def sides(self, players: Sequence[int]) -> list[tuple[int, ...]]:
        """Return the sides at a table seated ``players``: its teams, or each player alone."""
        teams = self.teams.get(len(players))
        if not teams:
            return [(p,) for p in players]
        return [tuple(players[s] for s in team) for team in teams]


@dataclass(frozen=True)
class Seating:
    """One sitting: the tables, each its players in seat order, and who sits out."""

    tables: tuple[tuple[int, ...], ...]
    sitting_out: tuple[int, ...] = ()

    @property
    def seated(self) -> list[int]:
        return [p for table in self.tables for p in table]


def table_sizes(count: int, room: Room, even: bool = False) -> list[int]:
    """Return the sizes of the tables that seat ``count`` players, the head table first: tables of the room's size,
    some of one fewer where the game allows that count (never for ``even`` tables: a progressive night); whoever
    still cannot be seated sits out."""
    size = room.size
    tables = -(-count // size)
    if room.smaller and not even and count >= tables * (size - 1):
        fewer = tables * size - count
        return [size] * (tables - fewer) + [size - 1] * fewer
    return [size] * (count // size)


def sat_out(history: Sequence[Seating]) -> Counter:
    """Count the sittings each player sat out."""
    return Counter(p for seating in history for p in seating.sitting_out)


def played(history: Sequence[Seating]) -> Counter:
    """Count the sittings each player played."""
    return Counter(p for seating in history for p in seating.seated)


def choose_sitting_out(players: Sequence[int], seats: int, history: Sequence[Seating],
                       order: Sequence[int] | None = None) -> list[int]:
    """Return who sits out when ``seats`` seat fewer than ``players``: sitting out goes round (nobody sits out a
    second time before everyone here has sat out once), those who played most first, then the last in ``order``
    (by default the order given)."""
    out, games = sat_out(history), played(history)
    order = list(order if order is not None else players)
    position = {p: i for i, p in enumerate(order)}
    ranked = sorted(players, key=lambda p: (out[p], -games[p], -position.get(p, len(order))))
    return ranked[:max(0, len(players) - seats)]


def chunk(players: Sequence[int], sizes: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    """Cut ``players`` into tables of ``sizes``, in order."""
    tables, start = [], 0
    for size in sizes:
        tables.append(tuple(players[start:start + size]))
        start += size
    return tuple(tables)


def seat(players: Sequence[int], room: Room, movement: Movement, history: Sequence[Seating], rng: random.Random,
         ranked_last: Sequence[Sequence[int]] | None = None, sittings_left: int = 1) -> Seating:
    """Seat the next sitting of the players here (in the order they came): the first at random, then by the
    movement. ``ranked_last`` is, for ``progressive``, each table of the last sitting with its players best first
    (whole sides together: ``rank_sides``); ``sittings_left`` counts this sitting and those after it (``rotate``
    plans its partners that far ahead)."""
    even = movement is Movement.PROGRESSIVE
    sizes = table_sizes(len(players), room, even)
    if not history:
        order = list(players)
        rng.shuffle(order)
        out = set(choose_sitting_out(order, sum(sizes), history))
        return Seating(chunk([p for p in order if p not in out], sizes), tuple(p for p in order if p in out))
    if movement is Movement.STAY:
        return stay(players, sizes, history, rng)
    if movement is Movement.PROGRESSIVE:
        return progressive(players, sizes, history, ranked_last or history[-1].tables)
    return rotate(players, sizes, room, history, rng, sittings_left)


def stay(players: Sequence[int], sizes: Sequence[int], history: Sequence[Seating], rng: random.Random) -> Seating:
    """Keep everyone where they sat last; who comes in (back from sitting out, or new) takes the seats left."""
    order = list(players)
    rng.shuffle(order)
    out = choose_sitting_out(order, sum(sizes), history)
    here = set(players) - set(out)
    slots: list[int | None] = [p if p in here else None for p in history[-1].seated]
    coming = [p for p in players if p in here and p not in slots]
    for i, slot in enumerate(slots):
        if slot is None and coming:
            slots[i] = coming.pop(0)
    seated = [p for p in slots if p is not None] + coming
    return Seating(chunk(seated, sizes), tuple(p for p in players if p in out))


def progress(ranked: Sequence[Sequence[int]]) -> list[list[int]]:
    """Move each table's better half up one table and the rest down one (at the head table the winners stay, at
    the last the losers stay); each new table lists who came from above (or stayed at the head table) and then who
    came from below (or stayed at the last), so that a team of one seat from each half splits last sitting's
    partners. ``ranked`` holds each table's players best first."""
    up = [list(table[:len(table) // 2]) for table in ranked]
    down = [list(table[len(table) // 2:]) for table in ranked]
    last = len(ranked) - 1
    return [(up[0] if t == 0 else down[t - 1]) + (up[t + 1] if t < last else down[t]) for t in range(len(ranked))]


def progressive(players: Sequence[int], sizes: Sequence[int], history: Sequence[Seating],
                ranked: Sequence[Sequence[int]]) -> Seating:
    """Seat the progressive movement: the tables ``progress`` makes, for those still here; who comes in (back from
    sitting out, or new) starts at the foot of the room, and who sits out goes round from the foot up."""
    moved = [p for table in progress(ranked) for p in table if p in set(players)]
    order = moved + [p for p in players if p not in set(moved)]
    out = set(choose_sitting_out(players, sum(sizes), history, order))
    # each table in ``progress``'s order: its first half in the first seats, so that each team (a seat of each
    # half, as the game places partners) is one player from above and one from below
    return Seating(chunk([p for p in order if p not in out], sizes), tuple(p for p in players if p in out))


def pair_counts(history: Sequence[Seating], room: Room) -> tuple[Counter, Counter]:
    """Count, for every two players, the sittings they partnered and the sittings they shared a table."""
    partners, mates = Counter(), Counter()
    for seating in history:
        for table in seating.tables:
            mates.update(Pair(two) for two in combinations(table, 2))
            for side in room.sides(table):
                partners.update(Pair(two) for two in combinations(side, 2))
    return partners, mates


def rotate(players: Sequence[int], sizes: Sequence[int], room: Room, history: Sequence[Seating], rng: random.Random,
           sittings_left: int = 1) -> Seating:
    """Seat everyone again: nobody partners the same player twice while that can be helped, then as few players
    as can be found share a table again."""
    order = list(players)
    rng.shuffle(order)
    out = choose_sitting_out(order, sum(sizes), history)
    seated = [p for p in order if p not in set(out)]
    partners, mates = pair_counts(history, room)
    teams = [room.teams.get(size) for size in sizes]
    if sizes and all(t and all(len(team) == 2 for team in t) for t in teams):
        pairs = partner_pairs(seated, partners, rng, sittings_left)
        tables = seat_teams(pairs, sizes, teams, mates, rng)
    else:
        tables = spread(seated, sizes, mates, rng)
    return Seating(tables, tuple(p for p in players if p in set(out)))


NODES = 4000  # steps the search for new partners may take before it asks for fewer sittings ahead


class OutOfSteps(Exception):
    """The search for partners took more steps than it may."""


def partner_pairs(players: Sequence[int], partners: Counter, rng: random.Random, ahead: int) -> list[tuple[int, int]]:
    """Pair the players with partners they never had: a pairing that leaves new partners for ``ahead - 1`` more
    sittings where one is found (so the last sittings are not left without), else for fewer; where none is left,
    the pairing with the fewest partners again."""
    used = {pair for pair in partners if pair <= set(players)}
    most = len(players) - 1 - max((sum(1 for pair in used if p in pair) for p in players), default=0)
    ahead = max(1, min(ahead, most))
    if len(players) > 16 and ahead * 2 <= most:  # new partners to spare: no need to plan ahead
        ahead = 1
    while ahead >= 1:
        try:
            found = new_pairings(players, used, ahead, rng)
        except OutOfSteps:
            found = None
        if found:
            return found[0]
        ahead //= 2
    return fewest_repeats(players, partners, rng)


def new_pairings(players: Sequence[int], used: set, rounds: int, rng: random.Random) -> list[list[tuple[int, int]]]:
    """Return ``rounds`` pairings of ``players``, no two players paired twice (nor as in ``used``), or []."""
    rank = {p: rng.random() for p in players}
    taken = set(used)
    found: list[list[tuple[int, int]]] = []
    steps = [0]

    def solve(pairs: list[tuple[int, int]], free: set[int]) -> bool:
        steps[0] += 1
        if steps[0] > NODES:
            raise OutOfSteps
        if not free:
            found.append(list(pairs))
            if len(found) == rounds or solve([], set(players)):
                return True
            found.pop()
            return False
        choices = {p: [q for q in free if q != p and Pair((p, q)) not in taken] for p in free}
        player = min(free, key=lambda p: (len(choices[p]), rank[p]))
        for other in sorted(choices[player], key=rank.__getitem__):
            taken.add(Pair((player, other)))
            pairs.append((player, other))
            if solve(pairs, free - {player, other}):
                return True
            pairs.pop()
            taken.discard(Pair((player, other)))
        return False

    return found if solve([], set(players)) else []


def fewest_repeats(players: Sequence[int], partners: Counter, rng: random.Random) -> list[tuple[int, int]]:
    """Pair the players with as few partners again as a swap at a time finds."""
    order = list(players)
    rng.shuffle(order)
    pairs = [(order[i], order[i + 1]) for i in range(0, len(order) - 1, 2)]
    cost = lambda a, b: partners[Pair((a, b))]  # noqa: E731
    better = True
    while better:
        better = False
        for i, j in combinations(range(len(pairs)), 2):
            (a, b), (c, d) = pairs[i], pairs[j]
            now = cost(a, b) + cost(c, d)
            for first, second in (((a, c), (b, d)), ((a, d), (b, c))):
                if cost(*first) + cost(*second) < now:
                    pairs[i], pairs[j], better = first, second, True
                    break
    return pairs


SEARCH_STEPS = 3000  # swaps tried by each start of the search for new tablemates, at most
PATIENCE = 300  # swaps in a row that find nothing better before a start gives up
STARTS = 4


def spread(players: Sequence[int], sizes: Sequence[int], mates: Counter, rng: random.Random
           ) -> tuple[tuple[int, ...], ...]:
    """Seat the players at tables of ``sizes`` with as few tablemates again as a local search finds (swapping two
    players at a time, from a few random starts; the first seating with none is taken)."""
    units = [(p,) for p in players]
    return tuple(tuple(p for unit in table for p in unit) for table in arrange(units, list(sizes), mates, rng))


def seat_teams(pairs: Sequence[tuple[int, int]], sizes: Sequence[int], teams: Sequence, mates: Counter,
               rng: random.Random) -> tuple[tuple[int, ...], ...]:
    """Seat the pairs of partners at tables of ``sizes``, as few tablemates again as found, each pair in the seats
    the game gives a team."""
    tables = arrange([tuple(pair) for pair in pairs], [size // 2 for size in sizes], mates, rng)
    seated = []
    for table, places in zip(tables, teams):
        seats = [0] * sum(len(team) for team in places)
        for pair, team in zip(table, places):
            for player, place in zip(pair, team):
                seats[place] = player
        seated.append(tuple(seats))
    return tuple(seated)


def arrange(units: list[tuple[int, ...]], slots: list[int], mates: Counter, rng: random.Random
            ) -> list[list[tuple[int, ...]]]:
    """Put ``units`` (players, or pairs of partners) at tables of ``slots`` units each, with as few players sharing a
    table again as found: a hill climb over swaps from a few random starts."""
    best, best_cost = None, None
    for _ in range(STARTS):
        order = list(units)
        rng.shuffle(order)
        tables, start = [], 0
        for count in slots:
            tables.append(order[start:start + count])
            start += count
        cost = climb(tables, mates, rng)
        if best_cost is None or cost < best_cost:
            best, best_cost = [list(t) for t in tables], cost
        if best_cost == 0:
            break
    return best or []


def climb(tables: list[list[tuple[int, ...]]], mates: Counter, rng: random.Random) -> int:
    """Swap units between tables while the tablemates again do not grow; return what is left of them."""
    def against(unit: tuple[int, ...], others) -> int:
        return sum(mates[Pair((a, b))] for other in others if other is not unit for a in unit for b in other)

    def table_cost(table) -> int:
        return sum(mates[Pair((a, b))] for x, y in combinations(table, 2) for a in x for b in y)

    cost = sum(table_cost(t) for t in tables)
    if len(tables) < 2 or cost == 0:
        return cost
    stale = 0
    for _ in range(SEARCH_STEPS):
        stale += 1
        if stale > PATIENCE:
            break
        i, j = rng.sample(range(len(tables)), 2)
        a, b = rng.randrange(len(tables[i])), rng.randrange(len(tables[j]))
        x, y = tables[i][a], tables[j][b]
        rest_i = [u for k, u in enumerate(tables[i]) if k != a]
        rest_j = [u for k, u in enumerate(tables[j]) if k != b]
        delta = against(y, rest_i) + against(x, rest_j) - against(x, rest_i) - against(y, rest_j)
        if delta <= 0:
            tables[i][a], tables[j][b] = y, x
            cost += delta
            stale = 0 if delta < 0 else stale
            if cost == 0:
                break
    return cost


def rank_sides(players: Sequence[int], sides: Sequence[Sequence[int]], places: Mapping[int, int],
               last_round: Mapping[int, float | None], low_wins: bool) -> list[int]:
    """Return a finished table's players best first, whole sides together: by place, then by the side's points in
    the last round (fewest first where the lowest total wins), then by seat."""
    seat = {p: i for i, p in enumerate(players)}

    def key(side):
        points = [last_round.get(p) for p in side]
        total = sum(p for p in points if p is not None) if any(p is not None for p in points) else 0
        return (min(places.get(p, len(players)) for p in side), total if low_wins else -total,
                min(seat[p] for p in side))

    return [p for side in sorted(sides, key=key) for p in side]
