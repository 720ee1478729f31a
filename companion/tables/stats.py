"""A finished table's statistics (api.md, "Groups, statistics and rewind"): the one fold that
replays a table's log and adds up the figures its game counts (games/figures.py, each game's
stats.py), per player. Pure work on a table's record: no store, no Flask.

The figures are the game's at its end, so they are read once the game is over (before it, some
would tell what the rules hide: a Gangs of Kyoto VP pile). The replay is the table's own
(table.replay: entries under older rules replay as they were played).
"""
from __future__ import annotations

import random
import threading
from collections import OrderedDict

from ..games import RuleViolation, get_game
from ..games.said import said
from .table import Table, replay


def figures(table: Table) -> dict:
    """`{"players": [{"name", ...figures}]}` for a finished table, in seating order; the game's
    figures all start at 0. RuleViolation while the game is played."""
    if not table.state.get("over"):
        raise RuleViolation(said("The game is not over yet: its statistics come at the end."))
    return counted(table.record)


def counted(record: dict) -> dict:
    """The figures of a table's record, its log replayed from its setup (over or not)."""
    game = get_game(record["game"])
    names = game.figures.names if game.figures else ()
    totals = [dict.fromkeys(names, 0) for _ in record["players"]]
    state = game.setup(record["players"], record["options"], random.Random(record["seed"]))
    if game.figures is None:
        return _shaped(state, totals)
    entries = record["actions"]
    for entry, (after, _) in zip(entries, replay(game, state, entries)):
        for player, name, amount in game.figures.step(state, entry["action"], after):
            totals[player][name] += amount
        state = after
    for player, name, value in game.figures.end(state):
        totals[player][name] = value
    return _shaped(state, totals)


def _shaped(state: dict, totals: list[dict]) -> dict:
    return {"players": [{"name": p["name"], **totals[i]} for i, p in enumerate(state["players"])]}



class FigureCache:
    """The figures of finished tables already counted, by (table, version): a group's page reads
    every table of the group, and a table's version never names two different logs."""

    def __init__(self, size: int = 1024):
        self.size = size
        self._kept: OrderedDict[tuple[str, int], dict] = OrderedDict()
        self._lock = threading.Lock()

    def figures(self, table: Table) -> dict:
        """`figures(table)`, counted once per version."""
        key = (table.id, table.version)
        with self._lock:
            found = self._kept.get(key)
            if found is not None:
                self._kept.move_to_end(key)
                return found
        found = figures(table)
        with self._lock:
            self._kept[key] = found
            while len(self._kept) > self.size:
                self._kept.popitem(last=False)
        return found
