"""Several app servers on one database share nothing else: a write on one is seen, and replayed, on the other."""
from __future__ import annotations

import httpx
import pytest

from tests.server import Gunicorn


@pytest.fixture
def two_servers(database_url, tmp_path):
    """Two gunicorn servers, 2 workers each, on the same database."""
    servers = [Gunicorn(database_url, tmp_path / f"gunicorn{i}.log", workers=2, threads=2 * i).start()  # sync, gthread
               for i in range(2)]
    yield servers
    for server in servers:
        server.stop()


def test_a_round_saved_on_one_server_is_polled_and_replayed_on_the_other(two_servers):
    one, other = two_servers
    state = httpx.post(f"{one.url}/api/games", json={"game": "trash", "players": ["Ann", "Bob"]}).json()
    path = f"/api/games/{state['id']}"
    first = httpx.get(other.url + path)
    etag = first.headers["ETag"]
    assert httpx.get(other.url + path, headers={"If-None-Match": etag}).status_code == 304
    auth = {"Authorization": f"Bearer {state['token']}", "Idempotency-Key": "tap-1"}
    saved = httpx.post(f"{one.url}{path}/rounds", json={"data": {"winner": 0}}, headers=auth)
    assert saved.status_code == 201
    polled = httpx.get(other.url + path, headers={"If-None-Match": etag})
    assert polled.status_code == 200 and len(polled.json()["rounds"]) == 1
    replayed = httpx.post(f"{other.url}{path}/rounds", json={"data": {"winner": 0}}, headers=auth)
    assert replayed.status_code == 201 and replayed.json() == saved.json()
    assert len(httpx.get(one.url + path).json()["rounds"]) == 1
