"""Slow clients against the Procfile's server (not a test; tests/server/test_slow_clients.py uses its
parts): hundreds of connections from one address that send their request headers a line at a
time and never finish, while ordinary requests and a live page's websocket are timed.

`python bench/slowloris.py [--slow 400] [--seconds 8]` runs the stock gunicorn `gthread` worker
(the Procfile before issue 13) and then the Procfile's own worker, each on a free loopback port,
and prints for each how long `GET /api/games` and `GET /` took and whether a push reached a
websocket while the slow connections were open. Every connection is closed at the end.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench.bench_actions import free_port, legal_action, procfile_command  # noqa: E402
from bench.phones import Frames, open_socket  # noqa: E402

STOCK_WORKER = "gthread"


class SlowClients:
    """`count` connections from this address that each send a request line and then one header
    line every `interval` seconds, never the blank line that ends the head (a slowloris); one
    that the server closes is opened again. With `after_request`, each connection first makes
    one whole request and keeps the connection alive for the slow one. A context manager:
    leaving it closes them all."""

    def __init__(self, port: int, count: int, interval: float = 1.0, after_request: bool = False):
        self.port, self.count, self.interval, self.after_request = port, count, interval, after_request
        self.socks: list[socket.socket | None] = [None] * count
        self.reopened = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._trickle, name="slowloris", daemon=True)

    def _open(self, deadline: float | None = None) -> socket.socket | None:
        sock = None
        try:
            sock = socket.create_connection(("127.0.0.1", self.port), timeout=2)
            if self.after_request:
                # A server whose threads are all held never answers: give up by the deadline.
                sock.settimeout(max(0.05, (deadline or time.monotonic() + 2) - time.monotonic()))
                read_reply(sock, f"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\n\r\n".encode())
            sock.sendall(f"GET /?slow HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\n".encode())
            return sock
        except OSError:
            if sock is not None:
                sock.close()
            return None

    def _trickle(self) -> None:
        while not self._stop.wait(self.interval):
            for i, sock in enumerate(self.socks):
                if self._stop.is_set():
                    return
                try:
                    if sock is None:
                        raise OSError
                    sock.sendall(b"X-Slow: 1\r\n")
                except OSError:
                    if sock is not None:
                        sock.close()
                    self.socks[i] = self._open()
                    self.reopened += 1

    def __enter__(self) -> "SlowClients":
        deadline = time.monotonic() + 5
        for i in range(self.count):
            self.socks[i] = self._open(deadline)
        self._thread.start()
        return self

    def open_count(self) -> int:
        """How many of the slow connections are open right now."""
        return sum(sock is not None for sock in self.socks)

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join(timeout=10)
        for sock in self.socks:
            if sock is not None:
                sock.close()


def read_reply(sock: socket.socket, request: bytes) -> bytes:
    """Send one whole request on a kept-alive connection and read its reply (head and body)."""
    sock.sendall(request)
    reply = b""
    while b"\r\n\r\n" not in reply:
        chunk = sock.recv(65536)
        if not chunk:
            raise OSError("closed")
        reply += chunk
    head, body = reply.split(b"\r\n\r\n", 1)
    length = next(int(line.split(b":", 1)[1]) for line in head.split(b"\r\n")
                  if line.lower().startswith(b"content-length:"))
    while len(body) < length:
        chunk = sock.recv(65536)
        if not chunk:
            raise OSError("closed")
        body += chunk
    return head


def timed_get(port: int, path: str, timeout: float = 5.0) -> float:
    """Seconds until `GET path` answered 200 (infinity when it did not within `timeout`)."""
    start = time.monotonic()
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=timeout) as resp:
            resp.read()
            return time.monotonic() - start if resp.status == 200 else float("inf")
    except OSError:
        return float("inf")


def post_json(port: int, path: str, body: dict, token: str | None = None, timeout: float = 5.0) -> dict:
    """POST a JSON body to the API; its JSON reply."""
    headers = {"Content-Type": "application/json", **({"Authorization": f"Bearer {token}"} if token else {})}
    req = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=json.dumps(body).encode(), headers=headers)
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return json.loads(resp.read())


def new_table(port: int) -> dict:
    """A fresh Gangs of Kyoto table (id and host token)."""
    return post_json(port, "/api/tables", {"game": "gangs", "players": ["Ann", "Bob"], "options": {"first_player": 0}})


def push_arrives(port: int, table: dict, sock: socket.socket, timeout: float = 5.0) -> bool:
    """Whether an action on `table` reaches the open websocket `sock` within `timeout`."""
    frames = Frames(sock)
    while frames.read():  # what the socket sent on connect
        pass
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/tables/{table['id']}", timeout=timeout) as resp:
            state = json.loads(resp.read())["state"]
        post_json(port, f"/api/tables/{table['id']}/actions", legal_action(state, random.Random()), table["token"], timeout)
    except OSError:
        return False
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if frames.read():
                return True
        except OSError:
            return False
        time.sleep(0.02)
    return False


def server_command(worker_class: str | None = None) -> str:
    """The Procfile's command bound to loopback (with another worker class, if given)."""
    command = procfile_command().replace("--bind 0.0.0.0:", "--bind 127.0.0.1:")
    if worker_class:  # a threaded worker: with the threads the Procfile once gave it
        words = command.split()
        words[words.index("--worker-class") + 1] = worker_class
        command = " ".join(words) + " --threads ${COMPANION_THREADS:-256}"
    return command


