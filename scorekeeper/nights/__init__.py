"""Club nights: several tables of one game, players moving between sittings, one leaderboard: the JSON API, the
director's page, the room screen and the printed table cards and results."""
from flask import Blueprint

api_bp = Blueprint("night_api", __name__, url_prefix="/api")
bp = Blueprint("nights", __name__)

from . import api, views  # noqa: E402,F401  (routes register on import)
