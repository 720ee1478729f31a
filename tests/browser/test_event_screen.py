"""The big screen at 1920×1080 and 1280×720 and the standings on a 360 px phone:
from 12 to 64 players nothing lies outside the window (tables and standings that do not fit turn
their pages, and every row and table is shown in turn), the night's name is at least 48 px, the
QR code is whole, the podium says what separated two players on equal points, and no count-up
sits beside the round's title (the countdown is the screen's one clock)."""
from __future__ import annotations

import re
import time

import pytest
from flask import render_template
from playwright.sync_api import expect

from tests.browser.test_event_journey import patient  # noqa: F401 (an autouse fixture: 10 s assertions)
from tests.web.test_events import play_gangs_to_a_win

pytestmark = pytest.mark.browser

FULL_HD = {"width": 1920, "height": 1080}


def night(app, n: int, finish: str = "half", rounds: int = 2, conflict: bool = False, names=None) -> str:
    """A two-game night of `n` players (three rounds planned) with `rounds` rounds seated: the
    earlier ones entered, the last one's tables entered as `finish` says ("half" or "all"; a
    night whose three rounds are all entered is over: the podium shows). With `conflict`, one
    more Gangs table of the last round is entered by hand and played in the app to another
    winner: the results disagree (shown to whoever holds the desk's cookie). Returns its id."""
    return night_and_token(app, n, finish, rounds, conflict, names)[0]


