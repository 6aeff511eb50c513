"""The spectators' scoreboard of a game: what the live view swaps in, kept for every server to answer.

The live route renders it for whoever polls (``answer``); a spectator's copy is kept in ``kept_answer``
(see ``polling``), from which every worker and server answers the spectators' polls of that version. On
PostgreSQL a write renders the new version's copy in its own transaction for each language spectators
already follow the game in, so that even the first poll after a round finds it kept.
"""
from __future__ import annotations

from flask import current_app, has_request_context, render_template, request
from flask_babel import force_locale, get_locale
from sqlalchemy import text
from sqlalchemy.orm import Session

from . import cache, polling
from ..play import tables
from ..extensions import db
from ..store.models import Game, utcnow
from ..play.tables import TableView
from .variants import Live


def render(game: Game, view: TableView, token: str | None) -> str:
    """Render the scoreboard as an editor (with the edit token) or a spectator (None) sees it."""
    return render_template("games/_live.html", game=game, view=view, token=token)


def answer(game: Game, token: str | None) -> str:
    """Render the scoreboard for this request; a spectator's is kept for every worker and server to answer."""
    page = render(game, tables.table_view(game), token)
    if token is None and polling.shares(request.environ, polling.root_of(current_app)):
        polling.share(db.engine, game, Live(str(get_locale()), editor=False), page)
    return page


def commit() -> None:
    """Commit the request's change, the one commit of a request that writes.

    Before the commit, on PostgreSQL, the spectators' scoreboards of the versions the change made are rendered
    into the same transaction (``keep_new_versions``); after it, the live wing's one after-commit hook keeps the new
    versions' folds, views and pages (``cache.keep_what_committed``)."""
    keep_new_versions(db.session)
    db.session.commit()


def keep_new_versions(session: Session) -> None:
    """Before a request's write commits (``commit``), render the spectators' scoreboard of each version its changes make, in each
    language a spectator follows the game in, and keep it with the change.

    The kept answer commits, or not, with the change; what the render keeps in this process waits for the
    commit too (``cache.keep_what_committed``). A commit that changed no game (a replayed or refused write), or made outside a
    request (``flask import``), renders nothing: the first poll renders the new version.
    """
    changed = dict(cache.changes(session))
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
    if not polling.shares(request.environ, polling.root_of(current_app)):
        return
    languages = [(variant, shown.language) for variant in session.scalars(KEPT_VARIANTS, {"game_id": game.id})
                 if (shown := Live.from_etag(variant)) and not shown.editor]
    if not languages:
        return
    view = tables.table_view(game)
    for variant, language in languages:
        with force_locale(language):
            body = render(game, view, None)
        session.execute(polling.KEEP, {"game_id": game.id, "variant": variant, "release": cache.release(),
                                          "version": game.version, "kept": utcnow(), "body": body})
