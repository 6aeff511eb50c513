"""Club nights through the JSON API (../shared/spec/api.md, "Club nights"): a new night and every refusal of one,
the rights, sittings, late arrivals and leavers, swaps, finishing, and the ETag."""
from __future__ import annotations

import pytest

from tests.groups.conftest import bearer
from tests.nights.conftest import gin_hand, golf_hole, hand

EIGHT = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]
HF_PARTNERS = {"partners": True, "rounds": 1}


# --- a new night -------------------------------------------------------------------------------------------------

def test_a_new_night_takes_who_is_here_and_answers_with_the_directors_token(client, group, make_night):
    night = make_night(EIGHT, options=HF_PARTNERS, sittings=3, name="Friday 4 December")
    assert night["token"] and night["group"] == group["id"] and night["name"] == "Friday 4 December"
    assert (night["game"], night["table_size"], night["sittings"], night["movement"], night["rank_by"]) == (
        "hand-and-foot", 4, 3, "rotate", "points")
    assert night["options"]["partners"] is True and night["options"]["rounds"] == 1
    assert night["status"] == "playing" and night["current"] is None and night["seatings"] == []
    assert [p["name"] for p in night["players"]] == EIGHT and all(p["present"] for p in night["players"])
    members = client.get(f"/api/groups/{group['id']}", headers=bearer(group["token"])).get_json()["players"]
    assert [m["name"] for m in members] == EIGHT  # Ann and Bob were there; the others joined
    assert {p["id"] for p in night["players"]} == {m["id"] for m in members}
    assert [(l["name"], l["played"], l["score"]) for l in night["leaderboard"]][:1] == [("Ann", 0, None)]


@pytest.mark.parametrize("game, options, size, rank_by", [
    ("hand-and-foot", {"partners": True}, 4, "points"),
    ("gin-rummy", {}, 2, "points"),
    ("chase-the-ace", {}, 6, "wins"),
    ("golf", {}, 4, "points"),
    ("trash", {}, 4, "wins"),
    ("any", {"name": "Hearts", "wins": "low"}, 4, "points"),
])
def test_the_usual_table_and_ranking(make_night, game, options, size, rank_by):
    night = make_night(EIGHT, game=game, options=options)
    assert (night["table_size"], night["rank_by"]) == (size, rank_by)


def test_a_night_without_a_name_goes_by_its_date(make_night, client):
    night = make_night(EIGHT[:4], game="golf")
    day = night["created"][:10]
    import datetime
    date = datetime.date.fromisoformat(day)
    assert night["name"] == f"{date:%A} {date.day} {date:%B}"
    french = client.get(f"/api/nights/{night['id']}", headers={**bearer(night["token"]), "Accept-Language": "fr"})
    assert french.get_json()["name"] != night["name"]


@pytest.mark.parametrize("body, field, words", [
    ({"table_size": 13, "game": "golf"}, "table_size", "2 to 12"),
    ({"table_size": 5, "options": {"partners": True}}, "table_size", "even"),
    ({"table_size": 5, "game": "gin-rummy"}, "table_size", "2 to 4"),
    ({"table_size": "4"}, "table_size", ""),
    ({"table_size": 3, "movement": "progressive", "game": "golf"}, "table_size", "even"),
    ({"table_size": 3, "movement": "progressive", "game": "golf"}, "movement", "even"),
    ({"rank_by": "points", "game": "trash"}, "rank_by", "wins"),
    ({"rank_by": "points", "game": "chase-the-ace"}, "rank_by", "wins"),
    ({"rank_by": "fun"}, "rank_by", "points or wins"),
    ({"sittings": 0}, "sittings", "1 to 20"),
    ({"sittings": 21}, "sittings", "1 to 20"),
    ({"sittings": 2.0}, "sittings", "1 to 20"),
    ({"sittings": None}, "sittings", "1 to 20"),
    ({"movement": "shuffle"}, "movement", "rotate, progressive or stay"),
    ({"movement": None}, "movement", "rotate"),
    ({"game": "snap"}, "game", "snap"),
    ({"game": None}, "game", ""),
    ({"options": {"rounds": 0}}, "options.rounds", ""),
    ({"options": {"colour": "red"}}, "options.colour", "not an option"),
    ({"options": [1]}, "options", ""),
    ({"preset": "nope"}, "preset", "nope"),
    ({"players": "Ann, Bob"}, "players", "list"),
    ({"players": ["Ann", "ann", "Cy", "Dee"]}, "players.1", "already"),
    ({"players": ["Ann", ""]}, "players.1", "1 to 40"),
    ({"players": ["Ann", "Bob", "Cy"], "options": {"partners": True}}, "players", "4"),
    ({"name": "x" * 61}, "name", "1 to 60"),
    ({"name": ""}, "name", "1 to 60"),
])
def test_a_new_night_is_refused_naming_the_field(client, group, make_night, body, field, words):
    before = client.get(f"/api/groups/{group['id']}", headers=bearer(group["token"])).get_json()
    body = dict(body)  # the case's own dict is the next run's too (--db=both runs it on each database)
    refused = make_night(body.pop("players", EIGHT), expect=422, **body)
    assert field in refused["errors"], refused
    assert words in refused["errors"][field]
    after = client.get(f"/api/groups/{group['id']}", headers=bearer(group["token"])).get_json()
    assert after["players"] == before["players"]  # nothing kept, not even the new names


