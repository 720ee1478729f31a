"""What one push of a long Last Kyotoan Standing game weighs (issue 18): the four regions a phone is
pushed after an action, in bytes and in render time, for a watcher and for a seat, and what the
charts cost when a phone opens "Show the charts" (GET /t/<id>/charts).

Six monsters play 66 turns (67 points on the ★ and ♥ charts), built with the engine through the
table service, as the app would. Printed, not asserted. To compare with an earlier commit, run it
against that commit's files:

    git archive 075c2ff | tar -x -C /tmp/before
    python bench/push_size.py --tree /tmp/before
    python bench/push_size.py

(the charts' fetch is measured where the tree has the route; the earlier board carried them).
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]
MARKET = ["corner_store", "heal", "acid_attack"]
# Each turn's dice, in turn: energy and hearts keep every monster in the game, a smash now and then
# takes Kyoto (its monster yields), a 1, 2 or 3 alone scores nothing: a long game nobody has won.
ROLLS = ["eeehh1", "seeeh2", "eeh123", "seehh1", "eeehh2", "seeeh3"]
FACES = {"s": "smash", "e": "energy", "h": "heart"}
TURNS = 66
RUNS = 30


def long_game(service):
    """A six-monster table after TURNS whole turns (every yield answered: leave Kyoto)."""
    table = service.create("kyotoan", NAMES, {"first_player": 0}, seed=0)
    host = table.record["host_token"]

    def act(**action):
        return service.act(table.id, host, action)[0]

    table = act(type="market", cards=MARKET)
    for turn in range(TURNS):
        table = act(type="roll", faces=[FACES.get(f, f) for f in ROLLS[turn % len(ROLLS)]])
        table = act(type="resolve")
        while owed := [p for p in table.game.pending(table.state) if p["type"] == "yield"]:
            table = act(type="yield", player=owed[0]["player"], **{"yield": True})
        table = act(type="end_turn")
    return table


def timed(make, runs: int = RUNS) -> tuple[str, float]:
    """What `make` returns, and its median time in ms over `runs` calls."""
    times, out = [], ""
    for _ in range(runs):
        t0 = time.perf_counter()
        out = make()
        times.append((time.perf_counter() - t0) * 1000)
    return out, statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tree", help="measure the app in this folder (an earlier commit's files)")
    parser.add_argument("--runs", type=int, default=RUNS, help="renders timed for each median")
    args = parser.parse_args()
    if args.tree:
        sys.path.insert(0, args.tree)
    from companion import create_app
    from companion.games import WATCHER, Viewer
    from companion.web.render import regions

    app = create_app({"DATA_DIR": tempfile.mkdtemp(), "ACTION_LIMIT": 0})
    service = app.extensions["companion.tables"]
    table = long_game(service)
    print(f"{app.import_name} from {sys.modules['companion'].__file__}")
    print(f"6 monsters, turn {table.state['turn']}, {len(table.state['timeline'])} chart points, version {table.version}")
    with app.test_request_context("/"):
        for label, viewer, mode in (("watcher", WATCHER, "watch"), ("seat 0", Viewer(0, True), "play")):
            html, ms = timed(lambda: regions(table, viewer, mode), args.runs)
            board = html[html.index('<section id="board"'):html.index('<section id="controls"')]
            print(f"push to a {label:7}: {len(html.encode()):>6} B (the board {len(board.encode()):>6} B), "
                  f"rendered in {ms:.2f} ms (median of {args.runs})")
    if "pages.charts" in app.view_functions:
        client = app.test_client()
        body, ms = timed(lambda: client.get(f"/t/{table.id}/charts?mode=watch").get_data(as_text=True), args.runs)
        print(f"charts fetched    : {len(body.encode()):>6} B, answered in {ms:.2f} ms (only when a phone opens them)")


if __name__ == "__main__":
    main()
