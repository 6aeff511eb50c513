"""How the app talks to its database: SQLite in WAL with a busy timeout, and one writer per game."""
from __future__ import annotations

from flask import Flask
from sqlalchemy import event

BUSY_TIMEOUT_MS = 15_000  # a writer waits this long for another to finish before it gives up


def register(app: Flask, db) -> None:
    """Hook the SQLite engine so that writes can start as immediate transactions."""
    with app.app_context():
        engine = db.engine
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
    """Run one small indexed read on a pooled connection, without the ORM or a session; return its first row.

    For the answers that need only a game's version and token before a kept page or a 304 (the poll, the
    table page); ``sql`` marks its parameters with ``?``. The connection goes back to the pool as it came.
    """
    if engine.dialect.paramstyle != "qmark":
        sql = sql.replace("?", "%s")
    connection = engine.raw_connection()
    # On PostgreSQL the read runs in autocommit: one round trip, where a transaction costs three (BEGIN,
    # the SELECT, and the ROLLBACK as the connection goes back). pysqlite is in autocommit already.
    driver = connection.driver_connection if engine.dialect.name == "postgresql" else None
    try:
        if driver is not None:
            driver.autocommit = True
        try:
            cursor = connection.cursor()
            cursor.execute(sql, params)
            row = cursor.fetchone()
            cursor.close()
        finally:
            if driver is not None:
                driver.autocommit = False  # the pool's other users (the ORM) work in transactions
    except BaseException:
        connection.invalidate()  # never hand the pool a connection left in an unknown mode
        raise
    finally:
        connection.close()
    return None if row is None else tuple(row)


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

