"""Every text field filled to its documented maximum, through every path, on SQLite and PostgreSQL alike.

SQLite keeps text of any length in any column, so a column too short for a value the API takes fails on PostgreSQL
only: each test here runs on both, whatever --db says. The limits are spec/api.md's and games.md's: a player's name
1-40 characters, an any game's name 1-40, a group's name 1-60, a player's emoji one symbol (the column holds 16 code points).
"""
from __future__ import annotations

import csv
import io
import re

import emoji as emoji_data
import pytest
from sqlalchemy import String

from scorekeeper.store import models
from scorekeeper import rules
from scorekeeper.play import services
from scorekeeper.api import views as api
from scorekeeper.extensions import db
from scorekeeper.play import groups as service
from scorekeeper.rules.spec import GameSpec
from tests.groups.conftest import bearer

KINDS = ["sqlite", "postgres"]
pytestmark = pytest.mark.own_database  # both kinds in every pass: run once


def filled(stem: str, most: int) -> str:
    """Return ``stem`` repeated to exactly ``most`` characters, ending on a letter (spaces at the ends are trimmed)."""
    text = (stem * most)[:most - 1] + "z"
    assert len(text) == most and text == " ".join(text.split())
    return text


# Characters of one, two, three and four UTF-8 bytes: the limits count characters, never bytes
PLAYERS = [chr(ord("A") + seat) + filled("é漢😀 ", 39) for seat in range(20)]  # any game's most players, 40 each
GAME_NAME = filled("Cinq Couronnes à la façon du club ♠♥♦♣ ", 40)
GROUP_NAME = filled("Les joueurs du jeudi soir 🂡 chez Élise ", 60)
EMOJI = max(sorted(emoji_data.EMOJI_DATA), key=len)  # one symbol of the most code points (10: a kiss, two skin tones)
LONG_KEY = "k" * 200  # an Idempotency-Key as long as is kept as sent


@pytest.fixture(params=KINDS)
def app(request, make_app):
    """The app on a fresh database of each kind."""
    return make_app(db_kind=request.param)


@pytest.fixture
def client(app):
    return app.test_client()


def any_game(rounds: int | None = 2, wins: str = "low") -> dict:
    """Return the body of an any game at the longest name, for the most players at the longest names."""
    return {"game": "any", "players": PLAYERS, "options": {"name": GAME_NAME, "wins": wins, "rounds": rounds}}


def points(seat_points: int = 0) -> dict:
    """Return a round of the any game: every seat scores its number, the first ``seat_points`` more."""
    return {"data": {"points": [seat + seat_points * (seat == 0) for seat in range(len(PLAYERS))]}}


def new_group(client) -> dict:
    answer = client.post("/api/groups", json={"name": GROUP_NAME, "players": PLAYERS})
    assert answer.status_code == 201, answer.get_json()
    return answer.get_json()


def stats_of(client, group: dict, wins: str = "low") -> dict:
    answer = client.get(f"/api/groups/{group['id']}/stats", headers=bearer(group["token"]),
                        query_string={"game": f"any:{wins}:{GAME_NAME}"})
    assert answer.status_code == 200, answer.get_json()
    return answer.get_json()


def test_the_limits_are_the_documented_ones(client):
    """One character past each documented maximum is refused by name; the maximum itself is taken (below)."""
    too_long = client.post("/api/groups", json={"name": GROUP_NAME + "x", "players": [PLAYERS[0] + "x"]})
    assert too_long.status_code == 422 and set(too_long.get_json()["errors"]) == {"name", "players.0"}
    refused = client.post("/api/games", json={**any_game(), "options": {"name": GAME_NAME + "x"}})
    assert refused.status_code == 422 and set(refused.get_json()["errors"]) == {"options.name"}