def measure(port: int, slow: int, seconds: float) -> dict:
    """Hold `slow` slow connections for `seconds`, timing ordinary requests and a live push."""
    table = new_table(port)
    live = open_socket(port, f"/t/{table['id']}/ws?mode=watch&since=0")
    try:
        with SlowClients(port, slow) as clients:
            time.sleep(1.0)
            times: dict[str, list[float]] = {"/api/games": [], "/": []}
            deadline = time.monotonic() + seconds
            while time.monotonic() < deadline:
                for path in times:
                    times[path].append(timed_get(port, path, timeout=3.0))
                time.sleep(0.2)
            pushed = push_arrives(port, table, live, timeout=3.0)
            held, reopened = clients.open_count(), clients.reopened
    finally:
        live.close()
    return {"times": times, "pushed": pushed, "held": held, "reopened": reopened}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--slow", type=int, default=400)
    parser.add_argument("--seconds", type=float, default=8.0)
    args = parser.parse_args()
    for label, worker in (("stock gthread worker", STOCK_WORKER), ("the Procfile's worker", None)):
        port = free_port()
        with tempfile.TemporaryDirectory() as data:
            env = {**os.environ, "COMPANION_DATA": data, "PORT": str(port)}
            proc = subprocess.Popen(["bash", "-c", f"exec {server_command(worker)}"], cwd=Path(__file__).parent.parent,
                                    env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            try:
                while timed_get(port, "/api/games", 0.5) == float("inf"):
                    time.sleep(0.2)
                result = measure(port, args.slow, args.seconds)
            finally:
                proc.terminate()
                proc.wait(timeout=15)
        print(f"{label}: {args.slow} slow connections ({result['held']} open at the end, "
              f"{result['reopened']} reopened after the server closed them), "
              f"push to a websocket {'arrived' if result['pushed'] else 'LOST'}")
        for path, times in result["times"].items():
            answered = sorted(t for t in times if t != float("inf"))
            worst = f"{max(times) * 1000:.0f} ms" if len(answered) == len(times) else "no answer in 3 s"
            median = f"{answered[len(answered) // 2] * 1000:.1f} ms" if answered else "-"
            print(f"  GET {path:10s} {len(answered)}/{len(times)} answered, median {median}, worst {worst}")


if __name__ == "__main__":
    main()
