"""The print page's form: the game's options as the new-game form asks them, the players and the paper."""
from __future__ import annotations

from flask_babel import lazy_gettext as _l
from wtforms import SelectField
from wtforms.fields.choices import SelectChoice

from ..games.forms import new_game_form, place_new_game_errors

PAPERS = {"a4": "A4", "letter": "Letter"}


def sheet_form(spec, formdata=None, preset=None):
    """Build the print form for one game: names (optional), how many players, a preset, house rules, paper."""
    form = new_game_form(spec, preset=preset, formdata=formdata, meta={"csrf": False})  # a download changes nothing
    count = SelectField(_l("Players"), choices=[SelectChoice(str(n)) for n in range(spec.min_players, spec.max_players + 1)],
                        default=str(min(max(4, spec.min_players), spec.max_players)))
    paper = SelectField(_l("Paper"), choices=[SelectChoice(k, v) for k, v in PAPERS.items()], default="a4")
    form.count = count.bind(form, "count")
    form.paper = paper.bind(form, "paper")
    form.count.process(formdata)
    form.paper.process(formdata)
    return form


def chosen_count(form) -> int | None:
    """Return the number of players asked for: the count, or more when more names were typed."""
    try:
        count = int(form.count.data)
    except (TypeError, ValueError):
        return None
    return max(count, len(chosen_names(form)))


def chosen_names(form) -> list[str]:
    """Return the names in seat order, a blank for a seat left unnamed (up to the last name typed)."""
    names = [(e.data or "").strip() for e in form.players]
    while names and not names[-1]:
        names.pop()
    return names


def place_sheet_errors(form, errors: dict[str, str]) -> None:
    """Put each error next to the field it is about: a name, an option, or the number of players."""
    place_new_game_errors(form, {path: m for path, m in errors.items() if path != "count"})
    if "count" in errors:
        form.count.errors = [errors["count"]]
