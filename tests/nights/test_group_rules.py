"""A club night's tables start from the group's own rules for the game, the night's preset and options on top
(games.md, "A group keeps its own rules")."""
from __future__ import annotations

from tests.groups.conftest import bearer

EIGHT = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]


def test_a_nights_tables_start_from_the_groups_rules(client, group, make_night, start_sitting):
    kept = client.put(f"/api/groups/{group['id']}/rules/gin-rummy", headers=bearer(group["token"]),
                      json={"preset": "classic", "options": {"knock_max": 5, "gin_bonus": 30}})
    assert kept.status_code == 200, kept.get_json()
    night = make_night(EIGHT[:4], game="gin-rummy", options={"gin_bonus": 40}, sittings=1)
    tables = start_sitting(night)["seatings"][0]["tables"]
    assert len(tables) == 2
    for table in tables:
        game = client.get(f"/api/games/{table['game']}").get_json()
        assert game["preset"] == "classic"
        assert game["options"]["knock_max"] == 5  # the group's
        assert game["options"]["gin_bonus"] == 40  # the night's, on top


def test_a_night_of_a_group_without_rules_plays_the_apps_own(client, group, make_night, start_sitting):
    night = make_night(EIGHT[:2], game="gin-rummy", sittings=1)
    table = start_sitting(night)["seatings"][0]["tables"][0]
    game = client.get(f"/api/games/{table['game']}").get_json()
    assert game["preset"] is None and game["options"]["knock_max"] == 10 - 1


def test_a_night_is_checked_against_the_groups_rules_when_it_starts(client, group, make_night):
    """The group plays Hand & Foot with partners: a night of tables of three is refused at once, naming the table
    size, not when its first sitting starts; a night that sets partners off for itself is not."""
    kept = client.put(f"/api/groups/{group['id']}/rules/hand-and-foot", headers=bearer(group["token"]),
                      json={"options": {"partners": True}})
    assert kept.status_code == 200, kept.get_json()
    refused = make_night(EIGHT[:6], table_size=3, expect=422)
    assert "table_size" in refused["errors"] and "partners" in refused["errors"]["table_size"]
    fours = make_night(EIGHT, table_size=4)
    assert fours["options"]["partners"] is True  # the group's rules are the night's, shown as it plays them
    own = make_night(EIGHT[:6], table_size=3, options={"partners": False})
    assert own["options"]["partners"] is False
