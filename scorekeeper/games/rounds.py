"""The round entry: the round form, built from each game's round fields so no game's form is written by hand (its
inputs, the values of a stored round put back in them, the round's data read from them, the rules' refusals placed
on them), and what a posted round form leads to: saved (or already saved), lost to another phone, or refused as
typed. The views only load the game, hand the posted form here and answer: a redirect to the table, or the refused
form again (422). Each write commits once (``web.access.saved``).
(The new-game form is ``web/newgame.py``; the inputs both use, ``web/i18n.py``.)
"""
from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from flask import current_app, flash
from flask_babel import LazyString
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from markupsafe import Markup
from wtforms import BooleanField, HiddenField, StringField
from wtforms import Field as WtfField
from wtforms.fields.choices import SelectChoice

from ..play import services, tables
from ..play.services import new_entry_key
from ..play.tables import TableView
from ..rules.base import msg
from ..rules.cards import RANKS, parse_card
from ..rules.engine import RoundRefused, append
from ..rules.spec import Field, FieldKind, Scope, Table
from ..store.models import Game
from ..web.access import saved
from ..web.i18n import (NO_SEAT, CardsField, LooseRadio, LooseSelect, PointsField, SeatChips, SeatRadio,
                        WholeNumberField, count_kw, number_kw, points_kw, seat_number)
from ..web.i18n import card_text, group_symbol, isolated, minus, rank_letter, tr, tr_errors, tr_mark, upper_first
from ..web.templating import csrf_token as this_requests_csrf_token, entry_key as this_requests_entry_key

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
        return CardsField(label, description=desc, render_kw=dict(CARD_BOX), key=field.card_key)
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


@dataclass(frozen=True)
class Taken:
    """Where a posted round form leads: a part of the table page (``anchor``), or its form refused as typed."""

    anchor: str = "standings"
    refused: Any = None  # the form, with what was typed and what is wrong, when nothing was saved


def take_round(game: Game, posted: Mapping[str, Any]) -> Taken:
    """Record the next round from a posted form, once (a double tap or a retry is answered as saved; other
    figures sent again from a form already saved are shown beside the round it saved, not saved)."""
    entry = posted_entry(posted)
    earlier = services.saved_entry(game, entry)
    if earlier is not None and earlier.again:
        return Taken()
    derived = tables.current_fold(game)  # the table view is built only to show a refusal: a write stays flat
    number = posted.get("number", type=int)
    fields = tables.next_fields(game, derived)
    form = None if fields is None else round_form(fields, derived.table, derived.seats_in, formdata=posted)
    if earlier is not None:
        return lost_race(game, earlier.round, posted, here=True)
    if number is not None and 0 < number <= tables.rounds_stored(game, derived):
        return lost_race(game, number, posted)
    if form is None:
        flash(_("No round can be added to this game now."), "error")
        return Taken("")
    why = services.not_next(game, number, derived)
    if why is not None:  # the form of a round past the next (one deleted since): why, above its boxes, none marked
        place_errors(form, tr_errors({"round": why}))
        return Taken(refused=form)
    if form.validate():
        data = round_data(form, derived.table, derived.seats_in)
        errors = saved(lambda: services.add_round_once(game, data, entry, number=number, current=derived))
        if errors is None:
            flash_saved(game, derived, number or tables.rounds_stored(game, derived) + 1)
            return Taken()
        fresh = services.load_game(game.public_id)
        if number is not None and 0 < number <= len(fresh.rounds):  # another phone saved it while this one waited
            return lost_race(fresh, number, posted)
        place_errors(form, errors)
    else:
        place_errors(form, rest_checked(game, derived, form))
    return Taken(refused=form)


INPUT_SEAT = re.compile(r"(.+)-(\d{1,3})")  # a player's input: "score-3"
# An error on a player ("players.3", "players.3.score") or on one seat of a list ("points.3").
PATH_SEAT = re.compile(r"players\.(\d{1,3})(?:\..+)?|\w+\.(\d{1,3})")


