"""Property tests: random Kyoto no Neko games: skills never go down, medals only by the listed ways, the
movement's parts (road, bike cards, reactions) refused once the turn's action is done."""
from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import get_game
from companion.games.neko.kittens import SKILL_MAX, SKILLS, TARGETS

from .engine_checks import random_walk

GAME = get_game("neko")


def legal_action(state: dict, rnd: random.Random) -> dict:
    owed = state["pending"][0]
    faces = state["die"]
    numbers = [f for f in faces if f != "X"]
    if owed["type"] == "skill_up":
        p = state["players"][owed["player"]]
        many = rnd.randint(1, sum(b["player"] == owed["player"] for b in state["bumps"]))
        room, chosen = dict(p["skills"]), []
        for _ in range(many):  # several bumps in one answer, as a Growth's are
            skill = rnd.choice([s for s in SKILLS if room[s] < SKILL_MAX])
            room[skill] += 1
            chosen.append(skill)
            if all(v >= SKILL_MAX for v in room.values()):
                break
        return {"type": "skill_up", "player": owed["player"], **({"skill": chosen[0]} if many == 1 else {"skills": chosen})}
    if owed["type"] == "kitten_fight":
        a, d = state["tied"][:2]
        return {"type": "kitten_fight", "attacker": a, "defender": d, "rolls": [[numbers[0], "X"]]}
    me = state["current"]
    n = len(state["players"])
    other = rnd.choice([i for i in range(n) if i != me])
    roll = rnd.random()
    die = rnd.choice(faces)
    if roll < 0.15 or state["action_used"]:
        return {"type": "end_turn"}  # once the action is done, only the Missions are left
    if roll < 0.25:
        return {"type": "bike_card"} if rnd.random() < 0.5 else {"type": "bike_card", "purple": rnd.randint(1, 6), "teal": rnd.randint(1, 6)}
    if roll < 0.3:
        return {"type": "crossed_road", "player": me}
    if roll < 0.4:
        return {"type": "check", "player": rnd.randrange(n), "skill": "agility", "objective": rnd.randint(2, 9), "die": die, "target": "bike"}
    if roll < 0.5:
        return {"type": "check", "player": me, "skill": rnd.choice(SKILLS), "objective": rnd.randint(2, 9), "die": die, "target": "hazard"}
    if roll < 0.6:
        a, d = (me, other) if rnd.random() < 0.5 else (other, me)
        fa, fd = (state["players"][k]["skills"]["fighting"] for k in (a, d))
        v = rnd.choice(numbers)
        rolls = [[v, "X"] if rnd.random() < 0.5 else ["X", v]]
        draws = [[x, x + fa - fd] for x in numbers if x + fa - fd in numbers]
        if draws:
            rolls.insert(0, rnd.choice(draws))  # a draw first (equal totals): rolled again
        return {"type": "kitten_fight", "attacker": a, "defender": d, "rolls": rolls}
    target = rnd.choice(["bug", "butterfly", "tree", "animal", "friend"])
    action = {"type": "check", "player": me, "skill": rnd.choice(TARGETS[target]), "objective": rnd.randint(1, 8), "die": die, "target": target}
    if target == "friend" and state["players"][other]["friends"] and rnd.random() < 0.5:
        action["from"] = other
    return action


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


def check(state: dict, previous: dict = {}) -> None:
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
    random_walk(GAME, state, rnd, steps, legal_action, illegal_action, lambda s: check(s, memory))
