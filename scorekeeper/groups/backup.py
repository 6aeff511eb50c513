"""Groups in `flask export` and `flask import`: each group, its players, and which player sat where in its games.

Kept results are not exported: the import folds each finished game of a group again and keeps them anew.
"""
from __future__ import annotations

import re
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import selectinload

from .. import services, tables
from ..extensions import db
from ..models import Game, Group, Member, stamp
from ..rules.base import shown
from . import service

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
             "games": seats.get(g.id, {})} for g in groups]


def check_group(record: Any, seats_of: dict[str, int]) -> dict[str, Any]:
    """Check one group of a backup as a new group is checked, and return it clean (``import_groups`` adds it).

    Its id, hashes and date must be of their kind, its name and players' names pass the new group's checks (names
    unique), colours and emoji the look's; each of its games names, seat by seat, one of its players at most
    once (as many seats as the game has, when the game is in the file: ``seats_of``). Raise Refused naming every
    field that is wrong.
    """
    from ..backup import Refused, check_id, check_time, check_token_hash

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
