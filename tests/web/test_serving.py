"""gunicorn's settings for the app (scorekeeper/web/serving.py): what a worker does once the app is loaded."""
from __future__ import annotations

import gc

from scorekeeper.web import serving


def test_a_worker_freezes_what_it_holds_and_collects_in_full_less_often():
    before = gc.get_threshold()
    try:
        serving.post_worker_init(worker=None)
        assert gc.get_freeze_count() > 0  # what the app holds is out of the collector's walk
        assert gc.get_threshold() == (before[0], before[1], serving.FULL_COLLECTIONS_EVERY)
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)


def test_workers_fork_from_a_master_that_loaded_the_app_once_and_froze_it():
    from gunicorn.config import Config

    config = Config()
    for name, value in vars(serving).items():  # as gunicorn reads a python: settings module
        if name in config.settings:
            config.set(name, value)
    assert config.preload_app
    try:
        config.pre_fork(server=None, worker=None)
        assert gc.get_freeze_count() > 0  # forked workers share the app's pages, and never walk them
    finally:
        gc.unfreeze()


def test_the_app_a_master_loads_holds_no_connection_its_workers_would_share(tmp_path):
    from scorekeeper import create_app
    from scorekeeper.extensions import db

    app = create_app({"SECRET_KEY": "x", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'kept.db'}"})
    with app.app_context():
        pool = db.engine.pool
        assert pool.checkedin() == 0 and pool.checkedout() == 0


def test_the_suites_servers_run_with_the_apps_settings():
    from tests.server import Gunicorn

    command = Gunicorn("sqlite://", log=None).command()
    assert command[command.index("-c") + 1] == "python:scorekeeper.web.serving"


def test_gunicorns_access_log_writes_no_token_nor_secret_header():
    from types import SimpleNamespace

    from gunicorn.config import Config

    token = "AbCdEfGhIjKlMnOpQrStUvWxYz012345"
    config = Config()
    config.set("accesslog", "-")
    config.set("access_log_format", '%(h)s "%(r)s" %(U)s %(q)s %(f)s %(u)s %({authorization}i)s '
                                    '%({x-access-code}i)s %({raw_uri}e)s')
    logger = serving.TokenFreeLogger(config)
    environ = {"REQUEST_METHOD": "GET", "RAW_URI": f"/games/abc/edti/{token}?t={token}",
               "PATH_INFO": f"/games/abc/edti/{token}", "QUERY_STRING": f"t={token}", "SERVER_PROTOCOL": "HTTP/1.1",
               "REMOTE_ADDR": "10.0.0.1", "HTTP_REFERER": f"https://club.example/games/abc/edit/{token}?x={token}",
               "HTTP_AUTHORIZATION": f"Basic {token}"}
    request = SimpleNamespace(headers=[("AUTHORIZATION", f"Bearer {token}"), ("X-ACCESS-CODE", token)])
    response = SimpleNamespace(status="404 NOT FOUND", sent=10, headers=[])
    atoms = logger.atoms(response, request, environ, SimpleNamespace(seconds=0, microseconds=5))
    written = logger.cfg.access_log_format % atoms
    assert token not in written, written
    assert "/games/abc/…" in written and "https://club.example/games/abc/edit/…" in written
