"""The server under faults: a database that is down or hangs, times read on any worker, tokens kept out of the
logs, and the access code's limit shared by every worker through the database."""
from __future__ import annotations

import json
import logging
import re
import threading
import time

import pytest
from werkzeug.routing import BuildError

from scorekeeper import create_app
from tests.conftest import BASE

GAME_ID = "abcdefghijklmnop"
SAMPLES = {"game_id": GAME_ID, "number": 1, "key": "golf", "token": "T" * 32, "filename": "css/app.css", "code": "fr",
           "group_id": GAME_ID, "member_id": 1, "night_id": GAME_ID}
KINDS = ("view", "sheet")  # the choices of the routes' any() converters
BODIES = {"api.create_game": {"json": {"game": "golf", "players": ["Ann", "Bob"]}},
          "api.add_round": {"json": {"data": {}}}, "api.edit_round": {"json": {"data": {}}},
          "games.new_game": {"data": {"players-0": "Ann", "players-1": "Bob"}}, "games.access": {"data": {"code": "x"}},
          "group_api.create_group": {"json": {"name": "Sunday Golf", "players": ["Ann", "Bob"]}},
          "groups.new": {"data": {"name": "Sunday Golf", "players": "Ann\nBob"}}}
WITHOUT_DATABASE = {"static", "api.list_rules", "handbook.index", "handbook.game", "sheets.index", "sheets.choose",
                    "sheets.blank", "pwa.manifest", "pwa.service_worker", "language.choose",
                    "games.access GET", "games.access POST", "games.new_game GET", "groups.index", "groups.new GET"}
DOWN = {  # databases that cannot be reached: nothing listens, or no such folder
    "postgres": "postgresql+psycopg://nobody@127.0.0.1:1/none",
    "sqlite": "sqlite:////nonexistent-folder/of/scorekeeper.sqlite",
}


def paths(app):
    """Yield (endpoint, method, path) for every route of the app, its arguments filled with samples."""
    adapter = app.url_map.bind("localhost")
    for rule in app.url_map.iter_rules():
        for kind in KINDS:
            values = {name: kind if name == "kind" else SAMPLES[name] for name in rule.arguments}
            try:
                path = adapter.build(rule.endpoint, values)
            except (BuildError, ValueError):
                continue
            for method in sorted(rule.methods - {"HEAD", "OPTIONS"}):
                yield rule.endpoint, method, path
            break


@pytest.fixture(params=list(DOWN))
def down(request):
    """An app whose database cannot be reached."""
    app = create_app({**BASE, "SQLALCHEMY_DATABASE_URI": DOWN[request.param]})
    app.config["PROPAGATE_EXCEPTIONS"] = False  # as served: an unhandled error would be a 500 page
    return app


@pytest.mark.parametrize("language, words", [("en", "try again in a few seconds"), ("fr", "réessayez dans quelques")])
def test_every_route_answers_503_not_500_when_the_database_is_down(down, language, words):
    client = down.test_client()
    seen = set()
    for endpoint, method, path in paths(down):
        seen.add(endpoint)
        answer = client.open(path, method=method, headers={"Accept-Language": language}, **BODIES.get(endpoint, {}))
        answer.close()
        where = (endpoint, method, path, answer.status_code)
        assert answer.status_code < 500 or answer.status_code == 503, where
        if endpoint in WITHOUT_DATABASE or f"{endpoint} {method}" in WITHOUT_DATABASE:
            continue
        if method != "GET" and endpoint not in BODIES and answer.status_code in (400, 415, 422):
            continue  # a write whose body is refused before it needs the database
        assert answer.status_code == 503 and answer.headers["Retry-After"] == "5", where
        if endpoint == "healthz":
            assert answer.get_json() == {"status": "unavailable", "database": "unreachable"}
        elif path.startswith("/api/"):
            assert words in answer.get_json()["errors"]["server"].lower(), where
        else:
            page = answer.get_data(as_text=True)
            assert answer.mimetype == "text/html" and words in page.lower(), where
            assert "Traceback" not in page and "psycopg" not in page and "sqlite" not in page.lower()
    assert {"games.table", "games.index", "api.show_game", "api.add_round", "healthz"} <= seen


