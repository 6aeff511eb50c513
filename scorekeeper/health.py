"""/healthz: is this server up, and can it reach its database?"""
from __future__ import annotations

from flask import Flask, current_app
from sqlalchemy import text
from sqlalchemy.exc import SQLAlchemyError

from .extensions import db


def register(app: Flask) -> None:
    """Serve /healthz for load balancers and monitors."""
    app.add_url_rule("/healthz", "healthz", healthz)


def healthz():
    """Answer 200 when the database answers a query, 503 when it does not."""
    try:
        db.session.execute(text("SELECT 1"))
        db.session.rollback()
    except SQLAlchemyError:
        db.session.rollback()
        current_app.logger.exception("health check: the database does not answer")
        return {"status": "unavailable", "database": "unreachable"}, 503
    return {"status": "ok", "database": "ok"}, 200
