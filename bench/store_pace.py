"""The embedded store at a venue's pace (not a test): what decides whether it needs group commit.

1. fsync: one action line appended and fsynced, 1,000 times over 50 tables' logs (the budget: a
   venue's 50 tables, an action every ~5 s each, make 10 actions a second).
2. venue: 50 tables acting every 4-6 s each through TableService (engine, store, fsync), for
   --seconds: the latency of an acknowledged action, and of the store's append in it.
(Whether create and the home page stay flat with many tables: `python -m bench create`.)
"""
from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import tempfile
import threading
import time

from bench.lib.clients import plain_gangs_action
from bench.lib.stats import pct
from companion.store import TinyDBStore
from companion.tables import TableService

PLAYERS = ["A", "B", "C", "D"]


def ms(seconds: list[float], p: float) -> str:
    """The `p`-th percentile of `seconds`, in ms."""
    return f"{pct(seconds, p) * 1e3:.2f} ms"


def fsyncs(folder: str) -> None:
    line = (json.dumps({"op": "act", "version": 1, "entry": {"seq": 1, "action": {"type": "roll", "keep": [0, 2]},
                        "log": ["Ann rolls 3 energy, heart, smash"], "at": "2026-12-07T09:00:00.000+00:00"}}) + "\n").encode()
    fds = [os.open(os.path.join(folder, f"t{k}.log"), os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600) for k in range(50)]
    times = []
    for n in range(1000):
        began = time.perf_counter()
        os.write(fds[n % 50], line)
        os.fsync(fds[n % 50])
        times.append(time.perf_counter() - began)
    for fd in fds:
        os.close(fd)
    print(f"append+fsync: p50 {ms(times, 50)}, p99 {ms(times, 99)}; {1 / statistics.mean(times):.0f} a second "
          "one after another, against a venue's 10")


def venue(folder: str, seconds: float) -> None:
    svc = TableService(TinyDBStore(folder))
    appends, acts, lock = [], [], threading.Lock()
    real_append = svc.store.append_change

    def timed_append(record, change):
        began = time.perf_counter()
        real_append(record, change)
        appends.append(time.perf_counter() - began)
    svc.store.append_change = timed_append
    tables = [svc.create("gangs", PLAYERS, {"first_player": 0}, seed=k) for k in range(50)]
    stop = time.monotonic() + seconds

    def play(table):
        rnd = random.Random(table.id)
        time.sleep(rnd.uniform(0, 5))
        while time.monotonic() < stop and not svc.get(table.id).state.get("over"):
            began = time.perf_counter()
            svc.act(table.id, table.record["host_token"], plain_gangs_action(svc.get(table.id).state, rnd))
            with lock:
                acts.append(time.perf_counter() - began)
            time.sleep(rnd.uniform(4, 6))
    threads = [threading.Thread(target=play, args=(t,)) for t in tables]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    print(f"venue: {len(acts)} actions in {seconds:.0f} s ({len(acts) / seconds:.1f} a second): acknowledged p50 "
          f"{ms(acts, 50)}, p99 {ms(acts, 99)}; the store's append p50 {ms(appends, 50)}, p99 {ms(appends, 99)}")


def main(argv: list[str]) -> None:
    """fsync per action, then the venue's pace."""
    parser = argparse.ArgumentParser(prog="python -m bench store-pace", description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--dir", default=None, help="where the data folders go (default: a temporary folder)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(dir=args.dir) as folder:
        fsyncs(folder)
        venue(os.path.join(folder, "venue"), args.seconds)
