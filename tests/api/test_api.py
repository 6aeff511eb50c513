"""The JSON API: every endpoint, and every error status with the field it names."""
from __future__ import annotations

import pytest

from tests.helpers import auth

GOLF_HOLE = {"players": [{"cards": ["K", "5", "5", "Q"]}, {"cards": ["A", "2", "3", "4"]}, {"score": 7}]}


def test_rules_lists_every_game_with_options(client):
    games = {g["key"]: g for g in client.get("/api/rules").get_json()}
    assert games["golf"]["min_players"] == 2 and games["golf"]["max_players"] == 12
    assert games["golf"]["options"]["layout"] == {"default": 4, "choices": [4, 6, 8, 9]}
    assert games["golf"]["options"]["holes"]["default"] is None


def test_create_game_returns_state_and_token(create_game):
    state = create_game("golf", ["Ann", "Bob", "Cy"], {"holes": 2})
    assert state["token"] and len(state["id"]) >= 16
    assert state["options"]["holes"] == 2 and state["options"]["pairs"] == "none"
    assert state["status"] == "playing" and state["winners"] == []
    assert state["next"] == {"round": 1, "dealer": 0}
    assert [s["total"] for s in state["standings"]] == [0, 0, 0]


def test_list_games_newest_first(client, create_game):
    first = create_game(players=["A", "B"])
    second = create_game(players=["C", "D"])
    listed = client.get("/api/games").get_json()
    assert [g["id"] for g in listed[:2]] == [second["id"], first["id"]]
    assert listed[0] == {"id": second["id"], "game": "golf", "players": ["C", "D"], "status": "playing",
                         "created": listed[0]["created"]}


def test_round_edit_and_delete_rederive(client, create_game, post_round):
    state = create_game(options={"holes": 2})
    assert post_round(state, GOLF_HOLE).status_code == 201
    answer = post_round(state, GOLF_HOLE)
    assert answer.get_json()["status"] == "finished"
    edit = client.put(f"/api/games/{state['id']}/rounds/1", json={"data": {"players": [{"score": 0}] * 3}},
                      headers=auth(state))
    assert edit.status_code == 200
    assert [s["total"] for s in edit.get_json()["standings"]] == [20, 10, 7]
    gone = client.delete(f"/api/games/{state['id']}/rounds/2", headers=auth(state))
    assert gone.status_code == 200 and gone.get_json()["status"] == "playing"
    assert gone.get_json()["next"] == {"round": 2, "dealer": 1}


def test_finish_by_hand_stays_finished_through_edits(client, create_game, post_round):
    state = create_game()
    post_round(state, GOLF_HOLE)
    done = client.post(f"/api/games/{state['id']}/finish", headers=auth(state))
    assert done.status_code == 200
    assert done.get_json()["status"] == "finished" and done.get_json()["winners"] == [2]
    edit = client.put(f"/api/games/{state['id']}/rounds/1", json={"data": GOLF_HOLE}, headers=auth(state))
    assert edit.get_json()["status"] == "finished"


def test_idempotency_key_replays_the_first_answer(client, create_game, post_round):
    state = create_game()
    first = post_round(state, GOLF_HOLE, headers={"Idempotency-Key": "tap-1"})
    again = post_round(state, GOLF_HOLE, headers={"Idempotency-Key": "tap-1"})
    assert first.status_code == again.status_code == 201
    assert again.get_json() == first.get_json()
    assert len(client.get(f"/api/games/{state['id']}").get_json()["rounds"]) == 1


def test_two_long_idempotency_keys_that_differ_only_at_the_end_are_two_writes(client, create_game):
    state = create_game("golf", ["Ann", "Bob"])
    stem = "k" * 200
    for score in (1, 2):
        answer = client.post(f"/api/games/{state['id']}/rounds",
                             json={"data": {"players": [{"score": score}, {"score": 9}]}},
                             headers={**auth(state), "Idempotency-Key": f"{stem}{score}"})
        assert answer.status_code in (201, 400), answer.get_json()
        if answer.status_code == 201:  # taken: it must be stored as sent
            assert answer.get_json()["rounds"][-1]["data"]["players"][0]["score"] == score


