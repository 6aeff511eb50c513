"""gunicorn's settings for the app: ``gunicorn -c python:scorekeeper.web.serving "scorekeeper:create_app()"``.

Only what the app asks of its server, so that the command line keeps the install's own choices (workers,
address, timeouts).

The cyclic garbage collector: each worker keeps the folds, views and pages of the games it serves, and
holds its modules, app, routes and templates, all long-lived. A full collection walks every one of them
(measured in ``docs/benchmarks.md``), and every request waiting for that worker waits as long. So once a worker has
loaded the app it freezes what it holds (never collected, never walked again), and it runs a full
collection a tenth as often as Python would: the young generations still collect a request's own cycles
at once.

The master loads the app once and each worker is forked from it (``preload_app``): a worker (re)starts in about
0.1 s of CPU instead of about 1 s, so one killed by a timeout or a crash is back at once, and the workers share the
pages of the modules and templates they did not change. Nothing the master made holds a connection: ``create_app``
opens none (a database or Redis connection is made on a worker's first request), and the master freezes what it
holds before each fork, so no worker's collector walks it or copies its pages.
"""
from __future__ import annotations

import gc

FULL_COLLECTIONS_EVERY = 100  # collections of the middle generation per full one (Python's default: 10)
preload_app = True


def pre_fork(server, worker) -> None:
    """Freeze what the master holds (the loaded app) before a worker is forked from it."""
    gc.collect()
    gc.freeze()


def post_worker_init(worker) -> None:
    """Freeze what the worker holds once it is ready (little beyond what it was forked with), and collect in full
    less often."""
    young, middle, _old = gc.get_threshold()
    gc.collect()
    gc.freeze()
    gc.set_threshold(young, middle, FULL_COLLECTIONS_EVERY)


try:
    from gunicorn.glogging import Logger
except ImportError:  # gunicorn is not installed: nothing here is used
    Logger = object


class TokenFreeLogger(Logger):
    """gunicorn's logger, whose access log (``--access-logfile``, off by default) writes paths as the app's does:
    no edit token even in a mistyped address (``hosting.logged_path``), no query string, and no header that
    carries a secret (``Authorization``, ``X-Access-Code``, ``Cookie``)."""

    SECRET_HEADERS = ("{authorization}i", "{x-access-code}i", "{cookie}i", "{set-cookie}o", "{http_authorization}e",
                      "{http_x_access_code}e", "{http_cookie}e")

    def atoms(self, resp, req, environ, request_time):
        from .hosting import logged_path

        atoms = super().atoms(resp, req, environ, request_time)
        path = logged_path(environ.get("PATH_INFO", ""))
        atoms.update({"r": f"{environ.get('REQUEST_METHOD')} {path} {environ.get('SERVER_PROTOCOL')}", "U": path,
                      "q": "", "u": "-", "{raw_uri}e": path, "{query_string}e": ""})
        referer = atoms.get("f", "-")
        if referer != "-":
            atoms["f"] = referer.split("?", 1)[0]
            scheme, sep, rest = atoms["f"].partition("://")
            host, slash, tail = rest.partition("/")
            atoms["f"] = f"{scheme}{sep}{host}{logged_path(slash + tail)}" if sep else logged_path(atoms["f"])
        for name in self.SECRET_HEADERS:
            if name in atoms:
                atoms[name] = "…"
        return atoms


logger_class = TokenFreeLogger
