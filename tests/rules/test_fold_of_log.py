"""Every game's state is the fold of its log: a random game played through the engine's offers,
replayed from the actions as the log stores them (JSON), reaches exactly the same state."""
from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import all_games

from ..offers_checks import draw_action


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), steps=st.integers(1, 60))
def test_replaying_the_log_gives_the_same_state(game, seed, steps):
    """The state is the fold of the log: replaying the actions reproduces it exactly."""
    rnd = random.Random(seed)
    players = ["A", "B", "C"]
    state = game.setup(players, {}, random.Random(seed))
    log = []
    for _ in range(steps):
        if state["over"]:
            break
        action = draw_action(game, state, rnd)
        log.append(json.dumps(action))
        state, _ = game.apply(state, action)
    again = game.setup(players, {}, random.Random(seed))
    for line in log:
        again, _ = game.apply(again, json.loads(line))
    assert again == state
