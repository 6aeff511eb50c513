"""Groups: the same players, game after game, with their history, records and stats (pages and JSON)."""
from flask import Blueprint

bp = Blueprint("groups", __name__)
api_bp = Blueprint("group_api", __name__, url_prefix="/api/groups")

from . import api, views  # noqa: E402,F401
