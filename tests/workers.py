"""Another worker of the app on the same database, in a process of its own: it starts with nothing kept, as a
worker just started (or one on another server) does, and keeps what it folds and renders from then on.

The tests of what is kept ask such a worker rather than emptying this process's caches, so they say what a
worker does, whatever it keeps and wherever. Workers are forked from a server process that has imported the
app once (multiprocessing's forkserver), so a new one costs milliseconds, not an import of Flask.
"""
from __future__ import annotations

import multiprocessing
import os
import traceback
from contextlib import ExitStack
from dataclasses import dataclass, field
from multiprocessing import forkserver
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
PRELOAD = ["scorekeeper", "scorekeeper.play.services", "scorekeeper.rules", "tests.workers"]
_context = None


def context():
    """The forkserver every worker is forked from (started on first use, for the session), importing the app
    and these tests from this checkout whatever the working directory (its sys.path is not the tests')."""
    global _context
    if _context is None:
        _context = multiprocessing.get_context("forkserver")
        _context.set_forkserver_preload(PRELOAD)
        before = os.environ.get("PYTHONPATH")
        os.environ["PYTHONPATH"] = os.pathsep.join([str(ROOT), *([before] if before else [])])
        try:
            forkserver.ensure_running()
        finally:
            if before is None:
                del os.environ["PYTHONPATH"]
            else:
                os.environ["PYTHONPATH"] = before
    return _context


@dataclass
class Answer:
    """What a worker answered, and what it did to answer."""

    status_code: int
    headers: dict[str, str]
    data: bytes
    statements: list[str] = field(default_factory=list)  # SQL sent on the app's engine, when counted
    called: list[str] = field(default_factory=list)  # the watched services functions it called, in order
    played: list[int] = field(default_factory=list)  # the rounds its rules played, by number, when watched

    def get_data(self, as_text: bool = False):
        return self.data.decode() if as_text else self.data

    def get_json(self):
        import json

        return json.loads(self.data)


class Worker:
    """One worker process of the app at ``config`` (with the test's database); its browsers are test clients
    named by the test, each keeping its own cookies."""

    def __init__(self, config: dict[str, Any]):
        ctx = context()
        self.conn, theirs = ctx.Pipe()
        self.process = ctx.Process(target=serve, args=(theirs, config), daemon=True)
        self.process.start()
        theirs.close()

    def request(self, method: str, path: str, browser: str = "browser", cookies: dict[str, str] | None = None,
                refuse: tuple[str, ...] = (), watch: tuple[str, ...] = (), count: bool = False,
                plays: str | None = None, **kwargs) -> Answer:
        """Send a request from ``browser`` (first given ``cookies``, as a browser that holds them). ``refuse``:
        services functions that fail the request if called; ``watch``: those whose calls are told back;
        ``count``: tell back the SQL it sends; ``plays``: tell back the rounds the rules of this game play."""
        self.conn.send(dict(method=method, path=path, browser=browser, cookies=cookies or {}, refuse=refuse,
                            watch=watch, count=count, plays=plays, kwargs=kwargs))
        answer = self.conn.recv()
        if "error" in answer:
            raise AssertionError(f"the other worker failed:\n{answer['error']}")
        return Answer(**answer)

    def get(self, path: str, **kwargs) -> Answer:
        return self.request("GET", path, **kwargs)

    def post(self, path: str, **kwargs) -> Answer:
        return self.request("POST", path, **kwargs)

    def stop(self) -> None:
        if self.process.is_alive():
            self.conn.send(None)
            self.process.join(10)
        if self.process.is_alive():
            self.process.kill()
            self.process.join(10)  # gone, with its connections, before the test's database is emptied for the next
        self.conn.close()


def cookies_of(client) -> dict[str, str]:
    """The cookies a Flask test client holds for localhost, to give a worker's browser the same."""
    return {cookie.key: cookie.value for cookie in client._cookies.values()}


def serve(conn, config: dict[str, Any]) -> None:
    """The worker process: make the app, answer requests until told to stop."""
    from scorekeeper import create_app
    from scorekeeper.extensions import db

    app = create_app(config)
    browsers: dict[str, Any] = {}
    try:
        while (request := conn.recv()) is not None:
            try:
                conn.send(answer(app, db, browsers, request))
            except BaseException:  # noqa: BLE001 - told back to the test
                conn.send({"error": traceback.format_exc()})
    finally:
        with app.app_context():
            db.engine.dispose()


def answer(app, db, browsers: dict, request: dict) -> dict:
    from sqlalchemy import event

    import importlib

    from scorekeeper import rules

    client = browsers.setdefault(request["browser"], app.test_client())
    for key, value in request["cookies"].items():
        client.set_cookie(key, value)
    told = {"statements": [], "called": [], "played": []}
    with ExitStack() as undo:
        for name in request["refuse"]:  # "play.tables.fold_game": a function of a module of the app
            module, _, function = name.rpartition(".")
            undo.enter_context(patched(importlib.import_module(f"scorekeeper.{module}"), function, refusing(name)))
        for name in request["watch"]:
            module, _, function = name.rpartition(".")
            owner = importlib.import_module(f"scorekeeper.{module}")
            undo.enter_context(patched(owner, function, watching(name, getattr(owner, function), told["called"])))
        if request["plays"]:
            kind = type(rules.REGISTRY[request["plays"]])
            real = kind.play
            undo.enter_context(patched(kind, "play", lambda self, table, state, turn, data:
                                       told["played"].append(turn.number) or real(self, table, state, turn, data)))
        if request["count"]:
            with app.app_context():
                engine = db.engine
            listener = lambda conn, cursor, statement, *args: told["statements"].append(statement)  # noqa: E731
            event.listen(engine, "before_cursor_execute", listener)
            undo.callback(event.remove, engine, "before_cursor_execute", listener)
        response = client.open(request["path"], method=request["method"], **request["kwargs"])
        data = response.get_data()
    return dict(status_code=response.status_code, headers=dict(response.headers), data=data, **told)


def refusing(name: str):
    def refuse(*args, **kwargs):
        raise AssertionError(f"{name} was called")

    return refuse


def watching(name: str, real, calls: list[str]):
    def watch(*args, **kwargs):
        calls.append(name)
        return real(*args, **kwargs)

    return watch


class patched:
    """Set ``owner.name`` to ``value`` for a block."""

    def __init__(self, owner, name: str, value):
        self.owner, self.name, self.value = owner, name, value

    def __enter__(self):
        self.saved = getattr(self.owner, self.name)
        setattr(self.owner, self.name, self.value)

    def __exit__(self, *exc):
        setattr(self.owner, self.name, self.saved)
