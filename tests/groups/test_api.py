"""The groups' JSON API: every answer of api.md's "Groups", and every error path."""
from __future__ import annotations

import pytest

from tests.groups.conftest import bearer


def test_a_group_is_made_with_its_players_and_two_links(client, make_group):
    group = make_group()
    assert group["name"] == "Sunday Golf" and [p["name"] for p in group["players"]] == ["Ann", "Bob", "Cy"]
    assert group["games"] == [] and group["token"] and "/groups/" + group["id"] in group["view"]
    key = group["view"].split("view=")[1]
    assert key != group["token"]
    read = client.get(f"/api/groups/{group['id']}?view={key}")
    assert read.status_code == 200 and read.get_json()["name"] == "Sunday Golf"
    assert "token" not in read.get_json() and read.headers["Cache-Control"] == "no-store"
    assert client.get(f"/api/groups/{group['id']}", headers=bearer(group["token"])).status_code == 200


@pytest.mark.parametrize("body, field", [
    ({}, "name"), ({"name": ""}, "name"), ({"name": "x" * 61}, "name"), ({"name": 5}, "name"),
    ({"name": "A", "players": "Ann"}, "players"), ({"name": "A", "players": ["Ann", "ann"]}, "players.1"),
    ({"name": "A", "players": ["x" * 41]}, "players.0"),
])
def test_a_group_refused_names_the_field(client, body, field):
    answer = client.post("/api/groups", json=body)
    assert answer.status_code == 422 and field in answer.get_json()["errors"]


def test_a_group_body_must_be_a_json_object(client):
    assert client.post("/api/groups", data="[1]", content_type="application/json").status_code == 400
    assert client.post("/api/groups", data="name").get_json()["errors"]["body"]


def test_a_stranger_gets_404_everywhere_and_learns_nothing(client, make_group, create_game):
    group = make_group()
    gid = group["id"]
    key = group["view"].split("view=")[1]
    game = create_game()
    for method, path in [("get", f"/api/groups/{gid}"), ("get", f"/api/groups/{gid}/stats"),
                         ("post", f"/api/groups/{gid}/players"), ("patch", f"/api/groups/{gid}/players/1"),
                         ("post", f"/api/groups/{gid}/games"), ("put", f"/api/groups/{gid}/games/{game['id']}")]:
        for headers, query in [({}, ""), (bearer("wrong"), ""), ({}, "?view=wrong"), ({}, f"?view={group['token']}"),
                               (bearer(key), "")]:
            answer = getattr(client, method)(path + query, headers=headers, json={"name": "Dee"})
            assert answer.status_code == 404, (method, path, headers, query)
            assert answer.get_json() == client.get("/api/groups/nosuchgroup").get_json()


def test_a_reader_with_the_view_key_cannot_write(client, make_group, create_game):
    group = make_group()
    view = "?view=" + group["view"].split("view=")[1]
    gid = group["id"]
    assert client.post(f"/api/groups/{gid}/players{view}", json={"name": "Dee"}).status_code == 401
    answer = client.post(f"/api/groups/{gid}/players{view}", json={"name": "Dee"}, headers=bearer("nope"))
    assert answer.status_code == 403 and "token" in answer.get_json()["errors"]
    assert client.patch(f"/api/groups/{gid}/players/1{view}", json={"name": "X"}).status_code == 401
    assert client.post(f"/api/groups/{gid}/games{view}", json={"game": "golf"}).status_code == 401
    game = create_game()
    assert client.put(f"/api/groups/{gid}/games/{game['id']}{view}").status_code == 401
    names = [p["name"] for p in client.get(f"/api/groups/{gid}{view}").get_json()["players"]]
    assert names == ["Ann", "Bob", "Cy"]


