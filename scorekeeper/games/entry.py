"""What a posted round form leads to: saved (or already saved), lost to another phone, or refused as typed.

The views only load the game, hand the posted form here and answer: a redirect to the table, or the
refused form again (422). Each write commits once, in ``save``.
"""
from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from flask import flash
from flask_babel import gettext as _
from wtforms import BooleanField

from ..play import services, tables
from ..web.i18n import isolated, minus, tr, tr_errors, tr_mark
from ..store.models import Game
from ..play.tables import TableView
from ..rules.base import msg
from ..rules.engine import RoundRefused, append
from ..web.access import saved
from .forms import place_errors, round_data, round_form, stored_boxes, typed_boxes


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
