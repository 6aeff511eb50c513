"""Rules pages, one per game."""
from flask import abort, render_template

from .. import rules as registry
from ..rules.paper import handbook_tables
from . import bp


@bp.get("/")
def index():
    """List the games whose rules we explain."""
    return render_template("handbook/index.html", registry=registry.REGISTRY)


@bp.get("/<key>")
def game(key: str):
    """Explain one game's rules and the house rules the app knows."""
    rules = registry.get(key) or abort(404)
    return render_template("handbook/game.html", spec=rules.spec, tables=handbook_tables(key))
