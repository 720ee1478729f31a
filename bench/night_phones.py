"""What one player's phone costs the server at each change of a big night: the CPU of its "my
night" push (web/nights/phone_pages.py, `?mode=me`) beside a players' page push (`?mode=public`), which
every phone on the players' page costs already. A night of `--players` players with `--rounds`
rounds played on paper (imported) and the next one seated in the app, every player checked in by
phone; each push is rendered `--repeat` times in a request holding that phone's cookie.
"""

from __future__ import annotations

import argparse
import tempfile
import time

from flask import session

from bench.lib.nights import paper_night
from companion import create_app
from companion.events.checkin import checkin_key
from companion.web.nights.regions import event_regions, me_regions


def cpu_ms(render, repeat: int) -> float:
    """The median CPU milliseconds of `render()`."""
    times = []
    for _ in range(repeat):
        start = time.process_time()
        render()
        times.append((time.process_time() - start) * 1000)
    return sorted(times)[len(times) // 2]


def measure(players: int, rounds: int, repeat: int) -> tuple[float, float]:
    """(my night ms, players' page ms) on a night of `players`, every one checked in by phone."""
    with tempfile.TemporaryDirectory() as data:
        app = create_app({"DATA_DIR": data, "CREATE_LIMIT": "100000 per minute", "TABLES_LIMIT": "100000 per minute",
                          "EVENT_IMPORT_LIMIT": "100000 per minute"})
        client = app.test_client()
        made = client.post("/api/events/import", json=paper_night(1, players, rounds, "Big night", rounds + 1)).json
        client.post(f"/api/events/{made['id']}/rounds", json={"game": "gangs"}, headers={"Authorization": f"Bearer {made['token']}"})
        key = checkin_key(app.extensions["companion.events"].get(made["id"]))
        tokens = [client.post(f"/api/events/{made['id']}/join", json={"name": f"Player {k}", "key": key}).json["token"]
                  for k in range(1, players + 1)]
        record = app.extensions["companion.events"].get(made["id"])
        with app.test_request_context(f"/e/{made['id']}/ws?mode=me"):
            session["players"] = {made["id"]: tokens[players // 2]}
            return cpu_ms(lambda: me_regions(made["id"]), repeat), cpu_ms(lambda: event_regions(record, "public"), repeat)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench night-phones", description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs="+", default=[16, 64, 200, 400])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args(argv)
    print(f"{'players':>7} {'my night ms':>12} {'players page ms':>16}")
    for players in args.players:
        mine, public = measure(players, args.rounds, args.repeat)
        print(f"{players:>7} {mine:>12.1f} {public:>16.1f}")
