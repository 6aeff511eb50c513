"""A club night's leaderboard, table-driven: points or wins, partners scoring the team's total, a sitting out
scoring the sitting's average (rounded a half up), shared places (1, 1, 3)."""
from __future__ import annotations

import pytest

from scorekeeper.play.standing import SittingResult, TableResult, leaderboard


def table(scores: dict, winners=()) -> TableResult:
    return TableResult(scores, frozenset(winners))


def lines(board) -> list[tuple]:
    return [(l.player, l.played, l.sat_out, l.wins, l.score, l.place) for l in board]


def test_points_highest_first_partners_score_the_team_total_and_a_sitting_out_the_average():
    # Hand & Foot with partners: 1+3 made 1450 and won, 2+4 made 900; 5 sat out
    sittings = [SittingResult((table({1: 1450, 3: 1450, 2: 900, 4: 900}, {1, 3}),), (5,))]
    assert lines(leaderboard([1, 2, 3, 4, 5], sittings, by_points=True, low_wins=False)) == [
        (1, 1, 0, 1, 1450, 1), (3, 1, 0, 1, 1450, 1), (5, 0, 1, 0, 1175, 3), (2, 1, 0, 0, 900, 4),
        (4, 1, 0, 0, 900, 4)]


@pytest.mark.parametrize("scores, average", [
    ([10, 11], 11),      # 10.5: a half up
    ([10, 10, 11], 10),  # 10.33
    ([-10, -11], -11),   # -10.5: a half away from nothing, as a table rounds
    ([0, 3], 2),
])
def test_the_sitting_out_average_is_a_whole_number(scores, average):
    sitting = SittingResult((table(dict(enumerate(scores, start=1))),), (99,))
    assert sitting.average() == average


def test_lowest_wins_and_wins_break_a_tie():
    sittings = [SittingResult((table({1: 20, 2: 30}, {1}), table({3: 30, 4: 25}, {4}))),
                SittingResult((table({1: 25, 3: 15}, {3}), table({2: 20, 4: 35}, {2})))]
    # totals: 1 45, 2 50, 3 45, 4 60; 1 and 3 level on 45 with a win each: a shared first place
    assert lines(leaderboard([1, 2, 3, 4], sittings, by_points=True, low_wins=True)) == [
        (1, 2, 0, 1, 45, 1), (3, 2, 0, 1, 45, 1), (2, 2, 0, 1, 50, 3), (4, 2, 0, 1, 60, 4)]


def test_points_level_on_score_the_wins_decide():
    sittings = [SittingResult((table({1: 50, 2: 60}, {2}), table({3: 60, 4: 50}, {3}))),
                SittingResult((table({1: 70, 3: 60}, {1}), table({2: 60, 4: 70}, {4}))),
                SittingResult((table({1: 10, 4: 0}, {1}), table({2: 0, 3: 10}, {3})))]
    # 1 and 3 on 130 with 2 wins each; 2 and 4 on 120 with 1 win each
    assert lines(leaderboard([1, 2, 3, 4], sittings, by_points=True, low_wins=False)) == [
        (1, 3, 0, 2, 130, 1), (3, 3, 0, 2, 130, 1), (2, 3, 0, 1, 120, 3), (4, 3, 0, 1, 120, 3)]
    sittings[2] = SittingResult((table({1: 10, 4: 0}, {1}), table({2: 10, 3: 0}, {2})))
    # now 1 and 2 on 130 with 2 wins each, 3 and 4 on 120 with 1 each
    board = lines(leaderboard([1, 2, 3, 4], sittings, by_points=True, low_wins=False))
    assert board[:2] == [(1, 3, 0, 2, 130, 1), (2, 3, 0, 2, 130, 1)] and board[2:] == [
        (3, 3, 0, 1, 120, 3), (4, 3, 0, 1, 120, 3)]
    sittings[2] = SittingResult((table({1: 10, 4: 0}, {1}), table({2: 10, 3: 0}, {2, 3})))
    assert lines(leaderboard([1, 2, 3, 4], sittings, by_points=True, low_wins=False))[2] == (3, 3, 0, 2, 120, 3)
    sittings[0] = SittingResult((table({1: 50, 2: 60}, {1, 2}), table({3: 60, 4: 50}, {3})))
    # 1 and 2 level on 130: 1 won three sittings, 2 two: 1 first alone
    assert [l[0] for l in lines(leaderboard([1, 2, 3, 4], sittings, by_points=True, low_wins=False))][:2] == [1, 2]
    assert [l[5] for l in lines(leaderboard([1, 2, 3, 4], sittings, by_points=True, low_wins=False))][:2] == [1, 2]


def test_points_over_three_sittings_with_two_sitting_out():
    sittings = [SittingResult((table({1: 100, 2: 50}, {1}), table({3: 100, 4: 50}, {3}))),
                SittingResult((table({1: 40, 3: 60}, {3}), table({2: 60, 4: 40}, {2})))]
    # totals 1 140, 3 160, 2 110, 4 90; add a tie: 1 and 3 both 160 below
    sittings.append(SittingResult((table({1: 20, 2: 0}, {1}),), (3, 4)))
    board = lines(leaderboard([1, 2, 3, 4], sittings, by_points=True, low_wins=False))
    # sitting 3's average is 10: 3 has 170, 4 100; 1 160 with 2 wins, 2 110 with 1 win
    assert board == [(3, 2, 1, 2, 170, 1), (1, 3, 0, 2, 160, 2), (2, 3, 0, 1, 110, 3), (4, 2, 1, 0, 100, 4)]


def test_by_wins_the_score_breaks_a_tie_and_level_players_share_a_place():
    sittings = [SittingResult((table({1: 10, 2: 5}, {1}), table({3: 10, 4: 5}, {3}), table({5: 7, 6: 7}, {5, 6})))]
    assert lines(leaderboard([1, 2, 3, 4, 5, 6], sittings, by_points=False, low_wins=False)) == [
        (1, 1, 0, 1, 10, 1), (3, 1, 0, 1, 10, 1), (5, 1, 0, 1, 7, 3), (6, 1, 0, 1, 7, 3), (2, 1, 0, 0, 5, 5),
        (4, 1, 0, 0, 5, 5)]


def test_by_wins_in_a_game_without_points():
    sittings = [SittingResult((table({1: None, 2: None, 3: None}, {2}),), (4,)),
                SittingResult((table({1: None, 2: None, 4: None}, {1}),), (3,))]
    assert lines(leaderboard([1, 2, 3, 4], sittings, by_points=False, low_wins=False)) == [
        (1, 2, 0, 1, None, 1), (2, 2, 0, 1, None, 1), (3, 1, 1, 0, None, 3), (4, 1, 1, 0, None, 3)]


def test_level_players_are_listed_by_name_and_who_has_not_played_comes_last():
    sittings = [SittingResult((table({1: 5, 2: 5}),))]
    order = {1: "zoe", 2: "ann", 3: "bob"}
    assert lines(leaderboard([1, 2, 3], sittings, by_points=True, low_wins=False, order=order)) == [
        (2, 1, 0, 0, 5, 1), (1, 1, 0, 0, 5, 1), (3, 0, 0, 0, None, 3)]
