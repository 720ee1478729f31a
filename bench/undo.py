"""Undo and redo against an action at the same length of log, in one process with its real fsyncs.

A Gangs of Kyoto table (four players, plain cards: the game never ends and its state grows with
the banked cards, the worst case of a long log) is imported with 10, 300 and 3,000 actions, as a
host's backup is (past the import's 2,000, the rest played through the table service). Each
window times rounds of an action, its undo and its redo (the usual "oops"), then runs of 10 undos
in a row and their redos. Two paths: the table service alone, and the JSON API through Flask's
test client (the limiter on, never tripped). Printed: the medians over windows of each window's
median, as ratios to the action's of the same window, then in ms.
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile

from flask import Flask

from bench.lib.clients import plain_gangs_action
from bench.lib.stats import timed
from companion import create_app
from companion.games import get_game
from companion.tables.records import IMPORT_MAX_ACTIONS

RUN = 10  # undos in a row
PLAYERS = ["Ann", "Bob", "Cy", "Dee"]


def backup(length: int, seed: int) -> dict:
    """A host's export of a Gangs table with `length` engine-played actions."""
    game, rnd = get_game("gangs"), random.Random(seed)
    options = game.validate_options({"first_player": 0}, len(PLAYERS))
    state, log = game.setup(PLAYERS, options, random.Random(seed)), []
    for _ in range(length):
        action = plain_gangs_action(state, rnd)
        state, _ = game.apply(state, action)
        log.append({"action": action})
    return {"schema": 1, "game": "gangs", "players": PLAYERS, "options": options, "seed": seed, "actions": log}


class ServicePath:
    """Act, undo and redo through the table service."""

    def __init__(self, app: Flask, table_id: str, token: str):
        self.service, self.id, self.token = app.extensions["companion.tables"], table_id, token
        self.rnd = random.Random(5)

    def act(self) -> None:
        self.service.act(self.id, self.token, plain_gangs_action(self.service.get(self.id).state, self.rnd))

    def undo(self) -> None:
        self.service.undo(self.id, self.token)

    def redo(self) -> None:
        self.service.redo(self.id, self.token)


class ApiPath(ServicePath):
    """Act, undo and redo through the JSON API (routing, the limiter, JSON)."""

    def __init__(self, app: Flask, table_id: str, token: str):
        super().__init__(app, table_id, token)
        self.client, self.headers = app.test_client(), {"Authorization": f"Bearer {token}"}

    def _post(self, what: str, body: dict) -> None:
        reply = self.client.post(f"/api/tables/{self.id}/{what}", json=body, headers=self.headers)
        assert reply.status_code == 200, reply.json

    def act(self) -> None:
        self._post("actions", plain_gangs_action(self.service.get(self.id).state, self.rnd))

    def undo(self) -> None:
        self._post("undo", {})

    def redo(self) -> None:
        self._post("redo", {})


def window(path: ServicePath, rounds: int) -> dict[str, float]:
    """One window's medians (ms)."""
    times: dict[str, list[float]] = {"act": [], "undo": [], "redo": [], "undo in a run": [], "redo in a run": []}
    for _ in range(rounds):
        times["act"].append(timed(path.act))
        times["undo"].append(timed(path.undo))
        times["redo"].append(timed(path.redo))
    for _ in range(2):
        for _ in range(RUN):
            path.act()
        times["undo in a run"] += [timed(path.undo) for _ in range(RUN)]
        times["redo in a run"] += [timed(path.redo) for _ in range(RUN)]
    return {name: statistics.median(values) for name, values in times.items()}


def measure(path: ServicePath, windows: int, rounds: int) -> dict[str, tuple[float, float]]:
    """Per measure: the median over windows of (its ratio to the window's action, its ms)."""
    for _ in range(3):  # the first rounds fill caches
        path.act()
        path.undo()
        path.redo()
    results = [window(path, rounds) for _ in range(windows)]
    return {name: (statistics.median(r[name] / r["act"] for r in results), statistics.median(r[name] for r in results))
            for name in results[0]}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench undo", description=__doc__.splitlines()[0])
    parser.add_argument("--windows", type=int, default=5)
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--lengths", type=int, nargs="+", default=[10, 300, 3000])
    args = parser.parse_args(argv)
    report = []
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"DATA_DIR": folder, "ACTION_LIMIT": 1_000_000, "CREATE_LIMIT": "100000 per minute",
                          "TABLES_LIMIT": "100000 per minute"})
        client = app.test_client()
        for length in args.lengths:
            for label, kind in (("service", ServicePath), ("JSON API", ApiPath)):
                made = client.post("/api/tables/import", json=backup(min(length, IMPORT_MAX_ACTIONS), length))
                assert made.status_code == 201, made.json
                path = kind(app, made.json["id"], made.json["token"])
                for _ in range(length - IMPORT_MAX_ACTIONS):
                    ServicePath.act(path)  # the rest as played, through the service for either path
                report.append((length, label, measure(path, args.windows, args.rounds)))
    names = list(report[0][2])
    print(f"ratios to an action at the same length (medians over {args.windows} windows)")
    print(f"{'actions':>8} {'path':<9} " + " ".join(f"{n:>14}" for n in names[1:]))
    for length, label, r in report:
        print(f"{length:>8} {label:<9} " + " ".join(f"{r[n][0]:>14.2f}" for n in names[1:]))
    print("milliseconds (medians over windows)")
    print(f"{'actions':>8} {'path':<9} " + " ".join(f"{n:>14}" for n in names))
    for length, label, r in report:
        print(f"{length:>8} {label:<9} " + " ".join(f"{r[n][1]:>14.2f}" for n in names))
