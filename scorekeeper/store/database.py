"""How the app talks to its database: SQLite in WAL with a busy timeout, one writer per game, and a deadline on
every call, so that no request waits long on a database that does not answer (frozen, or its disk hung)."""
from __future__ import annotations

import logging
import math
import os
import socket
import sqlite3
import threading
import time
import weakref
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Callable

import psycopg
from flask import Flask
from sqlalchemy import create_engine, event

BUSY_TIMEOUT_MS = 15_000  # a writer waits this long for another to finish before it gives up (at most the deadline)

log = logging.getLogger(__name__)


def register(app: Flask, db) -> None:
    """Hook the engine: on SQLite, writes can start as immediate transactions; on both, the deadline
    (``DATABASE_DEADLINE`` seconds, 0 for none) holds for every call."""
    with app.app_context():
        engine = db.engine
    _connect_args[engine] = dict(app.config.get("SQLALCHEMY_ENGINE_OPTIONS", {}).get("connect_args") or {})
    _deadlines[engine] = float(app.config.get("DATABASE_DEADLINE") or 0)
    watch(engine, _deadlines[engine])
    if engine.dialect.name == "sqlite":
        event.listen(engine, "connect", sqlite_connect)
        event.listen(engine, "begin", sqlite_begin)


def sqlite_connect(dbapi_connection, record) -> None:
    """Use WAL (readers never wait for the writer) and wait for a busy lock instead of failing (within the
    deadline, when there is one)."""
    dbapi_connection.isolation_level = None  # SQLAlchemy says BEGIN itself (sqlite_begin), not pysqlite
    guard = getattr(dbapi_connection, "guard", None)
    busy = BUSY_TIMEOUT_MS if guard is None else min(BUSY_TIMEOUT_MS, int(guard.deadline * 1000))
    cursor = dbapi_connection.cursor()
    cursor.execute(f"PRAGMA busy_timeout = {busy}")
    cursor.execute("PRAGMA journal_mode = WAL")
    cursor.execute("PRAGMA synchronous = FULL")  # an acknowledged round survives a power cut too
    cursor.close()


def sqlite_begin(connection) -> None:
    """Start a transaction: IMMEDIATE (the write lock, taken now) for a write, deferred for a read."""
    immediate = connection.get_execution_options().get("sqlite_immediate", False)
    connection.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")


def read_row(engine, sql: str, params: tuple) -> tuple | None:
    """Run one small indexed read without the ORM or a session; return its first row.

    For the answers that need only a game's head before a kept page, a kept scoreboard or a 304 (the
    poll, the table page); ``sql`` marks its parameters with ``?``. On PostgreSQL the read goes through
    ``reader_of(engine)``: one round trip, where a pooled ORM connection costs three or four (the
    pool's ping, BEGIN, the SELECT, the ROLLBACK as it goes back). A connection found dropped (the
    server restarted) is thrown away and the read tried once more on a new one.
    """
    reader = reader_of(engine)
    if reader.dialect.paramstyle != "qmark":
        sql = sql.replace("?", "%s")
    try:
        return read_once(reader, sql, params)
    except Dropped:
        return read_once(reader, sql, params)


class Dropped(Exception):
    """A pooled connection was found dropped (the server restarted): thrown away, the read can be tried again."""


def read_once(reader, sql: str, params: tuple) -> tuple | None:
    """Run ``read_row``'s read on one pooled connection; raise Dropped when the connection was dropped."""
    connection = reader.raw_connection()
    try:
        cursor = connection.cursor()
        cursor.execute(sql, params)
        row = cursor.fetchone()
        cursor.close()
    except reader.dialect.loaded_dbapi.Error as exc:
        dropped = reader.dialect.is_disconnect(exc, connection.dbapi_connection, None)
        connection.invalidate(exc)
        if dropped:
            raise Dropped from exc
        raise
    finally:
        connection.close()
    return None if row is None else tuple(row)


_readers: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # app engine -> its engine for head reads
_connect_args: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # app engine -> its connect_args (timeouts)
_deadlines: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # app engine -> its DATABASE_DEADLINE
_readers_lock = threading.Lock()


def reader_of(engine):
    """Return the engine that head reads use: on PostgreSQL a small pool of its own in autocommit, with no
    ping and nothing to reset (disposed with ``engine``); elsewhere ``engine`` itself (SQLite's reads
    are in autocommit already, and its pool has no ping)."""
    if engine.dialect.name != "postgresql":
        return engine
    with _readers_lock:
        reader = _readers.get(engine)
        if reader is None:
            reader = create_engine(engine.url, isolation_level="AUTOCOMMIT", pool_pre_ping=False,
                                   pool_reset_on_return=None, pool_size=2, max_overflow=8,
                                   connect_args=_connect_args.get(engine, {}))  # the app's timeouts
            watch(reader, _deadlines.get(engine, 0))
            event.listen(engine, "engine_disposed", lambda _engine: reader.dispose())
            _readers[engine] = reader
        return reader


