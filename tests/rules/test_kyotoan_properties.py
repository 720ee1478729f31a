"""Property tests: random Last Kyotoan Standing games, played through the engine's offers alone, keep
the invariants; every offered move is accepted; rejected actions change nothing."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import get_game
from companion.games.kyotoan.cards import DECK_SIZE

from ..offers_checks import random_walk

GAME = get_game("kyotoan")


def illegal_action(state: dict, rnd: random.Random) -> dict:
    me = state["current"]
    n = len(state["players"])
    poor = [c for c in state["market"] if GAME.cost(state, me, c) > state["players"][me]["energy"]]
    options = [
        {"type": "roll", "faces": ["7"] * 6},
        {"type": "roll", "faces": ["1"] * (GAME.dice_count(state, me) + 1)},
        {"type": "yield", "player": rnd.randrange(n), "yield": True} if state["phase"] != "yield" else {"type": "yield", "player": n},
        {"type": "buy", "card": "not_a_card"},
        {"type": "market", "cards": ["acid_attack"] * 4},
        {"type": "stomp"},
        {"type": "end_turn", "now": True},
    ]
    if poor and state["phase"] == "buy":
        options.append({"type": "buy", "card": poor[0]})
    if state["phase"] == "roll" and state["rolls"] >= GAME.rolls_allowed(state, me) and not GAME.extra_rolls(state, me):
        options.append({"type": "roll", "faces": ["1"] * GAME.dice_count(state, me)})
    if state["phase"] != "buy":
        options.append({"type": "end_turn"})
    return rnd.choice(options)


def check(state: dict) -> None:
    owned = sum(len(p["cards"]) for p in state["players"])
    assert sum(state["deck"].values()) + len(state["market"]) + len(state["discard"]) + owned == DECK_SIZE
    for p in state["players"]:
        assert 0 <= p["hp"] <= p["max_hp"]
        assert 0 <= p["stars"] <= 20
        assert p["energy"] >= 0
        # A monster at 0♥ stays in only while its Rapid Healing is asked.
        assert p["alive"] == (p["hp"] > 0) or state["phase"] == "losses" and p["hp"] == 0
        if not p["alive"]:
            assert p["location"] is None and p["cards"] == []
    city, bay = state["kyoto"]["city"], state["kyoto"]["bay"]
    assert city is None or state["players"][city]["location"] == "city"
    assert bay is None or (state["players"][bay]["location"] == "bay" and sum(p["alive"] for p in state["players"]) >= 5)
    if state["phase"] == "buy" and not state["over"] and city is None:
        # Empty after the enter step only when a card bought since eliminated the monster in it.
        fell = [i for i, hp in enumerate(state["timeline"][-1]["hp"]) if hp > 0 and not state["players"][i]["alive"]]
        assert fell, "Kyoto City is never empty at the end of an enter step"
    assert state["over"] == (state["pending"] == [])
    assert (state["phase"] == "losses") == ("paused" in state)


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(2, 6), steps=st.integers(1, 300))
def test_random_games_keep_the_invariants(seed, n, steps):
    rnd = random.Random(seed)
    state = GAME.setup([f"P{i}" for i in range(n)], {}, rnd)
    random_walk(GAME, state, rnd, steps, illegal_action, check)
