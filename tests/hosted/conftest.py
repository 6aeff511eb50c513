"""A gunicorn server with several workers on a fresh database of the kind --db chose."""
from __future__ import annotations

import pytest

from tests.server import Gunicorn


@pytest.fixture
def database_url(databases):
    url = databases.new()
    yield url
    databases.drop(url)


@pytest.fixture(params=[0, 2], ids=["sync", "gthread"])
def server(database_url, tmp_path, request):
    """The app under gunicorn on loopback: 4 sync workers, or 4 gthread workers of 2 threads each (requests
    racing in threads of one process too, on kept-alive connections)."""
    server = Gunicorn(database_url, tmp_path / "gunicorn.log", workers=4, threads=request.param).start()
    yield server
    server.stop()