def begin_write(session) -> None:
    """Make the session's next transaction a write that holds the database's write lock from its start.

    On SQLite a deferred transaction that read first cannot safely write later (its snapshot may be
    stale), so a write must take the lock before it reads anything. On PostgreSQL the row lock
    (SELECT ... FOR UPDATE) does the same job per game, and nothing needs doing here.
    """
    session = session() if callable(session) else session  # Flask-SQLAlchemy's scoped session
    bind = session.get_bind()
    if bind.dialect.name != "sqlite":
        return
    if session.in_transaction():
        if session.new or session.dirty or session.deleted:
            raise RuntimeError("a write must lock the game before it changes anything")
        session.rollback()  # a read-only snapshot taken earlier in this request: let go of it
    session.connection(execution_options={"sqlite_immediate": True})



# --- the deadline: no call waits long on a database that does not answer ---------------------------------------
#
# A pooled connection's query to a frozen server (stopped, its disk or its VM stalled) has no deadline of its own:
# the server's statement_timeout cannot fire while the server is stopped, and on loopback no TCP timeout fires
# either (the kernel still acknowledges). So each process has a watchdog: a call that waits longer than the
# deadline on a database that answers no other question either is cut (on PostgreSQL its socket is shut down, so
# that the blocked read returns and the connection is thrown away); the database is then "down", and every call
# and new connection is refused at once (503), until a question to the database is answered again. A database
# that is only slow (a lock held, a long statement) still answers the watchdog's questions, and its calls are
# left to the server's statement_timeout.

ASK_AFTER = 0.25  # seconds a call waits before the watchdog asks whether the database still answers
ASK_EVERY = 0.25  # seconds between two questions to PostgreSQL (each opens a connection)
TICK = 0.05  # seconds between two looks of the watchdog at the calls waiting
GRACE = 0.05  # while the database is down, seconds a call waits for the question in flight before it is refused
CHAIN = 0.01  # seconds after a refusal in which the same thread is refused again without waiting (the pool's retry)


@dataclass(eq=False)
class Call:
    """One call waiting on the database: since when, and how to cut it short."""

    cut: Callable[[], None]
    started: float = field(default_factory=time.monotonic)
    was_cut: bool = False


class Question:
    """One small question to the database (``Guard.ask``) on a connection of its own, in a thread of its own (or
    in the asker's, ``inline``, for a question that cannot hang longer than the call it stands for)."""

    def __init__(self, guard: Guard, inline: bool = False):
        self.guard, self.asked, self.answered = guard, time.monotonic(), False
        self.done = threading.Event()
        if inline:
            self.run()
        else:
            threading.Thread(target=self.run, name="database-question", daemon=True).start()

    def run(self) -> None:
        try:
            self.guard.ask(self.guard)
            self.answered = True
        except BaseException:  # noqa: BLE001 (any failure is an answer: the database does not answer)
            pass
        finally:
            self.done.set()
            self.guard.told(self)


