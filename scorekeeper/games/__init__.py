"""The phone pages: start a game, enter rounds, see the standings."""
from flask import Blueprint

bp = Blueprint("games", __name__)

from . import views  # noqa: E402,F401  (routes register on import)
