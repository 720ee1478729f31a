"""Kyoto no Neko's end on a watching phone: the last move's push inserts the final standings into
the board, and the charts stay behind their control, fetched when opened ("the charts
stay on demand", and a game over's push stays light)."""
from __future__ import annotations

import random

import pytest
from playwright.sync_api import expect

from ..offers_checks import draw_action
from .helpers import server_table, wait_for_version

pytestmark = pytest.mark.browser


def test_the_end_shows_the_standings_live_and_the_charts_when_opened(live_server, phone):
    table, act = server_table(live_server, "neko", ["Ann", "Bob"], {}, seed=2)
    rnd, state, moves = random.Random(2), table.state, []
    while not state["over"]:  # a random game through the offers, to replay on the server
        moves.append(draw_action(table.game, state, rnd))
        state = table.game.apply(state, moves[-1])[0]
    act(*moves[:-1])

    watcher = phone().new_page()
    watcher.goto(f"{live_server.url}/t/{table.id}/watch")
    expect(watcher.locator("#netstate")).to_have_text("Live")
    requested, route = [], f"/t/{table.id}/charts?"  # the charts themselves, not their style sheet
    watcher.on("request", lambda request: requested.append(request.url) if route in request.url else None)
    wait_for_version(watcher, act(moves[-1]))
    expect(watcher.locator("#board .ending")).to_contain_text("Final standings")
    charts = watcher.locator("#board > details#charts")
    expect(charts.locator("figure")).to_have_count(0)
    assert requested == []  # closed: nothing fetched
    charts.locator("> summary").click()
    expect(charts.locator('figure[data-chart="Medals per round"]')).to_be_visible()
    skills = charts.locator("details.chart-skills")
    skills.locator("> summary").click()
    expect(skills.locator('figure[data-chart="Skills of Ann per round"]')).to_be_visible()
    expect(skills.locator('figure[data-chart="Skills of Bob per round"]')).to_be_visible()
    assert len(requested) == 1
