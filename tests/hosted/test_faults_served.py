"""The server under faults, served by gunicorn with 4 workers: the access code's limit holds across them, and
neither the app's access log nor gunicorn's writes an edit token."""
from __future__ import annotations

import re

import httpx
import pytest

from tests.server import Gunicorn

CODE = "club-1234"
TOKEN = "AbCdEfGhIjKlMnOpQrStUvWxYz012345"


@pytest.fixture
def served(database_url, tmp_path):
    log = tmp_path / "gunicorn.log"
    server = Gunicorn(database_url, log, workers=4, SCOREKEEPER_ACCESS_CODE=CODE, FLASK_RATELIMIT_ENABLED="true",
                      FLASK_RATELIMIT_ACCESS_CODE="3 per minute", SCOREKEEPER_ACCESS_LOG="1",
                      GUNICORN_CMD_ARGS="--access-logfile -").start()
    yield server, log
    server.stop()


def test_the_access_codes_limit_holds_across_four_workers(served):
    server, _ = served
    statuses = []
    for n in range(12):  # a new connection each time, spread over the workers; no cookies kept
        statuses.append(httpx.get(f"{server.url}/api/games", headers={"X-Access-Code": f"guess-{n}"},
                                  timeout=10).status_code)
    assert statuses == [200] * 3 + [429] * 9  # per worker in memory, it took 4 x 3 guesses
    with httpx.Client(base_url=server.url, timeout=10) as member:  # the right code, from the access page
        page = member.get("/access").text
        csrf = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page).group(1)
        assert member.post("/access", data={"code": CODE, "csrf_token": csrf}).status_code == 302


def test_no_edit_token_in_either_access_log(served):
    server, log = served
    for path in (f"/games/abc/edit/{TOKEN}", f"/games/abc/edti/{TOKEN}", f"/{TOKEN}", f"/games/abc/edit//{TOKEN}"):
        httpx.get(f"{server.url}{path}?token={TOKEN}", headers={"Authorization": f"Bearer {TOKEN}"}, timeout=10)
    server.stop()
    written = log.read_text()
    assert "GET /games/abc/…/… HTTP/1.1" in written and '"path": "/games/abc/…/…"' in written  # gunicorn's, the app's
    assert TOKEN not in written


@pytest.mark.parametrize("hops", [0, 1])
def test_hsts_and_secure_cookies_only_when_the_request_is_really_https(database_url, tmp_path, hops):
    """gunicorn takes the scheme from X-Forwarded-Proto for a client on its own machine (forwarded_allow_ips): the
    app believes it only through PROXY_HOPS, and a client faking it over plain HTTP gets neither HSTS nor a Secure
    cookie."""
    server = Gunicorn(database_url, tmp_path / "gunicorn.log", workers=1, SCOREKEEPER_PROXY_HOPS=str(hops)).start()
    try:
        plain, faked, also_faked = (httpx.get(f"{server.url}/access", headers=headers, timeout=10) for headers in (
            {}, {"X-Forwarded-Proto": "https"}, {"X-Forwarded-Ssl": "on"}))  # no cookie kept: each is given one
    finally:
        server.stop()
    for answer in (plain, also_faked):
        assert "Strict-Transport-Security" not in answer.headers and "Secure" not in answer.headers["Set-Cookie"]
    trusted = bool(hops)  # one proxy in front: its X-Forwarded-Proto says the client came over HTTPS
    assert ("Strict-Transport-Security" in faked.headers) is trusted
    assert ("; Secure" in faked.headers["Set-Cookie"]) is trusted
