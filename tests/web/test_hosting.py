"""A hosted install: who sees which games, the access code, deleting a game, headers, limits and logs."""
from __future__ import annotations

import io
import json
import logging
import re
import socket
import time
import uuid

import pytest

from scorekeeper.extensions import limiter
from scorekeeper.live import cache
from tests.conftest import BASE
from tests.helpers import auth, post_new_game, start_from_page
from tests.pdfs import pdf_words
from tests.workers import Worker


def start(client, names=("Ann", "Bob")) -> str:
    """Start a golf game through its page; return its id (this browser now holds its edit link)."""
    return start_from_page(client, "golf", names)


def listed(client) -> tuple[str, list[str]]:
    """Return the home page and the ids the API lists to this browser."""
    return client.get("/").get_data(as_text=True), [g["id"] for g in client.get("/api/games").get_json()]


# --- who sees which games --------------------------------------------------------------------------


def test_a_browser_that_never_joined_sees_no_games(app, client):
    gid = start(client, ["Zed", "Yan"])
    page, ids = listed(app.test_client())
    assert ids == [] and "Zed" not in page and gid not in page


def test_a_browser_sees_the_games_it_started_joined_or_followed(app, client):
    mine = start(client, ["Zed", "Yan"])
    maker = app.test_client()  # another browser starts the other games
    other = maker.post("/api/games", json={"game": "golf", "players": ["Xi", "Wu"]}).get_json()
    unseen = maker.post("/api/games", json={"game": "golf", "players": ["Vi", "Ul"]}).get_json()
    page, ids = listed(client)
    assert mine in ids and "\u2068Zed\u2069, \u2068Yan\u2069" in page and other["id"] not in ids
    follower, joiner = app.test_client(), app.test_client()
    follower.get(f"/games/{other['id']}")
    joiner.get(f"/games/{other['id']}/edit/{other['token']}")
    for browser in (follower, joiner):
        page, ids = listed(browser)
        assert ids == [other["id"]] and "\u2068Xi\u2069, \u2068Wu\u2069" in page and "\u2068Vi\u2069" not in page
    assert unseen["id"] not in listed(client)[1]


def test_an_api_caller_with_a_cookie_jar_finds_the_games_it_started(client, create_game):
    state = create_game(players=["Xi", "Wu"])
    assert [g["id"] for g in client.get("/api/games").get_json()] == [state["id"]]


# --- the install's access code ---------------------------------------------------------------------


@pytest.fixture
def coded(make_app):
    """An install guarded by an access code."""
    return make_app(ACCESS_CODE="club-1234")


def test_without_the_code_no_game_can_be_started(coded):
    client = coded.test_client()
    answer = client.get("/new/golf")
    assert answer.status_code == 302 and answer.headers["Location"].startswith("/access?next=/new/golf")
    assert client.post("/new/golf", data={"players-0": "Ann", "players-1": "Bob"}).status_code == 302
    assert client.post("/api/games", json={"game": "golf", "players": ["A", "B"]}).status_code == 401
    wrong = client.post("/api/games", json={"game": "golf", "players": ["A", "B"]}, headers={"X-Access-Code": "x"})
    assert wrong.status_code == 403 and "access_code" in wrong.get_json()["errors"]
    assert client.get("/api/games").get_json() == []


def test_the_code_opens_starting_games_and_the_full_list(coded):
    client, stranger = coded.test_client(), coded.test_client()
    refused = client.post("/access?next=/new/golf", data={"code": "club-123"})
    assert refused.status_code == 422 and "not this install" in refused.get_data(as_text=True)
    answer = client.post("/access?next=/new/golf", data={"code": "club-1234"})
    assert answer.status_code == 302 and answer.headers["Location"] == "/new/golf"
    gid = start(client, ["Zed", "Yan"])
    api = stranger.post("/api/games", json={"game": "golf", "players": ["Xi", "Wu"]},
                        headers={"X-Access-Code": "club-1234"})
    assert api.status_code == 201
    page, ids = listed(client)
    assert set(ids) == {gid, api.get_json()["id"]} and "Every game on this install" in page
    everything = stranger.get("/api/games", headers={"X-Access-Code": "club-1234"}).get_json()
    assert {g["id"] for g in everything} == {gid, api.get_json()["id"]}
    with client.session_transaction() as kept:
        assert "club-1234" not in json.dumps(dict(kept))  # the session keeps a keyed hash, not the code


