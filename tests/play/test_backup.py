"""Backups: `flask export FILE` then `flask import FILE` into a fresh database gives back every game as it was."""
from __future__ import annotations

import json

import pytest

from scorekeeper import rules
from tests.web.test_robustness import FOUR, VALID


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


# --- a hostile or broken file is refused whole, naming the game and the field --------------------------------


def golf_record(public_id: str) -> dict:
    """A valid game as a backup holds it: golf for three, one round played."""
    return {"id": public_id, "game": "golf", "options": {}, "token_hash": "a" * 64, "status": "playing",
            "finished_by_hand": False, "preset": None, "version": 2, "created": "2026-11-25T18:00:00+00:00",
            "updated": "2026-11-25T18:05:00+00:00", "players": ["Ann", "Bob", "Cy"],
            "rounds": [{"number": 1, "data": {"players": [{"score": 1}, {"score": 2}, {"score": 3}], "knocker": None},
                        "created": "2026-11-25T18:05:00+00:00", "updated": "2026-11-25T18:05:00+00:00"}]}


def put(path: str, value):
    """Return a change that sets the field at ``path`` (dots; numbers index lists) of the game record."""
    def change(record):
        *parents, last = path.split(".")
        for part in parents:
            record = record[int(part)] if isinstance(record, list) else record[part]
        record[int(last) if isinstance(record, list) else last] = value
    return change


def drop(path: str):
    def change(record):
        *parents, last = path.split(".")
        for part in parents:
            record = record[int(part)] if isinstance(record, list) else record[part]
        del record[last]
    return change


HOSTILE_GAMES = {  # the second game of the file is changed so; the message names it "game 2 (id bad-game)"
    "a 5,000-character name": (put("players.0", "A" * 5000), "players.0: a name needs 1 to 40 characters"),
    "an empty name": (put("players.1", "   "), "players.1: a name needs 1 to 40 characters"),
    "a name twice": (put("players.2", "ann"), "players.2: ann is already at the table"),
    "a name that is a number": (put("players.1", 7), "players.1: must be text"),
    "a name with a NUL": (put("players.0", "A\x00B"), "players.0: a name can only hold"),
    "players not a list": (put("players", "Ann, Bob"), "players: give the players' names as a list"),
    "too many players": (put("players", [f"P{i}" for i in range(40)]), "players: Golf needs"),
    "an unknown game": (put("game", "poker"), "game: there is no game called poker"),
    "a game that is not text": (put("game", ["golf"]), "game: there is no game called"),
    "an unknown option": (put("options", {"jokers_wild": "yes please"}), "options.jokers_wild: "),
    "a bad option value": (put("options", {"holes": 5000}), "options.holes: "),
    "options not an object": (put("options", [1, 2]), "options: the options must be an object"),
    "an unknown preset": (put("preset", "nope"), "preset: nope is not a preset of this game"),
    "rounds not a list": (put("rounds", {"1": {}}), "rounds: must be a list of rounds"),
    "a round that is not an object": (put("rounds.0", 5), "rounds.0.round: must be an object"),
    "a round numbered out of order": (put("rounds.0.number", 3), "rounds.0.number: must be 1"),
    "a round number that is text": (put("rounds.0.number", "1"), "rounds.0.number: must be 1"),
    "round data that is not an object": (put("rounds.0.data", [1, 2, 3]), "rounds.0.data: the round's data must be"),
    "round data too big": (put("rounds.0.data", {"x": "y" * 5000}), "rounds.0.data: the round's data is longer"),
    "round data with a lone surrogate": (put("rounds.0.data.note", "\ud800"), "rounds.0.data: holds text"),
    "a round that does not fold": (put("rounds.0.data", {"players": [{"score": 1}]}), "rounds.0.data.players"),
    "a round with an unknown key": (put("rounds.0.data.bonus", 5), "rounds.0.data.bonus"),
    "a round without data": (drop("rounds.0.data"), "rounds.0.data: is missing"),
    "a round with a bad date": (put("rounds.0.created", "last Tuesday"), "rounds.0.created: must be a date"),
    "a missing token hash": (drop("token_hash"), "token_hash: is missing"),
    "a missing id": (drop("id"), "game 2: id: is missing"),
    "an id that is a number": (put("id", 12345), "game 2: id: must be 1 to 32 letters"),
    "an id too long": (put("id", "x" * 33), "id: must be 1 to 32 letters"),
    "an id with a slash": (put("id", "a/b"), "id: must be 1 to 32 letters"),
    "a token hash that is not a hash": (put("token_hash", "secret"), "token_hash: must be the edit token's"),
    "a token hash in capitals": (put("token_hash", "A" * 64), "token_hash: must be the edit token's"),
    "an unknown status": (put("status", "won"), "status: must be playing or finished"),
    "finished_by_hand as text": (put("finished_by_hand", "yes"), "finished_by_hand: must be true or false"),
    "a negative version": (put("version", -3), "version: must be a whole number from 1"),
    "version zero": (put("version", 0), "version: must be a whole number from 1"),
    "a version as text": (put("version", "2"), "version: must be a whole number from 1"),
    "a version of true": (put("version", True), "version: must be a whole number from 1"),
    "a version too big to store": (put("version", 2**63), "version: must be a whole number from 1"),
    "a date that is no date": (put("created", "2026-13-45T00:00:00"), "created: must be a date and time"),
    "a date as a number": (put("updated", 1764093600), "updated: must be a date and time"),
    "a date of null": (put("created", None), "created: must be a date and time"),
    "a game that is not an object": (None, "game 2: game: must be an object"),
}