def test_an_any_game_of_a_group_at_the_longest_names_ends_by_its_last_round_and_by_hand(client):
    group = new_group(client)
    answer = client.post(f"/api/groups/{group['id']}/games", headers=bearer(group["token"]), json=any_game())
    assert answer.status_code == 201, answer.get_json()
    game = answer.get_json()
    path, auth = f"/api/games/{game['id']}/rounds", bearer(game["token"])
    first = client.post(path, json=points(), headers={**auth, "Idempotency-Key": LONG_KEY})
    again = client.post(path, json=points(), headers={**auth, "Idempotency-Key": LONG_KEY})
    assert first.status_code == again.status_code == 201 and again.get_json() == first.get_json()
    last = client.post(path, json=points(5), headers=auth)  # the round that ends it keeps the group's results
    assert last.status_code == 201, last.get_json()
    assert last.get_json()["status"] == "finished" and last.get_json()["winners"] == [1]
    edited = client.put(f"{path}/2", json=points(-9), headers=auth)  # an edit after the end keeps them again
    assert edited.status_code == 200 and edited.get_json()["winners"] == [0]

    by_hand = client.post(f"/api/groups/{group['id']}/games", headers=bearer(group["token"]),
                          json=any_game(rounds=None, wins="high")).get_json()
    client.post(f"/api/games/{by_hand['id']}/rounds", json=points(3), headers=bearer(by_hand["token"]))
    ended = client.post(f"/api/games/{by_hand['id']}/finish", headers=bearer(by_hand["token"]))
    assert ended.status_code == 200 and ended.get_json()["status"] == "finished", ended.get_json()

    low, high = stats_of(client, group, "low"), stats_of(client, group, "high")
    assert low["games"] == high["games"] == 1
    assert {r["game"] for r in low["records"]} == {f"any:low:{GAME_NAME}"}
    assert {p["name"] for p in low["players"]} == set(PLAYERS)
    listed = client.get(f"/api/groups/{group['id']}", headers=bearer(group["token"])).get_json()
    assert listed["name"] == GROUP_NAME and [g["status"] for g in listed["games"]] == ["finished", "finished"]
    page = client.get(group["view"]).get_data(as_text=True)
    assert GROUP_NAME in page and GAME_NAME in page
    history = client.get(group["view"].replace(group["id"], f"{group['id']}/history.csv"))
    rows = list(csv.reader(io.StringIO(history.get_data(as_text=True))))
    assert history.status_code == 200 and sum(GAME_NAME in " ".join(row) for row in rows) == 2 * len(PLAYERS)


def test_a_finished_game_at_the_longest_names_joins_a_group(client):
    game = client.post("/api/games", json=any_game(rounds=1, wins="high")).get_json()
    assert client.post(f"/api/games/{game['id']}/rounds", json=points(), headers=bearer(game["token"])).status_code == 201
    group = new_group(client)
    joined = client.put(f"/api/groups/{group['id']}/games/{game['id']}",
                        headers={**bearer(group["token"]), "X-Game-Token": game["token"]})
    assert joined.status_code == 200, joined.get_json()
    stats = stats_of(client, group, "high")
    assert stats["games"] == 1 and {p["name"]: p["wins"] for p in stats["players"]}[PLAYERS[-1]] == 1


def test_the_phone_pages_start_play_and_end_a_game_at_the_longest_names(app, client):
    made = client.post("/groups/new", data={"name": GROUP_NAME, "players": PLAYERS})
    assert made.status_code == 302, made.get_data(as_text=True)
    gid = made.headers["Location"].rsplit("/", 1)[1]
    form = {"game": "any", "players": PLAYERS, "opt_name": GAME_NAME, "opt_wins": "high", "opt_rounds": "1"}
    started = client.post(f"/groups/{gid}/play", data=form)
    assert started.status_code == 302, started.get_data(as_text=True)
    game_id = started.headers["Location"].rsplit("/", 1)[1]
    scores = {f"points-{seat}": str(seat) for seat in range(len(PLAYERS))}
    saved = client.post(f"/games/{game_id}/rounds", data=scores)
    assert saved.status_code in (302, 303), saved.get_data(as_text=True)
    assert client.get(f"/api/games/{game_id}").get_json()["status"] == "finished"

    other = client.post(f"/groups/{gid}/play", data={**form, "opt_rounds": ""}).headers["Location"].rsplit("/", 1)[1]
    assert client.post(f"/games/{other}/rounds", data=scores).status_code in (302, 303)
    assert client.post(f"/games/{other}/finish").status_code in (302, 303)
    assert client.get(f"/api/games/{other}").get_json()["status"] == "finished"
    page = client.get(f"/groups/{gid}", query_string={"game": f"any:high:{GAME_NAME}"})
    assert page.status_code == 200 and GAME_NAME in page.get_data(as_text=True)
    again = client.post(f"/games/{other}/again")  # the same table, names and rules, in the group
    assert again.status_code == 302 and client.get(again.headers["Location"]).status_code == 200
    offered = client.get(f"/groups/{gid}/play").get_data(as_text=True)  # the game played last, its players ticked
    assert all(name in offered for name in PLAYERS)
    season = client.get(f"/groups/{gid}/season.pdf")
    assert season.status_code == 200 and season.mimetype == "application/pdf"


