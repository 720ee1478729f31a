"""Checks every game's tests share: a random walk with refused actions, and replaying a recorded game."""
from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Callable

import pytest

from companion.games import RuleViolation, get_game

DATA = Path(__file__).parent / "data"


def random_walk(game, state, rnd, steps, legal: Callable, illegal: Callable, check: Callable, illegal_rate=0.2):
    """Play random legal actions, trying an illegal one now and then: refused, with a sentence, changing nothing."""
    check(state)
    for _ in range(steps):
        if state["over"]:
            break
        if rnd.random() < illegal_rate:
            bad = illegal(state, rnd)
            before = copy.deepcopy(state)
            try:
                game.apply(state, bad)
            except RuleViolation as exc:
                assert str(exc).endswith("."), str(exc)
            else:
                raise AssertionError(f"illegal action accepted: {bad}")
            assert state == before, "a rejected action changes nothing"
        state, lines = game.apply(state, legal(state, rnd))
        assert lines, "every action is told in words"
        check(state)
    return state


def recorded_games(prefix: str) -> list[Path]:
    """The recorded games of one game id, as test parameters."""
    return sorted(DATA.glob(f"{prefix}_game_*.json"))


def replay(path: Path) -> tuple[dict, dict]:
    """Fold a recorded game through its engine; returns (final state, the record)."""
    rec = json.loads(path.read_text())
    game = get_game(rec["game"])
    state = game.setup(rec["players"], rec["options"], random.Random(rec["seed"]))
    for action in rec["actions"]:
        state, lines = game.apply(state, action)
        assert lines, "every action is told in words"
    return state, rec


def assert_rejected(game, state, action, words):
    """The action is refused with a sentence containing `words`, and the state is untouched."""
    before = repr(state)
    with pytest.raises(RuleViolation) as err:
        game.apply(state, action)
    assert words in str(err.value)
    assert repr(state) == before
