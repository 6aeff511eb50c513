"""Time a group with 2,000 finished games: its page and its stats JSON against one game's table page, in one run.

    python bench/groups.py [--games 2000] [--runs 15]

In process (Flask's test client) on a fresh SQLite file: the ratios are what count (issue 23: at most 3x one
game's table page); adding the 2,001st game (start it, play its hole, the game finishes) is timed against the 1st.

The page and the stats are kept per version of the group (groups/kept.py): the figures that the target is about
are those of a look at a group that has not changed since it was last shown (any reader's look, in any session).
The first look after a change renders afresh: it is timed apart ("after a change"), each time right after
another game finished. A reader holding the page's ETag gets a 304 ("revalidated").
"""
from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from flask_migrate import upgrade
from sqlalchemy import event

from scorekeeper import create_app
from scorekeeper.extensions import db

ADDS = 15  # games added and timed early, then late


def timed(call, runs: int, before=None) -> float:
    """Return the median milliseconds of ``runs`` calls (after one warm-up), each after ``before`` (not timed)."""
    call()
    samples = []
    for _ in range(runs):
        if before is not None:
            before()
        start = time.perf_counter()
        call()
        samples.append((time.perf_counter() - start) * 1000)
    return statistics.median(samples)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp())
    app = create_app({"SECRET_KEY": "bench", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / 'bench.sqlite'}",
                      "RATELIMIT_ENABLED": False, "WTF_CSRF_ENABLED": False})
    with app.app_context():
        upgrade()
    client = app.test_client()
    group = client.post("/api/groups", json={"name": "Bench", "players": ["Ann", "Bob", "Cy", "Dee"]}).get_json()
    auth = {"Authorization": f"Bearer {group['token']}"}
    client.get(f"/groups/{group['id']}/join/{group['token']}")

    def add_game(i: int) -> str:
        players = ["Ann", "Bob", "Cy", "Dee"][: 2 + i % 3]
        game = client.post(f"/api/groups/{group['id']}/games", headers=auth,
                           json={"game": "golf", "players": players, "options": {"holes": 1}}).get_json()
        scores = [(i * 7 + seat * 3) % 11 for seat in range(len(players))]
        answer = client.post(f"/api/games/{game['id']}/rounds", headers={"Authorization": f"Bearer {game['token']}"},
                             json={"data": {"players": [{"score": s} for s in scores], "knocker": None}})
        assert answer.status_code == 201 and answer.get_json()["status"] == "finished"
        return game["id"]

    def statements_of(call) -> int:
        """Count the SQL statements ``call`` sends."""
        sent = []
        listener = lambda *args: sent.append(args[2])  # noqa: E731
        with app.app_context():
            event.listen(db.engine, "before_cursor_execute", listener)
        try:
            call()
        finally:
            with app.app_context():
                event.remove(db.engine, "before_cursor_execute", listener)
        return len(sent)

    first = add_game(0)  # the warm-up: templates, rules and the pool
    made = iter(range(1, args.games * 2))
    first_ms = timed(lambda: add_game(next(made)), ADDS)  # game 2 warms up, the next ADDS are timed
    first_sql = statements_of(lambda: add_game(next(made) * 0))  # 2 players, as the late one
    for _ in range(ADDS + 3, args.games):
        add_game(next(made))
    last_ms = timed(lambda: add_game(next(made)), ADDS)
    last_sql = statements_of(lambda: add_game(next(made) * 0))
    counted = args.games + ADDS + 2
    table = timed(lambda: client.get(f"/games/{first}"), args.runs)
    page = timed(lambda: client.get(f"/groups/{group['id']}"), args.runs)
    stats = timed(lambda: client.get(f"/api/groups/{group['id']}/stats", headers=auth), args.runs)
    reader = app.test_client()
    reader.get(f"/groups/{group['id']}?view={group['view'].rsplit('view=', 1)[1]}")
    tag = reader.get(f"/groups/{group['id']}").headers["ETag"]
    revalidated = timed(lambda: reader.get(f"/groups/{group['id']}", headers={"If-None-Match": tag}), args.runs)
    cold_page = timed(lambda: client.get(f"/groups/{group['id']}"), args.runs, lambda: add_game(next(made)))
    cold_stats = timed(lambda: client.get(f"/api/groups/{group['id']}/stats", headers=auth), args.runs,
                       lambda: add_game(next(made)))
    print(f"finished games in the group: {counted} for the first figures, {counted + 2 * (args.runs + 1)} at the end")
    print(f"one game's table page: {table:.1f} ms")
    print(f"the group's page:      {page:.1f} ms  ({page / table:.2f}x)")
    print(f"the group's stats:     {stats:.1f} ms  ({stats / table:.2f}x)")
    print(f"a reader's page, revalidated (304): {revalidated:.1f} ms  ({revalidated / table:.2f}x)")
    print(f"after a change: the page {cold_page:.1f} ms ({cold_page / table:.1f}x), "
          f"the stats {cold_stats:.1f} ms ({cold_stats / table:.1f}x)")
    print(f"adding a game: games 3 to {ADDS + 2} {first_ms:.1f} ms, games {args.games + 2:,} to "
          f"{args.games + ADDS + 1:,} {last_ms:.1f} ms (median of {ADDS}); SQL statements: {first_sql} for game "
          f"{ADDS + 3}, {last_sql} for game {args.games + ADDS + 2:,}")


if __name__ == "__main__":
    main()
