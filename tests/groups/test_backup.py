"""Groups travel in `flask export` and `flask import`: players, seats, links and stats come back the same."""
from __future__ import annotations

import json

from tests.groups.conftest import bearer


def test_a_group_exported_then_imported_keeps_its_players_games_links_and_stats(make_app, tmp_path):
    source = make_app()
    client = source.test_client()
    group = client.post("/api/groups", json={"name": "Sunday Golf", "players": ["Ann", "Bob"]}).get_json()
    client.patch(f"/api/groups/{group['id']}/players/{group['players'][0]['id']}", json={"emoji": "🐢"},
                 headers=bearer(group["token"]))
    game = client.post(f"/api/groups/{group['id']}/games", headers=bearer(group["token"]),
                       json={"game": "golf", "players": ["Bob", "Ann", "Cy"], "options": {"holes": 1}}).get_json()
    client.post(f"/api/games/{game['id']}/rounds", headers=bearer(game["token"]),
                json={"data": {"players": [{"score": 5}, {"score": 2}, {"score": 9}], "knocker": None}})
    before = {path: client.get(path, headers=bearer(group["token"])).get_json()
              for path in (f"/api/groups/{group['id']}", f"/api/groups/{group['id']}/stats")}
    backup = tmp_path / "backup.json"
    assert source.test_cli_runner().invoke(args=["export", str(backup)]).exit_code == 0
    assert group["token"] not in backup.read_text() and len(json.loads(backup.read_text())["groups"]) == 1

    fresh = make_app()
    for _ in range(2):  # a second import adds nothing
        result = fresh.test_cli_runner().invoke(args=["import", str(backup)])
        assert result.exit_code == 0, result.output
    again = fresh.test_client()
    after = {path: again.get(path, headers=bearer(group["token"])).get_json() for path in before}
    ids = {p["name"]: p["id"] for p in after[f"/api/groups/{group['id']}"]["players"]}
    old = {p["name"]: p["id"] for p in before[f"/api/groups/{group['id']}"]["players"]}
    renumber = {str(old[n]): str(ids[n]) for n in old}
    expected = json.loads(json.dumps(before).translate({}))
    for p in expected[f"/api/groups/{group['id']}"]["players"]:
        p["id"] = ids[p["name"]]
    stats = expected[f"/api/groups/{group['id']}/stats"]
    for p in stats["players"]:
        p["id"] = ids[p["name"]]
    for r in stats["records"]:
        r["player"] = ids[r["name"]]
    stats["head_to_head"] = {renumber[a]: {renumber[b]: c for b, c in row.items()}
                             for a, row in stats["head_to_head"].items()}
    assert after == expected
    view = group["view"].split("view=")[1]
    assert again.get(f"/api/groups/{group['id']}?view={view}").status_code == 200
    assert again.get(f"/api/games/{game['id']}").get_json()["players"] == ["Bob", "Ann", "Cy"]
