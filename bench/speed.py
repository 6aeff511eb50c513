"""How fast the table's pages are, as ratios to a bare Flask "hello world" served the same way in the same run.

    python bench/speed.py                       # 3 runs of 5 s per route, wrk -t2 -c10, 2 gunicorn sync workers
    python bench/speed.py --duration 10 --runs 5
    python bench/speed.py --only poll           # one route (and hello world)

It starts two gunicorn servers (2 sync workers each): the app on a fresh SQLite file, and a bare Flask
app with one route that answers "Hello, World!". It fills the database in process (Golf games with
8 players and no hole limit, so the round form is always shown), opens each game's edit link to get a
scorer's session cookie, then loads every route with ``wrk`` (Debian's ``wrk``), the routes taken in
turn, hello world between every two of them, and the turn repeated ``--runs`` times. Each run of a route
is divided by the mean of the hello world runs just before and after it; the table gives the median
requests per second of each route and the median of its ratios, then the issue's targets.

The writes post the round form as a phone does (with its CSRF token) to a pool of games per size, each
wrk thread owning its own games, so every write is accepted (a 302); the rate limiter is off for the
run. They carry no round number: a wrk thread cannot tell which of its connections still waits for an
answer, so under load two of them could post rounds 3 and 4 of one game out of order, and the server
rightly refuses round 4 before round 3 (seen as one 422 a run before 2026-11-23 evening). The games grow a little during the write runs; the table says by how much.

The machine is shared and noisy: absolute figures move with whatever else runs, even within one run;
the ratios, each against hello world served the same way at the same moment, are what to compare.
"""
from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # this checkout's app, not an installed one
PLAYERS = [f"Player {n}" for n in range(1, 9)]
WRITE_GAMES = 120  # games per pool for the writes; each gains writes / WRITE_GAMES rounds per run


def hello_app():
    """Return the bare Flask app the pages are measured against."""
    from flask import Flask

    app = Flask("hello")

    @app.get("/")
    def hello():
        return "Hello, World!"

    return app


# --- servers ---------------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """gunicorn (sync workers) serving one WSGI app on loopback."""

    def __init__(self, app: str, workers: int, log: Path, env: dict[str, str], pythonpath: Path):
        self.app, self.workers, self.log, self.pythonpath = app, workers, log, pythonpath
        self.env = {**os.environ, **env, "PYTHONPATH": os.pathsep.join([str(ROOT), str(pythonpath)])}
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen | None = None

    def start(self) -> Server:
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "gunicorn", "--workers", str(self.workers), "--backlog", "2048",
                 "--bind", f"127.0.0.1:{self.port}", self.app],
                cwd=ROOT, env=self.env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                if get(self.port, "/")[0] in (200, 302, 404):
                    return self
            except OSError:
                time.sleep(0.1)
        raise RuntimeError(f"gunicorn did not start; see {self.log}")

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            self.process.wait(30)


def get(port: int, path: str, headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], str]:
    """Send one GET; return the status, the headers (lower-case names) and the body."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        conn.request("GET", path, headers=headers or {})
        answer = conn.getresponse()
        return answer.status, {k.lower(): v for k, v in answer.getheaders()}, answer.read().decode()
    finally:
        conn.close()


# --- the games ------------------------------------------------------------------------------------


@dataclass
class Seeded:
    id: str
    token: str
    rounds: int


def golf_round(rng: random.Random) -> dict:
    return {"players": [{"score": rng.randint(0, 25)} for _ in PLAYERS], "knocker": None}


def seed(database_url: str, sizes: list[int], write_sizes: list[int]) -> dict[str, list[Seeded]]:
    """Store the games in process: one per page size, WRITE_GAMES per write size (rounds are facts, stored as is)."""
    from scorekeeper import create_app
    from scorekeeper.play import services, tables
    from scorekeeper.extensions import db
    from scorekeeper.store.models import Round

    app = create_app({"SQLALCHEMY_DATABASE_URI": database_url, "SECRET_KEY": "bench-only"})
    rng = random.Random(12)
    made: dict[str, list[Seeded]] = {}
    with app.app_context():
        wanted = [(f"page-{n}", n, 1) for n in sizes] + [(f"write-{n}", n, WRITE_GAMES) for n in write_sizes]
        for label, rounds, count in wanted:
            made[label] = []
            for _ in range(count):
                game, token = services.create_game("golf", PLAYERS, {"target": 10000})
                game.rounds = [Round(number=n, data=golf_round(rng)) for n in range(1, rounds + 1)]
                game.version = 1 + rounds
                made[label].append(Seeded(game.public_id, token, rounds))
            db.session.commit()
        for seeded in [g for games in made.values() for g in games]:  # every game still stands
            assert tables.fold_game(services.load_game(seeded.id)).broken is None
        db.session.remove()
        db.engine.dispose()
    return made


def round_counts(database_url: str) -> dict[str, int]:
    """Return every game's stored rounds, by public id."""
    from sqlalchemy import create_engine, text

    engine = create_engine(database_url)
    try:
        with engine.connect() as conn:
            rows = conn.execute(text("SELECT g.public_id, count(r.id) FROM game g LEFT JOIN round r "
                                     "ON r.game_id = g.id GROUP BY g.public_id"))
            return dict(rows.all())
    finally:
        engine.dispose()