def rest_checked(game: Game, derived, form) -> dict[str, str]:
    """Check the rest of a form some of whose boxes hold no number at all, so that one refusal names everything
    to fix: what the rules say of every player but those with a box already marked (that box says why), and of
    no list a marked box is part of (the tricks cannot add up while one of them is no number)."""
    boxes = [found for name, field in form._fields.items() if field.errors and (found := INPUT_SEAT.fullmatch(name))]
    marked, lists = {int(box[2]) for box in boxes}, {box[1] for box in boxes}
    lists |= {name for name, field in form._fields.items() if field.errors}  # a round's own box (an upcard) says why
    try:
        append(tables.rules_for(game), derived, round_data(form, derived.table, derived.seats_in),
               game.finished_by_hand)
    except RoundRefused as exc:
        return {path: message for path, message in tr_errors(exc.errors).items()
                if path not in lists and not ((seat := PATH_SEAT.fullmatch(path)) and int(seat[1] or seat[2]) in marked)}
    return {}


def flash_saved(game: Game, derived, number: int) -> None:
    """Say which round was just saved; the table page shows it with one tap to undo it."""
    title = tables.rules_for(game).round_title(derived.table, number)
    flash(tr(msg("%(round)s saved.", round=title)), f"saved:{number}")  # French: "Enregistré : trou 2."


def lost_race(game: Game, number: int, posted: Mapping[str, Any], here: bool = False) -> Taken:
    """Answer a round another phone saved first (or this phone, from the same form, before it was changed and sent
    again: ``here``): "already saved" when it holds the same, else what it holds.

    The typed numbers are not carried into the next round's form: one more tap must never save a duplicate.
    """
    view = tables.table_view(game)
    saved = view.rounds[number - 1]
    mine = typed_as(game, number, posted)
    if mine is not None and dict(saved.data) == mine:
        flash(_("%(round)s is already saved, with the same scores.", round=tr(saved.title)), "info")
    elif here:
        flash(_("%(round)s was already saved from this form: %(scores)s. What you typed after that was not saved; "
                "check the scores.", round=tr(saved.title), scores=held_scores(view, saved)), f"race:{number}")
    else:
        flash(_("Another phone saved %(round)s first: %(scores)s. What you typed was not saved; check the scores.",
                round=tr(saved.title), scores=held_scores(view, saved)), f"race:{number}")  # beside Save, as typed
    return Taken()


def typed_as(game: Game, number: int, posted: Mapping[str, Any]) -> dict[str, Any] | None:
    """Read a posted round form as round ``number`` of the game, with that round's own questions and players still
    in (the next round's may differ), or None when it does not read as one."""
    before = tables.before_round(game, number)
    form = form_of_round(game, before, posted)
    return round_data(form, before.table, before.seats_in) if form.validate() else None


def form_of_round(game: Game, before, posted: Mapping[str, Any] | None, data: Any = None):
    """Build the form of a stored round (``before``: the fold of the rounds before it), with that round's own
    questions and players still in, filled from ``posted`` or ``data``."""
    return round_form(tables.round_fields(game, before), before.table, before.seats_in, formdata=posted, data=data)


def held_scores(view: TableView, saved) -> str:
    """Say what a saved round holds, player by player ("Ann 7, Bob 6"), as its row in the grid shows it."""
    # each name isolated (a right-to-left name never takes its neighbour's score along), scores with a true minus
    return ", ".join(f"{isolated(name)} {minus(tr_mark(mark))}" for name, mark in zip(view.players, saved.marks)
                     if mark != "")


@dataclass(frozen=True)
class Correction:
    """A round's correction form as shown, and whether it was saved."""

    form: Any
    title: Any
    before: Any  # the fold of the rounds before it: the form's table and seats
    saved: bool = False


def round_digest(data: Any) -> str:
    """Name what a stored round holds, to tell whether another phone changed it while this one corrected it."""
    return hashlib.sha256(json.dumps(data, sort_keys=True, separators=(",", ":")).encode()).hexdigest()[:16]


NOT_TYPED = frozenset({"csrf_token", "entry_key", "number", "was"})  # what a form carries besides what was typed