def test_a_poll_answered_before_flask_is_a_503_too_when_the_database_is_down(down):
    answer = down.test_client().get(f"/games/{GAME_ID}/live",
                                    headers={"If-None-Match": f'"{GAME_ID}-3-live-en-view"'})
    assert answer.status_code == 503


# --- /healthz within 2 s when the database hangs -------------------------------------------------------------


def test_healthz_answers_503_within_2_s_when_the_database_hangs(app, monkeypatch):
    from scorekeeper.web import health

    release, asked = threading.Event(), []

    def hangs(engine):
        asked.append(engine)
        release.wait(30)

    monkeypatch.setattr(health, "ask", hangs)
    client = app.test_client()
    try:
        for _ in range(3):  # every check while it hangs: 503 in time, and the one question is not asked again
            started = time.monotonic()
            answer = client.get("/healthz")
            assert answer.status_code == 503 and time.monotonic() - started < 2
            assert answer.get_json() == {"status": "unavailable", "database": "unreachable"}
            assert answer.headers["Retry-After"] == "5"
        assert len(asked) == 1
    finally:
        release.set()  # the database answers at last
    monkeypatch.setattr(health, "ask", lambda engine: None)
    time.sleep(0.05)
    assert client.get("/healthz").status_code == 200


def test_healthz_says_503_when_the_question_fails(app, monkeypatch):
    from sqlalchemy.exc import OperationalError

    from scorekeeper.web import health

    def fails(engine):
        raise OperationalError("SELECT 1", {}, Exception("server closed the connection unexpectedly"))

    monkeypatch.setattr(health, "ask", fails)
    assert app.test_client().get("/healthz").status_code == 503
    monkeypatch.undo()
    assert app.test_client().get("/healthz").get_json() == {"status": "ok", "database": "ok"}


@pytest.fixture
def frozen_postgres():
    """A throwaway PostgreSQL cluster of this test's own, and a way to freeze it (SIGSTOP) and thaw it."""
    from tests.postgres import binaries, freezable, throwaway_server

    if binaries() is None:
        pytest.skip("PostgreSQL is not installed")
    with throwaway_server() as url:
        with freezable(url) as (freeze, thaw):
            yield url, freeze, thaw


def test_healthz_answers_503_within_2_s_when_postgres_is_frozen(frozen_postgres):
    from tests.databases import migrate

    url, freeze, thaw = frozen_postgres
    migrate(url)
    app = create_app({**BASE, "SQLALCHEMY_DATABASE_URI": url})
    client = app.test_client()
    assert client.get("/healthz").status_code == 200  # a pooled connection is open: its ping will hang
    freeze()
    try:
        for _ in range(2):
            started = time.monotonic()
            assert client.get("/healthz").status_code == 503
            assert time.monotonic() - started < 2
    finally:
        thaw()
    deadline = time.monotonic() + 10
    while client.get("/healthz").status_code != 200:  # the hung question is answered once thawed
        assert time.monotonic() < deadline
        time.sleep(0.1)
    with app.app_context():
        from scorekeeper.extensions import db

        db.engine.dispose()


def test_a_statement_that_waits_too_long_on_postgres_is_cancelled_and_answered_503(make_app):
    from sqlalchemy import create_engine, text

    from scorekeeper.store.database import reader_of
    from scorekeeper.extensions import db

    app = make_app(db_kind="postgres", DATABASE_STATEMENT_TIMEOUT=300)
    client = app.test_client()
    state = client.post("/api/games", json={"game": "trash", "players": ["Ann", "Bob"]}).get_json()
    with app.app_context():
        url = db.engine.url
        with reader_of(db.engine).connect() as connection:  # the head reads' own pool has the timeouts too
            assert connection.exec_driver_sql("SHOW statement_timeout").scalar() == "300ms"
    holder = create_engine(url)
    try:
        with holder.connect() as connection:  # another session holds the game's row lock, and does not let go
            connection.execute(text("SELECT id FROM game WHERE public_id = :id FOR UPDATE"), {"id": state["id"]})
            started = time.monotonic()
            answer = client.post(f"/api/games/{state['id']}/rounds", json={"data": {"winner": 0}},
                                 headers={"Authorization": f"Bearer {state['token']}"})
            assert answer.status_code == 503 and time.monotonic() - started < 2
            assert "try again" in answer.get_json()["errors"]["server"]
            connection.rollback()
    finally:
        holder.dispose()
    assert client.post(f"/api/games/{state['id']}/rounds", json={"data": {"winner": 0}},
                       headers={"Authorization": f"Bearer {state['token']}"}).status_code == 201