def import_file(app, tmp_path, text: str):
    path = tmp_path / "backup.json"
    path.write_text(text, encoding="utf-8")
    return app.test_cli_runner().invoke(args=["import", str(path)])


def stored_games(app) -> int:
    with app.app_context():
        from sqlalchemy import func, select

        from scorekeeper.extensions import db
        from scorekeeper.store.models import Game

        return db.session.scalar(select(func.count()).select_from(Game))


def refused(result, *words: str) -> str:
    """Check that an import was refused with a message (never a traceback) holding ``words``."""
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit), (result.output, result.exception)
    assert "Traceback" not in result.output and "Error:" in result.output
    for word in words:
        assert word in result.output, result.output
    return result.output


@pytest.mark.parametrize("case", HOSTILE_GAMES, ids=list(HOSTILE_GAMES))
def test_a_hostile_game_refuses_the_whole_file_naming_the_game_and_field(app, tmp_path, case):
    change, expected = HOSTILE_GAMES[case]
    bad = golf_record("bad-game")
    if change is None:
        bad = "golf"
    else:
        change(bad)
    backup = {"format": "scorekeeper-backup", "version": 1, "games": [golf_record("good-game"), bad]}
    output = refused(import_file(app, tmp_path, json.dumps(backup)), expected, "nothing was imported")
    assert "game 2" in output and "game 1" not in output
    if "game 2:" not in expected:
        assert "game 2 (id bad-game): " in output or "game 2 (id " in output and case.startswith("an id")
    assert len(output) < 2000  # a 5,000-character name is not echoed whole
    assert stored_games(app) == 0  # not even the good game


@pytest.mark.parametrize("text, expected", [
    ("", "is not JSON"),
    ("{\"format\": ", "is not JSON"),
    ("[]", "not a scorekeeper-backup file"),
    ("\"scorekeeper-backup\"", "not a scorekeeper-backup file"),
    ('{"format": "scorekeeper-backup", "version": 2, "games": []}', "not a scorekeeper-backup file"),
    ('{"format": "scorekeeper-backup", "version": 1}', "games: must be a list"),
    ('{"format": "scorekeeper-backup", "version": 1, "games": {"a": 1}}', "games: must be a list"),
    ('{"format": "scorekeeper-backup", "version": 1, "games": [NaN]}', "is not JSON"),
    ('{"format": "scorekeeper-backup", "version": 1, "games": ' + "[" * 100_000 + "]" * 100_000 + "}",
     "is not JSON"),
])
def test_a_file_that_is_no_backup_is_refused_calmly(app, tmp_path, text, expected):
    refused(import_file(app, tmp_path, text), expected)
    assert stored_games(app) == 0


