"""What handing each fsync of the group commit to gevent's thread pool costs (issue 29, goal 2; not
a test), under gevent's monkey-patching as the Procfile's worker runs.

1. One fsync after another: process CPU and wall time per fsync, on the loop (blocking every
   other phone: the floor no hand-off can beat), through gevent's thread pool (`jsonlog.fsync`,
   now), and through one committer thread that the waiting greenlets wake (the issue's proposal).
2. `--tables` greenlets writing through the real store and journal (`TinyDBStore.append_change`),
   one action a table every `--interval` seconds and as fast as acknowledged: CPU per action with
   the thread pool's hand-off against fsync on the loop (what any hand-off could save at most).

Run: python bench/fsync_handoff.py [--fsyncs 3000] [--tables 50] [--seconds 6] [--data DIR]
"""
from gevent import monkey

monkey.patch_all()  # before anything imports threading, as the worker does (server/worker.py)

import argparse  # noqa: E402
import os  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402

import gevent  # noqa: E402
from gevent import get_hub  # noqa: E402
from gevent.event import Event  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.group_commit import ENTRY  # noqa: E402
from companion.store import TinyDBStore, jsonlog  # noqa: E402
from companion.tables import TableService  # noqa: E402

OsThread, OsCondition = monkey.get_original("threading", ["Thread", "Condition"])


class Committer:
    """One OS thread that fsyncs whatever is asked meanwhile; a greenlet waits on an Event that
    the hub's async watcher sets (the only way back into the loop from another thread)."""

    def __init__(self, fd: int):
        self.fd, self.cond, self.asked, self.done = fd, OsCondition(), [], []
        self.watcher = get_hub().loop.async_()
        self.watcher.start(self._wake)
        OsThread(target=self._run, daemon=True).start()

    def _wake(self) -> None:
        with self.cond:
            done, self.done = self.done, []
        for event in done:
            event.set()

    def _run(self) -> None:
        while True:
            with self.cond:
                while not self.asked:
                    self.cond.wait()
                batch, self.asked = self.asked, []
            os.fsync(self.fd)
            with self.cond:
                self.done.extend(batch)
            self.watcher.send()

    def fsync(self, fd: int) -> None:
        """Return once the committer fsynced `fd` (its own) after this call."""
        event = Event()
        with self.cond:
            self.asked.append(event)
            self.cond.notify()
        event.wait()


def one_after_another(folder: str, fsyncs: int) -> None:
    """CPU and wall time per fsync of a 200-byte append, for each way of calling it."""
    fd = os.open(Path(folder) / "handoff.log", os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
    pool, committer = get_hub().threadpool, Committer(fd)
    ways = (("on the loop (blocks it)", os.fsync), ("gevent's thread pool (now)", lambda f: pool.apply(os.fsync, (f,))),
            ("one committer thread", committer.fsync))
    for _ in range(2):
        for label, fsync in ways:
            cpu, wall = time.process_time(), time.perf_counter()
            for _ in range(fsyncs):
                os.write(fd, b"x" * 200)
                fsync(fd)
            cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
            print(f"  {label:<28} CPU {cpu / fsyncs * 1e6:6.1f} us an fsync, wall {wall / fsyncs * 1e6:6.1f} us")
    os.close(fd)


def tables_writing(folder: str, tables: int, seconds: float, interval: float, fsync) -> tuple[float, float]:
    """Actions a second and process CPU (us) an action of `tables` greenlets writing through the journal."""
    store = TinyDBStore(Path(folder))
    records = [TableService(store).create("gangs", ["Ann", "Bob"], {"first_player": 0}, seed=i).record for i in range(tables)]
    count, deadline = [0], time.monotonic() + seconds

    def writer(record: dict, k: int) -> None:
        gevent.sleep(interval * k / tables)  # spread over the interval, as a venue's tables are
        version = record["version"]
        while time.monotonic() < deadline:
            version += 1
            t0 = time.monotonic()
            store.append_change({**record, "version": version}, {"op": "act", "version": version, "entry": {**ENTRY, "seq": version}})
            count[0] += 1
            gevent.sleep(max(0.0, interval - (time.monotonic() - t0)))

    kept, jsonlog.fsync = jsonlog.fsync, fsync
    try:
        cpu = time.process_time()
        gevent.joinall([gevent.spawn(writer, r, k) for k, r in enumerate(records)])
        cpu = time.process_time() - cpu
    finally:
        jsonlog.fsync = kept
    return count[0] / seconds, cpu / max(1, count[0]) * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fsyncs", type=int, default=3000)
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=6)
    parser.add_argument("--interval", type=float, default=1.0, help="seconds between a table's actions (a real pace)")
    parser.add_argument("--data", default=None, help="a folder on the disk to measure (default: the system's temporary folder)")
    args = parser.parse_args()
    print("one fsync after another:")
    with tempfile.TemporaryDirectory(dir=args.data) as folder:
        one_after_another(folder, args.fsyncs)
    for interval, pace in ((args.interval, f"one action a table every {args.interval:g} s"), (0.0, "as fast as acknowledged")):
        print(f"{args.tables} tables through the journal, {pace}:")
        for _ in range(2):
            for label, fsync in (("gevent's thread pool (now)", jsonlog.fsync), ("on the loop (the floor)", os.fsync)):
                with tempfile.TemporaryDirectory(dir=args.data) as folder:
                    rate, cpu = tables_writing(folder, args.tables, args.seconds, interval, fsync)
                print(f"  {label:<28} {rate:6.0f} actions/s, CPU {cpu:6.1f} us an action")


if __name__ == "__main__":
    main()