@pytest.mark.parametrize("target", ["//evil.example/x", "https://evil.example/", "/\\evil.example",
                                    "/\t/evil.example/x", "/\r/evil.example/x", "/\n/evil.example/x"])
def test_the_access_page_goes_on_only_to_pages_of_this_app(coded, target):
    answer = coded.test_client().post("/access", query_string={"next": target}, data={"code": "club-1234"})
    assert answer.status_code == 302 and answer.headers["Location"] == "/"


@pytest.fixture
def guarded(make_app):
    """An install guarded by an access code, with its rate limits on (fresh counters)."""
    app = make_app(ACCESS_CODE="club-1234", RATELIMIT_ENABLED=True, RATELIMIT_ACCESS_CODE="3 per minute")
    with app.app_context():
        limiter.reset()
    return app


def test_guessing_the_access_code_in_the_header_is_limited_like_the_access_page(guarded):
    """The access page allows RATELIMIT_ACCESS_CODE tries, but X-Access-Code (read on every page and by the
    API) took any number of guesses: GET /api/games answered 200 to each, so the code could be brute-forced."""
    client = guarded.test_client()
    statuses = [client.get("/api/games", headers={"X-Access-Code": f"guess-{n}"}).status_code for n in range(4)]
    assert statuses == [200, 200, 200, 429]
    refused = client.get("/api/games", headers={"X-Access-Code": "club-1234"})  # even the right one, for a minute
    assert refused.status_code == 429 and "wait a minute" in refused.get_json()["errors"]["rate"]
    page = client.get("/", headers={"X-Access-Code": "guess-9"})
    assert page.status_code == 429 and "Slow down a little" in page.get_data(as_text=True)
    assert client.get("/api/games").status_code == 200  # a caller without the header is not held back
    other = guarded.test_client()  # another client keeps its tries
    other.environ_base["REMOTE_ADDR"] = "10.0.0.9"
    assert other.get("/api/games", headers={"X-Access-Code": "club-1234"}).get_json() == []
    started = other.post("/api/games", json={"game": "golf", "players": ["Ann", "Bob"]},
                         headers={"X-Access-Code": "club-1234"})
    assert started.status_code == 201, started.get_json()


def test_the_right_code_in_the_header_is_never_counted(guarded):
    client = guarded.test_client()
    for _ in range(6):
        assert client.get("/api/games", headers={"X-Access-Code": "club-1234"}).status_code == 200


# --- deleting a game -------------------------------------------------------------------------------


def test_the_edit_link_holder_deletes_a_game_after_confirming(app, client, post_round, create_game):
    gid = start(client)
    follower = app.test_client()
    follower.get(f"/games/{gid}")
    assert follower.get(f"/games/{gid}/delete").status_code == 403
    assert follower.post(f"/games/{gid}/delete").status_code == 403
    assert f"/games/{gid}/delete" in client.get(f"/games/{gid}").get_data(as_text=True)
    confirm = client.get(f"/games/{gid}/delete")
    assert confirm.status_code == 200 and "cannot be brought back" in confirm.get_data(as_text=True)
    assert client.get(f"/games/{gid}").status_code == 200  # asking deleted nothing
    answer = client.post(f"/games/{gid}/delete", follow_redirects=True)
    assert "The game was deleted." in answer.get_data(as_text=True)
    assert client.get(f"/games/{gid}").status_code == 404 and client.get(f"/api/games/{gid}").status_code == 404
    assert gid not in listed(client)[1] and gid not in listed(follower)[1]


def test_the_api_deletes_a_game_with_its_token_only(client, create_game, post_round):
    state, other = create_game(), create_game()
    assert post_round(state, {"players": [{"score": 1}, {"score": 2}, {"score": 3}]},
                      headers={"Idempotency-Key": "k1"}).status_code == 201
    assert client.delete(f"/api/games/{state['id']}").status_code == 401
    assert client.delete(f"/api/games/{state['id']}", headers=auth(other)).status_code == 403
    assert client.delete(f"/api/games/{state['id']}", headers=auth(state)).status_code == 204
    assert client.get(f"/api/games/{state['id']}").status_code == 404
    assert client.get(f"/api/games/{other['id']}").status_code == 200


