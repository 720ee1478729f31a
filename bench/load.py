"""Load test against the Procfile's server (not a test): 50 tables, 6 phones each holding a
websocket (300 sockets), actions at ten times a real table's pace, for a few minutes.

Reports p50/p99 of action latency and of action-to-last-phone time, errors, and the server's
memory (resident set of the gunicorn master and worker). Only loopback traffic.

Run: python bench/load.py [--tables 50] [--phones 6] [--seconds 180] [--interval 0.5]
"""
from __future__ import annotations

import argparse
import random
import selectors
import statistics
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.bench_actions import Api, Frames, legal_action, open_socket, pct, start_server  # noqa: E402


def rss_mb(pid: int) -> float:
    """Resident memory of a process and its children, in MB (Linux /proc)."""
    total = 0
    pids = [pid] + [int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    for p in pids:
        for line in Path(f"/proc/{p}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                total += int(line.split()[1])
    return total / 1024


class Table:
    def __init__(self, api: Api, port: int, phones: int, seed: int):
        status, self.info = api.call("POST", "/api/tables", {"game": "gangs", "players": ["A", "B", "C", "D", "E"], "seed": seed})
        self.state = self.info["state"]
        path = f"/t/{self.info['id']}/ws?mode=watch&since=0"
        self.sockets = [open_socket(port, path) for _ in range(phones)]
        self.arrived: set[int] = set()
        self.done = threading.Event()
        self.lock = threading.Lock()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--phones", type=int, default=6)
    parser.add_argument("--seconds", type=float, default=180)
    parser.add_argument("--interval", type=float, default=0.5, help="seconds between a table's actions (a real table: ~5)")
    args = parser.parse_args()
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        proc, port = start_server(Path(tmp), args.tables * args.phones + 64)
        try:
            run(args, proc, port)
        finally:
            proc.terminate()
            proc.wait()


def run(args, proc, port: int) -> None:
    api = Api(port)
    tables = [Table(api, port, args.phones, seed) for seed in range(args.tables)]
    sel = selectors.DefaultSelector()
    for t in tables:
        for k, sock in enumerate(t.sockets):
            sel.register(sock, selectors.EVENT_READ, (t, k, Frames(sock)))
    stop = threading.Event()
    last_phone: list[float] = []

    def reader():
        while not stop.is_set():
            for key, _ in sel.select(timeout=0.1):
                table, k, frames = key.data
                if frames.read():
                    with table.lock:
                        table.arrived.add(k)
                        if len(table.arrived) == len(table.sockets):
                            table.done.set()

    threading.Thread(target=reader, daemon=True).start()
    time.sleep(2)  # the catch-up pushes of the connections
    latencies: list[float] = []
    errors = [0]
    kinds: dict[str, int] = {}
    lock = threading.Lock()
    deadline = time.time() + args.seconds

    def drive(table: Table, rnd: random.Random):
        client = Api(port)
        time.sleep(rnd.uniform(0, args.interval))
        while time.time() < deadline:
            with table.lock:
                table.arrived.clear()
                table.done.clear()
            t0 = time.perf_counter()
            try:
                status, reply = client.call("POST", f"/api/tables/{table.info['id']}/actions", legal_action(table.state, rnd), table.info["token"])
            except Exception:
                status, reply = 0, None
            t1 = time.perf_counter()
            if status != 200:
                with lock:
                    errors[0] += 1
                    why = f"HTTP {status}: {(reply or {}).get('error', 'no reply')}"[:80]
                    kinds[why] = kinds.get(why, 0) + 1
                time.sleep(args.interval)
                continue
            table.state = reply["state"]
            reached = table.done.wait(5)
            with lock:
                latencies.append((t1 - t0) * 1000)
                if reached:
                    last_phone.append((time.perf_counter() - t0) * 1000)
                else:
                    errors[0] += 1
                    kinds["no push within 5 s"] = kinds.get("no push within 5 s", 0) + 1
            time.sleep(max(0.0, args.interval - (time.perf_counter() - t0)))

    drivers = [threading.Thread(target=drive, args=(t, random.Random(i))) for i, t in enumerate(tables)]
    peak = [0.0]

    def watch_memory():
        while not stop.is_set():
            peak[0] = max(peak[0], rss_mb(proc.pid))
            time.sleep(1)

    threading.Thread(target=watch_memory, daemon=True).start()
    for d in drivers:
        d.start()
    for d in drivers:
        d.join()
    stop.set()
    print(f"{args.tables} tables x {args.phones} phones ({args.tables * args.phones} websockets), one action per table every {args.interval}s, {args.seconds:.0f}s")
    print(f"actions: {len(latencies)}  errors: {errors[0]}" + "".join(f"\n  {n} x {k}" for k, n in kinds.items()))
    print(f"action latency:        p50 {statistics.median(latencies):7.2f} ms   p99 {pct(latencies, 99):7.2f} ms")
    print(f"action to last phone:  p50 {statistics.median(last_phone):7.2f} ms   p99 {pct(last_phone, 99):7.2f} ms")
    print(f"server memory (master + worker, peak RSS): {peak[0]:.0f} MB")


if __name__ == "__main__":
    main()
