"""Who may see and change what: edit links and followed games kept in this browser's session, and the
install's optional access code (SCOREKEEPER_ACCESS_CODE) that guards starting games and the full list."""
from __future__ import annotations

import hashlib
import hmac

from flask import abort, current_app, g, request, session
from flask_limiter.util import get_remote_address
from limits import parse_many

from .extensions import limiter
from .models import Game

KEPT_TOKENS = 40  # edit tokens this browser remembers (the session cookie must stay small)
KEPT_FOLLOWED = 20  # games this browser opened by their view link
CODE_HEADER = "X-Access-Code"


def remember_token(game: Game, token: str) -> None:
    """Let this browser edit ``game`` from now on."""
    tokens = {k: v for k, v in session.get("tokens", {}).items() if k != game.public_id}
    tokens[game.public_id] = token
    session["tokens"] = dict(list(tokens.items())[-KEPT_TOKENS:])
    session.permanent = True


def token_for(game: Game) -> str | None:
    """Return this browser's edit token for ``game`` if it still opens it."""
    token = session.get("tokens", {}).get(game.public_id)
    return token if game.token_matches(token) else None


def follow(game: Game) -> None:
    """Remember a game opened by its view link, so this browser finds it again on the home page."""
    followed = session.get("followed", [])
    if game.public_id in session.get("tokens", {}) or (followed and followed[-1] == game.public_id):
        return  # nothing new: leave the cookie as it is
    session["followed"] = ([g for g in followed if g != game.public_id] + [game.public_id])[-KEPT_FOLLOWED:]
    session.permanent = True


def forget(public_id: str) -> None:
    """Drop a game from this browser's lists (it was deleted)."""
    if public_id in session.get("tokens", {}):
        session["tokens"] = {k: v for k, v in session["tokens"].items() if k != public_id}
    if public_id in session.get("followed", []):
        session["followed"] = [g for g in session["followed"] if g != public_id]


def visible_ids() -> list[str]:
    """Return the games this browser created, joined or followed."""
    return [*session.get("tokens", {}), *session.get("followed", [])]


def code_required() -> bool:
    """Say whether this install has an access code."""
    return bool(current_app.config.get("ACCESS_CODE"))


def code_proof(code: str) -> str:
    """Return what the session keeps once the code was given: a keyed hash, never the code itself."""
    key = current_app.config["SECRET_KEY"]
    return hmac.new(str(key).encode(), code.encode(), hashlib.sha256).hexdigest()


def code_matches(code: str | None) -> bool:
    """Say whether ``code`` is this install's access code (in constant time)."""
    expected = current_app.config.get("ACCESS_CODE")
    return bool(expected and code) and hmac.compare_digest(code_proof(code), code_proof(expected))


def enter_code(code: str) -> bool:
    """Remember in the session that this browser knows the access code; say whether it was right."""
    if not code_matches(code):
        return False
    session["owner"] = code_proof(current_app.config["ACCESS_CODE"])
    session.permanent = True
    return True


def is_owner() -> bool:
    """Say whether this caller gave the install's access code (in this session, or in the API header)."""
    if not code_required():
        return False
    proof = session.get("owner")
    if isinstance(proof, str) and hmac.compare_digest(proof, code_proof(current_app.config["ACCESS_CODE"])):
        return True
    return header_code_matches()


def header_code_matches() -> bool:
    """Say whether the request's X-Access-Code header holds the access code, counting the wrong tries.

    The access page allows a few tries a minute (RATELIMIT_ACCESS_CODE); the header, which every page and
    the API read, gets the same few wrong tries per client, then a 429 until the minute is over, so that it
    is no way around the page's limit to guess the code.
    """
    code = request.headers.get(CODE_HEADER)
    if code is None:
        return False
    if "code_header_matches" in g:  # asked twice in one request: count the try once
        return g.code_header_matches
    limits = parse_many(current_app.config["RATELIMIT_ACCESS_CODE"]) \
        if current_app.config.get("RATELIMIT_ENABLED", True) else []
    key = ("access-code-header", get_remote_address())
    if not all(limiter.limiter.test(item, *key) for item in limits):
        abort(429)
    g.code_header_matches = code_matches(code)
    if not g.code_header_matches:
        for item in limits:
            limiter.limiter.hit(item, *key)
    return g.code_header_matches


def may_create() -> bool:
    """Say whether this caller may start a game (anyone, unless the install has an access code)."""
    return not code_required() or is_owner()
