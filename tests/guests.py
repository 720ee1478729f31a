"""Guests against a real `companion serve` on 127.0.0.1 (tests/server/test_guests.py and
test_guest_requests.py): the server fixture, raw connections from other loopback addresses (the
server counts 127.0.0.2 and .3 apart; 127.0.0.1, the host's own machine, is not held to an
address's share), and the few requests the tests make."""
from __future__ import annotations

import base64
import json
import os
import resource
import socket
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

from tests.servers import free_port, wait_until_answering

GUEST, OTHER = "127.0.0.2", "127.0.0.3"
CHECKOUT = Path(__file__).resolve().parents[1]


def procfile(port: int, *args: str) -> list[str]:
    """The Procfile's command on a loopback port, gunicorn's options `args` after it."""
    line = next(line for line in (CHECKOUT / "Procfile").read_text().splitlines() if line.startswith("web:"))
    command = line.removeprefix("web:").strip().replace("--bind 0.0.0.0:${PORT:-8000}", f"--bind 127.0.0.1:{port}")
    return ["bash", "-c", f"exec {command} {' '.join(args)}"]


@pytest.fixture
def serve(tmp_path):
    """Start `companion serve` (or the Procfile's gunicorn, how="procfile") on a free loopback
    port (extra arguments, environment, a lower open-file limit); yields a function returning
    (process, port)."""
    procs = []

    def start(*args: str, files: int | None = None, scheme: str = "http", context=None, how: str = "companion serve",
              **env: str):
        port = free_port()
        limit = (lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (files, files))) if files else None
        data = str(tmp_path / f"data{port}")
        command = procfile(port, *args) if how == "procfile" else [
            sys.executable, "-m", "companion.cli", "serve", "--host", "127.0.0.1", "--port", str(port), "--data", data, *args]
        # The open-file limit is set in the child before exec, where no thread runs.
        proc = subprocess.Popen(
            command, cwd=CHECKOUT, preexec_fn=limit, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,  # noqa: PLW1509
            env={**os.environ, "COMPANION_ACTION_LIMIT": "0", "COMPANION_DATA": data, "PYTHONPATH": str(CHECKOUT), **env})
        procs.append(proc)
        wait_until_answering(proc, f"{scheme}://127.0.0.1:{port}/api/games", context=context)
        return proc, port

    yield start
    for proc in procs:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()


def connect(port: int, source: str = "127.0.0.1") -> socket.socket:
    return socket.create_connection(("127.0.0.1", port), timeout=5, source_address=(source, 0))


def closed_at_once(sock: socket.socket, seconds: float = 2.0) -> bool:
    """Whether the server closes `sock` within `seconds` (sending nothing first)."""
    sock.settimeout(seconds)
    try:
        return sock.recv(4096) == b""
    except TimeoutError:
        return False
    except ConnectionResetError:
        return True


def answered(port: int, path: str = "/api/games", source: str = "127.0.0.1", seconds: float = 2.0) -> int:
    """The status a fresh connection's GET gets within `seconds`."""
    with connect(port, source) as sock:
        sock.settimeout(seconds)
        sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".encode())
        return int(sock.recv(64).split()[1])


def create_table(port: int) -> dict:
    body = json.dumps({"game": "gangs", "players": ["Ann", "Bob", "Cy"], "options": {"first_player": 0}}).encode()
    request = urllib.request.Request(f"http://127.0.0.1:{port}/api/tables", data=body,
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as reply:
        return json.load(reply)


def a_move(port: int, table: dict) -> int:
    """The status of a real move at `table` (Ann gives a 4 to Bob)."""
    request = urllib.request.Request(f"http://127.0.0.1:{port}/api/tables/{table['id']}/actions",
                                     data=json.dumps({"type": "give", "to": 1, "card": {"value": 4, "kind": "plain"}}).encode(),
                                     headers={"Content-Type": "application/json", "Authorization": f"Bearer {table['token']}"})
    try:
        with urllib.request.urlopen(request, timeout=10) as reply:
            return reply.status
    except urllib.error.HTTPError as exc:
        return exc.code


def open_live_page(port: int, table: dict, source: str = "127.0.0.1", forwarded: str | None = None) -> tuple[socket.socket, bytes]:
    """A watcher's websocket; the socket and the first bytes of its answer."""
    sock = connect(port, source)
    key = base64.b64encode(os.urandom(16)).decode()
    extra = f"X-Forwarded-For: {forwarded}\r\n" if forwarded else ""
    sock.sendall((f"GET /t/{table['id']}/ws?mode=watch&since=0 HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                  f"Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                  f"Sec-WebSocket-Version: 13\r\n{extra}\r\n").encode())
    sock.settimeout(5)
    return sock, sock.recv(4096)
