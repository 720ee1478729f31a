"""What each phone is pushed per action, per game and action type (issue 29: push only what changed).

Every game is played at random through its offers (tests/offers_checks.draw_action, the property
tests' moves) for up to --steps actions with its most players, one seat claimed per player and a
watcher (each seat claimed, as at a real table), and at each version every phone's push is measured as the live socket sends it to a phone
that had the version before: the whole regions (`RenderCache.regions`, what a phone that missed
versions or reconnects gets) and the changes alone (`RenderCache.push`, where the tree has it).
An undo is tried now and then (--undo-every). Bytes are UTF-8, uncompressed. Printed, not asserted:

    python bench/push_bytes.py                 # this tree
    git archive <commit> | tar -x -C /tmp/before && python bench/push_bytes.py --tree /tmp/before
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

PLAYERS = {"kyotoan": 6, "gangs": 5, "neko": 4, "bosskito": 5}
NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]


def play(app, game_id: str, steps: int, undo_every: int, seed: int):
    """Yield (action type, table before, table after) over a random game through the offers."""
    from tests.offers_checks import draw_action

    service = app.extensions["companion.tables"]
    rnd = random.Random(seed)
    table = service.create(game_id, NAMES[:PLAYERS[game_id]], {}, seed=seed)
    host = table.record["host_token"]
    for seat in range(PLAYERS[game_id]):  # each player's own phone holds its seat
        table = service.claim_seat(table.id, table.record["play_token"], seat)[0]
    for step in range(steps):
        if table.state["over"]:
            return
        if undo_every and step % undo_every == undo_every - 1 and table.record["actions"]:
            after = service.undo(table.id, host)
            yield "undo", table, after
        else:
            action = draw_action(table.game, table.state, rnd)
            after = service.act(table.id, host, action)[0]
            yield ("game over" if after.state["over"] else action["type"]), table, after
        table = after



def measure(app, game_id: str, steps: int, undo_every: int, seed: int) -> dict:
    """Bytes a phone per action type: {type: {"whole": [...], "changes": [...]}}, over every phone."""
    from companion.games import WATCHER, Viewer
    from companion.web.render import RenderCache

    cache = RenderCache()
    sizes: dict[tuple, dict[str, list[int]]] = defaultdict(lambda: defaultdict(list))
    phones = [("watcher", WATCHER, "watch")] + [("seat", Viewer(k, True), "play") for k in range(PLAYERS[game_id])]
    with app.test_request_context("/"):
        for kind, before, after in play(app, game_id, steps, undo_every, seed):
            for who, viewer, mode in phones:
                whole = "".join(cache.regions(after, viewer, mode))
                sizes[kind, who]["whole"].append(len(whole.encode()))
                if hasattr(cache, "push"):
                    had = cache.push(before, viewer, mode, None)[0]
                    sizes[kind, who]["changes"].append(len(cache.push(after, viewer, mode, had)[1].encode()))
    return sizes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tree", help="measure the app in this folder (an earlier commit's files)")
    parser.add_argument("--steps", type=int, default=300, help="actions a game at most")
    parser.add_argument("--undo-every", type=int, default=9, help="an undo every this many actions (0: none)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", nargs="*", default=sorted(PLAYERS))
    args = parser.parse_args()
    sys.path.insert(0, args.tree or str(Path(__file__).resolve().parent.parent))
    from companion import create_app

    app = create_app({"DATA_DIR": tempfile.mkdtemp(), "ACTION_LIMIT": 0})
    print(f"companion from {sys.modules['companion'].__file__}")
    print(f"{'game':9} {'action':14} {'phone':8} {'n':>5} {'whole p50':>10} {'whole max':>10} {'changes p50':>12} {'changes max':>12}")
    for game_id in args.games:
        for (kind, who), got in sorted(measure(app, game_id, args.steps, args.undo_every, args.seed).items()):
            whole, changes = got["whole"], got["changes"] or [0]
            print(f"{game_id:9} {kind:14} {who:8} {len(whole):>5} {statistics.median(whole):>10.0f} {max(whole):>10} "
                  f"{statistics.median(changes):>12.0f} {max(changes):>12}")


if __name__ == "__main__":
    main()