def test_players_join_with_unique_names_and_are_renamed_everywhere(client, make_group, play_golf):
    group = make_group()
    gid, auth = group["id"], bearer(group["token"])
    added = client.post(f"/api/groups/{gid}/players", json={"name": "  Dee  "}, headers=auth)
    assert added.status_code == 201 and added.get_json()["players"][-1]["name"] == "Dee"
    for name, status in [("dee", 422), ("", 422), (7, 422), ("x" * 41, 422)]:
        answer = client.post(f"/api/groups/{gid}/players", json={"name": name}, headers=auth)
        assert answer.status_code == status and "name" in answer.get_json()["errors"]
    game = play_golf(group, ["Ann", "Bob"], [[3, 5]])
    ann = next(p for p in added.get_json()["players"] if p["name"] == "Ann")
    renamed = client.patch(f"/api/groups/{gid}/players/{ann['id']}", json={"name": "Annie"}, headers=auth)
    assert renamed.status_code == 200 and ann["id"] in [p["id"] for p in renamed.get_json()["players"]]
    assert renamed.get_json()["games"][0]["players"] == ["Annie", "Bob"]
    assert client.get(f"/api/games/{game['id']}").get_json()["players"] == ["Annie", "Bob"]
    bob = next(p for p in added.get_json()["players"] if p["name"] == "Bob")
    clash = client.patch(f"/api/groups/{gid}/players/{ann['id']}", json={"name": "BOB"}, headers=auth)
    assert clash.status_code == 422 and "name" in clash.get_json()["errors"]
    assert client.patch(f"/api/groups/{gid}/players/999", json={"name": "Z"}, headers=auth).status_code == 404
    assert client.patch(f"/api/groups/{gid}/players/{bob['id']}", json={}, headers=auth).status_code == 422
    look = client.patch(f"/api/groups/{gid}/players/{bob['id']}", json={"colour": "#ff0000", "emoji": "🐢"},
                        headers=auth)
    assert look.status_code == 200
    assert {"colour": "#ff0000", "emoji": "🐢"}.items() <= next(
        p for p in look.get_json()["players"] if p["id"] == bob["id"]).items()
    bad = client.patch(f"/api/groups/{gid}/players/{bob['id']}", json={"colour": "red", "emoji": "ab"}, headers=auth)
    assert bad.status_code == 422 and set(bad.get_json()["errors"]) == {"colour", "emoji"}


def test_a_name_a_table_takes_for_another_is_that_player_in_a_group(app, client, make_group, create_game):
    """A table takes 😀 and 😀️ (the same face, with the emoji style mark) as one name: so does a group, when a player
    joins, is renamed, or sits at a game. A game of before, with both at one table, keeps two players."""
    face, styled = "\U0001f600", "\U0001f600\ufe0f"
    group = make_group(players=(face, "Ann", "Bob"))
    gid, auth = group["id"], bearer(group["token"])
    joined = client.post(f"/api/groups/{gid}/players", json={"name": styled}, headers=auth)
    assert joined.status_code == 422 and joined.get_json()["errors"] == {"name": f"{styled} is already in this group"}
    ann = group["players"][1]["id"]
    renamed = client.patch(f"/api/groups/{gid}/players/{ann}", json={"name": "Ann\u200d" + styled}, headers=auth)
    assert renamed.status_code == 200  # another name
    renamed = client.patch(f"/api/groups/{gid}/players/{ann}", json={"name": styled}, headers=auth)
    assert renamed.status_code == 422 and "name" in renamed.get_json()["errors"]
    started = client.post(f"/api/groups/{gid}/games", headers=auth, json={"game": "golf", "players": [styled, "Bob"]})
    assert started.status_code == 201
    players = client.get(f"/api/groups/{gid}", headers=auth).get_json()["players"]
    assert [p["name"] for p in players] == [face, "Ann\u200d" + styled, "Bob"]  # 😀️ sat as the group's 😀

    older = create_game("golf", ["Cy", "Dee"])
    with app.app_context():  # a game of before names were read as one: both faces at one table
        from scorekeeper.extensions import db
        from scorekeeper.store.models import Game
        game = db.session.scalar(db.select(Game).where(Game.public_id == older["id"]))
        game.players[0].name, game.players[1].name = face, styled
        db.session.commit()
    joined = client.put(f"/api/groups/{gid}/games/{older['id']}", headers={**auth, "X-Game-Token": older["token"]})
    assert joined.status_code == 200, joined.get_json()
    players = client.get(f"/api/groups/{gid}", headers=auth).get_json()["players"]
    assert [p["name"] for p in players] == [face, "Ann\u200d" + styled, "Bob", styled]  # two people: two players


@pytest.mark.parametrize("emoji, taken", [
    ("🐢", True), ("👍🏽", True), ("🇫🇷", True), ("👨\u200d👩\u200d👧\u200d👦", True), ("🏳️\u200d🌈", True), ("1️⃣", True),
    ("♠️", True), ("★", True), ("♪", True), ("🂡", True),
    ("🐢🐢", False), ("ab", False), ("a", False), ("🐢 ", False), ("\u200d", False), ("★★", False),
])
def test_a_players_emoji_is_one_emoji_however_it_is_made(client, make_group, emoji, taken):
    group = make_group(players=("Ann", "Bob"))
    member = group["players"][0]["id"]
    answer = client.patch(f"/api/groups/{group['id']}/players/{member}", json={"emoji": emoji},
                          headers=bearer(group["token"]))
    assert answer.status_code == (200 if taken else 422), answer.get_json()
    if not taken:
        assert answer.get_json()["errors"] == {"emoji": "an emoji is one symbol, like 🐢"}


