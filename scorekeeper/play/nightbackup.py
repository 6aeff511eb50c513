"""Club nights in a backup (``flask export``, ``flask import``): each night with its choices, its players (by their
place in the group's players, as the groups' seats are), its sittings, tables (by their game's id) and seats. The
director's token stays hashed; the leaderboard is not kept, as it is read from the tables' games."""
from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from sqlalchemy import select

from ..extensions import db
from ..store.models import Game, Group, Night, NightPlayer, NightSeat, NightTable, Sitting, stamp
from . import nights as service
from .seating import Movement
from .services import Problem

NIGHT_REQUIRED = ("id", "group", "game", "options", "table_size", "sittings", "movement", "rank_by", "token_hash",
                  "created", "players", "seatings")


def export_nights() -> list[dict[str, Any]]:
    """Return every night as plain JSON."""
    groups = {g.id: g for g in db.session.scalars(select(Group))}
    index = {m.id: i for g in groups.values() for i, m in enumerate(g.members)}
    games = dict(db.session.execute(select(Game.id, Game.public_id)).all())
    return [night_record(n, groups[n.group_id], index, games)
            for n in db.session.scalars(select(Night).order_by(Night.id))]


def night_record(night: Night, group: Group, index: dict[int, int], games: dict[int, str]) -> dict[str, Any]:
    """Return one night as plain JSON: players by their place in the group, tables by their game's id."""
    return {
        "id": night.public_id, "group": group.public_id, "name": night.name, "game": night.game_key,
        "preset": night.preset, "options": night.options, "table_size": night.table_size,
        "sittings": night.sittings, "movement": night.movement, "rank_by": night.rank_by,
        "token_hash": night.token_hash, "ended": stamp(night.ended) if night.ended else None,
        "created": stamp(night.created),
        "players": [{"player": index[p.member_id], "present": p.present} for p in night.players],
        "seatings": [{"number": s.number, "created": stamp(s.created),
                      "tables": [{"number": t.number, "game": games.get(t.game_id), "left_out": t.left_out}
                                 for t in s.tables],
                      "seats": [{"player": index[x.member_id], "table": x.table_number, "seat": x.seat}
                                for x in s.seats]} for s in night.seated],
    }


# --- checking a backup's nights --------------------------------------------------------------------------------------

def checked_nights(records: Any, players_of: dict[str, int], checks: dict[str, Callable[[Any], Any]],
                   problems: list[str]) -> list[dict[str, Any]]:
    """Check a backup's nights: each of a group of the file (``players_of``: its players' count), its fields of
    their kind (``checks``: the backup's own checks of an id, a hash, a time); add what is wrong to ``problems``."""
    if not isinstance(records, list):
        problems.append("nights: must be a list of nights")
        return []
    nights: list[dict[str, Any]] = []
    seen: set[str] = set()
    for number, record in enumerate(records, 1):
        named = f"night {number}" + (f" (id {record['id']})" if isinstance(record, dict)
                                     and isinstance(record.get("id"), str) else "")
        errors = check_night(record, players_of, checks)
        if not errors and record["id"] in seen:
            errors = {"id": "another night of the file has the same id"}
        problems += [f"{named}: {path}: {text}" for path, text in errors.items()]
        if not errors:
            seen.add(record["id"])
            nights.append(record)
    return nights


def check_night(record: Any, players_of: dict[str, int], checks: dict[str, Callable[[Any], Any]]) -> dict[str, str]:
    """Return what is wrong with one night of a backup, by field (nothing: it can be imported)."""
    if not isinstance(record, dict):
        return {"night": "must be an object with the night's fields"}
    errors = {key: "is missing" for key in NIGHT_REQUIRED if key not in record}
    if errors:
        return errors
    for name, check in (("id", checks["id"]), ("token_hash", checks["token_hash"]), ("created", checks["time"]),
                        ("name", service.clean_night_name)):
        try:
            check(record[name])
        except ValueError as exc:
            errors[name] = exc.args[0]
        except Problem:
            errors[name] = "must be a night's name (1 to 60 letters), or null"
    if record.get("ended") is not None:
        try:
            checks["time"](record["ended"])
        except ValueError as exc:
            errors["ended"] = exc.args[0]
    if record["group"] not in players_of:
        errors["group"] = "must be the id of a group of this file"
    errors.update(check_choices(record))
    errors.update(check_night_players(record, players_of.get(record["group"], 0)))
    return errors


