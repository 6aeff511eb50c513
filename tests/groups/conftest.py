"""Fixtures for groups: a group made through the API, and games played in it to a known end."""
from __future__ import annotations

import pytest


@pytest.fixture
def make_group(client):
    """Start a group through the API; return its answer (with "token" and "view")."""

    def make(name: str = "Sunday Golf", players=("Ann", "Bob", "Cy")) -> dict:
        answer = client.post("/api/groups", json={"name": name, "players": list(players)})
        assert answer.status_code == 201, answer.get_json()
        return answer.get_json()

    return make


def bearer(token: str) -> dict:
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture
def play_golf(client):
    """Play a Golf game of len(holes) holes in a group: ``holes`` is a list of each hole's scores by seat."""

    def play(group: dict, players, holes, finish: bool = True) -> dict:
        answer = client.post(f"/api/groups/{group['id']}/games", headers=bearer(group["token"]),
                             json={"game": "golf", "players": list(players), "options": {"holes": len(holes)}})
        assert answer.status_code == 201, answer.get_json()
        game = answer.get_json()
        for scores in (holes if finish else holes[:-1]):
            sent = client.post(f"/api/games/{game['id']}/rounds", headers=bearer(game["token"]),
                               json={"data": {"players": [{"score": s} for s in scores], "knocker": None}})
            assert sent.status_code == 201, sent.get_json()
        return {**sent.get_json(), "token": game["token"]}

    return play