def test_a_postgres_connection_that_does_not_open_gives_up_in_time():
    from scorekeeper.config import engine_options

    options = engine_options("postgresql+psycopg://h/db", {"pool_pre_ping": True,
                                                            "connect_args": {"options": "-c timezone=UTC"}}, 5, 15000)
    assert options["connect_args"] == {"connect_timeout": 5, "options": "-c timezone=UTC -c statement_timeout=15000"}
    assert engine_options("sqlite:///x", {"pool_pre_ping": True}, 5, 15000) == {}


# --- one format for times ------------------------------------------------------------------------------------

UTC_STAMP = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00")


@pytest.mark.parametrize("kind, zone", [("sqlite", None), ("postgres", "Asia/Kolkata"), ("postgres", "America/Lima")])
def test_created_is_utc_with_its_offset_on_every_database_and_session_zone(make_app, kind, zone):
    options = {"pool_pre_ping": True, **({"connect_args": {"options": f"-c timezone={zone}"}} if zone else {})}
    app = make_app(db_kind=kind, SQLALCHEMY_ENGINE_OPTIONS=options)
    client = app.test_client()
    made = client.post("/api/games", json={"game": "trash", "players": ["Ann", "Bob"]}).get_json()
    shown = [made["created"], client.get(f"/api/games/{made['id']}").get_json()["created"],
             client.get("/api/games").get_json()[0]["created"]]
    assert all(UTC_STAMP.fullmatch(value) for value in shown) and len(set(shown)) == 1, shown
    with app.app_context():
        from scorekeeper.play.backup import export_games

        record = export_games()["games"][0]
    assert record["created"] == shown[0] and UTC_STAMP.fullmatch(record["updated"])


# --- no edit token in the logs -------------------------------------------------------------------------------


@pytest.fixture
def logged(make_app):
    """An app that writes access logs, and the lines it wrote (access log and error log alike)."""
    app = make_app(ACCESS_LOG=True)
    lines: list[str] = []
    handler = logging.Handler()
    handler.emit = lambda record: lines.append(record.getMessage())
    loggers = [logging.getLogger("scorekeeper.web.access"), app.logger]
    for logger in loggers:
        logger.addHandler(handler)
        logger.disabled = False  # Alembic's fileConfig turns off the loggers made before a migration ran
    yield app, lines
    for logger in loggers:
        logger.removeHandler(handler)


MISTYPED = [
    "/games/{id}/edit/{token}", "/games/{id}/edit/{token}/", "/games/{id}/edit//{token}", "/games/{id}/Edit/{token}",
    "/games/{id}/EDIT/{token}/more", "/games/{id}/edit{token}", "/games/{id}/edit-{token}", "/games/{id}/edti/{token}",
    "/games/{id}/eidt/{half1} {half2}", "/games/{id}/{token}", "/games/{id}/rounds/{token}", "/gmaes/{id}/edit/{token}",
    "/{token}", "/games/{token}", "/api/games/{id}/{token}", "/api/games/{id}/edit/{token}",
    "/games/{id}/edit%2F{token}", "/groups/{id}/join/{token}", "/groups/{id}/jion/{half1}/{half2}",
    "/games/{id}/edit/{half1}%20{half2}", "/games/{id}/{half1}/{half2}", "/static/{token}.css", "/rules/{token}",
    "/games/{id}/edit;{token}", "/games/{id}/edit={token}", "/games/{id}/{token}/edit",
]


