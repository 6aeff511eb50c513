"""Fixtures for club nights: a group, a night made through the API, and its tables played through the ordinary game
API to their end."""
from __future__ import annotations

import pytest

from tests.groups.conftest import bearer


def hand(players: int, out: int) -> dict:
    """Return a Hand & Foot hand in which seat ``out`` goes out (its side wins a one-hand game)."""
    return {"players": [{"clean_books": 1 if s == out else 0, "dirty_books": 2 if s == out else 0, "red_threes": 0,
                         "went_out": s == out, "melded_points": 250 if s == out else 0,
                         "left_points": 0 if s == out else 40} for s in range(players)]}


def gin_hand(winner: int, deadwood: int = 20) -> dict:
    """Return a Gin hand that seat ``winner`` wins by knocking on 5 against ``deadwood`` (to 10: the game ends)."""
    return {"result": "knock", "knocker": winner, "deadwood": [5, deadwood] if winner == 0 else [deadwood, 5]}


def golf_hole(scores) -> dict:
    return {"players": [{"score": s} for s in scores], "knocker": None}


@pytest.fixture
def group(client):
    """A group started through the API (its answer, with "token" and "view")."""
    answer = client.post("/api/groups", json={"name": "Friday club", "players": ["Ann", "Bob"]})
    assert answer.status_code == 201, answer.get_json()
    return answer.get_json()


@pytest.fixture
def make_night(client, group):
    """Start a night in the group through the API; return its answer (with "token")."""

    def make(players, game="hand-and-foot", expect=201, **body) -> dict:
        body = {"game": game, "players": players if isinstance(players, str) else list(players), "sittings": 3, "movement": "rotate", **body}
        answer = client.post(f"/api/groups/{group['id']}/nights", headers=bearer(group["token"]), json=body)
        assert answer.status_code == expect, answer.get_json()
        return answer.get_json()

    return make


@pytest.fixture
def start_sitting(client):
    """Start the night's next sitting as its director; return the night."""

    def start(night: dict, expect: int = 201) -> dict:
        answer = client.post(f"/api/nights/{night['id']}/sittings", headers=bearer(night["token"]))
        assert answer.status_code == expect, answer.get_json()
        return {**answer.get_json(), "token": night["token"]}

    return start


@pytest.fixture
def play_table(client):
    """Play one table's game to its end through the game API: ``data`` is each round's data."""

    def play(table: dict, *datas: dict) -> dict:
        for data in datas:
            answer = client.post(f"/api/games/{table['game']}/rounds", headers=bearer(table["token"]),
                                 json={"data": data})
            assert answer.status_code == 201, answer.get_json()
        return answer.get_json()

    return play


@pytest.fixture
def night_of(client):
    """Read the night as its director."""

    def read(night: dict) -> dict:
        answer = client.get(f"/api/nights/{night['id']}", headers=bearer(night["token"]))
        assert answer.status_code == 200, answer.get_json()
        return {**answer.get_json(), "token": night["token"]}

    return read