def test_a_long_idempotency_key_sent_again_replays_its_first_answer(client, create_game):
    state = create_game("golf", ["Ann", "Bob"])
    headers = {**auth(state), "Idempotency-Key": "k" * 500}
    body = {"data": {"players": [{"score": 4}, {"score": 9}]}}
    first = client.post(f"/api/games/{state['id']}/rounds", json=body, headers=headers)
    again = client.post(f"/api/games/{state['id']}/rounds", json=body, headers=headers)
    assert first.status_code == again.status_code == 201 and first.get_json() == again.get_json()
    assert len(client.get(f"/api/games/{state['id']}").get_json()["rounds"]) == 1


def test_an_api_key_is_never_taken_for_a_round_forms_entry_key(client, create_game):
    """The round form keeps its entry keys beside the API's, as "entry:<key>": an API key written that way is
    its own write, not the form's (a 303 replay with no Location, or a form entry taken as saved)."""
    state = create_game("golf", ["Ann", "Bob"])
    client.get(f"/games/{state['id']}/edit/{state['token']}")
    client.post(f"/games/{state['id']}/rounds", data={"entry_key": "formkey12345", "score-0": "3", "score-1": "5"})
    answer = client.post(f"/api/games/{state['id']}/rounds", json={"data": {"players": [{"score": 1}, {"score": 2}]}},
                         headers={**auth(state), "Idempotency-Key": "entry:formkey12345"})
    assert answer.status_code == 201 and len(answer.get_json()["rounds"]) == 2


def test_round_number_taken_is_409(create_game, post_round):
    state = create_game()
    assert post_round(state, GOLF_HOLE, number=1).status_code == 201
    answer = post_round(state, GOLF_HOLE, number=1)
    assert answer.status_code == 409 and "round" in answer.get_json()["errors"]


@pytest.mark.parametrize("body, content_type", [
    (b"not json", "application/json"),
    (b"[1, 2]", "application/json"),
    (b'"text"', "application/json"),
    (b"{}", "text/plain"),
    (b"\xff\xfe", "application/json"),
    (b'{"data": NaN}', "application/json"),
    (b'{"data": {"x": Infinity}}', "application/json"),
    (b"[" * 100000 + b"]" * 100000, "application/json"),
    (b'{"a":' * 50 + b"1" + b"}" * 50, "application/json"),
])
def test_body_that_is_not_a_json_object_is_400(client, create_game, body, content_type):
    state = create_game()
    for method, path, headers in [("post", "/api/games", {}),
                                  ("post", f"/api/games/{state['id']}/rounds", auth(state))]:
        answer = getattr(client, method)(path, data=body, content_type=content_type, headers=headers)
        assert answer.status_code == 400
        assert "body" in answer.get_json()["errors"]


def test_missing_token_is_401_and_wrong_token_is_403(client, create_game):
    state = create_game()
    path = f"/api/games/{state['id']}/rounds"
    assert client.post(path, json={"data": GOLF_HOLE}).status_code == 401
    assert "token" in client.post(path, json={"data": GOLF_HOLE}).get_json()["errors"]
    wrong = client.post(path, json={"data": GOLF_HOLE}, headers=auth(state, "nope"))
    assert wrong.status_code == 403 and "token" in wrong.get_json()["errors"]
    other = create_game()
    assert client.post(path, json={"data": GOLF_HOLE}, headers=auth(other)).status_code == 403
    assert client.post(f"/api/games/{state['id']}/finish", headers={"Authorization": "Basic x"}).status_code == 401


@pytest.mark.parametrize("method, path", [
    ("get", "/api/games/nope"),
    ("post", "/api/games/nope/rounds"),
    ("put", "/api/games/nope/rounds/1"),
    ("delete", "/api/games/nope/rounds/1"),
    ("post", "/api/games/nope/finish"),
    ("get", "/api/nothing-here"),
])
def test_unknown_game_is_404(client, method, path):
    answer = getattr(client, method)(path, json={"data": {}})
    assert answer.status_code == 404
    assert answer.get_json()["errors"]