def test_a_player_takes_the_longest_name_and_emoji_everywhere(client):
    group = new_group(client)
    ids = {p["name"]: p["id"] for p in group["players"]}
    auth = bearer(group["token"])
    newcomer = filled("Ζωή-Ἀθηνᾶ 🎲 ", 40)
    assert client.post(f"/api/groups/{group['id']}/players", json={"name": newcomer}, headers=auth).status_code == 201
    renamed = filled("Marie-Thérèse d’Artagnan 🃏 ", 40)
    answer = client.patch(f"/api/groups/{group['id']}/players/{ids[PLAYERS[0]]}", json={"name": renamed}, headers=auth)
    assert answer.status_code == 200, answer.get_json()
    client.get(f"/groups/{group['id']}/join/{group['token']}")
    looked = client.post(f"/groups/{group['id']}/players/{ids[PLAYERS[1]]}",
                         data={"name": PLAYERS[1][::-1], "colour": "#1f77b4", "emoji": EMOJI})
    assert looked.status_code == 302, looked.get_data(as_text=True)
    game = client.post(f"/api/groups/{group['id']}/games", headers=auth,
                       json={**any_game(rounds=1), "players": [renamed, PLAYERS[1][::-1], newcomer]}).get_json()
    assert client.post(f"/api/games/{game['id']}/rounds", json={"data": {"points": [1, 2, 3]}},
                       headers=bearer(game["token"])).status_code == 201
    table = client.get(f"/games/{game['id']}").get_data(as_text=True)
    assert EMOJI in table and renamed in table and newcomer in table


def test_a_backup_at_the_longest_names_imports_into_either_database(make_app, app, tmp_path):
    """Made on SQLite, which kept every length, and imported into each kind (PostgreSQL keeps its limits)."""
    source = make_app(db_kind="sqlite")
    client = source.test_client()
    group = new_group(client)
    for rounds, wins in ((1, "low"), (None, "high")):
        game = client.post(f"/api/groups/{group['id']}/games", headers=bearer(group["token"]),
                           json=any_game(rounds, wins)).get_json()
        client.post(f"/api/games/{game['id']}/rounds", json=points(), headers=bearer(game["token"]))
        if rounds is None:
            client.post(f"/api/games/{game['id']}/finish", headers=bearer(game["token"]))
    looked = client.get(f"/groups/{group['id']}/join/{group['token']}")
    assert looked.status_code == 302
    client.post(f"/groups/{group['id']}/players/{group['players'][0]['id']}",
                data={"name": PLAYERS[0], "emoji": EMOJI})
    backup = tmp_path / "backup.json"
    assert source.test_cli_runner().invoke(args=["export", str(backup)]).exit_code == 0

    result = app.test_cli_runner().invoke(args=["import", str(backup)])
    assert result.exit_code == 0 and "imported 2 games" in result.output, result.output
    restored = app.test_client()
    assert stats_of(restored, group, "low") == stats_of(client, group, "low")
    assert stats_of(restored, group, "high") == stats_of(client, group, "high")
    with app.app_context():
        assert db.session.scalar(db.select(models.Member.emoji).where(models.Member.name == PLAYERS[0])) == EMOJI


def test_every_key_and_preset_fits_its_column():
    """What no request types but every game derives: game keys, presets, record kinds and stats keys."""
    def length(column) -> int:
        assert isinstance(column.type, String)
        return column.type.length

    specs: list[GameSpec] = [r.spec for r in rules.REGISTRY.values()]
    assert max(len(s.key) for s in specs) <= length(models.Game.__table__.c.game_key)
    assert max(len(name) for s in specs for name in s.presets) <= length(models.Game.__table__.c.preset)

    class Named:
        game_key, options = "any", {"name": GAME_NAME, "wins": "high"}

    longest = service.stat_key(Named)
    assert len(longest) == 49
    for kept in (models.Result, models.Feat):
        assert len(longest) <= length(kept.__table__.c.game_key)
    assert service.EMOJI_MOST <= length(models.Member.__table__.c.emoji)
    assert service.GROUP_NAME_MAX <= length(models.Group.__table__.c.name)
    assert all(len(name) <= length(models.Player.__table__.c.name) for name in PLAYERS)
    reply_key = length(models.IdempotentReply.__table__.c.key)  # an API key kept as sent, or hashed; a form's entry key
    assert api.KEY_LENGTH <= reply_key and len(api.stored_key("k" * 5000)) <= reply_key
    assert len(services.ENTRY_KEY) + 64 <= reply_key
    assert length(models.CodeGuess.__table__.c.address) == 64 and length(models.CodeGuess.__table__.c.browser) == 32


