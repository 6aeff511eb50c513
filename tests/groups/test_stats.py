"""A group's stats from known games: played, wins, win rate, places, best and worst, head to head, records;
kept when a game finishes, kept again on an edit or a reopening; a constant number of queries per page."""
from __future__ import annotations

import re
from contextlib import contextmanager
from datetime import date, timedelta

import pytest
from sqlalchemy import event

from scorekeeper.extensions import db
from tests.groups.conftest import bearer

CHASE = [{"cards": ["A", "K", "5"]}, {"losers": [1]}, {"cards": ["7", "7", "2"]}, {"cards": ["Q", "5", "3"]},
         {"cards": ["2", "9", None]}]


@pytest.fixture
def season(client, make_group, play_golf):
    """Three finished Golf games and one in play, and a finished Chase the Ace (Bob wins it)."""
    group = make_group()
    games = [play_golf(group, ["Ann", "Bob", "Cy"], [[3, 5, 4], [4, 4, 6]]),  # Ann 7, Bob 9, Cy 10
             play_golf(group, ["Ann", "Bob"], [[5, 1], [2, 2]]),  # Ann 7, Bob 3
             play_golf(group, ["Ann", "Bob", "Cy"], [[2, 2, 5], [2, 2, 5]]),  # Ann 4, Bob 4: both win
             play_golf(group, ["Ann", "Bob"], [[0, 0], [0, 0]], finish=False)]
    chase = client.post(f"/api/groups/{group['id']}/games", headers=bearer(group["token"]),
                        json={"game": "chase-the-ace", "players": ["Ann", "Bob", "Cy"], "options": {"lives": 2}})
    chase = chase.get_json()
    for data in CHASE:
        assert client.post(f"/api/games/{chase['id']}/rounds", json={"data": data},
                           headers=bearer(chase["token"])).status_code == 201
    return group, games, chase


def stats_of(client, group, query=""):
    answer = client.get(f"/api/groups/{group['id']}/stats{query}", headers=bearer(group["token"]))
    assert answer.status_code == 200, answer.get_json()
    body = answer.get_json()
    return body, {p["name"]: p for p in body["players"]}


def test_the_leaderboard_counts_finished_games_and_shared_wins(client, season):
    group, _, _ = season
    body, players = stats_of(client, group)
    assert body["games"] == 4
    ann, bob, cy = players["Ann"], players["Bob"], players["Cy"]
    assert (ann["played"], ann["wins"], ann["win_rate"]) == (4, 2, 0.5)
    assert (bob["played"], bob["wins"], bob["win_rate"]) == (4, 3, 0.75)
    assert (cy["played"], cy["wins"], cy["win_rate"]) == (3, 0, 0.0)
    assert [p["name"] for p in body["players"]] == ["Bob", "Ann", "Cy"]
    assert ann["by_game"]["golf"] == {"played": 3, "wins": 2, "best": 4, "worst": 7, "average": 6.0}
    assert bob["by_game"]["golf"] == {"played": 3, "wins": 2, "best": 3, "worst": 9, "average": 5.3}
    assert cy["by_game"]["golf"] == {"played": 2, "wins": 0, "best": 10, "worst": 10, "average": 10.0}
    assert bob["by_game"]["chase-the-ace"] == {"played": 1, "wins": 1, "best": None, "worst": None, "average": None}


def test_average_place_and_head_to_head(client, season):
    group, _, _ = season
    body, players = stats_of(client, group, "?game=golf")
    assert body["games"] == 3
    assert players["Ann"]["average_place"] == pytest.approx((1 + 2 + 1) / 3, abs=0.01)
    assert players["Cy"]["average_place"] == 3
    ann, bob, cy = (str(players[n]["id"]) for n in ("Ann", "Bob", "Cy"))
    h2h = body["head_to_head"]
    assert h2h[ann][bob] == {"ahead": 1, "behind": 1, "level": 1}
    assert h2h[bob][ann] == {"ahead": 1, "behind": 1, "level": 1}
    assert h2h[ann][cy] == {"ahead": 2, "behind": 0, "level": 0} and h2h[cy][ann]["behind"] == 2
    assert cy not in h2h[cy]


