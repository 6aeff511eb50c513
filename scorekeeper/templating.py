"""Small helpers the templates share."""
from __future__ import annotations

from flask import Flask
from babel.lists import format_list
from flask_babel import format_date, get_locale, gettext, pgettext
from flask_wtf.csrf import generate_csrf
from markupsafe import Markup

from .chart import colour_of, table_chart
from .i18n import other_languages, tr
from .rules import cards
from .rules.base import N_


def register(app: Flask) -> None:
    """Make the helpers available in every template."""
    app.jinja_env.globals.update(get_locale=get_locale, tr=tr, table_chart=table_chart, colour_of=colour_of,
                                 field_groups=field_groups, csrf_field=csrf_field, ordinal=ordinal,
                                 shared_place=shared_place, deck=deck,
                                 other_languages=other_languages)
    app.jinja_env.filters.update(seat_name=seat_name, tr=tr, day=day, listed=listed)


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


def deck() -> dict:
    """Describe how cards are written, for the card pads: the rules' deck, with the letters the reader uses (R, D, V)."""
    letters = {"K": pgettext("card rank", "K"), "Q": pgettext("card rank", "Q"), "J": pgettext("card rank", "J")}
    return {**cards.deck(), "names": {rank: shown for rank, shown in letters.items() if shown != rank}}


def day(moment) -> str:
    """Write a date as the reader's language does: "Nov 23, 2026", "23 nov. 2026"."""
    return format_date(moment, "medium")


def listed(items) -> str:
    """Join names as the reader's language does: "Ann, Bob and Cy", "Ann, Bob et Cy"."""
    items = list(items)
    return format_list(items, locale=get_locale() or "en") if items else ""


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
