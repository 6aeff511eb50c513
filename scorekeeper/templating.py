"""Small helpers the templates share."""
from __future__ import annotations

from flask import Flask
from flask_babel import get_locale
from flask_wtf.csrf import generate_csrf
from markupsafe import Markup

from .chart import table_chart
from .i18n import tr
from .rules.cards import deck


def register(app: Flask) -> None:
    """Make the helpers available in every template."""
    app.jinja_env.globals.update(get_locale=get_locale, tr=tr, table_chart=table_chart, field_groups=field_groups,
                                 csrf_field=csrf_field, deck=deck)
    app.jinja_env.filters["seat_name"] = seat_name


def field_groups(fields):
    """Group round fields into runs of round questions and runs of player questions."""
    groups: list[tuple[str, list]] = []
    for field in fields:
        scope = "round" if field.scope.value == "round" else "player"
        if groups and groups[-1][0] == scope:
            groups[-1][1].append(field)
        else:
            groups.append((scope, [field]))
    return groups


def csrf_field():
    """Return the hidden CSRF input for a small form with no WTForms class."""
    return Markup(f'<input type="hidden" name="csrf_token" value="{generate_csrf()}">')


def seat_name(seat: int, view) -> str:
    """Return the name of the player in ``seat`` of a table view."""
    return view.players[seat]
