"""Small helpers the templates share."""
from __future__ import annotations

import threading
from collections import OrderedDict

from flask import Flask, render_template, request
from flask_babel import get_locale
from flask_wtf.csrf import generate_csrf
from markupsafe import Markup

from .chart import colour_of, table_chart
from .i18n import gettext, tr, translations
from .rules.base import N_
from .rules.cards import deck


def register(app: Flask) -> None:
    """Make the helpers available in every template; ``_`` and ``ngettext`` use this request's translations."""
    app.jinja_env.install_gettext_callables(lambda text: translations().ugettext(text),
                                            lambda one, many, n: translations().ungettext(one, many, n), newstyle=True)
    app.jinja_env.globals.update(get_locale=get_locale, tr=tr, table_chart=table_chart, colour_of=colour_of,
                                 field_groups=field_groups, csrf_field=csrf_field, ordinal=ordinal,
                                 shared_place=shared_place, deck=deck, round_input_kind=round_input_kind,
                                 kept_part=kept_part)
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


INPUT_KINDS = {"int": "number", "bool": "bool", "seat": "radio", "choice": "radio", "seats": "chips", "rank": "select"}


def round_input_kind(field) -> str:
    """Say how the round form's macro writes a field's input: number, bool, radio, chips, select or text."""
    return INPUT_KINDS.get(field.kind.value, "text")


def csrf_field():
    """Return the hidden CSRF input for a small form with no WTForms class."""
    return Markup(f'<input type="hidden" name="csrf_token" value="{generate_csrf()}">')


PARTS_KEPT = 512  # rendered parts of table pages kept in this process
CSRF_MARK = "\x00csrf\x00"  # where a kept part holds a form's CSRF input, filled in for each request
_parts: OrderedDict[tuple, str] = OrderedDict()
_parts_lock = threading.Lock()


def kept_part(template: str, view, variant: str = "", **context) -> Markup:
    """Render a part of a table page once per game version, language and ``variant`` (editor or spectator...).

    A version's standings, rounds and blank round form never change, so they are rendered once and kept
    (bounded, in this process); ``context`` must follow from the view and the variant. A CSRF input in
    the part is this request's.
    """
    key = (template, view.id, view.version, str(get_locale()), request.script_root, variant)
    with _parts_lock:
        html = _parts.get(key)
    if html is None:
        html = render_template(template, view=view, csrf_field=lambda: Markup(CSRF_MARK), **context)
        with _parts_lock:
            _parts[key] = html
            while len(_parts) > PARTS_KEPT:
                _parts.popitem(last=False)
    return Markup(html.replace(CSRF_MARK, csrf_field()) if CSRF_MARK in html else html)


def seat_name(seat: int, view) -> str:
    """Return the name of the player in ``seat`` of a table view."""
    return view.players[seat]


ORDINALS = (N_("1st"), N_("2nd"), N_("3rd"), N_("4th"), N_("5th"), N_("6th"), N_("7th"), N_("8th"), N_("9th"),
            N_("10th"), N_("11th"), N_("12th"))


def ordinal(place: int, shared: bool = False) -> str:
    """Say a place as the table does: "1st", and "=2nd" when two or more share it."""
    word = gettext(ORDINALS[place - 1]) if 0 < place <= len(ORDINALS) else str(place)
    return gettext("=%(place)s", place=word) if shared else word


def shared_place(view, seat) -> bool:
    """Say whether another player shares this seat's place."""
    return sum(1 for s in view.seats if s.place == seat.place) > 1
