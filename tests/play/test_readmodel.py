"""The one table view: what the page, the JSON and the sheets all read."""
from __future__ import annotations

import pytest

from scorekeeper.play import tables
from scorekeeper.extensions import db
from scorekeeper.store.models import Game, Round

HOLE = {"players": [{"score": 3}, {"score": 5}, {"score": 5}]}


def stored(app, game_id: str) -> Game:
    return db.session.scalar(db.select(Game).filter_by(public_id=game_id))


def test_the_view_holds_places_notes_rounds_and_the_next_fields(app, create_game, post_round):
    state = create_game("golf", options={"holes": 2})
    post_round(state, HOLE)
    with app.test_request_context():
        view = tables.table_view(stored(app, state["id"]))
    assert [s.place for s in view.seats] == [1, 2, 2]
    assert [s.leading for s in view.seats] == [True, False, False]
    assert [str(r.title) for r in view.rounds] == ["Hole 1"]
    assert view.rounds[0].running == [3, 5, 5]
    assert view.series() == [[3], [5], [5]]
    assert view.notes and view.fields and view.accepts_rounds
    assert str(view.next_title) == "Hole 2"


def test_the_json_reads_the_same_view(client, create_game, post_round):
    state = create_game("golf", options={"holes": 1})
    answer = post_round(state, HOLE).get_json()
    assert [s["place"] for s in answer["standings"]] == [1, 2, 2]
    assert answer["status"] == "finished" and answer["next"] is None and answer["final"] == {}
    assert answer["broken"] is None and answer["preset"] is None
    assert answer["rounds"][0]["running"] == [3, 5, 5]


def test_a_12_hand_round_is_named_by_its_contract(app, create_game, post_round):
    state = create_game("trash-twelve-hands", players=("Ann", "Bob", "Cy", "Di"))
    post_round(state, {"tricks": [4, 3, 3, 3]})
    with app.test_request_context():
        view = tables.table_view(stored(app, state["id"]))
        assert [str(r.title) for r in view.rounds] == ["Hand 1 · Tricks"]
        assert str(view.next_title) == "Hand 2 · Hearts"


def test_the_version_moves_with_every_change_and_polls_get_304(client, create_game, post_round):
    state = create_game("golf")
    first = client.get(f"/api/games/{state['id']}")
    etag = first.headers["ETag"]
    assert client.get(f"/api/games/{state['id']}", headers={"If-None-Match": etag}).status_code == 304
    post_round(state, HOLE)
    again = client.get(f"/api/games/{state['id']}", headers={"If-None-Match": etag})
    assert again.status_code == 200 and again.headers["ETag"] != etag
    assert again.get_json()["version"] > first.get_json()["version"]


def test_an_unchanged_poll_folds_nothing(client, create_game, monkeypatch):
    state = create_game("golf")
    etag = client.get(f"/api/games/{state['id']}").headers["ETag"]

    def no_folding(*args, **kwargs):
        raise AssertionError("a poll of an unchanged game must not fold its rounds")

    monkeypatch.setattr("scorekeeper.play.tables.fold_game", no_folding)
    assert client.get(f"/api/games/{state['id']}", headers={"If-None-Match": etag}).status_code == 304


@pytest.fixture
def broken_game(app, create_game, post_round):
    """A finished one-hole game with a second hole planted as an older version might have stored it."""
    state = create_game("golf", options={"holes": 1})
    post_round(state, HOLE)
    with app.app_context():
        game = stored(app, state["id"])
        db.session.add(Round(game_id=game.id, number=2, data=HOLE))
        game.version += 1
        db.session.commit()
    return state


def test_a_game_whose_stored_rounds_no_longer_fold_still_opens(client, broken_game):
    answer = client.get(f"/api/games/{broken_game['id']}")
    assert answer.status_code == 200
    body = answer.get_json()
    assert body["broken"]["round"] == 2 and "round" in body["broken"]["errors"]
    assert [r["number"] for r in body["rounds"]] == [1]
    assert [s["total"] for s in body["standings"]] == [3, 5, 5]
    page = client.get(f"/games/{broken_game['id']}")
    assert page.status_code == 200
    text = page.get_data(as_text=True)
    assert "no longer fits the game" in text and "not counted" in text


def test_a_broken_game_takes_no_new_round_until_it_is_mended(client, broken_game, post_round):
    refused = post_round(broken_game, HOLE)
    assert refused.status_code == 409 and "round 2" in refused.get_json()["errors"]["round"]
    mended = client.delete(f"/api/games/{broken_game['id']}/rounds/2",
                           headers={"Authorization": f"Bearer {broken_game['token']}"})
    assert mended.status_code == 200 and mended.get_json()["broken"] is None


def test_chase_the_ace_keeps_its_pot_in_final(create_game, post_round):
    state = create_game("chase-the-ace", players=("Ann", "Bob"), options={"lives": 1})
    answer = post_round(state, {"losers": [1]}).get_json()
    assert answer["status"] == "finished" and answer["next"] is None
    assert answer["final"] == {"pot": 0.1}
    assert [s["place"] for s in answer["standings"]] == [1, 2]


def test_the_golf_jar_outlives_the_quarters_game(create_game, post_round):
    state = create_game("golf", players=("Ann", "Bob"), options={"quarters": 1})
    answer = post_round(state, {"players": [{"score": 3}, {"score": 9}]}).get_json()
    assert answer["status"] == "finished" and answer["final"] == {"jar": 1}


