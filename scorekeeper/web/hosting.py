"""What a hosted install needs around the app: proxy headers, security headers, secure cookies, rate
limits, no caching of answers that carry a token, static files kept a year by their content's hash, and structured
access logs."""
from __future__ import annotations

import hashlib
import json
import logging
import os
import re
import sys
import time
from collections.abc import Callable
from functools import lru_cache, wraps
from typing import Any

from flask import Flask, Response, abort, current_app, g, jsonify, request, session
from flask.sessions import SecureCookieSessionInterface
from flask_babel import lazy_gettext as _l
from flask_limiter.util import get_remote_address
from itsdangerous import BadSignature
from werkzeug.middleware.proxy_fix import ProxyFix

from ..extensions import limiter, talisman
from ..rules.messages import N_, msg
from ..store.models import MAX_DEPTH
from ..play.services import Problem
from .i18n import tr

CSP = {
    "default-src": "'self'",
    "img-src": "'self' data:",
    "object-src": "'none'",
    "base-uri": "'self'",
    "form-action": "'self'",
    "frame-ancestors": "'none'",
}
WRITES = ["POST", "PUT", "PATCH", "DELETE"]
RANDOM_RUN = re.compile(r"[A-Za-z0-9_-]{20,}")  # an edit token is 32 such characters; a game's id 16
BLANK = "…"
GAME_WORDS = frozenset({"edit", "rounds", "delete", "finish", "resume", "again", "live", "view-qr.svg", "edit-qr.svg",
                        "sheet.pdf", "rules.pdf", "join", "play", "players", "merge", "games", "stats", "history.csv",
                        "season.pdf"})  # the words of the addresses below a game or a group
SECRET_BEFORE = ("edit", "join")  # the words an edit token follows (a game's edit link, a group's join link)
access_log = logging.getLogger("scorekeeper.web.access")


def register(app: Flask) -> None:
    """Wire the proxy, headers, cookies, limits and logs to the app."""
    hops = int(app.config.get("PROXY_HOPS") or 0)
    if hops:  # trust exactly this many proxies for the client's address, scheme, host and prefix
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=hops, x_proto=hops, x_host=hops, x_prefix=hops)
    app.wsgi_app = SchemeAsConnected(app.wsgi_app)  # outside the proxy fix: it runs first
    app.after_request(hsts_only_over_https)  # registered first, so it runs after Talisman's headers
    talisman.init_app(app, force_https=False, session_cookie_secure=False, content_security_policy=CSP,
                      frame_options="DENY", referrer_policy="same-origin", strict_transport_security=True,
                      strict_transport_security_max_age=60 * 60 * 24 * 365)
    app.session_interface = SessionOverHttps()
    app.config.update(storage_settings(app.config))
    limiter.init_app(app)
    app.before_request(whole_json_body_or_413)
    app.before_request(json_object_or_400)
    app.after_request(no_store)
    app.log_exception = log_exception(app)  # an error's log line names the path too
    logging.getLogger("werkzeug").addFilter(without_tokens)  # `flask run`'s own request lines
    if app.config.get("ACCESS_LOG"):
        app.before_request(start_clock)
        app.after_request(log_request)
        access_log.disabled = False  # Alembic's fileConfig turns off loggers made before it ran
        if not access_log.handlers:
            handler = logging.StreamHandler(sys.stderr)
            handler.setFormatter(logging.Formatter("%(message)s"))
            access_log.addHandler(handler)
            access_log.setLevel(logging.INFO)
            access_log.propagate = False


def storage_settings(config) -> dict:
    """Return the settings by which the rate limits reach their counters (Flask-Limiter's).

    In memory (``memory://``, the default) each worker process counts alone: fine for one worker. Shared storage
    (RATELIMIT_STORAGE_URI=redis://host:6379) counts for every worker and server at once. A Redis that stops
    answering never holds a request for longer than RATELIMIT_STORAGE_TIMEOUT seconds nor fails it: each worker
    then counts in its own memory (it says so in its log, and /healthz too) and goes back to Redis once it answers.
    """
    uri = config.get("RATELIMIT_STORAGE_URI") or "memory://"
    if not is_redis(uri) or config.get("RATELIMIT_STORAGE_OPTIONS"):
        return {}
    timeout = float(config.get("RATELIMIT_STORAGE_TIMEOUT") or 0.5)
    return {"RATELIMIT_STORAGE_OPTIONS": {"socket_timeout": timeout, "socket_connect_timeout": timeout}}


