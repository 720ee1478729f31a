"""Property tests: random Kyoto no Neko games, played through the engine's offers alone (each accepted):
skills never go down, medals only by the listed ways, the
movement's parts (road, bike cards, reactions) refused once the turn's action is done."""
from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import get_game
from companion.games.neko.kittens import SKILLS

from ..offers_checks import random_walk

GAME = get_game("neko")


def illegal_action(state: dict, rnd: random.Random) -> dict:
    me = state["current"]
    n = len(state["players"])
    options = [
        {"type": "check", "player": me, "skill": "agility", "objective": 3, "die": 9},
        {"type": "check", "player": me, "skill": "swimming", "objective": 3, "die": 3},
        {"type": "check", "player": (me + 1) % n, "skill": "hunting", "objective": 3, "die": 3, "target": "bug"},
        {"type": "crossed_road", "player": (me + 1) % n},
        {"type": "kitten_fight", "attacker": me, "defender": me, "rolls": [[1, 2]]},
        {"type": "bike_card", "purple": 0, "teal": 3},
        {"type": "purr"},
    ]
    if state["action_used"]:  # the action done: no second one, and the movement is over
        options += [
            {"type": "check", "player": me, "skill": "hunting", "objective": 3, "die": 3, "target": "bug"},
            {"type": "check", "player": me, "skill": "agility", "objective": 3, "die": 3, "target": "hazard"},
            {"type": "crossed_road", "player": me},
            {"type": "bike_card"},
        ]
    if not state["bumps"]:
        options.append({"type": "skill_up", "player": me, "skill": "hunting"})
    return rnd.choice(options)


def check(state: dict, previous: dict | None = None) -> None:
    if previous is None:
        previous = {}
    for i, p in enumerate(state["players"]):
        assert p["medals"] == len(p["missions"]) + p["tally_medal"] + p["home_medal"], "medals only by the listed ways"
        assert p["medals"] <= 7
        assert len(set(p["missions"])) == len(p["missions"])
        assert all(0 <= v <= 10 for v in p["skills"].values())
        before = previous.get(i)
        if before:
            assert all(p["skills"][s] >= before[s] for s in SKILLS), "skills never go down"
        previous[i] = dict(p["skills"])
    assert 0 <= state["enemy_tokens"] <= 10
    assert state["over"] == (state["pending"] == [])


@settings(max_examples=50, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(2, 4), steps=st.integers(1, 400), experienced=st.booleans())
def test_random_games_keep_the_invariants(seed, n, steps, experienced):
    rnd = random.Random(seed)
    state = GAME.setup([f"P{i}" for i in range(n)], {"experienced": experienced}, rnd)
    memory: dict = {}
    random_walk(GAME, state, rnd, steps, illegal_action, lambda s: check(s, memory))
