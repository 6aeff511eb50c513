"""A group keeps its own rules for each game (api.md, "Groups": PUT/GET/DELETE /api/groups/<id>/rules/<game>): checked
as a new game's options, and the start of its new games, a preset or options given with one on top."""
from __future__ import annotations

import pytest

from tests.groups.conftest import bearer


def rules_path(group: dict, game: str = "") -> str:
    return f"/api/groups/{group['id']}/rules" + (f"/{game}" if game else "")


def put_rules(client, group: dict, game: str, body, token: str | None = None):
    return client.put(rules_path(group, game), json=body, headers=bearer(token or group["token"]))


def test_a_group_keeps_its_rules_for_each_game_and_shows_them(client, make_group):
    group = make_group()
    golf = put_rules(client, group, "golf", {"preset": "six_card", "options": {"holes": 18, "pairs": "lines"}})
    assert golf.status_code == 200, golf.get_json()
    assert golf.get_json() == {"preset": "six_card", "options": {"holes": 18, "pairs": "lines"}}
    gin = put_rules(client, group, "gin-rummy", {"options": {"target": 150}})
    assert gin.get_json() == {"preset": None, "options": {"target": 150}}
    key = group["view"].split("view=")[1]
    for read in (client.get(rules_path(group), headers=bearer(group["token"])),
                 client.get(rules_path(group), query_string={"view": key})):
        assert read.status_code == 200 and read.get_json() == {
            "golf": {"preset": "six_card", "options": {"holes": 18, "pairs": "lines"}},
            "gin-rummy": {"preset": None, "options": {"target": 150}}}
    again = put_rules(client, group, "golf", {"options": {"holes": 9}})  # in place of the rules kept before
    assert again.get_json() == {"preset": None, "options": {"holes": 9}}
    assert client.get(rules_path(group), headers=bearer(group["token"])).get_json()["golf"]["preset"] is None


def test_cleared_rules_go_back_to_the_apps_own(client, make_group):
    group = make_group()
    put_rules(client, group, "gin-rummy", {"options": {"target": 150}})
    assert client.delete(rules_path(group, "gin-rummy"), headers=bearer(group["token"])).status_code == 204
    assert client.get(rules_path(group), headers=bearer(group["token"])).get_json() == {}
    assert client.delete(rules_path(group, "gin-rummy"), headers=bearer(group["token"])).status_code == 204
    game = client.post(f"/api/groups/{group['id']}/games", headers=bearer(group["token"]),
                       json={"game": "gin-rummy", "players": ["Ann", "Bob"]}).get_json()
    assert game["options"]["target"] == 100


def test_new_games_of_the_group_start_from_its_rules_with_a_preset_or_options_on_top(client, make_group):
    group = make_group()
    put_rules(client, group, "golf", {"preset": "six_card", "options": {"holes": 18, "pairs": "lines"}})
    path, auth = f"/api/groups/{group['id']}/games", bearer(group["token"])
    plain = client.post(path, headers=auth, json={"game": "golf", "players": ["Ann", "Bob"]}).get_json()
    assert plain["preset"] == "six_card"
    assert (plain["options"]["layout"], plain["options"]["holes"], plain["options"]["pairs"]) == (6, 18, "lines")
    own = client.post(path, headers=auth, json={"game": "golf", "players": ["Ann", "Bob"],
                                                "options": {"holes": 9}}).get_json()
    assert (own["options"]["layout"], own["options"]["holes"], own["options"]["pairs"]) == (6, 9, "lines")
    quarters = client.post(path, headers=auth, json={"game": "golf", "players": ["Ann", "Bob"],
                                                     "preset": "quarters"}).get_json()
    preset = client.get("/api/rules").get_json()
    wanted = next(g for g in preset if g["key"] == "golf")["presets"]["quarters"]["options"]
    assert quarters["preset"] == "quarters"
    assert all(quarters["options"][name] == value for name, value in wanted.items())  # the preset on top
    assert quarters["options"]["holes"] == wanted.get("holes", 18)  # the group's, where the preset says nothing
    outside = client.post("/api/games", json={"game": "golf", "players": ["Ann", "Bob"]}).get_json()
    assert outside["preset"] is None and outside["options"]["layout"] == 4  # a game of no group: the app's rules


def test_a_new_games_own_options_are_checked_over_the_groups(client, make_group):
    group = make_group()
    put_rules(client, group, "gin-rummy", {"options": {"target": 150}})
    answer = client.post(f"/api/groups/{group['id']}/games", headers=bearer(group["token"]),
                         json={"game": "gin-rummy", "players": ["Ann", "Bob"], "options": {"knock_max": "lots"}})
    assert answer.status_code == 422 and set(answer.get_json()["errors"]) == {"options.knock_max"}


def test_rules_that_need_a_table_size_are_kept_when_some_table_fits_them(client, make_group):
    """Partners need four players: the group's rules say how it plays, not how many come."""
    group = make_group()
    answer = put_rules(client, group, "hand-and-foot", {"preset": "classic", "options": {"partners": True}})
    assert answer.status_code == 200, answer.get_json()
    dealt = put_rules(client, group, "gin-rummy", {"options": {"first_dealer": 3}})
    assert dealt.status_code == 200 and dealt.get_json()["options"] == {"first_dealer": 3}


