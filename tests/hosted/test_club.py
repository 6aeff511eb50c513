"""Two servers, one club: two app servers (two gunicorn masters on two ports, as two machines) on one PostgreSQL and
one Redis. The rate limits count across both, a round saved through one is on the other's next page, poll and PDF,
and a kill -9 of one server mid-burst loses and doubles nothing acknowledged."""
from __future__ import annotations

import threading
import time
from collections import Counter

import httpx
import pytest

from tests.pdfs import pdf_words
from tests.server import Gunicorn

pytestmark = pytest.mark.own_database  # PostgreSQL always, whatever --db says (it ran in the first pass)

CREATE, WRITES = 12, 20  # the limits, per client: games started, rounds written to one game (an hour each, so
HOLES = 100  # that no window ends within the test)
PHONES = 6
KILL_AFTER = 30  # rounds acknowledged, then server A is killed
LIMITS = {"FLASK_RATELIMIT_ENABLED": "true", "FLASK_RATELIMIT_CREATE": f"{CREATE} per hour",
          "FLASK_RATELIMIT_WRITES": f"{WRITES} per hour", "FLASK_RATELIMIT_PRINT": "200 per hour"}


@pytest.fixture
def club(databases, redis_url, tmp_path):
    """Server A (2 sync workers) and server B (1 gthread worker, so that what it keeps is kept in one process),
    on one PostgreSQL database and one Redis."""
    url = databases.new(kind="postgres")
    settings = {**LIMITS, "FLASK_RATELIMIT_STORAGE_URI": redis_url}
    servers = [Gunicorn(url, tmp_path / "a.log", workers=2, **settings),
               Gunicorn(url, tmp_path / "b.log", workers=1, threads=4, **settings)]
    try:
        for server in servers:
            server.start()
        yield servers
    finally:
        for server in servers:
            server.stop()
        databases.drop(url)


def start_games(a, b, tries: int) -> list[httpx.Response]:
    """Start games from one client, each through the other server in turn."""
    return [httpx.post(f"{(a, b)[n % 2].url}/api/games", timeout=30,
                       json={"game": "golf", "players": ["Ann", "Bob"], "options": {"holes": HOLES}})
            for n in range(tries)]


def shown(server, game: dict, tag: str | None = None) -> dict:
    """Ask a server, as a spectator, for a game's JSON, its page, its live scoreboard (with ``tag``, an older poll's
    ETag) and its sheet's text; say which hole each is at (the rounds stored, plus one)."""
    base, gid = server.url, game["id"]
    state = httpx.get(f"{base}/api/games/{gid}", timeout=30)
    page = httpx.get(f"{base}/games/{gid}", timeout=30)
    poll = httpx.get(f"{base}/games/{gid}/live", headers={"If-None-Match": tag} if tag else {}, timeout=30)
    sheet = httpx.get(f"{base}/games/{gid}/sheet.pdf", timeout=60)
    assert [state.status_code, page.status_code, sheet.status_code] == [200] * 3
    sheet_text = pdf_words(sheet.content)
    return {"json": len(state.json()["rounds"]) + 1, "page": hole_in(page.text), "poll": hole_in(poll.text),
            "sheet": hole_in(sheet_text), "tag": poll.headers.get("ETag", tag)}


def hole_in(text: str) -> int | None:
    """Read the hole a page, scoreboard or sheet is at ("Hole 3 of 100"), None when it says none."""
    for hole in range(1, HOLES + 2):
        if f"Hole {hole} of {HOLES}" in text:
            return hole
    return None


def agrees(seen: dict, hole: int) -> bool:
    return all(seen[what] == hole for what in ("json", "page", "poll", "sheet"))


