"""Scorekeeper: a score-keeping companion for card games at the table."""
from __future__ import annotations

import os
from typing import Any

from flask import Flask
from werkzeug.routing import IntegerConverter


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """Create and wire the app: settings, extensions, blueprints."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    app = Flask(__name__, instance_relative_config=True, instance_path=os.path.join(root, "instance"),
                template_folder=os.path.join(root, "templates"), static_folder=os.path.join(root, "static"))
    os.makedirs(app.instance_path, exist_ok=True)
    from . import config

    app.config.from_mapping(config.defaults(app.instance_path))
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
        app.config.from_prefixed_env()  # FLASK_SESSION_COOKIE_SECURE=true and the like, for a hosted install
    else:
        app.config.from_mapping(test_config)
    app.config["TRUSTED_HOSTS"] = config.trusted_hosts(app.config.get("SERVER_NAME"), app.config.get("TRUSTED_HOSTS"))
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = config.secret_key(app.instance_path)
    app.config["SQLALCHEMY_ENGINE_OPTIONS"] = config.engine_options(
        app.config["SQLALCHEMY_DATABASE_URI"], app.config["SQLALCHEMY_ENGINE_OPTIONS"],
        app.config.get("DATABASE_CONNECT_TIMEOUT"), app.config.get("DATABASE_STATEMENT_TIMEOUT"))
    register_extensions(app)
    register_blueprints(app)
    from .web import errors, health, hosting, templating, translate
    from .play import backup

    hosting.version_static_files(app)
    backup.register(app)
    translate.register(app)
    errors.register(app)
    health.register(app)
    templating.register(app)
    return app


def register_extensions(app: Flask) -> None:
    """Bind the extensions to this app."""
    from .store import database, migrate as migrations
    from .web import hosting
    from .live import cache
    from .extensions import babel, csrf, db
    from .web.i18n import pick_locale

    db.init_app(app)
    database.register(app, db)
    cache.register(app, hosting.answer_headers, hosting.log_access)  # the poll shortcut; the one after-commit hook
    migrations.register(app, db)
    csrf.init_app(app)
    hosting.register(app)
    babel.init_app(app, locale_selector=pick_locale)
    from .store import models  # noqa: F401  (the models must be known to Alembic)


class RoundNumber(IntegerConverter):
    """A round number in a path: plain digits, a sane length (anything else is a 404)."""

    regex = r"[0-9]{1,6}"


def register_blueprints(app: Flask) -> None:
    """Mount the API and the pages."""
    from . import api, games, groups, handbook, nights, sheets
    from .web import i18n, pwa
    from .extensions import csrf
    from .web.hosting import limit_blueprint

    app.url_map.converters["round"] = RoundNumber
    csrf.exempt(api.bp)
    limit_blueprint(api.bp)
    limit_blueprint(games.bp, methods=["POST"])
    csrf.exempt(groups.api_bp)
    limit_blueprint(groups.api_bp)
    limit_blueprint(groups.bp, methods=["POST"])
    csrf.exempt(nights.api_bp)
    limit_blueprint(nights.api_bp)
    limit_blueprint(nights.bp, methods=["POST"])
    app.register_blueprint(api.bp)
    app.register_blueprint(games.bp)
    app.register_blueprint(handbook.bp)
    app.register_blueprint(sheets.bp)
    app.register_blueprint(pwa.bp)
    app.register_blueprint(groups.api_bp)
    app.register_blueprint(groups.bp)
    app.register_blueprint(nights.api_bp)
    app.register_blueprint(nights.bp)
    app.register_blueprint(i18n.bp)
