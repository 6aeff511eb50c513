"""The club night's pages: starting a night from a group, the director's page and its forms, the room screen for a
big display, the table cards and the night's results in print."""
from __future__ import annotations

from collections.abc import Callable

from flask import flash, redirect, render_template, request, url_for
from flask_babel import gettext as _

from ..play import nights as service
from ..store.models import Night
from ..web.i18n import plain_number
from ..web.hosting import limits_creation
from ..web.access import applied, check_csrf, saved
from . import bp
from .pages import (chosen_key, directed, director_page, editable_group, night_asked, night_context, night_for,
                    night_form, pdf_answer, printed_sitting, room_context, room_tag, swap_said, table_qr, typed_night)


@bp.get("/groups/<group_id>/nights/new")
def new_night(group_id: str):
    """Offer a club night in the group: the game, who is here, the tables, sittings, movement and ranking."""
    group, _token = editable_group(group_id)
    ticked = {"players": request.args.getlist("players")} if request.args.get("picked") else None  # another game
    return night_form(group, chosen_key(request.args.get("game"), group), typed=ticked)


@bp.post("/groups/<group_id>/nights/new")
@limits_creation
def create_night(group_id: str):
    """Start the night the form asks for and open its director's page; the form again, as typed, when refused."""
    group, token = editable_group(group_id)
    check_csrf()
    typed = typed_night()
    key = chosen_key(typed["game"], group)
    asked, refused = night_asked(key, typed)
    made: list = []
    errors = refused or saved(lambda: made.extend(service.create_night(group, token, asked, own_rules=False)))
    if errors:
        return night_form(group, key, request.form, typed, errors, 422)
    return redirect(url_for("nights.show", night_id=made[0].public_id))


@bp.get("/nights/<night_id>")
def show(night_id: str):
    """Show the director's page; a reader (the group's view key) is shown the room screen."""
    night, token = night_for(night_id)
    if token is None:
        return redirect(url_for("nights.room", night_id=night_id))
    return director_page(night, token)


def directed_change(night_id: str, change: Callable[[Night, str], object], said: Callable[[Night], str], where: str,
                    category: str = "ok"):
    """Apply a director's change to the night (after its CSRF check) and say it was made (at the top of the page, or
    where ``category`` has the page say it), or show the director's page again with the refusal (409 while a table
    plays, 422 for a wrong entry)."""
    check_csrf()
    night, token = directed(night_id)
    errors, status = applied(lambda: change(night, token))
    if errors:
        return director_page(night, token, errors, status)
    flash(said(night), category)
    return redirect(url_for("nights.show", night_id=night_id) + where)


@bp.post("/nights/<night_id>/sittings")
@limits_creation
def start_sitting(night_id: str):
    """Seat the next sitting and start its tables' games; while a table plays, the page says which (409)."""
    return directed_change(night_id, service.start_sitting, lambda night: _(
        "Sitting %(n)s is seated: each table opens its game.", n=len(night.seated)), "#tables")


@bp.post("/nights/<night_id>/players")
def change_players(night_id: str):
    """Take a late arrival, a player who leaves or one who comes back, from the next sitting on."""
    asked = {key: plain_number(request.form[key]) or 0 for key in ("leave", "back") if key in request.form}
    asked = asked or {"add": request.form.get("add", "")}
    return directed_change(night_id,
                           lambda night, _token: service.change_players(night, service.group_of(night), asked),
                           lambda night: _("Saved: it counts from the next sitting."), "#players")


@bp.post("/nights/<night_id>/swap")
def swap(night_id: str):
    """Swap two players' seats in the sitting being played, before its first round."""
    pair = [plain_number(request.form.get(key, "")) for key in ("one", "other")]
    return directed_change(night_id, lambda night, _token: service.swap(night, len(night.seated), pair),
                           lambda night: swap_said(night, pair), "#swap", "swap:ok")  # said by the form, in sight


@bp.post("/nights/<night_id>/finish")
def finish(night_id: str):
    """End the night now: tables still playing are left out of its leaderboard."""
    return directed_change(night_id, lambda night, _token: service.finish_night(night),
                           lambda night: _("The night is over."), "#leaderboard")


@bp.get("/nights/<night_id>/room")
def room(night_id: str):
    """Show the room screen: tables, live leaders, the leaderboard, who moves where; it follows the night."""
    night, token = night_for(night_id)
    return render_template("nights/room.html", **room_context(night), tag=room_tag(night),
                           view_arg=request.args.get("view"))


@bp.get("/nights/<night_id>/room/live")
def room_live(night_id: str):
    """Answer the room screen's poll: its parts when the night or a table moved on, else 304."""
    night, _token = night_for(night_id)
    tag = room_tag(night)
    headers = {"ETag": f'"{tag}"', "Cache-Control": "private, no-cache"}
    if request.if_none_match.contains(tag):
        return "", 304, headers
    return render_template("nights/_room_parts.html", **room_context(night)), headers


@bp.get("/nights/<night_id>/tables/<game_id>-qr.svg")
def qr_code(night_id: str, game_id: str):
    """Draw the QR code of a table's edit link, for the director."""
    night, token = directed(night_id, for_update=False)
    return table_qr(night, token, game_id), {"Content-Type": "image/svg+xml", "Cache-Control": "private, no-store"}


@bp.get("/nights/<night_id>/cards.pdf")
def cards_pdf(night_id: str):
    """Print a card per table of a sitting: its number, who sits where, the QR code of its game."""
    night, token = directed(night_id, for_update=False)
    context = night_context(night, token)
    sitting = printed_sitting(context["view"], request.args.get("sitting"))
    return pdf_answer("nights/cards.html", f"night-{night.public_id}-tables.pdf", sitting=sitting, **context)


@bp.get("/nights/<night_id>/results.pdf")
def results_pdf(night_id: str):
    """Print the night's results: the leaderboard, and every sitting's tables."""
    night, _token = night_for(night_id)
    context = night_context(night, None)
    return pdf_answer("nights/results.html", f"night-{night.public_id}-results.pdf", **context)