def posted_entry(posted: Any) -> services.Entry | None:
    """Return the posted form's entry: its key, and a digest of what it held (the same when it is sent again)."""
    key = services.entry_key(posted.get("entry_key"))
    if key is None:
        return None
    held = sorted((name, value) for name, value in posted.items(multi=True) if name not in NOT_TYPED)
    return services.Entry(key, round_digest(held))


def correct_round(game: Game, number: int, posted: Mapping[str, Any] | None) -> Correction:
    """Show a round's form with its stored data, or save a posted correction once (a retry of one already
    made is answered as saved: never applied again over a later correction from another phone).

    A correction filled in over what the round held before another phone corrected it is not saved over that
    correction: the form comes back as typed, saying what the round holds now; saved again, it replaces it.
    """
    before = tables.before_round(game, number)
    title = tables.rules_for(game).round_title(before.table, number)
    stored = game.rounds[number - 1].data
    form = form_of_round(game, before, posted, stored)
    now = round_digest(stored)
    if posted is None:
        return Correction(form, title, before)
    entry = posted_entry(posted)
    earlier = services.saved_entry(game, entry)
    if earlier is not None and earlier.again:
        return Correction(form, title, before, saved=True)
    if earlier is not None or posted.get("was", now) != now:  # a form without "was" (older) is not compared
        if form.validate() and round_data(form, before.table, before.seats_in) == stored:
            return Correction(form, title, before, saved=True)  # what the round holds already: nothing to do
        form.general_errors = [changed_meanwhile(game, number, here=earlier is not None)]
        mark_changed_meanwhile(form, form_of_round(game, before, None, stored), before, stored)
        form.entry_key.data = services.new_entry_key()  # saved again, it is a correction of its own
        return Correction(form, title, before)
    if form.validate():
        data = round_data(form, before.table, before.seats_in)
        errors = saved(lambda: services.edit_round_once(game, number, data, entry))
        if errors is None:
            return Correction(form, title, before, saved=True)
        place_errors(form, errors)
    else:
        place_errors(form, rest_checked(game, before, form))
    form.refused = _("The correction was not saved; see what is marked below.") if any(f.errors for f in form) \
        else _("The correction was not saved.")  # what is wrong stands above the boxes (a later round's refusal)
    return Correction(form, title, before)


def mark_changed_meanwhile(form, now, before, stored: Any) -> None:
    """Mark each box of a correction sent over another phone's whose value is not what the round holds now (``now``:
    its form as ``stored``; ``before``: the fold of the rounds before it), saying what it holds there: saved again
    unseen, that box would undo the other phone's. The boxes are compared as read (form.validate() has run): "−3-4"
    is the −7 stored, "k 5, 5" the K 5 5."""
    typed = typed_boxes(form, before.table, before.seats_in)
    held_there = stored_boxes(form.round_fields, before.table, stored)
    for name, held in now._fields.items():
        mine = form._fields.get(name)
        if mine is None or name not in typed or mine.errors or typed[name] == held_there.get(name):
            continue
        if isinstance(held, BooleanField):
            value = _("ticked") if held.data else _("not ticked")
        elif getattr(held, "choices", None):  # one pick, or several (the players who lost a life)
            picked = {str(v) for v in held.data} if isinstance(held.data, (list, tuple)) else {str(held.data)}
            value = ", ".join(str(label) for choice, label, *_rest in held.choices if str(choice) in picked) \
                or _("nobody")
        else:
            value = minus(held._value()) or "—"  # a score with a true minus, as the grid shows it
        mine.errors = [_("the other phone saved %(value)s here", value=value)]


def changed_meanwhile(game: Game, number: int, here: bool = False) -> str:
    """Say that another phone corrected a round while this one was correcting it (or this phone did, from the same
    form before it was changed and sent again: ``here``), and what it holds now."""
    view = tables.table_view(game)
    saved = view.rounds[number - 1]
    if here:
        return _("This correction of %(round)s was already saved: %(scores)s. What you typed after that was not "
                 "saved; check it against those scores, and save it again to replace them.",
                 round=tr(saved.title), scores=held_scores(view, saved))
    return _("Another phone corrected %(round)s while you were changing it: %(scores)s. What you typed was not "
             "saved; check it against those scores, and save it again to replace them.",
             round=tr(saved.title), scores=held_scores(view, saved))