COOKIE = re.compile(r"(session=[^;]+)")
CSRF = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"|name="csrf_token" value="([^"]+)"')


def scorer(port: int, game: Seeded) -> tuple[str, str]:
    """Open a game's edit link as a phone does; return its session cookie and the round form's CSRF token."""
    status, headers, _ = get(port, f"/games/{game.id}/edit/{game.token}")
    assert status == 302, status
    cookie = COOKIE.search(headers["set-cookie"]).group(1)
    status, headers, page = get(port, f"/games/{game.id}", {"Cookie": cookie})
    assert status == 200, status
    cookie = COOKIE.search(headers.get("set-cookie", cookie)).group(1)  # the CSRF secret joins the session
    token = next(t for t in CSRF.search(page).groups() if t)
    return cookie, token


def spectator(port: int, game: Seeded) -> str:
    """Open a game's view link; return the spectator's session cookie (the game is followed from now on)."""
    status, headers, _ = get(port, f"/games/{game.id}")
    assert status == 200, status
    return COOKIE.search(headers["set-cookie"]).group(1)


# --- wrk ------------------------------------------------------------------------------------------


WRITE_SCRIPT = """
-- Post the round form to this thread's own games in turn (with no round number: see the docstring).
local games = %s
local threads = 0
function setup(thread)
  thread:set("id", threads)
  threads = threads + 1
end
local mine, at = {}, 0
function init(args)
  for i, g in ipairs(games) do
    if (i - 1) %% %d == id then table.insert(mine, g) end
  end
end
function request()
  at = at %% #mine + 1
  local g = mine[at]
  local body = g.body
  return wrk.format("POST", g.path, {["Cookie"] = g.cookie,
    ["Content-Type"] = "application/x-www-form-urlencoded"}, body)
end
"""


def write_script(folder: Path, games: list[dict], threads: int) -> Path:
    """Write the Lua script that posts rounds to ``games`` (path, cookie, body, next number)."""
    rows = ",\n".join("{path=%s, cookie=%s, body=%s, next=%d}" % (json.dumps(g["path"]), json.dumps(g["cookie"]),
                                                                   json.dumps(g["body"]), g["next"]) for g in games)
    path = folder / f"write-{time.monotonic_ns()}.lua"
    path.write_text(WRITE_SCRIPT % ("{\n" + rows + "\n}", threads))
    return path


def wrk(url: str, seconds: int, threads: int, connections: int, headers: dict[str, str] | None = None,
        script: Path | None = None) -> tuple[float, int, int]:
    """Load one URL; return requests per second, requests, and failures (answers neither 2xx nor 3xx, socket
    errors and requests over 10 s)."""
    command = ["wrk", f"-t{threads}", f"-c{connections}", f"-d{seconds}s", "--timeout", "10s"]
    for name, value in (headers or {}).items():
        command += ["-H", f"{name}: {value}"]
    if script:
        command += ["-s", str(script)]
    out = subprocess.run(command + [url], capture_output=True, text=True, check=True).stdout
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    done = int(re.search(r"(\d+) requests in", out).group(1))
    bad = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    errors = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", out)
    if bad or errors:
        print(f"    wrk: {bad.group(0) if bad else 'every answer 2xx or 3xx'}; {errors.group(0) if errors else ''}")
    return rate, done, (int(bad.group(1)) if bad else 0) + (sum(map(int, errors.groups())) if errors else 0)


# --- the run --------------------------------------------------------------------------------------


@dataclass
class Route:
    label: str
    server: str  # "hello" or "app"
    path: str
    headers: dict[str, str]
    expect: int
    write_pool: str | None = None


def routes_for(made: dict[str, list[Seeded]], app_port: int) -> tuple[list[Route], dict[str, list[dict]]]:
    """Say what to load: the issue's table, with the cookies and tags each route needs."""
    page18, page100, page2 = made["page-18"][0], made["page-100"][0], made["page-2"][0]
    watcher = spectator(app_port, page18)
    scorers = {g.id: scorer(app_port, g)[0] for g in (page18, page100, page2)}
    status, headers, _ = get(app_port, f"/games/{page18.id}/live", {"Cookie": watcher})
    assert status == 200 and headers.get("etag"), (status, headers)
    routes = [
        Route("hello world", "hello", "/", {}, 200),
        Route("Golf table page, 8 players × 18 holes, spectator", "app", f"/games/{page18.id}",
              {"Cookie": watcher}, 200),
        Route("the same page with the round form (the scorer's view)", "app", f"/games/{page18.id}",
              {"Cookie": scorers[page18.id]}, 200),
        Route("the same game's JSON", "app", f"/api/games/{page18.id}", {}, 200),
        Route("Golf page, 100 holes, scorer's view", "app", f"/games/{page100.id}", {"Cookie": scorers[page100.id]},
              200),
        Route("Golf page, 2 holes, scorer's view", "app", f"/games/{page2.id}", {"Cookie": scorers[page2.id]}, 200),
        Route("unchanged poll, If-None-Match → 304", "app", f"/games/{page18.id}/live",
              {"Cookie": watcher, "If-None-Match": headers["etag"]}, 304),
        Route("saving a round, at 2 rounds", "app", "", {}, 302, "write-2"),
        Route("saving a round, at 100 rounds", "app", "", {}, 302, "write-100"),
    ]
    pools = {}
    for pool in ("write-2", "write-100"):
        pools[pool] = []
        for game in made[pool]:
            cookie, token = scorer(app_port, game)
            fields = {"csrf_token": token, "knocker": ""}
            for seat, score in enumerate(golf_round(random.Random(game.id))["players"]):
                fields[f"cards-{seat}"], fields[f"score-{seat}"] = "", str(score["score"])
            pools[pool].append({"id": game.id, "path": f"/games/{game.id}/rounds", "cookie": cookie,
                                "body": urlencode(fields)})
    return routes, pools


def check(route: Route, port: int) -> None:
    """Make sure a route answers what it should before it is timed."""
    status, _, _ = get(port, route.path, route.headers)
    if status != route.expect:
        raise RuntimeError(f"{route.label}: {status}, expected {route.expect}")


def load_average() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--duration", type=int, default=5, help="seconds per route and run")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--connections", type=int, default=10)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--only", help="time only the routes whose label holds this text (and hello world)")
    parser.add_argument("--json", action="store_true", help="also print the figures as JSON")
    args = parser.parse_args()
    if not shutil.which("wrk"):
        sys.exit("bench/speed.py needs wrk: apt-get install wrk")

    with ExitStack() as stack:
        folder = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="sk-speed-")))
        database_url = f"sqlite:///{folder / 'speed.sqlite'}"
        env = {"DATABASE_URL": database_url, "SECRET_KEY": "bench-only", "FLASK_RATELIMIT_ENABLED": "false"}
        subprocess.run([sys.executable, "-m", "flask", "--app", "scorekeeper", "db", "upgrade"], cwd=ROOT,
                       env={**os.environ, **env, "PYTHONPATH": str(ROOT)}, check=True, capture_output=True)
        made = seed(database_url, [2, 18, 100], [2, 100])
        servers = {"app": Server("scorekeeper:create_app()", args.workers, folder / "app.log", env, ROOT),
                   "hello": Server("speed:hello_app()", args.workers, folder / "hello.log", {}, ROOT / "bench")}
        for server in servers.values():
            server.start()
            stack.callback(server.stop)
        routes, pools = routes_for(made, servers["app"].port)
        if args.only:
            routes = [r for r in routes if r.server == "hello" or args.only in r.label]
        for route in routes:
            if not route.write_pool:
                check(route, servers[route.server].port)
        print(f"load average before: {load_average()}", flush=True)
        hello, timed = routes[0], routes[1:]
        rates: dict[str, list[float]] = {r.label: [] for r in routes}
        ratios: dict[str, list[float]] = {r.label: [] for r in timed}
        bad: dict[str, int] = {r.label: 0 for r in routes}
        written: dict[str, list[int]] = {"write-2": [], "write-100": []}
        for run in range(args.runs):
            before = measure(hello, servers, pools, folder, database_url, written, args, run, rates, bad)
            for route in timed:  # each route between two hello world runs: the load of that moment, both sides
                rate = measure(route, servers, pools, folder, database_url, written, args, run, rates, bad)
                after = measure(hello, servers, pools, folder, database_url, written, args, run, rates, bad)
                ratios[route.label].append(rate / ((before + after) / 2))
                before = after
        counts = round_counts(database_url)
        for pool in written:
            written[pool].append(max(counts[g["id"]] for g in pools[pool]))
        print(f"load average after: {load_average()}\n")
        print(report(routes, rates, ratios, bad, written, args))
        if args.json:
            print(json.dumps({"rates": rates, "ratios": ratios, "failed": bad, "rounds": written}, indent=1))


