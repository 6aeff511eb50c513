"""The one cache: what one version of a game gives, kept by key in this process, bounded, and tied to the release.

A key is (what is kept, the game, its version, the variant...). A game's version never repeats
(``models.new_version``), so a change makes new keys and nothing is ever invalidated by hand: the old entries fall
out of the bounded store. The variant is a typed value (an Enum or a frozen dataclass) with its own ``etag()``.
Every key holds the release (``release()``), so a kept page never outlives the templates and files it was rendered
with.

A transaction that moves a game to a new version says so (``changed``); what it then keeps for that version (its
fold, its view, the parts of its scoreboard) waits in the transaction and is kept once it commits (one after-commit
hook, ``keep_what_committed``), or forgotten with a rollback. Nothing of a version that may never be committed is
ever answered to another request.

The spectators' scoreboard of a game: rendered once a version, kept for every server, answered before Flask.

The live view polls ``/games/<id>/live`` every few seconds with the ETag it holds. Such a poll is answered in
front of Flask (``UnchangedPolls``) with one indexed SELECT through the app's own connection pool, without a
request context, a session, a round or a fold:

- 304 when the tag names the game's current version (almost every poll);
- 200 with the scoreboard of the current version when the tag is a spectator's and a server has already
  rendered that version's scoreboard for spectators in the tag's language (``share`` keeps it in
  ``kept_answer`` as the live route renders it, ``answer``). So each new version is rendered once for all the
  workers and servers, not once in each;
- anything else (an editor's tag, a version nobody rendered yet, any other request) goes on to the app.

On PostgreSQL a write renders the new version's copy in its own transaction (``commit``, the one commit of a
request that writes) for each language spectators already follow the game in, so that even the first poll after
a round finds it kept.

The tag holds the game's version, then what the page that took it showed (language, editor or spectator: a
``variants.Live``), then the release (``etag``, the app's one format). A spectator's scoreboard holds
nothing that the game's view link does not show, so whoever names the game and a spectator's tag may have it; an
editor's holds the editing controls and is always made by the app for the editor's own session.

A group's rendered answers (its page, a player's page, its JSON) are kept here too (``group_answer``), under the
group's public id and version, which moves on with every change to the group or its games and never repeats.
"""
from __future__ import annotations

import hashlib
import logging
import os
import re
import sys
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable
from datetime import timedelta
from functools import cache
from typing import Any, Protocol

from flask import Flask, current_app, has_request_context, render_template, request
from flask_babel import force_locale, get_locale
from sqlalchemy import event, text
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session
from werkzeug.exceptions import SecurityError
from werkzeug.wsgi import get_host

from ..extensions import db
from ..play import tables
from ..play.tables import TableView, keep_in, keep_latest
from ..store.database import SETTLED, read_row, settled
from ..store.models import Game, utcnow
from .variants import Live

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # the checkout: scorekeeper/, templates/, static/
KEPT = 2048  # entries kept in this process: folds, views, pages and parts of pages, JSON states, PDFs
KEPT_BYTES = 96 * 1024 * 1024  # and at most this much of their text and bytes (a big game's PDF is near a megabyte)
NOMINAL = 1024  # what an entry that is not text or bytes (a fold, a view) counts towards KEPT_BYTES


class Variant(Protocol, Hashable):
    """What one kind of answer of one game version depends on besides the version (language, role...)."""

    def etag(self) -> str: ...


@cache
def release() -> str:
    """Name this release: a digest of the code, templates, static files and catalogues it serves (read once)."""
    digest = hashlib.sha256()
    for folder in ("scorekeeper", "templates", "static"):
        for base, dirs, files in sorted(os.walk(os.path.join(ROOT, folder))):
            dirs.sort()
            for name in sorted(files):
                if name.endswith((".py", ".html", ".js", ".css", ".mo", ".svg", ".json", ".webmanifest")):
                    with open(os.path.join(base, name), "rb") as f:
                        digest.update(name.encode() + b"\0" + f.read())
    return digest.hexdigest()[:12]


