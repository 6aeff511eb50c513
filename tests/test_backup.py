"""Backups: `flask export FILE` then `flask import FILE` into a fresh database gives back every game as it was."""
from __future__ import annotations

import json

from scorekeeper import rules
from tests.test_robustness import FOUR, VALID


def fill(client) -> list[dict]:
    """Start one game of every kind with a round, one finished by hand and one with an edited round."""
    games = []
    for key in rules.REGISTRY:
        state = client.post("/api/games", json={"game": key, "players": FOUR}).get_json()
        auth = {"Authorization": f"Bearer {state['token']}"}
        assert client.post(f"/api/games/{state['id']}/rounds", json={"data": VALID[key]}, headers=auth).status_code == 201
        games.append(state)
    first, second = games[0], games[1]
    client.post(f"/api/games/{first['id']}/finish", headers={"Authorization": f"Bearer {first['token']}"})
    client.put(f"/api/games/{second['id']}/rounds/1", json={"data": VALID[second["game"]]},
               headers={"Authorization": f"Bearer {second['token']}"})
    return games


def states(client, games) -> dict[str, dict]:
    return {g["id"]: client.get(f"/api/games/{g['id']}").get_json() for g in games}


def strip(states: dict[str, dict], name: str) -> dict[str, dict]:
    return {g: {k: v for k, v in state.items() if k != name} for g, state in states.items()}


def test_export_then_import_into_a_fresh_database_gives_every_game_back(make_app, tmp_path):
    source = make_app()
    games = fill(source.test_client())
    before = states(source.test_client(), games)
    backup = tmp_path / "games.json"
    result = source.test_cli_runner().invoke(args=["export", str(backup)])
    assert result.exit_code == 0, result.output
    assert len(json.loads(backup.read_text())["games"]) == len(games)
    assert all(g["token"] not in backup.read_text() for g in games)  # tokens stay hashed

    fresh = make_app()
    result = fresh.test_cli_runner().invoke(args=["import", str(backup)])
    assert result.exit_code == 0 and f"imported {len(games)} games" in result.output, result.output
    client = fresh.test_client()
    after = states(client, games)
    assert all(after[g]["version"] > before[g]["version"] for g in after)  # a new version: old tags never match
    assert strip(after, "version") == strip(before, "version")
    for game in games:  # the edit links still edit, the rounds go on
        auth = {"Authorization": f"Bearer {game['token']}"}
        assert client.post(f"/api/games/{game['id']}/finish", headers=auth).status_code == 200

    again = fresh.test_cli_runner().invoke(args=["import", str(backup)])
    assert f"imported 0 games; {len(games)} were already here" in again.output


def test_export_to_standard_output_and_a_bad_file_is_refused(make_app, tmp_path):
    app = make_app()
    fill(app.test_client())
    out = app.test_cli_runner().invoke(args=["export", "-"])
    assert json.loads(out.output)["format"] == "scorekeeper-backup"
    bad = tmp_path / "bad.json"
    bad.write_text('{"games": []}')
    result = app.test_cli_runner().invoke(args=["import", str(bad)])
    assert result.exit_code != 0 and "not a scorekeeper-backup file" in result.output
