"""Thin views: every view of the app reads its input, asks a service and answers, in 15 lines at most (from its
``def`` to its last line; its decorators do not count). What is longer moves into a helper or a service."""
from __future__ import annotations

import inspect

MOST = 15


def view_lines(app) -> dict[str, int]:
    """Return the length of every view of the package, by endpoint, its decorators unwrapped."""
    lengths = {}
    for endpoint, view in app.view_functions.items():
        function = inspect.unwrap(view)
        if not function.__module__.startswith("scorekeeper"):
            continue  # Flask's own static files
        source, _start = inspect.getsourcelines(function)
        first = next(i for i, line in enumerate(source) if line.lstrip().startswith(("def ", "async def ")))
        lengths[endpoint] = len(source) - first
    return lengths


def test_every_view_is_found(app):
    found = {endpoint.split(".")[0] for endpoint in view_lines(app)}
    assert {"games", "api", "sheets", "handbook", "groups", "group_api", "pwa", "language"} <= found


def test_every_view_is_at_most_15_lines(app):
    long = {endpoint: n for endpoint, n in view_lines(app).items() if n > MOST}
    assert long == {}
