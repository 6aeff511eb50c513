"""Races two phones really run into, with parallel requests against gunicorn's workers (SQLite or PostgreSQL)."""
from __future__ import annotations

import threading
from collections import Counter

import httpx
import pytest

TRIES = 8


def at_once(server, *requests):
    """Send the requests at the same moment, each on its own connection; return the answers in order."""
    answers: list[httpx.Response | None] = [None] * len(requests)
    start = threading.Barrier(len(requests))

    def send(i, method, path, kwargs):
        with httpx.Client(base_url=server.url, timeout=30) as client:
            start.wait()
            answers[i] = client.request(method, path, **kwargs)

    threads = [threading.Thread(target=send, args=(i, *r)) for i, r in enumerate(requests)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    return answers


def new_game(server, **options):
    answer = httpx.post(f"{server.url}/api/games", json={"game": "golf", "players": ["Ann", "Bob"],
                                                          "options": options})
    assert answer.status_code == 201, answer.text
    state = answer.json()
    return state, {"Authorization": f"Bearer {state['token']}"}


def hole(a: int, b: int) -> dict:
    return {"data": {"players": [{"score": a}, {"score": b}]}}


def play(server, state, auth, holes: int) -> None:
    for n in range(holes):
        answer = httpx.post(f"{server.url}/api/games/{state['id']}/rounds", json=hole(n, 1), headers=auth)
        assert answer.status_code == 201, answer.text


def state_of(server, state) -> dict:
    answer = httpx.get(f"{server.url}/api/games/{state['id']}")
    assert answer.status_code == 200, answer.text
    return answer.json()


def numbers(server, state) -> list[int]:
    return [r["number"] for r in state_of(server, state)["rounds"]]


def test_deleting_the_last_round_while_another_phone_adds_one(server):
    for _ in range(TRIES):
        state, auth = new_game(server, holes=50)
        play(server, state, auth, 3)
        path = f"/api/games/{state['id']}/rounds"
        delete, add = at_once(server, ("DELETE", f"{path}/3", {"headers": auth}),
                              ("POST", path, {"json": hole(7, 7), "headers": auth}))
        assert add.status_code == 201, add.text
        if delete.status_code == 200:  # the delete went first; the new round took its place
            assert numbers(server, state) == [1, 2, 3]
        else:  # the add went first: round 3 is no longer the last
            assert delete.status_code == 409 and "only the last round can be" in delete.json()["errors"]["round"]
            assert numbers(server, state) == [1, 2, 3, 4]
        assert httpx.post(f"{server.url}{path}", json=hole(1, 1), headers=auth).status_code == 201


def test_editing_and_deleting_the_same_round_at_once(server):
    for _ in range(TRIES):
        state, auth = new_game(server, holes=50)
        play(server, state, auth, 3)
        path = f"/api/games/{state['id']}/rounds/3"
        edit, delete = at_once(server, ("PUT", path, {"json": hole(9, 9), "headers": auth}),
                               ("DELETE", path, {"headers": auth}))
        assert delete.status_code == 200, delete.text
        assert edit.status_code in (200, 404), edit.text  # edited, then deleted; or deleted, then not found
        if edit.status_code == 404:
            assert edit.json()["errors"]["game"] == "there is no round 3 in this game"
        assert numbers(server, state) == [1, 2]


def test_an_edit_that_ends_the_game_while_a_round_is_added(server):
    for _ in range(TRIES):
        state, auth = new_game(server, target=30)  # a layout of 4 cards scores at most 40
        play(server, state, auth, 2)
        path = f"/api/games/{state['id']}/rounds"
        edit, add = at_once(server, ("PUT", f"{path}/2", {"json": hole(35, 0), "headers": auth}),
                            ("POST", path, {"json": hole(1, 1), "headers": auth}))
        assert sorted([edit.status_code, add.status_code]) in ([200, 409], [201, 409]), (edit.text, add.text)
        final = state_of(server, state)
        if edit.status_code == 200:  # the game ended at round 2; the add came too late
            assert add.json()["errors"]["round"] == "the game is over; no more rounds can be added"
            assert final["status"] == "finished" and len(final["rounds"]) == 2
        else:
            assert edit.json()["errors"]["round"].startswith("Hole 3 would come after the end of the game")
            assert final["status"] == "playing" and len(final["rounds"]) == 3


def test_the_same_idempotency_key_sent_at_once_replays_the_first_answer(server):
    for n in range(3):
        state, auth = new_game(server, holes=50)
        auth = {**auth, "Idempotency-Key": f"tap-{n}"}
        path = f"/api/games/{state['id']}/rounds"
        answers = at_once(server, *[("POST", path, {"json": hole(4, 5), "headers": auth})] * 12)
        assert Counter(a.status_code for a in answers) == {201: 12}, [a.text for a in answers if a.status_code != 201]
        assert len({a.text for a in answers}) == 1
        assert numbers(server, state) == [1]


def test_a_round_with_no_number_that_loses_a_race_is_told_what_happened(server):
    for _ in range(TRIES):
        state, auth = new_game(server, holes=1)
        path = f"/api/games/{state['id']}/rounds"
        answers = at_once(server, *[("POST", path, {"json": hole(2, 3), "headers": auth})] * 2)
        assert sorted(a.status_code for a in answers) == [201, 409]
        lost = next(a for a in answers if a.status_code == 409)
        assert lost.json()["errors"]["round"] == "the game is over; no more rounds can be added"
        assert numbers(server, state) == [1]


def test_two_phones_sending_the_same_round_number_store_it_once(server):
    for _ in range(TRIES):
        state, auth = new_game(server, holes=50)
        path = f"/api/games/{state['id']}/rounds"
        answers = at_once(server, *[("POST", path, {"json": {"number": 1, **hole(2, 3)}, "headers": auth})] * 3)
        assert sorted(a.status_code for a in answers) == [201, 409, 409]
        for lost in (a for a in answers if a.status_code == 409):
            assert lost.json()["errors"]["round"] == "round 1 is already saved; the next round is 2"
        assert numbers(server, state) == [1]


@pytest.mark.parametrize("tables", [6])
def test_many_phones_writing_to_one_game_at_once_keep_it_whole(server, tables):
    """Many phones posting to one game without numbers: every 201 is a round, numbered 1..n."""
    state, auth = new_game(server, holes=100)
    path = f"/api/games/{state['id']}/rounds"
    answers = at_once(server, *[("POST", path, {"json": hole(i, 0), "headers": auth}) for i in range(tables * 3)])
    assert all(a.status_code == 201 for a in answers), [a.text for a in answers if a.status_code != 201]
    rounds = state_of(server, state)["rounds"]
    assert [r["number"] for r in rounds] == list(range(1, tables * 3 + 1))
    assert sorted(r["data"]["players"][0]["score"] for r in rounds) == list(range(tables * 3))