def test_a_deleted_games_id_is_not_reused_by_a_replayed_key(client, create_game, post_round):
    state = create_game()
    post_round(state, {"players": [{"score": 1}, {"score": 2}, {"score": 3}]}, headers={"Idempotency-Key": "k"})
    client.delete(f"/api/games/{state['id']}", headers=auth(state))
    replay = post_round(state, {"players": [{"score": 1}, {"score": 2}, {"score": 3}]}, headers={"Idempotency-Key": "k"})
    assert replay.status_code == 404


# --- headers, cookies, caches ----------------------------------------------------------------------


def test_every_answer_carries_the_strict_policy(client):
    for path in ("/", "/api/rules", "/nothing", "/healthz"):
        headers = client.get(path).headers
        policy = headers["Content-Security-Policy"]
        assert "default-src 'self'" in policy and "frame-ancestors 'none'" in policy, path
        assert headers["X-Frame-Options"] == "DENY" and headers["X-Content-Type-Options"] == "nosniff", path
        assert headers["Referrer-Policy"] == "same-origin", path
        assert "Strict-Transport-Security" not in headers, path  # plain HTTP at home: no HSTS


def test_behind_an_https_proxy_hsts_and_secure_cookies(make_app):
    app = make_app(PROXY_HOPS=1)
    client = app.test_client()
    https = {"X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.9", "X-Forwarded-Host": "club.example"}
    answer = client.post("/new/golf", data={"players-0": "Ann", "players-1": "Bob"}, headers=https)
    assert answer.status_code == 302 and answer.headers["Location"].startswith("/games/")
    assert "max-age=" in answer.headers["Strict-Transport-Security"]
    assert "Secure" in answer.headers["Set-Cookie"] and "HttpOnly" in answer.headers["Set-Cookie"]
    plain = make_app().test_client().post("/new/golf", data={"players-0": "Ann", "players-1": "Bob"}, headers=https)
    assert "Strict-Transport-Security" not in plain.headers  # no proxy configured: its headers are not believed
    assert "Secure" not in plain.headers["Set-Cookie"]


@pytest.mark.parametrize("hops", [0, 1])
def test_hsts_and_secure_cookies_only_when_the_request_is_really_https(make_app, hops):
    """Direct HTTPS, or the proxy's X-Forwarded-Proto when PROXY_HOPS trusts it; never a client's header alone, even
    where the server took the scheme from it (gunicorn does for a client on its machine: ``believed``)."""
    app = make_app(PROXY_HOPS=hops)
    believed = {"wsgi.url_scheme": "https"}

    def secured(environ: dict | None = None, headers: dict | None = None) -> tuple[bool, bool]:
        answer = app.test_client().get("/access", headers=headers or {}, environ_overrides=environ or {})
        return "Strict-Transport-Security" in answer.headers, "; Secure" in answer.headers["Set-Cookie"]

    assert secured() == (False, False)
    assert secured(believed) == (True, True)  # direct HTTPS: no header at all
    for faked in ({"X-Forwarded-Ssl": "on"}, {"X-Forwarded-Protocol": "ssl"}, {"X-Forwarded-Proto": "http"}):
        assert secured(believed, faked) == (False, False), faked
    assert secured(believed, {"X-Forwarded-Proto": "https"}) == ((True, True) if hops else (False, False))

    client = app.test_client()  # the live view's polls, answered before Flask, say the same
    game = client.post("/api/games", json={"game": "trash", "players": ["Ann", "Bob"]}).get_json()
    poll = {"If-None-Match": client.get(f"/games/{game['id']}/live").headers["ETag"], "X-Forwarded-Proto": "https"}
    shortcut = client.get(f"/games/{game['id']}/live", headers=poll, environ_overrides=believed)
    assert shortcut.status_code == 304 and ("Strict-Transport-Security" in shortcut.headers) is bool(hops)


def test_the_language_cookie_is_secure_over_https(client):
    answer = client.get("/language/fr?next=/", base_url="https://scores.example")
    cookie = answer.headers["Set-Cookie"]
    assert cookie.startswith("lang=fr") and "Secure" in cookie


