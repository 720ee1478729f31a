"""Undo and redo show exactly the table a whole replay of the log shows, also across a question
a loss asks and at a checkpoint."""
from __future__ import annotations

import itertools

import pytest

from companion.tables.table import CHECKPOINT_EVERY, fold
from tests.server.test_backups import wings_log


def imported(api, padding):
    """A Last Kyotoan Standing game up to Wings' question on a loss, imported."""
    table = api.create("kyotoan", ("Ann", "Bob"), seed=3)
    export = api.client.get(f"/api/tables/{table['id']}/export", headers={"Authorization": f"Bearer {table['token']}"}).json
    pad = [{"type": "auto_yield", "player": 1, "below": None}] * padding
    actions = [{"action": a} for a in pad + wings_log()]
    reply = api.client.post("/api/tables/import", json={**export, "actions": actions})
    assert reply.status_code == 201, reply.json
    return reply.json


@pytest.mark.parametrize("padding", [0, CHECKPOINT_EVERY - 15])
def test_undo_and_redo_around_a_question_match_a_whole_replay(api, padding):
    table = imported(api, padding)
    service = api.client.application.extensions["companion.tables"]
    for ops in itertools.product(("undo", "redo"), repeat=3):
        for op in ops:
            try:
                now = getattr(service, op)(table["id"], table["token"])
            except Exception:  # nothing to redo: the sequence goes on
                continue
            assert now.state == fold(now.record), (ops, op)
    # And after a restart the table reads the same as before it.
    service._cache.clear()
    assert service.get(table["id"]).state == fold(service.get(table["id"]).record)