def is_redis(uri: str) -> bool:
    """Say whether the limits' storage is a Redis server."""
    return uri.startswith(("redis://", "rediss://", "redis+unix://"))


def limits_storage() -> str | None:
    """Say, for /healthz, where this worker counts its limits when they are shared: "shared" while the storage
    answers, "unreachable" when it does not (the worker counts alone meanwhile); None when they are kept in memory."""
    if not limiter.enabled or not is_redis(current_app.config.get("RATELIMIT_STORAGE_URI") or ""):
        return None
    return "shared" if limiter.storage.check() else "unreachable"


# The headers a server may take the scheme from by itself (gunicorn's secure_scheme_headers)
SCHEME_HEADERS = ("HTTP_X_FORWARDED_PROTO", "HTTP_X_FORWARDED_PROTOCOL", "HTTP_X_FORWARDED_SSL")


class SchemeAsConnected:
    """WSGI middleware: the request's scheme is the connection's, whatever a client's header says, unless the proxy
    setting (PROXY_HOPS: ProxyFix, inside this) reads it from the trusted proxy's X-Forwarded-Proto.

    gunicorn takes the scheme from X-Forwarded-Proto (or -Protocol, -Ssl) for a client in its forwarded_allow_ips
    (127.0.0.1 by default: any client a proxy on the machine passes the header on for, and any client on it), so
    that a client could fake HTTPS and be sent HSTS and Secure cookies over plain HTTP. A request that carries one
    of these headers is taken as plain HTTP here; only a client that sends one over a direct HTTPS connection
    (no proxy) goes without HSTS and a Secure cookie, for itself alone.
    """

    def __init__(self, app):
        self.app = app

    def __call__(self, environ, start_response):
        if any(name in environ for name in SCHEME_HEADERS):
            environ["wsgi.url_scheme"] = "http"
        return self.app(environ, start_response)


def limit_blueprint(bp, methods=WRITES) -> None:
    """Limit the writes of a blueprint's routes, per game and client (routes may set their own)."""
    limiter.limit(write_limit, methods=methods, key_func=game_and_client)(bp)


SESSION_REFRESH_AFTER = 24 * 60 * 60  # seconds: the year-long cookie is sent again once a day, not on every answer
QUIET_POLLS = frozenset({"games.live"})  # endpoints polled every few seconds by an open page


class SessionOverHttps(SecureCookieSessionInterface):
    """Mark the session cookie Secure whenever the request came over HTTPS (directly or through the proxy).

    A session that did not change is sent again only once it is a day old (it lives a year from then),
    instead of signed again and sent with every answer; the serializer is made once per secret key.
    """

    def get_cookie_secure(self, app: Flask) -> bool:
        return bool(app.config["SESSION_COOKIE_SECURE"]) or request.is_secure

    def get_signing_serializer(self, app: Flask):
        keys = (app.secret_key, tuple(app.config["SECRET_KEY_FALLBACKS"] or ()))
        held = getattr(self, "_serializer", None)
        if held is None or held[0] != keys:
            held = self._serializer = (keys, super().get_signing_serializer(app))
        return held[1]

    def open_session(self, app: Flask, request):
        serializer = self.get_signing_serializer(app)
        cookie = request.cookies.get(self.get_cookie_name(app))
        if serializer is None or not cookie:
            return None if serializer is None else self.session_class()
        try:
            data, signed = serializer.loads(cookie, max_age=int(app.permanent_session_lifetime.total_seconds()),
                                            return_timestamp=True)
        except BadSignature:
            return self.session_class()
        session = self.session_class(data)
        session.signed_at = signed.timestamp()
        return session

    def should_set_cookie(self, app: Flask, session) -> bool:
        """Send the cookie when the session changed, else once a day; never on the live view's polls.

        A poll sent before an edit link was opened can answer after it; a refreshed cookie in that answer
        would put back the session without the new edit token.
        """
        if session.modified:
            return True
        if request.endpoint in QUIET_POLLS or not (session.permanent and app.config["SESSION_REFRESH_EACH_REQUEST"]):
            return False
        return time.time() - getattr(session, "signed_at", 0) > SESSION_REFRESH_AFTER


