"""Whole recorded Last Kyotoan Standing games, replayed from data files (engine and API).

The games were recorded under rules 1. Rules 3 asked the yield of a monster a smash eliminated,
and the answers it got were added to their logs; today's rules settle those yields without asking
(the monster falls either way), so the logs are back as recorded, and `answered_under_rules_3`
keeps the answers (position in the log, action) a rules-3 log holds: it replays the same too."""
from __future__ import annotations

import json
import random

import pytest

from companion.games import get_game
from companion.tables.table import replay

from ..engine_checks import recorded_games
from ..engine_checks import replay as fold_log
from ..kyotoan_helpers import played_now

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


def as_rules_3_recorded(rec: dict) -> list[dict]:
    """The log as rules 3 recorded it: with the answers to the yields it asked."""
    actions = list(rec["actions"])
    for k, action in rec.get("answered_under_rules_3", []):
        actions.insert(k, action)
    return [{"action": a, "rules": 3} for a in actions]


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
    old = [{"action": a} for a in rec["actions"]]  # no "rules": recorded under rules 1
    game = get_game(rec["game"])
    state = game.setup(rec["players"], rec["options"], random.Random(rec["seed"]))
    for state, lines in replay(game, state, old):
        assert lines, "every action is told in words"
    check(state, rec["expect"])
    # Today's rules ask nothing rules 1 left unasked here; imported, the old log reads the same.
    assert played_now(rec) == rec["actions"]
    table = api.create(rec["game"], rec["players"], options=rec["options"], seed=rec["seed"])
    export = api.client.get(f"/api/tables/{table['id']}/export", headers={"Authorization": f"Bearer {table['token']}"}).json
    reply = api.client.post("/api/tables/import", json={**export, "actions": old})
    assert reply.status_code == 201, reply.json
    check(api.get(reply.json)["state"], rec["expect"])


@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_a_log_rules_3_recorded_replays_the_same_without_the_yields_it_no_longer_asks(api, path):
    # Rules 3 asked the yield of a monster the smash eliminated whatever it answered; the answer
    # changed nothing, and replaying skips it (Game.legacy_unasked), through the engine and on import.
    rec = json.loads(path.read_text())
    old = as_rules_3_recorded(rec)
    game = get_game(rec["game"])
    state = game.setup(rec["players"], rec["options"], random.Random(rec["seed"]))
    for state, _ in replay(game, state, old):
        pass
    check(state, rec["expect"])
    table = api.create(rec["game"], rec["players"], options=rec["options"], seed=rec["seed"])
    export = api.client.get(f"/api/tables/{table['id']}/export", headers={"Authorization": f"Bearer {table['token']}"}).json
    reply = api.client.post("/api/tables/import", json={**export, "actions": old})
    assert reply.status_code == 201, reply.json
    check(api.get(reply.json)["state"], rec["expect"])


def test_some_recorded_game_met_a_yield_rules_3_asked_and_today_settles():
    assert any(json.loads(path.read_text()).get("answered_under_rules_3") for path in GAMES)
