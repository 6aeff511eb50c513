"""The groups' phone pages: the group page, starting a game in it, sharing it, its players."""
from __future__ import annotations

from flask import abort

from . import bp


@bp.get("/groups/<group_id>")
def show(group_id: str):
    """Show a group's page: its games, leaderboard, records and head to head."""
    abort(404)
