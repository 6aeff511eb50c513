"""A bounded load run on loopback: tables post rounds, spectators poll, then the rounds are counted.

    python bench/load.py                                  # SQLite, 2 workers, 100 tables, 400 spectators, 60 s
    python bench/load.py --postgres --workers 2 --tables 1000 --spectators 4000 --settle 30  # the issue's load
    python bench/load.py --postgres --knee 100,200,400,700,1000 --duration 30
    python bench/load.py --url http://127.0.0.1:8000     # a server you started yourself

It starts gunicorn itself on a fresh database (a SQLite file, or with --postgres a throwaway
cluster from Debian's postgresql package), unless --url names a running server. Each table
is a golf game that sends a round every --post-every seconds (with its round number and an
Idempotency-Key, as the phones do); each spectator follows one table: it opens the game's page, as a
browser does, then polls its live scoreboard every --poll-every seconds with the tag the page holds
(If-None-Match), as the page's live view does (``/games/<id>/live``; ``--polls api`` polls the JSON
state instead, from the start). The games are started first; then the tables and spectators arrive at
random moments over a --ramp (60 s: a club of a thousand tables filling up within a minute; each arrival
costs a page and a first write), and the run is measured for --duration seconds after it: the steady
state (with --settle, after that many more seconds, reported apart, for the queue the arrivals left to
drain). The ramp's own figures are reported apart, and an error in it counts as any other; the p99 of
each second shows where a run's latency came from. The client is plain asyncio, one bare Protocol per
request on its own connection (as gunicorn's sync workers close them), so it costs little next to the
server on the same machine; with --keep-alive each table and spectator keeps one connection open between
its requests instead, and the server runs gthread workers.

Afterwards it reads every game back and compares its stored rounds with the 201s it got:
none lost, none doubled. With --kill-at SECONDS it kills the server (kill -9, every process)
that far into the run, restarts it, and checks the same. It prints a report and, with --json,
the figures as JSON. The report also says how many cores the server (gunicorn), PostgreSQL, the client and
the rest of the machine kept busy over the steady state (from /proc), so that a run that falls behind says
whether the machine was full.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


# --- a small HTTP/1.1 client on asyncio streams ----------------------------------------------------


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    body: bytes

    def json(self):
        return json.loads(self.body)


class Client:
    """Send requests to one host, at most ``limit`` at once.

    Each request goes on a connection of its own (the server closes it after its answer, as gunicorn's sync
    workers do), or, for a ``Tab`` with ``keep_alive``, on the tab's own connection, kept open between its
    requests as a browser keeps it (HTTP/1.1's persistent connections; opened again when the server has
    closed it). Each exchange is a bare asyncio Protocol (no streams, no task per timeout): the client
    shares the machine's cores with the server it measures, so it should cost as little as it can.
    """

    def __init__(self, url: str, limit: int, keep_alive: bool = False):
        parts = urlsplit(url)
        self.host, self.port = parts.hostname, parts.port or 80
        self.gate = asyncio.Semaphore(limit)
        self.keep_alive = keep_alive

    def tab(self) -> Tab:
        """Return a browser tab's worth of connection: its requests share one connection when kept alive."""
        return Tab(self)

    async def request(self, method: str, path: str, body=None, headers=None, timeout: float = 30,
                      tab: Tab | None = None) -> Answer:
        data = b"" if body is None else json.dumps(body).encode()
        keep = tab is not None and self.keep_alive
        head = [f"{method} {path} HTTP/1.1", f"Host: {self.host}:{self.port}", *([] if keep else ["Connection: close"]),
                f"Content-Length: {len(data)}"]
        if body is not None:
            head.append("Content-Type: application/json")
        head += [f"{k}: {v}" for k, v in (headers or {}).items()]
        raw = ("\r\n".join(head) + "\r\n\r\n").encode() + data
        async with self.gate, asyncio.timeout(timeout):
            return await (tab.exchange(raw) if keep else self.exchange(raw))

    async def exchange(self, raw: bytes) -> Answer:
        loop = asyncio.get_running_loop()
        reply = loop.create_future()
        transport, _ = await loop.create_connection(lambda: Exchange(raw, reply), self.host, self.port)
        try:
            data = await reply
        finally:
            transport.close()
        if not data.startswith(b"HTTP/"):  # the server went away before it answered (the kill)
            raise ConnectionResetError("no answer")
        head, _, body = data.partition(b"\r\n\r\n")
        status, headers = read_head(head)
        return Answer(status, headers, body)