def etag(public_id: str, version: int, variant: Variant) -> str:
    """Tag one version of a game as ``variant`` shows it: the game, the version, the variant, the release."""
    return f"{public_id}-{version}-{variant.etag()}-{release()}"


_kept: OrderedDict[tuple, Any] = OrderedDict()
_weight = [0]  # the sum of weight() over what is kept
_lock = threading.Lock()
UNCOMMITTED = "scorekeeper.live.cache"  # a session's info: (game, version) -> what its transaction made for that version


def changes(session: Session) -> list[tuple[str, int]]:
    """Return the (game, version) pairs ``session``'s transaction makes, not committed yet (``database.settled``)."""
    return list(settled(session))


def waiting(key: tuple, session: Session | None) -> dict | None:
    """Return the transaction's own store when ``key`` is of a version it makes and has not committed, else None.
    The store starts with the fold the transaction settled that version with."""
    if session is None:
        return None
    pair = tuple(key[1:3])
    fold = settled(session).get(pair)
    if fold is None:
        return None
    return session.info.setdefault(UNCOMMITTED, {}).setdefault(pair, {("fold", *pair): fold})


def get(key: tuple, session: Session | None = None) -> Any:
    """Return what is kept for ``key`` (in ``session``'s own store, for a version it made), or None."""
    if (own := waiting(key, session)) is not None:
        return own.get(key)
    with _lock:
        value = _kept.get((release(), *key))
        if value is not None:
            _kept.move_to_end((release(), *key))
        return value


def put(key: tuple, value: Any, session: Session | None = None) -> Any:
    """Keep ``value`` for ``key`` (the least recently used entries go beyond ``KEPT``); return it. For a version
    that ``session`` makes, it waits for the commit."""
    if (own := waiting(key, session)) is not None:
        own[key] = value
        return value
    with _lock:
        full_key = (release(), *key)
        if full_key in _kept:
            _weight[0] -= weight(_kept[full_key])
        _kept[full_key] = value
        _kept.move_to_end(full_key)
        _weight[0] += weight(value)
        while len(_kept) > KEPT or (_weight[0] > KEPT_BYTES and len(_kept) > 1):
            _weight[0] -= weight(_kept.popitem(last=False)[1])
    return value


def weight(value: Any) -> int:
    """Say how much a kept value counts towards ``KEPT_BYTES``: the memory text and bytes take (a page with one
    emoji in it takes four bytes a character), a nominal size for anything else."""
    return sys.getsizeof(value) if isinstance(value, (str, bytes)) else NOMINAL


def kept(key: tuple, make: Callable[[], Any], session: Session | None = None) -> Any:
    """Return what is kept for ``key``, made by ``make`` and kept when it is not."""
    value = get(key, session)
    return put(key, make(), session) if value is None else value


def keep_what_committed(session: Session) -> None:
    """Keep what a transaction made for the versions it committed: each version's fold (and the game's latest fold,
    which the next version's fold plays on), then its view and the parts of pages made of it."""
    made = session.info.pop(UNCOMMITTED, {})
    for (public_id, version), fold in session.info.pop(SETTLED, {}).items():
        put(("fold", public_id, version), fold)
        keep_latest(public_id, version, fold)
        for key, value in made.get((public_id, version), {}).items():
            put(key, value)


def forget_what_rolled_back(session: Session, previous_transaction) -> None:
    """Forget what a rolled-back transaction made: its versions were never committed."""
    session.info.pop(UNCOMMITTED, None)
    session.info.pop(SETTLED, None)


def listen() -> None:
    """Keep what each commit made (the one after-commit hook) and forget what a rollback made, for every session;
    plug this cache into the play wing as the memo of folds and views."""
    if not event.contains(Session, "after_commit", keep_what_committed):
        event.listen(Session, "after_commit", keep_what_committed)
        event.listen(Session, "after_soft_rollback", forget_what_rolled_back)
    keep_in(sys.modules[__name__])


