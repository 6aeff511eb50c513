"""Groups in `flask export` and `flask import`: each group, its players, and which player sat where in its games.

Kept results are not exported: the import folds each finished game of a group again and keeps them anew.
"""
from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import selectinload

from .. import services
from ..extensions import db
from ..models import Game, Group, Member
from . import service


def export_groups() -> list[dict[str, Any]]:
    """Return every group as plain JSON: edit token and view key stay hashed, seats name players by index."""
    games = db.session.scalars(select(Game).options(selectinload(Game.players)).where(Game.group_id.is_not(None)))
    seats: dict[int, dict[str, list[int | None]]] = {}
    groups = list(db.session.scalars(select(Group).options(selectinload(Group.members)).order_by(Group.id)))
    index = {m.id: i for g in groups for i, m in enumerate(g.members)}
    for game in games:
        seats.setdefault(game.group_id, {})[game.public_id] = [index.get(p.member_id) for p in game.players]
    return [{"id": g.public_id, "name": g.name, "token_hash": g.token_hash, "view_hash": g.view_hash,
             "created": g.created.isoformat(), "version": g.version,
             "players": [{"name": m.name, "colour": m.colour, "emoji": m.emoji} for m in g.members],
             "games": seats.get(g.id, {})} for g in groups]


def import_groups(records: list[dict[str, Any]]) -> int:
    """Add the groups this database lacks, bring their games in and keep their results; return how many. Flush only."""
    from datetime import datetime

    present = set(db.session.scalars(select(Group.public_id)))
    added = 0
    for record in records:
        if record["id"] in present:
            continue
        group = Group(public_id=record["id"], name=record["name"], token_hash=record["token_hash"],
                      view_hash=record["view_hash"], created=datetime.fromisoformat(record["created"]),
                      version=int(record.get("version") or 1) + 1)  # past any version this group's pages had
        group.members = [Member(name=p["name"], colour=p.get("colour"), emoji=p.get("emoji"))
                         for p in record["players"]]
        db.session.add(group)
        db.session.flush()
        for public_id, seats in record.get("games", {}).items():
            game = db.session.scalar(select(Game).where(Game.public_id == public_id))
            if game is None or game.group_id is not None:
                continue
            service.put_in_group(game, group.id)
            for player, at in zip(game.players, seats):
                player.member_id = group.members[at].id if at is not None else None
            db.session.flush()
            if game.status == "finished":
                service.keep_results(game, services.fold_game(game))
        added += 1
    db.session.flush()
    return added
