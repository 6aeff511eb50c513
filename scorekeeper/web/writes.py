"""A page's change, committed once at the request's boundary, or refused in the reader's words.

Saving goes one way: a view asks the play wing for the change (it flushes, never commits), then commits once with
the live wing's ``scoreboard.commit``, as the JSON API's views do.
"""
from __future__ import annotations

from collections.abc import Callable

from flask import current_app
from flask_babel import gettext as _
from sqlalchemy.exc import IntegrityError

from ..extensions import csrf, db
from ..live.scoreboard import commit
from ..play.services import Problem
from .i18n import tr_errors


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
