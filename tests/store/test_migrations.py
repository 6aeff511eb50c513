"""Migrations on SQLite and PostgreSQL: from empty to head, from the previous revision with games in it, and back."""
from __future__ import annotations

import json

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from flask_migrate import downgrade, upgrade
from sqlalchemy import create_engine, inspect, text

from scorekeeper import create_app, rules
from scorekeeper.extensions import db

KINDS = ["sqlite", "postgres"]
TABLES = {"game", "player", "round", "idempotent_reply", "kept_answer", "play_group", "member", "result", "feat",
          "code_guess", "night", "night_player", "sitting", "night_table", "night_seat", "group_rules"}
pytestmark = pytest.mark.own_database  # both kinds in every pass: run once


@pytest.fixture(params=KINDS)
def empty_url(request, databases):
    """An empty database of each kind."""
    url = databases.new(migrated=False, kind=request.param)
    yield url
    databases.drop(url)


def on(url: str):
    """Return an app on ``url`` whose schema the test makes itself."""
    return create_app({"TESTING": True, "SECRET_KEY": "t", "SQLALCHEMY_DATABASE_URI": url, "RATELIMIT_ENABLED": False})


def schema_drift(app) -> list:
    """Return the differences between the models and the migrated database (none when they agree)."""
    with app.app_context(), db.engine.connect() as conn:
        return compare_metadata(MigrationContext.configure(conn), db.metadata)


def tables(url: str) -> set[str]:
    engine = create_engine(url)
    try:
        return set(inspect(engine).get_table_names()) - {"alembic_version"}
    finally:
        engine.dispose()


def in_group(client, group: dict, body: dict) -> dict:
    """Start a game and bring it into ``group``, as an app of before the group's own rules (0014) can: the group's
    new games read its rules, which an older schema has not; return the game with its token."""
    game = client.post("/api/games", json=body).get_json()
    joined = client.put(f"/api/groups/{group['id']}/games/{game['id']}",
                        headers={"Authorization": f"Bearer {group['token']}", "X-Game-Token": game["token"]})
    assert joined.status_code == 200, joined.get_json()
    return game


def test_upgrade_from_empty_gives_the_models_schema_and_downgrade_empties_it(empty_url):
    app = on(empty_url)
    with app.app_context():
        upgrade()
    assert tables(empty_url) == TABLES and schema_drift(app) == []
    with app.app_context():
        downgrade(revision="base")
        db.engine.dispose()
    assert tables(empty_url) == set()


@pytest.mark.parametrize("previous", ["0001", "0002", "0003", "0004", "0005", "0006"])
def test_upgrade_from_an_earlier_revision_keeps_the_games(empty_url, previous):
    app, trash = on(empty_url), rules.REGISTRY["trash"]
    with app.app_context():
        upgrade(revision=previous)
        db.session.execute(text(
            "INSERT INTO game (id, public_id, game_key, options, token_hash, status, finished_by_hand, created, updated)"
            " VALUES (1, 'old-game', 'trash', :options, :hash, 'playing', false, :now, :now)"),
            {"options": json.dumps(trash.options_json(trash.resolve_options({}, 2))), "hash": "0" * 64,
             "now": "2026-01-02 03:04:05+00:00"})
        db.session.execute(text("INSERT INTO player (game_id, seat, name) VALUES (1, 0, 'Ann'), (1, 1, 'Bob')"))
        db.session.execute(text("INSERT INTO round (game_id, number, data, created, updated) "
                                "VALUES (1, 1, '{\"winner\": 0}', :now, :now)"), {"now": "2026-01-02 03:04:05+00:00"})
        db.session.commit()
        upgrade()
        db.session.remove()
    assert schema_drift(app) == []
    state = app.test_client().get("/api/games/old-game").get_json()
    assert state["players"] == ["Ann", "Bob"] and [r["data"] for r in state["rounds"]] == [{"winner": 0}]
    assert state["preset"] is None and state["status"] == "playing"
    with app.app_context():
        downgrade(revision=previous)
        names = db.session.execute(text("SELECT name FROM player ORDER BY seat")).scalars().all()
        db.session.remove()
        db.engine.dispose()
    assert names == ["Ann", "Bob"]


