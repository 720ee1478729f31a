"""Whole recorded Last Kyotoan Standing games, replayed from data files (engine and API)."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from companion.games import get_game

GAMES = sorted(Path(__file__).parent.joinpath("data").glob("kyotoan_game_*.json"))
FIELDS = ("hp", "stars", "energy", "alive", "location")


def check(state, expect):
    for key in ("over", "winner", "kyoto", "current", "turn", "discard", "market"):
        if key in expect:
            assert state[key] == expect[key], key
    if "deck_left" in expect:
        assert sum(state["deck"].values()) == expect["deck_left"]
    for got, want in zip(state["players"], expect["players"], strict=True):
        assert {k: got[k] for k in FIELDS} == want, got["name"]


@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_replay_through_engine(path):
    rec = json.loads(path.read_text())
    game = get_game(rec["game"])
    state = game.setup(rec["players"], rec["options"], random.Random(rec["seed"]))
    for action in rec["actions"]:
        state, lines = game.apply(state, action)
        assert lines
    check(state, rec["expect"])


@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_replay_through_api(api, path):
    rec = json.loads(path.read_text())
    table = api.create(rec["game"], rec["players"], options=rec["options"], seed=rec["seed"])
    for action in rec["actions"]:
        api.act(table, action)
    check(api.get(table)["state"], rec["expect"])
