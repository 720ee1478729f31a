"""After any sequence of actions, undos and redos (one entry, or a whole tap; the page's undo that
keeps the players' settings; runs of them past the states a table keeps), a table's state is the
fold of its log from scratch, and so is every state it keeps to undo with (its checkpoints)."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import RuleViolation, all_games
from companion.tables.changes import acted, redone, undone
from companion.tables.records import new_table
from companion.tables.table import KEEP_RECENT, caught_up, fold

from ..offers_checks import draw_action

OPS = ("act", "act", "tap", "undo", "undo tap", "redo", "redo tap", "read elsewhere")
STEPS = st.lists(st.tuples(st.sampled_from(OPS), st.integers(1, KEEP_RECENT + 4)), min_size=1, max_size=14)


def step(table, op: str, rnd: random.Random):
    """The table after one `op` (the same table when the rules refuse it: nothing to undo)."""
    host = table.record["host_token"]
    try:
        if op in ("act", "tap"):
            if table.state["over"]:
                return table
            table = acted(table, host, draw_action(table.game, table.state, rnd), table.version)[0]
            if op == "tap" and not table.state["over"]:  # a second action the same tap entered
                table = acted(table, host, draw_action(table.game, table.state, rnd), table.version, joined=True)[0]
            return table
        if op == "read elsewhere":  # another process's copy, caught up from its start
            return caught_up(new_table_like(table), table.record)
        if op.startswith("undo"):
            tap = op == "undo tap"
            return undone(table, host, table.version, keep_settings=tap, whole_tap=tap)[0]
        return redone(table, host, table.version, whole_tap=op == "redo tap")[0]
    except RuleViolation:
        return table


def new_table_like(table):
    """A fresh copy of `table` as it was made (no action yet), as another process reads it first."""
    record = {**table.record, "actions": [], "redo": [], "version": 0}
    return caught_up(None, record)


@pytest.mark.slow
@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), lead=st.integers(0, 70), steps=STEPS)
def test_any_undos_and_redos_leave_the_fold_of_the_log(game, seed, lead, steps):
    rnd = random.Random(seed)
    table = new_table(game.id, ["Ann", "Bob", "Cy"], {}, seed % 1000, None, lambda: "ABCDEF")
    for _ in range(lead):  # a game some way in: past a checkpoint now and then
        table = step(table, "act", rnd)
    for op, times in steps:
        for _ in range(times):
            table = step(table, op, rnd)
            assert table.state == fold(table.record), (op, len(table.record["actions"]))
    actions = table.record["actions"]
    for done, state in table.checkpoints:
        assert done < len(actions) and state == fold({**table.record, "actions": actions[:done]}), done
