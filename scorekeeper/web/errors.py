"""Errors answered in table words: a page for people, JSON under /api."""
from __future__ import annotations

from flask import Flask, current_app, make_response, render_template, request
from flask_babel import gettext as _
from sqlalchemy import exc as sa
from werkzeug.exceptions import NotFound, SecurityError

from .jsonapi import http_error
from ..extensions import db
from .i18n import upper_first


def register(app: Flask) -> None:
    """Answer HTTP errors and unexpected failures, never with a bare 500."""
    for code in (400, 403, 404, 405, 413, 429):
        app.register_error_handler(code, page_error)
    app.register_error_handler(SecurityError, unknown_host)
    app.register_error_handler(500, server_error)
    for error in unavailable_errors(app):
        app.register_error_handler(error, database_unavailable)


RETRY_AFTER = 5  # seconds a client is asked to wait when the database does not answer


def unavailable_errors(app: Flask) -> tuple[type[Exception], ...]:
    """Return the errors that say the database cannot be reached or did not answer in time: SQLAlchemy's, and the
    driver's own (raised by the head reads, which go around SQLAlchemy's wrapping)."""
    with app.app_context():
        dbapi = db.engine.dialect.loaded_dbapi
    return (sa.OperationalError, sa.InterfaceError, sa.TimeoutError, dbapi.OperationalError, dbapi.InterfaceError)


def database_unavailable(exc):
    """Answer 503 when the database is down, hangs or is busy past its timeouts: try again shortly, not a 500."""
    try:
        db.session.rollback()
    except Exception:  # noqa: BLE001 (the connection is gone: nothing to roll back)
        pass
    cause = getattr(exc, "orig", None) or exc  # the driver's words (never the statement's parameters)
    current_app.logger.error("the database does not answer: %s: %s", type(cause).__name__, str(cause)[:300])
    if request.path.startswith("/api/"):
        response = make_response({"errors": {"server": _("the database does not answer just now; try again in a "
                                                         "few seconds")}}, 503)
    else:
        response = make_response(render_template(
            "errors/error.html", title=_("The scores are out of reach for a moment"),
            text=_("The server cannot reach its database just now. Please try again in a few seconds.")), 503)
    response.headers["Retry-After"] = str(RETRY_AFTER)
    return response


def server_error(exc):
    """Answer an unexpected failure without showing its insides."""
    db.session.rollback()
    if request.path.startswith("/api/"):
        return {"errors": {"server": _("Something went wrong on our side; nothing was saved.")}}, 500
    return render_template("errors/error.html", title=_("Something went wrong"),
                           text=_("Nothing was saved. Please try again.")), 500


def unknown_host(exc):
    """Refuse a request asked under a host the app is not (``TRUSTED_HOSTS``) with 400, in plain text: no link can
    be made for it, so no page either."""
    text = _("This server does not answer under that name.")
    if request.path.startswith("/api/"):
        return {"errors": {"host": text}}, 400
    return text, 400, {"Content-Type": "text/plain; charset=utf-8"}


class GroupNotShown(NotFound):
    """A group this browser holds no link of, or no group at all: the same answer, which tells the two apart for
    nobody, but says where a group's link comes from."""


def page_error(exc):
    """Show a page error in table words (the API answers JSON; see api.views)."""
    if exc.code == 429 and getattr(exc, "response", None) is not None:  # a form past the limit, again as typed
        return exc.response
    if exc.code in PLAIN:  # the API's and the pages' words, in place of the library's
        exc.description = PLAIN[exc.code]()
    if exc.code == 429 and getattr(getattr(exc, "limit", None), "limit", None) is not None \
            and exc.limit.limit.get_expiry() > 60:  # a day's limit, not a minute's
        exc.description = _("too many requests from here today; try again later")
    if request.path.startswith("/api/"):
        response = make_response(http_error(exc))
        if exc.code == 429 and getattr(exc, "retry_after", None):  # the access code's own limit (access.guess)
            response.headers.update(exc.get_headers())
            response.headers["Content-Type"] = "application/json"
        return response
    texts = {
        403: (_("You can follow this game, but not change it"), _("Ask whoever started it for the edit link.")),
        400: (_("That form could not be read"), _("It may have expired. Go back, reload the page and send it again.")),
        404: (_("Nothing here"), _("There is no such group, or this browser was never given its link: open the "
                                   "link its players were sent, or ask whoever keeps the group for it.")
              if isinstance(exc, GroupNotShown) else _("There is no such game or page; check the link.")),
        413: (_("That was too much to send"), sentence(exc.description)),
        429: (_("Slow down a little"), sentence(exc.description)),
    }
    title, text = texts.get(exc.code, (_("That did not work"), sentence(exc.description)))
    response = make_response(render_template("errors/error.html", title=title, text=text), exc.code)
    if exc.code == 429:
        response.headers.update(exc.get_headers() if hasattr(exc, "get_headers") else {})
        response.headers["Content-Type"] = "text/html; charset=utf-8"
    return response


PLAIN = {
    404: lambda: _("there is no such game or page here; check the link"),
    405: lambda: _("this address does not take that kind of request"),
    413: lambda: _("that is more than this server takes in one request (at most %(kb)s KB); send less",
                   kb=(current_app.config.get("MAX_CONTENT_LENGTH") or 0) // 1024),
    429: lambda: _("too many requests from here in a short time; wait a minute, then try again"),
}


def sentence(text: str) -> str:
    """Make a message a sentence: its first letter capital, the rest as written ("Ko" stays "Ko"), a full stop."""
    return upper_first(text) + ("" if text.endswith(".") else ".")