class Guard:
    """One database as this process sees it: the calls waiting on it, when it last answered, whether it is down."""

    def __init__(self, deadline: float, ask: Callable[[Guard], None], error: type[Exception], ask_every: float | None):
        """``ask_every``: seconds between two questions in threads of their own; None: asked by each refused call
        itself."""
        self.deadline, self.ask, self.error, self.ask_every = deadline, ask, error, ask_every
        self.lock = threading.Lock()
        self.calls: dict[int, Call] = {}
        self.answered_since = -math.inf  # when the latest question that was answered was asked
        self.down_since: float | None = None
        self.question: Question | None = None
        self.refused = threading.local()  # per thread: the question its latest refusal waited on, and when

    def enter(self, cut: Callable[[], None], refuse: Callable[[], None] | None) -> Call:
        """Note a call about to wait on the database, which ``cut`` cuts short from another thread. While the
        database is down it is refused at once (``refuse`` throws its connection away), unless ``refuse`` is None."""
        if refuse is not None and self.down_since is not None:
            self.admit(refuse)
        call = Call(cut)
        with self.lock:
            self.calls[id(call)] = call
        if _watchdog is None:
            start_watchdog()
        return call

    def leave(self, call: Call) -> None:
        with self.lock:
            self.calls.pop(id(call), None)

    def admit(self, refuse: Callable[[], None] | None = None, chained: bool = True) -> None:
        """Let a call or a new connection through, unless the database is down and the question in flight is not
        answered within GRACE: then refuse it with the driver's error (``refuse`` throws its connection away).

        A refusal that follows the same thread's last one within CHAIN seconds, on the same question, does not wait
        again: the pool's new connection after the refused ping, the head read tried again (``chained``)."""
        down_since = self.down_since
        if down_since is None:
            return
        now = time.monotonic()
        question = self.asking(now)
        last = getattr(self.refused, "last", None)
        if last is None or last[0] is not question or now - last[1] >= CHAIN:
            question.done.wait(GRACE)
        if self.down_since is None:
            return
        if chained:
            self.refused.last = (question, time.monotonic())
        if refuse is not None:
            refuse()
        raise self.error(f"the database has not answered for {time.monotonic() - down_since:.1f} s "
                         f"(deadline {self.deadline:g} s)")

    def asking(self, now: float) -> Question:
        """Return the question in flight, asking a new one when the last is answered or failed (at most every
        ``ask_every`` seconds), or the answer of a question asked now in this thread."""
        if self.ask_every is None:
            self.question = Question(self, inline=True)
            return self.question
        with self.lock:
            question = self.question
            if question is None or (question.done.is_set() and now - question.asked >= self.ask_every):
                question = self.question = Question(self)
            return question

    def told(self, question: Question) -> None:
        """Take a question's answer: an answer says the database answers again."""
        if not question.answered:
            return
        with self.lock:
            self.answered_since = max(self.answered_since, question.asked)
            was_down, self.down_since = self.down_since, None
        if was_down is not None:
            log.warning("the database answers again, after %.1f s", time.monotonic() - was_down)

    def watch(self, now: float) -> None:
        """The watchdog's look: ask about a call that waits long, and cut every call once the database has
        answered nothing for the deadline."""
        with self.lock:
            if not self.calls:
                return
            oldest = min(call.started for call in self.calls.values())
        if now - oldest < ASK_AFTER:
            return
        self.asking(now)
        if self.answered_since < now - self.deadline and now - oldest >= self.deadline:
            self.fail(f"a call waited {now - oldest:.1f} s and no question was answered")

    def fail(self, why: object) -> None:
        """Say the database is down (from now, until a question is answered), and cut every call waiting on it."""
        with self.lock:
            was_down = self.down_since is not None
            if not was_down:
                self.down_since = time.monotonic()
            calls = list(self.calls.values())
            for call in calls:
                call.was_cut = True
                call.cut()
        if not was_down:
            log.error("the database does not answer (%s): %d calls cut, new ones refused until it answers",
                      why, len(calls))


_guards: dict[str, Guard] = {}  # the database's URL -> its guard (the app's engine and its head reads share one)
_guards_lock = threading.Lock()
_watchdog: threading.Thread | None = None


def watch(engine, deadline: float) -> None:
    """Hold the deadline on every connection ``engine`` opens (nothing for a deadline of 0, or a memory database)."""
    if not deadline or not engine.url.database or engine.url.database == ":memory:":
        return
    sqlite = engine.dialect.name == "sqlite"
    if not sqlite and engine.dialect.name != "postgresql":
        return
    key = url_key(engine)
    with _guards_lock:
        guard = _guards.get(key)
        if guard is None or guard.deadline != deadline:
            cargs, cparams = engine.dialect.create_connect_args(engine.url)
            cparams = {**cparams, **_connect_args.get(engine, {})}
            if sqlite:  # a question costs a lock taken, or not, at once: each call refused asks its own
                guard = Guard(deadline, partial(ask_sqlite, engine.url.database), sqlite3.OperationalError, None)
            else:  # a question costs a new connection
                guard = Guard(deadline, partial(ask_postgres, cargs, cparams), psycopg.OperationalError, ASK_EVERY)
            _guards[key] = guard
    event.listen(engine, "do_connect", partial(connect_sqlite if sqlite else connect_postgres, guard))


def url_key(engine) -> str:
    return engine.url.render_as_string(hide_password=False)


def known_down(engine) -> bool:
    """Say whether this process knows the database to be down: a call was cut, and the question in flight is not
    answered within GRACE."""
    guard = _guards.get(url_key(engine))
    if guard is None:
        return False
    try:
        guard.admit(chained=False)
    except guard.error:
        return True
    return False


def start_watchdog() -> None:
    """Start this process's watchdog (once; again in a forked child, where the parent's thread does not run)."""
    global _watchdog
    with _guards_lock:
        if _watchdog is None:
            _watchdog = threading.Thread(target=watchdog, name="database-watchdog", daemon=True)
            _watchdog.start()


def watchdog() -> None:
    """Look at every database's waiting calls, TICK after TICK."""
    while True:
        time.sleep(TICK)
        now = time.monotonic()
        for guard in list(_guards.values()):
            try:
                guard.watch(now)
            except Exception:  # noqa: BLE001 (the watchdog must go on watching)
                log.exception("the database watchdog failed")


