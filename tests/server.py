"""The app under gunicorn with several workers, on loopback, for tests with real parallel requests."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx

from tests.postgres import free_port

ROOT = Path(__file__).resolve().parents[1]


class Gunicorn:
    """A gunicorn master and its workers serving the app on a database; kill -9 them all on demand."""

    def __init__(self, database_url: str, log: Path, workers: int = 4, threads: int = 0, **env: str):
        """Serve with ``workers`` sync workers, or with ``threads`` in each, gthread workers that keep a client's
        connection open between its requests (as the README's production setup does)."""
        self.database_url, self.log, self.workers, self.threads, self.env = database_url, log, workers, threads, env
        self.process: subprocess.Popen | None = None
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"

    def start(self) -> Gunicorn:
        """Start the server and wait until it answers /healthz."""
        env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
               "DATABASE_URL": self.database_url, "SECRET_KEY": "races", "FLASK_RATELIMIT_ENABLED": "false",
               **self.env}
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(self.command(), cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"gunicorn stopped: {self.log.read_text()[-2000:]}")
            try:
                if httpx.get(f"{self.url}/healthz", timeout=2).status_code == 200:
                    return self
            except httpx.TransportError:
                pass
            time.sleep(0.1)
        raise RuntimeError(f"gunicorn did not answer: {self.log.read_text()[-2000:]}")

    def command(self) -> list[str]:
        """Return the command that serves the app: gunicorn with the app's own settings, as the README runs it."""
        return [sys.executable, "-m", "gunicorn", "-c", "python:scorekeeper.web.serving", "--workers", str(self.workers),
                "--bind", f"127.0.0.1:{self.port}", "--graceful-timeout", "2", *self.worker_class(),
                "scorekeeper:create_app()"]

    def worker_class(self) -> list[str]:
        if not self.threads:
            return []
        return ["--worker-class", "gthread", "--threads", str(self.threads), "--keep-alive", "5"]

    def kill9(self) -> None:
        """Kill the master and every worker at once, as a power cut or the OOM killer would."""
        if self.process is not None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(10)
            self.process = None

    def stop(self) -> None:
        """Stop the server calmly."""
        if self.process is not None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                self.kill9()
            self.process = None
