"""Whole recorded Gangs of Kyoto games, replayed from data files, through the engine and the API."""
from __future__ import annotations

import json

import pytest

from ..engine_checks import recorded_games, replay

GAMES = recorded_games("gangs")


def check(state: dict, expect: dict) -> None:
    for key in ("over", "winner", "standings", "round", "first_player", "deck", "discard", "hand"):
        assert state[key] == expect[key], key
    for got, want in zip(state["players"], expect["players"], strict=True):
        assert got["name"] == want["name"]
        assert got["bells"] == want["bells"]
        assert len(got["vp"]) == want["vp_cards"]


@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_replay_through_engine(path):
    state, rec = replay(path)
    check(state, rec["expect"])


@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_replay_through_api_with_undo_and_redo(api, client, path):
    rec = json.loads(path.read_text())
    table = api.create(rec["game"], rec["players"], options=rec["options"], seed=rec["seed"])
    auth = {"Authorization": f"Bearer {table['token']}"}
    for i, action in enumerate(rec["actions"]):
        api.act(table, action)
        if i % 5 == 4:  # a wrong tap undone and redone changes nothing in the end
            assert client.post(f"/api/tables/{table['id']}/undo", headers=auth).status_code == 200
            assert client.post(f"/api/tables/{table['id']}/redo", headers=auth).status_code == 200
    final = api.get(table)
    check(final["state"], rec["expect"])
    log = client.get(f"/api/tables/{table['id']}/log").json
    assert [e["seq"] for e in log] == list(range(1, len(rec["actions"]) + 1))
    assert [e["action"]["type"] for e in log] == [a["type"] for a in rec["actions"]]