def forget_watchdog() -> None:
    """In a forked child: no watchdog runs yet, and the parent's calls are not this process's."""
    global _watchdog, _guards_lock
    _watchdog, _guards_lock = None, threading.Lock()
    for guard in _guards.values():
        guard.lock = threading.Lock()
        guard.calls.clear()
        guard.question = None


os.register_at_fork(after_in_child=forget_watchdog)


class WatchedConnection(psycopg.Connection):
    """A psycopg connection whose every wait on the server (query, fetch, commit, the pool's ping) is watched."""

    guard: Guard
    asks = False  # the watchdog's own question: watched, but never refused

    def wait(self, gen, *args, **kwargs):
        call = self.guard.enter(self.cut, None if self.asks else self.refuse)
        try:
            return super().wait(gen, *args, **kwargs)
        except psycopg.OperationalError as exc:
            if call.was_cut:
                raise psycopg.OperationalError(f"the database did not answer within {self.guard.deadline:g} s") \
                    from exc
            raise
        finally:
            self.guard.leave(call)

    def cut(self) -> None:
        """Shut the connection's socket down (from any thread): a read blocked on it returns, the connection is
        broken, and SQLAlchemy's pool throws it away."""
        try:
            with socket.socket(fileno=os.dup(self.pgconn.socket)) as sock:
                sock.shutdown(socket.SHUT_RDWR)
        except (OSError, psycopg.Error):  # closed already
            pass

    def refuse(self) -> None:
        """Close the connection (from its own thread) before it sends anything: SQLAlchemy's pool throws it away."""
        self.pgconn.finish()


def connect_postgres(guard: Guard, dialect, record, cargs, cparams) -> WatchedConnection:
    """Open a watched connection (refused at once while the database is down; within connect_timeout)."""
    guard.admit()
    try:
        connection = WatchedConnection.connect(*cargs, **cparams)
    except psycopg.errors.ConnectionTimeout as exc:
        guard.fail(exc)
        raise
    connection.guard = guard
    return connection


def ask_postgres(cargs, cparams, guard: Guard) -> None:
    """The watchdog's question to PostgreSQL, on a new connection (so never one cut or frozen)."""
    connection = WatchedConnection.connect(*cargs, **{**cparams, "autocommit": True})
    connection.guard, connection.asks = guard, True
    try:
        connection.execute("SELECT 1")
    finally:
        connection.close()


class WatchedSQLite(sqlite3.Connection):
    """An SQLite connection refused at once while its database is down, which marks it down when a lock was not
    taken within the deadline (its busy timeout)."""

    guard: Guard

    def cursor(self, factory=None):
        return super().cursor(factory or WatchedCursor)


class WatchedCursor(sqlite3.Cursor):
    """A cursor of a WatchedSQLite connection."""

    def execute(self, sql, parameters=(), /):
        return self.watched(super().execute, sql, parameters)

    def executemany(self, sql, parameters, /):
        return self.watched(super().executemany, sql, parameters)

    def watched(self, run, sql, parameters):
        guard = self.connection.guard
        guard.admit()
        try:
            return run(sql, parameters)
        except sqlite3.OperationalError as exc:
            if "locked" in str(exc):  # its lock not taken within the busy timeout: whoever holds it is stuck
                guard.fail(exc)
            raise


def connect_sqlite(guard: Guard, dialect, record, cargs, cparams) -> WatchedSQLite:
    """Open a watched SQLite connection (refused at once while the database is down)."""
    guard.admit()
    connection = sqlite3.connect(*cargs, **{**cparams, "factory": WatchedSQLite})
    connection.guard = guard
    return connection


def ask_sqlite(path: str, guard: Guard) -> None:
    """The question to SQLite: can a writer take the database's lock now?"""
    connection = sqlite3.connect(path, timeout=0, isolation_level=None)
    try:
        connection.execute("BEGIN IMMEDIATE")
        connection.execute("ROLLBACK")
    finally:
        connection.close()


SETTLED = "scorekeeper.settled"  # a session's info: (game, version) -> the fold its transaction moved the game to


def settle_version(session, public_id: str, version: int, fold: Any) -> None:
    """Note that ``session``'s transaction moves a game to ``version``, folded as ``fold``: what is kept of that
    version waits for the commit (the live wing's one after-commit hook keeps it), or goes with a rollback."""
    session.info.setdefault(SETTLED, {})[(public_id, version)] = fold


def settled(session) -> dict[tuple[str, int], Any]:
    """Return the (game, version) pairs ``session``'s transaction makes, not committed yet, with their folds."""
    return session.info.get(SETTLED, {})