def check_choices(record: dict[str, Any]) -> dict[str, str]:
    """Check a night's game and choices as a new night's are checked (its players aside)."""
    problems = {}
    try:
        service.check_night({**{key: record[key] for key in ("game", "options", "preset", "table_size",
                                                             "sittings", "movement", "rank_by")},
                             "players": [f"p{i}" for i in range(max(record["table_size"], 1))]
                             if isinstance(record["table_size"], int) else []})
    except Problem as exc:
        problems = {path: str(message) for path, message in exc.errors.items() if not path.startswith("players")}
    return problems


def check_night_players(record: dict[str, Any], members: int) -> dict[str, str]:
    """Check a night's players (each a place in its group's players, once) and its sittings (numbered 1, 2...,
    each table numbered in turn, each seat a player of the night)."""
    players = record["players"]
    if not isinstance(players, list) or not all(
            isinstance(p, dict) and is_index(p.get("player"), members) and isinstance(p.get("present"), bool)
            for p in players):
        return {"players": f"must list the night's players: {{\"player\": 0 to {members - 1}, \"present\": "
                           "true or false}"}
    here = [p["player"] for p in players]
    if len(set(here)) != len(here):
        return {"players": "names one of the group's players twice"}
    seatings = record["seatings"]
    if not isinstance(seatings, list):
        return {"seatings": "must be a list of sittings"}
    for number, sitting in enumerate(seatings, 1):
        problem = sitting_problem(sitting, number, set(here))
        if problem:
            return {f"seatings.{number - 1}": problem}
    return {}


def sitting_problem(sitting: Any, number: int, here: set[int]) -> str | None:
    """Say what is wrong with one sitting of a night's backup, if anything."""
    if not isinstance(sitting, dict) or sitting.get("number") != number:
        return f"must be sitting {number}, an object with its number, tables and seats"
    tables, seats = sitting.get("tables"), sitting.get("seats")
    if not isinstance(tables, list) or not all(
            isinstance(t, dict) and t.get("number") == i and (t.get("game") is None or isinstance(t["game"], str))
            and isinstance(t.get("left_out"), bool) for i, t in enumerate(tables, 1)):
        return "tables: must list the tables in turn: {\"number\": 1, \"game\": id or null, \"left_out\": false}"
    if not isinstance(seats, list) or not all(
            isinstance(s, dict) and s.get("player") in here
            and ((s.get("table") is None and s.get("seat") is None)
                 or (is_index(s.get("table"), len(tables) + 1) and s["table"] >= 1 and is_index(s.get("seat"), 99)))
            for s in seats):
        return "seats: each must name a player of the night, and a table and seat of this sitting (or both null)"
    if len({s["player"] for s in seats}) != len(seats):
        return "seats: a player has two seats"
    return None


def is_index(value: Any, count: int) -> bool:
    """Say whether ``value`` is a whole number from 0 to ``count - 1``."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < count


# --- importing them ----------------------------------------------------------------------------------------------------

def import_nights(records: list[dict[str, Any]], parse_time: Callable[[Any], datetime]) -> int:
    """Add the checked nights this database lacks, to their groups; return how many. A table whose game is not
    in this database keeps its place, without a game (as a game deleted since). Flush only."""
    present = set(db.session.scalars(select(Night.public_id)))
    added = 0
    for record in records:
        group = db.session.scalar(select(Group).where(Group.public_id == record["group"]))
        if record["id"] in present or group is None:
            continue
        members = group.members
        night = Night(public_id=record["id"], group_id=group.id, name=record["name"], game_key=record["game"],
                      preset=record["preset"], options=record["options"], table_size=record["table_size"],
                      sittings=record["sittings"], movement=Movement(record["movement"]).value,
                      rank_by=record["rank_by"], token_hash=record["token_hash"],
                      ended=parse_time(record["ended"]) if record.get("ended") else None,
                      created=parse_time(record["created"]))
        night.players = [NightPlayer(member_id=members[p["player"]].id, present=p["present"])
                         for p in record["players"]]
        night.seated = [imported_sitting(s, members, parse_time) for s in record["seatings"]]
        db.session.add(night)
        added += 1
    db.session.flush()
    return added


def imported_sitting(record: dict[str, Any], members, parse_time: Callable[[Any], datetime]) -> Sitting:
    """Make one sitting of an imported night: its tables (with their games, when in this database) and seats."""
    games = {t["game"]: db.session.scalar(select(Game.id).where(Game.public_id == t["game"]))
             for t in record["tables"] if t["game"]}
    sitting = Sitting(number=record["number"], **({"created": parse_time(record["created"])}
                                                  if record.get("created") else {}))
    sitting.tables = [NightTable(number=t["number"], game_id=games.get(t["game"]), left_out=t["left_out"])
                      for t in record["tables"]]
    sitting.seats = [NightSeat(member_id=members[s["player"]].id, table_number=s["table"], seat=s["seat"])
                     for s in record["seats"]]
    return sitting