def hsts_only_over_https(response):
    """Drop HSTS unless this request really came over HTTPS.

    Talisman also believes an X-Forwarded-Proto header from anyone; only ProxyFix (PROXY_HOPS) may.
    """
    if not request.is_secure:
        response.headers.pop("Strict-Transport-Security", None)
    return response


def whole_json_body_or_413() -> None:
    """Refuse with 413 a JSON body sent without a Content-Length (chunked) that reaches MAX_CONTENT_LENGTH.

    For such a body (the server ends the stream: gunicorn) Werkzeug stops reading at the limit and hands
    get_data() what it read, cut short and without an error: the API would then answer that the JSON is
    malformed (400), or even take a cut body that happens to be whole JSON, instead of saying it is too much.
    """
    if request.content_length is not None or request.method not in WRITES or not request.max_content_length \
            or not request.is_json:
        return
    request.get_data(cache=True)
    if getattr(request.stream, "is_exhausted", False):
        abort(413)


NOT_AN_OBJECT = msg(N_("send a JSON object with Content-Type: application/json"))


def json_object_or_400():
    """Refuse with 400, naming ``body``, a write whose JSON body holds no JSON object (a list, text, a number, null,
    broken UTF-8, NaN, too deep), on every route: the API reads its body as an object (``api.views.json_body``),
    and a page's form reads a JSON body as its fields (Flask-WTF), which only an object can be. An empty body is
    no body: a route that needs one says so itself."""
    if request.method not in WRITES or not request.is_json or not request.get_data(cache=True):
        return None
    if json_object() is None:
        return jsonify(errors={"body": tr(NOT_AN_OBJECT)}), 400
    return None


def json_object() -> dict | None:
    """Return the request's JSON body as the object it holds (read once a request), or None: not JSON, or not an
    object (``read_object``)."""
    if "json_object" not in g:
        g.json_object = read_object(request.get_data(cache=True)) if request.is_json else None
    return g.json_object


def json_body() -> dict[str, Any]:
    """Return the request's JSON object (read once for every route: ``json_object``); refuse anything else
    with 400."""
    body = json_object()
    if body is None:
        raise Problem({"body": NOT_AN_OBJECT})
    return body


def bearer_token() -> str | None:
    """Return the token from ``Authorization: Bearer <token>``."""
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


def past_the_limit(limit) -> str:
    """Say, above a form past the limit of games started from one address (shown again as typed), how long to wait:
    a minute, or longer for the day's limit."""
    if limit.limit.get_expiry() <= 60:
        return _l("Many games were started from here in the last minute. Wait a minute, then start this one: "
                  "what you typed is kept.")
    return _l("Many games were started from here today. Try again later: what you typed is kept.")


def limits_creation(view=None, *, refused=None):
    """Count the games a client starts, by page or API alike, against one shared limit. ``refused(message)``
    answers a page's form past the limit: the form again, as typed, saying to wait (else the "slow down" page)."""
    def limited(view):
        return limiter.shared_limit(create_limit, scope="create", methods=["POST"],
                                    deduct_when=lambda _response: not g.get("nothing_created", False),
                                    on_breach=(lambda limit: refused(past_the_limit(limit))) if refused else None)(view)
    return limited(view) if view is not None else limited


def printing():
    """Count a PDF rendered for a client against one shared limit, checked as the render starts (``with
    printing(): ...``): a sheet of a long game is the dearest thing the app makes, and any reader may ask for one. A
    sheet sent from the cache, or a 304, is neither counted nor refused."""
    return limiter.shared_limit(print_limit, scope="print")


