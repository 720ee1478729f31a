"""Kyoto no Neko's pushes: the pads its rules take away after a turn's action stay in the page
hidden, and come back as the next player's; a finished game's board carries the standings, and
its charts stay behind their control, fetched when opened. Every phone still ends up with what a
fresh page load shows it."""
from __future__ import annotations

import random
import re

from companion.games import WATCHER, Viewer
from companion.web.tables.render import RenderCache, regions

from ..offers_checks import draw_action
from .test_chart_contents import chart
from .test_push_changes import Phone

NAMES = ["Ann", "Bob", "Cy"]
# A pad the rules took away says so by its marker (neko.css hides the pad).
OFF = {"check": re.compile(r'id="check-player"[^>]*data-off'), "bike": re.compile(r'id="bikepad-player"[^>]*data-off'),
       "fight": re.compile(r'id="fight-pairs"[^>]*data-off'), "movement": re.compile(r'id="movement-player"[^>]*data-off')}


def controls(table, viewer) -> str:
    html = regions(table, viewer, "play")
    return html[html.index('<section id="controls"'):html.index('<section id="history"')]


def test_the_pads_hide_after_the_action_and_come_back_as_the_next_players(app):
    service = app.extensions["companion.tables"]
    table = service.create("neko", NAMES, {"first_player": 0}, seed=1)
    host = table.record["host_token"]
    cache = RenderCache()
    with app.test_request_context("/"):
        bob = Phone(cache, table, Viewer(1, True), "play")
        assert not any(off.search(controls(table, bob.viewer)) for off in OFF.values())  # a turn begins: every pad
        table = service.act(table.id, host, {"type": "check", "player": 0, "skill": "agility", "objective": 3, "die": 5, "target": "tree"})[0]
        bob.push(table)
        done = controls(table, bob.viewer)
        assert all(off.search(done) for off in OFF.values()), "the action done: every pad hidden"
        assert "Ann has done this turn&#39;s action." in done  # and why, beside the one control left
        table = service.act(table.id, host, {"type": "end_turn", "player": 0})[0]
        pushed = bob.push(table)
        bob.check(table, "Bob's turn")
        assert not any(off.search(controls(table, bob.viewer)) for off in OFF.values())
        # Bob's pads come back naming him: the phone morphs the controls, its chips kept in place.
        assert '<input type="hidden" name="player:int" id="check-player" value="1">' in pushed


def test_a_finished_games_phones_converge_and_its_charts_are_fetched_when_opened(app, client):
    service = app.extensions["companion.tables"]
    table = service.create("neko", NAMES, {}, seed=2)
    host = table.record["host_token"]
    cache, rnd = RenderCache(), random.Random(2)
    with app.test_request_context("/"):
        for _ in range(2000):  # a random game to its end, through the offers
            before = table
            table = service.act(table.id, host, draw_action(table.game, table.state, rnd))[0]
            if table.state["over"]:
                break
        assert table.state["over"], "the game ends"
        for viewer, mode in [(WATCHER, "watch")] + [(Viewer(k, True), "play") for k in range(len(NAMES))]:
            phone = Phone(cache, before, viewer, mode)  # a page at the last move before the end
            phone.had = cache.push(before, viewer, mode, None)[0]
            pushed = phone.push(table)
            phone.check(table, ("game over", viewer))
            assert '<section id="board"' in pushed and 'id="ending"' in pushed  # the board with the standings
            # The charts stay behind their control, as during the game: no chart is pushed.
            assert not chart(pushed, "Medals per round") and not chart(regions(table, viewer, mode), "Medals per round")
            assert "<summary>Show the charts</summary>" in regions(table, viewer, mode)
    drawn = client.get(f"/t/{table.id}/charts?mode=watch").get_data(as_text=True)
    assert chart(drawn, "Medals per round")
    assert all(chart(drawn, f"Skills of {name} per round") for name in NAMES)
