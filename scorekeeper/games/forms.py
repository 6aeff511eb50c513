"""Forms built from each game's spec and round fields, so no game's form is written by hand."""
from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from functools import cached_property
from typing import Any

from flask import current_app
from flask_babel import LazyString
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from flask_wtf.csrf import generate_csrf
from markupsafe import Markup
from wtforms import (
    BooleanField,
    FieldList,
    HiddenField,
    PasswordField,
    RadioField,
    SelectField,
    SelectMultipleField,
    StringField,
)
from wtforms import Field as WtfField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import InputRequired, Length, ValidationError
from wtforms.widgets import CheckboxInput, ListWidget, NumberInput, TextInput

from ..i18n import card_letters, card_text, gettext, group_symbol, rank_letter, reader_notation, tr, upper_first
from ..jsonsafe import plain_number, storable
from ..rules.base import Field, FieldKind, GameSpec, Option, OptionKind, RulesError, Scope, Table
from ..rules.cards import NOTATIONS, RANKS, read_typed, typed_cards
from ..services import new_entry_key
from ..templating import entry_key as this_requests_entry_key

NO_SEAT = ""


class AccessForm(FlaskForm):
    """The install's access code, asked once per browser before it may start games."""

    code = PasswordField(_l("Access code"), validators=[InputRequired(), Length(max=200)],
                         render_kw={"autocomplete": "current-password"})


class WholeNumberField(StringField):
    """A whole number typed on the numeric keypad; a bad entry is kept and named, never lost."""

    widget = NumberInput(step="1")

    def process_formdata(self, valuelist: list[str]) -> None:
        self.raw = (valuelist[0] if valuelist else "").strip()
        self.data = None
        if self.raw:
            try:
                self.data = int(self.raw.replace("−", "-"))  # a true minus, pasted, reads as one
            except ValueError:
                self.data = None
                self.process_errors.append(_l("must be a whole number"))

    def _value(self) -> str:
        if self.raw_data:
            return self.raw_data[0]
        return "" if self.data is None else str(self.data)


# Whole numbers added or taken away, as the table counts ("12+11+7"); a number added may be below 0 ("-5+-5").
SUM = re.compile(r"[+-]?\d{1,6}(?:(?:\+-?|-)\d{1,6}){0,49}")
PLAIN_SUM = re.compile(r"[+-]?\d+(?:(?:\+-?|-)\d+)*")  # the same, however long the numbers
TERM = re.compile(r"([+-]?)([+-]?)(\d+)")  # the operator, the number's own sign, the number
SPACES = str.maketrans({"\u00a0": " ", "\u202f": " ", "\t": " "})  # French writes 1 000 with a no-break space
MINUS = str.maketrans({"−": "-", "–": "-"})  # a true minus, or the dash a phone's keyboard offers, reads as one
SPACED_SIGN = re.compile(r"\s*([+-])\s*")  # "12 + 11" is 12+11
SPACED_DIGITS = re.compile(r"\d+(?:\s+\d+)+")  # digits a space runs through
THOUSANDS = re.compile(r"\d{1,3}(?: \d{3})+")  # ...as it groups thousands: 1 000, 12 345
GROUPED = re.compile(r"(?<![\d,])\d{1,3}(?:,\d{3})+(?![\d,])")  # 1,000 and 12,345 where "," groups thousands


def added_up(text: str) -> int:
    """Add up a sum as typed ("-5+-5" is -10)."""
    return sum((-1 if op == "-" else 1) * (-1 if sign == "-" else 1) * int(digits)
               for op, sign, digits in TERM.findall(text))


