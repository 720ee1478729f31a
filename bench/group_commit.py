"""Group commit of the embedded store, measured in one process (issue 18, item 0; not a test):
`--tables` threads each act on their own table (as fast as the store acknowledges, or once every
`--interval` seconds, as tables at a venue do) for `--seconds`, first with an fsync per action (as before group commit: each action's line fsynced
in its own table's log), then through the journal (one fsync for every table's change that
arrived while the previous one ran). Prints actions/s, fsyncs, actions per fsync and the
latency of one acknowledged write (p50/p99/max).

Run: python bench/group_commit.py [--tables 50] [--seconds 10] [--interval 0] [--data DIR (a folder on the disk to measure)]
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

from bench.bench_actions import pct  # noqa: E402
from companion.store import TinyDBStore, jsonlog  # noqa: E402
from companion.store import journal as journal_module  # noqa: E402
from companion.store import tinydb_store  # noqa: E402
from companion.tables import TableService  # noqa: E402

ENTRY = {"action": {"type": "give", "to": 1, "card": {"value": 2, "kind": "plain"}}, "log": ["Ann gives a 2 to Bob."],
         "at": "2026-12-01T10:00:00.000+00:00", "rules": 1}


class PerActionFsync(journal_module.Journal):
    """The store before group commit: every change fsynced in its own table's log."""

    def commit(self, table_id: str, change: dict) -> None:
        with open(self.tables_dir / f"{table_id}.log", "rb") as fh:
            jsonlog.fsync(fh.fileno())


def run(folder: Path, tables: int, seconds: float, interval: float, journal_class) -> dict:
    """Writers on `tables` tables for `seconds`: actions, fsyncs and write latencies."""
    tinydb_store.Journal = journal_class
    try:
        store = TinyDBStore(folder)
    finally:
        tinydb_store.Journal = journal_module.Journal
    records = [TableService(store).create("gangs", ["Ann", "Bob"], {"first_player": 0}, seed=i).record for i in range(tables)]
    fsyncs, latencies, lock = [0], [], threading.Lock()
    counted = jsonlog.fsync

    def counting(fd):
        with lock:
            fsyncs[0] += 1
        counted(fd)

    jsonlog.fsync = counting
    deadline = time.monotonic() + seconds

    def writer(record):
        version, mine = record["version"], []
        time.sleep(interval * records.index(record) / len(records))  # spread over the interval
        while time.monotonic() < deadline:
            version += 1
            t0 = time.perf_counter()
            store.append_change({**record, "version": version}, {"op": "act", "version": version, "entry": {**ENTRY, "seq": version}})
            mine.append((time.perf_counter() - t0) * 1000)
            time.sleep(max(0.0, interval - mine[-1] / 1000))
        with lock:
            latencies.extend(mine)

    fsyncs[0] = 0
    threads = [threading.Thread(target=writer, args=(r,)) for r in records]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    jsonlog.fsync = counted
    return {"actions": len(latencies), "fsyncs": fsyncs[0], "p50": statistics.median(latencies), "p99": pct(latencies, 99),
            "max": max(latencies)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--interval", type=float, default=0.0, help="seconds between a table's actions (0: at once)")
    parser.add_argument("--data", default=None, help="a folder on the disk to measure (default: the system's temporary folder)")
    args = parser.parse_args()
    for label, journal_class in (("an fsync per action (before)", PerActionFsync), ("group commit (now)", journal_module.Journal)):
        with tempfile.TemporaryDirectory(dir=args.data) as folder:
            r = run(Path(folder), args.tables, args.seconds, args.interval, journal_class)
        print(f"{label}: {args.tables} tables, {r['actions'] / args.seconds:.0f} actions/s (load average {os.getloadavg()[0]:.1f}), {r['fsyncs']} fsyncs "
              f"({r['actions'] / max(1, r['fsyncs']):.1f} actions an fsync), one write p50 {r['p50']:.1f} ms, "
              f"p99 {r['p99']:.1f} ms, max {r['max']:.0f} ms")


if __name__ == "__main__":
    main()
