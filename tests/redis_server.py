"""A throwaway Redis server for the tests, from Debian's redis-server package (the rate limits' shared storage)."""
from __future__ import annotations

import os
import shutil
import signal
import subprocess
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

from tests.postgres import free_port


def binary() -> str | None:
    """Return the redis-server program, or None when Redis is not installed."""
    return shutil.which("redis-server") or next((p for p in ("/usr/bin/redis-server", "/usr/sbin/redis-server")
                                                  if os.access(p, os.X_OK)), None)


@contextmanager
def throwaway_redis():
    """Start a private Redis on a loopback port, keeping nothing on disk; yield its URL; stop and remove it after."""
    program = binary()
    if program is None:
        raise RuntimeError("Redis is not installed (apt-get install redis-server)")
    root, port = Path(tempfile.mkdtemp(prefix="sk-redis-")), free_port()
    command = [program, "--port", str(port), "--bind", "127.0.0.1", "--dir", str(root), "--save", "",
               "--appendonly", "no", "--daemonize", "no", "--logfile", str(root / "log")]
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT, start_new_session=True)
    url = f"redis://127.0.0.1:{port}"
    try:
        wait_until_it_answers(url, server, root)
        yield url
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait(10)
        shutil.rmtree(root, ignore_errors=True)


def wait_until_it_answers(url: str, server: subprocess.Popen, root: Path) -> None:
    """Wait until the new server answers a PING (it takes a few milliseconds)."""
    import redis

    client = redis.Redis.from_url(url, socket_timeout=1, socket_connect_timeout=1)
    deadline = time.monotonic() + 15
    try:
        while time.monotonic() < deadline:
            if server.poll() is not None:
                log = root / "log"
                raise RuntimeError(f"redis-server stopped: {log.read_text()[-2000:] if log.exists() else ''}")
            try:
                if client.ping():
                    return
            except redis.ConnectionError:
                time.sleep(0.05)
        raise RuntimeError("redis-server did not answer")
    finally:
        client.close()


def empty(url: str) -> None:
    """Forget every counter kept in the Redis at ``url`` (a test starts from none)."""
    import redis

    client = redis.Redis.from_url(url, socket_timeout=2)
    try:
        client.flushall()
    finally:
        client.close()
