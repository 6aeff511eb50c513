"""The new-game form, built from each game's spec: its options, presets and the players; shared by the games, the
groups and the sheets."""
from __future__ import annotations


import json
import re
from collections.abc import Mapping
from typing import Any

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import (
    BooleanField,
    HiddenField,
    StringField,
)
from wtforms import Field as WtfField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import ValidationError

from .i18n import (SPACES, THOUSANDS, LooseRadio, LooseSelect, NumberField, SeatList, WholeNumberField, card_letters,
                   card_text, gettext, number_kw, plain_number, reader_notation, tr, upper_first)
from ..store.models import storable
from ..rules.options import Option, OptionKind
from ..rules.spec import GameSpec
from ..rules.cards import NOTATIONS, read_typed

def option_field(option: Option, spec: GameSpec) -> WtfField:
    """Build the form input for one option of a game."""
    label, desc = tr(option.label), tr(option.help) if option.help else ""
    if option.kind is OptionKind.SEAT:  # the page's script puts the typed names in place of "Player n"
        return LooseSelect(label, choices=[SelectChoice(str(seat), _l("Player %(n)s", n=seat + 1))
                                           for seat in range(spec.max_players)], default=str(option.default))
    if option.kind is OptionKind.BOOL:
        return BooleanField(label, default=option.default, description=desc)
    if option.kind is OptionKind.CHOICE:
        choices = [SelectChoice("", _l("Usual (%(value)s)", value=desc or "—"))] if option.default is None else []
        choices += [SelectChoice(str(c), tr(option.labels[c]) if c in option.labels else str(c).replace("_", " "))
                    for c in option.choices or ()]
        # Radio buttons, not a select: a choice is often a sentence, which a closed select cuts off on a phone.
        return LooseRadio(label, choices=choices, default="" if option.default is None else str(option.default),
                          description=desc if option.default is not None else "")
    if option.kind is OptionKind.NUMBER:
        return NumberField(label, default=option.default, description=desc, render_kw={"inputmode": "decimal"})
    if option.kind is OptionKind.VALUES:
        return StringField(label, default=format_option(option.default), description=desc,
                           validators=[in_the_readers_letters])
    if option.kind is OptionKind.INTS:
        return StringField(label, default=format_option(option.default), description=desc)
    if option.kind is OptionKind.TEXT:  # the game's own name: the names this browser played are offered; the
        # default is a placeholder (a box left empty takes it), so what is typed is never added to it
        return StringField(label, default="", description=desc,
                           render_kw={"maxlength": "40", "autocomplete": "off", "list": f"opt_{option.name}-recent",
                                      "placeholder": option.default})
    lo = 0 if (option.default or 0) >= 0 and not option.signed else None  # a dealer's -50 needs the minus key
    return WholeNumberField(label, default=option.default, description=desc, render_kw=number_kw(lo))


def option_inputs(option: Option, spec: GameSpec) -> dict[str, WtfField]:
    """Build the inputs of one option by name: one, or one number box per name for named numbers."""
    if option.kind is OptionKind.POINTS:  # none below 0 in the usual values: no minus key (books needed)
        lo = 0 if all(value >= 0 for value in option.default.values()) else None
        return {f"opt_{option.name}-{key}": WholeNumberField(tr(option.labels.get(key, key)), default=value,
                                                             render_kw=number_kw(lo))
                for key, value in option.default.items()}
    field = option_field(option, spec)
    if option.unused_when is not None:  # the page hides it while that answer is chosen (no knocker to rule on)
        name, value = option.unused_when
        name = name if name == "preset" else f"opt_{name}"
        field.kwargs["render_kw"] = {**(field.kwargs.get("render_kw") or {}), "data-unused-when": f"{name}={value}"}
    if option.fills is not None:  # the page's script keeps the choice and those boxes in step
        boxes, numbers = option.fills
        fills = {str(choice): {f"opt_{boxes}-{key}": str(n) for key, n in named.items()}
                 for choice, named in numbers.items()}
        field.kwargs["render_kw"] = {**(field.kwargs.get("render_kw") or {}), "data-fills": json.dumps(fills)}
    return {f"opt_{option.name}": field}