def test_what_groups_kept_wrong_of_finished_games_is_kept_again(empty_url):
    app = on(empty_url)
    with app.app_context():
        upgrade(revision="0008")
    client = app.test_client()
    group = client.post("/api/groups", json={"name": "Cards", "players": ["Ann", "Bob"]}).get_json()
    auth = {"Authorization": f"Bearer {group['token']}"}

    def start(name: str) -> dict:
        return in_group(client, group, {"game": "any", "players": ["Ann", "Bob"],
                                        "options": {"name": name, "wins": "low", "rounds": 2}})

    hearts, empty = start("Hearts"), start("Hearts")
    for points in ([3, 9], [4, 1]):
        client.post(f"/api/games/{hearts['id']}/rounds", json={"data": {"points": points}},
                    headers={"Authorization": f"Bearer {hearts['token']}"})
    client.post(f"/api/games/{empty['id']}/finish", headers={"Authorization": f"Bearer {empty['token']}"})
    with app.app_context():  # as an older version kept them: the loser's totals as the "highest", an empty game won
        bob = db.session.execute(text("SELECT member_id FROM player WHERE name = 'Bob' LIMIT 1")).scalar()
        db.session.execute(text("UPDATE feat SET value = 10, rank = -10, kind = 'total', member_id = :bob, "
                                "what = :what"), {"bob": bob, "what": json.dumps({"text": "highest total", "params": {},
                                                                                 "plural": None})})
        db.session.execute(text(
            "INSERT INTO result (group_id, game_id, member_id, game_key, seat, place, total, won, played) "
            "SELECT g.group_id, g.id, p.member_id, 'any:low:Hearts', p.seat, 1, 0, true, g.created "
            "FROM game g JOIN player p ON p.game_id = g.id WHERE g.public_id = :id"), {"id": empty["id"]})
        db.session.commit()
        upgrade()
        db.session.remove()
        db.engine.dispose()
    stats = client.get(f"/api/groups/{group['id']}/stats", headers=auth).get_json()
    ids = {p["name"]: p["id"] for p in group["players"]}
    assert stats["games"] == 1 and [(p["name"], p["wins"]) for p in stats["players"]] == [("Ann", 1), ("Bob", 0)]
    assert sorted((r["what"], r["value"], r["player"]) for r in stats["records"]) == [
        ("lowest score in one round", 1, ids["Bob"]), ("lowest total", 7, ids["Ann"])]  # Ann 3 + 4, Bob's 1
    with app.app_context():
        db.engine.dispose()


def test_places_of_players_out_and_games_played_alone_are_kept_again(empty_url):
    """Kept under 0009: Chase the Ace's players out all level on no lives, and a game of one won by its player."""
    app = on(empty_url)
    with app.app_context():
        upgrade(revision="0009")
    client = app.test_client()
    group = client.post("/api/groups", json={"name": "Cards", "players": ["Ann", "Bob", "Cy"]}).get_json()
    auth = {"Authorization": f"Bearer {group['token']}"}

    def play(game: str, players: list[str], options: dict, datas: list[dict]) -> None:
        state = in_group(client, group, {"game": game, "players": players, "options": options})
        for data in datas:
            client.post(f"/api/games/{state['id']}/rounds", json={"data": data},
                        headers={"Authorization": f"Bearer {state['token']}"})

    play("chase-the-ace", ["Ann", "Bob", "Cy"], {"lives": 1}, [{"losers": [0]}, {"losers": [1]}])  # Cy wins
    play("any", ["Cy"], {"name": "Patience", "rounds": 1}, [{"points": [52]}])
    with app.app_context():  # as 0009's app kept them
        db.session.execute(text("UPDATE result SET place = 2 WHERE game_key = 'chase-the-ace' AND place > 1"))
        db.session.execute(text(
            "INSERT INTO result (group_id, game_id, member_id, game_key, seat, place, total, won, played) "
            "SELECT g.group_id, g.id, p.member_id, 'any:high:Patience', p.seat, 1, 52, true, g.created "
            "FROM game g JOIN player p ON p.game_id = g.id WHERE g.game_key = 'any'"))
        db.session.commit()
        upgrade()
        db.session.remove()
        db.engine.dispose()
    stats = client.get(f"/api/groups/{group['id']}/stats", headers=auth).get_json()
    lines = {p["name"]: p for p in stats["players"]}
    assert stats["games"] == 1 and lines["Cy"]["played"] == 1 and lines["Cy"]["wins"] == 1
    assert [lines[name]["average_place"] for name in ("Ann", "Bob", "Cy")] == [3, 2, 1]  # Bob lasted a deal longer
    with app.app_context():
        db.engine.dispose()


