"""One read of a league at its documented limits (200 nights of 400 players): its standings, its
big screen, its page and its spreadsheet, as phones ask for them.

The league is built once (without fsync: set-up, not measured) by the league import: 200 nights
played on paper, each of `--rounds` rounds of four-player tables with a result each, the same
400 people every night. Then each read is timed through the app (Flask's test client: routing,
the read, JSON or templates), three ways:

- before: nothing kept, every night read and every table rated at every read (what every read
  did before the league's read was kept; LeagueService without a hub);
- cold: the first read after a night changed (a correction at the last night's desk before each
  timed read: that night is read again and its tables rated again);
- warm: the same version read again (a phone polling, a second screen).

Printed: the median of each, side by side, in wall time and in this process's CPU time (the
machine is shared: CPU time is what the read itself costs), and the first read after a start
(nothing kept yet).
"""

from __future__ import annotations

import argparse
import tempfile
import time
from unittest import mock

from bench.lib.nights import paper_night
from bench.lib.stats import median
from companion import create_app
from companion.leagues import transfer
from companion.leagues.service import LeagueService

READS = {"standings": "/api/leagues/{id}/standings", "screen": "/leagues/{id}/screen",
         "page": "/leagues/{id}", "csv": "/api/leagues/{id}/export.csv"}


def build(app, nights: int, players: int, rounds: int) -> dict:
    """The league, imported; its record."""
    export = {"name": "Thursday Club", "merges": [],
              "nights": [paper_night(n, players, rounds, f"Week {n}") for n in range(1, nights + 1)]}
    with mock.patch("os.fsync"):  # set-up, not measured
        return transfer.import_league(app.extensions["companion.leagues"], export)


def timed(client, path: str) -> tuple[float, float]:
    """Milliseconds one GET took, wall and CPU (its reply must be 200)."""
    started, cpu = time.perf_counter(), time.process_time()
    reply = client.get(path)
    took = (time.perf_counter() - started) * 1000, (time.process_time() - cpu) * 1000
    assert reply.status_code == 200, (path, reply.status_code)
    return took


def correct(app, record: dict, n: int) -> None:
    """A correction at the last night's desk: its first table's places turned round once more."""
    events = app.extensions["companion.events"]
    night = events.get(record["events"][-1])
    table = night["rounds"][0]["tables"][0]
    players = table["players"][n % 4:] + table["players"][:n % 4]
    events.record_result(night["id"], night["token"], table["table_id"], players, correction=True)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench league-read", description=__doc__.splitlines()[0])
    parser.add_argument("--nights", type=int, default=200)
    parser.add_argument("--players", type=int, default=400)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--reads", type=int, default=7, help="timed reads of each kind, cold and warm")
    parser.add_argument("--before-reads", type=int, default=1, help="timed reads of each kind with nothing kept")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app({"DATA_DIR": tmp, "RATELIMIT_ENABLED": False})
        started = time.perf_counter()
        record = build(app, args.nights, args.players, args.rounds)
        print(f"league of {args.nights} nights x {args.players} players, {args.rounds} rounds a night: "
              f"built in {time.perf_counter() - started:.0f} s")
        client = app.test_client()
        wall, cpu = timed(client, READS["standings"].format(id=record["id"]))
        print(f"first read after a start (nothing kept): standings {wall:.0f} ms, CPU {cpu:.0f} ms")
        kept = app.extensions["companion.leagues"]
        rows = {}
        for name, path in READS.items():
            url = path.format(id=record["id"])
            app.extensions["companion.leagues"] = LeagueService(kept.store, kept.events)  # nothing kept
            before = [timed(client, url) for _ in range(args.before_reads)]
            app.extensions["companion.leagues"] = kept
            cold = []
            for n in range(args.reads):
                correct(app, record, n)
                cold.append(timed(client, url))
            warm = [timed(client, url) for _ in range(args.reads)]
            rows[name] = [median([t[k] for t in runs]) for runs in (before, cold, warm) for k in (0, 1)]
        print(f"\n{'read':<10} {'before':>16} {'cold':>16} {'warm':>16}   (median ms: wall / CPU)")
        for name, figures in rows.items():
            print(f"{name:<10}" + "".join(f"{f'{figures[k]:.1f} / {figures[k + 1]:.1f}':>17}" for k in (0, 2, 4)))
