"""Who may see and change what: the game a link names (or not found), edit links and followed games kept in this
browser's session, the install's optional access code (SCOREKEEPER_ACCESS_CODE) that guards starting games and the
full list, and a page's change, committed once at the request's boundary or refused in the reader's words.

Saving goes one way: a view asks the play wing for the change (it flushes, never commits), then commits once with
the live wing's ``cache.commit``, as the JSON API's views do (``applied``, ``saved``)."""
from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Callable
from datetime import timedelta

from flask import abort, current_app, flash, g, request, session, url_for
from flask_babel import gettext as _
from flask_limiter.util import get_remote_address
from limits import parse_many
from sqlalchemy import delete, insert, select
from sqlalchemy.exc import IntegrityError
from werkzeug.exceptions import TooManyRequests

from ..extensions import csrf, db
from ..live.cache import commit
from ..play import groups as service, services
from ..play.services import Problem
from ..store.models import CodeGuess, Game, Group, utcnow
from .i18n import tr_errors

KEPT_GROUPS = 20  # groups this browser remembers

KEPT_TOKENS = 40  # edit tokens this browser remembers (the session cookie must stay small)
KEPT_FOLLOWED = 20  # games this browser opened by their view link
CODE_HEADER = "X-Access-Code"
BROWSER = "guesser"  # the session's key for this browser's own id among the guesses at the code


def game_or_404(game_id: str, for_update: bool = False) -> Game:
    """Load a game (locked for a write) or show the not-found page."""
    try:
        return services.load_game(game_id, for_update=for_update)
    except Problem:
        abort(404)


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
    """Remember in the session that this browser knows the access code; say whether it was right (``guess``)."""
    if not guess(code):
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
    """Say whether the request's X-Access-Code header holds the access code, counting the wrong tries (``guess``):
    the header, which every page and the API read, is no way around the access page's limit."""
    code = request.headers.get(CODE_HEADER)
    if code is None:
        return False
    if "code_header_matches" not in g:  # asked twice in one request: count the try once
        g.code_header_matches = guess(code)
    return g.code_header_matches


def guess(code: str | None) -> bool:
    """Say whether ``code`` is the access code; count a wrong one, and refuse with 429 a guess past the limits.

    The wrong guesses are kept in the database, so the limits hold across every worker and server. Each guesser
    has its own few wrong guesses (RATELIMIT_ACCESS_CODE), within a larger number for its address as a whole
    (RATELIMIT_ACCESS_CODE_ADDRESS, which a club behind one router does not reach). A guesser is a browser, known
    by an id its session is given when the access page is shown, or a caller without one (a script, with or
    without cookies), known by its user agent (``guesser``). So someone who mistypes, or guesses, from the club's
    one address locks out neither a member who types the right code on the access page nor a script that sends
    it, unless the address as a whole is past its larger limit; and a right code never counts.
    """
    address, who = (get_remote_address() or "")[:64], guesser()
    own, shared = guess_limits()
    if own or shared:
        wait = wait_before_guessing(address, who, own, shared)
        if wait:
            raise TooManyRequests(retry_after=wait)
    if code_matches(code):
        return True
    if own or shared:
        count_wrong_guess(address, who, max(item.get_expiry() for item in (*own, *shared)))
    return False


def guess_limits() -> tuple[list, list]:
    """Return the limits of wrong guesses: each guesser's, and its address's (none when limits are off)."""
    config = current_app.config
    if not config.get("RATELIMIT_ENABLED", True):
        return [], []
    return parse_many(config["RATELIMIT_ACCESS_CODE"]), parse_many(config["RATELIMIT_ACCESS_CODE_ADDRESS"])


def browser_id() -> str:
    """Return this browser's id among the guesses at the code ("" when its session has none)."""
    value = session.get(BROWSER)
    return value if isinstance(value, str) and len(value) <= 32 else ""


def guesser() -> str:
    """Return who is guessing at the code: this browser's id, else a mark of the caller's user agent (``ua:`` and
    a hash, never an id's letters), so that one script's wrong guesses are not counted against another's, nor
    against a browser's, at the same address."""
    agent = request.headers.get("User-Agent", "")
    return browser_id() or "ua:" + hashlib.sha256(agent.encode(errors="replace")).hexdigest()[:24]


def know_browser() -> None:
    """Give this browser an id of its own (the access page is shown), so that its wrong guesses count apart from its
    address's others."""
    if not browser_id():
        session[BROWSER] = secrets.token_urlsafe(12)


