"""The round form, built from each game's round fields so no game's form is written by hand: its inputs, the
values of a stored round put back in them, the round's data read from them, and the rules' refusals placed on them.
(The new-game form is ``web/newgame.py``; the inputs both use, ``web/fields.py``.)"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cached_property
from typing import Any

from flask import current_app
from flask_babel import LazyString
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from markupsafe import Markup
from wtforms import BooleanField, HiddenField, StringField
from wtforms import Field as WtfField
from wtforms.fields.choices import SelectChoice

from ..web.i18n import card_text, group_symbol, rank_letter, tr, upper_first
from ..rules.spec import Field, FieldKind, Scope, Table
from ..rules.cards import RANKS, parse_card
from ..play.services import new_entry_key
from ..web.templating import csrf_token as this_requests_csrf_token, entry_key as this_requests_entry_key
from ..web.fields import (NO_SEAT, CardsField, LooseRadio, LooseSelect, PointsField, SeatChips, SeatRadio,
                          WholeNumberField, count_kw, number_kw, points_kw, seat_number)

CARD_BOX = {"autocomplete": "off", "autocapitalize": "characters", "spellcheck": "false"}  # cards typed, not corrected


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
        ranks = [SelectChoice(r, LazyString(rank_letter, r)) for r in RANKS]
        return LooseSelect(label, choices=[SelectChoice("", "—"), *ranks], default="", description=desc,
                           render_kw={"data-rank-buttons": ""})
    if field.kind is FieldKind.CARDS:
        return CardsField(label, description=desc, render_kw=dict(CARD_BOX))
    return StringField(label, render_kw=dict(CARD_BOX))


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
        return Markup('<input id="csrf_token" name="csrf_token" type="hidden" value="%s">') % this_requests_csrf_token()


def seats_for(field: Field, table: Table, seats_in: Sequence[bool]) -> list[int | None]:
    """Return the seats a field is asked for: every seat in for player fields, else just once."""
    if field.scope is Scope.ROUND:
        return [None]
    return [seat for seat in range(table.n) if seats_in[seat]]


def form_values(fields: Sequence[Field], table: Table, data: Mapping[str, Any],
                shown: Callable[[Field, Any], Any] | None = None) -> dict[str, Any]:
    """Turn stored round data back into form values, to edit a round (``shown``: how a value is put in its box;
    as its input expects it by default)."""
    shown = shown or display
    values: dict[str, Any] = {}
    entries = data.get("players") if isinstance(data.get("players"), list) else []
    for field in fields:
        for seat in range(table.n) if field.scope is not Scope.ROUND else [None]:
            holder = data if seat is None or field.scope is Scope.LIST else (
                entries[seat] if seat < len(entries) and isinstance(entries[seat], dict) else {})
            value = holder.get(field.name)
            if field.scope is Scope.LIST:
                value = value[seat] if isinstance(value, list) and seat < len(value) else None
            values[input_name(field, seat)] = shown(field, value)
            if field.alt and isinstance(holder, dict):
                values[input_name(field, seat, alt=True)] = holder.get(field.alt)
    return values


def display(field: Field, value: Any) -> Any:
    """Show a stored value the way its input expects it."""
    if field.kind is FieldKind.CARDS and isinstance(value, list):
        return " ".join(card_text(str(v)) for v in value)  # in the reader's letters, with the suits' symbols
    if field.single and isinstance(value, str):
        return card_text(value)
    if field.kind is FieldKind.SEAT:
        return NO_SEAT if value is None else str(value)
    if field.kind is FieldKind.SEATS and isinstance(value, list):
        return [str(v) for v in value]
    return value


def typed_boxes(form, table: Table, seats_in: Sequence[bool]) -> dict[str, Any]:
    """Return what each box of a validated round form reads as, by input name, as ``round_data`` reads it ("−3-4" is
    −7, "k 5, 5" is K 5 5), to compare with a stored round's ``stored_boxes``. A box another answer rules out is not
    read (None)."""
    read: dict[str, Any] = {}
    for field in form.round_fields:
        off = ruled_out(form, field)
        for seat in seats_for(field, table, seats_in):
            read[input_name(field, seat)] = None if off else as_compared(field, form[input_name(field, seat)].data)
            if field.alt:
                read[input_name(field, seat, alt=True)] = None if off else form[input_name(field, seat, alt=True)].data
    return read


def stored_boxes(fields: Sequence[Field], table: Table, data: Mapping[str, Any]) -> dict[str, Any]:
    """Return what each box of a stored round's form holds, by input name, as ``typed_boxes`` reads a typed one."""
    return form_values(fields, table, data, shown=as_compared)


def as_compared(field: Field, value: Any) -> Any:
    """Return a box's value as two phones' forms compare it: as the rules read it (a count left empty is its
    default), ticked or not, the players picked in any order, the cards in the API's letters."""
    value = read_input(field, value)
    if field.kind is FieldKind.BOOL:
        return bool(value)
    if field.kind is FieldKind.SEATS:
        return tuple(sorted(value))
    if field.kind is FieldKind.CARDS:
        return tuple(card_code(card) for card in ([value] if isinstance(value, str) else value or []))
    return value


def card_code(card: Any) -> str:
    """Write a card as the API does ("kh" and "K♥" are "KH"), or as it is when it is no card."""
    try:
        return str(parse_card(card))
    except ValueError:
        return str(card)


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
        cards = list(value) if isinstance(value, list) else (value or "").replace(",", " ").split()
        if field.single:  # one card as itself, none as nothing; more are left for the rules to refuse
            return cards[0] if len(cards) == 1 else cards or None
        return cards
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
