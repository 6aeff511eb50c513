"""Backups: every game as JSON (export), and back into a database (import), with `flask export/import`."""
from __future__ import annotations

import json
import re
import sys
from datetime import datetime, timedelta
from typing import Any

import click
from flask import Flask
from flask.cli import with_appcontext
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import selectinload

from .. import rules as registry
from ..extensions import db
from ..store.models import Game, Group, GroupRules, in_utc, Member, Player, Round, stamp, storable, utcnow
from ..rules.base import Rules
from ..rules.messages import RulesError, shown
from ..rules.spec import Table
from ..rules.cards import in_english_letters
from ..rules.engine import RoundRefused, derive
from . import groups as service, nightbackup, services, tables
from .services import PUBLIC_ID, Problem, check_object, clean_players

FORMAT = "scorekeeper-backup"
VERSION = 1


def register(app: Flask) -> None:
    """Add the export and import commands to the app's CLI."""
    app.cli.add_command(export_command)
    app.cli.add_command(import_command)


def export_games() -> dict[str, Any]:
    """Return every game with its players and rounds, as stored (edit tokens stay hashed)."""
    query = select(Game).options(selectinload(Game.players), selectinload(Game.rounds)).order_by(Game.id)

    return {"format": FORMAT, "version": VERSION, "games": [game_record(g) for g in db.session.scalars(query)],
            "groups": export_groups(), "nights": nightbackup.export_nights()}


def game_record(game: Game) -> dict[str, Any]:
    """Return one game as a plain JSON object."""
    return {
        "id": game.public_id, "game": game.game_key, "options": game.options, "token_hash": game.token_hash,
        "status": game.status, "finished_by_hand": game.finished_by_hand, "preset": game.preset,
        "version": game.version, "created": stamp(game.created), "updated": stamp(game.updated),
        "players": [p.name for p in game.players],
        "rounds": [{"number": r.number, "data": r.data, "created": stamp(r.created), "updated": stamp(r.updated)}
                   for r in game.rounds],
    }


def import_games(backup: Any) -> tuple[int, int]:
    """Add the backup's games that this database lacks; return how many were added and skipped. Flush only.

    Every game is checked first (``checked_backup``): one bad game refuses the whole file, and nothing is stored.
    """
    games, groups = checked_backup(backup)
    nights = checked_nights(backup, groups)
    present = set(db.session.scalars(select(Game.public_id)))
    added = skipped = 0
    for game in games:
        if game.public_id in present:
            skipped += 1
            continue
        db.session.add(game)
        added += 1
    db.session.flush()

    import_groups(groups)
    nightbackup.import_nights(nights, check_time)
    return added, skipped


