"""The Procfile's server on loopback, serving the project or a bench app, and what /proc says of it."""

from __future__ import annotations

import contextlib
import http.client
import os
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PROJECT = "companion:create_app()"
# The benches act far faster than a table: every limit but the actions' is lifted (the tap-cost
# bench turns that one on again, set never to trip, to pay its bookkeeping as in production).
UNLIMITED = {"COMPANION_ACTION_LIMIT": "0", "COMPANION_CREATE_LIMIT": "100000 per minute",
             "COMPANION_TABLES_LIMIT": "100000 per minute"}
LIMITER_ON = {"COMPANION_ACTION_LIMIT": "100000"}  # on, never tripped (the default is 120 a minute)


def free_port() -> int:
    """A loopback port nobody listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def procfile_command(app_spec: str = PROJECT) -> str:
    """The Procfile's `web:` command bound to loopback, serving `app_spec`."""
    line = next(line for line in (ROOT / "Procfile").read_text().splitlines() if line.startswith("web:"))
    command = line.split(":", 1)[1].strip().replace("--bind 0.0.0.0:", "--bind 127.0.0.1:")
    return command.replace(f"'{PROJECT}'", f"'{app_spec}'")


@contextlib.contextmanager
def serve(env: dict[str, str] | None = None, app_spec: str = PROJECT,
          cpus: set[int] | None = None) -> Iterator[tuple[int, int]]:
    """The Procfile's server of `app_spec` for the block, on a data folder of its own (its env:
    this one's, the limits lifted, then `env`; on `cpus` only, if given): its port and the
    gunicorn master's pid."""
    port = free_port()
    with tempfile.TemporaryDirectory() as data:
        proc = subprocess.Popen(
            ["bash", "-c", f"exec {procfile_command(app_spec)}"], cwd=ROOT,
            env={**os.environ, "PYTHONPATH": str(ROOT), "COMPANION_DATA": data, **UNLIMITED, **(env or {}),
                 "PORT": str(port)},
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            preexec_fn=(lambda: os.sched_setaffinity(0, cpus)) if cpus else None)
        try:
            wait_answering(port, proc)
            yield port, proc.pid
        finally:
            proc.terminate()
            proc.wait()


def wait_answering(port: int, proc: subprocess.Popen, seconds: float = 60) -> None:
    """Return once the worker answers an HTTP request on `port` (the master listens before it)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and proc.poll() is None:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("GET", "/api/games")
            conn.getresponse().read()
            return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"the server on port {port} did not start")


def process_tree(pid: int) -> list[int]:
    """A process and its children (the gunicorn master and its worker)."""
    return [pid] + [int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]


def worker_pid(master: int) -> int:
    """The gunicorn worker under `master` (the Procfile runs one)."""
    return process_tree(master)[-1]


def rss_mb(pid: int) -> float:
    """Resident memory of a process and its children, in MB."""
    kb = 0
    for p in process_tree(pid):
        kb += next(int(line.split()[1]) for line in Path(f"/proc/{p}/status").read_text().splitlines()
                   if line.startswith("VmRSS:"))
    return kb / 1024


def cpu_seconds(pid: int) -> float:
    """CPU time (user + system) used so far by a process and its running children."""
    ticks = 0
    for p in process_tree(pid):
        fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
        ticks += int(fields[11]) + int(fields[12])  # utime, stime
    return ticks / os.sysconf("SC_CLK_TCK")