def test_answers_that_carry_a_token_are_not_cached(app, client, create_game):
    answer = client.post("/api/games", json={"game": "golf", "players": ["A", "B"]})
    assert answer.headers["Cache-Control"] == "no-store"
    gid = start(client)
    assert client.get(f"/games/{gid}").headers["Cache-Control"] == "no-store"  # the page shows the edit link
    viewer = app.test_client()
    assert "no-store" not in viewer.get(f"/games/{gid}").headers.get("Cache-Control", "")
    assert "no-store" not in client.get(f"/api/games/{gid}").headers.get("Cache-Control", "")


# --- hostile input ---------------------------------------------------------------------------------


def test_an_oversized_body_is_a_clear_413(app, client, create_game):
    big = "x" * (app.config["MAX_CONTENT_LENGTH"] + 1)
    state = create_game()
    api = client.post(f"/api/games/{state['id']}/rounds", data=json.dumps({"data": {"n": big}}),
                      content_type="application/json", headers=auth(state))
    assert api.status_code == 413 and "KB" in api.get_json()["errors"]["body"]
    page = client.post("/new/golf", data={"players-0": big})
    assert page.status_code == 413 and "too much to send" in page.get_data(as_text=True)


@pytest.mark.parametrize("files", [
    {"players-0": (b"<x>", "a.txt")},
    {"players-0": (b"Ann", "a.txt"), "players-1": (b"Bob", "b.txt")},
    {"opt_holes": (b"9", "h.txt")},
])
def test_a_multipart_new_game_post_is_answered_calmly(client, files):
    from io import BytesIO

    data = {name: (BytesIO(body), filename) for name, (body, filename) in files.items()}
    answer = client.post("/new/golf", data=data, content_type="multipart/form-data")
    assert answer.status_code in (302, 422)


def test_a_multipart_post_with_text_fields_starts_the_game(client):
    answer = client.post("/new/golf", data={"players-0": "Ann", "players-1": "Bob"},
                         content_type="multipart/form-data")
    assert answer.status_code == 302


def chunked(client, path: str, body: bytes, **headers):
    """Send a body without a Content-Length, as a chunked request reaches the app under gunicorn."""
    return client.post(path, input_stream=io.BytesIO(body), content_type="application/json",
                       headers={"Transfer-Encoding": "chunked", **headers},
                       environ_overrides={"wsgi.input_terminated": True})


def test_a_chunked_json_body_over_the_limit_is_a_clear_413(client, create_game):
    state = create_game("golf", ["Ann", "Bob"])
    path, token = f"/api/games/{state['id']}/rounds", auth(state)["Authorization"]
    big = b'{"data": {"players": [{"score": 1}, {"score": 2}]}, "pad": "' + b"x" * 300_000 + b'"}'
    answer = chunked(client, path, big, Authorization=token)
    assert answer.status_code == 413 and "256 KB" in answer.get_json()["errors"]["body"]
    whole = b'{"data": {"players": [{"score": 1}, {"score": 2}]}}' + b" " * 300_000  # cut, it would read as whole
    assert chunked(client, path, whole, Authorization=token).status_code == 413
    small = chunked(client, path, b'{"data": {"players": [{"score": 1}, {"score": 2}]}}', Authorization=token)
    assert small.status_code == 201, small.get_json()


def test_round_data_is_kept_small(client, create_game, post_round):
    state = create_game()
    data = {"players": [{"score": 1}, {"score": 2}, {"score": 3}], "junk": "x" * 20_000}
    answer = post_round(state, data)
    assert answer.status_code == 422 and "data" in answer.get_json()["errors"]
    assert client.get(f"/api/games/{state['id']}").get_json()["rounds"] == []


# --- rate limits -----------------------------------------------------------------------------------


@pytest.fixture
def limited(make_app):
    """An app with small limits, so that a test reaches them."""
    app = make_app(RATELIMIT_ENABLED=True, RATELIMIT_CREATE="2 per minute", RATELIMIT_WRITES="3 per minute")
    with app.app_context():
        limiter.reset()
    return app