def read_head(head: bytes) -> tuple[int, dict[str, str]]:
    """Return the status and the headers (names in lower case) of an answer's head."""
    lines = head.decode("latin-1").split("\r\n")
    headers = {name.lower(): value for name, _, value in (line.partition(": ") for line in lines[1:]) if value}
    return int(lines[0].split()[1]), headers


class Exchange(asyncio.Protocol):
    """Write one request, gather the answer until the server closes the connection."""

    def __init__(self, raw: bytes, reply: asyncio.Future):
        self.raw, self.reply, self.chunks = raw, reply, []

    def connection_made(self, transport) -> None:
        transport.write(self.raw)
        # The request is whole: say so (half-close, as a proxy in front of the app closes at once). gunicorn
        # lingers after its answer until the client has closed (RFC 9112 9.6), and otherwise a sync worker
        # would wait on this client's busy event loop, not on its own work.
        transport.write_eof()

    def data_received(self, data: bytes) -> None:
        self.chunks.append(data)

    def connection_lost(self, exc) -> None:
        if not self.reply.done():
            if exc is None:
                self.reply.set_result(b"".join(self.chunks))
            else:
                self.reply.set_exception(exc)


class Tab:
    """One browser tab's connection, kept open between its requests; opened again when the server closed it."""

    def __init__(self, client: Client):
        self.client, self.connection = client, None

    async def exchange(self, raw: bytes) -> Answer:
        for attempt in (1, 2):
            fresh = self.connection is None or self.connection.closed
            if fresh:
                loop = asyncio.get_running_loop()
                _, self.connection = await loop.create_connection(Persistent, self.client.host, self.client.port)
            try:
                return await self.connection.exchange(raw)
            except ConnectionResetError:
                self.connection = None
                if fresh or attempt == 2:  # not a kept connection the server closed while idle: a real failure
                    raise
        raise AssertionError("not reached")


class Persistent(asyncio.Protocol):
    """A kept-alive connection: each answer is read by its Content-Length (none for a 304 or a 204)."""

    def __init__(self):
        self.transport, self.buffer, self.waiter, self.closed = None, bytearray(), None, False

    def connection_made(self, transport) -> None:
        self.transport = transport

    async def exchange(self, raw: bytes) -> Answer:
        self.waiter = asyncio.get_running_loop().create_future()
        self.transport.write(raw)
        try:
            return await self.waiter
        except BaseException:  # a timeout or a failure: the connection's state is unknown, so drop it
            self.transport.close()
            self.closed = True
            raise

    def data_received(self, data: bytes) -> None:
        self.buffer += data
        end = self.buffer.find(b"\r\n\r\n")
        if end < 0 or self.waiter is None or self.waiter.done():
            return
        status, headers = read_head(bytes(self.buffer[:end]))
        length = 0 if status in (204, 304) else int(headers.get("content-length", -1))
        if length < 0:  # no length: the answer runs until the server closes (connection_lost)
            return
        if len(self.buffer) >= end + 4 + length:
            body = bytes(self.buffer[end + 4:end + 4 + length])
            del self.buffer[:end + 4 + length]
            if headers.get("connection", "").lower() == "close":
                self.closed = True
            self.waiter.set_result(Answer(status, headers, body))

    def connection_lost(self, exc) -> None:
        self.closed = True
        if self.waiter is not None and not self.waiter.done():
            data = bytes(self.buffer)
            if data.startswith(b"HTTP/") and b"\r\n\r\n" in data:  # an answer that ran until the close
                head, _, body = data.partition(b"\r\n\r\n")
                self.waiter.set_result(Answer(*read_head(head), body))
            else:
                self.waiter.set_exception(ConnectionResetError("closed"))


# --- the simulated tables and spectators -----------------------------------------------------------


@dataclass
class Figures:
    writes: list[tuple[float, float]] = field(default_factory=list)  # (when it was sent, seconds), per answered write
    polls: list[tuple[float, float]] = field(default_factory=list)
    statuses: dict[str, int] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)
    acknowledged: dict[str, int] = field(default_factory=dict)  # game id: rounds answered 201

    def count(self, what: str) -> None:
        self.statuses[what] = self.statuses.get(what, 0) + 1


