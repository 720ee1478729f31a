"""Property tests: random Gangs of Kyoto games, played through the engine's offers alone (each
accepted) with illegal actions now and then, keep the invariants (that the state is the fold of
its log, for every game: test_fold_of_log.py)."""
from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import get_game
from companion.games.gangs.cards import DECK_SIZE

from ..offers_checks import random_walk

GAME = get_game("gangs")


def illegal_action(state: dict, rnd: random.Random) -> dict:
    owed = state["pending"][0]
    n = len(state["players"])
    choices = [
        {"type": "give", "to": n + rnd.randint(0, 3), "card": {"value": 1}},
        {"type": "give", "to": 0, "card": {"value": 9, "kind": "plain"}},
        {"type": "give", "to": 0, "card": {"value": 2, "kind": "bell", "bells": 0}},
        {"type": "shuffle"},
        {"type": "give", "to": 0, "card": {"value": 1}, "bells": 4},
    ]
    if owed["type"] == "give":
        done = [i for i, p in enumerate(state["players"]) if p["received"]]
        if done:
            choices.append({"type": "give", "to": rnd.choice(done), "card": {"value": 1}})
        choices.append({"type": "draw", "card": {"value": 1}})
    else:
        choices.append({"type": "give", "to": 0, "card": {"value": 1}})
    if not any(c["kind"] == "refuse" for p in state["players"] for c in p["row"]):
        choices.append({"type": "give", "to": owed.get("to", [0])[0], "card": {"value": 1}, "refuse": True})
    return rnd.choice(choices)


def check_invariants(state: dict) -> None:
    players = state["players"]
    in_rows = sum(len(p["row"]) for p in players)
    in_vp = sum(len(p["vp"]) for p in players)
    assert state["deck"] + state["discard"] + state["hand"] + in_rows + in_vp == DECK_SIZE, "cards conserved"
    assert min(state["deck"], state["discard"], state["hand"]) >= 0
    for p in players:
        assert p["sum"] == sum(c["value"] for c in p["row"]), "row sums right"
        assert p["bells"] == sum(c["bells"] for c in p["vp"]), "bells are the VP pile"
        assert p["limit"] in (13, 18)
        if not state["over"]:
            assert p["sum"] < p["limit"], "a row at its limit has ended the round"
    if state["over"]:
        assert state["pending"] == [] and state["winner"] == state["standings"][0]
    else:
        assert len(state["pending"]) == 1 and state["pending"][0]["player"] in range(len(players))


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    n=st.integers(2, 5),
    steps=st.integers(1, 400),
    whole_deck=st.booleans(),
    open_vp=st.booleans(),
)
def test_random_games_keep_the_invariants(seed, n, steps, whole_deck, open_vp):
    rnd = random.Random(seed)
    state = GAME.setup([f"P{i}" for i in range(n)], {"whole_deck": whole_deck, "open_vp": open_vp}, rnd)
    random_walk(GAME, state, rnd, steps, illegal_action, check_invariants, illegal_rate=0.25)
