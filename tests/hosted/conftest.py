"""A gunicorn server with several workers on a fresh database of the kind --db chose."""
from __future__ import annotations

import pytest

from tests.server import Gunicorn


@pytest.fixture
def database_url(databases):
    url = databases.new()
    yield url
    databases.drop(url)


@pytest.fixture
def server(database_url, tmp_path):
    """The app under gunicorn, 4 sync workers, on loopback."""
    server = Gunicorn(database_url, tmp_path / "gunicorn.log", workers=4).start()
    yield server
    server.stop()
