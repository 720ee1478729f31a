"""Creating a table with 10 and with 10,000 tables stored: is a create flat in the number of tables?

Two data folders are filled (without fsync: set-up, not measured), then creates through the table
service are timed on both in turn, each the whole call a page or the API makes (validation, a
fresh join code, the durable writes with their fsyncs). Printed: p50/p99 at each size and their
ratio (about 1 when flat), the time to open the big store, and a create's p50/p99 while other
threads create tables as fast as they can.
"""

from __future__ import annotations

import argparse
import tempfile
import threading
import time
from functools import partial
from pathlib import Path
from unittest import mock

from bench.lib.stats import median, pct, timed
from companion import create_app
from companion.tables import TableService

PLAYERS = ["Ann", "Bob", "Cy", "Dee"]


def service(data: Path) -> TableService:
    """The table service of an app on the data folder `data`."""
    return create_app({"DATA_DIR": str(data)}).extensions["companion.tables"]


def fill(data: Path, tables: int) -> float:
    """Store `tables` new tables without fsync; the seconds it took."""
    with mock.patch("os.fsync"):  # set-up only: the measured creates fsync
        tables_service = service(data)
        return timed(lambda: [create(tables_service, n) for n in range(tables)]) / 1000


def create(tables_service: TableService, seed: int) -> None:
    """One table of Gangs of Kyoto for four."""
    tables_service.create("gangs", PLAYERS, {"first_player": 0}, seed=seed)


def during_flood(tables_service: TableService, creates: int, flooders: int) -> list[float]:
    """Creates timed while `flooders` threads create tables as fast as they can."""
    stop = threading.Event()

    def flood() -> None:
        n = 0
        while not stop.is_set():
            create(tables_service, n)
            n += 1

    threads = [threading.Thread(target=flood) for _ in range(flooders)]
    for thread in threads:
        thread.start()
    try:
        return [timed(partial(create, tables_service, n)) for n in range(creates)]
    finally:
        stop.set()
        for thread in threads:
            thread.join()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench create", description=__doc__.splitlines()[0])
    parser.add_argument("--few", type=int, default=10)
    parser.add_argument("--many", type=int, default=10_000)
    parser.add_argument("--creates", type=int, default=300, help="timed creates at each size")
    parser.add_argument("--flooders", type=int, default=4, help="threads creating tables meanwhile")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        few_dir, many_dir = Path(tmp, "few"), Path(tmp, "many")
        fill(few_dir, args.few)
        print(f"stored {args.many} tables in {fill(many_dir, args.many):.1f} s (without fsync)")
        started = time.perf_counter()
        many = service(many_dir)
        print(f"opening a store of {args.many} tables: {(time.perf_counter() - started) * 1000:.1f} ms")
        few = service(few_dir)
        times: dict[str, list[float]] = {"few": [], "many": []}
        for n in range(args.creates):  # in turn, so both meet the same moments of the machine
            times["few"].append(timed(partial(create, few, n)))
            times["many"].append(timed(partial(create, many, n)))
        for name, stored in (("few", args.few), ("many", args.many)):
            print(f"create with {stored:>6} tables stored: p50 {median(times[name]):6.2f} ms   p99 {pct(times[name], 99):6.2f} ms")
        print(f"ratio many/few: p50 {median(times['many']) / median(times['few']):.2f}   "
              f"p99 {pct(times['many'], 99) / pct(times['few'], 99):.2f}  (about 1 when flat)")
        flooded = during_flood(many, args.creates // 3, args.flooders)
        print(f"create with {args.many} tables stored during a {args.flooders}-thread flood: "
              f"p50 {median(flooded):6.2f} ms   p99 {pct(flooded, 99):6.2f} ms")