def golf_round(seats: int) -> dict:
    return {"players": [{"score": random.randint(0, 30)} for _ in range(seats)], "knocker": None}


async def start_tables(client: Client, n: int, holes: int) -> list[dict]:
    """Start ``n`` golf games; return their states (with tokens)."""
    async def one(i: int) -> dict:
        answer = await client.request("POST", "/api/games", {"game": "golf", "players": [f"P{i}a", f"P{i}b", f"P{i}c"],
                                                             "options": {"holes": holes}})
        if answer.status != 201:
            raise RuntimeError(f"could not start a game: {answer.status} {answer.body[:200]!r}")
        return answer.json()
    return await asyncio.gather(*(one(i) for i in range(n)))


async def table(client: Client, game: dict, every: float, until: float, figures: Figures, ramp: float) -> None:
    """Post a round every ``every`` seconds until ``until``, from a moment within the ``ramp``; retry a failed
    post with the same key."""
    figures.acknowledged[game["id"]] = 0
    tab = client.tab()
    await asyncio.sleep(random.uniform(0, ramp))
    number = 1
    while time.monotonic() < until:
        due = time.monotonic() + every
        body, key = {"number": number, "data": golf_round(3)}, f"{game['id']}-{number}"
        headers = {"Authorization": f"Bearer {game['token']}", "Idempotency-Key": key}
        for _attempt in range(3):
            started = time.monotonic()
            try:
                answer = await client.request("POST", f"/api/games/{game['id']}/rounds", body, headers, tab=tab)
            except (OSError, asyncio.TimeoutError) as exc:
                figures.count("write " + type(exc).__name__)
                figures.errors.append(f"write: {exc!r}")
                await asyncio.sleep(0.5)
                continue
            figures.writes.append((started, time.monotonic() - started))
            figures.count(f"write {answer.status}")
            if answer.status == 201:
                figures.acknowledged[game["id"]] += 1
                number += 1
            elif answer.status >= 500 or answer.status in (409, 429):
                figures.errors.append(f"write {answer.status}: {answer.body[:200]!r}")
            break
        await asyncio.sleep(max(0.0, due - time.monotonic()))


PAGE_TAG = re.compile(rb"""data-etag='"([^"']+)"'""")  # the live tag a game's page holds (templates/games/table.html)
POLLED = {"live": "/games/{id}/live", "api": "/api/games/{id}"}  # what a spectator polls: the live view, or the API


async def spectator(client: Client, game: dict, every: float, until: float, figures: Figures, ramp: float,
                    polls: str = "live") -> None:
    """Poll one game every ``every`` seconds with If-None-Match, from a moment within the ``ramp``: its live
    scoreboard, as an open page does (or with ``polls="api"`` its JSON state, as an API client would).

    A spectator of the live scoreboard first opens the game's page, as a browser does, and polls with the
    tag the page holds; its page load is counted with the polls (``page`` in the statuses)."""
    tab = client.tab()
    await asyncio.sleep(random.uniform(0, ramp))
    path, etag = POLLED[polls].format(id=game["id"]), None
    opening = polls == "live"
    while time.monotonic() < until:
        due = time.monotonic() + every
        started = time.monotonic()
        kind = "page" if opening else "poll"
        try:
            if opening:
                answer = await client.request("GET", f"/games/{game['id']}", tab=tab)
                opening = False
                found = PAGE_TAG.search(answer.body)
                etag = found.group(1).decode() if answer.status == 200 and found else None
            else:
                answer = await client.request("GET", path, headers={"If-None-Match": etag} if etag else None,
                                              tab=tab)
        except (OSError, asyncio.TimeoutError) as exc:
            figures.count(f"{kind} {type(exc).__name__}")
            figures.errors.append(f"{kind}: {exc!r}")
        else:
            figures.polls.append((started, time.monotonic() - started))
            figures.count(f"{kind} {answer.status}")
            if answer.status == 200 and kind == "poll":
                etag = answer.headers.get("etag", etag)
            elif answer.status not in (200, 304):
                figures.errors.append(f"{kind} {answer.status}: {answer.body[:200]!r}")
        await asyncio.sleep(max(0.0, due - time.monotonic()))


