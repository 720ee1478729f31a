"""Capacity of the server, in one run (issue 18, item 4; not a test): the number of tables at
which p99 from an action to the last of a table's 6 phones passes 100 ms, at 1 action a table a
second, for each way of serving:

- before: the code at `--before` (the threaded worker, an fsync per action), its own Procfile;
- after: this checkout's Procfile (the event-loop worker, group commit);
- redis x1 and redis x2: this checkout's Procfile with COMPANION_REDIS_URL (a redis-server of its
  own, `appendfsync always`) and one, then two worker processes (goal: two reach >= 1.6 x one);
  the kernel hands each new connection to either worker, so a table's phones are split between
  them and both render its pushes;
- bare: the stack alone (bench/stack_floor.py): the same worker, requests, sockets and bytes, and
  no rules, store or render: the most any code on this stack and machine could serve;
- redis2t: two servers of one process each on that Redis, each table (its phones and its actions)
  on one of them, as a load balancer that hashes the table's address sends them;

then the push's cost against a bare flask-sock broadcast of the same size (bench/bare_broadcast.py).

Every configuration has its own server, all started at once; tables are added step by step (5
seated phones and a watcher each, as bench/load.py opens them). At each step the configurations
are measured in turn for `--seconds`, `--rounds` times (A B A B ...: while one plays, the others'
tables wait, their phones open), so that all of them see the same moments of a machine that
other jobs keep busy; the median window counts. A configuration stops at its first step whose
median p99 misses the target. The load generator shares the machine's cores.

Run: python bench/capacity.py [--steps 100 150 200 250 300] [--seconds 20] [--rounds 2] [--configs before after
     redis1 redis2 redis2t] [--before f7307fc] [--hold 0] [--push-phones 200 300]
     Five minutes at one step of two workers: --configs redis2 --steps 250 --hold 300 --push-phones
"""
from __future__ import annotations

import argparse
import os
import random
import selectors
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.bare_broadcast import describe, push_ratio  # noqa: E402
from bench.bench_actions import Api, pct  # noqa: E402
from bench.phones import Frames  # noqa: E402
from bench.bench_redis import start_redis  # noqa: E402
from bench.load import PLAYERS, Table, cpu_seconds, rss_mb  # noqa: E402
from bench.servers import before_tree, start  # noqa: E402
from bench.stack_floor import BareTable, project_sizes  # noqa: E402

TARGET_MS = 100.0
BEFORE = "f7307fc"  # main just before the event-loop worker and group commit


