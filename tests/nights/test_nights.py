"""Whole club nights played through the API, every table's game through the ordinary game API to its end: rotate
with partners and with sixteen players, progressive Gin, Golf and Hand & Foot with the moves worked out by hand, the
leaderboard with sit-outs and ties, edits after the fact, and the night in the group's stats."""
from __future__ import annotations

from itertools import combinations

from tests.groups.conftest import bearer
from tests.nights.conftest import gin_hand, golf_hole, hand

PLAYERS = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ida", "Jo", "Kim", "Lou", "Max", "Ned", "Ola",
           "Pat"]


def test_rotate_eight_at_hand_and_foot_with_partners_seven_different_partners(make_night, start_sitting,
                                                                             play_table, night_of):
    night = make_night(PLAYERS[:8], options={"partners": True, "rounds": 1}, sittings=7)
    partners = []
    for _ in range(7):
        night = start_sitting(night)
        for table in night["seatings"][-1]["tables"]:
            partners += [frozenset(team) for team in table["teams"]]
            play_table(table, hand(4, 1))
    assert len(partners) == 28 and len(set(partners)) == 28  # every two of the eight partnered once
    night = night_of(night)
    assert night["status"] == "finished"
    assert all(line["played"] == 7 and line["sat_out"] == 0 for line in night["leaderboard"])


def test_rotate_sixteen_at_tables_of_four_no_repeated_tablemate(make_night, start_sitting, play_table):
    night = make_night(PLAYERS, game="golf", options={"holes": 1}, sittings=3)
    pairs = []
    for _ in range(3):
        night = start_sitting(night)
        for table in night["seatings"][-1]["tables"]:
            assert len(table["players"]) == 4 and table["teams"] is None
            pairs += [frozenset(two) for two in combinations(table["players"], 2)]
            play_table(table, golf_hole([4, 5, 6, 7]))
    assert len(pairs) == 72 and len(set(pairs)) == 72


def test_progressive_gin_winners_move_up_losers_down(make_night, start_sitting, play_table):
    night = start_sitting(make_night(PLAYERS[:6], game="gin-rummy", options={"target": 10},
                                     movement="progressive", sittings=3))
    assert night["table_size"] == 2
    tables = night["seatings"][0]["tables"]
    # table 1: seat 0 wins; table 2: seat 1; table 3: seat 0
    (w1, l1), (l2, w2), (w3, l3) = (t["players"] for t in tables)
    for table, winner in zip(tables, (0, 1, 0)):
        play_table(table, gin_hand(winner))
    night = start_sitting(night)
    # the head table's winner stays and table 2's comes up; table 1's loser comes down and table 3's winner up;
    # table 2's loser comes down to the last table, where the loser stays
    assert [t["players"] for t in night["seatings"][1]["tables"]] == [[w1, w2], [l1, w3], [l2, l3]]
    for table in night["seatings"][1]["tables"]:
        play_table(table, gin_hand(1))  # the one who came from below wins everywhere
    night = start_sitting(night)
    # winners w2, w3, l3; losers w1, l1, l2
    assert [t["players"] for t in night["seatings"][2]["tables"]] == [[w2, w3], [w1, l3], [l1, l2]]


def test_progressive_hand_and_foot_partners_split(make_night, start_sitting, play_table, night_of):
    night = start_sitting(make_night(PLAYERS[:8], options={"partners": True, "rounds": 1}, movement="progressive",
                                     sittings=2))
    first, second = night["seatings"][0]["tables"]
    p0, p1, p2, p3 = first["players"]
    q0, q1, q2, q3 = second["players"]
    play_table(first, hand(4, 1))   # seats 1 and 3 win at the head table
    play_table(second, hand(4, 0))  # seats 0 and 2 win at table 2
    night = start_sitting(night)
    head, foot = night["seatings"][1]["tables"]
    # the winners of table 1 stay and those of table 2 come up; the losers of table 1 go down, and table 2's stay
    assert head["players"] == [p1, p3, q0, q2] and foot["players"] == [p0, p2, q1, q3]
    # every new team is one who stayed and one who moved: last sitting's partners are split
    assert head["teams"] == [[p1, q0], [p3, q2]] and foot["teams"] == [[p0, q1], [p2, q3]]
    # a partner scores the team's total: the leaderboard of the first sitting
    board = {line["player"]: line for line in night_of(night)["leaderboard"]}
    assert board[p1]["score"] == board[p3]["score"] and board[p1]["wins"] == 1 and board[p0]["wins"] == 0
    assert board[p1]["score"] > board[p0]["score"]


