"""A night played on paper, as an event export: what the league and night benches import."""

from __future__ import annotations

import random


def paper_night(seed: int, players: int, rounds: int, name: str, planned: int | None = None) -> dict:
    """An event export of `players` checked in and `rounds` rounds of four-player Gangs of Kyoto
    tables played on paper, each with its result (`planned` rounds in all: `rounds` unless said)."""
    rng, names = random.Random(seed), [f"Player {k}" for k in range(1, players + 1)]
    played, results = [], []
    for number in range(1, rounds + 1):
        order = rng.sample(names, len(names))
        tables = [{"table_id": f"r{number}t{k}", "players": order[k:k + 4]} for k in range(0, len(order), 4)]
        played.append({"round": number, "game": "gangs", "tables": tables})
        results += [{"table_id": t["table_id"], "places": dict(zip(t["players"], rng.sample(range(1, 5), 4)))} for t in tables]
    return {"name": name, "games": ["gangs"], "rounds_planned": planned or rounds,
            "players": [{"name": n, "checked_in": True} for n in names], "rounds": played, "results": results}