def test_cards_stored_with_french_rank_letters_are_written_in_english_and_score_the_same(empty_url):
    """Under 0010 the API read R, D and V as K, Q and J and stored them as sent; now it reads English letters only."""
    app = on(empty_url)
    with app.app_context():
        upgrade(revision="0010")
    client = app.test_client()
    golf = client.post("/api/games", json={"game": "golf", "players": ["Ann", "Bob"]}).get_json()
    chase = client.post("/api/games", json={"game": "chase-the-ace", "players": ["Ann", "Bob", "Cy"]}).get_json()
    hf = client.post("/api/games", json={"game": "hand-and-foot", "players": ["Ann", "Bob"]}).get_json()
    stored = {golf["id"]: {"players": [{"cards": ["RC", "d", "V♥", "10D"]}, {"cards": "R, 5 V 5"}], "knocker": None},
              chase["id"]: {"cards": ["R", "2", "dd"]},
              hf["id"]: {"players": [{"clean_books": 1, "melded": ["R"] * 7, "left": ["V", "3C"]},
                                     {"melded_points": 0, "left": "D D"}]}}
    with app.app_context():  # as 0010's API stored them
        for number, (public_id, data) in enumerate(stored.items()):
            db.session.execute(text("INSERT INTO round (game_id, number, data, created, updated) SELECT id, 1, "
                                    ":data, created, created FROM game WHERE public_id = :id"),
                               {"data": json.dumps(data), "id": public_id})
        db.session.execute(text("UPDATE game SET version = version + 1"))
        db.session.commit()
        upgrade()
        db.session.remove()
        db.engine.dispose()
    golf_now = client.get(f"/api/games/{golf['id']}").get_json()
    assert golf_now["rounds"][0]["data"]["players"][0]["cards"] == ["KC", "Q", "J♥", "10D"]
    assert golf_now["rounds"][0]["data"]["players"][1]["cards"] == "K, 5 J 5"
    assert [s["total"] for s in golf_now["standings"]] == [0 + 10 + 10 + 10, 0 + 5 + 10 + 5]  # K 0, Q 10, J 10, 10
    hf_now = client.get(f"/api/games/{hf['id']}").get_json()
    assert hf_now["broken"] is None and hf_now["rounds"][0]["data"]["players"] == [
        {"clean_books": 1, "melded": ["K"] * 7, "left": ["J", "3C"]}, {"melded_points": 0, "left": "Q Q"}]
    assert [s["total"] for s in hf_now["standings"]] == [50 + 70 - 15, -20]
    chase_now = client.get(f"/api/games/{chase['id']}").get_json()
    assert chase_now["rounds"][0]["data"]["cards"] == ["K", "2", "Qd"]
    again = client.post("/api/games", json={"game": "chase-the-ace", "players": ["Ann", "Bob", "Cy"]}).get_json()
    client.post(f"/api/games/{again['id']}/rounds", json={"data": {"cards": ["K", "2", "QD"]}},
                headers={"Authorization": f"Bearer {again['token']}"})
    assert chase_now["standings"] == client.get(f"/api/games/{again['id']}").get_json()["standings"]  # Bob lost a life
    with app.app_context():
        db.engine.dispose()


def test_an_any_game_under_a_name_of_40_characters_counts_in_its_group_and_back(empty_url):
    """Under 0011 the game it counts under (``any:high:`` and the name, 49 characters) did not fit PostgreSQL's
    column: such a game in a group could not end. Going back cuts the key to the older column's 40 characters."""
    app = on(empty_url)
    with app.app_context():
        upgrade(revision="0011")
    client = app.test_client()
    name = "Five Crowns at the club on Thursday night"[:40]
    group = client.post("/api/groups", json={"name": "Cards", "players": ["Ann", "Bob"]}).get_json()
    game = in_group(client, group, {"game": "any", "players": ["Ann", "Bob"], "options": {"name": name, "rounds": 1}})
    with app.app_context():
        upgrade()
        db.session.remove()
    assert schema_drift(app) == []
    ended = client.post(f"/api/games/{game['id']}/rounds", json={"data": {"points": [3, 9]}},
                        headers={"Authorization": f"Bearer {game['token']}"})
    assert ended.status_code == 201 and ended.get_json()["status"] == "finished"
    stats = client.get(f"/api/groups/{group['id']}/stats", query_string={"game": f"any:high:{name}"},
                       headers={"Authorization": f"Bearer {group['token']}"}).get_json()
    assert stats["games"] == 1 and {r["game"] for r in stats["records"]} == {f"any:high:{name}"}
    with app.app_context():
        downgrade(revision="0011")
        kept = {db.session.execute(text(f"SELECT DISTINCT game_key FROM {table}")).scalar_one()
                for table in ("result", "feat")}
        db.session.remove()
        db.engine.dispose()
    assert kept == {f"any:high:{name}"[:40]}


