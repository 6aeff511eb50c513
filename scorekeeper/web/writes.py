"""The one commit of a request that writes, at the request's boundary.

Saving goes one way: a view asks the play wing for the change (it flushes, never commits), then commits here,
once. Before the commit, on PostgreSQL, the spectators' scoreboards of the versions the change made are rendered
into the same transaction (``scoreboard.keep_new_versions``); after it, the live wing's one after-commit hook keeps
the new versions' folds, views and pages (``cache.keep_what_committed``).
"""
from __future__ import annotations

from collections.abc import Callable

from flask_babel import gettext as _
from sqlalchemy.exc import IntegrityError

from ..extensions import db
from ..live import scoreboard
from ..play.services import Problem
from .i18n import tr_errors


def commit() -> None:
    """Commit the request's change: its spectators' new scoreboards with it, then what it made is kept."""
    scoreboard.keep_new_versions(db.session)
    db.session.commit()


def saved(change: Callable[[], object]) -> dict[str, str] | None:
    """Apply a page's change and commit it; return the refusal in the reader's words, if any (nothing is kept)."""
    try:
        change()
        commit()
    except Problem as exc:
        db.session.rollback()
        return tr_errors(exc.errors)
    except IntegrityError:  # the game's lock makes this rare; say only what is known
        db.session.rollback()
        return {"round": _("Another phone changed this game at the same moment; nothing was saved. "
                           "Reload and send it again.")}
    return None