def test_every_preset_starts_a_game(client):
    """The longest preset of each game, stored with the game it started."""
    for key, rule in rules.REGISTRY.items():
        for preset in sorted(rule.spec.presets, key=len)[-1:]:
            players = PLAYERS[:max(rule.spec.min_players, 2 if key != "hand-and-foot" else 4)]
            answer = client.post("/api/games", json={"game": key, "players": players, "preset": preset})
            assert answer.status_code == 201, (key, preset, answer.get_json())
            assert answer.get_json()["preset"] == preset and re.fullmatch(r"[A-Za-z0-9_-]{16}", answer.get_json()["id"])


NIGHT_NAME = filled("Soirée du club, tables tournantes ♠ à l'étage ", 60)


def test_a_club_night_at_the_longest_names(client):
    """A night named at its longest, of an any game named at its longest, for twenty players at the longest names:
    seated, played at a table, ended, and counted in the group's stats."""
    group = new_group(client)
    answer = client.post(f"/api/groups/{group['id']}/nights", headers=bearer(group["token"]), json={
        "name": NIGHT_NAME, "game": "any", "options": {"name": GAME_NAME, "wins": "low", "rounds": 1},
        "players": PLAYERS, "table_size": 4, "sittings": 20, "movement": "rotate"})
    assert answer.status_code == 201, answer.get_json()
    night = answer.get_json()
    assert night["name"] == NIGHT_NAME and [p["name"] for p in night["players"]] == PLAYERS
    assert client.post(f"/api/groups/{group['id']}/nights", headers=bearer(group["token"]), json={
        "name": NIGHT_NAME + "x", "game": "golf", "players": PLAYERS, "sittings": 1, "movement": "stay"}
                       ).get_json()["errors"].keys() == {"name"}
    auth = bearer(night["token"])
    seated = client.post(f"/api/nights/{night['id']}/sittings", headers=auth)
    assert seated.status_code == 201, seated.get_json()
    table = seated.get_json()["seatings"][0]["tables"][0]
    played = client.post(f"/api/games/{table['game']}/rounds", headers=bearer(table["token"]),
                         json={"data": {"points": [1, 2, 3, 4]}})
    assert played.status_code == 201 and played.get_json()["status"] == "finished"
    ended = client.post(f"/api/nights/{night['id']}/finish", headers=auth)
    assert ended.status_code == 200 and ended.get_json()["leaderboard"][0]["score"] == 1
    assert stats_of(client, group)["nights"][str(table["players"][0])] == {"played": 1, "won": 1}


def test_a_groups_own_rules_at_the_longest_keys_presets_and_names(client):
    """Each game's rules kept under its key, with its longest preset; any game's under the longest name; and the
    games started from them."""
    def length(column) -> int:
        return column.type.length

    table = models.GroupRules.__table__.c
    assert max(len(key) for key in rules.REGISTRY) <= length(table.game_key)
    assert max(len(p) for r in rules.REGISTRY.values() for p in r.spec.presets) <= length(table.preset)
    group = new_group(client)
    auth = bearer(group["token"])
    wanted = {}
    for key, rule in rules.REGISTRY.items():
        preset = max(rule.spec.presets, key=len, default=None)
        options = {"name": GAME_NAME, "wins": "low"} if key == "any" else {}
        wanted[key] = {"preset": preset, "options": options}
        answer = client.put(f"/api/groups/{group['id']}/rules/{key}", headers=auth, json=wanted[key])
        assert answer.status_code == 200 and answer.get_json() == wanted[key], (key, answer.get_json())
    assert client.get(f"/api/groups/{group['id']}/rules", headers=auth).get_json() == wanted
    game = client.post(f"/api/groups/{group['id']}/games", headers=auth,
                       json={"game": "any", "players": PLAYERS[:2]}).get_json()
    assert game["options"]["name"] == GAME_NAME and game["options"]["wins"] == "low"
