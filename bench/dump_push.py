"""Print the push phones get for the nth action of a type (by default the largest), to see what it carries.

    python bench/dump_push.py neko end_turn [nth|max] [--steps N] [--seed S] [--watcher]
"""
import argparse, sys, tempfile
from pathlib import Path
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from companion import create_app
from companion.games import WATCHER, Viewer
from companion.web.render import RenderCache
from bench.push_bytes import play, PLAYERS

ap = argparse.ArgumentParser()
ap.add_argument("game"); ap.add_argument("kind"); ap.add_argument("nth", nargs="?", default="max")
ap.add_argument("--steps", type=int, default=300); ap.add_argument("--seed", type=int, default=1)
ap.add_argument("--seat", type=int, default=None); ap.add_argument("--whole", action="store_true")
a = ap.parse_args()
app = create_app({"DATA_DIR": tempfile.mkdtemp(), "ACTION_LIMIT": 0})
cache = RenderCache()
phones = [(WATCHER, "watch")] + [(Viewer(k, True), "play") for k in range(PLAYERS[a.game])]
if a.seat is not None:
    phones = [phones[a.seat + 1]] if a.seat >= 0 else [phones[0]]
best = (-1, None)
with app.test_request_context("/"):
    k = 0
    for kind, before, after in play(app, a.game, a.steps, 9, a.seed):
        if kind != a.kind:
            continue
        k += 1
        for v, mode in phones:
            had = cache.push(before, v, mode, None)[0]
            out = cache.push(after, v, mode, had)[1]
            if a.whole:
                out = cache.regions(after, v, mode)
            if (a.nth == "max" and len(out) > best[0]) or (a.nth != "max" and k == int(a.nth)):
                best = (len(out), f"===== #{k} {v} {mode} {len(out.encode())} B\n{out}")
        if a.nth != "max" and k == int(a.nth):
            break
print(best[1])