def test_an_edit_token_never_reaches_the_logs_even_in_a_mistyped_address(logged):
    app, lines = logged
    client = app.test_client()
    state = client.post("/api/games", json={"game": "golf", "players": ["A", "B"]}).get_json()
    token, halves = state["token"], (state["token"][:16], state["token"][16:])
    for pattern in MISTYPED:
        path = pattern.format(id=state["id"], token=token, half1=halves[0], half2=halves[1])
        client.get(path, headers={"Authorization": f"Bearer {token}", "X-Access-Code": token})
        client.post(path, headers={"Authorization": f"Bearer {token}"}, json={"data": {}})
    client.get(f"/games/{state['id']}/edit/{token}?token={token}")
    entries = [json.loads(line) for line in lines if line.startswith("{")]
    assert len(entries) >= 2 * len(MISTYPED)
    written = "\n".join(lines)
    assert token not in written and halves[0] not in written and halves[1] not in written
    assert state["id"] in written  # a game's id (its view link) stays, to read the logs by
    paths = {e["path"] for e in entries}
    assert f"/games/{state['id']}/edit/…" in paths and f"/games/{state['id']}/rounds/…" in paths


def test_an_error_log_line_names_the_path_without_its_token(logged):
    app, lines = logged
    app.config["PROPAGATE_EXCEPTIONS"] = False

    @app.get("/boom/<path:rest>")
    def boom(rest):
        raise RuntimeError("boom")

    token = "AbCdEfGhIjKlMnOpQrStUvWxYz012345"
    assert app.test_client().get(f"/boom/edit/{token}").status_code == 500
    assert any(line.startswith("Exception on /boom/edit/…") for line in lines)
    assert token not in "\n".join(lines)


@pytest.mark.parametrize("path, shown", [
    ("/games/abcdefghijklmnop/rounds/3/edit", "/games/abcdefghijklmnop/rounds/3/edit"),
    ("/games/abcdefghijklmnop/edit-qr.svg", "/games/abcdefghijklmnop/edit-qr.svg"),
    ("/api/games/abcdefghijklmnop/rounds/12", "/api/games/abcdefghijklmnop/rounds/12"),
    ("/games/abcdefghijklmnop/live", "/games/abcdefghijklmnop/live"),
    ("/rules/trash-twelve-hands", "/rules/trash-twelve-hands"),
    ("/sheets/golf/sheet.pdf", "/sheets/golf/sheet.pdf"),
    ("/games/abcdefghijklmnop/edit/", "/games/abcdefghijklmnop/edit/"),
])
def test_the_logs_keep_the_words_numbers_and_ids_of_an_address(path, shown):
    from scorekeeper.web.hosting import logged_path

    assert logged_path(path) == shown


# --- the access code's limit, kept in the database for every worker --------------------------------------------

CODE = "club-1234"


@pytest.fixture
def workers(make_app):
    """Two apps on one database, as two workers (or servers) of one install: limits on, the code's small."""
    yield from two_workers(make_app, "6 per minute")


@pytest.fixture
def club(make_app):
    """Two workers of one install whose address limit is well above a guesser's own (a club behind one router)."""
    yield from two_workers(make_app, "20 per minute")


def two_workers(make_app, address_limit: str):
    settings = {"ACCESS_CODE": CODE, "RATELIMIT_ENABLED": True, "RATELIMIT_ACCESS_CODE": "3 per minute",
                "RATELIMIT_ACCESS_CODE_ADDRESS": address_limit}
    first = make_app(**settings)
    second = create_app({**BASE, "SQLALCHEMY_DATABASE_URI": first.config["SQLALCHEMY_DATABASE_URI"], **settings})
    yield first, second
    with second.app_context():
        from scorekeeper.extensions import db

        db.engine.dispose()


def guesses(app):
    with app.app_context():
        from sqlalchemy import select

        from scorekeeper.extensions import db
        from scorekeeper.store.models import CodeGuess

        return db.session.execute(select(CodeGuess.address, CodeGuess.browser)).all()


def browser(app, address="10.0.0.1", agent=None):
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = address
    if agent:
        client.environ_base["HTTP_USER_AGENT"] = agent
    return client