def test_a_body_that_is_not_an_object_is_400(client, group):
    answer = client.post(f"/api/groups/{group['id']}/nights", headers=bearer(group["token"]), data="[1]",
                         content_type="application/json")
    assert answer.status_code == 400 and "body" in answer.get_json()["errors"]


# --- rights -------------------------------------------------------------------------------------------------------

def view_key(group: dict) -> str:
    return group["view"].split("view=")[1]


def test_creating_a_night_needs_the_groups_token(client, group):
    body = {"game": "golf", "players": EIGHT[:4], "sittings": 1, "movement": "stay"}
    url = f"/api/groups/{group['id']}/nights"
    assert client.post(url, json=body).status_code == 404  # nobody learns that the group exists
    assert client.post(url, json=body, headers=bearer("wrong")).status_code == 404
    with_view = client.post(url + f"?view={view_key(group)}", json=body)
    assert with_view.status_code == 401 and "token" in with_view.get_json()["errors"]
    assert client.post(url + f"?view={view_key(group)}", json=body, headers=bearer("wrong")).status_code == 403
    assert client.post("/api/groups/nope/nights", json=body, headers=bearer(group["token"])).status_code == 404


def test_who_reads_and_who_changes_a_night(client, group, make_night, start_sitting, create_game):
    night = start_sitting(make_night(EIGHT, game="golf", options={"holes": 1}, sittings=2))
    table = night["seatings"][0]["tables"][0]
    url = f"/api/nights/{night['id']}"
    directors = [bearer(night["token"]), bearer(group["token"])]
    for headers in directors:
        answer = client.get(url, headers=headers)
        assert answer.status_code == 200 and answer.get_json()["seatings"][0]["tables"][0]["token"] == table["token"]
        link = answer.get_json()["seatings"][0]["tables"][0]["link"]
        assert link.endswith(f"/games/{table['game']}/edit/{table['token']}")
        assert answer.headers["Cache-Control"] == "no-store"
    for headers, query in (({}, f"?view={view_key(group)}"), (bearer(table["token"]), "")):
        answer = client.get(url + query, headers=headers)
        assert answer.status_code == 200, answer.get_json()
        assert all("token" not in t and "link" not in t for s in answer.get_json()["seatings"] for t in s["tables"])
    other = create_game()
    for headers, query in (({}, ""), (bearer("wrong"), ""), (bearer(other["token"]), ""), ({}, "?view=wrong")):
        answer = client.get(url + query, headers=headers)
        assert answer.status_code == 404 and "night" in answer.get_json()["errors"]
    assert client.get("/api/nights/nope", headers=directors[0]).status_code == 404
    writes = [("patch", "/players", {"add": "Zoe"}), ("post", "/finish", None), ("post", "/sittings", None),
              ("patch", "/sittings/1", {"swap": [1, 2]})]
    for method, path, body in writes:
        call = getattr(client, method)
        assert call(url + path, json=body).status_code == 404
        assert call(url + path, json=body, headers=bearer("wrong")).status_code == 404
        assert call(url + path + f"?view={view_key(group)}", json=body).status_code == 401
        assert call(url + path, json=body, headers=bearer(table["token"])).status_code == 403
    assert client.get(url, headers=directors[0]).get_json()["players"][-1]["name"] == "Hal"  # nothing changed
    assert client.patch(url + "/players", json={"add": "Zoe"}, headers=directors[1]).status_code == 200