def test_starting_too_many_games_is_a_clear_429(limited):
    client = limited.test_client()
    for _ in range(2):
        assert client.post("/api/games", json={"game": "golf", "players": ["A", "B"]}).status_code == 201
    api = client.post("/api/games", json={"game": "golf", "players": ["A", "B"]})
    assert api.status_code == 429 and "wait a minute" in api.get_json()["errors"]["rate"]
    assert "Retry-After" in api.headers
    page = client.post("/new/golf", data={"players-0": "Ann", "players-1": "Zoë", "opt_holes": "18"})
    said = page.get_data(as_text=True)
    assert page.status_code == 429 and page.headers["Content-Type"].startswith("text/html")
    assert "Wait a minute, then start this one: what you typed is kept." in said  # the form again, as typed
    assert 'value="Zoë"' in said and re.search(r'id="opt_holes"[^>]*value="18"', said)
    assert "Retry-After" in page.headers
    group = client.post("/groups/new", data={"name": "Friday", "players": "Ann\nBob"})
    assert group.status_code == 429 and "Slow down a little" in group.get_data(as_text=True)


def test_past_the_days_limit_the_answer_says_later_not_in_a_minute(make_app):
    app = make_app(RATELIMIT_ENABLED=True, RATELIMIT_CREATE="100 per minute; 1 per day")
    with app.app_context():
        limiter.reset()
    client = app.test_client()
    assert client.post("/api/games", json={"game": "golf", "players": ["A", "B"]}).status_code == 201
    api = client.post("/api/games", json={"game": "golf", "players": ["A", "B"]})
    assert api.status_code == 429 and api.get_json()["errors"]["rate"] == "too many requests from here today; try again later"
    page = client.post("/new/golf", data={"players-0": "Ann", "players-1": "Zoë"})
    assert page.status_code == 429 and "Try again later: what you typed is kept." in page.get_data(as_text=True)
    assert "Wait a minute" not in page.get_data(as_text=True) and 'value="Zoë"' in page.get_data(as_text=True)


def test_a_groups_new_game_past_the_limit_is_its_form_again_as_typed(make_app):
    app = make_app(RATELIMIT_ENABLED=True, RATELIMIT_CREATE="1 per minute", WTF_CSRF_ENABLED=False)
    with app.app_context():
        limiter.reset()
    client = app.test_client()
    made = client.post("/groups/new", data={"name": "Friday", "players": ["Ann", "Bob", "Cy"]})  # the one start
    gid = made.headers["Location"].rsplit("/", 1)[1]
    answer = client.post(f"/groups/{gid}/play", data={"game": "golf", "players": ["Cy", "Ann"], "newcomer": "Dee",
                                                      "opt_holes": "18"})
    page = answer.get_data(as_text=True)
    assert answer.status_code == 429 and "what you typed is kept" in page
    ticked = re.findall(r'name="players" value="([^"]+)" checked', page)
    assert ticked == ["Cy", "Ann"] and re.search(r'id="opt_holes"[^>]*value="18"', page)
    assert re.search(r'id="newcomer"[^>]*value="Dee"', page)  # in its own box, as typed


def test_a_second_phones_play_again_is_not_counted_as_a_game_started(make_app):
    app = make_app(RATELIMIT_ENABLED=True, RATELIMIT_CREATE="3 per minute")
    phone, other = app.test_client(), app.test_client()
    game = start(phone)  # 1
    token = phone.get(f"/games/{game}").get_data(as_text=True).split(f"/games/{game}/edit/")[1].split('"')[0]
    other.get(f"/games/{game}/edit/{token}")
    phone.post(f"/games/{game}/finish")
    first = phone.post(f"/games/{game}/again")  # 2
    again = other.post(f"/games/{game}/again")  # sent to the game the first phone started: nothing new
    assert other.get(again.headers["Location"]).headers["Location"] == first.headers["Location"]
    assert post_new_game(phone, "golf", ["Ann", "Bob"]).status_code == 302  # 3: the second tap took none of them
    assert post_new_game(phone, "golf", ["Ann", "Bob"]).status_code == 429


def test_writes_are_limited_per_game_and_reads_are_not(limited):
    client = limited.test_client()
    one = client.post("/api/games", json={"game": "trash", "players": ["A", "B"]}).get_json()
    two = client.post("/api/games", json={"game": "trash", "players": ["A", "B"]}).get_json()
    statuses = [client.post(f"/api/games/{one['id']}/rounds", json={"data": {"winner": 0}}, headers=auth(one)).status_code
                for _ in range(4)]
    assert statuses == [201, 201, 201, 429]
    assert client.post(f"/api/games/{two['id']}/rounds", json={"data": {"winner": 0}},
                       headers=auth(two)).status_code == 201
    assert all(client.get(f"/api/games/{one['id']}").status_code == 200 for _ in range(10))