@pytest.mark.parametrize("body, field", [
    ({"options": {"holes": 0}}, "options.holes"),
    ({"options": {"holes": "nine"}}, "options.holes"),
    ({"options": {"pairs": "diagonals"}}, "options.pairs"),
    ({"options": {"no_such_rule": 1}}, "options.no_such_rule"),
    ({"options": [1, 2]}, "options"),
    ({"preset": "no_such_preset", "options": {}}, "preset"),
    ({"preset": 5}, "preset"),
])
def test_rules_refused_name_the_field_and_keep_what_was_kept(client, make_group, body, field):
    group = make_group()
    put_rules(client, group, "golf", {"options": {"holes": 9}})
    answer = put_rules(client, group, "golf", body)
    assert answer.status_code == 422 and field in answer.get_json()["errors"], answer.get_json()
    assert client.get(rules_path(group), headers=bearer(group["token"])).get_json() == {
        "golf": {"preset": None, "options": {"holes": 9}}}


def test_an_unknown_game_is_404_naming_the_game(client, make_group):
    group = make_group()
    for answer in (put_rules(client, group, "snap", {"options": {}}),
                   client.delete(rules_path(group, "snap"), headers=bearer(group["token"]))):
        assert answer.status_code == 404 and "game" in answer.get_json()["errors"]


def test_the_body_must_be_a_json_object(client, make_group):
    group = make_group()
    for body in ("[1]", '"golf"', "{"):
        answer = client.put(rules_path(group, "golf"), data=body, content_type="application/json",
                            headers=bearer(group["token"]))
        assert answer.status_code == 400 and "body" in answer.get_json()["errors"]


def test_writes_need_the_groups_token_and_strangers_learn_nothing(client, make_group):
    group, other = make_group(), make_group("Bridge club")
    put_rules(client, group, "golf", {"options": {"holes": 9}})
    key = group["view"].split("view=")[1]
    body = {"options": {"holes": 18}}
    assert client.put(rules_path(group, "golf"), json=body).status_code == 404
    assert client.delete(rules_path(group, "golf")).status_code == 404
    reader = client.delete(rules_path(group, "golf"), query_string={"view": key})
    assert reader.status_code == 401 and "token" in reader.get_json()["errors"]  # a reader: told what it lacks
    wrong = put_rules(client, group, "golf", body, token=other["token"])
    assert wrong.status_code == 404  # another group's token opens nothing here
    assert client.get(rules_path(group)).status_code == 404
    assert client.get(rules_path(group), headers=bearer(other["token"])).status_code == 404
    assert client.get(rules_path(group), query_string={"view": "x" * 22}).status_code == 404
    assert client.get("/api/groups/nosuchgroup00/rules", headers=bearer(group["token"])).status_code == 404
    assert client.get(rules_path(group), headers=bearer(group["token"])).get_json()["golf"]["options"] == {"holes": 9}


def test_a_readers_view_key_with_a_wrong_token_is_refused_a_write(client, make_group):
    group = make_group()
    key = group["view"].split("view=")[1]
    answer = client.put(rules_path(group, "golf"), json={"options": {}}, query_string={"view": key},
                        headers=bearer("not-the-token"))
    assert answer.status_code == 403 and "token" in answer.get_json()["errors"]
    bare = client.put(rules_path(group, "golf"), json={"options": {}}, query_string={"view": key})
    assert bare.status_code == 401 and "token" in bare.get_json()["errors"]


def test_the_groups_stats_are_the_same_with_rules_kept(client, make_group, play_golf):
    group = make_group()
    play_golf(group, ["Ann", "Bob"], [[3, 7], [4, 2]])
    auth = bearer(group["token"])
    before = client.get(f"/api/groups/{group['id']}/stats", headers=auth).get_json()
    put_rules(client, group, "golf", {"preset": "six_card", "options": {"holes": 18}})
    assert client.get(f"/api/groups/{group['id']}/stats", headers=auth).get_json() == before


@pytest.mark.parametrize("kept, given, books, needs", [
    ({"going_out_needs": {"clean": 1, "dirty": 2}}, {"going_out_books": "one_clean_three_books"},
     "one_clean_three_books", {"clean": 1, "any": 3}),
    ({"going_out_books": "one_clean_two_dirty"}, {"going_out_needs": {"clean": 2}}, None, {"clean": 2}),
    ({"going_out_needs": {"clean": 2}}, {"going_out_books": "one_clean_two_dirty", "going_out_needs": {"clean": 1, "dirty": 2}},
     "one_clean_two_dirty", {"clean": 1, "dirty": 2}),
])
def test_a_new_games_books_to_go_out_replace_the_groups_whichever_option_says_them(client, make_group, kept, given,
                                                                                   books, needs):
    """``going_out_books`` and ``going_out_needs`` say one rule: a game that gives one of them plays it, not a clash
    with the group's other one."""
    group = make_group()
    assert put_rules(client, group, "hand-and-foot", {"options": kept}).status_code == 200
    game = client.post(f"/api/groups/{group['id']}/games", headers=bearer(group["token"]),
                       json={"game": "hand-and-foot", "players": ["Ann", "Bob"], "options": given})
    assert game.status_code == 201, game.get_json()
    options = game.get_json()["options"]
    assert (options["going_out_books"], options["going_out_needs"]) == (books, needs)


def test_a_preset_on_top_of_the_groups_books_to_go_out_plays_the_presets(client, make_group):
    group = make_group()
    put_rules(client, group, "hand-and-foot", {"options": {"going_out_needs": {"clean": 2}}})
    game = client.post(f"/api/groups/{group['id']}/games", headers=bearer(group["token"]),
                       json={"game": "hand-and-foot", "players": ["Ann", "Bob"], "preset": "house"})
    assert game.status_code == 201, game.get_json()
    assert game.get_json()["options"]["going_out_needs"] == {"clean": 1, "dirty": 2}
