"""A push carries the regions that changed since what the phone was last sent, each whole, and
every phone still ends up with what a fresh page load would show it.

Random games through the offers (offers_checks.draw_action), with undos and redos, are watched by
phones that now and then miss versions or reconnect, and by the acting phone, which gets the
reply's whole regions before the push of the same version. Each phone's pushes are applied in
order to its page (tiny_dom: the ws extension's out-of-band swaps, a morph as the region it
brings, in Python); after every push its regions equal a fresh render of the table for that viewer.
"""
from __future__ import annotations

import random

import pytest

from companion.games import WATCHER, Viewer
from companion.web.tables import render
from companion.web.tables.render import REGIONS, RenderCache, regions

from ..offers_checks import draw_action
from . import tiny_dom

PLAYERS = {"kyotoan": ["Ann", "Bob", "Cy", "Dee"], "gangs": ["Ann", "Bob", "Cy"], "neko": ["Ann", "Bob", "Cy"],
           "bosskito": ["Ann", "Bob", "Cy"]}


class Phone:
    """A page of the table as one viewer sees it, fed by the pushes its socket would send."""

    def __init__(self, cache: RenderCache, table, viewer: Viewer, mode: str):
        self.cache, self.viewer, self.mode = cache, viewer, mode
        self.page = tiny_dom.parse(regions(table, viewer, mode))
        self.had = None  # the page as loaded: its first push is the whole regions

    def push(self, table) -> str:
        """Apply this version's push, as the socket would send it; returns the push."""
        self.had, html = self.cache.push(table, self.viewer, self.mode, self.had)
        tiny_dom.apply(self.page, html)
        return html

    def check(self, table, why) -> None:
        """The page shows what a fresh load of this version would."""
        fresh = tiny_dom.regions(tiny_dom.parse(regions(table, self.viewer, self.mode)), REGIONS)
        assert tiny_dom.regions(self.page, REGIONS) == fresh, why


def step(service, table, host, rnd):
    """One random change: an offered action mostly, an undo or a redo now and then."""
    roll = rnd.random()
    if roll < 0.12 and table.record["actions"]:
        return service.undo(table.id, host)
    if roll < 0.18 and table.record["redo"]:
        return service.redo(table.id, host)
    return service.act(table.id, host, draw_action(table.game, table.state, rnd))[0]


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("game_id", sorted(PLAYERS))
def test_pushed_changes_converge_to_a_fresh_page(app, game_id, seed):
    service = app.extensions["companion.tables"]
    rnd = random.Random(seed)
    table = service.create(game_id, PLAYERS[game_id], {}, seed=seed)
    host = table.record["host_token"]
    cache = RenderCache()
    small = 0
    with app.test_request_context("/"):
        phones = [Phone(cache, table, WATCHER, "watch"), Phone(cache, table, Viewer(None, True), "play")] + [
            Phone(cache, table, Viewer(k, True), "play") for k in range(len(PLAYERS[game_id]))]
        acting = phones[1]
        for n in range(40):
            if table.state["over"]:
                break
            table = step(service, table, host, rnd)
            # The acting phone has the reply's whole regions (this version) before its push.
            tiny_dom.apply(acting.page, regions(table, acting.viewer, acting.mode))
            for k, phone in enumerate(phones):
                if rnd.random() < 0.1:
                    continue  # this version missed: the next push is whole regions
                if rnd.random() < 0.05:
                    phone.had = None  # a reconnect
                html = phone.push(table)
                small += len(html) < len(regions(table, phone.viewer, phone.mode))
                phone.check(table, (n, k, table.version))
    assert small, "some pushes left out regions that did not change"


def test_a_region_that_did_not_change_is_not_sent_and_one_that_did_goes_whole(app):
    service = app.extensions["companion.tables"]
    table = service.create("gangs", ["Ann", "Bob", "Cy"], {}, seed=3)
    host = table.record["host_token"]
    cache = RenderCache()
    rnd = random.Random(3)
    with app.test_request_context("/"):
        table = service.act(table.id, host, draw_action(table.game, table.state, rnd))[0]
        had, first = cache.push(table, WATCHER, "watch", None)
        assert first == "".join(cache.regions(table, WATCHER, "watch"))  # a new page's first push: every region
        table = service.act(table.id, host, draw_action(table.game, table.state, rnd))[0]
        _, pushed = cache.push(table, WATCHER, "watch", had)
    # A watcher's controls (none) never change: they are not sent again. The rest goes whole.
    assert 'id="controls"' not in pushed
    assert pushed.count('hx-swap-oob="morph"') == 3 and '<section id="board"' in pushed and 'hx-swap-oob="delete"' not in pushed


@pytest.mark.parametrize("game_id", sorted(PLAYERS))
def test_each_region_is_rendered_once_per_what_it_shows_for_every_phone(app, game_id, monkeypatch):
    # Five seats and a watcher at each version: the history and status once, the board once per
    # view key, the controls once per what they show (seats alike share one render).
    service = app.extensions["companion.tables"]
    seats = len(PLAYERS[game_id])
    table = service.create(game_id, PLAYERS[game_id], {}, seed=4)
    host = table.record["host_token"]
    drawn = []
    marks = "".join(f"<!--player:{k}--><!--/player:{k}-->" for k in range(seats))  # where a seat's own player goes
    monkeypatch.setattr(render, "draw", lambda name, **ctx: drawn.append(name) or f"<{name} {len(drawn)}>{marks}")
    viewers = [(Viewer(k, True), "play") for k in range(seats)] + [(WATCHER, "watch")]
    rnd = random.Random(4)
    with app.test_request_context("/"):
        cache = RenderCache()
        for _ in range(6):
            table = service.act(table.id, host, draw_action(table.game, table.state, rnd))[0]
            drawn.clear()
            shown = [cache.regions(table, viewer, mode) for viewer, mode in viewers]
            keys = [cache.wanted(table, viewer, mode) for viewer, mode in viewers]
            for k, name in enumerate(REGIONS):
                distinct = {w[name][0] for w in keys}
                # A Gangs seat's board: its own player drawn into the watchers' board (one render).
                own_players = drawn.count(f"games/{game_id}/_player.html") if name == "board" else 0
                assert drawn.count(f"partials/_{name}.html") + own_players == len(distinct), name
                # Phones with one key are sent the very same render.
                assert len({id(s[k]) for s in shown}) == len(distinct), name
            assert drawn.count("partials/_history.html") == 1 and drawn.count("partials/_status.html") == 2  # play, watch
