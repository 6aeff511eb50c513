"""Answer an unchanged game's poll before Flask: a 304 from the game's version alone.

The live view polls ``/games/<id>/live`` every few seconds with the ETag it holds, and almost every
poll finds the game unchanged. Such a poll is answered here with one indexed SELECT of the version,
through the app's own connection pool, without a request context, a session, a round or a fold; any
other request, and a poll whose tag names another version, goes on to the app.

The tag holds the game's version, then what the page that took it showed (language, editor or
spectator: see ``games.views.live_tag``). Only the version is checked here: a 304 says that the copy
the page holds is still current, and the page decides what it shows (it took its tag as it loaded).
"""
from __future__ import annotations

import json
import re
import time

from flask import Flask

from .database import read_row

LIVE = re.compile(r"/games/([A-Za-z0-9_-]{1,32})/live")
HEADERS = [("Cache-Control", "no-cache"), ("X-Content-Type-Options", "nosniff")]


def register(app: Flask, db) -> None:
    """Put the shortcut in front of the app (inside any proxy fix, so the access log sees the client)."""
    with app.app_context():
        engine = db.engine
    app.wsgi_app = UnchangedPolls(app.wsgi_app, engine, bool(app.config.get("ACCESS_LOG")))


class UnchangedPolls:
    """WSGI middleware: 304 for a poll whose If-None-Match names the game's current version."""

    def __init__(self, app, engine, log: bool = False):
        self.app, self.engine, self.log = app, engine, log

    def __call__(self, environ, start_response):
        found = environ.get("HTTP_IF_NONE_MATCH") and environ["REQUEST_METHOD"] == "GET" \
            and LIVE.fullmatch(environ.get("PATH_INFO", ""))
        if found:
            started = time.perf_counter()
            tag = self.current_tag(found.group(1), environ["HTTP_IF_NONE_MATCH"])
            if tag is not None:
                start_response("304 NOT MODIFIED", [("ETag", f'"{tag}"'), *HEADERS])
                if self.log:
                    log_poll(environ, started)
                return []
        return self.app(environ, start_response)

    def current_tag(self, public_id: str, header: str) -> str | None:
        """Return the tag in ``header`` that names this game's current version, if one does."""
        versions = {}
        for tag in header.split(","):
            tag = tag.strip().removeprefix("W/").strip('"')
            version, live, _rest = tag.removeprefix(f"{public_id}-").partition("-live-")
            if tag.startswith(f"{public_id}-") and live and version.isdigit() and len(version) < 12:
                versions[int(version)] = tag
        return versions.get(self.version_of(public_id)) if versions else None

    def version_of(self, public_id: str) -> int | None:
        """Read a game's version with one query on a pooled connection (None: no such game)."""
        row = read_row(self.engine, "SELECT version FROM game WHERE public_id = ?", (public_id,))
        return None if row is None else row[0]


def log_poll(environ, started: float) -> None:
    """Write the access log's line for a poll answered here, as hosting.log_request writes the others."""
    from .hosting import access_log

    access_log.info(json.dumps({
        "time": time.strftime("%Y-%m-%dT%H:%M:%S%z"), "remote": environ.get("REMOTE_ADDR"), "method": "GET",
        "path": environ.get("PATH_INFO"), "status": 304, "bytes": 0,
        "ms": round((time.perf_counter() - started) * 1000, 1),
        "agent": environ.get("HTTP_USER_AGENT", "")[:200],
    }, ensure_ascii=False))
