"""What a finished table's statistics and a past version cost (not a test).

For each game, random whole games through the engine's offers (tests/offers_checks.draw_action),
folded once; then timed: the statistics of the finished table (tables/stats.py replays the whole
log through the game's figures: once per version, as FigureCache keeps them) and the table after a
version in the middle of its log (tables/rewind.py: one replay from the nearest checkpoint).
Printed per game: the actions of the longest game, and the median milliseconds of each.
"""
from __future__ import annotations

import argparse
import random
import statistics

from bench.lib.stats import timed
from companion.games import all_games
from companion.tables import stats
from companion.tables.rewind import at_version
from companion.tables.table import Table, fold_with_checkpoints
from tests.offers_checks import draw_action

NAMES = ["Ann", "Bob", "Cy", "Dee"]


def finished(game, seed: int) -> Table:
    """A random whole game of four as a stored table (a minute between moves)."""
    rnd = random.Random(seed)
    players = NAMES[: min(4, game.max_players)]
    options = game.validate_options({"first_player": 0}, len(players))
    state = game.setup(players, options, random.Random(seed))
    entries = []
    while not state["over"]:
        action = draw_action(game, state, rnd)
        state, lines = game.apply(state, action)
        entries.append({"seq": len(entries) + 1, "version": len(entries) + 1, "action": action, "log": lines,
                        "at": f"2026-01-01T20:{len(entries) % 60:02d}:00+00:00"})
    record = {"id": f"b{seed}", "game": game.id, "players": players, "options": options, "seed": seed,
              "version": len(entries), "actions": entries, "redo": [], "seat_tokens": [None] * len(players)}
    return Table(record, *fold_with_checkpoints(record))


def main(argv: list[str]) -> None:
    """Time each game's statistics and a past version over `--games` random games."""
    parser = argparse.ArgumentParser(prog="python -m bench figures", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(f"{'game':10} {'actions':>8} {'stats ms':>9} {'rewind ms':>10}")
    for game in all_games():
        tables = [finished(game, args.seed + k) for k in range(args.games)]
        longest = max(len(t.record["actions"]) for t in tables)
        figures = [timed(lambda t=t: stats.figures(t)) for t in tables]
        rewinds = [timed(lambda t=t: at_version(t, t.version // 2)) for t in tables]
        print(f"{game.id:10} {longest:>8} {statistics.median(figures):>9.1f} {statistics.median(rewinds):>10.1f}")
