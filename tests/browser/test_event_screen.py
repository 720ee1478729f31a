"""The big screen at 1920×1080 and the standings on a 360 px phone (issue 17, goal 8): from 12 to
64 players everything shows without scrolling, the night's name is at least 48 px, the QR code is
whole, long standings turn their pages, and the round timer stops once every table is done."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.test_event_journey import patient  # noqa: F401 (an autouse fixture: 10 s assertions)

pytestmark = pytest.mark.browser

FULL_HD = {"width": 1920, "height": 1080}


def night(app, n: int, finish: str = "half") -> str:
    """A two-game night of `n` players in round 2: round 1 entered, round 2's tables entered as
    `finish` says ("half" or "all"). Returns its id."""
    client = app.test_client()
    event = client.post("/api/events", json={"name": "Friday Night at the Kyoto Dojo", "games": ["gangs", "neko"], "rounds": 3}).json
    h = {"Authorization": f"Bearer {event['token']}"}
    client.post(f"/api/events/{event['id']}/players", json={"names": [f"Player {k:02d}" for k in range(n)]}, headers=h)
    for number in (1, 2):
        tables = client.post(f"/api/events/{event['id']}/rounds", json={"games": ["gangs", "neko"]}, headers=h).json["tables"]
        entered = tables if number == 1 or finish == "all" else tables[: len(tables) // 2]
        for t in entered:
            client.post(f"/api/events/{event['id']}/results", json={"table_id": t["table_id"], "placings": t["players"]}, headers=h)
    return event["id"]


def box(page, selector: str) -> dict:
    return page.locator(selector).first.evaluate("e => { const r = e.getBoundingClientRect(); return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; }")


@pytest.mark.parametrize("players", [12, 16, 64])
def test_the_big_screen_shows_every_table_the_standings_and_a_whole_qr_code_without_scrolling(live_server, browser, players):
    event_id = night(live_server.app, players)
    ctx = browser.new_context(viewport=FULL_HD)
    try:
        screen = ctx.new_page()
        screen.goto(f"{live_server.url}/e/{event_id}/screen")
        expect(screen.locator("#netstate")).to_have_text("Live")
        assert float(screen.locator(".screen-head h1").evaluate("e => parseFloat(getComputedStyle(e).fontSize)")) >= 48
        qr = box(screen, ".screen-qr img")
        assert qr["top"] >= 0 and qr["left"] >= 0 and qr["bottom"] <= 1080 and qr["right"] <= 1920, qr
        assert screen.evaluate("document.documentElement.scrollHeight") <= 1080, "nothing below the screen"
        assert box(screen, "#event-round")["bottom"] <= 1080 and box(screen, "#event-standings")["bottom"] <= 1080
        expect(screen.locator(".seat-card")).to_have_count(players // 4)
        names = screen.locator(".seat-card").evaluate_all("cards => cards.map(c => parseFloat(getComputedStyle(c.querySelector('li')).fontSize))")
        assert min(names) >= 20, "names readable across the room"
        shown = screen.locator("#event-standings .page:visible")
        if players > 16:
            expect(shown).to_have_count(1)
            expect(screen.locator(".pager-note")).to_have_text(f"1–16 of {players}")
            expect(screen.locator(".pager-note")).to_have_text(f"17–32 of {players}", timeout=12_000)
        else:
            expect(screen.locator("#event-standings tbody tr")).to_have_count(players)
    finally:
        ctx.close()


def test_the_round_timer_runs_while_tables_play_and_stops_when_all_are_done(live_server, browser):
    playing, done = night(live_server.app, 12), night(live_server.app, 12, finish="all")
    ctx = browser.new_context(viewport=FULL_HD)
    try:
        screen = ctx.new_page()
        screen.goto(f"{live_server.url}/e/{playing}/screen")
        expect(screen.locator(".round-title .timer")).to_have_text(re.compile(r"\d+:\d\d"))
        screen.goto(f"{live_server.url}/e/{done}/screen")
        expect(screen.locator(".round-title")).to_contain_text("every table finished")
        expect(screen.locator(".round-title .timer")).to_have_count(0)
    finally:
        ctx.close()


@pytest.mark.parametrize("width", [360, 390])
def test_the_standings_on_a_phone_show_every_number_whole_or_say_they_scroll(live_server, browser, width):
    event_id = night(live_server.app, 16)
    ctx = browser.new_context(viewport={"width": width, "height": 800}, is_mobile=True, has_touch=True)
    try:
        page = ctx.new_page()
        page.goto(f"{live_server.url}/e/{event_id}")
        expect(page.locator("#netstate")).to_have_text("Live")
        table = page.locator("#event-standings .scroll-x").first
        fits = table.evaluate("e => e.scrollWidth <= e.clientWidth + 1")
        assert fits or page.locator(".scroll-hint").is_visible()
        assert fits, "16 ordinary names fit a phone's width with every tie-breaker"
        expect(page.get_by_role("columnheader", name="MB", exact=True)).to_be_visible()  # short headings at this width
    finally:
        ctx.close()