def night_and_token(app, n: int, finish: str = "half", rounds: int = 2, conflict: bool = False, names=None) -> tuple[str, str]:
    client = app.test_client()
    event = client.post("/api/events", json={"name": "Friday Night at the Kyoto Dojo", "games": ["gangs", "neko"], "rounds": 3}).json
    h = {"Authorization": f"Bearer {event['token']}"}
    client.post(f"/api/events/{event['id']}/players", json={"names": names or [f"Player {k:02d}" for k in range(n)]}, headers=h)
    for number in range(1, rounds + 1):
        tables = client.post(f"/api/events/{event['id']}/rounds", json={"games": ["gangs", "neko"]}, headers=h).json["tables"]
        entered = tables if number < rounds or finish == "all" else tables[: len(tables) // 2]
        for t in entered:
            client.post(f"/api/events/{event['id']}/results", json={"table_id": t["table_id"], "placings": t["players"]}, headers=h)
        if conflict and number == rounds:
            t = next(t for t in tables if t["game"] == "gangs" and t not in entered)
            state = client.get(f"/api/tables/{t['table_id']}", headers={"Authorization": f"Bearer {t['token']}"}).json["state"]
            winner = state["players"][(state["first_player"] + 1) % len(state["players"])]["name"]  # play_gangs_to_a_win's
            client.post(f"/api/events/{event['id']}/results", headers=h,
                        json={"table_id": t["table_id"], "placings": [p for p in t["players"] if p != winner] + [winner]})
            assert play_gangs_to_a_win(client, t) == winner
    return event["id"], event["token"]


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
        assert float(screen.locator(".screen-title h1").evaluate("e => parseFloat(getComputedStyle(e).fontSize)")) >= 48
        qr = box(screen, ".screen-qr img")
        assert qr["top"] >= 0 and qr["left"] >= 0 and qr["bottom"] <= 1080 and qr["right"] <= 1920, qr
        assert qr["bottom"] - qr["top"] >= 200, "a QR code a phone reads from a few metres"
        assert screen.evaluate("document.documentElement.scrollHeight") <= 1080, "nothing below the screen"
        assert box(screen, "#event-round")["bottom"] <= 1080 and box(screen, "#event-standings")["bottom"] <= 1080
        expect(screen.locator(".seat-card")).to_have_count(players // 4)
        names = screen.locator(".seat-card").evaluate_all("cards => cards.map(c => parseFloat(getComputedStyle(c.querySelector('li')).fontSize))")
        assert min(names) >= 20, "names readable across the room"
        assert not hidden_from_view(screen)
        if players > 16:
            note = screen.locator("#event-standings .pager-note")
            expect(note).to_have_text(re.compile(rf"^1–\d+ of {players}$"))
            shown = int(note.inner_text().split("–")[1].split()[0])
            expect(screen.locator("#event-standings tbody tr:visible")).to_have_count(shown)
            expect(note).to_have_text(f"{shown + 1}–{min(2 * shown, players)} of {players}", timeout=12_000)
        else:
            expect(screen.locator("#event-standings tbody tr:visible")).to_have_count(players)
            expect(screen.locator("#event-standings .pager-note")).to_have_text("")
    finally:
        ctx.close()


# What the screen is meant to show, each part that is displayed (a page turned away is not).
SHOWN = ".screen-title h1, .screen-sub, .screen-qr img, .screen-qr p, #event-conflicts .conflict, #event-podium .step, " \
        "#event-round .round-title, #event-round .seat-card, #event-standings h2, #event-standings thead tr, " \
        "#event-standings tbody tr, #event-standings .legend"
HIDDEN_FROM_VIEW = """selector => {
  const out = [];
  for (const el of document.querySelectorAll(selector)) {
    if (!el.getClientRects().length) continue;  // not displayed: a page turned away, a hidden block
    const r = el.getBoundingClientRect();
    if (r.top < -1 || r.left < -1 || r.bottom > innerHeight + 1 || r.right > innerWidth + 1) {
      out.push(`${el.className || el.tagName} ${el.textContent.trim().slice(0, 30)}: outside the window ${JSON.stringify(r)}`);
      continue;
    }
    for (let up = el.parentElement; up; up = up.parentElement) {  // cut off by a box that hides its overflow
      const style = getComputedStyle(up);
      if (style.overflowX === "visible" && style.overflowY === "visible") continue;
      const b = up.getBoundingClientRect();
      if (r.top < b.top - 1 || r.bottom > b.bottom + 1 || r.left < b.left - 1 || r.right > b.right + 1) {
        out.push(`${el.className || el.tagName} ${el.textContent.trim().slice(0, 30)}: cut off by ${up.id || up.className} ${JSON.stringify(r)} ${JSON.stringify(b)}`);
        break;
      }
    }
  }
  return out;
}"""


def hidden_from_view(page) -> list[str]:
    """What the screen shows but the window does not: outside it, or cut off by a box it is in."""
    return page.evaluate(HIDDEN_FROM_VIEW, SHOWN)


@pytest.mark.parametrize("viewport", [FULL_HD, {"width": 1280, "height": 720}], ids=["1080p", "720p"])
def test_fifty_players_at_thirteen_tables_and_a_conflict_all_shown_in_turn_without_leaving_the_screen(live_server, browser, viewport):
    """The organiser's own screen (the desk's cookie: the results that disagree show too) with 50
    players at 13 tables: the document is never taller or wider than the window, nothing shown is
    cut off, and over the pages' turns (every second here: ?turn=1) every table and every standings
    row is shown. A result entered meanwhile reaches the screen without a reload."""
    event_id, token = night_and_token(live_server.app, 50, conflict=True)
    ctx = browser.new_context(viewport=viewport)
    try:
        screen = ctx.new_page()
        screen.goto(f"{live_server.url}/e/{event_id}/desk/{token}")  # this browser holds the desk's cookie
        screen.goto(f"{live_server.url}/e/{event_id}/screen?turn=1")
        expect(screen.locator("#netstate")).to_have_text("Live")
        expect(screen.locator("#event-conflicts")).to_contain_text("Results that disagree (1)")
        expect(screen.locator(".seat-card")).to_have_count(13)
        standings = live_server.app.test_client().get(f"/api/events/{event_id}/standings").json
        tables, rows = set(), set()
        deadline = time.monotonic() + 30
        while (len(tables) < 13 or len(rows) < 50) and time.monotonic() < deadline:
            size = screen.evaluate("[document.documentElement.scrollWidth, document.documentElement.scrollHeight]")
            assert size[0] <= viewport["width"] and size[1] <= viewport["height"], size
            assert not hidden_from_view(screen)
            tables.update(screen.locator(".seat-card:visible").evaluate_all("cards => cards.map(c => c.dataset.table)"))
            rows.update(screen.locator("#event-standings tbody tr:visible td.name-cell").all_inner_texts())
            screen.wait_for_timeout(250)
        assert tables == {str(k) for k in range(1, 14)}, f"tables never shown: {sorted(set(map(str, range(1, 14))) - tables)}"
        assert rows == {r["name"] for r in standings}, f"rows never shown: {sorted({r['name'] for r in standings} - rows)}"

        # Live: the last table's result arrives without a reload, and the screen still fits.
        client = live_server.app.test_client()
        record = client.get(f"/api/events/{event_id}", headers={"Authorization": f"Bearer {token}"}).json
        last = record["rounds"][-1]["tables"][-1]
        client.post(f"/api/events/{event_id}/results", json={"table_id": last["table_id"], "placings": last["players"]},
                    headers={"Authorization": f"Bearer {token}"})
        expect(screen.locator('.seat-card[data-table="13"] ol.places')).to_have_count(1)
        screen.wait_for_timeout(300)
        assert screen.evaluate("document.documentElement.scrollHeight") <= viewport["height"]
        assert not hidden_from_view(screen)
    finally:
        ctx.close()


def test_two_tables_fill_the_screen_in_type_read_from_across_the_room(live_server, browser):
    """Eight players at two tables on a 1080p screen: names, game names, seat labels and badges
    large, the standings' tie-breakers explained in a line, the 'Live' pill no speck."""
    event_id = night(live_server.app, 8)
    ctx = browser.new_context(viewport=FULL_HD)
    try:
        screen = ctx.new_page()
        screen.goto(f"{live_server.url}/e/{event_id}/screen")
        expect(screen.locator("#netstate")).to_have_text("Live")
        # Found and measured in one step: a push that redraws the seating between finding an
        # element and measuring it would leave a detached element, whose size reads NaN (CI saw it).
        size = "selector => parseFloat(getComputedStyle(document.querySelector(selector)).fontSize)"
        assert screen.evaluate(size, ".seat-card li") >= 40
        assert screen.evaluate(size, ".seat-card .game-name") >= 30
        assert screen.evaluate(size, ".seat-card .seat-no") >= 24
        assert screen.evaluate(size, ".seat-card .badge") >= 24
        assert screen.evaluate(size, "#netstate") >= 20
        assert min(screen.locator("#event-standings td").evaluate_all("cells => cells.map(c => parseFloat(getComputedStyle(c).fontSize))")) >= 24
        expect(screen.locator("#event-standings .legend")).to_contain_text("M-Buch (opponents' points but the best and worst)")
        cards = box(screen, "#event-round .seats .seat-card:last-child")
        assert cards["bottom"] > 1080 * 0.6, "the tables use the screen's height"
        assert not hidden_from_view(screen)
    finally:
        ctx.close()


def test_the_podium_says_what_separated_equal_points_and_who_shares_a_place(live_server):
    rows = [{"rank": 1, "name": "Aiko", "points": 5.5, "wins": 3, "median_buchholz": 14, "solkoff": 20, "h2h": 0},
            {"rank": 2, "name": "Botan", "points": 5.5, "wins": 2, "median_buchholz": 14, "solkoff": 20, "h2h": 0},
            {"rank": 3, "name": "Chika", "points": 5.5, "wins": 2, "median_buchholz": 12.5, "solkoff": 20, "h2h": 0},
            {"rank": 3, "name": "Daichi", "points": 5.5, "wins": 2, "median_buchholz": 12.5, "solkoff": 20, "h2h": 0}]
    """Two players on the same points in two places: the lower says what put the other above (the
    first tie-breaker where they differ); players on one step say they share it."""
    with live_server.app.test_request_context():
        words = " ".join(re.sub(r"<[^>]+>", " ", render_template("events/_podium.html", podium=rows, oob=False)).split())
    assert "1st Aiko 5.5 points 2nd" in words, "nothing to explain above a step"
    assert "1st Aiko 5.5 points 2nd Botan 5.5 points behind Aiko on wins, 2 to 3" in words
    assert "3rd Chika = Daichi 5.5 points sharing 3rd place: level on every tie-breaker; behind Botan on M-Buch, 12.5 to 14" in words


def test_the_big_screen_shows_no_count_up_beside_the_round_and_says_when_every_table_is_done(live_server, browser):
    playing, done = night(live_server.app, 12), night(live_server.app, 12, finish="all")
    ctx = browser.new_context(viewport=FULL_HD)
    try:
        screen = ctx.new_page()
        screen.goto(f"{live_server.url}/e/{playing}/screen")
        expect(screen.locator("#netstate")).to_have_text("Live")
        expect(screen.locator(".round-title")).to_contain_text("Round 2 of 3")
        expect(screen.locator(".timer")).to_have_count(0)  # one clock on the big screen: the countdown, when started
        screen.goto(f"{live_server.url}/e/{done}/screen")
        expect(screen.locator(".round-title")).to_contain_text("every table finished")
        expect(screen.locator(".timer")).to_have_count(0)
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