async def count_rounds(client: Client, games: list[dict], figures: Figures) -> dict:
    """Read every game back; compare its stored rounds with the 201s it got."""
    lost = doubled = stored_total = 0
    for game in games:
        answer = await client.request("GET", f"/api/games/{game['id']}")
        numbers = [r["number"] for r in answer.json()["rounds"]]
        stored_total += len(numbers)
        acked = figures.acknowledged.get(game["id"], 0)
        if numbers != list(range(1, len(numbers) + 1)):
            doubled += 1
        lost += max(0, acked - len(numbers))
        # one more stored than acknowledged is a write whose answer never came back (the kill): not doubled
        doubled += max(0, len(numbers) - acked - 1)
    return {"acknowledged": sum(figures.acknowledged.values()), "stored": stored_total, "lost": lost,
            "doubled": doubled}


def cpu_seconds() -> dict[str, float]:
    """CPU seconds used so far by the server's processes (gunicorn), PostgreSQL's, this client, and the rest of the
    machine, from /proc (Linux only; empty elsewhere). The share of each, over the steady state, says where a
    run's cores went: a figure that moves with the machine, unlike the latencies' cause."""
    ticks = os.sysconf("SC_CLK_TCK")
    used = {"gunicorn": 0.0, "postgres": 0.0, "client": 0.0, "other": 0.0}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            command = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        who = ("client" if int(entry.name) == os.getpid() else "gunicorn" if b"gunicorn" in command
               else "postgres" if b"postgres" in command else "other")
        used[who] += (int(fields[11]) + int(fields[12])) / ticks  # utime, stime
    return used


async def cores_busy(at: float, until: float) -> dict[str, float]:
    """Cores each kind of process kept busy between ``at`` and ``until`` (monotonic seconds)."""
    await asyncio.sleep(max(0.0, at - time.monotonic()))
    first, started = cpu_seconds(), time.monotonic()
    await asyncio.sleep(max(0.0, until - time.monotonic()))
    last, seconds = cpu_seconds(), time.monotonic() - started
    return {who: round((last[who] - first[who]) / seconds, 2) for who in first} if seconds > 0 else {}


def percentiles(timed: list[tuple[float, float]], start: float, end: float = float("inf")) -> dict[int, float | None]:
    """Return the 50th, 95th and 99th percentiles in ms of the requests sent from ``start`` until ``end``."""
    values = [seconds for sent, seconds in timed if start <= sent < end]
    return {p: percentile(values, p) for p in (50, 95, 99)}


def by_second(timed: list[tuple[float, float]], start: float) -> list[float | None]:
    """Return the p99 in ms of the requests sent in each second from ``start``: where a run's latency came from."""
    seconds: dict[int, list[float]] = {}
    for sent, taken in timed:
        seconds.setdefault(int(sent - start), []).append(taken)
    return [percentile(seconds.get(n, []), 99) for n in range(max(seconds, default=-1) + 1)]


def percentile(values: list[float], p: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(len(ordered) * p / 100))] * 1000, 1)


