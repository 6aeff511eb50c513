"""gunicorn's settings for the app: ``gunicorn -c python:scorekeeper.serving "scorekeeper:create_app()"``.

Only what the app asks of its server, so that the command line keeps the install's own choices (workers,
address, timeouts).

The cyclic garbage collector: each worker keeps the folds, views and pages of the games it serves, and
holds its modules, app, routes and templates, all long-lived. A full collection walks every one of them
(about 25 ms for what the app holds at start, 65 ms with its caches full, on the machine of
``docs/benchmarks.md``), and every request waiting for that worker waits as long. So once a worker has
loaded the app it freezes what it holds (never collected, never walked again), and it runs a full
collection a tenth as often as Python would: the young generations still collect a request's own cycles
at once.
"""
from __future__ import annotations

import gc

FULL_COLLECTIONS_EVERY = 100  # collections of the middle generation per full one (Python's default: 10)


def post_worker_init(worker) -> None:
    """Freeze what the worker holds once the app is loaded, and collect in full less often."""
    young, middle, _old = gc.get_threshold()
    gc.collect()
    gc.freeze()
    gc.set_threshold(young, middle, FULL_COLLECTIONS_EVERY)