@pytest.mark.parametrize("body, said", [
    ({"merge_into": None}, "must be a player's id, a whole number from this group's players"),
    ({"merge_into": True}, "must be a player's id, a whole number from this group's players"),
    ({"merge_into": 2.0}, "must be a player's id, a whole number from this group's players"),
    ({"name": "Zed", "merge_into": 2}, "merge, or rename and colour: one at a time"),
])
def test_a_merge_that_names_no_player_is_refused_in_words(client, make_group, body, said):
    group = make_group(players=("Ann", "Bob"))
    ann = group["players"][0]["id"]
    answer = client.patch(f"/api/groups/{group['id']}/players/{ann}", json=body, headers=bearer(group["token"]))
    assert answer.status_code == 422 and answer.get_json()["errors"] == {"merge_into": said}
    shown = client.get(f"/api/groups/{group['id']}", headers=bearer(group["token"])).get_json()
    assert [p["name"] for p in shown["players"]] == ["Ann", "Bob"]


def test_an_emoji_chosen_before_emoji_were_read_whole_does_not_stop_a_rename(app, client, make_group):
    group = make_group(players=("Ann", "Bob"))
    member = group["players"][0]["id"]
    with app.app_context():  # taken by the check of before (any printable symbols)
        from scorekeeper.extensions import db
        from scorekeeper.store.models import Member
        db.session.get(Member, member).emoji = "☆☆"
        db.session.commit()
    answer = client.patch(f"/api/groups/{group['id']}/players/{member}", json={"name": "Annie", "colour": "#00ff00"},
                          headers=bearer(group["token"]))
    assert answer.status_code == 200, answer.get_json()
    assert {"name": "Annie", "emoji": "☆☆"}.items() <= answer.get_json()["players"][0].items()


def test_two_names_of_one_person_merge_into_one(client, make_group, play_golf):
    group = make_group(players=("Ann", "Bob", "Robert"))
    gid, auth = group["id"], bearer(group["token"])
    ids = {p["name"]: p["id"] for p in group["players"]}
    play_golf(group, ["Ann", "Bob"], [[3, 5]])
    play_golf(group, ["Ann", "Robert"], [[6, 2]])
    both = play_golf(group, ["Bob", "Robert"], [[1, 1]])
    refused = client.patch(f"/api/groups/{gid}/players/{ids['Bob']}", json={"merge_into": ids["Robert"]}, headers=auth)
    assert refused.status_code == 409 and "merge_into" in refused.get_json()["errors"]
    client.delete(f"/api/games/{both['id']}", headers=bearer(both["token"]))
    for body, status in [({"merge_into": ids["Bob"]}, 422), ({"merge_into": 999}, 404), ({"merge_into": "x"}, 422)]:
        answer = client.patch(f"/api/groups/{gid}/players/{ids['Bob']}", json=body, headers=auth)
        assert answer.status_code == status and "merge_into" in answer.get_json()["errors"]
    merged = client.patch(f"/api/groups/{gid}/players/{ids['Bob']}", json={"merge_into": ids["Robert"]}, headers=auth)
    assert merged.status_code == 200
    assert [p["name"] for p in merged.get_json()["players"]] == ["Ann", "Robert"]
    assert [g["players"] for g in merged.get_json()["games"]] == [["Ann", "Robert"], ["Ann", "Robert"]]
    stats = client.get(f"/api/groups/{gid}/stats", headers=auth).get_json()
    robert = next(p for p in stats["players"] if p["name"] == "Robert")
    assert robert["played"] == 2 and robert["wins"] == 1


def test_a_game_started_in_a_group_lists_newest_first_with_its_status(client, make_group, play_golf):
    group = make_group()
    first = play_golf(group, ["Ann", "Bob"], [[3, 5], [4, 4]])
    second = play_golf(group, ["Cy", "Ann", "Eve"], [[2, 9, 1], [0, 0, 0]], finish=False)
    listed = client.get(f"/api/groups/{group['id']}", headers=bearer(group["token"])).get_json()
    assert [p["name"] for p in listed["players"]] == ["Ann", "Bob", "Cy", "Eve"]
    assert [g["id"] for g in listed["games"]] == [second["id"], first["id"]]
    playing, done = listed["games"]
    assert playing["status"] == "playing" and playing["finished"] is None and playing["winners"] == []
    assert done == {**done, "game": "golf", "name": "Golf", "players": ["Ann", "Bob"], "status": "finished",
                    "winners": [0]}
    assert done["finished"] and [(s["name"], s["total"], s["place"]) for s in done["standings"]] == \
        [("Ann", 7, 1), ("Bob", 9, 2)]


