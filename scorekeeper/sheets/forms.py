"""The print page's form: the game's options as the new-game form asks them, the players and the paper."""
from __future__ import annotations

from flask_babel import lazy_gettext as _l
from wtforms.fields.choices import SelectChoice

from ..web.i18n import LooseSelect, plain_number
from ..web.newgame import as_the_table_writes, new_game_form
from ..rules.options import OptionKind

PAPERS = {"a4": "A4", "letter": _l("Letter")}  # US Letter


def sheet_form(spec, formdata=None, paper: str = "a4", preset: str | None = None):
    """Build the print form for one game: names (optional), how many players, a preset, house rules, paper."""
    if formdata is not None:  # every name box in its own seat, even when a link leaves the empty ones out
        formdata = formdata.copy()
        for seat in range(spec.max_players):
            formdata.setdefault(f"players-{seat}", "")
        if "rules_opened" not in formdata and not formdata.get("preset"):
            # a link written by hand or kept from a menu ("?count=20"): a tick box it leaves out keeps its default,
            # not off (the form itself always sends rules_opened, and leaves out only the boxes unticked)
            for option in spec.options:
                if option.kind is OptionKind.BOOL and option.default is True:
                    formdata.setdefault(f"opt_{option.name}", "y")
    form = new_game_form(spec, preset=preset, formdata=formdata, meta={"csrf": False})  # a download changes nothing
    count = LooseSelect(_l("Players"), choices=[SelectChoice(str(n)) for n in range(spec.min_players, spec.max_players + 1)],
                        default=str(min(max(4, spec.min_players), spec.max_players)))
    paper = LooseSelect(_l("Paper"), choices=[SelectChoice(k, v) for k, v in PAPERS.items()], default=paper)
    form.count = count.bind(form, "count")
    form.paper = paper.bind(form, "paper")
    form.count.process(formdata)
    form.paper.process(formdata)
    return form


def chosen_count(form) -> int | None:
    """Return the number of players asked for."""
    try:
        return int(form.count.data)
    except (TypeError, ValueError):
        return None


def chosen_names(form) -> list[str]:
    """Return the names in seat order, a blank for a seat left unnamed (up to the last name typed)."""
    names = [(e.data or "").strip() for e in form.players]
    while names and not names[-1]:
        names.pop()
    return names


def place_sheet_errors(form, errors: dict[str, str]) -> None:
    """Put each error next to the field it is about: a name, an option, or the number of players."""
    form.general_errors = []
    for path, message in errors.items():
        parts = path.split(".")
        seat = plain_number(parts[1], 3) if parts[0] == "players" and len(parts) == 2 else None
        if path == "count":
            form.count.errors = [message]
        elif seat is not None and seat < len(form.players):
            form.players[seat].errors = [message]
        elif parts[0] == "options" and len(parts) > 1 and f"opt_{parts[1]}" in form:
            option = next((o for o in form.spec.options if o.name == parts[1]), None)
            form[f"opt_{parts[1]}"].errors = [as_the_table_writes(form, option, message)]
        else:
            form.general_errors.append(message)