def test_the_night_has_an_etag_that_moves_with_its_tables(client, make_night, start_sitting, play_table):
    night = start_sitting(make_night(EIGHT[:4], game="golf", options={"holes": 2}, sittings=1))
    url, headers = f"/api/nights/{night['id']}", bearer(night["token"])
    first = client.get(url, headers=headers)
    tag = first.headers["ETag"]
    assert client.get(url, headers={**headers, "If-None-Match": tag}).status_code == 304
    play_table(night["seatings"][0]["tables"][0], golf_hole([3, 4, 5, 6]))
    again = client.get(url, headers={**headers, "If-None-Match": tag})
    assert again.status_code == 200 and again.headers["ETag"] != tag and again.get_json()["seatings"][0]["tables"][0][
        "round"] == 1
    view = client.get(url, headers={"If-None-Match": again.headers["ETag"]},
                      query_string={"view": night["group"] and None})
    assert view.status_code == 404  # no rights, no answer, even to a tag


# --- sittings ----------------------------------------------------------------------------------------------------

def test_a_sitting_starts_one_game_per_table_in_the_group(client, group, make_night, start_sitting):
    night = start_sitting(make_night(EIGHT, options=HF_PARTNERS))
    sitting = night["seatings"][0]
    assert night["current"] == 1 and sitting["number"] == 1 and sitting["status"] == "playing"
    assert len(sitting["tables"]) == 2 and sitting["sitting_out"] == []
    names = {p["id"]: p["name"] for p in night["players"]}
    for number, table in enumerate(sitting["tables"], start=1):
        assert table["table"] == number and table["status"] == "playing" and table["round"] == 0
        seats = table["players"]
        assert table["teams"] == [[seats[0], seats[2]], [seats[1], seats[3]]]  # partners opposite
        game = client.get(f"/api/games/{table['game']}").get_json()
        assert game["players"] == [names[p] for p in seats] and game["options"]["partners"] is True
    assert sorted(p for t in sitting["tables"] for p in t["players"]) == sorted(names)
    games = client.get(f"/api/groups/{group['id']}", headers=bearer(group["token"])).get_json()["games"]
    assert {g["id"] for g in games} == {t["game"] for t in sitting["tables"]}


def test_the_next_sitting_waits_for_every_table_and_none_comes_after_the_last(client, make_night, start_sitting,
                                                                               play_table, night_of):
    night = start_sitting(make_night(EIGHT[:6], game="gin-rummy", options={"target": 10}, sittings=2))
    tables = night["seatings"][0]["tables"]
    assert len(tables) == 3
    refused = start_sitting(night, expect=409)
    assert "tables 1, 2, and 3 are still playing" in refused["errors"]["sitting"]
    play_table(tables[1], gin_hand(0))
    refused = start_sitting(night, expect=409)
    assert "tables 1 and 3 are still playing" in refused["errors"]["sitting"]
    play_table(tables[0], gin_hand(1))
    client.post(f"/api/games/{tables[2]['game']}/finish", headers=bearer(tables[2]["token"]))  # ended by hand
    assert night_of(night)["seatings"][0]["status"] == "finished"
    night = start_sitting(night)
    assert night["current"] == 2 and len(night["seatings"]) == 2
    for table in night["seatings"][1]["tables"]:
        play_table(table, gin_hand(0))
    night = night_of(night)
    assert night["status"] == "finished" and night["current"] is None
    assert "over" in start_sitting(night, expect=409)["errors"]["sitting"]


def test_sitting_out_goes_round(make_night, start_sitting, play_table, night_of):
    # Hand & Foot with partners: ten players, two tables of four; two sit out each sitting, never twice in five
    night = make_night(EIGHT + ["Ida", "Jo"], options=HF_PARTNERS, sittings=5)
    out = []
    for _ in range(5):
        night = start_sitting(night)
        sitting = night["seatings"][-1]
        assert [len(t["players"]) for t in sitting["tables"]] == [4, 4] and len(sitting["sitting_out"]) == 2
        out += sitting["sitting_out"]
        for table in sitting["tables"]:
            play_table(table, hand(4, 0))
    assert sorted(out) == sorted(p["id"] for p in night["players"])
    board = {line["player"]: line for line in night_of(night)["leaderboard"]}
    assert all(line["sat_out"] == 1 and line["played"] == 4 for line in board.values())


def test_one_fewer_at_a_table_where_the_game_allows_it(make_night, start_sitting):
    night = start_sitting(make_night(EIGHT + ["Ida", "Jo"], game="golf"))
    assert [len(t["players"]) for t in night["seatings"][0]["tables"]] == [4, 3, 3]
    assert night["seatings"][0]["sitting_out"] == []


# --- late arrivals and leavers ------------------------------------------------------------------------------------