@pytest.mark.parametrize("body, field", [
    ({"game": "nope", "players": ["Ann", "Bob"]}, "game"), ({"game": "golf", "players": ["Ann"]}, "players"),
    ({"game": "golf", "players": ["Ann", "ann"]}, "players.1"),
    ({"game": "golf", "players": ["Ann", "Bob"], "options": {"holes": 0}}, "options.holes"),
])
def test_a_game_refused_in_a_group_names_the_field_and_adds_no_one(client, make_group, body, field):
    group = make_group()
    answer = client.post(f"/api/groups/{group['id']}/games", json=body, headers=bearer(group["token"]))
    assert answer.status_code == 422 and field in answer.get_json()["errors"]
    listed = client.get(f"/api/groups/{group['id']}", headers=bearer(group["token"])).get_json()
    assert listed["games"] == [] and len(listed["players"]) == 3


def test_an_existing_game_joins_with_both_tokens(client, make_group, create_game, post_round):
    group = make_group()
    gid, auth = group["id"], bearer(group["token"])
    game = create_game("golf", ["Ann", "Zoe"], {"holes": 1})
    post_round(game, {"players": [{"score": 4}, {"score": 2}], "knocker": None})
    path = f"/api/groups/{gid}/games/{game['id']}"
    assert client.put(path, headers=auth).get_json()["errors"]["game_token"]
    assert client.put(path, headers=auth).status_code == 401
    assert client.put(path, headers={**auth, "X-Game-Token": "wrong"}).status_code == 403
    assert client.put(f"/api/groups/{gid}/games/nosuchgame", headers={**auth, "X-Game-Token": "x"}).status_code == 404
    joined = client.put(path, headers={**auth, "X-Game-Token": game["token"]})
    assert joined.status_code == 200 and [g["id"] for g in joined.get_json()["games"]] == [game["id"]]
    assert "Zoe" in [p["name"] for p in joined.get_json()["players"]]
    stats = client.get(f"/api/groups/{gid}/stats", headers=auth).get_json()
    assert stats["games"] == 1 and next(p for p in stats["players"] if p["name"] == "Zoe")["wins"] == 1
    other = client.post("/api/groups", json={"name": "Others"}).get_json()
    moved = client.put(f"/api/groups/{other['id']}/games/{game['id']}",
                       headers={**bearer(other["token"]), "X-Game-Token": game["token"]})
    assert moved.status_code == 409 and "game" in moved.get_json()["errors"]


@pytest.mark.parametrize("query, field", [("?game=nope", "game"), ("?since=2026-13-01", "since"),
                                          ("?until=yesterday", "until"), ("?since=2026-02-01&until=2026-01-01", "until")])
def test_stats_filters_refused_name_the_field(client, make_group, query, field):
    group = make_group()
    answer = client.get(f"/api/groups/{group['id']}/stats{query}", headers=bearer(group["token"]))
    assert answer.status_code == 422 and field in answer.get_json()["errors"]


def test_the_last_day_there_is_counts_every_game(client, make_group, play_golf):
    group = make_group()
    play_golf(group, ["Ann", "Bob"], [[1, 5]])
    answer = client.get(f"/api/groups/{group['id']}/stats?until=9999-12-31&since=0001-01-01",
                        headers=bearer(group["token"]))
    assert answer.status_code == 200 and answer.get_json()["games"] == 1


def test_a_page_of_games_must_be_a_whole_number(client, make_group):
    group = make_group()
    for page in ("0", "x", "-1", "²", "٣", "1" * 40):
        answer = client.get(f"/api/groups/{group['id']}?page={page}", headers=bearer(group["token"]))
        assert answer.status_code == 422 and "page" in answer.get_json()["errors"]


def test_an_access_code_guards_starting_a_group(make_app):
    client = make_app(ACCESS_CODE="sesame").test_client()
    assert client.post("/api/groups", json={"name": "A"}).status_code == 401
    assert client.post("/api/groups", json={"name": "A"}, headers={"X-Access-Code": "no"}).status_code == 403
    assert client.post("/api/groups", json={"name": "A"}, headers={"X-Access-Code": "sesame"}).status_code == 201
