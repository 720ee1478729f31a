"""Whole recorded Last Kyotoan Standing games, replayed from data files (engine and API).

The games were recorded under rules 1; the answers to questions later rules ask were added to
their logs (`added_for_rules_3`). Without them, as the old logs were stored, the games replay the
same way: those questions are answered as rules 1 settled them (`legacy_answers`)."""
from __future__ import annotations

import json
import random

import pytest

from companion.games import get_game
from companion.table import replay

from .engine_checks import recorded_games
from .engine_checks import replay as fold_log
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


def as_recorded(rec: dict) -> list[dict]:
    """The log as rules 1 recorded it: without the answers added for rules 3."""
    added = set(rec.get("added_for_rules_3", []))
    return [a for k, a in enumerate(rec["actions"]) if k not in added]


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


@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_the_log_as_rules_1_stored_it_replays_the_same(api, path):
    rec = json.loads(path.read_text())
    old = [{"action": a} for a in as_recorded(rec)]  # no "rules": recorded under rules 1
    game = get_game(rec["game"])
    state = game.setup(rec["players"], rec["options"], random.Random(rec["seed"]))
    for state, lines in replay(game, state, old):
        assert lines, "every action is told in words"
    check(state, rec["expect"])
    # The answers added are those older rules gave; imported, the old log reads the same.
    assert played_now({**rec, "actions": as_recorded(rec)}) == rec["actions"]
    table = api.create(rec["game"], rec["players"], options=rec["options"], seed=rec["seed"])
    export = api.client.get(f"/api/tables/{table['id']}/export", headers={"Authorization": f"Bearer {table['token']}"}).json
    reply = api.client.post("/api/tables/import", json={**export, "actions": old})
    assert reply.status_code == 201, reply.json
    check(api.get(reply.json)["state"], rec["expect"])


def test_some_recorded_game_meets_a_question_rules_3_ask():
    assert any(json.loads(path.read_text()).get("added_for_rules_3") for path in GAMES)
