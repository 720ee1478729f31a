"""The render cache shares renders between phones (the history and status for everyone, the board
per what a viewer may see, the controls per seat only where a game asks on the owner's phone):
what it serves every viewer must be exactly what rendering for that viewer alone gives."""
from __future__ import annotations

import json

import pytest

from companion.games import WATCHER, Viewer
from companion.web.tables.render import RenderCache, regions

from ..engine_checks import DATA

GAMES = sorted(DATA.glob("*_game_*.json"))


@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_shared_renders_equal_each_viewers_own_render(app, path):
    rec = json.loads(path.read_text())
    service = app.extensions["companion.tables"]
    table = service.create(rec["game"], rec["players"], rec["options"], seed=rec["seed"])
    host = table.record["host_token"]
    service.claim_seat(table.id, host, 1)  # one seat claimed: its prompts go to its phone only
    n = len(rec["players"])
    viewers = [(WATCHER, "watch"), (WATCHER, "play"), (Viewer(None, True), "play")] + [
        (Viewer(k, True), "play") for k in range(n)]
    cache = RenderCache()
    checked = 0
    with app.test_request_context("/"):
        for step, action in enumerate(rec["actions"]):
            table, _ = service.act(table.id, host, action)
            if step % 7 and step != len(rec["actions"]) - 1:
                continue  # every 7th version and the final one
            for viewer, mode in viewers:
                assert "".join(cache.regions(table, viewer, mode)) == regions(table, viewer, mode), (step, viewer, mode)
                checked += 1
    assert checked >= 3 * len(viewers)
