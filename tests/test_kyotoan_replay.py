"""Whole recorded Last Kyotoan Standing games, replayed from data files (engine and API).

The files were recorded under rules 1 (their actions carry no "rules"): they replay as they were
played, the questions later rules ask (a yield before a lethal smash) answered as rules 1 did."""
from __future__ import annotations

import json
import random

import pytest

from companion.games import RuleViolation, get_game
from companion.table import replay

from .engine_checks import recorded_games
from .kyotoan_helpers import played_now

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


def fold_old_log(rec):
    game = get_game(rec["game"])
    state = game.setup(rec["players"], rec["options"], random.Random(rec["seed"]))
    for state, lines in replay(game, state, [{"action": a} for a in rec["actions"]]):
        assert lines, "every action is told in words"
    return state


@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_replay_through_engine(path):
    rec = json.loads(path.read_text())
    check(fold_old_log(rec), rec["expect"])


@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_replay_through_api(api, path):
    rec = json.loads(path.read_text())
    table = api.create(rec["game"], rec["players"], options=rec["options"], seed=rec["seed"])
    export = api.client.get(f"/api/tables/{table['id']}/export", headers={"Authorization": f"Bearer {table['token']}"}).json
    reply = api.client.post("/api/tables/import", json={**export, "actions": [{"action": a} for a in rec["actions"]]})
    assert reply.status_code == 201, reply.json
    check(api.get(reply.json)["state"], rec["expect"])


@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_replay_as_new_actions_with_the_answers_older_rules_gave(api, path):
    rec = json.loads(path.read_text())
    table = api.create(rec["game"], rec["players"], options=rec["options"], seed=rec["seed"])
    for action in played_now(rec):
        api.act(table, action)
    check(api.get(table)["state"], rec["expect"])


def test_the_recorded_games_meet_the_questions_rules_3_ask():
    # Played as new actions, the old logs are refused where a lethal smash now asks the yield:
    # so the replays above do go through the older rules' answers.
    refused = 0
    for path in GAMES:
        rec = json.loads(path.read_text())
        game = get_game(rec["game"])
        state = game.setup(rec["players"], rec["options"], random.Random(rec["seed"]))
        try:
            for action in rec["actions"]:
                state, _ = game.apply(state, action)
        except RuleViolation as exc:
            assert "Answer the yield first" in str(exc)
            refused += 1
    assert refused >= 1
