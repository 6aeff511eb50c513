"""The groups' JSON API (../shared/spec/api.md, "Groups"): writes need the group's Bearer token, reads the token or
the view key; anyone else gets a 404 and learns nothing."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import current_app, jsonify, request, url_for
from flask_babel import get_locale

from ..web import access
from ..play import groups as service, services, stats, tables
from ..web.hosting import bearer_token, carries_token, json_body, limits_creation
from ..web.jsonapi import error, problem
from ..web.i18n import plain_number, tr
from ..store.models import Group, stamp
from ..rules.messages import N_, msg
from ..play.services import Problem
from ..live.cache import commit
from . import api_bp as bp
from ..live import cache
from ..live.variants import GroupJson
from ..play.groups import Summary

bp.register_error_handler(Problem, problem)


def summary_json(item: Summary) -> dict[str, Any]:
    """Return a game summary as api.md names it."""
    game = item.game
    return {"id": game.public_id, "game": game.game_key, "name": tr(tables.rules_for(game).title(game.options)),
            "players": list(item.players), "status": game.status, "created": stamp(game.created),
            "finished": stamp(item.finished) if item.finished else None, "winners": list(item.winners),
            "standings": list(item.standings)}


def group_json(group: Group, page: int = 1) -> dict[str, Any]:
    """Return the group: its players and a page of its games, newest first."""
    games, more = service.summaries(group, page)
    return {"id": group.public_id, "name": group.name,
            "players": [{"id": m.id, "name": m.name, "colour": m.colour, "emoji": m.emoji} for m in group.members],
            "games": [summary_json(s) for s in games], "more_games": more}


def readable(group_id: str, head: bool = False) -> Group:
    """Return the group (its head alone if ``head``) when the request carries its token or view key; else 404, as
    if there were none."""
    group = service.group_head(group_id) if head else service.load_group(group_id)
    if group.token_matches(bearer_token()) or group.view_matches(request.args.get("view")):
        carries_token()  # a group is private: no cache keeps it
        return group
    raise services.NotFound({"group": service.NO_GROUP})


def refused(group: Group):
    """Return the 401 or 403 answer when a reader of ``group`` lacks its token, else None."""
    token = bearer_token()
    if group.token_matches(token):
        return None
    if token is None:
        return error(401, "token", N_("this needs the group's token: Authorization: Bearer <token>"))
    return error(403, "token", N_("that token does not open this group for changes"))


def page_arg() -> int:
    """Return the page of games asked for (?page=2), 1 by default; refuse anything but a small whole number."""
    page = plain_number(request.args.get("page", "1"))
    if page is None or not 1 <= page <= 100000:
        raise services.Invalid({"page": msg(N_("must be a whole number from 1"))})
    return page


@bp.post("")
@limits_creation
def create_group():
    """Start a group; the answer carries its edit token and its read-only link."""
    if not access.may_create():
        status = 403 if request.headers.get(access.CODE_HEADER) else 401
        return error(status, "access_code", N_("this install needs its access code to start a group: %(header)s"),
                     header=f"{access.CODE_HEADER}: <code>")
    body = json_body()
    group, token = service.create_group(body.get("name"), body.get("players"))
    answer = group_json(group)
    commit()
    carries_token()
    view = url_for("groups.show", group_id=group.public_id, view=service.view_key(token), _external=True)
    return jsonify({**answer, "token": token, "view": view}), 201


@bp.get("/<group_id>")
def show_group(group_id: str):
    """Show a group: its players and its games, newest first."""
    head, page = readable(group_id, head=True), page_arg()
    return kept_json(head, GroupJson("group", str(get_locale()), page=page),
                     lambda: group_json(service.load_group(group_id), page))


@bp.post("/<group_id>/players")
def add_player(group_id: str):
    """Add a player to the group."""
    group = readable(group_id)
    if answer := refused(group):
        return answer
    service.add_member(group, json_body().get("name"))
    commit()
    return jsonify(group_json(group)), 201


@bp.patch("/<group_id>/players/<int:member_id>")
def change_player(group_id: str, member_id: int):
    """Rename a player, merge two names of one person, or set a player's colour and emoji."""
    group = readable(group_id)
    if answer := refused(group):
        return answer
    body = json_body()
    change_member(group, service.find_member(group, member_id), body)
    commit()
    return jsonify(group_json(group)), 200