def wait_before_guessing(address: str, who: str, own: list, shared: list) -> int:
    """Return the seconds to wait before guesser ``who`` may guess again (0: it may now): its own wrong guesses
    against its own limit, every wrong guess from its address against the address's."""
    now = utcnow()
    longest = max(item.get_expiry() for item in (*own, *shared))
    query = select(CodeGuess.browser, CodeGuess.at).where(CodeGuess.address == address,
                                                          CodeGuess.at > now - timedelta(seconds=longest))
    guesses = db.session.execute(query).all()
    wait = 0
    for items, mine in ((own, True), (shared, False)):
        for item in items:
            since = now - timedelta(seconds=item.get_expiry())
            counted = sorted(at for by, at in guesses if at > since and (by == who or not mine))
            if len(counted) >= item.amount:  # wait until the oldest that counts is out of the window
                left = counted[len(counted) - item.amount] - since
                wait = max(wait, int(left.total_seconds()) + 1)
    return wait


def count_wrong_guess(address: str, who: str, longest: int) -> None:
    """Keep a wrong guess for every worker (committed at once, whatever the request does next), and forget the
    guesses older than the longest limit."""
    now = utcnow()
    with db.engine.begin() as connection:
        connection.execute(insert(CodeGuess.__table__), {"address": address, "browser": who, "at": now})
        connection.execute(delete(CodeGuess.__table__).where(CodeGuess.__table__.c.at < now - timedelta(seconds=longest)))


def may_create() -> bool:
    """Say whether this caller may start a game (anyone, unless the install has an access code)."""
    return not code_required() or is_owner()


def remember_group(group: Group | service.GroupHead, token: str | None = None, view: str | None = None) -> None:
    """Let this browser edit (token) or read (view key) a group from now on."""
    for name, value in (("groups", token), ("group_views", view)):
        if value:
            kept = {k: v for k, v in session.get(name, {}).items() if k != group.public_id}
            kept[group.public_id] = value
            session[name] = dict(list(kept.items())[-KEPT_GROUPS:])
            session.permanent = True


def group_token(group: Group | service.GroupHead) -> str | None:
    """Return this browser's edit token for ``group`` if it still opens it."""
    token = session.get("groups", {}).get(group.public_id)
    return token if group.token_matches(token) else None


def view_key(group: Group | service.GroupHead) -> str | None:
    """Return the view key this request holds for ``group``: in its address, or kept by this browser."""
    return request.args.get("view") or session.get("group_views", {}).get(group.public_id)


def group_of(game: Game) -> Group | None:
    """Return the group ``game`` was played in, if any."""
    return db.session.get(Group, game.group_id) if game.group_id is not None else None


def group_page_of(game: Game) -> str | None:
    """Return the address of the group ``game`` was played in, when this browser may open the group's page."""
    group = group_of(game)
    if group is None:
        return None
    if group_token(group) is None and not group.view_matches(view_key(group)):
        return None
    return url_for("groups.show", group_id=group.public_id)


def group_token_of(game: Game) -> str | None:
    """Return this browser's edit token for the group ``game`` was played in, if it holds one: a game played again
    stays in the group only then (a game joins a group with both edit rights, as in the API)."""
    group = group_of(game)
    return group_token(group) if group is not None else None


def left_out_of_group(old: Game) -> None:
    """Say, after "Play again" on a group's game from a browser without the group's edit link, why the new game is
    not in the group."""
    group = group_of(old)
    flash(_("This game is not in the group %(name)s: only a phone with the group's edit link adds games to it.",
            name=group.name), "ok")


def game_link(game: Game) -> str:
    """Return where this browser opens a game: through its group, when the browser may edit the group (and so the
    games started in it, ``open_game``), else its table."""
    group = group_of(game)
    if group is not None and group_token(group) is not None:
        return url_for("groups.open_game", group_id=group.public_id, game_id=game.public_id)
    return url_for("games.table", game_id=game.public_id)


# --- a page's change, committed or refused ---------------------------------------------------------------------

def check_csrf() -> None:
    """Check the CSRF token of a small form a page posts (the WTForms forms check their own)."""
    if current_app.config.get("WTF_CSRF_ENABLED", True):
        csrf.protect()


def saved(change: Callable[[], object]) -> dict[str, str] | None:
    """Apply a page's change and commit it; return the refusal in the reader's words, if any (nothing is kept)."""
    return applied(change)[0]


def applied(change: Callable[[], object]) -> tuple[dict[str, str] | None, int]:
    """Apply a page's change and commit it; return the refusal in the reader's words (nothing kept) and its status:
    409 for a change the game or night cannot take now, 422 for a wrong entry."""
    try:
        change()
        commit()
    except Problem as exc:
        db.session.rollback()
        return tr_errors(exc.errors), exc.status if exc.status in (409, 422) else 422
    except IntegrityError:  # the game's lock makes this rare; say only what is known
        db.session.rollback()
        return {"round": _("Another phone changed this game at the same moment; nothing was saved. "
                           "Reload and send it again.")}, 409
    return None, 200
