"""What the club night's pages need beside their views: who may do what, what a page shows, and the new-night form
read into what ``nights.create_night`` takes."""
from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from datetime import date
from dataclasses import dataclass
from typing import Any

from flask import abort, render_template, request, session, url_for
from flask_babel import get_locale, gettext as _

from .. import rules as registry
from ..play import groups as group_service, nights as service
from ..play.services import Problem
from ..web.i18n import plain_number
from ..web.templating import night_name
from ..store.models import Group, Night
from ..web.access import group_token, remember_group, view_key
from ..web.hosting import carries_token, printing
from ..web.newgame import (chosen_preset, kept_rules_form, new_game_form, options_from, place_new_game_errors,
                           preset_inputs)
from ..web.pdf import render_pdf
from ..web.qr import qr_svg

NIGHT_FIELDS = ("name", "game", "table_size", "sittings", "movement", "rank_by")


# --- rights --------------------------------------------------------------------------------------------------------

def night_for(night_id: str, for_update: bool = False) -> tuple[Night, str | None]:
    """Return the night and its director's token for a browser holding its group's edit link (None for a reader
    with the group's view key); anyone else gets a 404 and learns nothing."""
    try:
        night = service.load_night(night_id, for_update)
    except Problem:
        abort(404)
    group = service.group_of(night)
    token = group_token(group)
    carries_token()  # private either way: the tables' edit links, the view key
    if token is not None:
        return night, service.night_token(token, night.public_id)
    if not group.view_matches(view_key(group)):
        abort(404)
    asked = request.args.get("view")
    if asked and session.get("group_views", {}).get(group.public_id) != asked:  # kept once, not at every poll
        remember_group(group, view=asked)
    return night, None


def directed(night_id: str, for_update: bool = True) -> tuple[Night, str]:
    """Return the night, locked for a change (unless only read: a QR code, the table cards), and its director's
    token; a reader is refused (403)."""
    night, token = night_for(night_id, for_update)
    if token is None:
        abort(403)
    return night, token


def editable_group(group_id: str) -> tuple[Group, str]:
    """Return the group and its edit token when this browser holds its edit link (403 to a reader, 404 to anyone
    else)."""
    try:
        group = group_service.load_group(group_id)
    except Problem:
        abort(404)
    token = group_token(group)
    if token is None:
        abort(403 if group.view_matches(view_key(group)) else 404)
    carries_token()
    return group, token


# --- what the pages show ---------------------------------------------------------------------------------------------

def room_link(night: Night, token: str | None) -> str:
    """Return the room screen's address: with the group's view key for the director (to open on the big display)."""
    if token is None:
        return url_for("nights.room", night_id=night.public_id)
    group_key = group_service.view_key(group_token(service.group_of(night)))
    return url_for("nights.room", night_id=night.public_id, view=group_key, _external=True)


def table_links(view: service.NightView, token: str | None) -> dict[str, str]:
    """Return each table game's edit link by its id, for the director (a table's phone opens it to score)."""
    if token is None:
        return {}
    return {t.game.public_id: url_for("games.join", game_id=t.game.public_id, _external=True,
                                      token=service.table_token(token, t.game.public_id))
            for s in view.sittings for t in s.tables if t.game is not None}


def night_context(night: Night, token: str | None, typed: dict | None = None, errors: dict | None = None) -> dict:
    """What the director's page and the room screen show: the tables, the leaderboard, the seating ahead."""
    view = service.view_night(night)
    ahead, room = service.seating_ahead(night, view), service.night_room(night)
    return dict(night=night, view=view, title=night_name(night), token=token, names=view.names,
                rules=registry.REGISTRY[night.game_key], links=table_links(view, token),
                house_rules=group_service.described(night),
                ahead=ahead, ahead_sides=[room.sides(t) for t in ahead.tables] if ahead else [], swappable=token is not None and service.may_swap(view),
                present=[p for p in night.players if p.present], gone=[p for p in night.players if not p.present],
                room=room_link(night, token), group=service.group_of(night), typed=typed or {}, errors=errors or {},
                table_of={p: t.number for t in (view.sittings[-1].tables if view.sittings else ()) for p in t.players})


@dataclass(frozen=True)
class Move:
    """Where a player goes: the table they sat at in the sitting before (None: out, or new), the one they go to
    (None: sitting out)."""

    name: str
    was: int | None
    goes: int | None


def moves(tables: Sequence[Sequence[int]], before: Mapping[int, int], names: Mapping[int, str],
          out: Sequence[int] = ()) -> list[Move]:
    """Return where everyone goes in a seating (tables of players, in order), by name as a reader looks it up."""
    going = {p: number for number, seated in enumerate(tables, start=1) for p in seated}
    going.update({p: None for p in out})
    return sorted((Move(names.get(p, ""), before.get(p), going[p]) for p in going),
                  key=lambda move: service.alphabetical(move.name))


def room_moves(context: dict) -> tuple[int | None, list[Move]]:
    """Return the sitting the room is told where to go for, and where everyone goes: the seating ahead (checked by
    the director, not yet started), or the sitting just seated until every one of its tables has played a round
    (players still finding their seat keep the list while the first tables start)."""
    view, ahead = context["view"], context["ahead"]
    if ahead is not None:
        return len(view.sittings) + 1, moves(ahead.tables, context["table_of"], view.names, ahead.sitting_out)
    if view.over or not view.sittings or all(t.rounds for t in view.sittings[-1].tables):
        return None, []
    sitting = view.sittings[-1]
    before = {p: t.number for t in view.sittings[-2].tables for p in t.players} if len(view.sittings) > 1 else {}
    return sitting.number, moves([t.players for t in sitting.tables], before, view.names, sitting.sitting_out)