def plant(app, state: dict, rounds: list[dict], options: dict | None = None) -> None:
    """Store rounds (and options) as an older, looser version accepted them, bypassing today's checks."""
    with app.app_context():
        game = stored(app, state["id"])
        for number, data in enumerate(rounds, start=len(game.rounds) + 1):
            db.session.add(Round(game_id=game.id, number=number, data=data))
        if options is not None:
            game.options = options
        game.version += 1
        db.session.commit()


def test_a_hand_and_foot_game_stored_before_the_checks_tightened_still_opens(app, client, create_game):
    state = create_game("hand-and-foot", players=("Ann", "Bob"))
    older = {k: v for k, v in state["options"].items() if k != "going_out_books"}  # stored before that option
    good = {"players": [{"clean_books": 1, "melded_points": 100}, {"left_points": 5}]}
    plant(app, state, [good, {"players": [{"clean_books": 1}, {}]}], older)
    body = client.get(f"/api/games/{state['id']}").get_json()
    assert body["options"]["going_out_books"] == "one_clean_three_books"  # the default, listed as in force
    assert body["broken"]["round"] == 2 and set(body["broken"]["errors"]) == {"players.0.melded_points", "players.1"}
    assert [s["total"] for s in body["standings"]] == [150, -5]
    assert client.get(f"/games/{state['id']}").status_code == 200


def test_options_an_older_version_accepted_still_open_and_play(app, client, create_game, post_round):
    state = create_game("golf")
    plant(app, state, [], {**state["options"], "one_eyed_jacks_wild": True})  # no pairing rule: refused today
    answer = post_round(state, {"players": [{"cards": ["J", "2", "3", "4"]}, {"score": 3}, {"score": 3}]})
    assert answer.status_code == 201 and answer.get_json()["rounds"][0]["points"] == [19, 3, 3]
    assert client.get(f"/games/{state['id']}").status_code == 200


def test_a_version_is_folded_once_and_every_change_folds_afresh(app, client, create_game, post_round, monkeypatch,
                                                                another_worker):
    from scorekeeper.rules.golf import RULES

    state = create_game("golf", ["Ann", "Bob"])
    played = []  # the holes the rules play, by number
    real = type(RULES).play
    monkeypatch.setattr(type(RULES), "play", lambda self, table, st, turn, data: played.append(turn.number)
                        or real(self, table, st, turn, data))
    for score in (3, 4, 5):
        post_round(state, {"players": [{"score": score}, {"score": 4}], "knocker": None})
    assert played == [1, 2, 3]  # each hole played once, on top of the game as it stood
    for _ in range(3):
        page = client.get(f"/games/{state['id']}").get_data(as_text=True)
    assert played == [1, 2, 3] and ">12<" in page.replace(" ", "")  # kept since it was saved: no fold at all
    other = another_worker()  # another process, which kept no version (and no page or state; the spectators'
    # page it may read from the database, rendered once for every server)
    assert other.get(f"/api/games/{state['id']}", plays="golf").played == [1, 2, 3]
    post_round(state, {"players": [{"score": 6}, {"score": 4}], "knocker": None})
    assert played == [1, 2, 3, 4]  # this process played the new hole on the version it kept
    # the other process kept the version before: it plays the new hole only
    assert other.get(f"/api/games/{state['id']}", plays="golf").played == [4]
    played.clear()
    edited = client.put(f"/api/games/{state['id']}/rounds/1", json={"data": {"players": [{"score": 9}, {"score": 4}],
                                                                              "knocker": None}},
                        headers={"Authorization": f"Bearer {state['token']}"})
    assert edited.status_code == 200 and edited.get_json()["standings"][0]["total"] == 24
    assert played == [1, 2, 3, 4]  # an edit of an earlier round derives everything after it from the facts
    client.delete(f"/api/games/{state['id']}/rounds/4", headers={"Authorization": f"Bearer {state['token']}"})
    assert [r["number"] for r in client.get(f"/api/games/{state['id']}").get_json()["rounds"]] == [1, 2, 3]
    client.delete(f"/api/games/{state['id']}/rounds/3", headers={"Authorization": f"Bearer {state['token']}"})
    assert "Hole 3" in client.get(f"/games/{state['id']}").get_data(as_text=True)  # back to the third hole


@pytest.mark.parametrize("game, players, data, field", [
    ("hand-and-foot", ("Ann", "Bob"), {"players": [{"clean_books": 2, "dirty_books": 1, "went_out": True},
                                                   {"left_points": 0}]}, "players.0.melded_points"),
    ("chase-the-ace", ("Ann", "Bob", "Cy"), {"cards": ["KH", "KH", "5"]}, "cards"),
    ("golf", ("Ann", "Bob"), {"players": [{"score": 80}, {"score": 5}]}, "players.0.score"),
])
def test_a_round_stored_before_a_new_check_shows_the_game_broken_there(app, client, create_game, game, players,
                                                                       data, field):
    """A game stored by an earlier release, with a round today's checks refuse, still opens, with its edit offered."""
    options = {"values": {"J": 20}, "pairs": "lines"} if game == "golf" else {}
    state = create_game(game, players=players, options=options)
    plant(app, state, [data])
    body = client.get(f"/api/games/{state['id']}").get_json()
    assert body["broken"]["round"] == 1 and field in body["broken"]["errors"]
    page = client.get(f"/games/{state['id']}/edit/{state['token']}", follow_redirects=True)
    assert page.status_code == 200
    assert f"/games/{state['id']}/rounds/1/edit" in page.get_data(as_text=True)  # the edit is offered