def change_member(group: Group, member, body: dict) -> None:
    """Apply the change to a player that the API's body asks for: a merge into another, or a name, colour or
    emoji; refuse both at once, or neither."""
    if "merge_into" in body and {"name", "colour", "emoji"} & set(body):  # which one is meant, not for us to guess
        raise services.Invalid({"merge_into": msg(N_("merge, or rename and colour: one at a time"))})
    if "merge_into" in body:
        service.merge_members(group, member, service.find_member(group, body["merge_into"], "merge_into"))
    elif "name" in body or "colour" in body or "emoji" in body:
        if "name" in body:
            service.rename_member(group, member, body["name"])
        if "colour" in body or "emoji" in body:
            service.set_look(member, body.get("colour", member.colour), body.get("emoji", member.emoji))
    else:
        raise services.Invalid({"name": msg(N_("send {\"name\": ...} to rename, or {\"merge_into\": id} to merge"))})


@bp.post("/<group_id>/games")
@limits_creation
def start_game(group_id: str):
    """Start a game in the group, with its own token; names not yet in the group join it."""
    group = readable(group_id)
    if answer := refused(group):
        return answer
    body = json_body()
    game, token = service.start_game(group, bearer_token(), body.get("game"), body.get("players"),
                                     body.get("options", {}), body.get("preset"))
    state = tables.table_view(game).state(tr)
    commit()
    access.follow(game)
    carries_token()
    return jsonify({**state, "token": token, "group": group.public_id}), 201


@bp.put("/<group_id>/games/<game_id>")
def join_game(group_id: str, game_id: str):
    """Bring an existing game into the group: it needs the group's token and the game's (X-Game-Token)."""
    group = readable(group_id)
    if answer := refused(group):
        return answer
    game = services.load_game(game_id, for_update=True)
    game_token = request.headers.get("X-Game-Token")
    if not game_token:
        return error(401, "game_token", N_("this needs the game's token too: X-Game-Token: <token>"))
    if not game.token_matches(game_token):
        return error(403, "game_token", N_("that token does not open this game"))
    service.join_game(group, game)
    commit()
    return jsonify(group_json(group)), 200


@bp.get("/<group_id>/stats")
def group_stats(group_id: str):
    """Show the group's stats over its finished games: per game or all, between two dates or all time."""
    head = readable(group_id, head=True)
    chosen = stats.read_filter(request.args.get("game"), request.args.get("since"), request.args.get("until"))
    return kept_json(head, GroupJson("stats", str(get_locale()), shows=chosen),
                     lambda: stats.group_stats(service.load_group(group_id), chosen).api(tr))


@bp.get("/<group_id>/rules")
def group_rules(group_id: str):
    """Show the group's own rules: for each game it keeps some for, the preset and options its games start from."""
    group = readable(group_id)
    return jsonify({kept.game_key: service.rules_json(kept) for kept in service.all_rules(group.id)})


@bp.put("/<group_id>/rules/<key>")
def set_rules(group_id: str, key: str):
    """Keep the group's own rules for a game, checked as a new game's options are."""
    group = readable(group_id)
    if answer := refused(group):
        return answer
    body = json_body()
    kept = service.set_rules(group, key, body.get("preset"), body.get("options", {}))
    answer = service.rules_json(kept)
    commit()
    return jsonify(answer), 200


@bp.delete("/<group_id>/rules/<key>")
def clear_rules(group_id: str, key: str):
    """Forget the group's own rules for a game: its games start from the app's usual rules again."""
    group = readable(group_id)
    if answer := refused(group):
        return answer
    service.clear_rules(group, key)
    commit()
    return "", 204


def kept_json(group: service.GroupHead, variant: GroupJson, make: Callable[[], Any]):
    """Answer from the JSON this process kept for the group's version and ``variant`` (what it shows, in the
    reader's language), or make it and keep it; with the version's ETag, and a 304 while the client holds it."""
    tag = cache.etag(group.public_id, group.version, variant)
    headers = {"ETag": f'"{tag}"'}
    if request.if_none_match.contains(tag):
        return "", 304, headers
    body = cache.group_answer(group.public_id, group.version, variant,
                     lambda: current_app.json.response(make()).get_data(as_text=True))
    return current_app.response_class(body, mimetype="application/json", headers=headers)
