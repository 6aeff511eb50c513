"""What every JSON answer shares: the body read as one object, the error in table words naming its field, the
token from the Authorization header, the game's state as the API sends it."""
from __future__ import annotations

import json
from typing import Any

from flask import jsonify, request
from werkzeug.exceptions import HTTPException

from ..play import services, tables
from ..extensions import db
from .i18n import tr, tr_errors
from ..store.jsonsafe import MAX_DEPTH, depth
from ..store.models import Game
from ..rules.messages import N_, msg
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
    """Return the request's JSON object; refuse anything else with 400."""
    body = None
    if request.is_json:
        try:
            body = json.loads(request.get_data(), parse_constant=refuse_constant)
        except (ValueError, RecursionError):
            body = None
    if not isinstance(body, dict) or depth(body) > MAX_DEPTH:
        raise services.Problem({"body": msg(N_("send a JSON object with Content-Type: application/json"))})
    return body


def refuse_constant(name: str):
    """Refuse NaN and Infinity, which are not JSON and no database stores."""
    raise ValueError(name)


def bearer_token() -> str | None:
    """Return the token from ``Authorization: Bearer <token>``."""
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


def http_error(exc: HTTPException):
    """Answer an HTTP error under /api as JSON."""
    field = {404: "game", 405: "method", 413: "body", 429: "rate"}.get(exc.code or 0, "body")
    return jsonify(errors={field: exc.description}), exc.code
