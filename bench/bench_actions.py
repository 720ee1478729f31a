"""Benchmarks of the foundation, printed as numbers (not a test).

1. Latency of one action through the JSON API (real HTTP against the Procfile's gunicorn
   gthread server) with 1 stored table, then with 1,000 stored tables of 200 actions each,
   and the ratio of the two measured in the same run (target <= 1.3).
2. Time from an action to the last of 50 and of 200 websocket subscribers receiving the
   pushed regions (target: p99 under 100 ms on a 2-core machine).

Run: python bench/bench_actions.py [--actions 300] [--pushes 40]
"""
from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import selectors
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from companion.games import get_game  # noqa: E402
from companion.store import TinyDBStore  # noqa: E402
from companion.tables import TableService  # noqa: E402
from bench.phones import Frames, open_socket  # noqa: E402

GAME = get_game("gangs")


def legal_action(state: dict, rnd: random.Random) -> dict:
    """A legal action from the table's pending decision; plain cards only, so no game ever ends."""
    owed = state["pending"][0]
    card = {"value": rnd.choice((0, 1, 2, 3)), "kind": "plain"}
    if owed["type"] == "draw":
        return {"type": "draw", "card": card}
    return {"type": "give", "to": rnd.choice(owed["to"]), "card": card}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def procfile_command() -> str:
    """The Procfile's `web:` command, as a process manager would run it."""
    for line in (ROOT / "Procfile").read_text().splitlines():
        if line.startswith("web:"):
            return line.split(":", 1)[1].strip()
    raise RuntimeError("no web: line in the Procfile")


def start_server(data: Path, cpus: set[int] | None = None, hooks: str | None = None,
                 env: dict[str, str] | None = None, app_spec: str = "companion:create_app()") -> tuple[subprocess.Popen, int]:
    """Start the Procfile's server on loopback (on the CPUs `cpus` only, if given; with the bench's
    gunicorn config module `hooks` instead of the project's, `env` added, and serving `app_spec`, a
    bench app such as bench/machinery.py's, in place of the project's, if given)."""
    port = free_port()
    # The benchmark fires actions far faster than any table: lift the per-table flood limit.
    env = {**os.environ, "COMPANION_DATA": str(data), "COMPANION_ACTION_LIMIT": "0",
           "COMPANION_CREATE_LIMIT": "100000 per minute", "COMPANION_TABLES_LIMIT": "100000 per minute",
           "PORT": str(port), **(env or {})}
    command = procfile_command().replace("--bind 0.0.0.0:", "--bind 127.0.0.1:").replace("'companion:create_app()'", f"'{app_spec}'")
    if hooks:
        command = command.replace("python:companion.server.gunicorn_conf", f"python:{hooks}")
    proc = subprocess.Popen(
        ["bash", "-c", f"exec {command}"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        preexec_fn=(lambda: os.sched_setaffinity(0, cpus)) if cpus else None,
    )
    return answering(proc, port), port


def answering(proc: subprocess.Popen, port: int) -> subprocess.Popen:
    """`proc` once its server accepts connections on `port` (killed, and an error, if it never does)."""
    for _ in range(200):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.1).close()
            return proc
        except OSError:
            time.sleep(0.05)
    proc.kill()
    raise RuntimeError("server did not start")


def populate(data: Path, tables: int, actions: int) -> None:
    """Store `tables` finished-length tables of `actions` actions each (engine-played)."""
    store = TinyDBStore(data)
    svc = TableService(store)
    rnd = random.Random(1)
    template = None
    for i in range(tables):
        table = svc.create("gangs", ["Ann", "Bob", "Cy", "Dee"], {}, seed=i)
        if template is None:
            state, log = table.state, []
            while len(log) < actions:
                action = legal_action(state, rnd)
                state, lines = GAME.apply(state, action)
                log.append({"seq": len(log) + 1, "action": action, "log": lines, "at": "2026-11-30T00:00:00+00:00"})
            template = (log, table.record["seed"])
        log, seed = template
        store.save_table({**table.record, "seed": seed, "actions": log, "version": len(log)})


class Api:
    def __init__(self, port: int):
        self.port = port
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)

    def call(self, method: str, path: str, body=None, token=None):
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        payload = json.dumps(body) if body is not None else None
        try:
            self.conn.request(method, path, body=payload, headers=headers)
            resp = self.conn.getresponse()
        except (BrokenPipeError, ConnectionResetError, http.client.RemoteDisconnected):
            # The server closed an idle keep-alive connection: open a new one (as a browser would).
            self.conn.close()
            self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
            self.conn.request(method, path, body=payload, headers=headers)
            resp = self.conn.getresponse()
        return resp.status, json.loads(resp.read() or b"null")