def test_head_to_head_cells_read_alike_once_two_players_finished_level(client, season):
    group, _, _ = season
    client.get(group["view"].replace("http://localhost", ""))  # the view link: this browser may read the group
    page = client.get(f"/groups/{group['id']}?game=golf").get_data(as_text=True)
    h2h = page[page.index('id="head-to-head"'):page.index('id="players"')]
    cells = re.findall(r"<span title=\"ahead, behind, level\">([^<]*)</span>", h2h)
    assert sorted(cells) == sorted(["1–1–1", "2–0–0", "1–1–1", "2–0–0", "0–2–0", "0–2–0"])  # never "2–0" beside "1–1–1"


def test_records_come_from_the_rules(client, season):
    group, games, chase = season
    body, players = stats_of(client, group)
    records = {(r["game"], r["kind"]): r for r in body["records"]}
    assert set(records) == {("golf", "hole"), ("golf", "total_2"), ("chase-the-ace", "survival")}
    hole = records["golf", "hole"]
    assert (hole["what"], hole["value"], hole["player"], hole["game_id"]) == \
        ("lowest score on one hole", 1, players["Bob"]["id"], games[1]["id"])
    total = records["golf", "total_2"]
    assert (total["what"], total["value"], total["player"]) == ("lowest total, 2 holes", 3, players["Bob"]["id"])
    assert records["chase-the-ace", "survival"]["value"] == 5 and records["chase-the-ace", "survival"]["game_id"] \
        == chase["id"]
    french = client.get(f"/api/groups/{group['id']}/stats?game=golf", headers={**bearer(group["token"]),
                                                                              "Accept-Language": "fr"})
    assert "trous" in next(r["what"] for r in french.get_json()["records"] if r["kind"] == "total_2")



def test_a_record_tied_in_one_game_names_everyone_who_reached_it(client, make_group, play_golf):
    """Ann and Bob both score 2 on the first hole of the first game: the record is theirs; Ann's 2 in a later game
    does not add her again (the first game to reach a record keeps it)."""
    group = make_group()
    first = play_golf(group, ["Ann", "Bob", "Cy"], [[2, 2, 5], [5, 6, 5]])
    play_golf(group, ["Ann", "Bob", "Cy"], [[2, 3, 4], [4, 4, 4]])
    body, players = stats_of(client, group)
    holders = [(r["player"], r["game_id"]) for r in body["records"] if r["kind"] == "hole"]
    assert holders == [(players["Ann"]["id"], first["id"]), (players["Bob"]["id"], first["id"])]
    page = client.get(f"/groups/{group['id']}/join/{group['token']}", follow_redirects=True).get_data(as_text=True)
    assert page.count("lowest score on one hole") == 1 and "<span>2 · Ann and Bob</span>" in page

def test_dates_choose_the_games(client, season):
    group, _, _ = season
    today = date.today()
    assert stats_of(client, group, f"?since={today}&until={today}")[0]["games"] == 4
    later = today + timedelta(days=1)
    body, players = stats_of(client, group, f"?since={later}")
    assert body["games"] == 0 and body["records"] == [] and players["Ann"]["played"] == 0
    assert stats_of(client, group, f"?until={today - timedelta(days=1)}")[0]["games"] == 0


def test_results_are_kept_again_when_an_edit_changes_them_or_the_game_reopens(client, season):
    group, games, _ = season
    second = games[1]
    auth = bearer(second["token"])
    edited = client.put(f"/api/games/{second['id']}/rounds/2", json={"data": {"players": [{"score": 0}, {"score": 9}],
                                                                            "knocker": None}}, headers=auth)
    assert edited.status_code == 200 and edited.get_json()["status"] == "finished"
    _, players = stats_of(client, group, "?game=golf")
    assert (players["Ann"]["wins"], players["Bob"]["wins"]) == (3, 1)
    assert players["Bob"]["by_game"]["golf"]["worst"] == 10
    assert client.delete(f"/api/games/{second['id']}/rounds/2", headers=auth).get_json()["status"] == "playing"
    body, players = stats_of(client, group, "?game=golf")
    assert body["games"] == 2 and players["Ann"]["played"] == 2
    listed = client.get(f"/api/groups/{group['id']}", headers=bearer(group["token"])).get_json()
    assert next(g for g in listed["games"] if g["id"] == second["id"])["status"] == "playing"
    finished = client.post(f"/api/games/{second['id']}/finish", headers=auth)  # by hand: the leader after hole 1, Bob, wins
    assert finished.get_json()["winners"] == [1]
    assert stats_of(client, group, "?game=golf")[0]["games"] == 3
    client.delete(f"/api/games/{second['id']}", headers=auth)
    assert stats_of(client, group, "?game=golf")[0]["games"] == 2


