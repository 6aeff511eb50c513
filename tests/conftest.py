"""Fixtures: an app on a fresh database (SQLite, or PostgreSQL with --db=postgres), a client, game factories."""
from __future__ import annotations

import copy
import json
import os
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from flask import Flask
from jinja2 import BytecodeCache

from scorekeeper import create_app
from scorekeeper.extensions import db, limiter
from scorekeeper.live import cache
from tests.databases import Databases
from tests.redis_server import empty, throwaway_redis

# The shared worked examples beside the repository when it sits there (the newest cases), else the copy in
# tests/examples taken from them, so a clone anywhere runs them.
SHARED_EXAMPLES = Path(__file__).resolve().parents[2] / "shared" / "spec" / "examples"
EXAMPLES = SHARED_EXAMPLES if SHARED_EXAMPLES.is_dir() else Path(__file__).resolve().parent / "examples"


BROWSER_TESTS = Path(__file__).resolve().parent / "browser"
SHEET_TESTS = Path(__file__).resolve().parent / "sheets"
BASE = {"TESTING": True, "SECRET_KEY": "test", "WTF_CSRF_ENABLED": False, "RATELIMIT_ENABLED": False}


class CompiledTemplates(BytecodeCache):
    """The templates compiled once a session for every app the tests make: each app has a Jinja environment of
    its own, which would compile again each template a test renders (most of a test's time on the test
    client). Kept by template and source, so an edited template is compiled again."""

    def __init__(self):
        self.kept: dict[str, tuple[str, object]] = {}

    def load_bytecode(self, bucket):
        checksum, code = self.kept.get(bucket.key, (None, None))
        if checksum == bucket.checksum:
            bucket.code = code

    def dump_bytecode(self, bucket):
        self.kept[bucket.key] = (bucket.checksum, bucket.code)


COMPILED_TEMPLATES = CompiledTemplates()


def pytest_addoption(parser):
    parser.addoption("--db", choices=["sqlite", "postgres", "both"],
                     default=os.environ.get("SCOREKEEPER_TEST_DB", "sqlite"),
                     help="the database the tests run on: SQLite files, a throwaway PostgreSQL server (a database "
                          "per test, and only the tests that use the database it chooses), or both: the whole suite "
                          "on SQLite and those tests once more on PostgreSQL, in one run")