def play(api: Api, table: dict, rnd: random.Random) -> dict:
    """One legal action on the table (a new table when its game ends); returns the new table info."""
    state = table["state"]
    if state["over"]:
        status, fresh = api.call("POST", "/api/tables", {"game": "gangs", "players": ["A", "B", "C", "D"], "seed": rnd.randrange(1 << 30)})
        table = {**fresh}
        state = table["state"]
    status, reply = api.call("POST", f"/api/tables/{table['id']}/actions", legal_action(state, rnd), table["token"])
    assert status == 200, reply
    return {**table, "state": reply["state"]}


def action_latency(data: Path, actions: int) -> list[float]:
    proc, port = start_server(data)
    try:
        api = Api(port)
        rnd = random.Random(7)
        status, table = api.call("POST", "/api/tables", {"game": "gangs", "players": ["A", "B", "C", "D"], "seed": 3})
        for _ in range(20):  # warm up
            table = play(api, table, rnd)
        times = []
        for _ in range(actions):
            t0 = time.perf_counter()
            table = play(api, table, rnd)
            times.append((time.perf_counter() - t0) * 1000)
        return times
    finally:
        proc.terminate()
        proc.wait()


def fanout(data: Path, subscribers: int, pushes: int) -> list[float]:
    proc, port = start_server(data)
    try:
        api = Api(port)
        status, table = api.call("POST", "/api/tables", {"game": "gangs", "players": ["A", "B", "C", "D"], "seed": 5})
        path = f"/t/{table['id']}/ws?mode=watch&since=0"
        sockets = [open_socket(port, path) for _ in range(subscribers)]
        sel = selectors.DefaultSelector()
        for sock in sockets:
            sel.register(sock, selectors.EVENT_READ, Frames(sock))

        def drain(until: float, want: int) -> list[float]:
            got: dict[int, float] = {}
            while time.perf_counter() < until and len(got) < want:
                for key, _ in sel.select(timeout=0.05):
                    now = time.perf_counter()
                    if key.data.read():
                        got.setdefault(key.fileobj.fileno(), now)
            return list(got.values())

        drain(time.perf_counter() + 1.0, subscribers)  # the catch-up push every socket gets on connect
        rnd = random.Random(11)
        results = []
        for _ in range(pushes):
            t0 = time.perf_counter()
            table = play(api, table, rnd)
            arrivals = drain(time.perf_counter() + 5, subscribers)
            results.append((max(arrivals) - t0) * 1000 if len(arrivals) == subscribers else float("inf"))
        for sock in sockets:
            sock.close()
        return results
    finally:
        proc.terminate()
        proc.wait()


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--actions", type=int, default=600)
    parser.add_argument("--pushes", type=int, default=100)
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--fanout-only", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        small, big = Path(tmp, "one"), Path(tmp, "many")
        populate(small, 1, 200)
        if args.fanout_only:
            args.tables = 0
        t0 = time.perf_counter()
        populate(big, args.tables, 200)
        print(f"stored {args.tables} tables x 200 actions in {time.perf_counter() - t0:.1f}s")
        if args.fanout_only:
            for n in (50, 200):
                report_fanout(small, n, args.pushes)
            return
        os.sync()  # let the populating writes reach the disk before anything is timed
        one, many = [], []
        for _ in range(2):  # interleaved, so that drift on the machine hits both alike
            one += action_latency(small, args.actions // 2)
            many += action_latency(big, args.actions // 2)
        print(f"action via API, 1 stored table:      p50 {statistics.median(one):6.2f} ms   p99 {pct(one, 99):6.2f} ms")
        print(f"action via API, {args.tables} stored tables: p50 {statistics.median(many):6.2f} ms   p99 {pct(many, 99):6.2f} ms")
        print(f"ratio many/one: p50 {statistics.median(many) / statistics.median(one):.2f}   p99 {pct(many, 99) / pct(one, 99):.2f}  (target <= 1.3)")
        for n in (50, 200):
            report_fanout(small, n, args.pushes)


def report_fanout(data: Path, n: int, pushes: int) -> None:
    """Print the action-to-last-subscriber times for `n` subscribers."""
    times = fanout(data, n, pushes)
    print(
        f"action -> last of {n:3d} websocket subscribers: p50 {statistics.median(times):6.2f} ms"
        f"   p90 {pct(times, 90):6.2f} ms   p99 {pct(times, 99):6.2f} ms   max {max(times):6.2f} ms"
    )


if __name__ == "__main__":
    main()