@contextmanager
def statements(app):
    """Count the SQL statements run inside the block."""
    seen = []
    with app.app_context():
        engine = db.engine
    listener = lambda *args: seen.append(args[2])  # noqa: E731
    event.listen(engine, "before_cursor_execute", listener)
    try:
        yield seen
    finally:
        event.remove(engine, "before_cursor_execute", listener)


def test_a_stats_page_runs_as_many_queries_for_many_games_as_for_one(app, client, make_group, play_golf):
    group = make_group()
    play_golf(group, ["Ann", "Bob"], [[1, 2]])
    counts = []
    for more in (0, 6):
        for _ in range(more):
            play_golf(group, ["Ann", "Bob", "Cy"], [[1, 2, 3]])
        for path in (f"/api/groups/{group['id']}/stats", f"/api/groups/{group['id']}"):
            with statements(app) as seen:
                assert client.get(path, headers=bearer(group["token"])).status_code == 200
            counts.append(len(seen))
    assert counts[:2] == counts[2:] and counts[0] <= 8, counts


def test_any_game_counts_per_name_with_its_own_way_of_winning(client, make_group):
    """Five Crowns (low wins) and Rummy 500 (high wins) are games of their own in the stats."""
    group = make_group()
    for name, wins, points in (("Five Crowns", "low", [[10, 30, 5]]), ("Rummy 500", "high", [[500, 20, 40]]),
                               ("Five Crowns", "low", [[50, 3, 9]])):
        game = client.post(f"/api/groups/{group['id']}/games", headers=bearer(group["token"]),
                           json={"game": "any", "players": ["Ann", "Bob", "Cy"],
                                 "options": {"name": name, "wins": wins, "rounds": 1}}).get_json()
        for data in points:
            assert client.post(f"/api/games/{game['id']}/rounds", json={"data": {"points": data}},
                               headers=bearer(game["token"])).status_code == 201
    body, players = stats_of(client, group)
    assert players["Ann"]["by_game"]["any:low:Five Crowns"] == {"played": 2, "wins": 0, "best": 10, "worst": 50,
                                                                 "average": 30.0}
    assert players["Ann"]["by_game"]["any:high:Rummy 500"]["wins"] == 1
    assert players["Cy"]["by_game"]["any:low:Five Crowns"]["wins"] == 1
    only, _ = stats_of(client, group, "?game=any:low:Five Crowns")
    assert only["games"] == 2
    every, _ = stats_of(client, group, "?game=any")
    assert every["games"] == 3
    page = client.get(f"/groups/{group['id']}", headers=bearer(group["token"])).get_data(as_text=True)
    assert "any:low" not in page


def test_a_game_played_alone_is_no_win_and_keeps_its_records(client, make_group):
    """Cy's game of Patience (any game, one player) is won against nobody: no game played or won in the
    leaderboard, but its best total is a record of the group's."""
    group = make_group()
    game = client.post(f"/api/groups/{group['id']}/games", headers=bearer(group["token"]),
                       json={"game": "any", "players": ["Cy"], "options": {"name": "Patience", "rounds": 1}}).get_json()
    assert client.post(f"/api/games/{game['id']}/rounds", json={"data": {"points": [52]}},
                       headers=bearer(game["token"])).status_code == 201
    body, players = stats_of(client, group)
    assert body["games"] == 0 and players["Cy"]["played"] == 0 and players["Cy"]["wins"] == 0
    held = [(r["name"], r["value"]) for r in body["records"] if r["game"] == "any:high:Patience"]
    assert held and set(held) == {("Cy", 52)}  # its best round and its best total


@pytest.mark.parametrize("part, whole, shown", [(1, 8, 13), (83, 666, 12), (2, 3, 67), (0, 0, 0), (5, 5, 100)])
def test_a_win_rate_is_rounded_once_from_the_counts(part, whole, shown):
    from scorekeeper.play.stats import whole_percent

    assert whole_percent(part, whole) == shown


def test_players_level_on_every_figure_are_listed_as_a_reader_sorts_names(client, make_group):
    """Before any game every line is level: the names run as in a dictionary, Élise between Daniel and Fred, any case."""
    group = make_group(players=["Tom", "élise", "Kai", "Élodie", "daniel", "Fred"])
    body, _ = stats_of(client, group)
    assert [p["name"] for p in body["players"]] == ["daniel", "élise", "Élodie", "Fred", "Kai", "Tom"]
