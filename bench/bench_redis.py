"""How far one Redis goes for this app, printed as numbers (not a test; docs/scaling.md).

Starts its own redis-server (Debian's binary, a free loopback port, a temporary folder) once per
fsync policy and measures, through the app's own RedisStore:
1. appends: the Lua script that stores one action (version and seats checked, the entry
   appended), from 1 client and from several threads at once on different tables, then from
   several processes (one Python process's client is the bottleneck long before Redis is):
   actions/s and the latency of one append (p50/p99);
2. the check the table cache makes before trusting a copy (`is_current`, one HMGET): p50/p99;
3. pushes: PUBLISH to a table's channel with one process subscribed, messages/s received.

Run: python bench/bench_redis.py [--seconds 3] [--clients 1 8] [--processes 2] [--fsync always everysec]
"""
from __future__ import annotations

import argparse
import secrets
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import redis

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from companion.store.redis_store import RedisStore  # noqa: E402
from companion.tables import TableService  # noqa: E402

# A Gangs action's log entry as the service stores it (about 180 bytes of JSON).
ENTRY = {"action": {"type": "give", "to": 1, "card": {"value": 2, "kind": "plain"}}, "log": ["Ann gives a 2 to Bob."],
         "at": "2026-12-01T10:00:00.000+00:00", "rules": 1}


def start_redis(folder: Path, fsync: str) -> tuple[subprocess.Popen, str]:
    """A redis-server with the append-only file and this fsync policy; returns it and its URL."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen([shutil.which("redis-server"), "--port", str(port), "--bind", "127.0.0.1", "--dir", str(folder),
                             "--save", "", "--appendonly", "yes", "--appendfsync", fsync], stdout=subprocess.DEVNULL)
    url = f"redis://127.0.0.1:{port}/0"
    for _ in range(200):
        try:
            redis.Redis.from_url(url).ping()
            return proc, url
        except redis.ConnectionError:
            time.sleep(0.05)
    raise RuntimeError("redis-server did not start")


def appends(url: str, clients: int, seconds: float) -> tuple[int, list[float]]:
    """Appends made by `clients` threads for `seconds`, each on its own table; (count, latencies)."""
    store = RedisStore(url, f"bench-{secrets.token_hex(3)}")
    tables = [TableService(store).create("gangs", ["Ann", "Bob", "Cy"], {"first_player": 0}, seed=n).record
              for n in range(clients)]
    latencies: list[list[float]] = [[] for _ in range(clients)]
    deadline = time.perf_counter() + seconds

    def client(k: int) -> None:
        record, version = tables[k], 0
        while time.perf_counter() < deadline:
            version += 1
            entry = {**ENTRY, "seq": version}
            started = time.perf_counter()
            store.append_change({**record, "version": version}, {"op": "act", "version": version, "entry": entry})
            latencies[k].append(time.perf_counter() - started)

    threads = [threading.Thread(target=client, args=(k,)) for k in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    every = [x for per in latencies for x in per]
    return len(every), every


def checks(url: str, seconds: float) -> list[float]:
    """Latencies of the cache's freshness check on one table."""
    store = RedisStore(url, f"bench-{secrets.token_hex(3)}")
    record = TableService(store).create("gangs", ["Ann", "Bob"], {"first_player": 0}, seed=1).record
    latencies, deadline = [], time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        started = time.perf_counter()
        store.is_current(record)
        latencies.append(time.perf_counter() - started)
    return latencies


def pushes(url: str, seconds: float) -> float:
    """PUBLISH messages received per second by one subscribed client."""
    client = redis.Redis.from_url(url)
    pubsub = client.pubsub(ignore_subscribe_messages=True)
    pubsub.subscribe("bench:live:t")
    received, done = [0], threading.Event()

    def listen() -> None:
        while not done.is_set():
            if pubsub.get_message(timeout=0.1):
                received[0] += 1

    listener = threading.Thread(target=listen)
    listener.start()
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        client.publish("bench:live:t", "12 abcdef")
    time.sleep(0.5)  # let the last ones arrive
    done.set()
    listener.join()
    return received[0] / seconds


def ms(values: list[float], q: float) -> float:
    return 1000 * statistics.quantiles(values, n=100)[int(q) - 1] if len(values) > 1 else float("nan")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--clients", type=int, nargs="+", default=[1, 8])
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--fsync", nargs="+", default=["always", "everysec"])
    args = parser.parse_args()
    for fsync in args.fsync:
        with tempfile.TemporaryDirectory() as folder:
            proc, url = start_redis(Path(folder), fsync)
            try:
                for clients in args.clients:
                    count, latencies = appends(url, clients, args.seconds)
                    print(f"appendfsync {fsync:8} appends, {clients} client(s): {count / args.seconds:8.0f} actions/s, "
                          f"one append p50 {ms(latencies, 50):.2f} ms, p99 {ms(latencies, 99):.2f} ms")
                with ProcessPoolExecutor(args.processes) as pool:
                    counts = [c for c, _ in pool.map(appends, [url] * args.processes, [4] * args.processes,
                                                     [args.seconds] * args.processes)]
                print(f"appendfsync {fsync:8} appends, {args.processes} processes of 4 clients: "
                      f"{sum(counts) / args.seconds:8.0f} actions/s")
                latencies = checks(url, args.seconds)
                print(f"appendfsync {fsync:8} cache check (is_current): p50 {ms(latencies, 50):.2f} ms, p99 {ms(latencies, 99):.2f} ms")
                print(f"appendfsync {fsync:8} pushes: {pushes(url, args.seconds):8.0f} messages/s received by one subscriber")
            finally:
                proc.terminate()
                proc.wait()


if __name__ == "__main__":
    main()
