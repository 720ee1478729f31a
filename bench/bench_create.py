"""Benchmark of creating a table with few and with many stored tables, printed as numbers (not a test).

Two data folders are filled, one with 10 tables and one with 10,000; then creates are timed on
both, alternating (so both see the same load of the machine), each the whole service call a page
or the API makes (validation, a fresh join code checked against the index, the durable writes
with their fsyncs). Prints p50/p99 per create at each size and their ratio (target: about 1), and
a create's p50/p99 while other threads flood the store with creates.
Filling skips fsync (it is set-up, not measured); measured creates fsync as in production.

Run: python bench/bench_create.py [--few 10] [--many 10000] [--creates 300] [--flooders 4]
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from companion.store import TinyDBStore  # noqa: E402
from companion.tables import TableService  # noqa: E402

PLAYERS = ["Ann", "Bob", "Cy", "Dee"]


def fill(data: Path, tables: int) -> float:
    """Store `tables` new tables without fsync; returns the seconds it took."""
    real_fsync = os.fsync
    os.fsync = lambda fd: None  # set-up only: the measured creates below fsync for real
    try:
        started = time.perf_counter()
        svc = TableService(TinyDBStore(data))
        for n in range(tables):
            svc.create("gangs", PLAYERS, {"first_player": 0}, seed=n)
        return time.perf_counter() - started
    finally:
        os.fsync = real_fsync


def percentile(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--few", type=int, default=10)
    parser.add_argument("--many", type=int, default=10_000)
    parser.add_argument("--creates", type=int, default=300, help="timed creates at each size")
    parser.add_argument("--flooders", type=int, default=4, help="threads creating tables meanwhile")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        few_dir, many_dir = Path(tmp) / "few", Path(tmp) / "many"
        fill(few_dir, args.few)
        seconds = fill(many_dir, args.many)
        print(f"stored {args.many} tables in {seconds:.1f}s (without fsync)")
        started = time.perf_counter()
        many = TableService(TinyDBStore(many_dir))  # opening reads the index: a start-up cost
        print(f"opening a store of {args.many} tables: {1000 * (time.perf_counter() - started):.1f} ms")
        few = TableService(TinyDBStore(few_dir))
        timings: dict[str, list[float]] = {"few": [], "many": []}
        for n in range(args.creates):
            for name, svc in (("few", few), ("many", many)):
                started = time.perf_counter()
                svc.create("gangs", PLAYERS, {"first_player": 0}, seed=n)
                timings[name].append(1000 * (time.perf_counter() - started))
        for name, stored in (("few", args.few), ("many", args.many)):
            samples = timings[name]
            print(f"create with {stored:>6} stored tables: p50 {statistics.median(samples):6.2f} ms   "
                  f"p99 {percentile(samples, 0.99):6.2f} ms")
        p50 = statistics.median(timings["many"]) / statistics.median(timings["few"])
        p99 = percentile(timings["many"], 0.99) / percentile(timings["few"], 0.99)
        print(f"ratio many/few: p50 {p50:.2f}   p99 {p99:.2f}  (target about 1)")
        flooded = during_flood(many, args.creates // 3, args.flooders)
        print(f"create with {args.many} stored tables during a {args.flooders}-thread create flood: "
              f"p50 {statistics.median(flooded):6.2f} ms   p99 {percentile(flooded, 0.99):6.2f} ms")


def during_flood(svc: TableService, creates: int, flooders: int) -> list[float]:
    """Creates timed while `flooders` threads create tables as fast as they can (no rate limit here)."""
    stop = threading.Event()

    def flood():
        n = 0
        while not stop.is_set():
            svc.create("gangs", PLAYERS, {"first_player": 0}, seed=n)
            n += 1

    threads = [threading.Thread(target=flood) for _ in range(flooders)]
    for thread in threads:
        thread.start()
    samples = []
    try:
        for n in range(creates):
            started = time.perf_counter()
            svc.create("gangs", PLAYERS, {"first_player": 0}, seed=n)
            samples.append(1000 * (time.perf_counter() - started))
    finally:
        stop.set()
        for thread in threads:
            thread.join()
    return samples


if __name__ == "__main__":
    main()
