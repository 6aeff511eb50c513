"""What one round costs the server: CPU of this process and SQL statements per write, and per unchanged poll.

    python bench/writes.py                 # a throwaway PostgreSQL cluster (Debian's postgresql package)
    python bench/writes.py --games 40 --rounds 8 --other-worker 0.75

Unlike ``bench/load.py``, which measures a whole server under load (and whose figures move with the machine),
this counts what does not: the process's CPU time (``time.process_time``) and the statements sent, for each
round posted through the API as the phones post it (its number and an Idempotency-Key) to golf games whose
spectators follow them in two languages. With ``--other-worker`` (the share of writes that land on a worker
that did not make the game's last version: 1 of 2 with two workers, 3 of 4 with four) this process forgets
what it kept first.
Then it polls every game with its current tag (a 304 from the poll middleware) and reports the same per poll.
"""
from __future__ import annotations

import argparse
import cProfile
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=8, help="rounds posted to each game")
    parser.add_argument("--other-worker", type=float, default=0.75,
                        help="share of writes made as a worker that kept nothing of the game")
    parser.add_argument("--polls", type=int, default=25, help="unchanged polls of each game")
    parser.add_argument("--languages", default="en,fr", help="the languages spectators follow each game in")
    parser.add_argument("--profile", metavar="FILE", help="also write cProfile's figures of the writes to FILE "
                                                          "(read with python -m pstats FILE)")
    args = parser.parse_args()
    random.seed(1)

    from tests.postgres import throwaway_server

    with throwaway_server() as url:
        env = {**os.environ, "DATABASE_URL": url, "SECRET_KEY": "bench"}
        subprocess.run([sys.executable, "-m", "flask", "--app", "scorekeeper", "db", "upgrade"], cwd=ROOT, env=env,
                       check=True, capture_output=True)
        print(json.dumps(measure(url, args), indent=2))


def measure(url: str, args) -> dict:
    from sqlalchemy import event

    from scorekeeper.live import cache
    from scorekeeper import create_app
    from scorekeeper.extensions import db

    app = create_app({"SECRET_KEY": "bench", "SQLALCHEMY_DATABASE_URI": url, "RATELIMIT_ENABLED": False})
    client = app.test_client()
    games = [client.post("/api/games", json={"game": "golf", "players": ["Ann", "Bob", "Cy"],
                                             "options": {"holes": 99}}).get_json() for _ in range(args.games)]
    for game in games:  # spectators open the page and its scoreboard, in English and French
        for language in args.languages.split(","):
            spectator = app.test_client()
            spectator.get(f"/games/{game['id']}", headers={"Accept-Language": language})
            spectator.get(f"/games/{game['id']}/live", headers={"Accept-Language": language})
    with app.app_context():
        engine = db.engine
    sent = [0]
    event.listen(engine, "before_cursor_execute", lambda *_: sent.__setitem__(0, sent[0] + 1))

    cpu, statements, writes = 0.0, 0, 0
    profile = cProfile.Profile(time.process_time) if args.profile else None  # CPU, not waiting
    for number in range(1, args.rounds + 1):
        for game in games:
            body = {"number": number, "data": {"players": [{"score": random.randint(0, 30)} for _ in range(3)],
                                               "knocker": None}}
            headers = {"Authorization": f"Bearer {game['token']}", "Idempotency-Key": f"{game['id']}-{number}"}
            if random.random() < args.other_worker:
                cache.clear()
            before, started = sent[0], time.process_time()
            if profile:
                profile.enable()
            answer = client.post(f"/api/games/{game['id']}/rounds", json=body, headers=headers)
            if profile:
                profile.disable()
            cpu += time.process_time() - started
            statements += sent[0] - before
            writes += 1
            if answer.status_code != 201:
                raise RuntimeError(f"{answer.status_code}: {answer.get_data(as_text=True)[:200]}")

    if profile:
        profile.dump_stats(args.profile)
    spectator = app.test_client()
    tags = {g["id"]: spectator.get(f"/games/{g['id']}/live").headers["ETag"] for g in games}
    started, polls = time.process_time(), 0
    for _ in range(args.polls):
        for game in games:
            answer = spectator.get(f"/games/{game['id']}/live", headers={"If-None-Match": tags[game["id"]]})
            if answer.status_code != 304:
                raise RuntimeError(f"an unchanged poll got {answer.status_code}")
            polls += 1
    return {"writes": writes, "cpu_ms_per_write": round(1000 * cpu / writes, 2),
            "statements_per_write": round(statements / writes, 2),
            "polls": polls, "cpu_ms_per_unchanged_poll": round(1000 * (time.process_time() - started) / polls, 3)}


if __name__ == "__main__":
    main()
