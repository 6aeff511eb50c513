"""gunicorn's settings for the app (scorekeeper/serving.py): what a worker does once the app is loaded."""
from __future__ import annotations

import gc

from scorekeeper import serving


def test_a_worker_freezes_what_it_holds_and_collects_in_full_less_often():
    before = gc.get_threshold()
    try:
        serving.post_worker_init(worker=None)
        assert gc.get_freeze_count() > 0  # what the app holds is out of the collector's walk
        assert gc.get_threshold() == (before[0], before[1], serving.FULL_COLLECTIONS_EVERY)
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)


def test_the_suites_servers_run_with_the_apps_settings():
    from tests.server import Gunicorn

    command = Gunicorn("sqlite://", log=None).command()
    assert command[command.index("-c") + 1] == "python:scorekeeper.serving"
