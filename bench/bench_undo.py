"""Undo and redo against an action at the same length of log (issue 29, goal 3; not a test).

A Gangs of Kyoto table (four players, plain cards: the game never ends and its state grows with
the banked cards, the worst case of a long log) at 10, 300 and 3,000 actions, in one process on a
temporary data folder with its real fsyncs. Each window times, in turn, rounds of: an action, its
undo, its redo (the usual "oops" tap); then a run of RUN undos in a row and their redos (a table
taking back several taps, past what is kept of the last states). Two paths: the change path
(`TableService`: lock, decide, store durably) and the JSON API through Flask's test client (the
limiter on, set high enough never to trip). Printed first: the medians over windows of each
window's median, as ratios to the action's of the same window; then the milliseconds; then the
bytes of the states kept to undo with (dicts and lists: a state's copy shares its strings and numbers).

Run: python bench/bench_undo.py [--windows 5] [--rounds 15] [--lengths 10,300,3000]
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.bench_actions import legal_action  # noqa: E402
from companion import create_app  # noqa: E402
from companion.games import get_game  # noqa: E402
from companion.tables.table import KEEP_RECENT, Packed  # noqa: E402

RUN = 10  # undos in a row: more than the last states a table keeps (table.KEEP_RECENT)
GAME = get_game("gangs")


def stored_table(service, length: int, seed: int):
    """A table whose log holds `length` engine-played actions, stored and then read back (folded
    from its file, as after a restart)."""
    table = service.create("gangs", ["Ann", "Bob", "Cy", "Dee"], {"first_player": 0}, seed=seed)
    state, log, rnd = table.state, [], random.Random(seed)
    while len(log) < length:
        action = legal_action(state, rnd)
        state, lines = GAME.apply(state, action)
        log.append({"seq": len(log) + 1, "action": action, "log": lines, "at": "2026-12-01T10:00:00+00:00",
                    "rules": GAME.rules_version})
    service.store.save_table({**table.record, "actions": log, "version": length})
    service._cache.clear()
    return service.get(table.id)


class ServicePath:
    """Act, undo and redo through the table service."""

    def __init__(self, service, table):
        self.service, self.id, self.token = service, table.id, table.record["host_token"]
        self.rnd = random.Random(5)

    def act(self):
        self.service.act(self.id, self.token, legal_action(self.service.get(self.id).state, self.rnd))

    def undo(self):
        self.service.undo(self.id, self.token)

    def redo(self):
        self.service.redo(self.id, self.token)


class ApiPath(ServicePath):
    """Act, undo and redo through the JSON API (Flask's test client: routing, the limiter, JSON)."""

    def __init__(self, service, table, client):
        super().__init__(service, table)
        self.client, self.headers = client, {"Authorization": f"Bearer {self.token}"}

    def _post(self, what: str, body: dict) -> None:
        reply = self.client.post(f"/api/tables/{self.id}/{what}", json=body, headers=self.headers)
        assert reply.status_code == 200, reply.json

    def act(self):
        self._post("actions", legal_action(self.service.get(self.id).state, self.rnd))

    def undo(self):
        self._post("undo", {})

    def redo(self):
        self._post("redo", {})


def copied_bytes(value) -> int:
    """The bytes of the dicts and lists of a state: what one more copy of it holds (a state kept
    packed: its pickle's bytes)."""
    if isinstance(value, Packed):
        return sys.getsizeof(value.data)
    if isinstance(value, dict):
        return sys.getsizeof(value) + sum(copied_bytes(v) for v in value.values())
    if isinstance(value, (list, tuple)):
        return sys.getsizeof(value) + sum(copied_bytes(v) for v in value)
    return 0


def kept_bytes(table) -> tuple[int, int, int]:
    """One state's copied bytes, those of the last KEEP_RECENT kept, and of every checkpoint."""
    recent = sum(copied_bytes(state) for _, state in table.checkpoints[-KEEP_RECENT:])
    return copied_bytes(table.state), recent, sum(copied_bytes(state) for _, state in table.checkpoints)


def timed(step) -> float:
    """Milliseconds one call of `step` took."""
    t0 = time.perf_counter()
    step()
    return (time.perf_counter() - t0) * 1000


def window(path, rounds: int) -> dict[str, float]:
    """One window's medians (ms): act, undo and redo of the same tap; undo and redo in a run."""
    times = {"act": [], "undo": [], "redo": [], "undo in a run": [], "redo in a run": []}
    for _ in range(rounds):
        times["act"].append(timed(path.act))
        times["undo"].append(timed(path.undo))
        times["redo"].append(timed(path.redo))
    for _ in range(2):
        for _ in range(RUN):
            path.act()
        times["undo in a run"].extend(timed(path.undo) for _ in range(RUN))
        times["redo in a run"].extend(timed(path.redo) for _ in range(RUN))
    return {name: statistics.median(values) for name, values in times.items()}


def measure(path, windows: int, rounds: int) -> dict[str, tuple[float, float]]:
    """Per measure: the median over windows of (its ratio to that window's act, its ms)."""
    for _ in range(3):  # warm up: the first rounds fill caches
        path.act(); path.undo(); path.redo()
    results = [window(path, rounds) for _ in range(windows)]
    return {name: (statistics.median(r[name] / r["act"] for r in results), statistics.median(r[name] for r in results))
            for name in results[0]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--windows", type=int, default=5)
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--lengths", default="10,300,3000")
    args = parser.parse_args()
    lengths = [int(n) for n in args.lengths.split(",")]
    report, memory = [], []
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"DATA_DIR": folder, "ACTION_LIMIT": 1_000_000, "CREATE_LIMIT": "100000 per minute",
                          "TABLES_LIMIT": "100000 per minute"})
        service = app.extensions["companion.tables"]
        client = app.test_client()
        for length in lengths:
            for label, make in (("service", lambda t: ServicePath(service, t)), ("JSON API", lambda t: ApiPath(service, t, client))):
                table = stored_table(service, length, length)
                report.append((length, label, measure(make(table), args.windows, args.rounds)))
            memory.append((length, len(service.get(table.id).checkpoints), kept_bytes(service.get(table.id))))
    names = list(report[0][2])
    print(f"ratios to an action at the same length (medians over {args.windows} windows; goal: <= 1.5 at 3,000)")
    print(f"{'actions':>8} {'path':<9} " + " ".join(f"{n:>14}" for n in names[1:]))
    for length, label, r in report:
        print(f"{length:>8} {label:<9} " + " ".join(f"{r[n][0]:>14.2f}" for n in names[1:]))
    print("milliseconds (medians over windows)")
    print(f"{'actions':>8} {'path':<9} " + " ".join(f"{n:>14}" for n in names))
    for length, label, r in report:
        print(f"{length:>8} {label:<9} " + " ".join(f"{r[n][1]:>14.2f}" for n in names))
    print(f"states kept to undo with (KB; the last {KEEP_RECENT} and one every 50 actions)")
    for length, count, (one, recent, every) in memory:
        print(f"{length:>8} one state {one / 1024:.1f}, the last {KEEP_RECENT} {recent / 1024:.1f}, all {count} kept {every / 1024:.1f}")


if __name__ == "__main__":
    main()
