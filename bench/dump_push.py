"""Print what a phone is pushed for one action of a random game (bench/push_bytes.py's games), to
see what a push carries before deciding what to cut. Printed, not asserted:

    python bench/dump_push.py neko end_turn          # the largest end_turn push to any phone
    python bench/dump_push.py neko check 3 --seat 1  # the 3rd check, as seat 1 gets it
    python bench/dump_push.py neko undo max --seat -1 --steps 600 --seed 2   # a watcher's largest
"""
from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.push_bytes import PLAYERS, play  # noqa: E402 (this tree's package first)
from companion import create_app  # noqa: E402
from companion.games import WATCHER, Viewer  # noqa: E402
from companion.web.render import RenderCache  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("kind", help="an action type as push_bytes.py names it (end_turn, undo, 'game over')")
    parser.add_argument("nth", nargs="?", default="max", help="the nth action of that type, or max: the largest push")
    parser.add_argument("--steps", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seat", type=int, default=None, help="this seat's phone only (-1: the watcher)")
    args = parser.parse_args()
    app = create_app({"DATA_DIR": tempfile.mkdtemp(), "ACTION_LIMIT": 0})
    cache = RenderCache()
    phones = [(WATCHER, "watch")] + [(Viewer(k, True), "play") for k in range(PLAYERS[args.game])]
    if args.seat is not None:
        phones = [phones[args.seat + 1]]
    best, seen = (-1, ""), 0
    with app.test_request_context("/"):
        for kind, before, after in play(app, args.game, args.steps, 9, args.seed):
            if kind != args.kind:
                continue
            seen += 1
            for viewer, mode in phones:
                had = cache.push(before, viewer, mode, None)[0]
                pushed = cache.push(after, viewer, mode, had)[1]
                size = len(pushed.encode())
                if (args.nth == "max" and size > best[0]) or (args.nth != "max" and seen == int(args.nth)):
                    best = (size, f"===== {args.kind} #{seen}, {viewer} ({mode}): {size} B\n{pushed}")
            if args.nth != "max" and seen == int(args.nth):
                break
    print(best[1] or f"no {args.kind} #{args.nth} in {args.steps} actions")


if __name__ == "__main__":
    main()
