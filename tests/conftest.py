"""Fixtures: an app on a fresh SQLite file, a client, and factories that start games."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorekeeper import create_app
from scorekeeper.extensions import db

EXAMPLES = Path(__file__).resolve().parents[2] / "shared" / "spec" / "examples"


@pytest.fixture
def app(tmp_path):
    """An app on its own SQLite file, schema made by the migrations."""
    app = create_app({
        "TESTING": True,
        "SECRET_KEY": "test",
        "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'test.sqlite'}",
        "WTF_CSRF_ENABLED": False,
    })
    with app.app_context():
        from flask_migrate import upgrade

        upgrade()
    yield app
    with app.app_context():
        db.engine.dispose()


@pytest.fixture
def client(app):
    return app.test_client()


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
