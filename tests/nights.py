"""Big tournament nights for tests: an import of long tables, a night played on paper, and the
worst latency of a request while something else runs."""
from __future__ import annotations

import json
import random
import threading
import time
import urllib.request

from companion.games import get_game
from tests.table_client import plain_gangs_action


def long_table(players: list[str], actions: int, seed: int) -> dict:
    """A Gangs of Kyoto table's host export with `actions` legal actions (plain cards only, so the
    game never ends): what an import replays, action by action."""
    game, rnd = get_game("gangs"), random.Random(seed)
    options = game.validate_options({}, len(players))
    state, log = game.setup(players, options, random.Random(seed)), []
    for _ in range(actions):
        action = plain_gangs_action(state, rnd)
        state, _ = game.apply(state, action)
        log.append({"action": action})
    return {"schema": 1, "game": "gangs", "players": players, "options": options, "seed": seed, "actions": log}

def big_import(tables: int = 15, actions: int = 2000) -> dict:
    """An event export within every limit of an import: one round of `tables` two-player tables,
    each with its whole log of `actions` actions (15 x 2,000: about 2.3 MB). The tables replay
    one log (an action names seats, not players), so the file is made in the time of one game."""
    seated = [[f"Player {2 * k + 1}", f"Player {2 * k + 2}"] for k in range(tables)]
    log = long_table(seated[0], actions, seed=1)
    return {"name": "Big import", "games": ["gangs"], "rounds_planned": 4,
            "players": [{"name": n, "checked_in": True} for names in seated for n in names],
            "rounds": [{"round": 1, "game": "gangs", "tables": [{"table_id": f"t{k}", "players": names}
                                                                 for k, names in enumerate(seated)]}],
            "tables": {f"t{k}": {**log, "players": names} for k, names in enumerate(seated)}}


def paper_night(players: int, rounds: int = 0, seed: int = 1) -> dict:
    """An event export of a night played on paper: `players` registered, `rounds` rounds of
    four-player tables, every table with its result (a quick way to a big night: one request)."""
    rng, names = random.Random(seed), [f"Player {k}" for k in range(1, players + 1)]
    played, results = [], []
    for number in range(1, rounds + 1):
        order = rng.sample(names, len(names))
        tables = [{"table_id": f"r{number}t{k}", "players": order[k:k + 4]} for k in range(0, len(order), 4)]
        played.append({"round": number, "game": "gangs", "tables": tables})
        results += [{"table_id": t["table_id"], "places": dict(zip(t["players"], rng.sample(range(1, 5), 4)))} for t in tables]
    return {"name": "Big night", "games": ["gangs"], "rounds_planned": max(rounds, 4),
            "players": [{"name": n, "checked_in": True} for n in names], "rounds": played, "results": results}


def worst_latency(port: int, seconds: float, meanwhile=None) -> float:
    """The worst latency (seconds) of `GET /api/games` asked over and over for `seconds`, while
    `meanwhile()` runs in another thread (the measuring ends when it ends, if sooner)."""
    done = threading.Event()
    if meanwhile is not None:
        threading.Thread(target=lambda: (meanwhile(), done.set()), daemon=True).start()
        time.sleep(0.05)
    worst, deadline = 0.0, time.monotonic() + seconds
    while time.monotonic() < deadline and not done.is_set():
        began = time.monotonic()
        urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=30).read()
        worst = max(worst, time.monotonic() - began)
        time.sleep(0.005)
    return worst


def post(port: int, path: str, body: object) -> dict:
    """POST a JSON body to the server; its JSON reply."""
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=120) as reply:
        return json.loads(reply.read())
