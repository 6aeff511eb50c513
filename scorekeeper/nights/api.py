"""The club nights' JSON API (../shared/spec/api.md, "Club nights"): creating a night needs the group's token;
changing one the night's token or the group's; reading one the group's view key or a table game's token too (the
tables' tokens are then left out). Anyone else gets a 404 and learns nothing."""
from __future__ import annotations

import hashlib

from flask import jsonify, request, url_for
from flask_babel import format_date, get_locale

from ..play import groups as group_service, nights as service
from ..play.services import NotFound, Problem
from ..rules.messages import N_, msg
from ..store.models import Group, Night
from ..web.hosting import bearer_token, carries_token, json_body, limits_creation
from ..web.jsonapi import problem
from ..live.cache import commit
from . import api_bp as bp

bp.register_error_handler(Problem, problem)


class Refused(Problem):
    """A caller who knows the night or group (a reader) but may not change it: 401 without a token, else 403."""

    def __init__(self, token: str | None, missing: str, wrong: str):
        super().__init__({"token": msg(missing if token is None else wrong)})
        self.status = 401 if token is None else 403


def night_answer(night: Night, token: str | None) -> dict:
    """Return the night as the API sends it, named by its date in the reader's language when it has no name; the
    director is given each table's edit link (its token in the address, as a game's share link)."""
    answer = service.view_night(night).api(token)
    if answer["name"] is None:
        answer["name"] = format_date(night.created, "EEEE d MMMM")
    for table in (t for s in answer["seatings"] for t in s["tables"] if "token" in t):
        table["link"] = url_for("games.join", game_id=table["game"], token=table["token"], _external=True)
    return answer


def editable_group(group_id: str) -> Group:
    """Return the group when the request carries its edit token; a reader (view key) is refused, anyone else gets
    a 404."""
    group = group_service.load_group(group_id)
    token = bearer_token()
    if group.token_matches(token):
        return group
    if group.view_matches(request.args.get("view")):
        raise Refused(token, N_("this needs the group's token: Authorization: Bearer <token>"),
                      N_("that token does not open this group for changes"))
    raise NotFound({"group": group_service.NO_GROUP})


def reader(night: Night) -> str | None:
    """Return the director's token (the night's, from the night's or the group's) of this request, None for a
    reader; raise NotFound for anyone else."""
    token = service.director_token(night, bearer_token())
    if token is None and not service.may_read(night, bearer_token(), request.args.get("view")):
        raise NotFound({"night": service.NO_NIGHT})
    return token


def director(night_id: str) -> tuple[Night, str]:
    """Return the night, locked for a change, and the director's token; a reader is refused, anyone else gets a
    404."""
    night = service.load_night(night_id, for_update=True)
    token = reader(night)
    if token is None:  # a reader: by the view key, or a table's token
        raise Refused(bearer_token(), N_("this needs the night's token or the group's: Authorization: Bearer "
                                         "<token>"), N_("that token does not open this night for changes"))
    carries_token()
    return night, token


def changed(night: Night, token: str, status: int = 200):
    """Commit the change and answer with the night as its director sees it."""
    answer = night_answer(night, token)
    commit()
    return jsonify(answer), status


@bp.post("/groups/<group_id>/nights")
@limits_creation
def create_night(group_id: str):
    """Start a club night in the group; the answer carries the director's token."""
    group = editable_group(group_id)
    night, token = service.create_night(group, bearer_token(), json_body())
    answer = night_answer(night, token)
    commit()
    carries_token()
    return jsonify({**answer, "token": token}), 201


@bp.get("/nights/<night_id>")
def show_night(night_id: str):
    """Show the night: its players, sittings, tables and leaderboard, with an ETag (304 while nothing changed)."""
    night = service.load_night(night_id)
    token = reader(night)
    seen = f"{service.tag(night)}|{token is not None}|{get_locale()}"
    headers = {"ETag": '"night-' + hashlib.sha256(seen.encode()).hexdigest()[:24] + '"'}
    if request.if_none_match.contains(headers["ETag"].strip('"')):
        return "", 304, headers
    if token is not None:
        carries_token()
    return jsonify(night_answer(night, token)), 200, headers


@bp.post("/nights/<night_id>/sittings")
@limits_creation
def start_sitting(night_id: str):
    """Seat the next sitting and start its tables' games."""
    night, token = director(night_id)
    service.start_sitting(night, token)
    return changed(night, token, 201)


@bp.patch("/nights/<night_id>/players")
def change_players(night_id: str):
    """Take a late arrival, a player who leaves, or one who comes back: from the next sitting on."""
    night, token = director(night_id)
    service.change_players(night, service.group_of(night), json_body())
    return changed(night, token)


@bp.patch("/nights/<night_id>/sittings/<round:number>")
def change_sitting(night_id: str, number: int):
    """Swap two players' seats in a sitting whose tables have no round yet."""
    night, token = director(night_id)
    service.swap(night, number, json_body().get("swap"))
    return changed(night, token)


@bp.post("/nights/<night_id>/finish")
def finish_night(night_id: str):
    """End the night now; tables still playing are left out of it."""
    night, token = director(night_id)
    service.finish_night(night)
    return changed(night, token)
