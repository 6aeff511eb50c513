"""A throwaway PostgreSQL server for the tests, from Debian's postgresql package."""
from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
from contextlib import contextmanager
from pathlib import Path


def binaries() -> Path | None:
    """Return the folder with initdb and pg_ctl, or None when PostgreSQL is not installed."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb")) or ([shutil.which("initdb")] if shutil.which("initdb") else [])
    return Path(found[-1]).parent if found else None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def throwaway_server():
    """Start a private cluster on a Unix socket; yield its SQLAlchemy URL; stop and remove it after."""
    bin_dir = binaries()
    if bin_dir is None:
        raise RuntimeError("PostgreSQL is not installed (apt-get install postgresql)")
    root = Path(tempfile.mkdtemp(prefix="sk-pg-"))
    as_user: list[str] = []
    if os.geteuid() == 0:  # initdb refuses to run as root; Debian's package makes a postgres user
        shutil.chown(root, "postgres", "postgres")
        as_user = ["runuser", "-u", "postgres", "--"]
    data, port = root / "data", free_port()
    run = lambda *cmd: subprocess.run([*as_user, *cmd], check=True, capture_output=True)  # noqa: E731
    run(str(bin_dir / "initdb"), "-D", str(data), "-U", "postgres", "--auth=trust", "-E", "UTF8")
    run(str(bin_dir / "pg_ctl"), "-D", str(data), "-w", "-l", str(root / "log"), "-o",
        f"-k {root} -p {port} -c listen_addresses='' -c fsync=off", "start")
    try:
        run(str(bin_dir / "createdb"), "-h", str(root), "-p", str(port), "-U", "postgres", "scorekeeper_test")
        yield f"postgresql+psycopg://postgres@/scorekeeper_test?host={root}&port={port}"
    finally:
        run(str(bin_dir / "pg_ctl"), "-D", str(data), "-w", "-m", "immediate", "stop")
        shutil.rmtree(root, ignore_errors=True)


@contextmanager
def freezable(url: str):
    """Yield ``freeze`` and ``thaw`` for the throwaway cluster at ``url``: SIGSTOP and SIGCONT to its postmaster and
    every backend, as a hung disk or a stalled VM stops a server (thawed on the way out, whatever happened)."""
    import re
    import signal

    folder = re.search(r"host=([^&]+)", url).group(1)
    postmaster = int((Path(folder) / "data" / "postmaster.pid").read_text().split()[0])
    stopped: list[int] = []

    def freeze():
        children = Path(f"/proc/{postmaster}/task/{postmaster}/children").read_text().split()
        for pid in [postmaster, *map(int, children)]:
            os.kill(pid, signal.SIGSTOP)
            stopped.append(pid)

    def thaw():
        while stopped:
            os.kill(stopped.pop(), signal.SIGCONT)

    try:
        yield freeze, thaw
    finally:
        thaw()