async def run(url: str, args, server=None) -> dict:
    """Run the load once against ``url``; return its figures."""
    client = Client(url, args.connections, args.keep_alive)
    load_before = os.getloadavg()[0]  # others' work on the same machine skews the figures; say how much
    holes = int((args.ramp + args.settle + args.duration) / args.post_every) + 3
    games = await start_tables(client, args.tables, holes)
    figures = Figures()
    started = time.monotonic()
    arrived = started + args.ramp  # every table and spectator has started
    steady = arrived + args.settle  # and the queue their arrival left has drained: the figures that count
    until = steady + args.duration
    tasks = [table(client, g, args.post_every, until, figures, args.ramp) for g in games]
    tasks += [spectator(client, random.choice(games), args.poll_every, until, figures, args.ramp, args.polls)
              for _ in range(args.spectators)]
    if args.kill_at and server is not None:
        tasks.append(kill_and_restart(server, args.kill_at))
    busy = asyncio.ensure_future(cores_busy(steady, until))
    await asyncio.gather(*tasks)
    busy = await busy
    elapsed = time.monotonic() - started
    rounds = await count_rounds(client, games, figures)
    measured = [sent for sent, _ in figures.writes + figures.polls if sent >= steady]
    return {
        "tables": args.tables, "spectators": args.spectators, "seconds": round(elapsed, 1), "ramp": args.ramp,
        "load_average": {"before": round(load_before, 2), "after": round(os.getloadavg()[0], 2)},
        "requests_per_second": round(len(measured) / max(0.001, until - steady), 1),
        "writes": len(figures.writes), "polls": len(figures.polls),
        "write_ms": percentiles(figures.writes, steady), "poll_ms": percentiles(figures.polls, steady),
        "ramp_write_ms": percentiles(figures.writes, started, arrived),
        "ramp_poll_ms": percentiles(figures.polls, started, arrived),
        "settle": args.settle, "settle_ms": percentiles(figures.writes + figures.polls, arrived, steady),
        "p99_by_second": by_second(figures.writes + figures.polls, started),
        "statuses": dict(sorted(figures.statuses.items())), "cores_busy": busy,
        "errors": len(figures.errors), "first_errors": figures.errors[:5],
        "rounds": rounds,
    }


async def kill_and_restart(server, at: float) -> None:
    await asyncio.sleep(at)
    await asyncio.to_thread(server.kill9)
    await asyncio.to_thread(server.start)


# --- the server under test -------------------------------------------------------------------------


def run_loop(main):
    """Run the client on uvloop where it is installed (``pip install -e ".[bench]"``): about half the CPU of
    asyncio's own loop, which matters as the client shares the machine with the server it measures."""
    try:
        import uvloop
    except ImportError:
        print("the client runs on asyncio's own loop (uvloop is not installed: pip install -e \".[bench]\"); it takes "
              "about twice the CPU, which the server then lacks", file=sys.stderr, flush=True)
        return asyncio.run(main)
    return uvloop.run(main)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """gunicorn on a database, started and killed by this script: sync workers, or with ``threads`` gthread
    workers, which keep a connection open between a client's requests (5 s; a spectator polls every 3) when
    ``keep_alive``, and close it after each answer as sync workers do otherwise."""

    def __init__(self, database_url: str, workers: int, log: Path, threads: int = 0, keep_alive: bool = True):
        self.database_url, self.workers, self.log, self.threads = database_url, workers, log, threads
        self.keep_alive = keep_alive
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen | None = None
        self.env = {**os.environ, "PYTHONPATH": str(ROOT), "DATABASE_URL": database_url,
                    "SECRET_KEY": "bench-only", "FLASK_RATELIMIT_ENABLED": "false"}

    def migrate(self) -> None:
        subprocess.run([sys.executable, "-m", "flask", "--app", "scorekeeper", "db", "upgrade"], cwd=ROOT,
                       env=self.env, check=True, capture_output=True)

    def start(self) -> None:
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "gunicorn", "-c", "python:scorekeeper.web.serving", "--workers", str(self.workers),
                 "--backlog", "4096",
                 "--bind", f"127.0.0.1:{self.port}", *self.worker_class(), "scorekeeper:create_app()"],
                cwd=ROOT, env=self.env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1) as s:
                    s.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                    if s.recv(64).startswith(b"HTTP/1.1 200"):
                        return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError(f"gunicorn did not start; see {self.log}")

    def worker_class(self) -> list[str]:
        if not self.threads:
            return []
        return ["--worker-class", "gthread", "--threads", str(self.threads),
                "--keep-alive", "5" if self.keep_alive else "0",
                "--worker-connections", "10000"]

    def kill9(self) -> None:
        if self.process:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            self.process.wait(30)


def integrity_check(database_url: str) -> str:
    """Run the database's own check: PRAGMA integrity_check on SQLite, a full read of every table on PostgreSQL."""
    from sqlalchemy import create_engine, text

    engine = create_engine(database_url.replace("postgresql://", "postgresql+psycopg://", 1))
    try:
        with engine.connect() as conn:
            if engine.dialect.name == "sqlite":
                return conn.execute(text("PRAGMA integrity_check")).scalar()
            for name in ("game", "player", "round", "idempotent_reply", "kept_answer"):
                conn.execute(text(f"SELECT count(*) FROM {name}")).scalar()
            return "ok"
    finally:
        engine.dispose()


