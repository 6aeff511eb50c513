"""Seating a club night's room, table-driven: the sizes of the tables, who sits out, the three movements, and the
known answers of the spec (16 players at tables of 4: three sittings without a repeated tablemate; 8 at Hand & Foot
with partners: seven sittings, seven different partners; 40 players seated in under a second)."""
from __future__ import annotations

import random
import time
from collections import Counter

import pytest

from scorekeeper.play.seating import (Movement, Room, Seating, choose_sitting_out, pair_counts, progress, rank_sides,
                                      seat, table_sizes)

PARTNERS_4 = {4: ((0, 2), (1, 3))}  # Hand & Foot with partners: seats 0 and 2 against 1 and 3


def night(players: int, room: Room, movement: Movement, sittings: int, ranked=None, seed: str = "n"):
    """Seat ``sittings`` sittings of ``players`` players (ids 1..n), each table ranked by ``ranked`` when given."""
    history: list[Seating] = []
    for number in range(1, sittings + 1):
        last = [ranked(t) for t in history[-1].tables] if history and ranked else None
        history.append(seat(list(range(1, players + 1)), room, movement, history,
                            random.Random(f"{seed}:{number}"), last, sittings - number + 1))
    return history


@pytest.mark.parametrize("count, size, smaller, even, sizes", [
    (16, 4, True, False, [4, 4, 4, 4]),
    (10, 4, True, False, [4, 3, 3]),       # one fewer at two tables, nobody out
    (11, 4, True, False, [4, 4, 3]),
    (10, 4, False, False, [4, 4]),         # partners: three is no whole team, so two sit out
    (10, 4, True, True, [4, 4]),           # progressive: even tables only
    (7, 2, False, False, [2, 2, 2]),       # Gin: one sits out
    (5, 6, True, False, [5]),              # one table of one fewer
    (4, 6, True, False, []),               # not even one table
    (13, 6, True, False, [6, 6]),          # 3 tables of 5 would need 15 seats at least... 13 < 15: one sits out
    (40, 4, True, False, [4] * 10),
])
def test_table_sizes(count, size, smaller, even, sizes):
    assert table_sizes(count, Room(size, smaller), even) == sizes


def test_sitting_out_goes_round_before_anyone_sits_out_twice():
    history = night(10, Room(4, False, PARTNERS_4), Movement.ROTATE, 10)
    out = [s.sitting_out for s in history]
    assert all(len(o) == 2 for o in out)
    first_five = Counter(p for o in out[:5] for p in o)
    assert sorted(first_five) == list(range(1, 11)) and set(first_five.values()) == {1}  # everyone once
    assert set(Counter(p for o in out for p in o).values()) == {2}  # then everyone twice


def test_who_played_most_sits_out_first_and_a_late_arrival_has_not_sat_out():
    history = [Seating(((1, 2), (3, 4)), (5,))]
    assert choose_sitting_out([1, 2, 3, 4, 5], 4, history) == [4]  # 5 sat out already; then the last in order
    assert choose_sitting_out([1, 2, 3, 4, 5, 6], 4, history) == [4, 3]  # 6 came late: has played least


def test_rotate_sixteen_at_tables_of_four_three_sittings_no_repeated_tablemate():
    for seed in ("a", "b", "c", "d"):
        history = night(16, Room(4), Movement.ROTATE, 3, seed=seed)
        _, mates = pair_counts(history, Room(4))
        assert max(mates.values()) == 1 and all(len(t) == 4 for s in history for t in s.tables)


def test_rotate_eight_at_hand_and_foot_with_partners_seven_different_partners():
    room = Room(4, False, PARTNERS_4)
    for seed in ("a", "b", "c", "d", "e"):
        history = night(8, room, Movement.ROTATE, 7, seed=seed)
        partners, _ = pair_counts(history, room)
        assert len(partners) == 28 and set(partners.values()) == {1}  # every two players partnered once
        for player in range(1, 9):
            assert sum(1 for pair in partners if player in pair) == 7


def test_rotate_partners_again_only_once_everyone_partnered_everyone():
    room = Room(4, False, PARTNERS_4)
    history = night(4, room, Movement.ROTATE, 4)
    partners, _ = pair_counts(history, room)
    assert len(partners) == 6 and sum(partners.values()) == 8  # three sittings of new partners, then one again


@pytest.mark.parametrize("room", [Room(4, True), Room(4, False, PARTNERS_4), Room(6, True), Room(2)])
def test_rotate_seats_forty_players_in_under_a_second(room):
    history = night(40, room, Movement.ROTATE, 12)
    started = time.perf_counter()
    seat(list(range(1, 41)), room, Movement.ROTATE, history, random.Random("x"), None, 8)
    assert time.perf_counter() - started < 1.0
    if room.teams:
        partners, _ = pair_counts(history, room)
        assert set(partners.values()) == {1}


def test_the_same_night_seats_the_same_way():
    assert night(12, Room(4), Movement.ROTATE, 3) == night(12, Room(4), Movement.ROTATE, 3)
    assert night(12, Room(4), Movement.ROTATE, 3) != night(12, Room(4), Movement.ROTATE, 3, seed="other")