class PointsField(WholeNumberField):
    """Points counted at the table: a whole number, or a sum as it is counted ("12+11+7")."""

    # A text input: a number input drops "12+11". The phone keypad with "+" on it is the telephone one.
    widget = TextInput()

    def process_formdata(self, valuelist: list[str]) -> None:
        self.raw = (valuelist[0] if valuelist else "").strip()
        self.data = None
        text = SPACED_SIGN.sub(r"\1", self.raw.translate(MINUS).translate(SPACES)).strip()
        if not text:
            return
        if "," in text and group_symbol() == ",":  # "1,000" where commas group thousands; "12,8" stays refused
            text = GROUPED.sub(lambda found: found.group().replace(",", ""), text)
        if not all(THOUSANDS.fullmatch(run) for run in SPACED_DIGITS.findall(text)):
            # "12 8" is no number: two, or 128 mistyped; a space only groups thousands ("1 000")
            self.process_errors.append(_l("%(field)s: a space splits a number in two; write one number (1 000 for a "
                                          "thousand), or a sum such as 12+8", field=upper_first(self.label.text)))
            return
        text = text.replace(" ", "")
        if not SUM.fullmatch(text):
            field = upper_first(self.label.text)  # an "or penalty" box: "Penalty: …"
            if PLAIN_SUM.fullmatch(text) and re.search(r"\d{7}", text):  # one number longer than any score
                error = _l("%(field)s: too big for a score", field=field)
            else:
                error = _l("%(field)s: write a whole number, or a sum such as 12+11+7", field=field)
            self.process_errors.append(error)
            return
        self.data = added_up(text)


class CardsField(StringField):
    """Cards typed in the reader's letters ("V♥ 3P" in French), read into the API's ("JH 3S"); kept as typed."""

    def process_formdata(self, valuelist: list[str]) -> None:
        self.data = []
        try:
            self.data = typed_cards(valuelist[0] if valuelist else "", reader_notation(), self.name)
        except RulesError as exc:
            self.process_errors.extend(tr(m) for m in exc.errors.values())

    def _value(self) -> str:
        if self.raw_data:
            return self.raw_data[0]
        if isinstance(self.data, list):
            return " ".join(card_text(card) for card in self.data)
        return self.data or ""


class NumberField(WholeNumberField):
    """Any number, such as an amount of money."""

    widget = NumberInput(step="any")

    def process_formdata(self, valuelist: list[str]) -> None:
        raw = (valuelist[0] if valuelist else "").strip().replace(",", ".").replace("−", "-")
        self.data = None
        if raw:
            try:
                self.data = float(raw)
            except ValueError:
                self.process_errors.append(_l("must be a number"))


class ChipsField(SelectMultipleField):
    """Tick any of a few players."""

    widget = ListWidget(prefix_label=False)
    option_widget = CheckboxInput()

    def pre_validate(self, form) -> None:  # the rules check the seats and say what is wrong
        pass


class LooseSelect(SelectField):
    """A select whose value the rules check, so a stale choice gets a message in table words."""

    def pre_validate(self, form) -> None:
        pass


class LooseRadio(RadioField):
    """Radio buttons whose value the rules check."""

    def pre_validate(self, form) -> None:
        pass


class SeatRadio(LooseRadio):
    """Radio buttons for one player: a seat the rules check (a player out since the page was loaded is named by
    them); anything that is not a seat at all is refused here, not read as "Nobody"."""

    def pre_validate(self, form) -> None:
        if self.data not in (None, NO_SEAT) and seat_number(self.data) is None:
            raise ValidationError(_l("pick one of the players"))


class SeatChips(ChipsField):
    """Tick boxes for players: as ``SeatRadio``, a value that is not a seat is refused, not dropped."""

    def pre_validate(self, form) -> None:
        if any(seat_number(value) is None for value in self.data or []):
            raise ValidationError(_l("pick one of the players"))


class SeatList(FieldList):
    """The players' names; a posted index that is not plain digits (``players-²``) is ignored."""

    def _extract_indices(self, prefix, formdata):  # WTForms' own version int()s any Unicode digit
        return (i for i in super()._extract_indices(prefix, {k: v for k, v in formdata.items()
                                                             if k[len(prefix) + 1:].split("-")[0].isascii()})
                if i < 1000)