def input_values(option: Option, value: Any) -> dict[str, Any]:
    """Return what an option's inputs show for ``value`` (JSON), by input name, as the page's script sets them."""
    if option.kind is OptionKind.POINTS:
        return {f"opt_{option.name}-{key}": str(number) for key, number in named_numbers(option, value).items()}
    if option.kind is OptionKind.BOOL:
        return {f"opt_{option.name}": bool(value)}
    if option.kind in (OptionKind.VALUES, OptionKind.INTS):
        return {f"opt_{option.name}": format_option(value)}
    return {f"opt_{option.name}": "" if value is None else str(value)}


def named_numbers(option: Option, value: Any) -> dict[str, Any]:
    """Return every named number of an option as the rules read ``value`` (a name left out: as the rules take it)."""
    try:
        value = option.parse(value)
    except ValueError:
        pass
    return {**option.default, **(value if isinstance(value, Mapping) else {})}


def preset_values(spec: GameSpec, preset: str | None, under: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Return every option input's value under a preset (the usual values for none), over the options ``under``
    it (a group's own rules, JSON)."""
    chosen = {**(under or {}), **(spec.presets[preset].options if preset in spec.presets else {})}
    values: dict[str, Any] = {}
    for option in spec.options:
        if option.kind is not OptionKind.SEAT:
            values.update(input_values(option, chosen.get(option.name, option.default)))
    return values


def format_option(value: Any) -> str:
    """Show a mapping or list option as the text a player types: "Q=12, QS=40" or "60, 90"."""
    if isinstance(value, Mapping):  # card values: the cards in the reader's letters
        return ", ".join(f"{card_text(k)}={v}" for k, v in value.items())
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    return "" if value is None else str(value)


def read_option(option: Option, form) -> Any:
    """Turn what was typed for an option into the value the rules read (they check it)."""
    if option.kind is OptionKind.POINTS:
        typed = {key: form[f"opt_{option.name}-{key}"].data for key in option.default}
        return {key: number for key, number in typed.items() if number is not None}
    data = form[f"opt_{option.name}"].data
    if option.kind is OptionKind.CHOICE:
        if data in ("", None):
            return None
        return next((c for c in option.choices or () if str(c) == data), data)
    if option.kind is OptionKind.SEAT:
        seat = plain_number(data, longest=3)
        return data if seat is None else seat
    if option.kind is OptionKind.VALUES:
        return api_cards(parse_pairs(data or ""))
    if option.kind is OptionKind.INTS:
        return parse_list(data or "")
    return data


def parse_pairs(text: str) -> dict[str, Any] | str:
    """Read "Q=12, QS=40" (or JSON) into a mapping; return the text itself when unreadable."""
    text = text.strip()
    if text.startswith("{"):
        try:
            value = json.loads(text)
        except (ValueError, RecursionError):
            return text
        return value if storable(value) else text
    out: dict[str, Any] = {}
    for key, value in typed_pairs(text):
        try:
            out[key] = int(value.replace("−", "-"))
        except ValueError:
            return text
    return out


def typed_pairs(text: str) -> list[tuple[str, str]]:
    """Split "Q=12, QS=40" (or "Q: 12; QS: 40") into its keys and values as typed, in order."""
    pairs = []
    for part in filter(None, (p.strip() for p in text.replace(";", ",").split(","))):
        key, _, value = part.partition("=") if "=" in part else part.partition(":")
        pairs.append((key.strip(), value.strip()))
    return pairs


def in_the_readers_letters(form, field) -> None:
    """Refuse a card value whose card is written in the other language's letters ("D=12" on an English page: D is
    diamonds there), as a card box does: never read as the API would read it (a queen)."""
    text = field.data or ""
    if text.strip().startswith("{"):
        return  # JSON: the rules read it
    seen: dict[str, str] = {}
    for key, _ in typed_pairs(text):  # K=15, K=20: which one the table meant is not for the page to guess
        card = card_in(key, reader_notation())
        if card is not None and card in seen:
            raise ValidationError(_l("%(first)s and %(again)s are the same card: give it one value",
                                     first=seen[card], again=key))
        if card is not None:
            seen[card] = key
    values = parse_pairs(text)
    for key in values if isinstance(values, dict) else ():
        try:
            read_typed(key, reader_notation())
        except ValueError as exc:
            if all(card_in(key, notation) is None for notation in NOTATIONS.values()):
                continue  # no card in any letters: the rules say what is wrong with it
            raise ValidationError(tr(exc.args[0])) from None


def card_in(text: str, notation) -> str | None:
    """Return the card ``text`` is in one language's letters, as the API writes it, or None when it is none."""
    try:
        return str(read_typed(text, notation))
    except ValueError:
        return None


def api_cards(values: dict[str, Any] | str) -> dict[str, Any] | str:
    """Write the cards of typed card values as the API does ("D♠=40" -> "QS"); the rules refuse what is no card."""
    if not isinstance(values, dict):
        return values
    reader = reader_notation()
    out: dict[str, Any] = {}
    for key, value in values.items():
        try:
            out[str(read_typed(key, reader))] = value
        except ValueError:
            out[key] = value
    return out


def parse_list(text: str) -> list[Any] | str:
    """Read "60, 90, 120" (or "60 90 120") into a list of whole numbers; return the text when unreadable. Between
    commas a space may group thousands ("90, 1 000"), as in a points box; "000" alone is no number of its own."""
    plain = text.translate(SPACES).replace("−", "-").replace(";", ",")
    items = plain.split(",") if "," in plain else plain.split()
    numbers = []
    for item in filter(None, (i.strip() for i in items)):
        if " " in item and not THOUSANDS.fullmatch(" ".join(item.split())):
            return text
        digits = item.replace(" ", "")
        if not re.fullmatch(r"-?(0|[1-9]\d{0,8})", digits):
            return text
        numbers.append(int(digits))
    return numbers


def new_game_form(spec: GameSpec, preset: str | None = None, **kwargs) -> FlaskForm:
    """Build the new-game form for one game: how the table plays (a preset), player names, then its options."""

    class NewGameForm(FlaskForm):
        players = SeatList(StringField(_l("Name"), render_kw={"autocomplete": "off", "maxlength": 40,
                                                                "autocapitalize": "words"}),
                            min_entries=spec.max_players, max_entries=spec.max_players)
        # Radio buttons, not a select: a house sheet's name is a sentence, which a closed select cuts off.
        preset = LooseRadio(_l("How do you play?"), default="",
                             choices=[SelectChoice("", _l("Our own house rules (choose below)"))]
                             + [SelectChoice(name, tr(p.label)) for name, p in spec.presets.items()])
        shown_preset = HiddenField(default="")  # the preset the option inputs were filled from
        rules_opened = HiddenField(default="")  # set by the page's script when the house rules are opened

        def house_rules(self) -> list:
            """Return the house rules' inputs the form folds away: all but those asked first (``ASKED_FIRST``)."""
            return [field for field in self if field.name.startswith("opt_") and field.name not in ASKED_FIRST]

        def house_rules_open(self) -> bool:
            """Say whether the house rules are shown unfolded: opened, changed, filled from a preset, or refused."""
            return bool(self.rules_opened.data or self.shown_preset.data or options_from(self, spec)
                        or any(field.errors for field in self if field.name.startswith("opt_")))

    for option in spec.options:
        for name, field in option_inputs(option, spec).items():
            setattr(NewGameForm, name, field)
    if preset in spec.presets:
        kwargs = {**preset_values(spec, preset), "preset": preset, "shown_preset": preset, **kwargs}
    form = NewGameForm(**kwargs)
    form.spec = spec
    for field in form:  # an option another answer rules out starts hidden (the quarters game's knocking rules)
        when = (field.render_kw or {}).get("data-unused-when")
        if when:
            name, _, value = when.partition("=")
            field.unused = name in form and str(form[name].data) == value
    form.general_errors = []
    return form


def preset_inputs(spec: GameSpec, kept: Any = None) -> dict[str, dict[str, Any]]:
    """Return, for no preset ("") and each preset, every option input's value, for the page's script; over a
    group's own rules (``kept``: ``.preset`` and ``.options``, JSON) when it keeps some: theirs for no preset and
    for their own preset, another preset's on top of them."""
    if kept is None:
        return {name: preset_values(spec, name) for name in ["", *spec.presets]}
    under = {**(spec.presets[kept.preset].options if kept.preset in spec.presets else {}), **kept.options}
    return {name: preset_values(spec, None if name in ("", kept.preset) else name, under)
            for name in ["", *spec.presets]}


def kept_rules_form(spec: GameSpec, kept: Any, preset: str | None = None, **kwargs) -> FlaskForm:
    """Build the new-game form filled in with a group's own rules (``kept``, as ``preset_inputs`` reads it), or
    another preset's on top of them."""
    if kept is None:
        return new_game_form(spec, preset=preset, **kwargs)
    chosen = preset if preset in spec.presets else kept.preset if kept.preset in spec.presets else ""
    values = preset_inputs(spec, kept)[chosen]
    return new_game_form(spec, **{**values, "preset": chosen, "shown_preset": chosen, **kwargs})


def chosen_preset(form) -> str | None:
    """Return the preset the form chose, or None for the table's own rules."""
    return form.preset.data or None


def options_from(form, spec: GameSpec) -> dict[str, Any]:
    """Return the options the form chose: those that differ from what the inputs were filled with."""
    shown = form.shown_preset.data if form.shown_preset.data in spec.presets else None
    baseline = spec.presets[shown].options if shown else {}
    chosen = {}
    for option in spec.options:
        if not any(name in form for name in option_inputs_names(option)):
            continue
        value, usual = read_option(option, form), baseline.get(option.name, option.default)
        if option.kind is OptionKind.POINTS:
            usual = named_numbers(option, usual)
            value = {**usual, **value}
        if value is None or value == "":
            if option.default is None and usual is not None:  # "Usual" chosen over the preset's value
                chosen[option.name] = None
            continue
        if value != usual:
            chosen[option.name] = value
    return chosen


def option_inputs_names(option: Option) -> list[str]:
    """Return the names of an option's inputs."""
    if option.kind is OptionKind.POINTS:
        return [f"opt_{option.name}-{key}" for key in option.default]
    return [f"opt_{option.name}"]


def refused(option: Option | None, box: WtfField) -> bool:
    """Say whether the rules refuse the number in one box of named numbers ("Each king": 5000)."""
    if option is None or box.data is None:
        return False
    try:
        option.parse({box.name.split("-", 1)[1]: box.data})
    except ValueError:
        return True
    return False


def names_from(form) -> list[str]:
    """Return the names typed, in seat order, skipping empty rows."""
    return [entry.data.strip() for entry in form.players if entry.data and entry.data.strip()]


def place_new_game_errors(form, errors: dict[str, str]) -> None:
    """Put each error next to the name or option it is about (a named number by its own box), in the words of
    the form: card values as they are typed ("D=12, V=0"), never the API's JSON."""
    form.general_errors = []
    filled = [entry for entry in form.players if entry.data and entry.data.strip()]
    options = {option.name: option for option in getattr(form, "spec", None).options} if hasattr(form, "spec") else {}
    for path, message in errors.items():
        parts = path.split(".")
        option = options.get(parts[1]) if parts[0] == "options" and len(parts) > 1 else None
        if parts[0] == "players" and len(parts) == 2 and int(parts[1]) < len(filled):
            filled[int(parts[1])].errors = [message]
        elif parts[0] == "options" and len(parts) > 1 and f"opt_{parts[1]}" in form:
            form[f"opt_{parts[1]}"].errors = [as_the_table_writes(form, option, message)]
        elif parts[0] == "options" and len(parts) > 1 and any(f.name.startswith(f"opt_{parts[1]}-") for f in form):
            boxes = [f for f in form if f.name.startswith(f"opt_{parts[1]}-")]
            next((box for box in boxes if refused(option, box)), boxes[0]).errors = [message]
        elif parts[0] == "preset":
            form.preset.errors = [message]
        else:
            form.general_errors.append(upper_first(message))  # a banner of its own: a sentence


def as_the_table_writes(form, option, message: str) -> str:
    """Say a refused option in the form's words: card values as they are typed ("D=12, V=0"), not the API's JSON."""
    if option is not None and option.kind is OptionKind.VALUES \
            and not isinstance(parse_pairs(form[f"opt_{option.name}"].data or ""), dict):
        return gettext("write each card with its value, such as %(example)s", example=card_letters("Q=12, J=0"))
    return message


# --- rounds ------------------------------------------------------------------------------




ASKED_FIRST = ("opt_first_dealer", "opt_name", "opt_wins")  # above the folded house rules: who deals, any game's
# own name and how it is won


def not_started(form) -> None:
    """Say at the top of a refused new-game form, where the page opens, that no game was started: what is wrong is
    marked by each box (``place_new_game_errors``)."""
    form.refused = gettext("The game was not started; see what is marked below.")