def test_stay_holds_the_first_seating_and_who_sits_out_takes_turns_in_the_same_seats():
    history = night(8, Room(4), Movement.STAY, 3)
    assert history[0].tables == history[1].tables == history[2].tables
    history = night(9, Room(4), Movement.STAY, 3)  # two tables of 4, one player out
    assert [len(s.sitting_out) for s in history] == [1, 1, 1]
    assert len({s.sitting_out for s in history}) == 3
    first, second = history[0], history[1]
    came_in = first.sitting_out[0]
    left_seat = [(t, i) for t, table in enumerate(first.tables) for i, p in enumerate(table)
                 if p == second.sitting_out[0]][0]
    assert second.tables[left_seat[0]][left_seat[1]] == came_in


# --- progressive, worked out by hand ----------------------------------------------------------------------------

def test_progress_gin_tables_of_two():
    # Each table's winner first: A beat B at table 1, C beat D at 2, E beat F at 3
    assert progress([["A", "B"], ["C", "D"], ["E", "F"]]) == [
        ["A", "C"],  # the head table's winner stays, table 2's winner comes up
        ["B", "E"],  # table 1's loser comes down, table 3's winner comes up
        ["D", "F"],  # table 2's loser comes down, the last table's loser stays
    ]


def test_progress_hand_and_foot_with_partners_splits_every_team():
    # Table 1: seats A B C D, partners A+C against B+D, and B+D won; table 2: E G won against F H
    ranked = [rank_sides(["A", "B", "C", "D"], [("A", "C"), ("B", "D")], {"A": 2, "C": 2, "B": 1, "D": 1}, {}, False),
              rank_sides(["E", "F", "G", "H"], [("E", "G"), ("F", "H")], {"E": 1, "G": 1, "F": 2, "H": 2}, {}, False)]
    assert ranked == [["B", "D", "A", "C"], ["E", "G", "F", "H"]]
    assert progress(ranked) == [["B", "D", "E", "G"], ["A", "C", "F", "H"]]
    # seated in that order, partners are seats 0 and 2, 1 and 3: B+E, D+G at table 1; A+F, C+H at table 2
    history = [Seating((("A", "B", "C", "D"), ("E", "F", "G", "H")))]
    moved = seat(list("ABCDEFGH"), Room(4, False, PARTNERS_4), Movement.PROGRESSIVE, history, random.Random(1),
                 ranked)
    assert moved.tables == (("B", "D", "E", "G"), ("A", "C", "F", "H"))
    assert sorted(map(sorted, Room(4, False, PARTNERS_4).sides(moved.tables[0]))) == [["B", "E"], ["D", "G"]]


def test_progress_three_tables_of_four_partners():
    ranked = [["a1", "a2", "a3", "a4"], ["b1", "b2", "b3", "b4"], ["c1", "c2", "c3", "c4"]]
    assert progress(ranked) == [["a1", "a2", "b1", "b2"], ["a3", "a4", "c1", "c2"], ["b3", "b4", "c3", "c4"]]


def test_progress_one_table_splits_its_partners():
    assert progress([["W1", "W2", "L1", "L2"]]) == [["W1", "W2", "L1", "L2"]]  # teams W1+L1, W2+L2


@pytest.mark.parametrize("places, last, low, ranked", [
    ({"A": 1, "B": 2}, {}, False, ["A", "B"]),
    ({"A": 2, "B": 1}, {}, False, ["B", "A"]),
    ({"A": 1, "B": 1}, {"A": 10, "B": 25}, False, ["B", "A"]),  # level: the last round's total, highest first
    ({"A": 1, "B": 1}, {"A": 10, "B": 25}, True, ["A", "B"]),   # where the lowest wins, lowest first
    ({"A": 1, "B": 1}, {"A": 10, "B": 10}, False, ["A", "B"]),  # then the seat
    ({"A": 1, "B": 1}, {"A": None, "B": None}, False, ["A", "B"]),  # no points: the seat
])
def test_rank_sides_settles_ties_by_the_last_round_then_the_seat(places, last, low, ranked):
    assert rank_sides(["A", "B"], [("A",), ("B",)], places, last, low) == ranked


def test_rank_sides_of_partners_by_the_teams_last_round():
    # both teams level on the total; in the last round A+C made 100 + 20, B+D 90 + 40
    ranked = rank_sides(["A", "B", "C", "D"], [("A", "C"), ("B", "D")], dict.fromkeys("ABCD", 1),
                        {"A": 100, "B": 90, "C": 20, "D": 40}, False)
    assert ranked == ["B", "D", "A", "C"]


def test_progressive_a_player_who_sat_out_comes_in_at_the_foot():
    room = Room(2)
    history = [Seating(((1, 2), (3, 4)), (5,))]
    moved = seat([1, 2, 3, 4, 5], room, Movement.PROGRESSIVE, history, random.Random(1), [[1, 2], [3, 4]])
    # 1 stays and 3 comes up, 2 goes down; 5 comes in at the foot, and 4 (last in the room) sits out
    assert moved.tables == ((1, 3), (2, 5)) and moved.sitting_out == (4,)