CHIPS = 5  # number chips for a count: 0 1 2 3 4


def count_kw(field: Field) -> dict[str, str]:
    """Mark a small count (tricks, books, red threes) for the page's helpers, with its bounds: number chips
    (0 1 2 3 4, one tap for any of them) where a count stands alone, − / + steppers where the counts of a
    hand must add up (the last one fills itself)."""
    if field.lo is None or field.hi is None or field.hi - field.lo > 60:
        return {}
    label = tr(field.label)
    kw = {"data-count": "", "min": str(field.lo), "max": str(field.hi)}
    if field.sum_to is None:
        top = min(field.lo + CHIPS - 1, field.hi)  # the last chip; a bigger count is typed in the box
        return {**kw, "data-chips": str(top),
                **({"data-more": _l("More than %(n)s: %(count)s", n=top, count=label)} if field.hi > top else {})}
    return {**kw, "data-less": _l("One less: %(count)s", count=label), "data-more": _l("One more: %(count)s", count=label)}


def points_kw(field: Field, label: str) -> dict[str, str]:
    """Mark points that may be below zero for the page's minus button: the phone keypads that come with
    ``inputmode`` (numeric, tel) have no minus key on an iPhone."""
    if field.lo is not None and field.lo >= 0:
        return {}
    return {"data-minus": _l("Negative: %(field)s", field=label)}


def number_kw(lo: int | None) -> dict[str, str]:
    """Ask phones for the numeric keypad (with a minus sign where a number can be negative)."""
    return {"inputmode": "numeric", "pattern": "[0-9]*"} if lo is not None and lo >= 0 else {}


# --- new game ----------------------------------------------------------------------------

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
    lo = 0 if (option.default or 0) >= 0 else None  # a negative default (a dealer's -50) needs the minus key
    return WholeNumberField(label, default=option.default, description=desc, render_kw=number_kw(lo))


def option_inputs(option: Option, spec: GameSpec) -> dict[str, WtfField]:
    """Build the inputs of one option by name: one, or one number box per name for named numbers."""
    if option.kind is OptionKind.POINTS:
        return {f"opt_{option.name}-{key}": WholeNumberField(tr(option.labels.get(key, key)), default=value,
                                                             render_kw=number_kw(None))
                for key, value in option.default.items()}
    return {f"opt_{option.name}": option_field(option, spec)}


def input_values(option: Option, value: Any) -> dict[str, Any]:
    """Return what an option's inputs show for ``value`` (JSON), by input name, as the page's script sets them."""
    if option.kind is OptionKind.POINTS:
        return {f"opt_{option.name}-{key}": str(number) for key, number in {**option.default, **value}.items()}
    if option.kind is OptionKind.BOOL:
        return {f"opt_{option.name}": bool(value)}
    if option.kind in (OptionKind.VALUES, OptionKind.INTS):
        return {f"opt_{option.name}": format_option(value)}
    return {f"opt_{option.name}": "" if value is None else str(value)}


def preset_values(spec: GameSpec, preset: str | None) -> dict[str, Any]:
    """Return every option input's value under a preset (the usual values for none)."""
    chosen = spec.presets[preset].options if preset in spec.presets else {}
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
    form.general_errors = []
    return form


def preset_inputs(spec: GameSpec) -> dict[str, dict[str, Any]]:
    """Return, for no preset ("") and each preset, every option input's value, for the page's script."""
    return {name: preset_values(spec, name) for name in ["", *spec.presets]}


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
            value = {**option.default, **(usual or {}), **value}
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


def input_name(field: Field, seat: int | None = None, alt: bool = False) -> str:
    """Name the form input for a round field (per seat for player fields)."""
    name = field.alt if alt else field.name
    return name if seat is None else f"{name}-{seat}"


