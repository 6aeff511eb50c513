"""Rules pages: an index to search, and one page per game (with a table's own house rules when opened from it)."""
from flask import abort, render_template, request

from .. import rules as registry
from ..web.i18n import tr
from ..rules.base import handbook_tables
from . import bp
from .finding import find_games, house_rules


@bp.get("/")
def index():
    """List the games, or those whose name (or another name players use) matches the search."""
    query = " ".join(request.args.get("q", "")[:60].split())  # spaces alone are no search
    found = find_games(query, tr)
    return render_template("handbook/index.html", registry=registry.REGISTRY, found=found, query=query)


@bp.get("/<key>")
def game(key: str):
    """Explain one game's rules; opened from a game (``?game=``), also the house rules that table chose."""
    rules = registry.get(key) or abort(404)
    playing = house_rules(request.args.get("game"), key)
    return render_template("handbook/game.html", spec=rules.spec, tables=handbook_tables(rules), playing=playing)
