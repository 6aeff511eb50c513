"""Backups: every game as JSON (export), and back into a database (import), with `flask export/import`."""
from __future__ import annotations

import json
import sys
from datetime import datetime
from typing import Any

import click
from flask import Flask
from flask.cli import with_appcontext
from sqlalchemy import select
from sqlalchemy.orm import selectinload

from .extensions import db
from .models import Game, Player, Round

FORMAT = "scorekeeper-backup"
VERSION = 1


def register(app: Flask) -> None:
    """Add the export and import commands to the app's CLI."""
    app.cli.add_command(export_command)
    app.cli.add_command(import_command)


def export_games() -> dict[str, Any]:
    """Return every game with its players and rounds, as stored (edit tokens stay hashed)."""
    query = select(Game).options(selectinload(Game.players), selectinload(Game.rounds)).order_by(Game.id)
    from .groups.backup import export_groups

    return {"format": FORMAT, "version": VERSION, "games": [game_record(g) for g in db.session.scalars(query)],
            "groups": export_groups()}


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


def import_games(backup: dict[str, Any]) -> tuple[int, int]:
    """Add the backup's games that this database lacks; return how many were added and skipped. Flush only."""
    if backup.get("format") != FORMAT or backup.get("version") != VERSION:
        raise click.ClickException(f"not a {FORMAT} file of version {VERSION}")
    present = set(db.session.scalars(select(Game.public_id)))
    added = skipped = 0
    for record in backup["games"]:
        if record["id"] in present:
            skipped += 1
            continue
        db.session.add(game_from(record))
        added += 1
    db.session.flush()
    from .groups.backup import import_groups

    import_groups(backup.get("groups", []))
    return added, skipped


def game_from(record: dict[str, Any]) -> Game:
    """Build a game from its record in a backup."""
    game = Game(public_id=record["id"], game_key=record["game"], options=record["options"],
                token_hash=record["token_hash"], status=record["status"], finished_by_hand=record["finished_by_hand"],
                preset=record.get("preset"),  # a fresh version: the caches may hold the old ones
                created=parse(record["created"]), updated=parse(record["updated"]))
    game.players = [Player(seat=seat, name=name) for seat, name in enumerate(record["players"])]
    game.rounds = [Round(number=r["number"], data=r["data"], created=parse(r["created"]), updated=parse(r["updated"]))
                   for r in record["rounds"]]
    return game


def stamp(moment: datetime | None) -> str | None:
    """Write a time as ISO 8601."""
    return moment.isoformat() if moment else None


def parse(text: str | None) -> datetime | None:
    """Read a time written by stamp."""
    return datetime.fromisoformat(text) if text else None


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
        backup = json.load(file)
    except json.JSONDecodeError as exc:
        raise click.ClickException(f"{file.name} is not JSON: {exc}") from None
    added, skipped = import_games(backup)
    db.session.commit()
    click.echo(f"imported {added} games; {skipped} were already here", err=True)
