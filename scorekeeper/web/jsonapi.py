"""What every JSON answer's refusal shares: the error in table words naming its field. (The body read as one object
and the token from the Authorization header are the request's, in ``hosting``; the game's state is the table view's.)"""
from __future__ import annotations

from typing import Any

from flask import jsonify
from werkzeug.exceptions import HTTPException

from ..extensions import db
from .i18n import tr, tr_errors
from ..rules.messages import msg
from ..play.services import Problem


def error(status: int, field: str, text: str, **params: Any):
    """Answer with one error naming ``field``."""
    return jsonify(errors={field: tr(msg(text, **params))}), status


def problem(exc: Problem):
    """Answer a refused request with the fields and what is wrong with them."""
    db.session.rollback()
    return jsonify(errors=tr_errors(exc.errors)), exc.status


def http_error(exc: HTTPException):
    """Answer an HTTP error under /api as JSON."""
    field = {404: "game", 405: "method", 413: "body", 429: "rate"}.get(exc.code or 0, "body")
    return jsonify(errors={field: exc.description}), exc.code
