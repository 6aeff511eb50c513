"""A gunicorn server with several workers on a fresh database of the kind --db chose, one of each per module.

Starting gunicorn and its workers takes a second or more, so the tests of a module share their server and
its database; each test plays on games of its own.
"""
from __future__ import annotations

import pytest

from tests.server import Gunicorn


@pytest.fixture(scope="module")
def database_url(databases):
    url = databases.new()
    yield url
    databases.drop(url)


@pytest.fixture(scope="module", params=[0, 2], ids=["sync", "gthread"])
def server(database_url, tmp_path_factory, request):
    """The app under gunicorn on loopback: 4 sync workers, or 4 gthread workers of 2 threads each (requests
    racing in threads of one process too, on kept-alive connections). Pytest runs a module's tests against
    the sync server, then against the gthread one: two starts per module."""
    log = tmp_path_factory.mktemp("gunicorn") / "gunicorn.log"
    server = Gunicorn(database_url, log, workers=4, threads=request.param).start()
    yield server
    server.stop()
