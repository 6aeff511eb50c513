"""Fresh databases for the tests: an SQLite file each, or a database each on one throwaway PostgreSQL server."""
from __future__ import annotations

import copy
import itertools
import os
import shutil
from contextlib import ExitStack
from pathlib import Path

from sqlalchemy import Engine, create_engine, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import OperationalError

from scorekeeper import create_app
from scorekeeper.extensions import db
from tests.postgres import binaries, throwaway_server

# A database with the schema made once; each test copies it. One per pytest-xdist worker ("gw0", ...), as
# workers share a server given in SCOREKEEPER_TEST_POSTGRES.
TEMPLATE = f"sk_migrated_{os.environ.get('PYTEST_XDIST_WORKER', 'main')}"
# What empties a database for the next test: every table the models have, each after those that refer to it, and
# every sequence back at 1. DELETE, not TRUNCATE: on tables of a test's few rows it takes under a millisecond, where
# TRUNCATE takes 80 ms (it gives each table and index new files), which was a third of the PostgreSQL pass.
EMPTY = """
DO $$
DECLARE name text;
BEGIN
  {deletes}
  FOR name IN SELECT sequence_name FROM information_schema.sequences WHERE sequence_schema = 'public' LOOP
    EXECUTE format('ALTER SEQUENCE %I RESTART', name);
  END LOOP;
END $$
"""
LOCK_TIMEOUT = "2s"  # a lock a test left held this long: its connection is ended and the emptying done again


def emptying() -> str:
    """Return the statement that empties a migrated database of every row and restarts its sequences."""
    deletes = " ".join(f'DELETE FROM "{table.name}";' for table in reversed(db.metadata.sorted_tables))
    return EMPTY.format(deletes=deletes)


def migrate(url: str, revision: str = "head") -> None:
    """Upgrade the database at ``url`` to ``revision`` with the app's migrations."""
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "SQLALCHEMY_DATABASE_URI": url})
    with app.app_context():
        from flask_migrate import upgrade

        upgrade(revision=revision)
        db.engine.dispose()


class PostgresServer:
    """One PostgreSQL server for the session: SCOREKEEPER_TEST_POSTGRES, or a throwaway cluster."""

    def __init__(self, stack: ExitStack):
        url = os.environ.get("SCOREKEEPER_TEST_POSTGRES")
        if not url:
            if binaries() is None:
                raise RuntimeError("PostgreSQL is needed for these tests: apt-get install postgresql")
            url = stack.enter_context(throwaway_server())
        self.url = make_url(url)
        self.admin = create_engine(self.url, isolation_level="AUTOCOMMIT")
        stack.callback(self.admin.dispose)
        self.names = itertools.count()
        self.has_template = False
        self.pool: list[str] = []  # migrated databases, emptied, ready for the next test
        self.migrated: set[str] = set()

    def url_of(self, name: str) -> str:
        """Return the URL of database ``name`` on this server."""
        return self.url.set(database=name).render_as_string(hide_password=False)

    def new_database(self, migrated: bool = True) -> str:
        """Return a database with the schema (from the pool, or a copy of the template), or an empty one."""
        if migrated and self.pool:
            return self.pool.pop()
        if migrated and not self.has_template:
            self.run(f'DROP DATABASE IF EXISTS "{TEMPLATE}" WITH (FORCE)')  # one a run before left, maybe older
            self.run(f'CREATE DATABASE "{TEMPLATE}"')
            migrate(self.url_of(TEMPLATE))
            self.has_template = True
        name = f"sk_{os.getpid()}_{next(self.names)}"
        self.run(f'CREATE DATABASE "{name}"' + (f' TEMPLATE "{TEMPLATE}"' if migrated else ""))
        if migrated:
            self.migrated.add(self.url_of(name))
        return self.url_of(name)

    def drop(self, url: str) -> None:
        """Let go of a database from new_database: empty a migrated one for the next test, drop the others.

        Emptying takes a millisecond where copying the template takes most of a second, which is what makes the
        whole suite on PostgreSQL affordable.
        """
        if url in self.migrated:
            self.empty(url)
            self.pool.append(url)
            return
        self.run(f'DROP DATABASE IF EXISTS "{make_url(url).database}" WITH (FORCE)')

    def empty(self, url: str, engine: Engine | None = None) -> None:
        """Empty a migrated database of every row, its sequences back at 1, for the next test.

        Through ``engine`` (the kept app's own, whose pooled connections then serve the next test as they are: a
        new connection is a new server process, and making two a test was a fifth of the PostgreSQL pass) when
        no connection left by a test holds a lock; else, and without one, with every other connection ended first.
        """
        if engine is not None:
            try:
                with engine.connect() as conn:
                    conn.execute(text(f"SET LOCAL lock_timeout = '{LOCK_TIMEOUT}'"))
                    conn.execute(text(emptying()))
                    conn.commit()
                return
            except OperationalError:
                engine.dispose()
        self.run(f"SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                 f"WHERE datname = '{make_url(url).database}' AND pid <> pg_backend_pid()")
        engine = create_engine(url, isolation_level="AUTOCOMMIT")
        try:
            with engine.connect() as conn:
                conn.execute(text(emptying()))
        finally:
            engine.dispose()

    def run(self, sql: str) -> None:
        with self.admin.connect() as conn:
            conn.execute(text(sql))


class Databases:
    """Hand out fresh databases of one kind ("sqlite" or "postgres") and clean them up."""

    def __init__(self, kind: str, folder: Path, stack: ExitStack):
        self.kind, self.folder, self.stack = kind, folder, stack
        self.servers: list[PostgresServer] = []  # the session's one, once started (shared with choosing())
        self.count = itertools.count()

    def choosing(self, kind: str) -> Databases:
        """Return these databases (the same files, server and pool) handing out ``kind`` unless a test names one."""
        other = copy.copy(self)
        other.kind = kind
        return other

    @property
    def server(self) -> PostgresServer | None:
        return self.servers[0] if self.servers else None

    def postgres(self) -> PostgresServer:
        """Return the session's PostgreSQL server, started on first use."""
        if not self.servers:
            self.servers.append(PostgresServer(self.stack))
        return self.servers[0]

    def new(self, migrated: bool = True, kind: str | None = None) -> str:
        """Return the URL of a fresh database (with the schema unless ``migrated`` is false)."""
        if (kind or self.kind) == "postgres":
            return self.postgres().new_database(migrated)
        path = self.folder / f"db{next(self.count)}.sqlite"
        if migrated:
            template = self.folder / "migrated.sqlite"
            if not template.exists():
                migrate(f"sqlite:///{template}")
            shutil.copyfile(template, path)
        return f"sqlite:///{path}"

    def empty(self, url: str, engine: Engine | None = None) -> None:
        """Empty a database from new() for the next test (SQLite: the migrated copy again, once ``engine``, if any,
        has closed its connections; PostgreSQL: through ``engine``, PostgresServer.empty)."""
        if url.startswith("postgresql"):
            self.postgres().empty(url, engine)
            return
        if engine is not None:
            engine.dispose()  # its connections would go on reading the file copied over
        path = Path(make_url(url).database)
        for leftover in (path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
            leftover.unlink(missing_ok=True)
        shutil.copyfile(self.folder / "migrated.sqlite", path)

    def drop(self, url: str) -> None:
        """Let go of a database from new()."""
        if url.startswith("postgresql") and self.server is not None:
            self.server.drop(url)