def test_nights_come_with_0013_and_go_back_leaving_the_groups_games(empty_url):
    """0013 adds the club nights beside a group that already plays; back at 0012 the tables' games stay the group's
    games, and the nights go."""
    app = on(empty_url)
    with app.app_context():
        upgrade(revision="0012")
    client = app.test_client()
    group = client.post("/api/groups", json={"name": "Cards", "players": ["Ann", "Bob"]}).get_json()
    auth = {"Authorization": f"Bearer {group['token']}"}
    with app.app_context():
        upgrade()
        db.session.remove()
    assert schema_drift(app) == []
    night = client.post(f"/api/groups/{group['id']}/nights", headers=auth, json={
        "game": "gin-rummy", "players": ["Ann", "Bob", "Cy", "Dee"], "sittings": 2, "movement": "rotate",
        "options": {"target": 10}}).get_json()
    night = client.post(f"/api/nights/{night['id']}/sittings", headers={"Authorization": f"Bearer {night['token']}"})
    assert night.status_code == 201, night.get_json()
    seated = night.get_json()["seatings"][0]["tables"]
    with app.app_context():
        downgrade(revision="0012")
        db.session.remove()
        db.engine.dispose()
    assert "night" not in tables(empty_url)
    games = client.get(f"/api/groups/{group['id']}", headers=auth).get_json()["games"]
    assert {g["id"] for g in games} == {t["game"] for t in seated}
    with app.app_context():
        db.engine.dispose()


def test_group_rules_come_with_0014_and_go_back_leaving_the_group_and_its_games(empty_url):
    """0014 adds a group's own rules beside a group that already plays; back at 0013 its games stay, the rules go."""
    app = on(empty_url)
    with app.app_context():
        upgrade(revision="0013")
    client = app.test_client()
    group = client.post("/api/groups", json={"name": "Cards", "players": ["Ann", "Bob"]}).get_json()
    auth = {"Authorization": f"Bearer {group['token']}"}
    before = in_group(client, group, {"game": "gin-rummy", "players": ["Ann", "Bob"]})
    with app.app_context():
        upgrade()
        db.session.remove()
    assert schema_drift(app) == []
    assert client.get(f"/api/groups/{group['id']}/rules", headers=auth).get_json() == {}
    kept = client.put(f"/api/groups/{group['id']}/rules/gin-rummy", headers=auth, json={"options": {"target": 150}})
    assert kept.status_code == 200, kept.get_json()
    after = client.post(f"/api/groups/{group['id']}/games", headers=auth,
                        json={"game": "gin-rummy", "players": ["Ann", "Bob"]}).get_json()
    assert after["options"]["target"] == 150
    with app.app_context():
        downgrade(revision="0013")
        db.session.remove()
        db.engine.dispose()
    assert "group_rules" not in tables(empty_url)
    games = client.get(f"/api/groups/{group['id']}", headers=auth).get_json()["games"]
    assert {g["id"] for g in games} == {before["id"], after["id"]}
    with app.app_context():
        db.engine.dispose()


def test_group_rules_kept_before_0015_are_stamped_and_the_last_kept_still_comes_first(empty_url):
    """0015 adds when a game's rules were set: rules kept before it get the time of the upgrade, and the group's new
    games open on the one it kept last, as before; rules set again afterwards come first."""
    app = on(empty_url)
    with app.app_context():
        upgrade(revision="0014")
    client = app.test_client()
    group = client.post("/api/groups", json={"name": "Cards", "players": ["Ann", "Bob"]}).get_json()
    with app.app_context():
        group_id = db.session.execute(text("SELECT id FROM play_group")).scalar_one()
        for key, options in (("golf", '{"holes": 18}'), ("gin-rummy", '{"target": 150}')):  # as 0014 kept them
            db.session.execute(text("INSERT INTO group_rules (group_id, game_key, preset, options)"
                                    " VALUES (:group, :key, NULL, :options)"),
                               {"group": group_id, "key": key, "options": options})
        db.session.commit()
        upgrade()
        db.session.remove()
    assert schema_drift(app) == []
    with app.app_context():
        from scorekeeper.play.groups import rules_set_last

        assert db.session.execute(text("SELECT count(*) FROM group_rules WHERE set_at IS NULL")).scalar_one() == 0
        assert rules_set_last(group_id) == "gin-rummy"
        # a server of the release before, still running, keeps rules without a time: the database stamps them
        db.session.execute(text("INSERT INTO group_rules (group_id, game_key, preset, options)"
                                " VALUES (:group, 'trash', NULL, '{}')"), {"group": group_id})
        db.session.commit()
        assert db.session.execute(text("SELECT set_at FROM group_rules WHERE game_key = 'trash'")).scalar_one()
    auth = {"Authorization": f"Bearer {group['token']}"}
    assert client.put(f"/api/groups/{group['id']}/rules/golf", headers=auth,
                      json={"options": {"holes": 9}}).status_code == 200
    with app.app_context():
        assert rules_set_last(group_id) == "golf"
        assert client.get(f"/api/groups/{group['id']}/rules", headers=auth).get_json()["golf"]["options"] == {
            "holes": 9}
        db.session.remove()
        downgrade(revision="0014")
        db.session.remove()
        db.engine.dispose()
