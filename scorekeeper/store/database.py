"""How the app talks to its database: SQLite in WAL with a busy timeout, and one writer per game."""
from __future__ import annotations

import threading
from typing import Any
import weakref

from flask import Flask
from sqlalchemy import create_engine, event

BUSY_TIMEOUT_MS = 15_000  # a writer waits this long for another to finish before it gives up


def register(app: Flask, db) -> None:
    """Hook the SQLite engine so that writes can start as immediate transactions."""
    with app.app_context():
        engine = db.engine
    _connect_args[engine] = dict(app.config.get("SQLALCHEMY_ENGINE_OPTIONS", {}).get("connect_args") or {})
    if engine.dialect.name == "sqlite":
        event.listen(engine, "connect", sqlite_connect)
        event.listen(engine, "begin", sqlite_begin)


def sqlite_connect(dbapi_connection, record) -> None:
    """Use WAL (readers never wait for the writer) and wait for a busy lock instead of failing."""
    dbapi_connection.isolation_level = None  # SQLAlchemy says BEGIN itself (sqlite_begin), not pysqlite
    cursor = dbapi_connection.cursor()
    cursor.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
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


SETTLED = "scorekeeper.settled"  # a session's info: (game, version) -> the fold its transaction moved the game to


def settle_version(session, public_id: str, version: int, fold: Any) -> None:
    """Note that ``session``'s transaction moves a game to ``version``, folded as ``fold``: what is kept of that
    version waits for the commit (the live wing's one after-commit hook keeps it), or goes with a rollback."""
    session.info.setdefault(SETTLED, {})[(public_id, version)] = fold


def settled(session) -> dict[tuple[str, int], Any]:
    """Return the (game, version) pairs ``session``'s transaction makes, not committed yet, with their folds."""
    return session.info.get(SETTLED, {})