def test_the_limits_and_what_is_kept_hold_across_two_servers(club):
    a, b = club
    started = start_games(a, b, CREATE + 8)  # in memory, each of the 3 workers would have let 12 through
    assert [s.status_code for s in started] == [201] * CREATE + [429] * 8
    game = started[0].json()
    auth = {"Authorization": f"Bearer {game['token']}"}
    tags = {}
    for server in (a, b):  # each server renders and keeps the game's page, scoreboard and sheet at hole 1
        seen = shown(server, game)
        assert agrees(seen, 1), seen
        tags[server] = seen["tag"]
    for n, (writer, reader) in enumerate([(a, b), (b, a), (a, b)], start=1):
        saved = httpx.post(f"{writer.url}/api/games/{game['id']}/rounds", headers=auth, timeout=30,
                           json={"data": {"players": [{"score": n}, {"score": 10 + n}]}})
        assert saved.status_code == 201, saved.text
        seen = shown(reader, game, tags[reader])  # the other server's next page, poll and PDF
        assert agrees(seen, n + 1), (n, seen)
        tags[reader] = seen["tag"]
    rounds = [httpx.post(f"{(a, b)[n % 2].url}/api/games/{game['id']}/rounds", headers=auth, timeout=30,
                         json={"data": {"players": [{"score": 1}, {"score": 1}]}}).status_code for n in range(WRITES)]
    assert rounds == [201] * (WRITES - 3) + [429] * 3  # one game's writes, counted across both servers


def phone(servers: list, dead: set, game: dict, acknowledged: list, refused: list, stop: threading.Event) -> None:
    """A phone saving rounds to its game through both servers in turn, each with its own Idempotency-Key; a round a
    server did not answer (it was killed) is sent again, with the same key, to the other. Stops when refused (429)."""
    auth = {"Authorization": f"Bearer {game['token']}"}
    for n in range(WRITES * 2):
        body = {"data": {"players": [{"score": n % 40}, {"score": n // 40}]}}  # each round marked by its scores
        for attempt in range(len(servers)):
            if stop.is_set():
                return
            server = servers[(n + attempt) % len(servers)]
            if server in dead:
                continue
            try:
                answer = httpx.post(f"{server.url}/api/games/{game['id']}/rounds", json=body, timeout=30,
                                    headers={**auth, "Idempotency-Key": f"round-{n}"})
            except httpx.TransportError:
                dead.add(server)  # the load balancer takes it out: the round goes to the other server
                continue
            if answer.status_code == 429:
                refused.append(n)
                return
            assert answer.status_code == 201, answer.text
            acknowledged.append(n)
            break


def test_kill_9_of_one_server_mid_burst_loses_and_doubles_nothing(club):
    a, b = club
    games = [answer.json() for answer in start_games(a, b, PHONES)]
    tags = {server: {g["id"]: shown(server, g)["tag"] for g in games[:2]} for server in (a, b)}
    acknowledged = {g["id"]: [] for g in games}
    refused = {g["id"]: [] for g in games}
    dead: set = set()
    stop = threading.Event()
    phones = [threading.Thread(target=phone, args=([a, b], dead, g, acknowledged[g["id"]], refused[g["id"]], stop))
              for g in games]
    for thread in phones:
        thread.start()
    deadline = time.monotonic() + 60
    while sum(map(len, acknowledged.values())) < KILL_AFTER and time.monotonic() < deadline:
        time.sleep(0.02)
    a.kill9()  # machine A gone, master and workers, while the phones are sending through it
    for thread in phones:
        thread.join(120)
    stop.set()
    assert not any(thread.is_alive() for thread in phones)
    assert sum(map(len, acknowledged.values())) >= KILL_AFTER and a in dead

    a.start()  # machine A back, on the same database and Redis
    for game in games:
        marks = acknowledged[game["id"]]
        assert refused[game["id"]], "every phone reached the limit"
        assert len(marks) <= WRITES  # the writes of each game counted across both servers, as one limit
        state = httpx.get(f"{b.url}/api/games/{game['id']}", timeout=30).json()
        stored = [r["data"]["players"][0]["score"] + 40 * r["data"]["players"][1]["score"] for r in state["rounds"]]
        assert [r["number"] for r in state["rounds"]] == list(range(1, len(stored) + 1))
        assert Counter(stored) == Counter(marks)  # every round acknowledged stored once; nothing else
    for game in games[:2]:  # every page, poll and sheet agrees, on both servers, from tags taken before the burst
        hole = len(acknowledged[game["id"]]) + 1
        for server in (a, b):
            seen = shown(server, game, tags[server][game["id"]])
            assert agrees(seen, hole), (server.url, seen)