def group_answer(public_id: str, version: int, variant: Variant, make: Callable[[], str]) -> str:
    """Return a group's answer kept for its version and ``variant`` (``variants.GroupPage``, ``variants.GroupJson``),
    or make it with ``make`` and keep it. Its tag has the app's one format (``etag``)."""
    return kept(("group", public_id, version, variant), make)


def size() -> int:
    """Say how many entries this process keeps (what a request added, counted from outside)."""
    with _lock:
        return len(_kept)


def held() -> list[Any]:
    """Return what this process keeps, oldest first: a look at the values (no key), for tests and a debugging eye."""
    with _lock:
        return list(_kept.values())


def clear() -> None:
    """Forget everything kept (a freshly started worker)."""
    with _lock:
        _kept.clear()
        _weight[0] = 0


LIVE = re.compile(r"/games/([A-Za-z0-9_-]{1,32})/live")
HTML = ("Content-Type", "text/html; charset=utf-8")
log = logging.getLogger(__name__)

# Keep a version's scoreboard, unless a later version's is kept already by this release (SQLite and PostgreSQL alike).
KEEP = text(
    "INSERT INTO kept_answer (game_id, variant, release, version, kept, body)"
    " VALUES (:game_id, :variant, :release, :version, :kept, :body)"
    " ON CONFLICT (game_id, variant) DO UPDATE SET release = excluded.release, version = excluded.version,"
    " kept = excluded.kept, body = excluded.body"
    " WHERE kept_answer.version < excluded.version OR kept_answer.release <> excluded.release")
PRUNE = text("DELETE FROM kept_answer WHERE kept < :before")
KEPT_DAYS = 2  # a scoreboard nobody asked to keep again for this long goes (a game not played any more)
PRUNE_EVERY = 500  # scoreboards kept by this process between two prunings
VERSION = "SELECT version FROM game WHERE public_id = ?"
# The body only when the poll needs it: not when the game is still at the version the poll holds (a 304), as
# reading it (out of line, decompressed: several KB) cost the database more than the rest of the poll.
VERSION_AND_SCOREBOARD = ("SELECT g.version, k.version, CASE WHEN g.version <> ? AND k.version = g.version"
                          " THEN k.body END FROM game g LEFT JOIN kept_answer k"
                          " ON k.game_id = g.id AND k.variant = ? AND k.release = ? WHERE g.public_id = ?")


def register(app: Flask, headers: Callable[[Flask, bool], list[tuple[str, str]]],
             log_access: Callable[..., None]) -> None:
    """Wire the live wing into the app: the one after-commit hook (``listen``), and the poll shortcut in front of the
    app (inside any proxy fix, so the access log sees the client). The app's own headers (``headers(app, secure)``)
    and access log line (``log_access``) come from the web wing, which sets them on every other answer: create_app
    passes them in."""
    listen()
    with app.app_context():
        engine = db.engine
    shortcut = UnchangedPolls(app.wsgi_app, engine, bool(app.config.get("ACCESS_LOG")),
                              frozenset(app.config["LANGUAGES"]), root_of(app), app, app.config.get("TRUSTED_HOSTS"))
    shortcut.answer_headers, shortcut.log_access = headers, log_access
    app.wsgi_app = shortcut


def root_of(app: Flask) -> str:
    """Return the root path the app is mounted at, as ``SCRIPT_NAME`` holds it ("" at the top)."""
    return (app.config.get("APPLICATION_ROOT") or "/").rstrip("/")


def shares(environ, root: str) -> bool:
    """Say whether a scoreboard rendered for this request may be kept for every server: only one rendered at the
    app's own root (its links are made for it), so that nothing a request sends can add a kept answer."""
    return environ.get("SCRIPT_NAME", "") == root


_kept_since_pruning = [0]
_pruning_lock = threading.Lock()


