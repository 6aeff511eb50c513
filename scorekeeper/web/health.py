"""/healthz: is this server up, and can it reach its database (within HEALTH_TIMEOUT seconds)?"""
from __future__ import annotations

import threading
import weakref

from flask import Flask, current_app
from sqlalchemy import text

from ..extensions import db
from ..store.database import known_down
from .hosting import limits_storage


def register(app: Flask) -> None:
    """Serve /healthz for load balancers and monitors."""
    app.add_url_rule("/healthz", "healthz", healthz)


def healthz():
    """Answer 200 when the database answers a query, 503 when it fails or does not answer in time. Where the rate
    limits are shared (Redis), say too whether this server reaches their storage (``hosting.limits_storage``)."""
    if database_answers(db.engine, current_app.config["HEALTH_TIMEOUT"]):
        limits = limits_storage()
        return {"status": "ok", "database": "ok", **({"limits": limits} if limits else {})}, 200
    return {"status": "unavailable", "database": "unreachable"}, 503, {"Retry-After": "5"}


def ask(engine) -> None:
    """Ask the database the smallest question that reads it (on SQLite, ``SELECT 1`` reads no file); raise if it
    cannot answer."""
    question = "SELECT count(*) FROM sqlite_master" if engine.dialect.name == "sqlite" else "SELECT 1"
    with engine.connect() as connection:
        connection.execute(text(question))


class Probe:
    """One question to the database, asked in a thread of its own so that its asker can stop waiting."""

    def __init__(self, engine):
        self.done = threading.Event()
        self.failure: BaseException | None = None
        threading.Thread(target=self.run, args=(engine,), name="healthz-probe", daemon=True).start()

    def run(self, engine) -> None:
        try:
            ask(engine)
        except BaseException as exc:  # noqa: BLE001 (any failure is an answer: the database is not well)
            self.failure = exc
        finally:
            self.done.set()


_probes: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # engine -> its latest probe
_probes_lock = threading.Lock()


def database_answers(engine, timeout: float) -> bool:
    """Say whether the database answers within ``timeout`` seconds.

    The question is asked in a thread of its own: a database that hangs (frozen, or its host gone without a word)
    would otherwise hold the request until the server's worker is killed. While a question is still unanswered,
    later checks wait on that same question instead of asking again, so a hung database holds one connection
    and one thread per process, however often the check is made; when it answers at last, the next check asks
    afresh. A database this process knows to be down (a call to it was cut at its deadline) is not asked again.
    """
    if known_down(engine):
        current_app.logger.error("health check: the database is down (a call waited past its deadline)")
        return False
    with _probes_lock:
        probe = _probes.get(engine)
        if probe is None or probe.done.is_set():
            probe = _probes[engine] = Probe(engine)
    if not probe.done.wait(timeout):
        current_app.logger.error("health check: the database did not answer within %s s", timeout)
        return False
    if probe.failure is not None:
        current_app.logger.error("health check: the database does not answer: %s", probe.failure)
        return False
    return True
