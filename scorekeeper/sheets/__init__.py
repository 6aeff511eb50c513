"""Printable score sheets: blank sheets fitted to a game's rules, filled sheets of a real game, rules cards."""
from flask import Blueprint

bp = Blueprint("sheets", __name__)

from . import views  # noqa: E402,F401  (routes register on import)
