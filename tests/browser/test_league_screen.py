"""The league's big screen at 1920 px is pushed: when a table of one of its nights finishes in the
app, the standings change on the screen through its websocket, with no request of its own."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from companion.web.live import push
from tests.browser.test_event_journey import patient  # noqa: F401 (an autouse fixture: 10 s assertions)
from tests.league_helpers import auth, new_league, new_night
from tests.web.test_events import play_gangs_to_a_win

pytestmark = pytest.mark.browser

FULL_HD = {"width": 1920, "height": 1080}


def test_the_league_screen_shows_a_finished_table_without_asking(live_server, browser, monkeypatch):
    # The socket's own look after a quiet spell comes too late to matter: only a push updates it.
    monkeypatch.setattr(push, "WAIT_SECONDS", 600)
    client = live_server.app.test_client()
    league = new_league(client)
    night = new_night(client, league, ("Aiko", "Botan", "Chika"), name="Week 1")
    table = client.post(f"/api/events/{night['id']}/rounds", json={"game": "gangs"}, headers=auth(night["token"])).json["tables"][0]
    ctx = browser.new_context(viewport=FULL_HD)
    try:
        screen = ctx.new_page()
        screen.goto(f"{live_server.url}/leagues/{league['id']}/screen")
        expect(screen.locator("#netstate")).to_have_text("Live")
        rows = screen.locator("#league-standings tbody tr")
        expect(rows).to_have_count(3)
        expect(screen.locator("#league-sub")).to_have_text("1 night · 3 players")
        asked: list[str] = []
        screen.on("request", lambda request: asked.append(request.url))

        winner = play_gangs_to_a_win(client, table)  # the night's table finishes in the app

        # The winner's row: first, one win, a rating above everyone's start.
        first = rows.first
        expect(first.locator(".name-cell")).to_have_text(winner)
        expect(first.locator("td").nth(4)).to_have_text("1")
        assert float(first.locator("td").nth(5).inner_text()) > 0
        assert asked == [], asked  # pushed: the screen asked for nothing
        # Still one page across the room: the standings and the QR code are in view at 1920 px.
        for selector in ("#league-standings", ".screen-qr img"):
            box = screen.locator(selector).bounding_box()
            assert box and box["x"] >= 0 and box["x"] + box["width"] <= FULL_HD["width"], (selector, box)
    finally:
        ctx.close()