@pytest.mark.parametrize("n", ["1", "7", "0", "-1", "x", "99999999999"])
def test_unknown_round_is_404(client, create_game, n):
    state = create_game()
    for method in ("put", "delete"):
        answer = getattr(client, method)(f"/api/games/{state['id']}/rounds/{n}", json={"data": GOLF_HOLE},
                                         headers=auth(state))
        assert answer.status_code == 404 and "game" in answer.get_json()["errors"]


def test_new_round_on_finished_game_is_409(create_game, post_round):
    state = create_game(options={"holes": 1})
    post_round(state, GOLF_HOLE)
    answer = post_round(state, GOLF_HOLE)
    assert answer.status_code == 409 and "round" in answer.get_json()["errors"]


def test_deleting_a_round_that_is_not_last_is_409(client, create_game, post_round):
    state = create_game()
    post_round(state, GOLF_HOLE)
    post_round(state, GOLF_HOLE)
    answer = client.delete(f"/api/games/{state['id']}/rounds/1", headers=auth(state))
    assert answer.status_code == 409 and answer.get_json()["errors"] == {"round": (
        "Hole 1 is no longer the last round (Hole 2 was saved since), so it was not deleted; only the last round can be deleted")}


def test_edit_that_breaks_a_later_round_is_409_and_changes_nothing(client, create_game, post_round):
    state = create_game("golf", ["Ann", "Bob", "Cy"], {"quarters": 1})
    # Hole 1: Cy has the highest score and goes out.
    post_round(state, {"players": [{"score": 1}, {"score": 2}, {"score": 9}]})
    post_round(state, {"players": [{"score": 1}, {"score": 2}, None]})
    before = client.get(f"/api/games/{state['id']}").get_json()
    # Making Ann the worst on hole 1 puts her out, so hole 2 (which has her cards) cannot stand.
    answer = client.put(f"/api/games/{state['id']}/rounds/1",
                        json={"data": {"players": [{"score": 9}, {"score": 2}, {"score": 1}]}}, headers=auth(state))
    assert answer.status_code == 409 and answer.get_json()["errors"] == {
        "round": "Hole 2 would no longer stand after this change: Ann would be out of the game by then, yet this "
                 "round has an entry for them; Cy would still be in the game by then, yet this round has no entry "
                 "for them. To make it, delete the later rounds first"}  # the round by its name, in what the change did to it: no field paths, nothing to type
    french = client.put(f"/api/games/{state['id']}/rounds/1", headers={**auth(state), "Accept-Language": "fr"},
                        json={"data": {"players": [{"score": 9}, {"score": 2}, {"score": 1}]}})
    assert french.get_json()["errors"]["round"] == (
        "Trou 2 ne tiendrait plus après cette modification\u00a0: Ann serait alors hors jeu, et pourtant une saisie y "
        "figure à son nom\u202f; Cy serait alors encore en jeu, et pourtant aucune saisie n’y figure à son nom. Pour "
        "l’appliquer, supprimez d’abord les scores qui suivent")  # no "manches" in a game of holes
    # "Ann" keeps its capital after a colon
    assert client.get(f"/api/games/{state['id']}").get_json() == before


def test_a_later_rounds_refusal_says_who_it_is_about():
    from scorekeeper.rules.messages import Msg
    from scorekeeper.rules.spec import Table
    from scorekeeper.play.services import about_player

    table = Table(("Ann", "Bob"), None)
    assert str(about_player(table, "players.1.cards", Msg("a layout has 4 cards"))) == "Bob: a layout has 4 cards"
    assert str(about_player(table, "players.1.cards", Msg("give %(name)s's card", {"name": "Bob"}))) == \
        "give Bob's card"  # named already
    assert str(about_player(Table(("A", "Bob"), None), "players.0.cards", Msg("write A for an ace"))) == \
        "A: write A for an ace"  # a name that is also a word of the message
    assert str(about_player(table, "knocker", Msg("pick a player"))) == "pick a player"


