"""The JSON API: every page has a twin here."""
from flask import Blueprint

bp = Blueprint("api", __name__, url_prefix="/api")

from . import views  # noqa: E402,F401  (routes register on import)
