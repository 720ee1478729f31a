"""The bytes each phone receives per action, per game, action type and phone (seat or watcher).

Each game is played at random through the engine's offers against the Procfile's server, with
its seats held by phones that made a player's journey and one watcher; the host takes an action
back now and then. Printed per action type: what a phone received over the wire (permessage-
deflate, as a browser negotiates it) and the messages' own length once inflated, p50 and largest.
The same seed makes the same moves, so a second run prints the same texts' lengths.
"""

from __future__ import annotations

import argparse
import collections

from bench.lib.clients import SEATS, PlayedTable
from bench.lib.servers import serve
from bench.lib.stats import median


def measure(port: int, game_id: str, steps: int, undo_every: int, seed: int) -> dict:
    """{(action type, "seat" or "watcher"): ([wire bytes], [inflated bytes])} over a game."""
    table = PlayedTable(port, game_id, seed)
    sizes: dict[tuple[str, str], tuple[list[int], list[int]]] = collections.defaultdict(lambda: ([], []))
    taps = []
    for step in range(steps):
        undo = undo_every and step % undo_every == undo_every - 1 and table.reply["version"] > 0
        taps.append(table.undo() if undo else table.act())
    table.act()  # the last tap's late messages
    table.close()
    for tap in taps:
        for k, (texts, wire) in enumerate(zip(tap.texts, tap.wire, strict=True)):
            wires, inflated = sizes[tap.kind, "watcher" if k == len(tap.wire) - 1 else "seat"]
            wires.append(wire)
            inflated.append(sum(len(text.encode()) for text in texts))
    return sizes


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench push-bytes", description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="+", default=sorted(SEATS), choices=sorted(SEATS))
    parser.add_argument("--steps", type=int, default=300, help="actions a game")
    parser.add_argument("--undo-every", type=int, default=9, help="an undo every this many actions (0: none)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(f"{'game':9} {'action':14} {'phone':8} {'n':>5} {'wire p50':>9} {'wire max':>9} {'text p50':>9} {'text max':>9}")
    with serve() as (port, _):
        for game_id in args.games:
            for (kind, who), (wire, text) in sorted(measure(port, game_id, args.steps, args.undo_every, args.seed).items()):
                print(f"{game_id:9} {kind:14} {who:8} {len(wire):>5} {median(wire):>9.0f} {max(wire):>9} "
                      f"{median(text):>9.0f} {max(text):>9}")