def room_context(night: Night) -> dict:
    """What the room screen shows: the night as a reader sees it, and who moves where."""
    context = night_context(night, None)
    context["moving"], context["moves"] = room_moves(context)
    return context


def director_page(night: Night, token: str, errors: dict | None = None, status: int = 200):
    """Render the director's page (again, after a refusal: what was typed kept, what is wrong named by field)."""
    typed = {key: request.form.get(key, "") for key in ("add", "one", "other")} if errors else {}
    return render_template("nights/show.html", **night_context(night, token, typed, errors)), status


def room_tag(night: Night) -> str:
    """Tag the room screen's parts: the night's and its tables' versions, and the reader's language."""
    seen = f"{service.tag(night)}|{get_locale()}"
    return "room-" + hashlib.sha256(seen.encode()).hexdigest()[:24]


def swap_said(night: Night, pair: Sequence[int]) -> str:
    """Say the swap the director made, by the players' names ("Ann and Bob swapped seats.")."""
    names = {p.member_id: p.member.name for p in night.players}
    return _("%(one)s and %(other)s swapped seats.", one=names[pair[0]], other=names[pair[1]])


def table_qr(night: Night, token: str, game_id: str) -> str:
    """Draw the QR code of one table's edit link (a game of this night's, else 404)."""
    link = table_links(service.view_night(night), token).get(game_id) or abort(404)
    return qr_svg(link)


# --- the new night's form -------------------------------------------------------------------------------------------

def chosen_key(key: str | None, group: Group) -> str:
    """Return the game the form is for: the one asked, else the game of the group's last night, else the one whose
    rules the group set last, else the first."""
    if key in registry.REGISTRY:
        return key
    last = service.group_nights(group.id)
    return last[0].game_key if last else group_service.rules_set_last(group.id) or next(iter(registry.REGISTRY))


def night_form(group: Group, key: str, formdata=None, typed: dict | None = None, errors: dict | None = None,
               status: int = 200):
    """Render the new-night form: the game's presets and house rules, who is here, the tables and sittings."""
    rules = registry.REGISTRY[key]
    kept = group_service.rules_of(group.id, key)  # the form opens filled in with the group's own rules
    form = kept_rules_form(rules.spec, kept, formdata=formdata, preset=request.args.get("preset"))
    errors = errors or {}
    place_new_game_errors(form, {k: v for k, v in errors.items() if k.split(".")[0] in ("options", "preset")})
    usual = {"table_size": str(rules.usual_table()), "sittings": "3", "movement": "rotate",
             "rank_by": "points" if rules.has_points() else "wins", "name": "", "newcomers": ""}
    return render_template("nights/new.html", group=group, key=key, rules=rules, form=form, spec=rules.spec,
                           presets=preset_inputs(rules.spec, kept), kept=kept, registry=registry.REGISTRY, errors=errors,
                           typed={**usual, **(typed or {})}, wrong={k.split(".")[0] for k in errors},
                           ticked=set(typed.get("players", [])) if typed else set()), status


def typed_night() -> dict[str, Any]:
    """Return the new-night form as typed (to show again when refused)."""
    form = request.form
    typed = {key: form.get(key, "").strip() for key in (*NIGHT_FIELDS, "newcomers")}
    typed["players"] = form.getlist("players")
    return typed


def number_or_typed(text: str) -> Any:
    """Return a box's whole number, None when left empty (the usual), else the text (refused, named by its box)."""
    if not text:
        return None
    number = plain_number(text)
    return number if number is not None else text


def night_asked(key: str, typed: dict[str, Any]) -> tuple[dict[str, Any], dict[str, str]]:
    """Read the posted form into a new night's choices (as the API takes them), with the house rules' boxes the
    form itself refuses."""
    spec = registry.REGISTRY[key].spec
    form = new_game_form(spec, formdata=request.form)
    form.validate()
    refused = {f"options.{f.name[4:].split('-')[0]}": f.errors[0] for f in form
               if f.name.startswith("opt_") and f.errors}
    newcomers = [line.strip() for line in typed["newcomers"].splitlines() if line.strip()]
    asked = {"name": typed["name"] or None, "game": key, "players": [*typed["players"], *newcomers],
             "table_size": number_or_typed(typed["table_size"]), "sittings": number_or_typed(typed["sittings"]),
             "movement": typed["movement"], "rank_by": typed["rank_by"] or None,
             "options": options_from(form, spec), "preset": chosen_preset(form)}
    return asked, refused


# --- printing ---------------------------------------------------------------------------------------------------------

def pdf_answer(template: str, filename: str, **context):
    """Render a printed page of the night to PDF and send it to download."""
    html = render_template(template, **context, today=date.today())
    with printing():
        pdf = render_pdf(lambda squeeze: html)
    return pdf, {"Content-Type": "application/pdf", "Content-Disposition": f'attachment; filename="{filename}"'}


def printed_sitting(view: service.NightView, asked: str | None) -> service.SittingView | None:
    """Return the sitting whose table cards are printed: the one asked (?sitting=2), else the one being played."""
    number = plain_number(asked or "")
    if number is not None:
        return next((s for s in view.sittings if s.number == number), None) or abort(404)
    return view.sittings[-1] if view.sittings else None