def nothing_created() -> None:
    """Say that this request to start a game started none after all (``limits_creation`` does not count it): it
    was sent to a game already started ("Play again" tapped on a second phone)."""
    g.nothing_created = True


def print_limit() -> str:
    """Return how many PDFs one client may have rendered."""
    return current_app.config["RATELIMIT_PRINT"]


def write_limit() -> str:
    """Return how many writes one client may send to one game."""
    return current_app.config["RATELIMIT_WRITES"]


def create_limit() -> str:
    """Return how many games one client may start."""
    return current_app.config["RATELIMIT_CREATE"]


def game_and_client() -> str:
    """Key a write by the client's address and the game (or club night) it writes to."""
    args = request.view_args or {}
    return f"{get_remote_address()}|{args.get('game_id') or args.get('night_id', '')}"


def carries_token() -> None:
    """Mark this answer as carrying an edit token: no cache may keep it."""
    g.carries_token = True


def no_store(response):
    """Keep answers that carry a token (in the body, an edit link or a new session cookie) out of caches."""
    if g.get("carries_token") or (session.modified and session.get("tokens")):
        response.headers["Cache-Control"] = "no-store"
    return response


def start_clock() -> None:
    """Note when the request came in, for the access log."""
    g.started = time.perf_counter()


def logged_path(path: str) -> str:
    """Return a path as the logs may keep it: no edit token, even in a mistyped or unknown address.

    Everything after an ``edit`` or ``join`` segment (``/games/<id>/edit/<token>``, ``/edit//<token>``,
    ``/Edit/<token>``, ``/editTOKEN``, ``/groups/<id>/join/<token>``) is blanked; below a game or a group
    (``/games/<id>/...``, ``/api/groups/<id>/...``) only the words of its addresses and numbers stay; and
    anywhere else a long random-looking run of letters and digits (a token pasted after a mistyped word, or
    alone) is blanked. Game ids stay.
    """
    segments = path.split("/")
    below = 2 if segments[1:2] in (["games"], ["groups"]) else \
        3 if segments[1:3] in (["api", "games"], ["api", "groups"]) else len(segments)
    kept: list[str] = []
    for index, segment in enumerate(segments):
        word = segment.casefold()
        secret = word.startswith(SECRET_BEFORE) and word != "edit-qr.svg"
        if secret and word not in GAME_WORDS:
            kept.append(segment[:4] + BLANK)  # a token glued to the word
        elif index > below and word not in GAME_WORDS and not segment.isdecimal():
            kept.append(BLANK if segment else segment)
        else:
            kept.append(RANDOM_RUN.sub(blank_random, segment))
        if secret:
            rest = segments[index + 1:]
            kept += [BLANK] if any(rest) else rest
            break
    return "/".join(kept)


def blank_random(run: re.Match) -> str:
    """Blank a run of 20 or more token characters, unless it reads as words (lowercase and hyphens)."""
    return run.group(0) if re.fullmatch(r"[a-z-]+", run.group(0)) else BLANK


def log_exception(app: Flask):
    """Return Flask's ``log_exception`` for this app, naming the path without its edit token."""
    def log(exc_info) -> None:
        app.logger.error(f"Exception on {logged_path(request.path)} [{request.method}]", exc_info=exc_info)
    return log


REQUEST_LINE = re.compile(r"(?P<method>[A-Z]+) (?P<target>\S+) (?P<version>HTTP/[0-9.]+)")


def without_tokens(record: logging.LogRecord) -> bool:
    """Blank the tokens in a development server's request lines (``flask run`` logs each request's whole address,
    and quotes a malformed one in its error) as the access log does: the path through ``logged_path``, the query
    string left out."""
    if record.args and isinstance(record.args, tuple):
        record.args = tuple(REQUEST_LINE.sub(logged_line, arg) if isinstance(arg, str) else arg for arg in record.args)
    return True


def logged_line(line: re.Match) -> str:
    """Return a request line as the logs may keep it (see ``without_tokens``)."""
    return f"{line['method']} {logged_path(line['target'].split('?')[0])} {line['version']}"