def test_a_file_that_is_not_utf8_is_refused_calmly(app, tmp_path):
    path = tmp_path / "backup.json"
    path.write_bytes(b'{"format": "\xff\xfe"}')
    refused(app.test_cli_runner().invoke(args=["import", str(path)]), "is not JSON")


def test_two_games_with_one_id_are_refused(app, tmp_path):
    backup = {"format": "scorekeeper-backup", "version": 1,
              "games": [golf_record("twin"), golf_record("other"), golf_record("twin")]}
    refused(import_file(app, tmp_path, json.dumps(backup)), "game 3 (id twin): id: game 1 has the same id")
    assert stored_games(app) == 0


def test_every_problem_of_a_file_is_listed_and_a_long_list_is_cut(app, tmp_path):
    games = [golf_record(f"g{i}") for i in range(30)]
    for game in games:
        game["players"][0] = ""
        game["version"] = -1
    output = refused(import_file(app, tmp_path, json.dumps({"format": "scorekeeper-backup", "version": 1,
                                                            "games": games})),
                     "game 1 (id g0): players.0:", "game 1 (id g0): version:", "... and 40 more")
    assert output.count("\n") < 30


def test_an_imported_game_is_stored_clean_with_its_times_in_utc(app, tmp_path):
    record = golf_record("clean-game")
    record["players"] = ["  Ann   Lee ", "Bob", "Cy"]  # spaces squeezed, as a new game's names are
    record["created"] = "2026-11-25T19:00:00+01:00"
    record["updated"] = "2026-11-25T18:05:00"  # no offset: UTC
    record["status"] = "finished"  # the listing's status follows the rules' fold, not the file
    del record["version"]  # a file from before versions: imported with a fresh version all the same
    result = import_file(app, tmp_path, json.dumps({"format": "scorekeeper-backup", "version": 1, "games": [record]}))
    assert result.exit_code == 0, result.output
    client = app.test_client()
    state = client.get("/api/games/clean-game").get_json()
    assert state["players"] == ["Ann Lee", "Bob", "Cy"] and state["status"] == "playing" and state["version"] > 1
    assert state["created"] == "2026-11-25T18:00:00+00:00"
    with app.test_request_context():
        from scorekeeper.play.backup import export_games

        exported = export_games()["games"][0]
    assert exported["created"] == "2026-11-25T18:00:00+00:00" and exported["updated"] == "2026-11-25T18:05:00+00:00"
    assert exported["rounds"][0]["created"] == "2026-11-25T18:05:00+00:00"


def test_a_backup_of_before_the_api_read_english_letters_only_comes_in_with_its_scores(app, tmp_path):
    """Exported when the API still read R, D and V as K, Q and J: imported written as they were read."""
    record = golf_record("french-letters")
    record["rounds"][0]["data"]["players"][0] = {"cards": ["RC", "D", "V♥", "10D"]}
    result = import_file(app, tmp_path, json.dumps({"format": "scorekeeper-backup", "version": 1, "games": [record]}))
    assert result.exit_code == 0, result.output
    state = app.test_client().get("/api/games/french-letters").get_json()
    assert state["rounds"][0]["data"]["players"][0] == {"cards": ["KC", "Q", "J♥", "10D"]}
    assert [s["total"] for s in state["standings"]] == [30, 2, 3]