def test_edit_that_ends_the_game_early_is_409(client, create_game, post_round):
    state = create_game("golf", ["Ann", "Bob"], {"holes": None, "target": 20})
    post_round(state, {"players": [{"score": 5}, {"score": 5}]})
    post_round(state, {"players": [{"score": 5}, {"score": 5}]})
    answer = client.put(f"/api/games/{state['id']}/rounds/1", json={"data": {"players": [{"score": 30}, {"score": 5}]}},
                        headers=auth(state))
    assert answer.status_code == 409 and answer.get_json()["errors"]["round"] == (
        "Hole 2 would come after the end of the game with this change: delete the later rounds first")


@pytest.mark.parametrize("body, field", [
    ({"game": "chess", "players": ["A", "B"]}, "game"),
    ({"game": 7, "players": ["A", "B"]}, "game"),
    ({"game": "golf", "players": ["A"]}, "players"),
    ({"game": "golf", "players": "Ann, Bob"}, "players"),
    ({"game": "golf", "players": ["Ann", "ann"]}, "players.1"),
    ({"game": "golf", "players": ["Ann", "   "]}, "players.1"),
    ({"game": "golf", "players": ["Ann", "B" * 41]}, "players.1"),
    ({"game": "golf", "players": ["Ann", None]}, "players.1"),
    ({"game": "golf", "players": ["Ann", "Bo\x07b"]}, "players.1"),
    ({"game": "golf", "players": ["Ann", "Bob\u200b"]}, "players.1"),
    ({"game": "golf", "players": ["A", "B"], "options": {"colour": "red"}}, "options.colour"),
    ({"game": "golf", "players": ["A", "B"], "options": {"layout": 5}}, "options.layout"),
    ({"game": "golf", "players": ["A", "B"], "options": {"holes": "nine"}}, "options.holes"),
    ({"game": "golf", "players": ["A", "B"], "options": {"holes": True}}, "options.holes"),
    ({"game": "golf", "players": ["A", "B"], "options": {"values": {"Z": 3}}}, "options.values"),
    ({"game": "golf", "players": ["A", "B"], "options": {"values": [1]}}, "options.values"),
    ({"game": "golf", "players": ["A", "B"], "options": {"first_dealer": 2}}, "options.first_dealer"),
    ({"game": "golf", "players": ["A", "B"], "options": "fast"}, "options"),
])
def test_bad_new_game_is_422_naming_the_field(client, body, field):
    answer = client.post("/api/games", json=body)
    assert answer.status_code == 422
    assert field in answer.get_json()["errors"], answer.get_json()


@pytest.mark.parametrize("body, field", [
    ({}, "data"),
    ({"data": "hole"}, "data"),
    ({"data": []}, "data"),
    ({"data": {"players": [{"score": 1}] * 3, "note": "\x00"}}, "data"),
    ({"data": {"players": [{"score": 1}] * 3, "note": "\ud800"}}, "data"),
    ({"data": GOLF_HOLE, "number": "one"}, "number"),
    ({"data": {"players": [{"cards": ["K"]}, {"score": 1}, {"score": 1}]}}, "players.0.cards"),
    ({"data": {"players": [{"cards": ["K", "5", "5", "Z"]}, {"score": 1}, {"score": 1}]}}, "players.0.cards"),
    ({"data": {"players": [{"score": "7"}, {"score": 1}, {"score": 1}]}}, "players.0.score"),
    ({"data": {"players": [{"score": 1}, {"score": 1}]}}, "players"),
    ({"data": {"players": [{"score": 1}, {"score": 1}, {"score": 1}], "knocker": 3}}, "knocker"),
    ({"data": {"players": [{"score": 1}, {"score": 1}, {"score": 1}], "knocker": "Ann"}}, "knocker"),
    ({"data": {"players": [{"cards": ["5"] * 4}, {"cards": ["5", "A", "2", "3"]}, {"score": 1}]}}, "players"),
])
def test_bad_round_is_422_naming_the_field_and_stores_nothing(client, create_game, post_round, body, field):
    state = create_game()
    answer = post_round(state, body.get("data"), **{k: v for k, v in body.items() if k not in ("data",)}) \
        if "data" in body else client.post(f"/api/games/{state['id']}/rounds", json=body, headers=auth(state))
    assert answer.status_code == 422
    assert field in answer.get_json()["errors"], answer.get_json()
    assert client.get(f"/api/games/{state['id']}").get_json()["rounds"] == []