class Load:
    """Tables playing one action a second each, their phones read by one selector thread."""

    def __init__(self, ports: list[int], interval: float, make_table=None):
        self.ports, self.interval = ports, interval
        self.make_table = make_table or (lambda port, n: Table(Api(port), port, 6, len(PLAYERS), n))
        self.tables: list[Table] = []
        self.samples: list[tuple[float, float]] = []  # (action start, ms to the last phone)
        self.errors: list[tuple[float, str]] = []
        self.lock = threading.Lock()
        self.stop = threading.Event()
        self.running = threading.Event()  # cleared: this server's tables wait (another is measured)
        self.running.set()
        self.sel = selectors.DefaultSelector()
        threading.Thread(target=self._read, daemon=True).start()

    def add(self, count: int) -> None:
        for _ in range(count):
            # With several servers, each table (its phones and its actions) goes to one of them, as
            # a load balancer hashing the table's address would send it.
            port = self.ports[len(self.tables) % len(self.ports)]
            table = self.make_table(port, len(self.tables))
            table.port = port
            for k, sock in enumerate(table.sockets):
                self.sel.register(sock, selectors.EVENT_READ, (table, k, Frames(sock)))
            self.tables.append(table)
            threading.Thread(target=self._drive, args=(table, random.Random(len(self.tables))), daemon=True).start()

    def _read(self) -> None:
        while not self.stop.is_set():
            if not self.sel.get_map():
                time.sleep(0.1)
                continue
            for key, _ in self.sel.select(timeout=0.1):
                table, k, frames = key.data
                try:
                    arrived = frames.read()
                except OSError:
                    continue
                if arrived:
                    with table.lock:
                        table.arrived.add(k)
                        if len(table.arrived) == len(table.sockets):
                            table.done.set()

    def _drive(self, table: Table, rnd: random.Random) -> None:
        client = Api(table.port)
        time.sleep(rnd.uniform(0, self.interval))
        while not self.stop.is_set():
            if not self.running.is_set():
                self.running.wait()
                # Resume at a random moment of the interval, as tables do: resumed all at once,
                # they would act in step, every table in the same instant each second.
                time.sleep(rnd.uniform(0, self.interval))
            t0, status, reply = table.act(client, rnd)
            if status == 200:
                table.state = reply["state"]
                if table.done.wait(5):
                    with self.lock:
                        self.samples.append((t0, (time.perf_counter() - t0) * 1000))
                else:
                    self.error(t0, "no push within 5 s")
            else:
                self.error(t0, f"HTTP {status}: {(reply or {}).get('error', '')}"[:60])
            time.sleep(max(0.0, self.interval - (time.perf_counter() - t0)))

    def error(self, t0: float, why: str) -> None:
        with self.lock:
            self.errors.append((t0, why))

    def window(self, seconds: float, procs: list[subprocess.Popen]) -> dict:
        """Measure the next `seconds`: to-last-phone p50/p99, errors, CPU, memory, load."""
        t0, cpu0, own0 = time.perf_counter(), sum(cpu_seconds(p.pid) for p in procs), time.process_time()
        time.sleep(seconds)
        t1 = time.perf_counter()
        with self.lock:
            times = [ms for start, ms in self.samples if t0 <= start < t1 - 5]
            errors = [why for start, why in self.errors if t0 <= start < t1 - 5]
        return {"tables": len(self.tables), "actions": len(times), "errors": len(errors), "why": sorted(set(errors))[:3],
                "p50": statistics.median(times) if times else float("inf"), "p99": pct(times, 99) if times else float("inf"),
                "server_cpu": (sum(cpu_seconds(p.pid) for p in procs) - cpu0) / (t1 - t0),
                "own_cpu": (time.process_time() - own0) / (t1 - t0), "rss": sum(rss_mb(p.pid) for p in procs),
                "load": os.getloadavg()[0]}


class Server:
    """One configuration's server and its tables."""

    def __init__(self, label: str, tree: Path, env: dict, workers: int, data: str, interval: float, servers: int = 1,
                 app: str = "companion:create_app()", make_table=None):
        self.label = label
        started = [start(tree, {"COMPANION_DATA": f"{data}/{k}", **env}, workers, app=app) for k in range(servers)]
        self.procs = [proc for proc, _ in started]
        self.load = Load([port for _, port in started], interval, make_table)
        self.results: list[dict] = []

    def stop(self) -> None:
        self.load.stop.set()
        self.load.running.set()
        for proc in self.procs:
            proc.terminate()
            proc.wait()


