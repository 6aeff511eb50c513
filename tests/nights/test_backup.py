"""Club nights travel in `flask export` and `flask import`: the night comes back the same, with its sittings, tables,
seats, players who left, its leaderboard and its director's rights; a bad night refuses the whole file."""
from __future__ import annotations

import json

from tests.groups.conftest import bearer
from tests.nights.conftest import hand

TWELVE = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ida", "Jo", "Kim", "Lou"]


def played_night(client) -> tuple[dict, dict]:
    """A group's night of twelve at Hand & Foot: sitting 1 played, a leaver, sitting 2 seated."""
    group = client.post("/api/groups", json={"name": "Friday club", "players": ["Ann", "Bob"]}).get_json()
    night = client.post(f"/api/groups/{group['id']}/nights", headers=bearer(group["token"]),
                        json={"game": "hand-and-foot", "players": TWELVE, "options": {"partners": True, "rounds": 1},
                              "sittings": 3, "movement": "rotate", "name": "Friday <3"}).get_json()
    first = client.post(f"/api/nights/{night['id']}/sittings", headers=bearer(night["token"])).get_json()
    for number, table in enumerate(first["seatings"][0]["tables"]):
        client.post(f"/api/games/{table['game']}/rounds", headers=bearer(table["token"]),
                    json={"data": hand(4, number)})
    lou = next(p["id"] for p in first["players"] if p["name"] == "Lou")
    client.patch(f"/api/nights/{night['id']}/players", headers=bearer(night["token"]), json={"leave": lou})
    client.post(f"/api/nights/{night['id']}/sittings", headers=bearer(night["token"]))
    return group, night


def by_name(answer: dict) -> dict:
    """The night's answer with its players named instead of numbered (the ids a database gives)."""
    names = {p["id"]: p["name"] for p in answer["players"]}
    text = json.dumps(answer)
    answer = json.loads(text)
    for p in answer["players"]:
        p["id"] = p["name"]
    for line in answer["leaderboard"]:
        line["player"] = names[line["player"]]
    for sitting in answer["seatings"]:
        sitting["sitting_out"] = [names[p] for p in sitting["sitting_out"]]
        for table in sitting["tables"]:
            table["players"] = [names[p] for p in table["players"]]
            table["leaders"] = [names[p] for p in table["leaders"]]
            table["teams"] = [[names[p] for p in t] for t in table["teams"]] if table["teams"] else None
    return answer


def test_a_night_exported_then_imported_comes_back_the_same(make_app, tmp_path):
    source = make_app()
    client = source.test_client()
    group, night = played_night(client)
    before = client.get(f"/api/nights/{night['id']}", headers=bearer(night["token"])).get_json()
    backup = tmp_path / "backup.json"
    assert source.test_cli_runner().invoke(args=["export", str(backup)]).exit_code == 0
    text = backup.read_text()
    assert night["token"] not in text and len(json.loads(text)["nights"]) == 1

    fresh = make_app()
    for _ in range(2):  # a second import adds nothing
        result = fresh.test_cli_runner().invoke(args=["import", str(backup)])
        assert result.exit_code == 0, result.output
    again = fresh.test_client()
    after = again.get(f"/api/nights/{night['id']}", headers=bearer(night["token"])).get_json()
    assert by_name(after) == by_name(before)
    assert [s["number"] for s in after["seatings"]] == [1, 2] and after["current"] == 2
    assert not next(p for p in after["players"] if p["name"] == "Lou")["present"]
    as_group = again.get(f"/api/nights/{night['id']}", headers=bearer(group["token"]))
    assert as_group.status_code == 200  # the group's token still directs it
    stats = again.get(f"/api/groups/{group['id']}/stats", headers=bearer(group["token"]))
    assert stats.status_code == 200


def test_a_bad_night_refuses_the_whole_file(make_app, tmp_path):
    source = make_app()
    played_night(source.test_client())
    backup = tmp_path / "backup.json"
    source.test_cli_runner().invoke(args=["export", str(backup)])
    data = json.loads(backup.read_text())
    data["nights"][0]["movement"] = "sideways"
    data["nights"][0]["seatings"][0]["seats"][0]["player"] = 99
    backup.write_text(json.dumps(data))
    fresh = make_app()
    result = fresh.test_cli_runner().invoke(args=["import", str(backup)])
    assert result.exit_code != 0
    assert "night 1" in result.output and "movement" in result.output and "seatings.0" in result.output
    assert "nothing was imported" in result.output
    with fresh.app_context():
        from scorekeeper.extensions import db
        from scorekeeper.store.models import Game
        assert db.session.query(Game).count() == 0