def round_input(field: Field, table: Table, seats_in: Sequence[bool], alt: bool = False) -> WtfField:
    """Build the input for one round field (one seat's copy for player fields); a field another answer rules out
    says so (``data-unused-when="result=draw"``), for the page to grey it out and not send it then."""
    made = asked_input(field, table, seats_in, alt)
    if field.unused_when is not None:
        made.kwargs["render_kw"] = {**(made.kwargs.get("render_kw") or {}),
                                    "data-unused-when": "=".join(field.unused_when)}
    return made


def asked_input(field: Field, table: Table, seats_in: Sequence[bool], alt: bool = False) -> WtfField:
    """Build the input for one round field, as its kind asks."""
    label = tr(field.alt_label if alt else field.label)
    # A player question's help is shown once above the players, not under every one of them.
    desc = tr(field.help) if field.help and field.scope is Scope.ROUND else ""
    if alt or (field.kind is FieldKind.INT and (field.card_values or field.pad)):  # points, as they are added up
        # points given instead of cards get the page's number pad (not where a layout is tapped: Golf)
        pad = {"data-pad": label} if (alt and not field.picker) or field.pad else {}  # what the pad types: its name
        if pad and field.card_values and all(value % 5 == 0 for value in field.card_values.values()):
            pad["data-fives"] = ""  # every count ends in 0 or 5: the pad offers its last two digits as one key
        return PointsField(label, default=None if alt else field.default, description=desc,
                           render_kw={"inputmode": "tel", "autocomplete": "off", "data-sum": group_symbol(), **pad,
                                      **points_kw(field, label)})
    if field.kind is FieldKind.INT:
        return WholeNumberField(label, default=field.default, render_kw={**number_kw(field.lo), **count_kw(field)},
                                description=desc)
    if field.kind is FieldKind.BOOL:
        return BooleanField(label, default=bool(field.default), description=desc)
    if field.kind is FieldKind.SEAT:
        seats = [SelectChoice(str(s), name) for s, name in enumerate(table.players) if seats_in[s]]
        return SeatRadio(label, choices=([SelectChoice(NO_SEAT, _l("Nobody"))] if field.optional else []) + seats,
                          default=NO_SEAT, description=desc)
    if field.kind is FieldKind.SEATS:
        return SeatChips(label, choices=[SelectChoice(str(s), n) for s, n in enumerate(table.players) if seats_in[s]],
                          description=desc)
    if field.kind is FieldKind.CHOICE:
        return LooseRadio(label, choices=[SelectChoice(v, tr(lbl)) for v, lbl in field.choices], default=field.default,
                          description=desc)
    if field.kind is FieldKind.RANK:
        return LooseSelect(label, choices=[SelectChoice("", "—")] + [SelectChoice(r, LazyString(rank_letter, r)) for r in RANKS], default="",
                           description=desc, render_kw={"data-rank-buttons": ""})
    if field.kind is FieldKind.CARDS:
        return CardsField(label, render_kw={"autocomplete": "off", "autocapitalize": "characters", "spellcheck": "false"})
    return StringField(label, render_kw={"autocomplete": "off", "autocapitalize": "characters",
                                         "spellcheck": "false"})


def round_form(fields: Sequence[Field], table: Table, seats_in: Sequence[bool], formdata=None,
               data: Mapping[str, Any] | None = None) -> FlaskForm:
    """Build the form for a round from the game's round fields, filled from ``data`` when editing."""

    class RoundForm(FlaskForm):
        entry_key = HiddenField(default=new_entry_key)  # one per form shown: a retry never saves twice

    for field in fields:
        for seat in seats_for(field, table, seats_in):
            setattr(RoundForm, input_name(field, seat), round_input(field, table, seats_in))
            if field.alt:
                setattr(RoundForm, input_name(field, seat, alt=True), round_input(field, table, seats_in, alt=True))
    form = RoundForm(formdata=formdata, data=form_values(fields, table, data) if data else None)
    form.blank = formdata is None and not data  # nothing typed or stored: the same for every scorer of a version
    form.round_fields = list(fields)
    form.general_errors = []
    return form