def test_wrong_guesses_count_across_workers(workers):
    first, second = workers
    statuses = []  # a caller without cookies, its requests spread over both workers
    for n in range(4):
        client = browser(first if n % 2 == 0 else second)  # a new cookie jar each time: it keeps nothing
        statuses.append(client.get("/api/games", headers={"X-Access-Code": f"guess-{n}"}).status_code)
    assert statuses == [200, 200, 200, 429]
    refused = browser(second).get("/api/games", headers={"X-Access-Code": "guess-9"})
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) > 0
    assert "wait a minute" in refused.get_json()["errors"]["rate"]
    page = browser(first).post("/access", data={"code": "guess-10"})
    assert page.status_code == 429 and "Slow down a little" in page.get_data(as_text=True)
    assert "Retry-After" in page.headers
    assert len(guesses(first)) == 3  # a refused guess is not checked, nor counted


def test_one_browsers_wrong_guesses_count_on_every_worker(workers):
    first, second = workers
    one = browser(first)
    one.get("/access")
    statuses = []
    for n in range(4):
        app = first if n % 2 == 0 else second
        other = browser(app)
        other._cookies = one._cookies  # the same browser, its requests answered by either worker
        statuses.append(other.post("/access", data={"code": f"guess-{n}"}).status_code)
    assert statuses == [422, 422, 422, 429]
    assert one.post("/access", data={"code": CODE}).status_code == 429  # its own guesses: it waits too


def test_the_right_code_is_let_through_despite_others_wrong_guesses_from_the_same_address(workers):
    first, second = workers
    for n in range(3):  # someone at the club mistypes (or guesses) until refused
        browser(first).get("/api/games", headers={"X-Access-Code": f"guess-{n}"})
    assert browser(second).get("/api/games", headers={"X-Access-Code": "guess-3"}).status_code == 429
    member = browser(second)  # a member at the same address opens the access page and types the right code
    assert member.get("/access").status_code == 200
    answer = member.post("/access?next=/new/golf", data={"code": CODE})
    assert answer.status_code == 302 and answer.headers["Location"] == "/new/golf"
    assert member.get("/api/games").status_code == 200
    mistyper = browser(first)  # another member who mistypes once still has their own tries
    mistyper.get("/access")
    assert mistyper.post("/access", data={"code": "club-1243"}).status_code == 422
    assert mistyper.post("/access", data={"code": CODE}).status_code == 302


def test_an_address_as_a_whole_has_a_larger_limit(workers):
    first, second = workers
    statuses = []
    for n in range(7):  # a guesser who takes a fresh browser id for every two guesses
        client = browser(first if n % 2 else second)
        client.get("/access")
        statuses.append(client.post("/access", data={"code": f"guess-{n}"}).status_code)
    assert statuses == [422] * 6 + [429]
    late = browser(first)
    late.get("/access")
    assert late.post("/access", data={"code": CODE}).status_code == 429  # past the address's limit: wait
    elsewhere = browser(first, "10.0.0.2")
    assert elsewhere.get("/api/games", headers={"X-Access-Code": CODE}).status_code == 200


def test_a_script_with_the_right_code_is_not_refused_for_a_browsers_wrong_guesses(club):
    """The attack of issue 36: another browser at the same address made its wrong guesses until refused, then a
    script sending the right X-Access-Code was refused too (a caller without cookies shared the whole address's)."""
    first, second = club
    guesser = browser(first, agent="Mozilla/5.0 (Android)")
    guesser.get("/access")
    statuses = [guesser.post("/access", data={"code": f"guess-{n}"}).status_code for n in range(4)]
    assert statuses == [422, 422, 422, 429]
    for app in (first, second):  # a script without cookies, answered by either worker
        script = browser(app, agent="club-scores/1.0")
        assert script.get("/api/games", headers={"X-Access-Code": CODE}).status_code == 200
    started = browser(second, agent="club-scores/1.0").post(
        "/api/games", json={"game": "golf", "players": ["Ann", "Bob"]}, headers={"X-Access-Code": CODE})
    assert started.status_code == 201, started.get_json()
    assert guesser.post("/access", data={"code": CODE}).status_code == 429  # the guesser itself still waits


