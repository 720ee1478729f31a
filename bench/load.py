"""A venue against the Procfile's server: 50 tables of Gangs of Kyoto, 6 phones each (five players
who took their seats on their phones, and a watcher), one action a table every 5 s.

Printed: actions and errors, p50/p99 of an action's reply and of its time to the last of its
table's phones (and per 30 s window), the server's CPU, and its resident memory (master and worker)
sampled every --rss-every s: its level at the end of the warm-up, then min, max, range and slope
(does memory stay flat?). Only loopback traffic; the phones answer pings as a browser does.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import selectors
import threading
import time

from bench.lib.clients import Api, plain_gangs_action
from bench.lib.phones import table_phones
from bench.lib.servers import cpu_seconds, rss_mb, serve
from bench.lib.stats import median, pct, slope

PLAYERS = ["A", "B", "C", "D", "E"]


class Table:
    """A table, its phones, and when each of them last got a push."""

    def __init__(self, api: Api, port: int, phones: int, seated: int, seed: int):
        self.info = api.json("POST", "/api/tables", {"game": "gangs", "players": PLAYERS, "seed": seed})
        self.state, self.phones = self.info["state"], table_phones(port, self.info, seated, phones)
        self.arrived: set[int] = set()
        self.done, self.lock = threading.Event(), threading.Lock()

    def act(self, client: Api, rnd: random.Random) -> tuple[float, float, str]:
        """One legal action, its phones counted from now: (its start, its reply's ms, what went wrong)."""
        with self.lock:
            self.arrived.clear()
            self.done.clear()
        t0 = time.perf_counter()
        try:
            status, raw = client.call("POST", f"/api/tables/{self.info['id']}/actions",
                                      plain_gangs_action(self.state, rnd), self.info["token"])
        except OSError as exc:  # counted, never fatal to a load test
            return t0, 0.0, type(exc).__name__
        took = (time.perf_counter() - t0) * 1000
        if status != 200:
            client.conn.close()
            _, fresh = client.call("GET", f"/api/tables/{self.info['id']}", token=self.info["token"])
            self.state = json.loads(fresh).get("state", self.state)  # it may have been applied after all
            return t0, took, f"HTTP {status}: {raw[:60]!r}"
        self.state = json.loads(raw)["state"]
        return t0, took, ""


def read_phones(tables: list[Table], stop: threading.Event) -> None:
    """Read every phone; a table is done when each of its phones has had a message."""
    sel = selectors.DefaultSelector()
    for table in tables:
        for k, phone in enumerate(table.phones):
            sel.register(phone.sock, selectors.EVENT_READ, (table, k, phone))
    while not stop.is_set():
        for key, _ in sel.select(timeout=0.1):
            table, k, phone = key.data
            try:
                arrived = phone.read()
            except (OSError, ConnectionError):
                sel.unregister(phone.sock)
                continue
            if arrived:
                with table.lock:
                    table.arrived.add(k)
                    if len(table.arrived) == len(table.phones):
                        table.done.set()


def run(args: argparse.Namespace, port: int, master: int) -> None:
    api = Api(port)
    tables = [Table(api, port, args.phones, min(args.seated, len(PLAYERS)), seed) for seed in range(args.tables)]
    stop = threading.Event()
    threading.Thread(target=read_phones, args=(tables, stop), daemon=True).start()
    time.sleep(2)  # the pushes on connecting
    replies, samples, errors = [], [], []  # samples: (start in the run, ms to the last phone)
    lock, start = threading.Lock(), time.perf_counter()
    deadline = start + args.seconds

    def drive(table: Table, rnd: random.Random) -> None:
        client = Api(port)
        time.sleep(rnd.uniform(0, args.interval))
        while time.perf_counter() < deadline:
            t0, took, wrong = table.act(client, rnd)
            if not wrong and not table.done.wait(5):
                wrong = "no push within 5 s"
            with lock:
                if wrong:
                    errors.append(wrong)
                else:
                    replies.append(took)
                    samples.append((t0 - start, (time.perf_counter() - t0) * 1000))
            time.sleep(max(0.0, args.interval - (time.perf_counter() - t0)))

    drivers = [threading.Thread(target=drive, args=(t, random.Random(i))) for i, t in enumerate(tables)]
    rss: list[tuple[float, float]] = []

    def sample_rss() -> None:
        while not stop.is_set():
            rss.append((time.perf_counter() - start, rss_mb(master)))
            stop.wait(args.rss_every)

    cpu0 = cpu_seconds(master)
    threading.Thread(target=sample_rss, daemon=True).start()
    for d in drivers:
        d.start()
    for d in drivers:
        d.join()
    server_cpu = (cpu_seconds(master) - cpu0) / (time.perf_counter() - start)
    stop.set()
    rss.append((time.perf_counter() - start, rss_mb(master)))
    for table in tables:
        for phone in table.phones:
            phone.close()
    report(args, replies, samples, errors, rss, server_cpu)


def report(args, replies, samples, errors, rss, server_cpu) -> None:
    """Print the run's figures."""
    last = [ms for _, ms in samples]
    print(f"{args.tables} tables x {args.phones} phones ({min(args.seated, len(PLAYERS))} seated a table), "
          f"one action a table every {args.interval:g} s, {args.seconds:.0f} s; server CPU {server_cpu:.0%} of a core")
    print(f"actions: {len(samples)}  errors: {len(errors)}"
          + "".join(f"\n  {errors.count(e)} x {e}" for e in sorted(set(errors))))
    print(f"action's reply:        p50 {median(replies):7.2f} ms   p99 {pct(replies, 99):7.2f} ms")
    print(f"action to last phone:  p50 {median(last):7.2f} ms   p99 {pct(last, 99):7.2f} ms")
    windows: dict[int, list[float]] = {}
    for t, ms in samples:
        windows.setdefault(int(t // 30), []).append(ms)
    print("to the last phone by 30 s window (p50/p99 ms): "
          + "  ".join(f"{median(w):.0f}/{pct(w, 99):.0f}" for _, w in sorted(windows.items())))
    after = [(t, mb) for t, mb in rss if t > args.warmup]
    before = [mb for t, mb in rss if t <= args.warmup]
    print(f"server RSS: peak {max(mb for _, mb in rss):.1f} MB, {before[-1]:.1f} MB at the end of the "
          f"{args.warmup:.0f} s warm-up" if before else "server RSS: no sample in the warm-up")
    if len(after) >= 2:
        mbs = [mb for _, mb in after]
        print(f"server RSS after the warm-up ({len(after)} samples): min {min(mbs):.1f}  max {max(mbs):.1f}  "
              f"range {max(mbs) - min(mbs):.1f} MB  slope {slope(after) * 60:+.2f} MB/min")
    print("server RSS (s: MB): " + "  ".join(f"{t:.0f}: {mb:.1f}" for t, mb in rss))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench load", description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--phones", type=int, default=6)
    parser.add_argument("--seated", type=int, default=5, help="phones a table that took a seat; the rest watch")
    parser.add_argument("--seconds", type=float, default=600)
    parser.add_argument("--interval", type=float, default=5.0, help="seconds between a table's actions")
    parser.add_argument("--rss-every", type=float, default=10, help="seconds between samples of the server's RSS")
    parser.add_argument("--warmup", type=float, default=120, help="seconds before RSS is expected flat")
    parser.add_argument("--pin", action="store_true", help="the server on the first CPU, this generator on the others")
    args = parser.parse_args(argv)
    cpus = sorted(os.sched_getaffinity(0))
    server_cpus = {cpus[0]} if args.pin and len(cpus) > 1 else None
    with serve(cpus=server_cpus) as (port, master):
        if server_cpus:
            os.sched_setaffinity(0, set(cpus[1:]))
        run(args, port, master)