def pytest_xdist_auto_num_workers(config):
    """``-n auto``: a worker more than the machine has cores (PYTEST_XDIST_AUTO_NUM_WORKERS says otherwise, and
    ``-n logical`` is pytest-xdist's own). The browser and hosted tests spend part of their time waiting on a page or
    a server; on two cores a third worker ran the suite in 8 min 30 s, not 9 min 05 s, and a fourth was slower
    again (docs/benchmarks.md)."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS") or config.option.numprocesses == "logical":
        return None
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return cores + 1


def on_the_chosen_database(item, fixtures=None) -> bool:
    """Say whether a test (or a test function's definition) runs on the database --db chooses.

    Not the rules, the translations and the other tests that touch no database, nor the tests marked
    ``own_database``, which choose their database themselves (both kinds, or PostgreSQL always), nor the browser
    tests, which check what a phone shows and does: the requests they make are the ones the test-client and hosted
    tests make on both databases, and they would double the time of the suite. Nor the sheets that print no stored
    game (blank score sheets and rules cards) and those marked ``printed_layout`` (the measured cells, charts and
    page fits of issue 38): what they check is WeasyPrint's layout, which no database changes; the stored games'
    sheets of ``test_sheets`` print from PostgreSQL too.
    """
    fixtures = getattr(item, "fixturenames", ()) if fixtures is None else fixtures
    return ("databases" in fixtures
            and item.get_closest_marker("own_database") is None
            and not item.path.is_relative_to(BROWSER_TESTS)
            and item.get_closest_marker("printed_layout") is None
            and not (item.path.is_relative_to(SHEET_TESTS) and "create_game" not in fixtures))


def pytest_generate_tests(metafunc):
    """With --db=both, run each test on the chosen database twice: on SQLite and on PostgreSQL."""
    both = metafunc.config.getoption("--db") == "both"
    if both and on_the_chosen_database(metafunc.definition, metafunc.fixturenames):
        metafunc.parametrize("databases", ["sqlite", "postgres"], indirect=True, scope="session")


def pytest_collection_modifyitems(config, items):
    """Mark every test under tests/browser ``browser``, so ``pytest -m "not browser"`` runs the rest quickly
    (a ``pytestmark`` in a conftest marks nothing). With --db=postgres, keep only the tests that run on the
    database --db chooses (``on_the_chosen_database``)."""
    for item in items:
        if item.path.is_relative_to(BROWSER_TESTS):
            item.add_marker(pytest.mark.browser)
    if config.getoption("--db") != "postgres":
        return
    kept, deselected = [], []
    for item in items:
        (kept if on_the_chosen_database(item) else deselected).append(item)
    if deselected:
        config.hook.pytest_deselected(items=deselected)
        items[:] = kept


@pytest.fixture(scope="session")
def all_databases(request, tmp_path_factory):
    """Fresh databases of the kind chosen with --db (SQLite files, or databases on one PostgreSQL server, started
    on first use); SQLite for --db=both, but for the tests it runs on each kind."""
    kind = request.config.getoption("--db")
    with ExitStack() as stack:
        yield Databases("sqlite" if kind == "both" else kind, tmp_path_factory.mktemp("databases"), stack)


@pytest.fixture(scope="session")
def databases(request, all_databases):
    """The databases a test gets by default: of the kind --db chooses, or with --db=both the kind of its run."""
    kind = getattr(request, "param", None)
    return all_databases.choosing(kind) if kind else all_databases


@pytest.fixture(scope="session")
def redis_server():
    """A throwaway Redis (Debian's redis-server), started on first use, one per pytest-xdist worker: the rate
    limits' shared storage, as a club's servers share one."""
    with throwaway_redis() as url:
        yield url


@pytest.fixture
def redis_url(redis_server):
    """The URL of the session's Redis, every counter of the tests before forgotten."""
    empty(redis_server)
    return redis_server


def new_test_app(url: str, config: dict) -> Flask:
    """Make an app of the tests' settings (and ``config``) on the database at ``url``, sharing compiled templates."""
    app = create_app({**BASE, "SQLALCHEMY_DATABASE_URI": url, **config})
    app.jinja_env.bytecode_cache = COMPILED_TEMPLATES
    return app


def let_go(app: Flask, url: str, databases: Databases) -> None:
    """Close the app's connections and give its database back (emptied for the next test, or dropped)."""
    with app.app_context():
        db.engine.dispose()
    databases.drop(url)


def shape(app: Flask) -> tuple:
    """Return what a test could add to an app and not take away: its URL rules, request hooks, template globals
    and filters, and extensions."""
    hooks = (app.before_request_funcs, app.after_request_funcs, app.teardown_request_funcs, app.url_value_preprocessors,
             app.url_default_functions, app.template_context_processors)
    return (sum(1 for _ in app.url_map.iter_rules()), tuple(sum(len(funcs) for funcs in kind.values()) for kind in hooks),
            frozenset(app.jinja_env.globals), frozenset(app.jinja_env.filters), frozenset(app.extensions))


@dataclass
class Kept:
    """A kept app, with what it was made with: its settings, its database, its WSGI stack and its shape."""

    settings: tuple
    app: Flask
    url: str
    config: dict = field(default_factory=dict)
    wsgi_app: object = None
    shape: tuple = ()


class KeptApps:
    """An app a worker for each of the usual settings (the tests' own, or those with CSRF on), kept from test to
    test on one database that is emptied after each: making an app (its URL rules compiled, its templates and
    catalogues loaded at the first requests) took a third of a test on the test client. The next test gets the
    app back as it was made: its settings and its WSGI stack, on an empty database.

    An app of other settings is never kept, and once a test has made one (or any app turned the rate limits on),
    the kept apps are made again: the rate limits' extension is one for the process, and the last app made sets
    whether it counts and where.
    """

    USUAL = ((), (("WTF_CSRF_ENABLED", True),))

    def __init__(self, databases: Databases):
        self.databases = databases
        self.free: dict[tuple, Kept] = {}
        self.made: set[tuple] = set()  # the settings with a kept app, free or in a test's hands

    def take(self, config: dict) -> Kept | None:
        """Return the kept app for these settings (made on first use), or None when they are not usual ones or
        this test has it already."""
        settings = tuple(sorted(config.items()))
        if settings not in self.USUAL:
            return None
        if limiter.enabled:  # turned on by an app made since (a test's own, the migrations'): not the kept apps'
            self.close()
        if settings in self.free:
            return self.free.pop(settings)
        if settings in self.made:
            return None
        url = self.databases.new()
        app = new_test_app(url, config)
        self.made.add(settings)
        return Kept(settings, app, url, copy.deepcopy(dict(app.config)), app.wsgi_app, shape(app))

    def give_back(self, kept: Kept) -> None:
        """Put the app back as it was made, on its database emptied, for the next test; or let it go when the test
        added to it what cannot be taken back (a hook, a route, a template global) or left a connection open (a
        thread still at work would write into the next test's database)."""
        with kept.app.app_context():
            if db.engine.pool.checkedout() or shape(kept.app) != kept.shape:
                db.engine.dispose()
                self.forget(kept)
                return
            self.databases.empty(kept.url, db.engine)
        kept.app.config.clear()
        kept.app.config.update(copy.deepcopy(kept.config))
        kept.app.wsgi_app = kept.wsgi_app
        self.free[kept.settings] = kept

    def forget(self, kept: Kept) -> None:
        """Let go of a kept app and its database: the next test with its settings gets a new one."""
        let_go(kept.app, kept.url, self.databases)
        self.made.discard(kept.settings)

    def close(self) -> None:
        """Let go of every free kept app."""
        for kept in list(self.free.values()):
            self.forget(kept)
        self.free.clear()


@pytest.fixture(scope="session")
def kept_apps(databases):
    apps = KeptApps(databases)
    yield apps
    apps.close()


@pytest.fixture
def make_app(databases, kept_apps):
    """Return a factory of apps, each on its own fresh database, its schema made by the migrations (the first of
    a test with usual settings is a kept one, its database emptied: KeptApps).

    A test starts as a freshly started worker does, with nothing kept: the live cache is the process's, and one
    filled by the tests before it (an xdist worker runs thousands) evicts what this test counts on."""
    cache.clear()
    made, taken = [], []

    def make(**config):
        kept = kept_apps.take(config)
        if kept is not None:
            taken.append(kept)
            return kept.app
        url = databases.new(kind=config.pop("db_kind", None))
        made.append((new_test_app(url, config), url))
        return made[-1][0]

    yield make
    for app, url in made:
        let_go(app, url, databases)
    if made:  # another app set the process's rate limits (KeptApps)
        kept_apps.close()
    for kept in taken:
        kept_apps.forget(kept) if made else kept_apps.give_back(kept)


@pytest.fixture
def app(make_app):
    """An app on a fresh database (SQLite, or PostgreSQL with --db=postgres)."""
    return make_app()


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def another_worker(app):
    """Return a factory of other workers of ``app`` on its database, each in a process of its own that has
    kept nothing yet (tests/workers.py): what a worker just started, or one on another server, answers."""
    from tests.workers import Worker

    started: list[Worker] = []

    def start() -> Worker:
        started.append(Worker({**BASE, "SQLALCHEMY_DATABASE_URI": app.config["SQLALCHEMY_DATABASE_URI"]}))
        return started[-1]

    yield start
    for worker in started:
        worker.stop()


@pytest.fixture
def create_game(client):
    """Start a game through the API; return its state (with the token)."""

    def make(game: str = "golf", players=("Ann", "Bob", "Cy"), options=None) -> dict:
        answer = client.post("/api/games", json={"game": game, "players": list(players), "options": options or {}})
        assert answer.status_code == 201, answer.get_json()
        return answer.get_json()

    return make


@pytest.fixture
def post_round(client):
    """Send a round to a game through the API; return the answer."""

    def send(state: dict, data: dict, **extra):
        headers = {"Authorization": f"Bearer {state['token']}", **extra.pop("headers", {})}
        return client.post(f"/api/games/{state['id']}/rounds", json={"data": data, **extra}, headers=headers)

    return send


def example_cases():
    """Every worked example of the shared spec, as (file name, case); fails loudly when they are missing."""
    assert EXAMPLES.is_dir(), f"the shared worked examples are not at {EXAMPLES}"
    for path in sorted(EXAMPLES.glob("*.json")):
        data = json.loads(path.read_text())
        for case in data if isinstance(data, list) else [data]:
            yield pytest.param(case, id=f"{path.stem}: {case.get('name', '')}")
