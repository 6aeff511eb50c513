"""The tests' own PostgreSQL databases (tests/databases.py): emptied for the next test, whatever a test left."""
from __future__ import annotations

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.exc import OperationalError

from scorekeeper.extensions import db
from tests.conftest import let_go, new_test_app

pytestmark = pytest.mark.own_database  # PostgreSQL in every pass: run once


def count(engine, table: str) -> int:
    with engine.connect() as conn:
        return conn.execute(text(f'SELECT count(*) FROM "{table}"')).scalar_one()


def backend(engine) -> int:
    with engine.connect() as conn:
        return conn.execute(text("SELECT pg_backend_pid()")).scalar_one()


def test_a_kept_apps_postgres_database_is_emptied_through_its_own_connections_and_past_a_lock_a_test_left(all_databases):
    databases = all_databases.choosing("postgres")
    url = databases.new()
    app = new_test_app(url, {})
    try:
        client = app.test_client()
        with app.app_context():
            engine = db.engine
        answer = client.post("/api/games", json={"game": "golf", "players": ["Ann", "Bob"]})
        assert answer.status_code == 201
        served_by = backend(engine)
        assert count(engine, "game") == 1

        databases.empty(url, engine)
        assert count(engine, "game") == 0
        assert backend(engine) == served_by  # the pooled connection serves on: no new server process
        assert client.post("/api/games", json={"game": "golf", "players": ["Ann", "Bob"]}).status_code == 201

        # a connection a test left in a transaction, holding a lock the emptying waits for
        other = create_engine(url)
        left = other.connect()
        left.execute(text('LOCK TABLE "game" IN SHARE MODE'))
        try:
            databases.empty(url, engine)
            assert count(engine, "game") == 0  # the left connection was ended, and the emptying done again
            with pytest.raises(OperationalError):
                left.execute(text("SELECT 1"))
        finally:
            left.invalidate()
            other.dispose()
    finally:
        let_go(app, url, databases)
