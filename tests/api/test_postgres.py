"""The same API on PostgreSQL, the database of a shared or hosted install."""
from __future__ import annotations

import pytest
from sqlalchemy import text

from scorekeeper.extensions import db
from tests.api.test_examples import test_example as play_example
from tests.conftest import example_cases

pytestmark = pytest.mark.own_database  # PostgreSQL whatever --db says: run once


@pytest.fixture
def pg_app(make_app):
    """The app on a fresh PostgreSQL database, whatever --db says."""
    return make_app(db_kind="postgres")


@pytest.fixture
def client(pg_app):
    return pg_app.test_client()


def test_schema_uses_jsonb_on_postgres(pg_app):
    with pg_app.app_context():
        kind = db.session.execute(text(
            "SELECT data_type FROM information_schema.columns WHERE table_name='round' AND column_name='data'")).scalar()
    assert kind == "jsonb"


@pytest.mark.parametrize("case", list(example_cases()))
def test_examples_on_postgres(client, case):
    play_example(client, case)


def test_a_whole_game_with_edits_on_postgres(client):
    made = client.post("/api/games", json={"game": "golf", "players": ["Ann", "Bob"], "options": {"holes": 2}})
    game = made.get_json()
    auth = {"Authorization": f"Bearer {game['token']}", "Idempotency-Key": "k1"}
    path = f"/api/games/{game['id']}/rounds"
    first = client.post(path, json={"data": {"players": [{"score": 3}, {"cards": "K 5 5 QS"}]}}, headers=auth)
    again = client.post(path, json={"data": {"players": [{"score": 3}, {"cards": "K 5 5 QS"}]}}, headers=auth)
    assert first.status_code == again.status_code == 201 and again.get_json() == first.get_json()
    auth = {"Authorization": f"Bearer {game['token']}"}
    assert client.post(path, json={"number": 1, "data": {"players": [{"score": 1}, {"score": 1}]}},
                       headers=auth).status_code == 409
    done = client.post(path, json={"data": {"players": [{"score": 1}, {"score": 9}]}}, headers=auth).get_json()
    assert done["status"] == "finished" and done["winners"] == [0]
    edited = client.put(f"{path}/2", json={"data": {"players": [{"score": 40}, {"score": 9}]}}, headers=auth)
    assert edited.get_json()["winners"] == [1]
    assert client.get("/api/games").get_json()[0]["status"] == "finished"


def test_two_phones_saving_the_same_round_at_once_get_one_201_and_one_409(client, pg_app):
    """The second phone waits for the game's lock, then sees round 1 taken: 409, not a 500."""
    import threading

    from sqlalchemy import create_engine

    game = client.post("/api/games", json={"game": "golf", "players": ["Ann", "Bob"]}).get_json()
    other = create_engine(pg_app.config["SQLALCHEMY_DATABASE_URI"])
    with other.connect() as conn:
        trans = conn.begin()
        conn.execute(text("INSERT INTO round (game_id, number, data, created, updated) "
                          "SELECT id, 1, '{}'::jsonb, now(), now() FROM game WHERE public_id = :g"), {"g": game["id"]})
        # as the app's own writer does: every change moves the game's version on
        conn.execute(text("UPDATE game SET version = version + 1 WHERE public_id = :g"), {"g": game["id"]})
        answers = []
        phone = threading.Thread(target=lambda: answers.append(client.post(
            f"/api/games/{game['id']}/rounds", json={"number": 1, "data": {"players": [{"score": 1}, {"score": 2}]}},
            headers={"Authorization": f"Bearer {game['token']}"})))
        phone.start()
        wait_for_a_blocked_insert(other)
        trans.commit()
        phone.join(30)
    other.dispose()
    assert answers[0].status_code == 409
    assert answers[0].get_json()["errors"]["round"] == "round 1 is already saved; the next round is 2"


def wait_for_a_blocked_insert(engine, seconds: float = 20) -> None:
    """Wait until another session waits on a lock (the second phone, on the game's row)."""
    import time

    deadline = time.monotonic() + seconds
    with engine.connect() as conn:
        while time.monotonic() < deadline:
            waiting = conn.execute(text("SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock'"))
            if waiting.scalar():
                return
            time.sleep(0.05)
    raise AssertionError("the second phone's insert never waited on the first")


def test_deleting_the_game_played_next_never_deadlocks_a_write_to_the_one_before(pg_app, client):
    """The earlier game's pointer is cleared with its row locked before the group moves on, as every change
    locks its games before their group: another phone's write to the earlier game waits, and both go through."""
    import re
    import threading

    from sqlalchemy import create_engine

    group = client.post("/api/groups", json={"name": "Locks", "players": ["Ann", "Bob"]}).get_json()
    first = client.post(f"/api/groups/{group['id']}/games", headers={"Authorization": f"Bearer {group['token']}"},
                        json={"game": "golf", "players": ["Ann", "Bob"], "options": {"holes": 1}}).get_json()
    client.post(f"/api/games/{first['id']}/rounds", headers={"Authorization": f"Bearer {first['token']}"},
                json={"data": {"players": [{"score": 1}, {"score": 2}], "knocker": None}})
    with client.session_transaction() as session:
        session["tokens"] = {first["id"]: first["token"]}
    played_next = re.search(r"/games/([\w-]+)", client.post(f"/games/{first['id']}/again").headers["Location"])[1]
    engine = create_engine(pg_app.config["SQLALCHEMY_DATABASE_URI"])
    other = engine.connect()  # another phone's write to the first game: its row, then its group
    writing = other.begin()
    other.execute(text("SELECT id FROM game WHERE public_id = :p FOR UPDATE"), {"p": first["id"]})
    answers = []
    deleting = threading.Thread(target=lambda: answers.append(client.post(f"/games/{played_next}/delete")))
    deleting.start()
    deleting.join(1.0)  # the deletion now waits for the first game's row
    other.execute(text("UPDATE play_group SET version = version + 1 WHERE public_id = :g"), {"g": group["id"]})
    writing.commit()  # no deadlock: the other phone's write goes through
    deleting.join(30)
    other.close()
    engine.dispose()
    assert answers[0].status_code == 302
    assert client.get(f"/api/games/{played_next}").status_code == 404
    assert "follow the new game" not in client.get(f"/games/{first['id']}").get_data(as_text=True)
