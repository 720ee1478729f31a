"""Property tests: random Boss Kito games, played through the engine's offers alone, conserve cards
and tokens; every offered move is accepted; rejected actions change nothing."""
from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import get_game
from companion.games.bosskito.rules import COLOURS

from ..offers_checks import random_walk

GAME = get_game("bosskito")


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
    random_walk(GAME, state, rnd, steps, illegal_action, check)