def test_pdfs_made_for_one_client_are_limited_and_those_kept_are_not_counted(make_app):
    app = make_app(RATELIMIT_ENABLED=True, RATELIMIT_PRINT="2 per minute")
    client = app.test_client()
    # sheets no other test asks for (a name of this run's own): each one made here, none kept from another test
    own = f"&players-0=Limit{uuid.uuid4().hex[:8]}"
    assert [client.get(f"/sheets/golf/sheet.pdf?count=2{own}").status_code for _ in range(5)] == [200] * 5
    assert client.get(f"/sheets/golf/sheet.pdf?count=3{own}").status_code == 200
    refused = client.get(f"/sheets/golf/sheet.pdf?count=4{own}")
    assert refused.status_code == 429 and "wait a minute" in refused.get_data(as_text=True)
    game = client.post("/api/games", json={"game": "trash", "players": ["A", "B"]}).get_json()
    assert client.get(f"/games/{game['id']}/sheet.pdf").status_code == 429  # one limit for every kind of sheet
    kept = client.get(f"/sheets/golf/sheet.pdf?count=2{own}")  # made before: sent from the cache, never refused
    assert kept.status_code == 200
    assert client.get(f"/sheets/golf/sheet.pdf?count=2{own}", headers={"If-None-Match": kept.headers["ETag"]}
                      ).status_code == 304


# --- limits shared by every worker and server (Redis) ----------------------------------------------------------

SMALL_LIMITS = {"RATELIMIT_ENABLED": True, "RATELIMIT_CREATE": "3 per minute", "RATELIMIT_WRITES": "2 per minute"}


@pytest.mark.parametrize("storage, started, written", [("memory", 6, 4), ("redis", 3, 2)])
def test_on_redis_the_limits_count_across_workers(make_app, request, storage, started, written):
    """In memory each worker process counts alone, so a client whose requests land on two workers gets every limit
    twice; on Redis (RATELIMIT_STORAGE_URI) every worker and server counts on the same counters."""
    uri = request.getfixturevalue("redis_url") if storage == "redis" else "memory://"
    app = make_app(**SMALL_LIMITS, RATELIMIT_STORAGE_URI=uri)
    with app.app_context():
        limiter.reset()
    worker = Worker({**BASE, "SQLALCHEMY_DATABASE_URI": app.config["SQLALCHEMY_DATABASE_URI"], **SMALL_LIMITS,
                     "RATELIMIT_STORAGE_URI": uri})  # another worker process (or server) of the install
    try:
        both = (app.test_client(), worker)
        games = [both[n % 2].post("/api/games", json={"game": "trash", "players": ["A", "B"]}) for n in range(6)]
        assert [answer.status_code for answer in games] == [201] * started + [429] * (6 - started)
        game = games[0].get_json()
        writes = [both[n % 2].post(f"/api/games/{game['id']}/rounds", json={"data": {"winner": 0}},
                                   headers=auth(game)).status_code for n in range(4)]
        assert writes == [201] * written + [429] * (4 - written)
    finally:
        worker.stop()


def test_healthz_says_whether_the_shared_limits_are_reached(make_app, redis_url):
    app = make_app(RATELIMIT_ENABLED=True, RATELIMIT_STORAGE_URI=redis_url)
    assert app.test_client().get("/healthz").get_json() == {"status": "ok", "database": "ok", "limits": "shared"}


def test_a_redis_that_hangs_fails_no_request_and_holds_none_for_long(app):
    """A Redis that takes connections and never answers (frozen, or its host gone): each worker counts alone
    meanwhile, within RATELIMIT_STORAGE_TIMEOUT of the first request, and /healthz says so."""
    with socket.socket() as hung:
        hung.bind(("127.0.0.1", 0))
        hung.listen(64)  # connections are taken by the kernel; nothing ever reads or answers them
        settings = {**BASE, "SQLALCHEMY_DATABASE_URI": app.config["SQLALCHEMY_DATABASE_URI"], **SMALL_LIMITS,
                    "RATELIMIT_STORAGE_URI": f"redis://127.0.0.1:{hung.getsockname()[1]}"}
        worker = Worker(settings)
        try:
            started = time.monotonic()
            statuses = [worker.post("/api/games", json={"game": "trash", "players": ["A", "B"]}).status_code
                        for _ in range(4)]
            assert time.monotonic() - started < 3
            assert statuses == [201, 201, 201, 429]  # counted in the worker's own memory meanwhile
            health = worker.get("/healthz")
            assert health.status_code == 200
            assert health.get_json() == {"status": "ok", "database": "ok", "limits": "unreachable"}
        finally:
            worker.stop()


