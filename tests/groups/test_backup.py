"""Groups travel in `flask export` and `flask import`: players, seats, links and stats come back the same."""
from __future__ import annotations

import json
import re

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


def test_a_groups_own_rules_travel_in_the_backup(make_app, tmp_path):
    source = make_app()
    client = source.test_client()
    group = client.post("/api/groups", json={"name": "Friday cards", "players": ["Ann", "Bob"]}).get_json()
    kept = {"golf": {"preset": "six_card", "options": {"holes": 18, "pairs": "lines"}},
            "gin-rummy": {"preset": None, "options": {"target": 150}}}
    for key, body in kept.items():
        assert client.put(f"/api/groups/{group['id']}/rules/{key}", json=body,
                          headers=bearer(group["token"])).status_code == 200
    backup = tmp_path / "backup.json"
    assert source.test_cli_runner().invoke(args=["export", str(backup)]).exit_code == 0
    written = json.loads(backup.read_text())["groups"][0]["rules"]
    assert {key: {k: v for k, v in rules.items() if k != "set_at"} for key, rules in written.items()} == kept
    assert list(written) == ["golf", "gin-rummy"]  # in the order they were set (gin's last), each with its time
    assert written["gin-rummy"]["set_at"] >= written["golf"]["set_at"]

    fresh = make_app()
    result = fresh.test_cli_runner().invoke(args=["import", str(backup)])
    assert result.exit_code == 0, result.output
    again = fresh.test_client()
    assert again.get(f"/api/groups/{group['id']}/rules", headers=bearer(group["token"])).get_json() == kept
    # the group's new games still open on the game whose rules it set last, not the first in the app's order
    assert again.get(f"/groups/{group['id']}/join/{group['token']}").status_code == 302
    page = again.get(f"/groups/{group['id']}/play").get_data(as_text=True)
    assert '<input type="hidden" name="game" value="gin-rummy">' in page
    game = again.post(f"/api/groups/{group['id']}/games", headers=bearer(group["token"]),
                      json={"game": "golf", "players": ["Ann", "Bob"]}).get_json()
    assert (game["preset"], game["options"]["layout"], game["options"]["holes"]) == ("six_card", 6, 18)


def test_a_backup_from_before_group_rules_imports_without_them(make_app, tmp_path):
    source = make_app()
    group = source.test_client().post("/api/groups", json={"name": "Friday cards"}).get_json()
    backup = tmp_path / "backup.json"
    assert source.test_cli_runner().invoke(args=["export", str(backup)]).exit_code == 0
    older = json.loads(backup.read_text())
    del older["groups"][0]["rules"]
    backup.write_text(json.dumps(older))
    fresh = make_app()
    assert fresh.test_cli_runner().invoke(args=["import", str(backup)]).exit_code == 0
    assert fresh.test_client().get(f"/api/groups/{group['id']}/rules",
                                   headers=bearer(group["token"])).get_json() == {}


def test_a_groups_rules_refused_refuse_the_file_naming_the_group_and_field(make_app, tmp_path):
    source = make_app()
    source.test_client().post("/api/groups", json={"name": "Friday cards"})
    backup = tmp_path / "backup.json"
    assert source.test_cli_runner().invoke(args=["export", str(backup)]).exit_code == 0
    record = json.loads(backup.read_text())
    for rules, words in (({"golf": {"options": {"holes": 0}}}, "rules.golf.options.holes"),
                         ({"snap": {"options": {}}}, "rules.snap"), ({"golf": [1]}, "rules.golf"),
                         ([], "rules: must map"),
                         ({"golf": {"options": {}, "set_at": "Friday"}}, "rules.golf.set_at: must be a date")):
        record["groups"][0]["rules"] = rules
        backup.write_text(json.dumps(record))
        result = make_app().test_cli_runner().invoke(args=["import", str(backup)])
        assert result.exit_code == 1 and "group 1" in result.output and words in result.output, result.output


def test_rules_without_a_time_in_a_backup_come_before_those_with_one(make_app, tmp_path):
    """A backup's rules with no time (written before the times, or null) are taken as set before those with one; a
    time from the future (a fast clock, a hand-edited file) is overtaken by the next rules set."""
    source = make_app()
    group = source.test_client().post("/api/groups", json={"name": "Friday cards"}).get_json()
    backup = tmp_path / "backup.json"
    assert source.test_cli_runner().invoke(args=["export", str(backup)]).exit_code == 0
    record = json.loads(backup.read_text())
    record["groups"][0]["rules"] = {"golf": {"options": {}, "set_at": "2026-11-20T18:00:00+00:00"},
                                    "gin-rummy": {"options": {}, "set_at": None}, "trash": {"options": {}},
                                    "hand-and-foot": {"options": {}, "set_at": "2099-01-01T00:00:00+00:00"}}
    backup.write_text(json.dumps(record))
    fresh = make_app()
    result = fresh.test_cli_runner().invoke(args=["import", str(backup)])
    assert result.exit_code == 0, result.output
    client = fresh.test_client()
    assert client.get(f"/groups/{group['id']}/join/{group['token']}").status_code == 302
    opened = lambda: re.search(r'name="game" value="([^"]*)"',  # noqa: E731
                               client.get(f"/groups/{group['id']}/play").get_data(as_text=True)).group(1)
    assert opened() == "hand-and-foot"
    assert client.put(f"/api/groups/{group['id']}/rules/trash", json={"options": {}},
                      headers=bearer(group["token"])).status_code == 200
    assert opened() == "trash"  # set now: after any time a file gave
    with fresh.app_context():
        from scorekeeper.play.groups import all_rules

        order = sorted(all_rules(1), key=lambda r: (r.set_at.replace(tzinfo=None), r.id))
        assert [r.game_key for r in order] == ["gin-rummy", "golf", "hand-and-foot", "trash"]
