"""Big tournament nights against the event loop (issue 26, items 3 and 5), printed as numbers (not
a test; tests/web/test_night_bounds.py uses its parts).

1. The CPU time of every read of a night (its standings, pages, live regions, spreadsheets and
   export), in process, at 100 players and at 400 (the most a night holds) with 4 rounds of
   results entered at the desk, and each as a ratio to the same read at 100 players; the size of
   the desk's page and region; the CPU (and wall) time of starting round 4 after 3 played, and
   of its seating alone.
2. Against the Procfile's server (this checkout's; with --before REV also that revision's, run
   the same way): the worst latency of `GET /api/games` with nothing else going on (the baseline),
   while an event import of 15 tables of 2,000 actions each replays, and while a phone reads the
   standings of a just-registered 400-player night over and over; each as a ratio to the baseline.

Run: python bench/night_bounds.py [--before REV] [--seconds 3]
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench.bench_actions import legal_action  # noqa: E402
from bench.servers import ROOT, before_tree, start  # noqa: E402
from companion import create_app  # noqa: E402
from companion.events.records import met  # noqa: E402
from companion.events.seating import seat, table_sizes  # noqa: E402
from companion.games import get_game  # noqa: E402

READS = ("/api/events/{id}/standings", "/e/{id}", "/e/{id}/screen", "/e/{id}/admin", "/e/{id}/regions?mode=public",
         "/e/{id}/regions?mode=screen", "/e/{id}/regions?mode=admin", "/api/events/{id}/export.csv",
         "/api/events/{id}/standings.csv", "/api/events/{id}/export.json")
DESK = ("/e/{id}/admin", "/e/{id}/regions?mode=admin")


def long_table(players: list[str], actions: int, seed: int) -> dict:
    """A Gangs of Kyoto table's host export with `actions` legal actions (plain cards only, so the
    game never ends): what an import replays, action by action."""
    game, rnd = get_game("gangs"), random.Random(seed)
    options = game.validate_options({}, len(players))
    state, log = game.setup(players, options, random.Random(seed)), []
    for _ in range(actions):
        action = legal_action(state, rnd)
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


def desk_night(client, players: int, rounds: int) -> tuple[str, str]:
    """A night run at the desk of an in-process app: `players` registered in two posts, `rounds`
    rounds seated by the app (tables in the app) and each table's result entered by the organiser;
    returns its id and organiser token (the client's cookie then opens its desk)."""
    made = client.post("/api/events", json={"name": "Desk night", "games": ["gangs"], "rounds": max(rounds, 4)}).json
    headers, names = {"Authorization": f"Bearer {made['token']}"}, [f"Player {k}" for k in range(1, players + 1)]
    for half in (names[:players // 2], names[players // 2:]):
        assert client.post(f"/api/events/{made['id']}/players", json={"names": half}, headers=headers).status_code == 200
    rng = random.Random(players)
    for _ in range(rounds):
        seated = client.post(f"/api/events/{made['id']}/rounds", json={"game": "gangs"}, headers=headers).json
        for t in seated["tables"]:
            body = {"table_id": t["table_id"], "placings": rng.sample(t["players"], len(t["players"]))}
            assert client.post(f"/api/events/{made['id']}/results", json=body, headers=headers).status_code == 200
    with client.session_transaction() as sess:
        sess["events"] = {made["id"]: made["token"]}
    return made["id"], made["token"]


def read_cpu(client, path: str, runs: int = 5) -> float:
    """The median CPU time (seconds, this process) of reading `path` through the in-process app."""
    spent = []
    for _ in range(runs):
        began = time.process_time()
        assert client.get(path).status_code == 200, path
        spent.append(time.process_time() - began)
    return statistics.median(spent)


def round_cost(players: int) -> tuple[float, float, float]:
    """Starting round 4 of a `players` night run at the desk (3 rounds of results): the POST's CPU
    and wall time, and the CPU of its seating alone (the same inputs seated again), in seconds."""
    app = create_app({"TESTING": True, "DATA_DIR": tempfile.mkdtemp(), "ACTION_LIMIT": 0, "CREATE_LIMIT": "100000 per minute", "TABLES_LIMIT": "100000 per minute"})
    client = app.test_client()
    event_id, token = desk_night(client, players, 3)
    service = app.extensions["companion.events"]
    record = service.get(event_id)
    order, pairs = [row["name"] for row in service.standings(record)], met(record)
    began, wall = time.process_time(), time.monotonic()
    reply = client.post(f"/api/events/{event_id}/rounds", json={"game": "gangs"}, headers={"Authorization": f"Bearer {token}"})
    assert reply.status_code == 201, reply.json
    spent, waited = time.process_time() - began, time.monotonic() - wall
    began = time.process_time()
    seat(order, table_sizes(players, 2, 5), random.Random(4), pairs, ranked=True)
    return spent, waited, time.process_time() - began


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


def reading_loop(port: int, path: str, seconds: float):
    """What a phone reloading `path` for `seconds` does (a function for `worst_latency`)."""
    def read():
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=30).read()
    return read


def in_process() -> None:
    """Part 1: each read's CPU time at 100 and 400 players, and their ratio; the desk's size; a round's start."""
    figures, sizes = {}, {}
    for players in (100, 400):
        app = create_app({"TESTING": True, "DATA_DIR": tempfile.mkdtemp(), "ACTION_LIMIT": 0, "CREATE_LIMIT": "100000 per minute", "TABLES_LIMIT": "100000 per minute"})
        client = app.test_client()
        event_id, _ = desk_night(client, players, 4)
        figures[players] = {path: read_cpu(client, path.format(id=event_id)) for path in READS}
        sizes[players] = {path: len(client.get(path.format(id=event_id)).data) for path in DESK}
    print("CPU per read, 4 rounds of results (ms): 100 players, 400 players, ratio")
    for path in READS:
        small, big = figures[100][path], figures[400][path]
        print(f"  {path:32} {small * 1000:7.1f} {big * 1000:7.1f} {big / small:6.1f}x")
    print("The desk's HTML, 4 rounds of results (KB): 100 players, 400 players")
    for path in DESK:
        print(f"  {path:32} {sizes[100][path] / 1000:7.0f} {sizes[400][path] / 1000:7.0f}")
    print("Starting round 4 after 3 played (ms): the POST's CPU, its wall time, the seating's CPU alone")
    for players in (100, 400):
        spent, waited, seating = round_cost(players)
        print(f"  {players} players: {spent * 1000:7.1f} {waited * 1000:7.1f} {seating * 1000:7.1f}")


def against_server(tree: Path, label: str, seconds: float) -> None:
    """Part 2: worst `/api/games` latency on `tree`'s server, idle, during a big import and
    during standings reads of a 400-player night, each as a ratio to idle."""
    proc, port = start(tree, {"COMPANION_DATA": tempfile.mkdtemp()})
    try:
        whole = big_import()
        night = post(port, "/api/events/import", paper_night(400))
        idle = worst_latency(port, seconds)
        importing = worst_latency(port, 60, lambda: post(port, "/api/events/import", whole))
        reading = worst_latency(port, seconds, reading_loop(port, f"/api/events/{night['id']}/standings", seconds))
    finally:
        proc.terminate()
        proc.wait()
    print(f"{label}: worst GET /api/games: idle {idle * 1000:.0f} ms; during a 15 x 2,000 import "
          f"{importing * 1000:.0f} ms ({importing / idle:.0f}x); during standings reads of 400 players "
          f"{reading * 1000:.0f} ms ({reading / idle:.0f}x)")


def main() -> None:
    """Print both parts; with --before, part 2 for that revision first."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", help="a git revision to compare the server with (e.g. main)")
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    in_process()
    if args.before:
        against_server(before_tree(args.before, Path(tempfile.mkdtemp())), args.before, args.seconds)
    against_server(ROOT, "this checkout", args.seconds)


if __name__ == "__main__":
    main()
