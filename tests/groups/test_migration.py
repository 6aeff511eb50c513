"""Migration 0007 (a group's version, the groups' indexes) from 0006 with a group and its games in it, and back."""
from __future__ import annotations

import pytest
from flask_migrate import downgrade, upgrade
from sqlalchemy import text

from scorekeeper.extensions import db
from tests.store.test_migrations import on, schema_drift


@pytest.fixture(params=["sqlite", "postgres"])
def empty_url(request, databases):
    url = databases.new(migrated=False, kind=request.param)
    yield url
    databases.drop(url)


def test_upgrade_from_0006_keeps_the_groups_and_their_results(empty_url):
    app = on(empty_url)
    now = "2026-01-02 03:04:05+00:00"
    with app.app_context():
        upgrade(revision="0006")
        run = db.session.execute
        run(text("INSERT INTO play_group (id, public_id, name, token_hash, view_hash, created)"
                 " VALUES (1, 'old-group', 'Sunday Golf', :h, :h, :now)"), {"h": "0" * 64, "now": now})
        run(text("INSERT INTO member (id, group_id, name) VALUES (1, 1, 'Ann'), (2, 1, 'Bob')"))
        run(text("INSERT INTO game (id, public_id, game_key, options, token_hash, status, finished_by_hand, created,"
                 " updated, group_id) VALUES (1, 'old-game', 'golf', '{}', :h, 'finished', false, :now, :now, 1)"),
            {"h": "0" * 64, "now": now})
        run(text("INSERT INTO player (game_id, seat, name, member_id) VALUES (1, 0, 'Ann', 1), (1, 1, 'Bob', 2)"))
        run(text("INSERT INTO round (game_id, number, data, created, updated) VALUES (1, 1, :data, :now, :now)"),
            {"data": '{"players": [{"score": 3}, {"score": 7}], "knocker": null}', "now": now})  # the hole it was
        run(text("INSERT INTO result (group_id, game_id, member_id, game_key, seat, place, total, won, played)"
                 " VALUES (1, 1, 1, 'golf', 0, 1, 3, true, :now), (1, 1, 2, 'golf', 1, 2, 7, false, :now)"),
            {"now": now})
        db.session.commit()
        upgrade()
        assert db.session.execute(text("SELECT version FROM play_group")).scalar() == 1
        from scorekeeper.play import groups as service, stats

        figures = stats.group_stats(service.load_group("old-group"))
        assert figures.games == 1 and [(l.member.name, l.wins) for l in figures.lines] == [("Ann", 1), ("Bob", 0)]
        assert figures.head_to_head == {1: {2: {"ahead": 1, "behind": 0, "level": 0}},
                                        2: {1: {"ahead": 0, "behind": 1, "level": 0}}}
        db.session.remove()
    assert schema_drift(app) == []
    with app.app_context():
        downgrade(revision="0006")
        kept = db.session.execute(text("SELECT count(*) FROM result")).scalar()
        db.session.remove()
        db.engine.dispose()
    assert kept == 2