def log_request(response):
    """Write one JSON line per request; edit tokens in paths are blanked out, query strings left out."""
    log_access(request.remote_addr, request.method, request.path, response.status_code,
               response.calculate_content_length(), g.get("started", time.perf_counter()), request.user_agent.string)
    return response


def log_access(remote: str | None, method: str, path: str, status: int, size: int | None, started: float,
               agent: str) -> None:
    """Write the access log's line for one answer, the app's or the poll shortcut's (``cache.UnchangedPolls``)."""
    access_log.info(json.dumps({
        "time": time.strftime("%Y-%m-%dT%H:%M:%S%z"), "remote": remote, "method": method,
        "path": logged_path(path), "status": status, "bytes": size,
        "ms": round((time.perf_counter() - started) * 1000, 1), "agent": agent[:200],
    }, ensure_ascii=False))


def answer_headers(app: Flask, secure: bool) -> list[tuple[str, str]]:
    """Return the security headers the app puts on its answers (Talisman's; HSTS only over HTTPS), for an answer
    made in front of Flask (the poll shortcut), so that they are set in one place."""
    with app.test_request_context("/", base_url="https://localhost" if secure else "http://localhost"):
        response = hsts_only_over_https(talisman._set_response_headers(app.response_class()))
    return [(name, value) for name, value in response.headers.items() if name not in ("Content-Type", "Content-Length")]


def read_object(data: bytes) -> dict[str, Any] | None:
    """Return a JSON body as the object it holds, or None when it holds none: not JSON (broken UTF-8, NaN or
    Infinity, nested too deeply to read), not an object (a list, text, a number, null), or nested past MAX_DEPTH."""
    try:
        body = json.loads(data, parse_constant=refuse_constant)
    except (ValueError, RecursionError):
        return None
    return body if isinstance(body, dict) and depth(body) <= MAX_DEPTH else None


def depth(value: Any, limit: int = MAX_DEPTH + 1) -> int:
    """Return how deeply a JSON value nests (counting stops at ``limit``)."""
    if limit <= 0 or not isinstance(value, (dict, list)):
        return 0
    children = value.values() if isinstance(value, dict) else value
    return 1 + max((depth(child, limit - 1) for child in children), default=0)


def refuse_constant(name: str):
    """Refuse NaN and Infinity, which are not JSON and no database stores."""
    raise ValueError(name)


# --- static files with their content's hash in the URL, kept by browsers for a year ---------------------------

YEAR = 365 * 24 * 60 * 60


def version_static_files(app: Flask) -> None:
    """Version the static URLs (``?v=`` and the first 12 hex digits of the file's SHA-256) and send a file that names
    its current version with a year-long, immutable cache lifetime, anything else as before (``no-cache``:
    revalidated). A changed file has a new hash, hence a new URL, so no browser keeps an old one."""
    folder = app.static_folder

    @app.url_defaults
    def add_version(endpoint: str, values: dict) -> None:
        if endpoint == "static" and "filename" in values and "v" not in values:
            version = file_hash(folder, values["filename"])
            if version:
                values["v"] = version

    def max_age(filename: str | None) -> int | None:
        if filename and request.args.get("v") and request.args["v"] == file_hash(folder, filename):
            return YEAR
        return None

    app.get_send_file_max_age = max_age
    app.view_functions["static"] = immutable(app.view_functions["static"])


def immutable(send_static: Callable[..., Response]) -> Callable[..., Response]:
    """Wrap the static view so that a versioned file is sent immutable: a browser need not even revalidate it on
    reload. (The static view's own wrapper, not a hook every request would pass through.)"""
    @wraps(send_static)
    def sent(**values: Any) -> Response:
        response = send_static(**values)
        if response.cache_control.max_age == YEAR:
            response.cache_control.immutable = True
        return response
    return sent


@lru_cache(maxsize=256)
def file_hash(folder: str, filename: str) -> str | None:
    """Return the first 12 hex digits of a static file's SHA-256 (None for no such file), read once."""
    path = os.path.join(folder, filename)
    if not os.path.isfile(path) or os.path.commonpath([os.path.realpath(path), os.path.realpath(folder)]) \
            != os.path.realpath(folder):
        return None
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()[:12]