@pytest.mark.parametrize("body, field, said", [
    ({"players": [{"score": 1}] * 3, "knocker": 3}, "knocker",
     "there is no player 3 at this table (players are numbered 0 to 2)"),
    ({"players": [{"score": 1}]}, "players", "has 1 entry; there are 3 players"),
    ({"players": [{"score": 1}] * 2}, "players", "has 2 entries; there are 3 players"),
])
def test_a_refusal_says_what_is_wrong_in_table_words(create_game, post_round, body, field, said):
    answer = post_round(create_game(), body)
    assert answer.status_code == 422 and answer.get_json()["errors"][field] == said


def test_method_not_allowed_is_json(client):
    answer = client.patch("/api/games")
    assert answer.status_code == 405 and answer.get_json()["errors"]


def test_huge_body_is_refused_without_a_500(client):
    answer = client.post("/api/games", data=b"{" + b" " * 400_000 + b"}", content_type="application/json")
    assert answer.status_code in (400, 413)


@pytest.mark.parametrize("game, players, stored, then", [
    # rounds a phone could store before the checks of what a table enters were added
    ("gin-rummy", ["Ann", "Bob"], {"result": "draw", "knocker": 0, "deadwood": [None, None]},
     {"result": "knock", "knocker": 1, "deadwood": [30, 5]}),
    ("chase-the-ace", ["Ann", "Bob", "Cy"], {"cards": ["A", "5", "K"], "losers": [2]}, {"losers": [1]}),
    ("trash-twelve-hands", ["Ann", "Bob", "Cy", "Di"], {"tricks": [4, 3, 3, 3], "hearts": [13, 0, 0, 0]},
     {"hearts": [13, 0, 0, 0]}),
])
def test_a_round_stored_before_a_check_of_what_is_entered_still_counts(app, client, create_game, post_round,
                                                                      game, players, stored, then):
    from scorekeeper.extensions import db
    from scorekeeper.store.models import Game, Round

    state = create_game(game, players)
    with app.app_context():  # as an older version stored it
        row = db.session.scalar(db.select(Game).where(Game.public_id == state["id"]))
        db.session.add(Round(game_id=row.id, number=1, data=stored))
        row.version += 1
        db.session.commit()
    now = client.get(f"/api/games/{state['id']}").get_json()
    assert now["broken"] is None and len(now["rounds"]) == 1 and now["next"]["round"] == 2
    assert post_round(state, then).status_code == 201  # the game goes on
    edited = client.put(f"/api/games/{state['id']}/rounds/1", json={"data": stored}, headers=auth(state))
    assert edited.status_code == 422  # but entered again, the round is refused as any new one


@pytest.mark.parametrize("body, field, said", [
    ({"game": None, "players": ["Ann", "Bob"]}, "game", "give the game's key, such as golf (GET /api/rules lists them)"),
    ({"game": ["golf"], "players": ["Ann", "Bob"]}, "game",
     "give the game's key, such as golf (GET /api/rules lists them)"),
    ({"game": "bridge", "players": ["Ann", "Bob"]}, "game", "there is no game called bridge"),
    ({"game": "golf", "players": ["Ann", "Bob"], "preset": ""}, "preset",
     "give a preset's name, or null for none; the presets are: six_card, quarters"),
])
def test_a_game_that_cannot_start_is_said_in_words_not_python(client, body, field, said):
    answer = client.post("/api/games", json=body)
    assert answer.status_code == 422 and answer.get_json()["errors"][field] == said