def checked_nights(backup: dict[str, Any], groups: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Check the backup's club nights (``nightbackup``), each of a group of the file; raise BadBackup naming what is
    wrong (nothing is imported)."""
    problems: list[str] = []
    checks = {"id": check_id, "token_hash": check_token_hash, "time": check_time}
    nights = nightbackup.checked_nights(backup.get("nights", []), {g["id"]: len(g["players"]) for g in groups},
                                        checks, problems)
    if problems:
        raise BadBackup(problems)
    return nights


class Refused(Exception):
    """What is wrong with one record of a backup: field path -> message."""

    def __init__(self, errors: dict[str, Any]):
        super().__init__(errors)
        self.errors = errors


class BadBackup(click.ClickException):
    """A backup refused as a whole: every problem found, by game and field; nothing was imported."""

    SHOWN = 20  # problems listed; a file with more says how many more

    def __init__(self, problems: list[str]):
        lines = problems[:self.SHOWN] + ([f"... and {len(problems) - self.SHOWN} more"]
                                         if len(problems) > self.SHOWN else [])
        super().__init__("this backup cannot be imported; nothing was imported:\n" + "\n".join(lines))
        self.problems = problems


REQUIRED = ("id", "game", "options", "token_hash", "status", "finished_by_hand", "created", "updated", "players",
            "rounds")
ROUND_REQUIRED = ("number", "data", "created", "updated")
TOKEN_HASH = re.compile(r"[0-9a-f]{64}")
STATUSES = ("playing", "finished")
VERSION_MAX = 2**63 - 1  # the version column is a 64-bit integer (versions start at the insert time in µs)


def checked_backup(backup: Any) -> tuple[list[Game], list[dict[str, Any]]]:
    """Check a whole backup as ``check_game`` checks each game and ``check_group`` each group; return its games and
    groups, or raise BadBackup naming every game, group and field that is wrong (ids must differ too)."""
    if not isinstance(backup, dict) or backup.get("format") != FORMAT or backup.get("version") != VERSION:
        raise click.ClickException(f"not a {FORMAT} file of version {VERSION}")
    records = backup.get("games")
    if not isinstance(records, list):
        raise BadBackup(["games: must be a list of games"])
    problems: list[str] = []
    games: list[Game] = []
    first_of: dict[str, int] = {}
    for number, record in enumerate(records, 1):
        try:
            game = check_game(record)
        except Refused as exc:
            problems += [f"{where(number, record)}: {path}: {text}" for path, text in exc.errors.items()]
            continue
        if game.public_id in first_of:
            problems.append(f"{where(number, record)}: id: game {first_of[game.public_id]} has the same id")
            continue
        first_of[game.public_id] = number
        games.append(game)
    groups = checked_groups(backup.get("groups", []), {g.public_id: len(g.players) for g in games}, problems)
    if problems:
        raise BadBackup(problems)
    return games, groups


def checked_groups(records: Any, seats_of: dict[str, int], problems: list[str]) -> list[dict[str, Any]]:
    """Check a backup's groups (``check_group``, below); add what is wrong to ``problems``."""

    if not isinstance(records, list):
        problems.append("groups: must be a list of groups")
        return []
    groups: list[dict[str, Any]] = []
    first_of: dict[str, int] = {}
    for number, record in enumerate(records, 1):
        named = where(number, record).replace("game", "group", 1)
        try:
            group = check_group(record, seats_of)
        except Refused as exc:
            problems += [f"{named}: {path}: {text}" for path, text in exc.errors.items()]
            continue
        if group["id"] in first_of:
            problems.append(f"{named}: id: group {first_of[group['id']]} has the same id")
            continue
        first_of[group["id"]] = number
        groups.append(group)
    return groups


def where(number: int, record: Any) -> str:
    """Name a game of a backup for a message: its place in the file and its id (``game 3 (id abc)``); a group's
    name is made from it."""
    public_id = record.get("id") if isinstance(record, dict) else None
    return f"game {number} (id {shown(public_id)})" if isinstance(public_id, str) else f"game {number}"


def check_game(record: Any) -> Game:
    """Check one game of a backup as a new game and its rounds are checked, and return it as a Game to add.

    Its id, token hash, status, dates and version must be of their kind; its players pass the new-game checks
    (1-40 characters, unique, as many as the game takes); its options and preset the rules' ``resolve_options``;
    and its rounds, in order, the rules' fold. Raise Refused naming every field that is wrong.
    """
    if not isinstance(record, dict):
        raise Refused({"game": "must be an object with the game's fields"})
    errors: dict[str, Any] = {key: "is missing" for key in REQUIRED if key not in record}
    if errors:
        raise Refused(errors)
    fields: dict[str, Any] = {}
    for name, check in (("id", check_id), ("token_hash", check_token_hash), ("status", check_status),
                        ("finished_by_hand", check_flag), ("version", check_version), ("created", check_time),
                        ("updated", check_time)):
        try:
            fields[name] = check(record.get(name))
        except ValueError as exc:
            errors[name] = exc.args[0]
    rules = registry.get(record["game"]) if isinstance(record["game"], str) else None
    if rules is None:
        errors["game"] = f"there is no game called {shown(record['game'])}"
        raise Refused(errors)
    try:
        names, options = check_players_and_options(rules, record["players"], record["options"], record.get("preset"))
    except Refused as exc:
        raise Refused({**errors, **exc.errors}) from None
    rounds = check_rounds(rules, Table(tuple(names), options), record["rounds"], fields.get("finished_by_hand"),
                          errors)
    if errors:
        raise Refused(errors)
    game = Game(public_id=fields["id"], game_key=rules.spec.key, options=rules.options_json(options),
                token_hash=fields["token_hash"], status="finished" if rounds[1] else "playing",
                finished_by_hand=fields["finished_by_hand"], preset=record.get("preset"),  # a fresh version: caches may hold the old ones
                created=fields["created"], updated=fields["updated"])
    game.players = [Player(seat=seat, name=name) for seat, name in enumerate(names)]
    game.rounds = rounds[0]
    return game


def check_players_and_options(rules: Rules, players: Any, options: Any, preset: Any) -> tuple[list[str], Any]:
    """Check the players' names and the options (a preset's first) as a new game's; return them clean and typed."""
    errors: dict[str, Any] = {}
    if isinstance(players, list):
        errors.update({f"players.{seat}": "must be text" for seat, name in enumerate(players)
                       if not isinstance(name, str)})
    names: list[str] = []
    if not errors:
        try:
            names = clean_players(players, rules)
        except Problem as exc:
            errors.update(exc.errors)
    seats = min(max(len(players) if isinstance(players, list) else 0, rules.spec.min_players), rules.spec.max_players)
    resolved = None
    try:
        resolved = rules.resolve_options(options, seats, preset)
    except RulesError as exc:
        errors.update(exc.errors)
    if errors:
        raise Refused(errors)
    return names, resolved


def check_rounds(rules: Rules, table: Table, rounds: Any, finished_by_hand: bool | None,
                 errors: dict[str, Any]) -> tuple[list[Round], bool]:
    """Check the rounds of a game: each of its kind, numbered 1, 2, 3..., and all of them played in order through
    the rules' fold. Put what is wrong in ``errors``; return the rounds to add and whether the game is over."""
    if not isinstance(rounds, list):
        errors["rounds"] = "must be a list of rounds"
        return [], False
    made: list[Round] = []
    for index, record in enumerate(rounds):
        try:
            made.append(check_round(index, record))
        except Refused as exc:
            errors.update({f"rounds.{index}.{path}": text for path, text in exc.errors.items()})
    if errors:
        return made, False
    try:
        derived = derive(rules, table, [r.data for r in made], bool(finished_by_hand))
    except RoundRefused as exc:
        path = f"rounds.{exc.number - 1}"
        errors.update({path: "comes after the end of the game"} if exc.after_end else
                      {f"{path}.data.{key}": text for key, text in exc.errors.items()})
        return made, False
    return made, derived.over


def check_round(index: int, record: Any) -> Round:
    """Check one round of a backup: its number (``index`` + 1), its data (an object a round may hold) and dates."""
    if not isinstance(record, dict):
        raise Refused({"round": "must be an object with the round's fields"})
    errors: dict[str, Any] = {key: "is missing" for key in ROUND_REQUIRED if key not in record}
    if errors:
        raise Refused(errors)
    number = record["number"]
    if isinstance(number, bool) or not isinstance(number, int) or number != index + 1:
        errors["number"] = f"must be {index + 1}: rounds are numbered 1, 2, 3... in order"
    data = record["data"]
    if not storable(data):
        errors["data"] = "holds text or a number that cannot be stored"
    else:
        data = in_english_letters(data)  # a backup of before 2026-11-27 may hold French rank letters
        try:
            check_object(data)
        except Problem as exc:
            errors.update(exc.errors)
    times = {}
    for name in ("created", "updated"):
        try:
            times[name] = check_time(record[name])
        except ValueError as exc:
            errors[name] = exc.args[0]
    if errors:
        raise Refused(errors)
    return Round(number=number, data=data, **times)


def check_id(value: Any) -> str:
    """Return a game id that can name a game in an address, or raise ValueError."""
    if not isinstance(value, str) or not PUBLIC_ID.fullmatch(value):
        raise ValueError("must be 1 to 32 letters, digits, - or _")
    return value


def check_token_hash(value: Any) -> str:
    """Return an edit token's stored hash, or raise ValueError."""
    if not isinstance(value, str) or not TOKEN_HASH.fullmatch(value):
        raise ValueError("must be the edit token's SHA-256 hash: 64 lowercase hexadecimal digits")
    return value


def check_status(value: Any) -> str:
    """Return a listing status, or raise ValueError (the fold sets the one stored)."""
    if value not in STATUSES:
        raise ValueError(f"must be {' or '.join(STATUSES)}")
    return value


def check_flag(value: Any) -> bool:
    """Return a true or false, or raise ValueError."""
    if not isinstance(value, bool):
        raise ValueError("must be true or false")
    return value


def check_version(value: Any) -> int:
    """Return a game's version (1 when the file has none), or raise ValueError."""
    if value is None:  # files from before versions were kept
        return 1
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= VERSION_MAX:
        raise ValueError(f"must be a whole number from 1 to {VERSION_MAX}")
    return value


def check_time(value: Any) -> datetime:
    """Read a time written by ``stamp`` (ISO 8601; one without an offset is taken as UTC)."""
    try:
        return in_utc(datetime.fromisoformat(value))
    except (TypeError, ValueError, OverflowError):
        raise ValueError("must be a date and time in ISO 8601, such as 2026-11-25T18:00:00+00:00") from None


def no_constant(name: str):
    """Refuse NaN and Infinity, which JSON has no words for."""
    raise ValueError(f"{name} is not a JSON value")


@click.command("export")
@click.argument("file", type=click.Path(dir_okay=False, allow_dash=True))
@with_appcontext
def export_command(file: str) -> None:
    """Save every game to FILE as JSON (- for standard output)."""
    backup = export_games()
    db.session.rollback()
    text = json.dumps(backup, ensure_ascii=False, indent=1)
    if file == "-":
        sys.stdout.write(text + "\n")
        return
    with open(file, "w", encoding="utf-8") as out:
        out.write(text + "\n")
    click.echo(f"exported {len(backup['games'])} games to {file}", err=True)


@click.command("import")
@click.argument("file", type=click.File("r", encoding="utf-8"))
@with_appcontext
def import_command(file) -> None:
    """Restore the games in FILE (from export); games already in the database are left as they are."""
    try:
        backup = json.load(file, parse_constant=no_constant)
    except (ValueError, RecursionError) as exc:  # not JSON, not UTF-8, NaN, or nested too deeply to read
        raise click.ClickException(f"{file.name} is not JSON: {shown(exc, 200)}") from None
    try:
        added, skipped = import_games(backup)
        db.session.commit()
    except IntegrityError:  # a game with one of these ids was started while the file was read
        db.session.rollback()
        raise click.ClickException("a game of this backup was added meanwhile; nothing was imported; "
                                   "run the import again") from None
    click.echo(f"imported {added} games; {skipped} were already here", err=True)


# Groups: each group, its players, and which player sat where in its games. Kept results are not exported: the
# import folds each finished game of a group again and keeps them anew.

COLOUR = re.compile(r"#[0-9a-fA-F]{6}")


def export_groups() -> list[dict[str, Any]]:
    """Return every group as plain JSON: edit token and view key stay hashed, seats name players by index."""
    games = db.session.scalars(select(Game).options(selectinload(Game.players)).where(Game.group_id.is_not(None)))
    seats: dict[int, dict[str, list[int | None]]] = {}
    groups = list(db.session.scalars(select(Group).options(selectinload(Group.members)).order_by(Group.id)))
    index = {m.id: i for g in groups for i, m in enumerate(g.members)}
    for game in games:
        seats.setdefault(game.group_id, {})[game.public_id] = [index.get(p.member_id) for p in game.players]
    return [{"id": g.public_id, "name": g.name, "token_hash": g.token_hash, "view_hash": g.view_hash,
             "created": stamp(g.created),
             "players": [{"name": m.name, "colour": m.colour, "emoji": m.emoji} for m in g.members],
             "games": seats.get(g.id, {}),
             # in the order they were set, which an import keeps where two were set in the same second
             "rules": {kept.game_key: {**service.rules_json(kept), "set_at": stamp(kept.set_at)}
                       for kept in sorted(service.all_rules(g.id), key=lambda r: (in_utc(r.set_at), r.id))}}
            for g in groups]


def check_group(record: Any, seats_of: dict[str, int]) -> dict[str, Any]:
    """Check one group of a backup as a new group is checked, and return it clean (``import_groups`` adds it).

    Its id, hashes and date must be of their kind, its name and players' names pass the new group's checks (names
    unique), colours and emoji the look's; each of its games names, seat by seat, one of its players at most
    once (as many seats as the game has, when the game is in the file: ``seats_of``). Raise Refused naming every
    field that is wrong.
    """

    if not isinstance(record, dict):
        raise Refused({"group": "must be an object with the group's fields"})
    errors: dict[str, Any] = {key: "is missing" for key in ("id", "name", "token_hash", "view_hash", "created",
                                                            "players") if key not in record}
    if errors:
        raise Refused(errors)
    clean: dict[str, Any] = {}
    for name, check in (("id", check_id), ("token_hash", check_token_hash), ("view_hash", check_token_hash),
                        ("created", check_time), ("name", service.clean_group_name)):
        try:
            clean[name] = check(record[name])
        except ValueError as exc:
            errors[name] = exc.args[0]
        except services.Problem as exc:
            errors.update(exc.errors)
    clean["players"] = check_members(record["players"], errors)
    clean["games"] = check_seats(record.get("games", {}), len(clean["players"]), seats_of, errors)
    clean["rules"] = check_rules(record.get("rules", {}), errors)
    if errors:
        raise Refused(errors)
    return clean


def check_members(players: Any, errors: dict[str, Any]) -> list[dict[str, Any]]:
    """Check a group's players: each an object with a name (unique in the group), a colour and an emoji."""
    if not isinstance(players, list) or not all(isinstance(p, dict) for p in players):
        errors["players"] = "must be a list of players, each with a name"
        return []
    names, problems = services.check_names([p.get("name") if isinstance(p.get("name"), str) else "" for p in players])
    errors.update(problems)
    for seat, player in enumerate(players):
        colour, emoji = player.get("colour"), player.get("emoji")
        if colour is not None and not (isinstance(colour, str) and COLOUR.fullmatch(colour)):
            errors[f"players.{seat}.colour"] = "must be written #rrggbb, like #1f77b4"
        # what the app took before it read emoji whole (any printable symbols) comes back too
        if emoji is not None and not (service.is_one_emoji(emoji) or (isinstance(emoji, str) and 1 <= len(emoji) <= 8
                                                                     and emoji.isprintable())):
            errors[f"players.{seat}.emoji"] = "must be one symbol, like 🐢"
    return [{"name": name, "colour": p.get("colour"), "emoji": p.get("emoji")} for name, p in zip(names, players)]


def check_seats(games: Any, members: int, seats_of: dict[str, int], errors: dict[str, Any]) -> dict[str, list]:
    """Check which of a group's players sat where in each of its games: a player's index, or null, per seat."""
    if not isinstance(games, dict):
        errors["games"] = "must map each game's id to its seats"
        return {}
    for public_id, seats in games.items():
        field = f"games.{shown(public_id)}"
        if not isinstance(seats, list) or not all(
                at is None or (isinstance(at, int) and not isinstance(at, bool) and 0 <= at < members) for at in seats):
            errors[field] = f"must list, seat by seat, a player's number (0 to {members - 1}) or null"
        elif len([at for at in seats if at is not None]) != len({at for at in seats if at is not None}):
            errors[field] = "names one player in two seats"
        elif public_id in seats_of and len(seats) != seats_of[public_id]:
            errors[field] = f"must list {seats_of[public_id]} seats, as the game has"
    return games


def check_rules(kept: Any, errors: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Check a group's own rules (a backup from before them has none): for each game, a preset and options that
    a group's rules are checked as (``groups.checked_rules``), and when they were set (a backup from before that
    has none: they are set in the order they come)."""
    if not isinstance(kept, dict):
        errors["rules"] = "must map each game's key to its rules"
        return {}
    clean: dict[str, dict[str, Any]] = {}
    for key, rules in kept.items():
        field = f"rules.{shown(key)}"
        game = registry.get(key)
        if game is None or not isinstance(rules, dict):
            errors[field] = ("must be an object with a preset and options" if game else
                             f"there is no game called {shown(key)}")
            continue
        try:
            clean[key] = {"preset": rules.get("preset"),
                          "options": service.checked_rules(game, rules.get("options", {}), rules.get("preset"))}
        except Problem as exc:
            errors.update({f"{field}.{path}": text for path, text in exc.errors.items()})
        try:
            set_at = check_time(rules["set_at"]) if rules.get("set_at") is not None else None
        except ValueError as exc:
            errors[f"{field}.set_at"] = exc.args[0]
        else:
            clean.setdefault(key, {})["set_at"] = set_at
    return clean


def set_times(rules: dict[str, dict[str, Any]]) -> list[datetime]:
    """Return when each of a group's rules was set, in the order listed: its own time, or for one without (a backup
    from before the times) a moment before the earliest given, so that the rules set last stay so."""
    given = [r["set_at"] for r in rules.values() if r.get("set_at") is not None]
    start = min(given) - timedelta(seconds=1) if given else utcnow()
    return [r["set_at"] if r.get("set_at") is not None else start + timedelta(microseconds=i)
            for i, r in enumerate(rules.values())]


def import_groups(records: list[dict[str, Any]]) -> int:
    """Add the checked groups (``check_group``) this database lacks, bring their games in and keep their results;
    return how many. Flush only."""
    present = set(db.session.scalars(select(Group.public_id)))
    added = 0
    for record in records:
        if record["id"] in present:
            continue
        group = Group(public_id=record["id"], name=record["name"], token_hash=record["token_hash"],
                      view_hash=record["view_hash"], created=record["created"])
        group.members = [Member(name=p["name"], colour=p["colour"], emoji=p["emoji"]) for p in record["players"]]
        db.session.add(group)
        db.session.flush()
        db.session.add_all(GroupRules(group_id=group.id, game_key=key, preset=rules["preset"], options=rules["options"],
                                      set_at=at) for (key, rules), at in zip(record["rules"].items(),
                                                                            set_times(record["rules"])))
        for public_id, seats in record["games"].items():
            game = db.session.scalar(select(Game).where(Game.public_id == public_id))
            if game is None or game.group_id is not None:
                continue
            service.put_in_group(game, group.id)
            for player, at in zip(game.players, seats):
                player.member_id = group.members[at].id if at is not None else None
            db.session.flush()
            if game.status == "finished":
                service.keep_results(game, tables.fold_game(game))
        added += 1
    db.session.flush()
    return added
