"""What every JSON answer shares: the body read as one object, the error in table words naming its field, the
token from the Authorization header, the game's state as the API sends it."""
from __future__ import annotations

from typing import Any

from flask import jsonify, request
from werkzeug.exceptions import HTTPException

from ..play import services, tables
from ..extensions import db
from .hosting import NOT_AN_OBJECT, json_object
from .i18n import tr, tr_errors
from ..store.models import Game
from ..rules.messages import msg
from ..play.services import Problem


def state_of(game: Game, derived=None) -> dict[str, Any]:
    """Return the game state the API sends, read from the one table view."""
    return tables.table_view(game, derived).state(tr)


def error(status: int, field: str, text: str, **params: Any):
    """Answer with one error naming ``field``."""
    return jsonify(errors={field: tr(msg(text, **params))}), status


def problem(exc: Problem):
    """Answer a refused request with the fields and what is wrong with them."""
    db.session.rollback()
    return jsonify(errors=tr_errors(exc.errors)), exc.status


def json_body() -> dict[str, Any]:
    """Return the request's JSON object (read once for every route: ``hosting.json_object``); refuse anything else
    with 400."""
    body = json_object()
    if body is None:
        raise services.Problem({"body": NOT_AN_OBJECT})
    return body


def bearer_token() -> str | None:
    """Return the token from ``Authorization: Bearer <token>``."""
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


def http_error(exc: HTTPException):
    """Answer an HTTP error under /api as JSON."""
    field = {404: "game", 405: "method", 413: "body", 429: "rate"}.get(exc.code or 0, "body")
    return jsonify(errors={field: exc.description}), exc.code
