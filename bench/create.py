"""Creating a table, and the home page, with 10 and with 10,000 tables stored: are they flat in
the number of tables?

Two data folders are filled (without fsync: set-up, not measured), then creates through the table
service and home pages (`GET /` through Flask's test client) are timed on both in turn, a create
being the whole call a page or the API makes (validation, a fresh join code, the durable writes
with their fsyncs). Printed: p50/p99 at each size and their ratio (about 1 when flat), the time
to open the big store, and a create's p50/p99 while other threads create tables as fast as they
can.
"""

from __future__ import annotations

import argparse
import tempfile
import threading
import time
from functools import partial
from pathlib import Path
from unittest import mock

from flask.testing import FlaskClient

from bench.lib.stats import median, pct, timed
from companion import create_app
from companion.tables import TableService

PLAYERS = ["Ann", "Bob", "Cy", "Dee"]


def service(data: Path) -> tuple[TableService, FlaskClient]:
    """The table service of an app on the data folder `data`, and a client of that app."""
    app = create_app({"DATA_DIR": str(data), "RATELIMIT_ENABLED": False})
    return app.extensions["companion.tables"], app.test_client()


def fill(data: Path, tables: int) -> float:
    """Store `tables` new tables without fsync; the seconds it took."""
    with mock.patch("os.fsync"):  # set-up only: the measured creates fsync
        tables_service, _ = service(data)
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
        opened = {"many": service(many_dir)}
        print(f"opening a store of {args.many} tables: {(time.perf_counter() - started) * 1000:.1f} ms")
        opened["few"] = service(few_dir)
        times = {(name, what): [] for name in opened for what in ("create", "home")}
        for n in range(args.creates):  # in turn, so both meet the same moments of the machine
            for name, (tables, client) in opened.items():
                times[name, "create"].append(timed(partial(create, tables, n)))
                times[name, "home"].append(timed(partial(client.get, "/")))
        for what in ("create", "home"):
            for name, stored in (("few", args.few), ("many", args.many)):
                print(f"{what} with {stored:>6} tables stored: p50 {median(times[name, what]):6.2f} ms   "
                      f"p99 {pct(times[name, what], 99):6.2f} ms")
            print(f"{what} ratio many/few: p50 {median(times['many', what]) / median(times['few', what]):.2f}   "
                  f"p99 {pct(times['many', what], 99) / pct(times['few', what], 99):.2f}  (about 1 when flat)")
        flooded = during_flood(opened["many"][0], args.creates // 3, args.flooders)
        print(f"create with {args.many} tables stored during a {args.flooders}-thread flood: "
              f"p50 {median(flooded):6.2f} ms   p99 {pct(flooded, 99):6.2f} ms")