def measure(route: Route, servers, pools, folder: Path, database_url: str, written, args, run: int,
            rates: dict[str, list[float]], bad: dict[str, int]) -> float:
    """Load one route once with wrk (a write route: each thread's games with their next round numbers)."""
    script = None
    if route.write_pool:
        counts = round_counts(database_url)
        games = [{**g, "next": counts[g["id"]] + 1} for g in pools[route.write_pool]]
        written[route.write_pool].append(min(g["next"] - 1 for g in games))
        script = write_script(folder, games, args.threads)
    rate, _done, errors = wrk(servers[route.server].url + route.path, args.duration, args.threads,
                              args.connections, route.headers, script)
    rates[route.label].append(rate)
    bad[route.label] += errors
    print(f"  run {run + 1}: {route.label}: {rate:,.0f} req/s" + (f", {errors} failed" if errors else ""), flush=True)
    return rate


def report(routes: list[Route], rates: dict[str, list[float]], ratios: dict[str, list[float]],
           bad: dict[str, int], written: dict[str, list[int]], args) -> str:
    """Print the issue's table: median req/s, and the median ratio to the hello world runs around each run."""
    median = {label: statistics.median(values) for label, values in rates.items()}
    ratio = {label: statistics.median(values) for label, values in ratios.items()}
    lines = [f"Median of {args.runs} runs of {args.duration} s each, wrk -t{args.threads} -c{args.connections}, "
             f"gunicorn with {args.workers} sync workers, SQLite; hello world timed between every two routes.",
             "The machine is shared and noisy: compare the ratios (each run against the hello world runs just "
             "before and after it), not the req/s.", "",
             "| route | req/s (median) | ratio to hello world (median) | ratios of the runs |", "|---|---|---|---|"]
    for route in routes:
        warn = f" ({bad[route.label]} failed)" if bad[route.label] else ""
        if route.label not in ratio:
            lines.append(f"| {route.label} | {median[route.label]:,.0f} | 1 | {len(rates[route.label])} runs{warn} |")
            continue
        runs = " / ".join(f"{r:.2f}" for r in ratios[route.label])
        lines.append(f"| {route.label} | {median[route.label]:,.0f} | {ratio[route.label]:.2f}{warn} | {runs} |")
    if args.only:
        return "\n".join(lines)
    at100 = [a / b for a, b in zip(ratios["Golf page, 100 holes, scorer's view"],
                                   ratios["Golf page, 2 holes, scorer's view"])]
    writes = [a / b for a, b in zip(ratios["saving a round, at 100 rounds"], ratios["saving a round, at 2 rounds"])]
    targets = [
        ("table page, spectator ≥ 0.25 of hello world", ratio["Golf table page, 8 players × 18 holes, spectator"], 0.25),
        ("table page, scorer ≥ 0.20 of hello world", ratio["the same page with the round form (the scorer's view)"],
         0.20),
        ("100 rounds ≥ 0.7 × 2 rounds (scorer's page)", statistics.median(at100), 0.7),
        ("unchanged poll ≥ 0.8 of hello world", ratio["unchanged poll, If-None-Match → 304"], 0.8),
        ("saving at 100 rounds within 1.5 × saving at 2 (rate ratio ≥ 0.67)", statistics.median(writes), 1 / 1.5),
    ]
    lines += ["", "| target | measured (median of the runs) | met |", "|---|---|---|"]
    lines += [f"| {name} | {value:.2f} | {'yes' if value >= goal else 'NO'} |" for name, value, goal in targets]
    lines += ["", "Rounds in the write pools' games over the runs (least before the first, most after the last): "
              + "; ".join(f"{pool}: {v[0]} → {v[-1]}" for pool, v in written.items() if v)]
    return "\n".join(lines)


if __name__ == "__main__":
    main()