def test_late_arrivals_play_and_leavers_sit_out_from_the_next_sitting(client, group, make_night, start_sitting,
                                                                     play_table, night_of):
    night = start_sitting(make_night(EIGHT[:4], game="gin-rummy", options={"target": 10}))
    url, headers = f"/api/nights/{night['id']}/players", bearer(night["token"])
    ids = {p["name"]: p["id"] for p in night["players"]}
    zoe = client.patch(url, json={"add": "Zoe"}, headers=headers)
    assert zoe.status_code == 200
    zoe = zoe.get_json()
    assert zoe["players"][-1]["name"] == "Zoe" and zoe["players"][-1]["present"]
    assert len(zoe["seatings"]) == 1 and len(zoe["seatings"][0]["tables"]) == 2  # this sitting stays as it is
    assert client.patch(url, json={"add": "Amy"}, headers=headers).status_code == 200
    left = client.patch(url, json={"leave": ids["Bob"]}, headers=headers).get_json()
    assert [p["present"] for p in left["players"] if p["name"] == "Bob"] == [False]
    for table in night["seatings"][0]["tables"]:
        play_table(table, gin_hand(0))
    night = start_sitting(night)
    seated = [p for t in night["seatings"][1]["tables"] for p in t["players"]]
    names = {p["id"]: p["name"] for p in night["players"]}
    assert sorted(names[p] for p in seated) == ["Amy", "Ann", "Cy", "Dee", "Zoe"][:4] or len(seated) == 4
    assert ids["Bob"] not in seated and ids["Bob"] not in night["seatings"][1]["sitting_out"]
    assert len(night["seatings"][1]["sitting_out"]) == 1
    back = client.patch(url, json={"back": ids["Bob"]}, headers=headers).get_json()
    assert [p["present"] for p in back["players"] if p["name"] == "Bob"] == [True]
    members = client.get(f"/api/groups/{group['id']}", headers=bearer(group["token"])).get_json()["players"]
    assert {"Zoe", "Amy"} <= {m["name"] for m in members}


@pytest.mark.parametrize("body, status, field", [
    ({"add": "Ann"}, 422, "add"),       # here already
    ({"add": ""}, 422, "add"),
    ({"add": 3}, 422, "add"),
    ({"leave": 9999}, 404, "leave"),
    ({"leave": "Ann"}, 422, "leave"),
    ({"back": "first"}, 422, "back"),
    ({}, 422, "add"),
    ({"add": "Zoe", "leave": 1}, 422, "add"),
])
def test_a_change_of_players_is_refused_naming_the_field(client, make_night, body, status, field):
    night = make_night(EIGHT[:4], game="golf")
    answer = client.patch(f"/api/nights/{night['id']}/players", json=body, headers=bearer(night["token"]))
    assert answer.status_code == status and field in answer.get_json()["errors"], answer.get_json()


def test_leaving_twice_and_coming_back_while_here_are_refused(client, make_night):
    night = make_night(EIGHT[:4], game="golf")
    url, headers, ann = f"/api/nights/{night['id']}/players", bearer(night["token"]), night["players"][0]["id"]
    assert client.patch(url, json={"back": ann}, headers=headers).status_code == 422
    assert client.patch(url, json={"leave": ann}, headers=headers).status_code == 200
    again = client.patch(url, json={"leave": ann}, headers=headers)
    assert again.status_code == 422 and "left already" in again.get_json()["errors"]["leave"]
    added = client.patch(url, json={"add": "ann"}, headers=headers)
    assert added.status_code == 422 and "back" in added.get_json()["errors"]["add"]


# --- swaps -------------------------------------------------------------------------------------------------------

def test_two_players_swap_seats_before_the_first_round(client, make_night, start_sitting, play_table):
    night = start_sitting(make_night(EIGHT, options=HF_PARTNERS))
    first, second = night["seatings"][0]["tables"]
    a, b = first["players"][0], second["players"][1]
    url, headers = f"/api/nights/{night['id']}/sittings/1", bearer(night["token"])
    swapped = client.patch(url, json={"swap": [a, b]}, headers=headers)
    assert swapped.status_code == 200, swapped.get_json()
    tables = swapped.get_json()["seatings"][0]["tables"]
    assert tables[0]["players"][0] == b and tables[1]["players"][1] == a
    assert tables[0]["teams"][0] == [b, first["players"][2]]
    names = {p["id"]: p["name"] for p in night["players"]}
    assert client.get(f"/api/games/{first['game']}").get_json()["players"][0] == names[b]
    assert client.get(f"/api/games/{second['game']}").get_json()["players"][1] == names[a]
    play_table(tables[1], hand(4, 0))  # a round saved at one table: no more swaps in this sitting
    refused = client.patch(url, json={"swap": [a, first["players"][1]]}, headers=headers)
    assert refused.status_code == 409 and "table 2" in refused.get_json()["errors"]["swap"]


