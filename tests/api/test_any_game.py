"""Any game through the API and the pages: high and low wins, targets, fixed rounds, negative points, one and
twenty players, bad entries named by field, its own name everywhere, and the names played before offered."""
from __future__ import annotations

import re

import pytest

from tests.helpers import post_new_game, start_from_page

TWENTY = [f"Player {n}" for n in range(1, 21)]


@pytest.mark.parametrize("options, players, rounds, status, totals, winners", [
    ({"name": "Five Crowns", "wins": "low", "rounds": 2}, ["Ann", "Bob", "Cy"], [[12, 0, -5], [3, 40, 0]],
     "finished", [15, 40, -5], [2]),
    ({"name": "Rummy 500", "target": 500}, ["Ann", "Bob"], [[250, 100], [260, -20]], "finished", [510, 80], [0]),
    ({"name": "Hearts", "wins": "low", "target": 100, "round_total": 26}, ["A", "B", "C", "D"],
     [[26, 0, 0, 0], [26, 0, 0, 0], [26, 0, 0, 0], [26, 0, 0, 0]], "finished", [104, 0, 0, 0], [1, 2, 3]),
    ({}, ["Solo"], [[-7], [10]], "playing", [3], [0]),
    ({"rounds": 1}, TWENTY, [list(range(20))], "finished", list(range(20)), [19]),
])
def test_games_play_through_the_api(client, create_game, post_round, options, players, rounds, status, totals,
                                    winners):
    state = create_game("any", players, options=options)
    for points in rounds:
        answer = post_round(state, {"points": points})
        assert answer.status_code == 201, answer.get_json()
    body = answer.get_json()
    assert body["status"] == status and [s["total"] for s in body["standings"]] == totals
    assert (body["winners"] if status == "finished" else body["leaders"]) == winners


@pytest.mark.parametrize("data, field", [
    ({"points": [1, 2]}, "points"),
    ({"points": [1, "two", 3]}, "points.1"),
    ({"points": [1, None, 3]}, "points.1"),
    ({"points": [1, 2, 100001]}, "points.2"),
    ({"points": "1 2 3"}, "points"),
    ({"score": [1, 2, 3]}, "score"),
    ({}, "points"),
])
def test_bad_rounds_are_refused_naming_the_field(client, create_game, post_round, data, field):
    state = create_game("any", ["Ann", "Bob", "Cy"])
    answer = post_round(state, data)
    assert answer.status_code == 422 and field in answer.get_json()["errors"], answer.get_json()


def test_a_fixed_round_total_is_checked(client, create_game, post_round):
    state = create_game("any", ["Ann", "Bob", "Cy", "Di"], options={"round_total": 26})
    answer = post_round(state, {"points": [13, 13, 0, 1]})
    assert answer.status_code == 422 and set(answer.get_json()["errors"]) == {"points"}


@pytest.mark.parametrize("options, field", [({"name": ""}, "options.name"), ({"name": "x" * 41}, "options.name"),
                                            ({"wins": "most"}, "options.wins"), ({"target": -5}, "options.target")])
def test_bad_options_are_refused_naming_the_option(client, options, field):
    answer = client.post("/api/games", json={"game": "any", "players": ["Ann", "Bob"], "options": options})
    assert answer.status_code == 422 and field in answer.get_json()["errors"]


def test_its_name_heads_the_table_page_the_list_and_the_sheet(client):
    game = start_from_page(client, "any", ["Ann", "Bob"], name="Five Crowns")
    page = client.get(f"/games/{game}").get_data(as_text=True)
    assert "<h1>Five Crowns</h1>" in page and "<title>Five Crowns" in page
    assert "Five Crowns" in client.get("/").get_data(as_text=True)
    assert client.get(f"/games/{game}/sheet.pdf").status_code == 200


def test_the_name_box_starts_empty_and_a_game_left_unnamed_is_called_points(client):
    page = client.get("/new/any").get_data(as_text=True)
    box = re.search(r'<input[^>]*id="opt_name"[^>]*>', page).group(0)
    assert 'placeholder="Points"' in box and 'value=""' in box  # what is typed is the whole name
    game = start_from_page(client, "any", ["Ann", "Bob"], name="")
    assert "<h1>Points</h1>" in client.get(f"/games/{game}").get_data(as_text=True)
    assert 'placeholder="Points"' in client.get("/new/any").get_data(as_text=True)


def test_the_name_and_who_wins_come_first_and_stand_above_the_scores(client):
    page = client.get("/new/any").get_data(as_text=True)
    assert page.index('id="opt_name"') < page.index('id="opt_wins') < page.index("House rules")
    game = start_from_page(client, "any", ["Ann", "Bob"], name="Hearts", wins="low", target="50")
    table = client.get(f"/games/{game}").get_data(as_text=True)
    assert "The lowest total wins." in table and "a total reaches 50" in table
    assert "Rules for Round 1" not in table  # nothing more to its rules than that
    group = client.post("/api/groups", json={"name": "Cards", "players": ["Ann", "Bob"]}).get_json()
    client.get(f"/groups/{group['id']}/join/{group['token']}")
    form = client.get(f"/groups/{group['id']}/play?game=any").get_data(as_text=True)
    assert form.index('id="opt_name"') < form.index('id="opt_wins') < form.index("House rules")


def test_the_round_total_does_not_suggest_it_for_hearts_with_its_moon(client):
    page = client.get("/new/any").get_data(as_text=True)
    assert "Hearts: 26" not in page and "leave it empty if a round can differ" in page


def test_a_name_is_escaped(client):
    game = start_from_page(client, "any", ["Ann", "Bob"], name="<b>Bold</b>")
    page = client.get(f"/games/{game}").get_data(as_text=True)
    assert "<b>Bold</b>" not in page and "&lt;b&gt;Bold&lt;/b&gt;" in page


def test_the_names_played_before_are_offered(client):
    start_from_page(client, "any", ["Ann", "Bob"], name="Five Crowns")
    start_from_page(client, "any", ["Ann", "Bob"], name="Hearts")
    page = client.get("/new/any").get_data(as_text=True)
    assert page.index('data-value="Hearts"') < page.index('data-value="Five Crowns"')  # the latest first
    assert '<option value="Five Crowns">' in page


def test_a_refused_name_keeps_what_was_typed(client):
    answer = post_new_game(client, "any", ["Ann", "Bob"], name="x" * 41, target="abc")
    page = answer.get_data(as_text=True)
    assert answer.status_code == 422 and "x" * 41 in page


def test_the_rules_page_and_the_blank_sheet_the_classic_pad(client):
    from tests.sheets.test_sheets import pdf_text

    assert "Any game" in client.get("/rules/any").get_data(as_text=True)
    answer = client.get("/sheets/any/sheet.pdf", query_string={"count": 10, "opt_name": "Five Crowns",
                                                               "opt_wins": "low", "opt_rounds": 11})
    pages, text = pdf_text(answer)
    assert answer.status_code == 200 and pages == 1
    assert "Five Crowns" in text and "Who wins the lowest total" in text and "11" in text
    assert "Lowest total wins." not in text and "Who wins: the lowest total" not in text  # said once, in the key