def pdf_text(answer) -> str:
    return pdf_words(answer.data)


def test_a_request_under_a_host_the_app_is_not_is_refused_and_keeps_nothing(make_app):
    app = make_app(SERVER_NAME="cards.example")  # the host every link is written with; the only one trusted
    client = app.test_client()  # asks under http://cards.example
    state = client.post("/api/games", json={"game": "golf", "players": ["Ann", "Bob"]}).get_json()
    assert state["id"] and client.get("/games/nosuchgame").status_code == 404
    paths = [f"/games/{state['id']}", f"/games/{state['id']}/live", f"/api/games/{state['id']}",
             f"/games/{state['id']}/rules.pdf", "/sheets/golf/rules.pdf", "/"]
    cache.clear()
    first = {path: client.get(path) for path in paths}
    assert all(answer.status_code == 200 for answer in first.values())
    kept = cache.size()
    for path in paths:
        for host in ("evil.example", "cards.example.evil.example", "localhost"):
            answer = client.get(path, headers={"Host": host})
            assert answer.status_code == 400, (path, host)
            assert b"evil" not in answer.data
        tag = first[path].headers.get("ETag")
        if tag:  # a poll answered before Flask refuses it too
            assert client.get(path, headers={"Host": "evil.example", "If-None-Match": tag}).status_code == 400
    assert cache.size() == kept  # no host a client names makes an entry of its own
    again = client.get(paths[0], base_url="https://cards.example:8443")  # the trusted name, another port and scheme
    assert again.status_code == 200 and cache.size() == kept
    page = again.get_data(as_text=True)
    assert f'value="https://cards.example/games/{state["id"]}"' in page and ":8443" not in page  # the named host
    assert "cards.example/rules/golf" in pdf_text(client.get("/sheets/golf/rules.pdf", headers={"Host": "cards.example:8443"}))


def test_trusted_hosts_may_name_more_hosts_than_the_one_links_are_written_with(make_app):
    app = make_app(SERVER_NAME="cards.example", TRUSTED_HOSTS=["cards.example", "localhost"])
    state = app.test_client().post("/api/games", json={"game": "golf", "players": ["Ann", "Bob"]}).get_json()
    page = app.test_client().get(f"/games/{state['id']}", base_url="http://localhost").get_data(as_text=True)
    assert f'value="http://cards.example/games/{state["id"]}"' in page  # links say the name the site goes by
    assert app.test_client().get("/healthz", base_url="http://localhost").status_code == 200
    assert app.test_client().get("/healthz", headers={"Host": "evil.example"}).status_code == 400


def test_at_home_links_follow_the_host_asked_and_a_host_adds_no_entry(client, create_game):
    state = create_game("golf", ["Ann", "Bob"])
    cache.clear()
    assert client.get(f"/games/{state['id']}").status_code == 200
    home = cache.size()
    elsewhere = client.get(f"/games/{state['id']}", base_url="http://192.168.1.5:5000").get_data(as_text=True)
    assert f'value="http://192.168.1.5:5000/games/{state["id"]}"' in elsewhere  # the address the phones used
    assert "localhost" not in elsewhere and cache.size() == home  # the same kept page, the site filled in
    assert "localhost" not in client.get(f"/games/{state['id']}").get_data(as_text=True).replace(
        f"http://localhost/games/{state['id']}", "")
    # a rules card prints the host, so one asked under a host nobody named is made for that request alone
    assert "evil.example" in pdf_text(client.get("/sheets/golf/rules.pdf", headers={"Host": "evil.example"}))
    assert "evil.example" not in pdf_text(client.get("/sheets/golf/rules.pdf"))
    assert cache.size() == home


# --- operations ------------------------------------------------------------------------------------