class BlankRoundForm:
    """The next round's form before anything is typed, as the table page shows it.

    Its inputs are the same for every scorer of a version, so the page keeps them rendered; only the CSRF
    input is this request's. The WTForms form is built only when the inputs are rendered (or looked up).
    """

    blank = True
    general_errors: list[str] = []

    def __init__(self, fields: Sequence[Field], table: Table, seats_in: Sequence[bool]):
        self.round_fields, self.table, self.seats_in = list(fields), table, seats_in

    @cached_property
    def form(self) -> FlaskForm:
        return round_form(self.round_fields, self.table, self.seats_in)

    def __getitem__(self, name: str):
        """Return an input by name (a template's ``form.refused`` also asks here: no need to build for that)."""
        if not any(name.startswith(f.name) or f.alt and name.startswith(f.alt) for f in self.round_fields):
            raise KeyError(name)
        return self.form[name]

    @property
    def entry_key(self) -> Markup:
        """Render the form's entry key, new each time the form is shown (a kept page gets it filled in)."""
        return Markup('<input id="entry_key" name="entry_key" type="hidden" value="%s">') % this_requests_entry_key()

    @property
    def csrf_token(self) -> Markup:
        """Render the CSRF input as the WTForms form would (nothing when CSRF is off)."""
        if not current_app.config.get("WTF_CSRF_ENABLED", True):
            return Markup("")
        return Markup('<input id="csrf_token" name="csrf_token" type="hidden" value="%s">') % generate_csrf()


def seats_for(field: Field, table: Table, seats_in: Sequence[bool]) -> list[int | None]:
    """Return the seats a field is asked for: every seat in for player fields, else just once."""
    if field.scope is Scope.ROUND:
        return [None]
    return [seat for seat in range(table.n) if seats_in[seat]]


def form_values(fields: Sequence[Field], table: Table, data: Mapping[str, Any]) -> dict[str, Any]:
    """Turn stored round data back into form values, to edit a round."""
    values: dict[str, Any] = {}
    entries = data.get("players") if isinstance(data.get("players"), list) else []
    for field in fields:
        for seat in range(table.n) if field.scope is not Scope.ROUND else [None]:
            holder = data if seat is None or field.scope is Scope.LIST else (
                entries[seat] if seat < len(entries) and isinstance(entries[seat], dict) else {})
            value = holder.get(field.name)
            if field.scope is Scope.LIST:
                value = value[seat] if isinstance(value, list) and seat < len(value) else None
            values[input_name(field, seat)] = display(field, value)
            if field.alt and isinstance(holder, dict):
                values[input_name(field, seat, alt=True)] = holder.get(field.alt)
    return values


def display(field: Field, value: Any) -> Any:
    """Show a stored value the way its input expects it."""
    if field.kind is FieldKind.CARDS and isinstance(value, list):
        return " ".join(card_text(str(v)) for v in value)  # in the reader's letters, with the suits' symbols
    if field.kind is FieldKind.SEAT:
        return NO_SEAT if value is None else str(value)
    if field.kind is FieldKind.SEATS and isinstance(value, list):
        return [str(v) for v in value]
    return value


def round_data(form, table: Table, seats_in: Sequence[bool]) -> dict[str, Any]:
    """Turn the submitted round form into the round's data, as the API would receive it. A field another answer
    rules out is not read (a draw's knocker, tapped before Draw: the page greys it out and does not send it, and a
    phone without scripts cannot untap a radio)."""
    data: dict[str, Any] = {}
    entries: list[dict[str, Any] | None] = [({} if seats_in[s] else None) for s in range(table.n)]
    for field in form.round_fields:
        if ruled_out(form, field):
            continue
        if field.scope is Scope.ROUND:
            value = read_input(field, form[input_name(field)].data)
            if value is not None or not field.optional:
                data[field.name] = value
        elif field.scope is Scope.LIST:
            data[field.name] = [read_input(field, form[input_name(field, s)].data) if seats_in[s] else None
                                for s in range(table.n)]
        else:
            for seat in range(table.n):
                if seats_in[seat]:
                    read_entry(form, field, seat, entries[seat])
    if any(f.scope is Scope.ENTRY for f in form.round_fields):
        data["players"] = entries
    return data


