"""Kill -9 the server in the middle of a burst of writes: nothing acknowledged is lost, nothing is doubled."""
from __future__ import annotations

import sqlite3
import threading
import time
from collections import Counter

import httpx
import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from tests.server import Gunicorn

PHONES = 8


def burst(server, games, acknowledged, stop):
    """Each phone posts rounds to its own game as fast as it can, marking each with a unique pair of scores."""

    def phone(i, state):
        auth = {"Authorization": f"Bearer {state['token']}"}
        with httpx.Client(base_url=server.url, timeout=10) as client:
            for n in range(1000):
                if stop.is_set():
                    return
                mark = n  # each phone has its own game; the mark is spread over two in-range scores
                try:
                    answer = client.post(f"/api/games/{state['id']}/rounds", headers=auth,
                                         json={"data": {"players": [{"score": mark % 40}, {"score": mark // 40}]}})
                except httpx.TransportError:
                    return  # the server is gone; this round was never acknowledged
                if answer.status_code == 201:
                    acknowledged[state["id"]].append(mark)

    threads = [threading.Thread(target=phone, args=(i, g)) for i, g in enumerate(games)]
    for t in threads:
        t.start()
    return threads


def integrity_problems(url: str) -> list[str]:
    """Check the database file or cluster the way its own tools do."""
    if url.startswith("sqlite"):
        with sqlite3.connect(make_url(url).database) as conn:
            return [row[0] for row in conn.execute("PRAGMA integrity_check") if row[0] != "ok"]
    engine = create_engine(url)
    try:
        with engine.begin() as conn:
            conn.execute(text("CREATE EXTENSION IF NOT EXISTS amcheck"))
            indexes = conn.execute(text(
                "SELECT c.relname FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid "
                "JOIN pg_namespace n ON n.oid = c.relnamespace JOIN pg_am a ON a.oid = c.relam "
                "WHERE n.nspname = 'public' AND a.amname = 'btree'")).scalars().all()
            for name in indexes:  # raises on a corrupt index, or a row the index lacks
                conn.execute(text("SELECT bt_index_check(CAST(:n AS regclass), true)"), {"n": name})
            for table in ("game", "player", "round", "idempotent_reply", "kept_answer"):
                conn.execute(text(f"SELECT count(*), max(length(CAST(t AS text))) FROM {table} t"))  # reads every row
        return [] if indexes else ["no index was checked"]
    finally:
        engine.dispose()


@pytest.mark.parametrize("threads", [0, 2], ids=["sync", "gthread"])
def test_kill_9_mid_burst_loses_no_acknowledged_round(database_url, tmp_path, threads):
    server = Gunicorn(database_url, tmp_path / "gunicorn.log", workers=4, threads=threads).start()
    try:
        games = [httpx.post(f"{server.url}/api/games", json={"game": "golf", "players": ["Ann", "Bob"],
                                                              "options": {"holes": 100}}).json()
                 for _ in range(PHONES)]
        acknowledged = {g["id"]: [] for g in games}
        stop = threading.Event()
        threads = burst(server, games, acknowledged, stop)
        deadline = time.monotonic() + 20
        while sum(map(len, acknowledged.values())) < 60 and time.monotonic() < deadline:
            time.sleep(0.02)
        server.kill9()  # mid-burst: the phones are still sending
        stop.set()
        for t in threads:
            t.join(30)
    finally:
        server.stop()
    assert sum(map(len, acknowledged.values())) >= 60
    assert integrity_problems(database_url) == []
    server = Gunicorn(database_url, tmp_path / "gunicorn.log", workers=2).start()  # opens cleanly after the crash
    try:
        for game in games:
            rounds = httpx.get(f"{server.url}/api/games/{game['id']}").json()["rounds"]
            marks = [r["data"]["players"][0]["score"] + 40 * r["data"]["players"][1]["score"] for r in rounds]
            assert [r["number"] for r in rounds] == list(range(1, len(rounds) + 1))
            assert set(acknowledged[game["id"]]) <= set(marks)  # every 201 is there
            assert not [m for m, n in Counter(marks).items() if n > 1]  # and nothing twice
            assert len(marks) - len(acknowledged[game["id"]]) <= 1  # at most the one in flight, unacknowledged
        auth = {"Authorization": f"Bearer {games[0]['token']}"}
        after = httpx.post(f"{server.url}/api/games/{games[0]['id']}/rounds", headers=auth,
                           json={"data": {"players": [{"score": 1}, {"score": 1}]}})
        assert after.status_code == 201  # and it takes new rounds
    finally:
        server.stop()
