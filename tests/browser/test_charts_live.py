"""A watching phone opens "Show the charts" (partials/_charts.html), and an action entered
on another phone redraws the open charts live: the control stays open, a chart's numbers opened
inside it stay open, the page does not move; closed, a push fetches nothing. Without the websocket,
the page's polling brings the new version and the open charts follow it the same way.

With SCREENSHOTS=<folder> set, the watching phone's page is saved there with the charts closed and
open (390 px wide)."""
from __future__ import annotations

import os
import re

import pytest
from playwright.sync_api import expect

from ..web.test_chart_contents import KYOTOAN_TURNS
from .helpers import open_on, server_table, submit, wait_for_version

pytestmark = pytest.mark.browser
NOTHING = ["1", "1", "2", "2", "3", "energy"]


def shot(page, name: str) -> None:
    folder = os.environ.get("SCREENSHOTS")
    if folder:
        page.screenshot(path=os.path.join(folder, name))


def test_an_open_chart_follows_the_table_live_and_stays_open(live_server, phone):
    table, act = server_table(live_server, "kyotoan", ["Ann", "Bob"], {"first_player": 0})
    act(*KYOTOAN_TURNS)  # three turns: four points on each chart
    act({"type": "roll", "faces": NOTHING}, {"type": "resolve"})  # Bob's fourth turn waits to be ended

    watcher = phone().new_page()
    fetched = []
    route = f"/t/{table.id}/charts?"
    watcher.on("request", lambda request: fetched.append(request.url) if route in request.url else None)
    watcher.goto(f"{live_server.url}/t/{table.id}/watch")
    expect(watcher.locator("#netstate")).to_have_text("Live")
    charts = watcher.locator("#charts")
    charts.scroll_into_view_if_needed()
    expect(charts).not_to_have_attribute("open", re.compile(".*"))
    shot(watcher, "charts-closed.png")
    assert fetched == []  # closed: nothing fetched

    toggle = watcher.locator("#charts > summary")
    toggle.click()
    stars = watcher.locator('#charts-drawn figure[data-chart="Stars per turn"]')
    expect(stars).to_be_visible()
    assert fetched and all("mode=watch" in url for url in fetched)  # as the watch page sees the table
    stars.get_by_text("Show the numbers").click()
    last_turn = stars.locator("tbody tr").last.locator("th")
    expect(last_turn).to_have_text("3")
    stars.scroll_into_view_if_needed()
    shot(watcher, "charts-open.png")
    scrolled = watcher.evaluate("window.scrollY")

    player = open_on(phone(), live_server, table)
    submit(player, player.get_by_role("button", name=re.compile(r"^End .*'s turn$")))
    expect(last_turn).to_have_text("4")  # the new turn's point, in the open chart
    expect(charts).to_have_attribute("open", "")
    expect(stars.locator("details.chart-numbers")).to_have_attribute("open", "")
    assert abs(watcher.evaluate("window.scrollY") - scrolled) <= 1

    toggle.click()  # closed again: the next push fetches nothing
    expect(charts).not_to_have_attribute("open", re.compile(".*"))
    before = len(fetched)
    version = act({"type": "roll", "faces": NOTHING})
    wait_for_version(watcher, version)
    watcher.wait_for_timeout(300)
    assert len(fetched) == before


def test_an_open_chart_follows_the_table_by_polling_without_the_websocket(live_server, phone):
    table, act = server_table(live_server, "kyotoan", ["Ann", "Bob"], {"first_player": 0})
    act(*KYOTOAN_TURNS, {"type": "roll", "faces": NOTHING}, {"type": "resolve"})
    context = phone()
    context.route_web_socket(re.compile(r".*/ws\b.*"), lambda ws: ws.close())  # no live connection: the page polls
    watcher = context.new_page()
    watcher.goto(f"{live_server.url}/t/{table.id}/watch")
    expect(watcher.locator("#netstate")).not_to_have_text("Live")
    watcher.locator("#charts > summary").click()
    last_turn = watcher.locator('#charts-drawn figure[data-chart="Stars per turn"] tbody tr').last.locator("th")
    expect(last_turn).to_have_text("3")  # in the closed numbers: read, not seen
    version = act({"type": "end_turn"})
    watcher.evaluate("window.dispatchEvent(new Event('online'))")  # what the 15 s timer does: poll now
    wait_for_version(watcher, version)
    expect(last_turn).to_have_text("4")
    expect(watcher.locator("#charts")).to_have_attribute("open", "")