def test_healthz_checks_the_database(app, client):
    assert client.get("/healthz").get_json() == {"status": "ok", "database": "ok"}


def test_access_logs_are_json_lines_without_tokens(make_app):
    app = make_app(ACCESS_LOG=True)
    lines: list[str] = []
    handler = logging.Handler()
    handler.emit = lambda record: lines.append(record.getMessage())
    logging.getLogger("scorekeeper.web.access").addHandler(handler)
    try:
        client = app.test_client()
        state = client.post("/api/games", json={"game": "golf", "players": ["A", "B"]}).get_json()
        client.get(f"/games/{state['id']}/edit/{state['token']}?x=1")
    finally:
        logging.getLogger("scorekeeper.web.access").removeHandler(handler)
    entries = [json.loads(line) for line in lines]
    assert [(e["method"], e["status"]) for e in entries] == [("POST", 201), ("GET", 302)]
    assert entries[0]["path"] == "/api/games" and isinstance(entries[0]["ms"], float)
    assert state["token"] not in "".join(lines) and "x=1" not in "".join(lines)


@pytest.mark.parametrize("line", ["GET /games/abc/edit/s3cretToken123456 HTTP/1.1",
                                  "\x1b[32mGET /groups/abc/join/s3cretToken123456?next=x HTTP/1.1\x1b[0m",
                                  "GET /groups/abc?view=s3cretToken123456 HTTP/1.1"])
def test_the_development_servers_request_lines_carry_no_token(app, line):
    record = logging.LogRecord("werkzeug", logging.INFO, __file__, 1, '"%s" %s %s', (line, "200", "-"), None)
    assert logging.getLogger("werkzeug").filter(record)  # as `flask run` logs a request
    said = record.getMessage()
    assert "s3cret" not in said and "/abc" in said and said.endswith(" 200 -")
    error = logging.LogRecord("werkzeug", logging.INFO, __file__, 1, "code %d, message %s",
                              (400, f"Bad request syntax ({line!r})"), None)  # a malformed request, quoted
    assert logging.getLogger("werkzeug").filter(error) and "s3cret" not in error.getMessage()


def test_hostile_names_come_back_from_the_api_as_plain_json_text(client):
    from tests.web.test_robustness import NASTY

    state = client.post("/api/games", json={"game": "trash", "players": NASTY[:4]}).get_json()
    for path in (f"/api/games/{state['id']}", "/api/games"):
        answer = client.get(path)
        assert answer.mimetype == "application/json" and answer.headers["X-Content-Type-Options"] == "nosniff"
        body = answer.get_json()
        players = body["players"] if isinstance(body, dict) else body[0]["players"]
        assert players == NASTY[:4]  # kept as typed, shown as text by whoever reads the JSON


@pytest.mark.parametrize("body, content_type", [
    (b"--xyz\r\nContent-Disposition: form-data; name=\"players-0\"\r\n\r\nAnn", "multipart/form-data; boundary=xyz"),
    (b"players-0=Ann&players-1=Bob", "multipart/form-data"),
    (b"--xyz\r\n\r\n\r\n--xyz--\r\n", "multipart/form-data; boundary=xyz"),
    (b"\xff\xfe--xyz--", "multipart/form-data; boundary=\"x\\\"y\""),
])
def test_a_malformed_multipart_post_is_answered_calmly(app, body, content_type):
    app.config["PROPAGATE_EXCEPTIONS"] = False
    client = app.test_client()
    for path in ("/new/golf", "/api/games", "/access"):
        answer = client.post(path, data=body, content_type=content_type)
        assert answer.status_code in (302, 400, 413, 415, 422), (path, answer.status_code)


def test_play_again_needs_the_access_code_too(coded):
    client = coded.test_client()
    client.post("/access", data={"code": "club-1234"})
    gid = start(client)
    client.post(f"/games/{gid}/finish")
    stranger = coded.test_client()
    edit_link = re.search(r"/games/[\w-]+/edit/[\w-]+", client.get(f"/games/{gid}").get_data(as_text=True)).group(0)
    stranger.get(edit_link)  # holds the edit link, but not the code
    answer = stranger.post(f"/games/{gid}/again")
    assert answer.status_code == 302 and answer.headers["Location"].startswith("/access")
    assert client.post(f"/games/{gid}/again").headers["Location"].startswith("/games/")