def share(engine, game, variant: Live, body: str) -> None:
    """Keep the game's current version of a spectator's scoreboard (``variant``) for every worker and
    server, tagged with this release (a cache: a failure is only logged). At most one row per game and variant;
    rows not kept again for ``KEPT_DAYS`` are pruned now and then.

    Once per version and variant in each process: writing it again would cost the database a write each time.
    """
    params = {"game_id": game.id, "variant": variant.etag(), "release": release(), "version": game.version,
              "kept": utcnow(), "body": body}
    done = ("shared", game.public_id, game.version, variant)
    if get(done):
        return
    with _pruning_lock:
        _kept_since_pruning[0] += 1
        prune = _kept_since_pruning[0] % PRUNE_EVERY == 1
    try:
        with engine.begin() as connection:
            connection.execute(KEEP, params)
            if prune:
                connection.execute(PRUNE, {"before": params["kept"] - timedelta(days=KEPT_DAYS)})
    except SQLAlchemyError as exc:  # the game deleted meanwhile, a busy database: the next poll renders it
        log.info("%s of game %s version %s not kept: %s", variant, game.public_id, game.version, exc)
        return
    put(done, True)


class UnchangedPolls:
    """WSGI middleware: 304 for a poll whose If-None-Match names the game's current version, and a
    spectator's scoreboard of the current version when one is kept."""

    def __init__(self, app, engine, log: bool = False, languages: frozenset[str] = frozenset(), root: str = "",
                 flask_app: Flask | None = None, trusted_hosts: list[str] | None = None):
        self.app, self.engine, self.log, self.languages, self.root = app, engine, log, languages, root
        self.trusted_hosts = trusted_hosts  # a poll under another host goes on to the app, which refuses it
        self.flask_app = flask_app
        self.answer_headers: Callable[[Flask, bool], list[tuple[str, str]]] = lambda app, secure: []
        self.log_access: Callable[..., None] = lambda *line: None
        self.shared: dict[bool, list[tuple[str, str]]] = {}  # the app's own headers, over HTTP and HTTPS

    def headers(self, environ, tag: str) -> list[tuple[str, str]]:
        """Return the headers of an answer made here: the tag, then the app's own (``hosting.answer_headers``)."""
        secure = environ.get("wsgi.url_scheme") == "https"
        if secure not in self.shared:
            self.shared[secure] = self.answer_headers(self.flask_app, secure) if self.flask_app else []
        return [("ETag", f'"{tag}"'), ("Cache-Control", "no-cache"), *self.shared[secure]]

    def __call__(self, environ, start_response):
        found = environ.get("HTTP_IF_NONE_MATCH") and environ["REQUEST_METHOD"] == "GET" \
            and LIVE.fullmatch(environ.get("PATH_INFO", ""))
        if not found or not self.trusted(environ):
            return self.app(environ, start_response)
        started = time.perf_counter()
        public_id = found.group(1)
        tags = held_tags(public_id, environ["HTTP_IF_NONE_MATCH"])
        if not tags:
            return self.app(environ, start_response)
        variant = next(iter(tags.values()))[1]
        try:
            if not variant.editor and variant.language in self.languages and shares(environ, self.root):
                row = read_row(self.engine, VERSION_AND_SCOREBOARD,
                               (max(tags), variant.etag(), release(), public_id))
            else:
                row = read_row(self.engine, VERSION, (public_id,))
        except (SQLAlchemyError, self.engine.dialect.loaded_dbapi.Error):  # the app answers (503 when it is down)
            row = None
        if row is None:
            return self.app(environ, start_response)
        version = row[0]
        if version in tags:
            start_response("304 NOT MODIFIED", self.headers(environ, tags[version][0]))
            self.logged(environ, started, 304, 0)
            return []
        if len(row) == 3 and row[1] == version and row[2] is not None:  # this version's scoreboard, as rendered
            body = row[2].encode()
            tag = etag(public_id, version, variant)
            start_response("200 OK", [HTML, ("Content-Length", str(len(body))), *self.headers(environ, tag)])
            self.logged(environ, started, 200, len(body))
            return [body]
        return self.app(environ, start_response)

    def trusted(self, environ) -> bool:
        """Say whether the poll names a host the app may be asked under (``TRUSTED_HOSTS``; any, when none is set)."""
        if not self.trusted_hosts:
            return True
        try:
            get_host(environ, self.trusted_hosts)
        except SecurityError:
            return False
        return True

    def logged(self, environ, started: float, status: int, size: int) -> None:
        if self.log:
            self.log_poll(environ, started, status, size)

    def log_poll(self, environ, started: float, status: int = 304, size: int = 0) -> None:
        """Write the access log's line for a poll answered here, as the app writes the others."""
        self.log_access(environ.get("REMOTE_ADDR"), "GET", environ.get("PATH_INFO", ""), status, size, started,
                        environ.get("HTTP_USER_AGENT", ""))