def test_a_player_sitting_out_swaps_with_one_seated(client, make_night, start_sitting):
    night = start_sitting(make_night(EIGHT[:5], game="gin-rummy"))
    out, seated = night["seatings"][0]["sitting_out"][0], night["seatings"][0]["tables"][0]["players"][0]
    answer = client.patch(f"/api/nights/{night['id']}/sittings/1", json={"swap": [seated, out]},
                          headers=bearer(night["token"])).get_json()
    assert answer["seatings"][0]["sitting_out"] == [seated] and answer["seatings"][0]["tables"][0]["players"][0] == out


@pytest.mark.parametrize("number, body, status, field", [
    (2, {"swap": [1, 2]}, 404, "sitting"),
    (1, {"swap": [1]}, 422, "swap"),
    (1, {"swap": [1, 1]}, 422, "swap"),
    (1, {"swap": "1,2"}, 422, "swap"),
    (1, {}, 422, "swap"),
    (1, {"swap": [1, 9999]}, 422, "swap"),
])
def test_a_swap_is_refused_naming_the_field(client, make_night, start_sitting, number, body, status, field):
    night = start_sitting(make_night(EIGHT[:4], game="golf"))
    answer = client.patch(f"/api/nights/{night['id']}/sittings/{number}", json=body, headers=bearer(night["token"]))
    assert answer.status_code == status and field in answer.get_json()["errors"], answer.get_json()


# --- finishing ---------------------------------------------------------------------------------------------------

def test_finishing_leaves_the_tables_still_playing_out(client, make_night, start_sitting, play_table):
    night = start_sitting(make_night(EIGHT[:6], game="gin-rummy", options={"target": 10}, sittings=3))
    tables = night["seatings"][0]["tables"]
    play_table(tables[0], gin_hand(0))
    url, headers = f"/api/nights/{night['id']}", bearer(night["token"])
    finished = client.post(url + "/finish", headers=headers)
    assert finished.status_code == 200
    night = finished.get_json()
    assert night["status"] == "finished" and night["current"] is None
    assert [t["left_out"] for t in night["seatings"][0]["tables"]] == [False, True, True]
    play_table(tables[1], gin_hand(0))  # the game goes on as any game, left out of the night
    board = client.get(url, headers=headers).get_json()["leaderboard"]
    assert sum(line["played"] for line in board) == 2
    assert client.post(url + "/finish", headers=headers).status_code == 409
    assert client.post(url + "/sittings", headers=headers).status_code == 409
    assert client.patch(url + "/players", json={"add": "Zoe"}, headers=headers).status_code == 409


def test_two_players_of_one_night_are_two_people_and_a_merge_carries_the_night(client, group, make_night):
    night = make_night(EIGHT[:4], game="golf")
    ids = {p["name"]: p["id"] for p in night["players"]}
    url = f"/api/groups/{group['id']}/players"
    refused = client.patch(f"{url}/{ids['Cy']}", json={"merge_into": ids["Dee"]}, headers=bearer(group["token"]))
    assert refused.status_code == 409
    assert refused.get_json()["errors"]["merge_into"] == "Cy and Dee came to the same club night: they are two people"
    other = client.post(url, json={"name": "Deborah"}, headers=bearer(group["token"])).get_json()["players"][-1]
    merged = client.patch(f"{url}/{ids['Dee']}", json={"merge_into": other["id"]}, headers=bearer(group["token"]))
    assert merged.status_code == 200, merged.get_json()
    players = client.get(f"/api/nights/{night['id']}", headers=bearer(night["token"])).get_json()["players"]
    assert [(p["id"], p["name"]) for p in players][-1] == (other["id"], "Deborah")


def test_a_refusal_in_french(client, make_night, start_sitting):
    night = start_sitting(make_night(EIGHT[:4], game="golf"))
    answer = client.post(f"/api/nights/{night['id']}/sittings",
                         headers={**bearer(night["token"]), "Accept-Language": "fr"})
    assert answer.status_code == 409 and answer.get_json()["errors"]["sitting"].startswith("la table 1 joue encore")


def test_a_tables_game_opens_from_the_groups_edit_link(app, client, group, make_night, start_sitting):
    night = start_sitting(make_night(EIGHT[:4], game="golf", options={"holes": 1}))
    table = night["seatings"][0]["tables"][0]
    phone = app.test_client()
    phone.get(f"/groups/{group['id']}/join/{group['token']}")
    phone.get(f"/groups/{group['id']}/games/{table['game']}")
    saved = phone.post(f"/games/{table['game']}/rounds", data={f"score-{s}": str(s + 3) for s in range(4)})
    assert saved.status_code in (302, 303)
    assert client.get(f"/api/games/{table['game']}").get_json()["status"] == "finished"