def test_names_that_read_the_same_are_the_same_name(client):
    """é typed, or e with its accent pasted: two players who both show as "é" would be told apart by nobody."""
    answer = client.post("/api/games", json={"game": "golf", "players": ["e\u0301", "\u00e9"]})
    assert answer.status_code == 422 and "players.1" in answer.get_json()["errors"]
    made = client.post("/api/games", json={"game": "golf", "players": ["Zoe\u0301", "Ann"]}).get_json()
    assert made["players"][0] == "Zo\u00e9"  # stored as one letter, as the keyboard types it
    styled = client.post("/api/games", json={"game": "golf", "players": ["\U0001f600", "\U0001f600\ufe0f"]})
    assert styled.status_code == 422 and "players.1" in styled.get_json()["errors"]  # 😀 and 😀️ look the same


@pytest.mark.parametrize("name", ["\u0639\u0644\u06cc\u200c\u0631\u0636\u0627",  # Persian, with its joiner
                                  "\u0dc1\u0dca\u200d\u0dbb\u0dd3",  # Sinhala, with its joiner
                                  "Mom \U0001f469\u200d\U0001f9b0", "\U0001f468\u200d\U0001f469\u200d\U0001f467",
                                  "Ana \u2764\ufe0f", "\U0001f3f4\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f"])
def test_names_that_need_a_joiner_or_a_style_mark_are_names(client, name):
    """The joiners of Persian and Sinhala spelling and of family emoji never show alone, yet the name needs them."""
    answer = client.post("/api/games", json={"game": "golf", "players": [name, "Bob"]})
    assert answer.status_code == 201, answer.get_json()
    assert answer.get_json()["players"][0] == name


@pytest.mark.parametrize("name", ["Ann\u200b", "A\u202enn", "\u200d"])
def test_a_name_with_a_character_that_does_not_show_is_refused(client, name):
    answer = client.post("/api/games", json={"game": "golf", "players": [name, "Bob"]})
    assert answer.status_code == 422 and "players.0" in answer.get_json()["errors"]


@pytest.mark.parametrize("names", [["Ann", "Ann\u200d"], ["Ann", "\u200cAnn"]])
def test_a_joiner_at_the_end_of_a_name_hides_no_second_player(client, names):
    answer = client.post("/api/games", json={"game": "golf", "players": names})
    assert answer.status_code == 422 and "players.1" in answer.get_json()["errors"]


@pytest.mark.parametrize("players, said", [([], "there are 0"), (["Ann"], "there is 1"),
                                           (["Ann", "Bob", "Cy"], "there are 3")])
def test_a_refused_option_counts_the_players_there_are(client, players, said):
    """Partners refused for a table whose own count is refused too: both messages give the same count (the options
    were checked at the nearest count the game allows, and said "there are 2" beside "there are 0")."""
    answer = client.post("/api/games", json={"game": "hand-and-foot", "players": players,
                                             "options": {"partners": True}})
    errors = answer.get_json()["errors"]
    assert answer.status_code == 422 and errors["options.partners"].endswith(said), errors
    assert said in errors.get("players", said)


def test_a_first_dealer_past_a_table_of_one_is_counted_in_the_singular(client):
    answer = client.post("/api/games", json={"game": "golf", "players": ["Ann"], "options": {"first_dealer": 2}})
    errors = answer.get_json()["errors"]
    assert answer.status_code == 422 and errors["options.first_dealer"] == "there is only 1 player at this table"
    french = client.post("/api/games", json={"game": "golf", "players": ["Ann"], "options": {"first_dealer": 2}},
                         headers={"Accept-Language": "fr"}).get_json()["errors"]
    assert french["options.first_dealer"] == "il n’y a que 1 joueur à cette table"


def test_players_not_in_a_list_are_refused_without_a_count_made_up_for_the_options(client):
    answer = client.post("/api/games", json={"game": "hand-and-foot", "players": "Ann, Bob",
                                             "options": {"partners": True}})
    assert answer.status_code == 422 and list(answer.get_json()["errors"]) == ["players"]
