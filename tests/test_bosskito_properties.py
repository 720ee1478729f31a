"""Property tests: random Boss Kito games conserve cards and tokens; rejected actions change nothing."""
from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import get_game
from companion.games.bosskito.rules import COLOURS, SYMBOLS

from .engine_checks import random_walk

GAME = get_game("bosskito")


def legal_action(state: dict, rnd: random.Random) -> dict:
    owed = state["pending"][0]
    if owed["type"] == "reveal":
        if rnd.random() < 0.2:  # the table sets a number's symbol first, now and then
            return {"type": "symbol", "number": rnd.randint(1, 9), "symbol": rnd.choice(SYMBOLS + (None,))}
        pool = [k for k in range(1, 10) for _ in range(k - state["revealed"][str(k)])]
        symbols = [rnd.choice(SYMBOLS + (None, None)) for _ in COLOURS]
        return {"type": "reveal", "row": rnd.sample(pool, 5), "symbols": symbols}
    if owed["type"] == "pass_start":
        return {"type": "pass_start", "to": rnd.randrange(len(state["players"]))}
    p = state["players"][state["current"]]
    options = []
    if p["hand"]:
        options += [{"type": "play", "colour": rnd.choice(COLOURS)}] * 3
        options.append({"type": "exchange", "count": rnd.randint(1, p["hand"])})
    mine = [c for c in COLOURS if p["played"][c]]
    if mine and p["tokens"]:
        options.append({"type": "place", "on": rnd.sample(mine * 2, min(p["tokens"], rnd.randint(1, 2)))})
    if state["draw_pile"] or state["discard"]:
        options.append({"type": "draw"})
    if state["stock"]:
        options.append({"type": "take"})
    options = [o for o in options if o["type"] != "play" or sum(len(q["played"][o["colour"]]) for q in state["players"]) < 10]
    return rnd.choice(options)


def illegal_action(state: dict, rnd: random.Random) -> dict:
    # While the benefits are turned up or the start card passed it is nobody's turn (current is None).
    p = state["players"][state["current"] if state["current"] is not None else state["starting_player"]]
    options = [
        {"type": "play", "colour": "pink"},
        {"type": "place", "on": ["red", "red", "red"]},
        {"type": "exchange", "count": p["hand"] + 1},
        {"type": "reveal", "row": [9, 9, 9, 9]},
        {"type": "cheat"},
        {"type": "take", "amount": 3},
    ]
    empty = [c for c in COLOURS if not p["played"][c]]
    if empty:
        options.append({"type": "place", "on": [empty[0]]})
    if state["phase"] != "pass":
        options.append({"type": "pass_start", "to": 0})
    return rnd.choice(options)


def check(state: dict) -> None:
    players = state["players"]
    on_cards = sum(sum(p["played"][c]) for p in players for c in COLOURS)
    assert state["stock"] + sum(p["tokens"] for p in players) + on_cards == 30, "tokens conserved"
    played = sum(len(p["played"][c]) for p in players for c in COLOURS)
    assert state["draw_pile"] + state["discard"] + sum(p["hand"] for p in players) + played == 50, "cards conserved"
    for c in COLOURS:
        assert sum(len(p["played"][c]) for p in players) <= 10
    assert all(v >= 0 for v in (state["stock"], state["draw_pile"], state["discard"]))
    assert sum(state["revealed"].values()) <= 45
    assert all(state["revealed"][str(k)] <= k for k in range(1, 10))
    owned = sum(len(p["benefits"]) for p in players)
    assert owned + sum(1 for v in state["row"] if v is not None) <= sum(state["revealed"].values())


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(2, 5), steps=st.integers(1, 400))
def test_random_games_conserve_cards_and_tokens(seed, n, steps):
    rnd = random.Random(seed)
    state = GAME.setup([f"P{i}" for i in range(n)], {}, rnd)
    random_walk(GAME, state, rnd, steps, legal_action, illegal_action, check)