def test_progressive_ties_go_by_the_last_round_then_the_seat(make_night, start_sitting, play_table):
    night = start_sitting(make_night(PLAYERS[:8], game="golf", options={"holes": 2}, movement="progressive",
                                     sittings=2))
    first, second = night["seatings"][0]["tables"]
    p0, p1, p2, p3 = first["players"]
    q0, q1, q2, q3 = second["players"]
    # table 1: totals 8, 8, 10, 10; on the last hole p1 made 3 against p0's 5, p3 4 against p2's 6 (lowest wins)
    play_table(first, golf_hole([3, 5, 4, 6]), golf_hole([5, 3, 6, 4]))
    # table 2: everyone level, on the last hole too: by seat
    play_table(second, golf_hole([4, 4, 4, 4]), golf_hole([4, 4, 4, 4]))
    night = start_sitting(night)
    assert [t["players"] for t in night["seatings"][1]["tables"]] == [[p1, p0, q0, q1], [p3, p2, q2, q3]]


def test_the_leaderboard_with_a_sitting_out_and_shared_places(client, make_night, start_sitting, play_table,
                                                              night_of):
    night = start_sitting(make_night(PLAYERS[:5], game="golf", options={"holes": 1}, sittings=1))
    table = night["seatings"][0]["tables"][0]
    assert len(night["seatings"][0]["sitting_out"]) == 1
    out = night["seatings"][0]["sitting_out"][0]
    a, b, c, d = table["players"]
    play_table(table, golf_hole([3, 5, 5, 7]))  # the average is 5: whoever sat out scores 5
    night = night_of(night)
    assert night["status"] == "finished"
    board = [(line["player"], line["played"], line["sat_out"], line["wins"], line["score"], line["place"])
             for line in night["leaderboard"]]
    assert board[0] == (a, 1, 0, 1, 3, 1) and board[-1] == (d, 1, 0, 0, 7, 5)
    assert sorted(board[1:4]) == sorted([(b, 1, 0, 0, 5, 2), (c, 1, 0, 0, 5, 2), (out, 0, 1, 0, 5, 2)])


def test_ranked_by_wins(make_night, start_sitting, play_table, night_of):
    night = make_night(PLAYERS[:4], game="gin-rummy", options={"target": 10}, rank_by="wins", sittings=2)
    night = start_sitting(night)
    for table in night["seatings"][0]["tables"]:
        play_table(table, gin_hand(0, deadwood=20 if table["table"] == 1 else 30))  # 15 and 25 points
    night = start_sitting(night)
    for table in night["seatings"][1]["tables"]:
        play_table(table, gin_hand(0))
    board = night_of(night)["leaderboard"]
    keys = [(-line["wins"], -line["score"]) for line in board]  # most wins first, the score breaking a tie
    assert keys == sorted(keys) and sum(line["wins"] for line in board) == 4
    assert [line["place"] for line in board] == [1 + sum(k < key for k in keys) for key in keys]


def test_an_edit_after_the_fact_changes_the_leaderboard_never_a_started_seating(client, make_night, start_sitting,
                                                                               play_table, night_of):
    night = start_sitting(make_night(PLAYERS[:4], game="gin-rummy", options={"target": 10}, sittings=2))
    first = night["seatings"][0]["tables"]
    for table in first:
        play_table(table, gin_hand(0))
    night = start_sitting(night)
    seating = night["seatings"][1]
    before = {line["player"]: line for line in night["leaderboard"]}
    winner, loser = first[0]["players"]
    edited = client.put(f"/api/games/{first[0]['game']}/rounds/1", headers=bearer(first[0]["token"]),
                        json={"data": gin_hand(1)})
    assert edited.status_code == 200, edited.get_json()
    after = night_of(night)
    board = {line["player"]: line for line in after["leaderboard"]}
    assert board[loser]["wins"] == 1 and board[winner]["wins"] == 0 and before[winner]["wins"] == 1
    assert [(t["players"], t["game"]) for t in after["seatings"][1]["tables"]] == [
        (t["players"], t["game"]) for t in seating["tables"]]


def test_the_night_counts_in_the_groups_stats(client, group, make_night, start_sitting, play_table):
    night = start_sitting(make_night(PLAYERS[:4], game="gin-rummy", options={"target": 10}, sittings=1))
    tables = night["seatings"][0]["tables"]
    for table in tables:
        play_table(table, gin_hand(0, deadwood=20 if table["table"] == 1 else 30))
    stats = client.get(f"/api/groups/{group['id']}/stats", headers=bearer(group["token"])).get_json()
    assert stats["games"] == 2  # the tables' games are the group's games
    top = tables[1]["players"][0]  # 25 points: the night's best score
    assert stats["nights"][str(top)] == {"played": 1, "won": 1}
    assert {k: v["played"] for k, v in stats["nights"].items()} == {str(p): 1 for t in tables for p in t["players"]}
    assert sum(v["won"] for v in stats["nights"].values()) == 1
    only_golf = client.get(f"/api/groups/{group['id']}/stats?game=golf", headers=bearer(group["token"])).get_json()
    assert only_golf["nights"] == {}