def group_record(public_id: str, games: dict | None = None) -> dict:
    """A valid group as a backup holds it: two players, seated in the game ``golf_record`` makes."""
    return {"id": public_id, "name": "Sunday Golf", "token_hash": "b" * 64, "view_hash": "c" * 64,
            "created": "2026-11-25T17:00:00+00:00",
            "players": [{"name": "Ann", "colour": "#1f77b4", "emoji": "🐢"}, {"name": "Bob", "colour": None,
                                                                             "emoji": None}],
            "games": {"good-game": [0, 1, None]} if games is None else games}


HOSTILE_GROUPS = {  # the second group of the file is changed so; the message names it "group 2 (id bad-group)"
    "a 5,000-character group name": (put("name", "G" * 5000), "name: a group's name needs 1 to 60"),
    "a player's name twice": (put("players.1.name", "ANN"), "players.1: ANN is already at the table"),
    "a player's name of 5,000 characters": (put("players.0.name", "A" * 5000), "players.0: a name needs 1 to 40"),
    "a player that is text": (put("players.0", "Ann"), "players: must be a list of players"),
    "a bad colour": (put("players.0.colour", "red; x"), "players.0.colour: must be written #rrggbb"),
    "a long emoji": (put("players.0.emoji", "🐢" * 50), "players.0.emoji: must be one symbol"),
    "a seat out of range": (put("games", {"good-game": [0, 7, None]}), "games.good-game: must list, seat by seat"),
    "a seat that is text": (put("games", {"good-game": ["0", 1, None]}), "games.good-game: must list"),
    "one player in two seats": (put("games", {"good-game": [0, 0, None]}), "games.good-game: names one player"),
    "too few seats": (put("games", {"good-game": [0]}), "games.good-game: must list 3 seats"),
    "games not an object": (put("games", [["good-game", 0]]), "games: must map each game's id"),
    "a bad view hash": (put("view_hash", "x"), "view_hash: must be the edit token's"),
    "a bad date": (put("created", "soon"), "created: must be a date and time"),
    "a missing name": (drop("name"), "name: is missing"),
    "an id with a slash": (put("id", "../x"), "id: must be 1 to 32 letters"),
    "a group that is not an object": (None, "group 2: group: must be an object"),
}


@pytest.mark.parametrize("case", HOSTILE_GROUPS, ids=list(HOSTILE_GROUPS))
def test_a_hostile_group_refuses_the_whole_file_naming_the_group_and_field(app, tmp_path, case):
    change, expected = HOSTILE_GROUPS[case]
    bad = group_record("bad-group")
    if change is None:
        bad = ["bad-group"]
    else:
        change(bad)
    backup = {"format": "scorekeeper-backup", "version": 1, "games": [golf_record("good-game")],
              "groups": [group_record("good-group", games={}), bad]}
    output = refused(import_file(app, tmp_path, json.dumps(backup)), expected, "nothing was imported")
    assert "group 2" in output and "game 1" not in output and "group 1" not in output and len(output) < 2000
    assert stored_games(app) == 0


def test_two_groups_with_one_id_are_refused_and_a_good_group_comes_in(app, tmp_path):
    games = [golf_record("good-game")]
    twins = {"format": "scorekeeper-backup", "version": 1, "games": games,
             "groups": [group_record("twin"), group_record("twin", games={})]}
    refused(import_file(app, tmp_path, json.dumps(twins)), "group 2 (id twin): id: group 1 has the same id")
    good = {"format": "scorekeeper-backup", "version": 1, "games": games, "groups": [group_record("sunday")]}
    assert import_file(app, tmp_path, json.dumps(good)).exit_code == 0
    with app.app_context():
        from sqlalchemy import select

        from scorekeeper.extensions import db
        from scorekeeper.store.models import Game, Group

        group = db.session.scalar(select(Group))
        game = db.session.scalar(select(Game))
        assert group.public_id == "sunday" and [m.name for m in group.members] == ["Ann", "Bob"]
        assert group.created.isoformat() == "2026-11-25T17:00:00+00:00" and game.group_id == group.id
        assert [p.member_id for p in game.players] == [group.members[0].id, group.members[1].id, None]
