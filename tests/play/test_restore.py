"""A game deleted, restored from an earlier backup while the servers run, then played on: every answer shows the
restored game's rounds, never the deleted ones, and no tag taken before the deletion gets a 304."""
from __future__ import annotations

from tests.live.test_speed import PLAYERS, hole


def test_a_restored_game_played_back_to_an_old_version_shows_its_own_rounds(app, client, create_game, post_round,
                                                                              tmp_path):
    state = create_game("golf", PLAYERS, {"target": 10000})
    for _ in range(2):
        assert post_round(state, hole(3)).status_code == 201
    backup = tmp_path / "games.json"
    assert app.test_cli_runner().invoke(args=["export", str(backup)]).exit_code == 0
    for _ in range(2):
        assert post_round(state, hole(3)).status_code == 201
    gid = state["id"]
    spectator = app.test_client()
    old = {path: spectator.get(path) for path in (f"/games/{gid}", f"/games/{gid}/live", f"/api/games/{gid}")}
    assert old[f"/api/games/{gid}"].get_json()["standings"][0]["total"] == 12
    auth = {"Authorization": f"Bearer {state['token']}"}
    assert client.delete(f"/api/games/{gid}", headers=auth).status_code == 204

    result = app.test_cli_runner().invoke(args=["import", str(backup)])
    assert result.exit_code == 0, result.output
    for _ in range(2):  # played back to as many rounds as the deleted game had, with other scores
        assert post_round(state, hole(20)).status_code == 201

    for path, before in old.items():
        again = spectator.get(path, headers={"If-None-Match": before.headers["ETag"]})
        assert again.status_code == 200, path
        assert again.headers["ETag"] != before.headers["ETag"], path
        fresh = spectator.get(path)
        assert fresh.get_data() != before.get_data(), path
        assert fresh.get_data() == again.get_data(), path
        assert (b'"total":46' if "/api/" in path else b">46<") in fresh.get_data(), path
    assert spectator.get(f"/api/games/{gid}").get_json()["standings"][0]["total"] == 46


def test_a_change_rolled_back_leaves_nothing_kept_of_its_version(app, client, create_game, post_round, monkeypatch):
    """What a change keeps of its new version (its fold, its view) waits for its commit: rolled back, the version
    it would have made is answered by nobody, and the game shows the rounds the database holds; committed, its
    fold and view are kept, so the next answer folds nothing."""
    from scorekeeper.live import cache
    from scorekeeper.play import services, tables
    from scorekeeper.extensions import db

    state = create_game("golf", PLAYERS, {"target": 10000})
    assert post_round(state, hole(3)).status_code == 201
    with app.test_request_context():
        game = services.lock_game(state["id"]).game
        services.add_round(game, hole(20))
        assert tables.table_view(game).seats[0].total == 23  # the change sees its own round
        assert cache.changes(db.session) == [(state["id"], game.version)]
        db.session.rollback()
        assert cache.changes(db.session) == []
    assert client.get(f"/api/games/{state['id']}").get_json()["standings"][0]["total"] == 3
    assert client.get(f"/games/{state['id']}/live").status_code == 200
    assert post_round(state, hole(5)).status_code == 201  # the next change commits: its fold and view are kept

    def refuse(*args, **kwargs):
        raise AssertionError("the committed version's fold must be kept: nothing is folded again")

    for name in ("derive_game", "fold_game", "build_view"):
        monkeypatch.setattr(tables, name, refuse)
    assert client.get(f"/api/games/{state['id']}").get_json()["standings"][0]["total"] == 8
