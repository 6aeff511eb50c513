"""The rules handbook: each game's rules in our own words."""
from flask import Blueprint

bp = Blueprint("handbook", __name__, url_prefix="/rules")

from . import views  # noqa: E402,F401  (routes register on import)