def held_tags(public_id: str, header: str) -> dict[int, tuple[str, Live]]:
    """Read the tags in ``header`` that name a version of this game's scoreboard as this release tags it
    (``etag``): {version: (tag, variant)}."""
    held = {}
    head, tail = f"{public_id}-", f"-{release()}"
    for tag in header.split(","):
        tag = tag.strip().removeprefix("W/").strip('"')
        version, _, shown = tag.removeprefix(head).removesuffix(tail).partition("-")
        variant = Live.from_etag(shown)
        if tag.startswith(head) and tag.endswith(tail) and variant and version.isdigit() and len(version) < 20:
            held[int(version)] = (tag, variant)
    return held


def render(game: Game, view: TableView, token: str | None) -> str:
    """Render the scoreboard as an editor (with the edit token) or a spectator (None) sees it."""
    return render_template("games/_live.html", game=game, view=view, token=token)


def answer(game: Game, token: str | None) -> str:
    """Render the scoreboard for this request; a spectator's is kept for every worker and server to answer."""
    page = render(game, tables.table_view(game), token)
    if token is None and shares(request.environ, root_of(current_app)):
        share(db.engine, game, Live(str(get_locale()), editor=False), page)
    return page


def commit() -> None:
    """Commit the request's change, the one commit of a request that writes.

    Before the commit, on PostgreSQL, the spectators' scoreboards of the versions the change made are rendered
    into the same transaction (``keep_new_versions``); after it, the live wing's one after-commit hook keeps the new
    versions' folds, views and pages (``keep_what_committed``)."""
    keep_new_versions(db.session)
    db.session.commit()


def keep_new_versions(session: Session) -> None:
    """Before a request's write commits (``commit``), render the spectators' scoreboard of each version its changes make, in each
    language a spectator follows the game in, and keep it with the change.

    The kept answer commits, or not, with the change; what the render keeps in this process waits for the
    commit too (``keep_what_committed``). A commit that changed no game (a replayed or refused write), or made outside a
    request (``flask import``), renders nothing: the first poll renders the new version.
    """
    changed = dict(changes(session))
    if not changed or not has_request_context() or not renders_in_writes(session):
        return
    for game in [o for o in session.identity_map.values() if isinstance(o, Game) and o.public_id in changed]:
        keep_version(session, game)


def renders_in_writes(session: Session) -> bool:
    """Say whether a write renders its new scoreboard: on PostgreSQL, whose lock is the game's row. SQLite's
    write lock is the whole database's, and rendering under it holds up every other table's write (a
    writer waiting on it sleeps in coarse steps; ``docs/benchmarks.md`` has the figures); there the first poll
    after a round renders it, and keeps it for the others (``answer``)."""
    return session.get_bind().dialect.name == "postgresql"


KEPT_VARIANTS = text("SELECT variant FROM kept_answer WHERE game_id = :game_id")


def keep_version(session: Session, game: Game) -> None:
    """Render and keep one changed game's new scoreboard for the spectators that follow it."""
    if not shares(request.environ, root_of(current_app)):
        return
    languages = [(variant, shown.language) for variant in session.scalars(KEPT_VARIANTS, {"game_id": game.id})
                 if (shown := Live.from_etag(variant)) and not shown.editor]
    if not languages:
        return
    view = tables.table_view(game)
    for variant, language in languages:
        with force_locale(language):
            body = render(game, view, None)
        session.execute(KEEP, {"game_id": game.id, "variant": variant, "release": release(),
                              "version": game.version, "kept": utcnow(), "body": body})
