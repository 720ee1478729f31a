"""Whole recorded Last Kyotoan Standing games, replayed from data files (engine and API), under
today's rules (the only ones the engine plays; older logs: `companion migrate`)."""
from __future__ import annotations

import json

import pytest

from ..engine_checks import recorded_games
from ..engine_checks import replay as fold_log

GAMES = recorded_games("kyotoan")
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
    state, rec = fold_log(path)
    check(state, rec["expect"])


@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_replay_through_api(api, path):
    rec = json.loads(path.read_text())
    table = api.create(rec["game"], rec["players"], options=rec["options"], seed=rec["seed"])
    for action in rec["actions"]:
        api.act(table, action)
    check(api.get(table)["state"], rec["expect"])
