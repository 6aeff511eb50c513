"""Default settings; the database comes from DATABASE_URL, secrets from instance/."""
from __future__ import annotations

import os
import secrets
from pathlib import Path


def database_url(instance_path: str) -> str:
    """Return DATABASE_URL, or the SQLite file in instance/ when none is set."""
    url = os.environ.get("DATABASE_URL")
    if not url:
        return "sqlite:///" + os.path.join(instance_path, "scorekeeper.sqlite")
    if url.startswith("postgres://"):  # the form some hosts hand out; SQLAlchemy wants postgresql://
        url = "postgresql://" + url.removeprefix("postgres://")
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url.removeprefix("postgresql://")
    return url


def secret_key(instance_path: str) -> str:
    """Return SECRET_KEY from the environment, or the one kept in instance/ (made on first run)."""
    if os.environ.get("SECRET_KEY"):
        return os.environ["SECRET_KEY"]
    path = Path(instance_path) / "secret_key"
    if not path.exists():
        path.write_text(secrets.token_urlsafe(48))
        path.chmod(0o600)
    return path.read_text().strip()


def trusted_hosts(server_name: str | None, trusted: list[str] | None) -> list[str] | None:
    """Return the host names a request may be asked under (Flask's ``TRUSTED_HOSTS``; any other gets 400): those
    set, else the one ``SERVER_NAME`` names, the host every link is written with. None (any host) only at home,
    where neither is set and links follow the address a page was asked under."""
    if trusted is not None:
        return list(trusted)
    return [server_name] if server_name else None


def engine_options(url: str, options: dict, connect_timeout: int | None = None,
                   statement_timeout: int | None = None) -> dict:
    """Drop the pool's ping on SQLite: a file never drops a connection, and the ping is a SELECT 1 per request.

    On PostgreSQL, give up on a connection the server does not open within ``connect_timeout`` seconds, and have
    the server cancel any statement that runs longer than ``statement_timeout`` milliseconds (a lock held too
    long, a stuck query): the request then answers 503 instead of holding its worker until it is killed.
    """
    if url.startswith("sqlite"):
        return {k: v for k, v in options.items() if k != "pool_pre_ping"}
    if url.startswith("postgresql"):
        connect_args = dict(options.get("connect_args") or {})
        if connect_timeout:
            connect_args.setdefault("connect_timeout", int(connect_timeout))
        if statement_timeout:
            extra = connect_args.get("options", "")
            connect_args["options"] = f"{extra} -c statement_timeout={int(statement_timeout)}".strip()
        return {**options, "connect_args": connect_args}
    return options


def defaults(instance_path: str) -> dict:
    """Return the settings every install starts from."""
    return {
        "SQLALCHEMY_DATABASE_URI": database_url(instance_path),
        "SQLALCHEMY_ENGINE_OPTIONS": {"pool_pre_ping": True},
        "MAX_CONTENT_LENGTH": 256 * 1024,
        "WTF_CSRF_TIME_LIMIT": None,
        # Forms check their own token, so a refused form is shown again with what was typed;
        # the small button forms call csrf.protect() themselves.
        "WTF_CSRF_CHECK_DEFAULT": False,
        "BABEL_DEFAULT_LOCALE": "en",
        "LANGUAGES": ["en", "fr"],
        "SESSION_COOKIE_SAMESITE": "Lax",
        "PERMANENT_SESSION_LIFETIME": 60 * 60 * 24 * 365,
        # A hosted install: the access code that guards starting games and the full list (off at home),
        # how many proxies stand in front (their X-Forwarded-* headers are trusted), JSON access logs.
        "ACCESS_CODE": os.environ.get("SCOREKEEPER_ACCESS_CODE") or None,
        "PROXY_HOPS": int(os.environ.get("SCOREKEEPER_PROXY_HOPS") or 0),
        "ACCESS_LOG": os.environ.get("SCOREKEEPER_ACCESS_LOG", "").lower() in ("1", "true", "yes", "on"),
        # PostgreSQL: seconds to wait for a new connection (libpq's least: 2), milliseconds a statement may run
        # (0: no limits).
        "DATABASE_CONNECT_TIMEOUT": int(os.environ.get("SCOREKEEPER_DB_CONNECT_TIMEOUT") or 2),
        "DATABASE_STATEMENT_TIMEOUT": int(os.environ.get("SCOREKEEPER_DB_STATEMENT_TIMEOUT") or 15_000),
        # Seconds a call may wait on a database that answers nothing else either (frozen, its disk hung) before it
        # is cut and answered 503; SQLite's lock waits too (database.py; 0: no deadline).
        "DATABASE_DEADLINE": float(os.environ.get("SCOREKEEPER_DB_DEADLINE") or 1.5),
        "HEALTH_TIMEOUT": 1.5,  # seconds /healthz waits for the database before it answers 503
        "RATELIMIT_ENABLED": True,
        # Where the limits count: memory:// in each worker process, or redis://host:6379 for every worker and
        # server (pip install -e ".[redis]"). A Redis that does not answer within RATELIMIT_STORAGE_TIMEOUT seconds
        # fails no request: each worker counts alone until it answers again.
        "RATELIMIT_STORAGE_URI": os.environ.get("RATELIMIT_STORAGE_URI") or "memory://",
        "RATELIMIT_STORAGE_TIMEOUT": 0.5,
        "RATELIMIT_KEY_PREFIX": "scorekeeper",  # another app (or install) on the same Redis counts apart
        "RATELIMIT_IN_MEMORY_FALLBACK_ENABLED": True,
        "RATELIMIT_SWALLOW_ERRORS": True,
        "RATELIMIT_HEADERS_ENABLED": True,
        "RATELIMIT_WRITES": "60 per minute",  # per game and client: a table sends a few a minute
        "RATELIMIT_CREATE": "20 per minute; 300 per day",  # per client: a club behind one address
        "RATELIMIT_PRINT": "10 per minute; 200 per day",  # PDFs rendered for one client (not those sent as kept)
        # Wrong guesses at the access code, kept in the database (every worker counts them): per browser, and
        # per address as a whole (a club behind one address)
        "RATELIMIT_ACCESS_CODE": "10 per minute",
        "RATELIMIT_ACCESS_CODE_ADDRESS": "50 per minute; 300 per day",
    }
