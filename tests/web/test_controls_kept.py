"""Controls kept across versions and shared between seats (web/fragments.py `{% cache key,
version %}`, render.py's controls keyed by what they show) are exactly the controls a fresh
render draws, after any sequence of moves the engine offers, undos among them: a stale control
would let a phone send a move the rules no longer allow, or hide one they do."""
from __future__ import annotations

import random
from collections import OrderedDict

import pytest

from companion.games import WATCHER, Viewer
from companion.web.tables.render import RenderCache, regions

from ..offers_checks import draw_action

SEATS = {"gangs": 5, "kyotoan": 5, "neko": 4, "bosskito": 5}


def fresh(app, table, viewer, mode) -> str:
    """The regions rendered with no fragment kept from any earlier render."""
    env = app.jinja_env
    kept = env.fragments
    env.fragments = OrderedDict()
    try:
        return regions(table, viewer, mode)
    finally:
        env.fragments = kept


@pytest.mark.parametrize("game_id", sorted(SEATS))
@pytest.mark.parametrize("seed", [1, 2])
def test_kept_controls_equal_a_fresh_render_after_random_moves(app, game_id, seed):
    rnd = random.Random(seed)
    service = app.extensions["companion.tables"]
    n = SEATS[game_id]
    table = service.create(game_id, [f"P{i}" for i in range(n)], {}, seed=seed)
    host = table.record["host_token"]
    for k in range(n - 1):  # every seat but the last held: its decisions stay on any phone
        table, _ = service.claim_seat(table.id, host, k)
    viewers = [(Viewer(k, True), "play") for k in range(n)] + [(Viewer(None, True), "play"), (WATCHER, "watch")]
    cache = RenderCache()  # lives across versions, as the app's does
    compared = 0
    with app.test_request_context("/"):
        for step in range(70):
            if table.state["over"]:
                break
            if step % 9 == 8:
                table = service.undo(table.id, host)
            else:
                table, _ = service.act(table.id, host, draw_action(table.game, table.state, rnd, Viewer(None, True)))
            for viewer, mode in rnd.sample(viewers, len(viewers)):  # any phone may be first to render
                assert "".join(cache.regions(table, viewer, mode)) == fresh(app, table, viewer, mode), (step, viewer, mode)
                compared += 1
    assert compared >= 20 * len(viewers)
