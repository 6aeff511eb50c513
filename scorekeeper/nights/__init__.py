"""Club nights: several tables of one game, players moving between sittings, one leaderboard (JSON; pages later)."""
from flask import Blueprint

api_bp = Blueprint("night_api", __name__, url_prefix="/api")

from . import api  # noqa: E402,F401  (routes register on import)