def sweep(servers: list[Server], args) -> None:
    """Step by step, every configuration still within the target gets the step's tables, then
    each is measured in turn, `--rounds` times (A B A B: while one is measured the others' tables
    wait), so that all see the same moments of a busy machine. A configuration whose median p99
    misses the target (or that had errors) stops there."""
    for step in args.steps:
        for server in servers:
            server.load.running.set()
            server.load.add(step - len(server.load.tables))
            server.load.running.clear()
        windows: dict[str, list[dict]] = {server.label: [] for server in servers}
        for _ in range(args.rounds):
            for server in servers:
                server.load.running.set()
                time.sleep(3 + args.interval)  # tables back at their pace, each at its own moment
                windows[server.label].append(server.load.window(args.seconds, server.procs))
                server.load.running.clear()
                time.sleep(1)
        for server in list(servers):
            ranked = sorted(windows[server.label], key=lambda r: (r["errors"] > 0, r["p99"]))
            result = {**ranked[len(ranked) // 2], "p99s": [r["p99"] for r in windows[server.label]]}
            server.results.append(result)
            print(f"  {server.label}: {row(result)}", flush=True)
            if result["p99"] > TARGET_MS or result["errors"]:
                server.stop()
                servers.remove(server)
        if not servers:
            return
    for server in servers:
        if args.hold:  # run with one step (--steps N) to hold N tables this long
            server.load.running.set()
            print(f"  {server.label} held {args.hold:.0f} s: {row(server.load.window(args.hold, server.procs))}", flush=True)


def row(r: dict) -> str:
    why = f" ({'; '.join(r['why'])})" if r["errors"] else ""
    return (f"{r['tables']} tables ({r['tables'] * 6} phones): {r['actions']} actions, {r['errors']} errors{why}, to last phone "
            f"p50 {r['p50']:.0f} ms p99 {r['p99']:.0f} ms, server CPU {r['server_cpu']:.0%}, load generator {r['own_cpu']:.0%}, "
            f"{r['rss']:.0f} MB, load average {r['load']:.1f}"
            + (f"; p99 of each window: {', '.join(f'{x:.0f}' for x in r['p99s'])} ms" if "p99s" in r else ""))


def capacity(results: list[dict]) -> int:
    """The most tables a configuration served within the target (0 if none)."""
    return max((r["tables"] for r in results if r["p99"] <= TARGET_MS and not r["errors"]), default=0)


def sizes(tmp: str) -> tuple[int, int]:
    """What the project sends a phone and answers per action (bench/stack_floor.py), measured now."""
    proc, port = start(ROOT, {"COMPANION_DATA": tempfile.mkdtemp(dir=tmp)})
    try:
        return project_sizes(port)
    finally:
        proc.terminate()
        proc.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, nargs="+", default=[100, 150, 200, 250, 300])
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--interval", type=float, default=1.0, help="seconds between a table's actions")
    parser.add_argument("--configs", nargs="+", default=["before", "after", "redis1", "redis2"])
    parser.add_argument("--before", default=BEFORE, help="the git revision measured as 'before'")
    parser.add_argument("--rounds", type=int, default=2, help="windows measured per configuration and step (A B A B)")
    parser.add_argument("--hold", type=float, default=0, help="then hold the last step this many seconds more")
    parser.add_argument("--push-phones", type=int, nargs="*", default=[200, 300])
    parser.add_argument("--push-rounds", type=int, default=30)
    args = parser.parse_args()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))  # stop the servers and Redis (finally) when killed
    print(f"{os.cpu_count()} CPUs, load average at start {os.getloadavg()[0]:.1f}; 6 phones a table (5 seated, 1 watching), "
          f"one action a table every {args.interval:g} s, {args.seconds:.0f} s a step; target: p99 to the last phone <= {TARGET_MS:.0f} ms")
    found: dict[str, int] = {}
    with tempfile.TemporaryDirectory() as tmp:
        redis_proc, redis_url = start_redis(Path(tmp), "always") if any(c.startswith("redis") for c in args.configs) else (None, "")
        servers: list[Server] = []
        try:
            for config in args.configs:
                tree = before_tree(args.before, Path(tmp) / "before") if config == "before" else ROOT
                env = {"COMPANION_THREADS": str(6 * max(args.steps) + 64)} if config == "before" else {}
                if config.startswith("redis"):
                    env["COMPANION_REDIS_URL"] = redis_url
                    env["COMPANION_REDIS_PREFIX"] = f"cap{config}{random.randrange(1 << 30)}"
                # redisN: one server of N worker processes (the kernel spreads connections over them);
                # redisNt: N servers of one process, each table on one of them (by table).
                count = int(config[5:].rstrip("t")) if config.startswith("redis") else 1
                workers, servers_of_one = (1, count) if config.endswith("t") else (count, 1)
                if config == "bare":
                    push, reply = sizes(tmp)
                    print(f"bare: the stack alone (bench/stack_floor.py), sending the project's sizes: {push} bytes to "
                          f"each phone, a reply of {reply} bytes", flush=True)
                    servers.append(Server(config, tree, env, 1, tempfile.mkdtemp(dir=tmp), args.interval,
                                          app="bench.stack_floor:create_app()",
                                          make_table=lambda port, n: BareTable(port, push, reply)))
                    continue
                servers.append(Server(config, tree, env, workers, tempfile.mkdtemp(dir=tmp), args.interval, servers_of_one))
            every = list(servers)
            sweep(servers, args)
            found = {server.label: capacity(server.results) for server in every}
        finally:
            for server in servers:
                server.stop()
            if redis_proc:
                redis_proc.terminate()
                redis_proc.wait()
    print("capacity (tables within the target): " + ", ".join(f"{c} {n}" for c, n in found.items()))
    for two in ("redis2", "redis2t"):
        if found.get("redis1") and two in found:
            print(f"{two} on Redis / one process: {found[two] / found['redis1']:.2f}")
    for phones in args.push_phones:
        print(describe(push_ratio(phones, args.push_rounds)))


if __name__ == "__main__":
    main()
