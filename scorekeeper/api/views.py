"""JSON endpoints of ../shared/spec/api.md; writes need the game's Bearer token."""
from __future__ import annotations

import hashlib
from functools import wraps
from typing import Any

from flask import Response, current_app, jsonify, request
from flask_babel import get_locale
from sqlalchemy import insert
from sqlalchemy.exc import IntegrityError

from ..web import access
from ..live import cache
from ..play import services, tables
from .. import rules as registry
from ..extensions import db
from ..web.hosting import bearer_token, carries_token, json_body, limits_creation
from ..web.i18n import tr
from ..store.models import clean_text, Game, IdempotentReply, stamp, storable, utcnow
from ..rules.messages import N_, msg
from ..play.services import Problem
from ..web.answers import State, tag_headers
from ..web.templating import kept
from ..web.jsonapi import error, problem
from ..live.cache import commit
from . import bp

bp.register_error_handler(Problem, problem)


def state_of(game: Game, derived=None) -> dict[str, Any]:
    """Return the game state the API sends, read from the one table view."""
    return tables.table_view(game, derived).state(tr)


def token_refused(game: Game):
    """Return the 401 or 403 answer when the request does not carry the game's token, else None."""
    token = bearer_token()
    if token is None:
        return error(401, "token", N_("this needs the game's token: Authorization: Bearer <token>"))
    if not game.token_matches(token):
        return error(403, "token", N_("that token does not open this game"))
    return None


def writes_game(view):
    """Load the game, check its token, replay an Idempotency-Key, and commit the answer once."""

    @wraps(view)
    def wrapper(game_id: str, **kwargs):
        sent = request.headers.get("Idempotency-Key", "").strip()
        plain = sent.isprintable() and bool(clean_text(sent))
        key = stored_key(sent) if sent and plain else None
        locked = services.lock_game(game_id, key)
        game = locked.game
        refused = token_refused(game)
        if refused:
            return refused
        if sent and not plain:
            return error(400, "body", N_("the Idempotency-Key must be plain printable text"))
        if locked.replay is not None:
            status, body = locked.replay
            return jsonify(body), status
        try:
            body, status = view(game, **kwargs)
            if key:
                db.session.connection().execute(insert(IdempotentReply.__table__), {
                    "game_id": game.id, "key": key, "status": status, "body": body, "created": utcnow()})
            commit()
        except IntegrityError:  # the game's lock makes this rare; say only what is known
            db.session.rollback()
            return error(409, "round", N_("another phone changed this game at the same moment; nothing was "
                                          "saved: reload the game and send it again"))
        return jsonify(body), status

    return wrapper


def stored_key(key: str) -> str:
    """Return the name an API write's Idempotency-Key is kept under: the key itself when it fits its column and
    cannot be taken for a round form's entry key (``services.ENTRY_KEY``), else a digest of the whole key (two
    long keys that differ only past the column's length are two writes)."""
    if len(key) <= KEY_LENGTH and not key.startswith((services.ENTRY_KEY, HASHED_KEY)):
        return key
    return HASHED_KEY + hashlib.sha256(key.encode()).hexdigest()


KEY_LENGTH = 200  # IdempotentReply.key's column
HASHED_KEY = "sha256:"


@bp.get("/rules")
def list_rules():
    """List the games with their player counts, options and presets."""
    return jsonify([
        {"key": r.spec.key, "name": tr(r.spec.name), "min_players": r.spec.min_players,
         "max_players": r.spec.max_players, "options": {o.name: o.api() for o in r.spec.options},
         "presets": {name: {**p.api(), "label": tr(p.label)} for name, p in r.spec.presets.items()}}
        for r in registry.REGISTRY.values()
    ])


@bp.post("/games")
@limits_creation
def create_game():
    """Start a game; the answer carries the token that edits it (a cookie jar also finds it in its list)."""
    if not access.may_create():
        status = 403 if request.headers.get(access.CODE_HEADER) else 401
        return error(status, "access_code", N_("this install needs its access code to start a game: %(header)s"),
                     header=f"{access.CODE_HEADER}: <code>")
    body = json_body()
    game, token = services.create_game(body.get("game"), body.get("players"), body.get("options", {}),
                                       body.get("preset"))
    state = state_of(game)
    commit()
    access.follow(game)  # listed for this caller from now on; edit rights stay with the token
    carries_token()
    return jsonify({**state, "token": token}), 201


@bp.get("/games")
def list_games():
    """List the games this caller may see, newest first: its own and followed ones; every game to the owner."""
    return jsonify([
        {"id": g.public_id, "game": g.game_key, "players": [p.name for p in g.players], "status": g.status,
         "created": stamp(g.created)}
        for g in services.list_games(None if access.is_owner() else access.visible_ids())
    ])


@bp.delete("/games/<game_id>")
def delete_game(game_id: str):
    """Delete a game for everyone; it needs the game's token."""
    game = services.load_game(game_id, for_update=True)
    refused = token_refused(game)
    if refused:
        return refused
    services.delete_game(game)
    commit()
    access.forget(game_id)
    return "", 204


@bp.get("/games/<game_id>")
def show_game(game_id: str):
    """Show a game's state; a poll of an unchanged game gets 304, and a kept state is sent, from its head alone."""
    head, variant = services.game_head(game_id), State(str(get_locale()))
    if request.if_none_match.contains(cache.etag(head.public_id, head.version, variant)):
        return Response(status=304, headers=tag_headers(head.public_id, head.version, variant))
    version, body = head.version, cache.get(("state", head.public_id, head.version, variant))
    if body is None:  # not kept for this version in this process: load it (it may have moved on since)
        game = services.load_game(game_id)
        version, body = game.version, kept(("state", game.public_id, game.version, variant),
                                           lambda: jsonify(state_of(game)).get_data())
    return current_app.response_class(body, mimetype="application/json",
                                      headers=tag_headers(head.public_id, version, variant))


def round_body() -> tuple[Any, Any]:
    """Return the ``data`` and optional ``number`` of a round request."""
    body = json_body()
    if "data" not in body:
        raise services.Invalid({"data": msg(N_("send the round as {\"data\": {...}}"))})
    if not storable(body["data"]):
        raise services.Invalid({"data": msg(N_("the round holds text or a number that cannot be stored"))})
    number = body.get("number")
    if number is not None and (isinstance(number, bool) or not isinstance(number, int)):
        raise services.Invalid({"number": msg(N_("must be a whole number"))})
    return body["data"], number


@bp.post("/games/<game_id>/rounds")
@writes_game
def add_round(game: Game):
    """Record the next round."""
    data, number = round_body()
    return state_of(game, services.add_round(game, data, number)), 201


@bp.put("/games/<game_id>/rounds/<round:number>")
@writes_game
def edit_round(game: Game, number: int):
    """Replace a round's data."""
    data, _ = round_body()
    return state_of(game, services.edit_round(game, number, data)), 200


@bp.delete("/games/<game_id>/rounds/<round:number>")
@writes_game
def delete_round(game: Game, number: int):
    """Delete the last round."""
    return state_of(game, services.delete_round(game, number)), 200


@bp.post("/games/<game_id>/finish")
@writes_game
def finish_game(game: Game):
    """End the game now; the leaders win."""
    return state_of(game, services.finish_game(game)), 200

