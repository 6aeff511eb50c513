"""Flask-Migrate for the command line only: ``flask db ...`` and ``flask_migrate.upgrade()`` work as ever,
but Flask-Migrate and Alembic are imported only when a migration runs, not when a server starts."""
from __future__ import annotations

import os
from typing import Any

import click
from flask import Flask


def register(app: Flask, db) -> None:
    """Give the app its ``db`` commands and Flask-Migrate's config, both made on first use."""
    directory = os.path.join(os.path.dirname(app.root_path), "migrations")
    app.extensions["migrate"] = LazyMigrate(app, db, directory)
    app.cli.add_command(LazyGroup(name="db", help="Perform database migrations."))


class LazyMigrate:
    """Stands in ``app.extensions["migrate"]`` until a migration reads it, then sets Flask-Migrate up."""

    def __init__(self, app: Flask, db, directory: str):
        self.app, self.db, self.directory = app, db, directory

    def __getattr__(self, name: str) -> Any:
        from flask_migrate import Migrate

        Migrate().init_app(self.app, self.db, directory=self.directory)  # puts the real config in its place
        return getattr(self.app.extensions["migrate"], name)


class LazyGroup(click.Group):
    """``flask db``: Flask-Migrate's command group, imported when the command line asks for it."""

    def make_context(self, info_name, args, parent=None, **extra) -> click.Context:
        return real_group().make_context(info_name, args, parent=parent, **extra)


def real_group() -> click.Group:
    from flask_migrate.cli import db

    return db
