"""Property tests: random Last Kyotoan Standing games keep the invariants; rejected actions change nothing."""
from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import get_game
from companion.games.kyotoan.cards import CARDS, DECK_SIZE
from companion.games.kyotoan.engine import FACES

from .engine_checks import random_walk

GAME = get_game("kyotoan")


def legal_action(state: dict, rnd: random.Random) -> dict:
    owed = state["pending"][0]
    me = state["current"]
    if owed["type"] == "market":
        pool = [c for c, n in state["deck"].items() for _ in range(n)]
        return {"type": "market", "cards": state["market"] + rnd.sample(pool, owed["slots"])}
    if owed["type"] == "yield":
        return {"type": "yield", "player": owed["player"], "yield": rnd.random() < 0.5}
    if owed["type"] == "camouflage":
        return {"type": "camouflage", "player": owed["player"], "faces": [rnd.choice(FACES) for _ in range(owed["dice"])]}
    if owed["type"] == "wings":
        return {"type": "wings", "player": owed["player"], "pay": rnd.random() < 0.5}
    if owed["type"] == "rapid_healing":
        return {"type": "rapid_healing", "player": owed["player"],
                "hearts": rnd.randint(0, min(2, state["players"][owed["player"]]["energy"] // 2))}
    if owed["type"] == "roll":
        if state["rolls"] and (owed["rolls_left"] == 0 or rnd.random() < 0.5):
            return {"type": "resolve"}
        return {"type": "roll", "faces": [rnd.choice(FACES) for _ in range(owed["dice"])]}
    energy = state["players"][me]["energy"]
    affordable = [c for c in state["market"] if CARDS[c].cost <= energy]
    roll = rnd.random()
    mine = state["players"][me]
    if "mimic" in mine["cards"] and not mine.get("mimic") and roll < 0.3:
        others = [(j, c) for j, p in enumerate(state["players"]) for c in p["cards"] if c != "mimic"]
        if others:
            j, c = rnd.choice(others)
            return {"type": "use", "card": "mimic", "of": j, "target": c}
    if affordable and roll < 0.4:
        return {"type": "buy", "card": rnd.choice(affordable)}
    if energy >= 2 and state["market"] and roll < 0.5:
        return {"type": "sweep"}
    if roll < 0.55:
        return {"type": "auto_yield", "player": rnd.choice([i for i, p in enumerate(state["players"]) if p["alive"]]), "below": rnd.choice([None, 3, 6])}
    return {"type": "end_turn"}


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


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(2, 6), steps=st.integers(1, 300))
def test_random_games_keep_the_invariants(seed, n, steps):
    rnd = random.Random(seed)
    state = GAME.setup([f"P{i}" for i in range(n)], {}, rnd)
    random_walk(GAME, state, rnd, steps, legal_action, illegal_action, check)