def report(result: dict) -> str:
    w, p, r = result["write_ms"], result["poll_ms"], result["rounds"]
    rw, rp = result["ramp_write_ms"], result["ramp_poll_ms"]
    settling = f"settling ({result['settle']} s) p99 {result['settle_ms'][99]} ms; " if result["settle"] else ""
    return (f"{result['tables']} tables, {result['spectators']} spectators, {result['seconds']} s "
            f"({result['ramp']} s ramp): in the steady state {result['requests_per_second']} req/s, "
            f"writes p50/p95/p99 {w[50]}/{w[95]}/{w[99]} ms, polls {p[50]}/{p[95]}/{p[99]} ms; "
            f"during the ramp p99 writes {rw[99]} ms, polls {rp[99]} ms; {settling}{result['errors']} errors; "
            f"{r['stored']} rounds stored for {r['acknowledged']} acknowledged, {r['lost']} lost, "
            f"{r['doubled']} doubled; statuses {result['statuses']}; load average {result['load_average']}; "
            f"cores busy in the steady state {result['cores_busy']}; "
            f"p99 by second: {' '.join(str(round(v)) if v is not None else '-' for v in result['p99_by_second'])}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", help="a running server (else gunicorn is started here)")
    parser.add_argument("--postgres", action="store_true", help="a throwaway PostgreSQL cluster (else SQLite)")
    parser.add_argument("--database-url", help="a database to use (it is migrated first)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--spectators", type=int, help="default: 4 per table")
    parser.add_argument("--duration", type=float, default=60, help="seconds measured, after the ramp")
    parser.add_argument("--ramp", type=float, default=60,
                        help="seconds over which the tables and spectators start (reported apart)")
    parser.add_argument("--settle", type=float, default=0,
                        help="seconds after the ramp reported apart, not measured: the queue the arrivals left")
    parser.add_argument("--post-every", type=float, default=10)
    parser.add_argument("--poll-every", type=float, default=3)
    parser.add_argument("--polls", choices=sorted(POLLED), default="live",
                        help="what spectators poll: the live scoreboard an open table page polls (the default), "
                             "or the game's JSON")
    parser.add_argument("--connections", type=int, default=256, help="requests in flight at most")
    parser.add_argument("--keep-alive", action="store_true",
                        help="each table and spectator keeps its connection open between requests, as a browser "
                             "does (the server started here then runs gthread workers: see --threads)")
    parser.add_argument("--threads", type=int, default=None,
                        help="threads per gthread worker (2 with --keep-alive; without it, the server runs gthread "
                             "workers that close each connection after its answer, as sync workers do)")
    parser.add_argument("--kill-at", type=float, help="kill -9 the server this many seconds in, then restart it")
    parser.add_argument("--knee", help="table counts to try in turn (4 spectators each): the most with p99 < 100 ms")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    with ExitStack() as stack:
        server = None
        url = args.url
        database_url = args.database_url
        if url is None:
            folder = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="sk-bench-")))
            if args.postgres and not database_url:
                from tests.postgres import throwaway_server

                database_url = stack.enter_context(throwaway_server())
            database_url = database_url or f"sqlite:///{folder / 'bench.sqlite'}"
            threads = args.threads or (2 if args.keep_alive else 0)
            server = Server(database_url, args.workers, folder / "gunicorn.log", threads, args.keep_alive)
            server.migrate()
            server.start()
            stack.callback(server.stop)
            url = server.url
        results = []
        for tables in ([int(t) for t in args.knee.split(",")] if args.knee else [args.tables]):
            args.tables = tables
            spectators = args.spectators if args.spectators is not None and not args.knee else 4 * tables
            result = run_loop(run(url, argparse.Namespace(**{**vars(args), "spectators": spectators}), server))
            if database_url:
                result["integrity"] = integrity_check(database_url)
            results.append(result)
            print(report(result), flush=True)
        if args.knee:
            fine = [r["tables"] for r in results if r["errors"] == 0 and (r["write_ms"][99] or 0) < 100
                    and (r["poll_ms"][99] or 0) < 100]
            print(f"knee: p99 under 100 ms up to {max(fine) if fine else 'none'} of the tables tried", flush=True)
        if args.json:
            print(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