def test_a_scripts_wrong_guesses_count_against_that_script(club):
    first, second = club
    statuses = []
    for n in range(4):  # a script without cookies, guessing through both workers
        script = browser(first if n % 2 else second, agent="python-httpx/0.28")
        statuses.append(script.get("/api/games", headers={"X-Access-Code": f"guess-{n}"}).status_code)
    assert statuses == [200, 200, 200, 429]
    assert browser(first, agent="python-httpx/0.28").get("/api/games", headers={"X-Access-Code": CODE}).status_code == 429
    other = browser(second, agent="curl/8.5")  # another script, and a browser, at the same address keep their tries
    assert other.get("/api/games", headers={"X-Access-Code": CODE}).status_code == 200
    member = browser(first, agent="python-httpx/0.28")
    member.get("/access")
    assert member.post("/access", data={"code": CODE}).status_code == 302
    assert len({who for _address, who in guesses(first)}) == 1  # the three wrong guesses are that script's


def test_the_address_limit_stops_a_guesser_who_changes_its_user_agent(club):
    first, _second = club
    statuses = [browser(first, agent=f"bot/{n}").get("/api/games", headers={"X-Access-Code": f"guess-{n}"}).status_code
                for n in range(21)]
    assert statuses == [200] * 20 + [429]
    assert browser(first, agent="curl/8.5").get("/api/games", headers={"X-Access-Code": CODE}).status_code == 429
    assert browser(first, "10.0.0.2").get("/api/games", headers={"X-Access-Code": CODE}).status_code == 200


def test_the_right_code_never_counts_and_old_guesses_are_forgotten(workers, monkeypatch):
    from datetime import timedelta

    from scorekeeper.web import access

    first, _ = workers
    for _ in range(8):
        assert browser(first).get("/api/games", headers={"X-Access-Code": CODE}).status_code == 200
    assert guesses(first) == []
    for n in range(3):
        browser(first).get("/api/games", headers={"X-Access-Code": f"guess-{n}"})
    assert browser(first).get("/api/games", headers={"X-Access-Code": CODE}).status_code == 429
    later = access.utcnow() + timedelta(seconds=61)
    monkeypatch.setattr(access, "utcnow", lambda: later)  # a minute on: they no longer count, and go
    assert browser(first).get("/api/games", headers={"X-Access-Code": "guess-3"}).status_code == 200
    assert len(guesses(first)) == 1


def test_limits_off_count_nothing(make_app):
    app = make_app(ACCESS_CODE=CODE)  # the tests' settings: limits off
    for n in range(12):
        assert browser(app).get("/api/games", headers={"X-Access-Code": f"guess-{n}"}).status_code == 200
    assert guesses(app) == []


def test_a_shared_limiter_store_from_the_environment_holds_across_workers(monkeypatch, tmp_path):
    """FLASK_RATELIMIT_STORAGE_URI (or RATELIMIT_STORAGE_URI) names the store every worker counts in: here a
    store of this test's own, as redis:// or memcached:// would be for several servers."""
    from limits.storage import MemoryStorage

    from scorekeeper.extensions import limiter
    from tests.databases import migrate

    class SharedStore(MemoryStorage):
        STORAGE_SCHEME = ["sktest-shared"]
        made: list = []

        def __init__(self, uri, **options):
            super().__init__(uri, **options)
            self.made.append(uri)

    url = f"sqlite:///{tmp_path / 'shared.sqlite'}"
    migrate(url)
    monkeypatch.setenv("DATABASE_URL", url)
    monkeypatch.setenv("SECRET_KEY", "t")
    monkeypatch.setenv("FLASK_RATELIMIT_STORAGE_URI", "sktest-shared://host")
    monkeypatch.setenv("FLASK_RATELIMIT_CREATE", "2 per minute")
    app = create_app()
    assert isinstance(limiter.storage, SharedStore) and SharedStore.made == ["sktest-shared://host"]
    client = app.test_client()
    statuses = [client.post("/api/games", json={"game": "golf", "players": ["A", "B"]}).status_code for _ in range(3)]
    assert statuses == [201, 201, 429]
    monkeypatch.delenv("FLASK_RATELIMIT_STORAGE_URI")
    monkeypatch.setenv("RATELIMIT_STORAGE_URI", "sktest-shared://other")
    create_app()
    assert SharedStore.made[-1] == "sktest-shared://other"
    with app.app_context():
        from scorekeeper.extensions import db

        db.engine.dispose()