def ruled_out(form, field: Field) -> bool:
    """Say whether another answer rules this field out (``Field.unused_when``: Gin's draw has no knocker)."""
    if field.unused_when is None:
        return False
    name, value = field.unused_when
    return name in form and form[name].data == value


def read_entry(form, field: Field, seat: int, entry: dict[str, Any]) -> None:
    """Put one seat's answer for a player field into its entry (cards win over the number given instead)."""
    value = read_input(field, form[input_name(field, seat)].data)
    if field.alt:  # cards, or the number counted instead; both given: the rules say which to keep
        number = form[input_name(field, seat, alt=True)].data
        if number is not None:
            entry[field.alt] = number
        if value:  # an empty cards box is "not given": the rules then ask for the cards or the number
            entry[field.name] = value
        return
    if value is not None or not field.optional:
        entry[field.name] = value


def read_input(field: Field, value: Any) -> Any:
    """Turn one input's value into the JSON value the rules read."""
    if field.kind is FieldKind.CARDS:  # read in the reader's letters by its field (CardsField)
        return list(value) if isinstance(value, list) else (value or "").replace(",", " ").split()
    if field.kind is FieldKind.SEAT:
        return seat_number(value)
    if field.kind is FieldKind.SEATS:
        return [seat for seat in map(seat_number, value or []) if seat is not None]
    if field.kind is FieldKind.RANK:
        return value or None
    if field.kind is FieldKind.INT and value is None:  # a count that must add up is given, never taken as 0
        return None if field.sum_to is not None else field.default
    if field.kind is FieldKind.BOOL and field.optional and not value:
        return None  # an optional tick box left empty says nothing: the rules decide (went out: made the goal)
    return value


def seat_number(value: Any) -> int | None:
    """Read a seat posted by a radio or tick box; anything but plain digits is no seat."""
    return plain_number(str(value) if value is not None else "", longest=3)


ASKED_FIRST = ("opt_first_dealer", "opt_name", "opt_wins")  # above the folded house rules: who deals, any game's
# own name and how it is won


def not_started(form) -> None:
    """Say at the top of a refused new-game form, where the page opens, that no game was started: what is wrong is
    marked by each box (``place_new_game_errors``)."""
    form.refused = gettext("The game was not started; see what is marked below.")


def place_errors(form, errors: Mapping[str, str]) -> None:
    """Show each error from the rules next to its input; the rest go at the top of the form."""
    for path, message in errors.items():
        target = error_input(form, path)
        if target is not None:
            target.errors = list(target.errors or []) + [message]
        else:
            form.general_errors.append(upper_first(message))  # a banner of its own: a sentence


def error_input(form, path: str):
    """Find the input an error path such as ``players.1.cards`` or ``cards.2`` belongs to."""
    parts = path.split(".")
    if parts[0] == "players" and len(parts) >= 3:
        candidates = [f"{parts[2]}-{parts[1]}"]
    elif parts[0] == "players" and len(parts) == 2:  # the player's whole entry: on their first box left empty
        boxes = [name for name in form._fields if name.endswith(f"-{parts[1]}")]
        candidates = [name for name in boxes if form[name].data in (None, "")][:1] or boxes[:1]
    elif len(parts) >= 2 and parts[1].isdigit():
        candidates = [f"{parts[0]}-{parts[1]}"]
    else:
        candidates = [parts[0]]
    for name in candidates:
        if name in form:
            return form[name]
        for field in form.round_fields:  # an error on the number given instead of cards
            if field.alt and name.startswith(field.alt + "-") and name in form:
                return form[name]
    return None