def test_a_write_that_waits_past_sqlites_busy_timeout_is_answered_503(make_app, monkeypatch):
    import sqlite3

    from scorekeeper.store import database

    monkeypatch.setattr(database, "BUSY_TIMEOUT_MS", 200)  # for the connections the app opens from now on
    app = make_app(db_kind="sqlite")
    client = app.test_client()
    state = client.post("/api/games", json={"game": "trash", "players": ["Ann", "Bob"]}).get_json()
    editor = app.test_client()
    editor.get(f"/games/{state['id']}/edit/{state['token']}")
    holder = sqlite3.connect(app.config["SQLALCHEMY_DATABASE_URI"].removeprefix("sqlite:///"), isolation_level=None)
    try:
        holder.execute("BEGIN IMMEDIATE")  # another process holds the write lock, and does not let go
        answer = client.post(f"/api/games/{state['id']}/rounds", json={"data": {"winner": 0}},
                             headers={"Authorization": f"Bearer {state['token']}"})
        assert answer.status_code == 503 and "try again" in answer.get_json()["errors"]["server"]
        page = editor.post(f"/games/{state['id']}/finish")
        assert page.status_code == 503 and "try again in a few seconds" in page.get_data(as_text=True)
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert client.post(f"/api/games/{state['id']}/rounds", json={"data": {"winner": 0}},
                       headers={"Authorization": f"Bearer {state['token']}"}).status_code == 201


# --- the deadline: a database that answers nothing is cut short, one that is only slow is waited for -------------


def test_a_write_waiting_on_a_lock_past_the_deadline_is_not_cut_while_postgres_answers(make_app):
    from sqlalchemy import create_engine, text

    from scorekeeper.extensions import db

    app = make_app(db_kind="postgres", DATABASE_DEADLINE=0.6)
    client = app.test_client()
    state = client.post("/api/games", json={"game": "trash", "players": ["Ann", "Bob"]}).get_json()
    with app.app_context():
        url = db.engine.url
    holder = create_engine(url)
    try:
        with holder.connect() as connection:  # another write holds the game's row lock for 1.2 s, then commits
            connection.execute(text("SELECT id FROM game WHERE public_id = :id FOR UPDATE"), {"id": state["id"]})
            threading.Timer(1.2, connection.rollback).start()
            started = time.monotonic()
            answer = client.post(f"/api/games/{state['id']}/rounds", json={"data": {"winner": 0}},
                                 headers={"Authorization": f"Bearer {state['token']}"})
            waited = time.monotonic() - started
    finally:
        holder.dispose()
    assert answer.status_code == 201 and waited >= 1.1  # it waited past the deadline: the database answered meanwhile


def test_a_write_lock_held_by_a_stalled_sqlite_writer_is_a_503_within_the_deadline_then_at_once(make_app):
    import sqlite3

    app = make_app(db_kind="sqlite", DATABASE_DEADLINE=0.5)
    client = app.test_client()
    state = client.post("/api/games", json={"game": "trash", "players": ["Ann", "Bob"]}).get_json()
    post = lambda: client.post(f"/api/games/{state['id']}/rounds", json={"data": {"winner": 0}},  # noqa: E731
                               headers={"Authorization": f"Bearer {state['token']}"})
    holder = sqlite3.connect(app.config["SQLALCHEMY_DATABASE_URI"].removeprefix("sqlite:///"), isolation_level=None)
    try:
        holder.execute("BEGIN IMMEDIATE")  # a writer that stalls while it holds the lock
        timings = []
        for _ in range(3):
            started = time.monotonic()
            answer = post()
            timings.append(time.monotonic() - started)
            assert answer.status_code == 503 and "try again" in answer.get_json()["errors"]["server"]
        assert timings[0] < 1.0 and max(timings[1:]) < 0.2, timings  # the deadline once, then refused at once
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert post().status_code == 201  # the lock is free: the next write works
    assert [r["number"] for r in client.get(f"/api/games/{state['id']}").get_json()["rounds"]] == [1]
