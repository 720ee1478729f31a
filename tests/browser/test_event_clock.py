"""The round clock on phones whose own clocks are wrong: two phones, 360 and 390
px wide, one seven minutes fast and one three minutes slow, show the same time left on the
players' page within a second, amber in the round's last ten minutes; a pause stops both; a table
page of the round shows its own time, its extra minutes included."""
from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE
from tests.browser.test_event_journey import patient  # noqa: F401 (an autouse fixture: 10 s assertions)

pytestmark = [pytest.mark.browser, pytest.mark.slow]

NAMES = ["Aiko", "Botan", "Chika", "Daichi", "Emi", "Fumi", "Goro", "Hana"]
# This phone's Date (new Date(), Date.now()) is `offset` ms off the real time, as a phone whose
# clock was set by hand; performance.now() is not touched, as no phone can set it.
SHIFTED_DATE = """(() => {
  const offset = %d, Real = Date;
  class Shifted extends Real {
    constructor(...args) { if (args.length) super(...args); else super(Real.now() + offset); }
    static now() { return Real.now() + offset; }
  }
  window.Date = Shifted;
})();"""
TIME = re.compile(r"^\d+:\d\d$")


def seconds(page, where=".round-clock .clock-time") -> int:
    minutes, secs = page.locator(where).inner_text().split(":")
    return int(minutes) * 60 + int(secs)


def phone(browser, width: int, offset_ms: int):
    ctx = browser.new_context(**{**PHONE, "viewport": {"width": width, "height": 800}})
    ctx.add_init_script(SHIFTED_DATE % offset_ms)
    return ctx


def test_phones_with_wrong_clocks_count_down_together_pause_together_and_a_table_shows_its_extra_time(live_server, browser):
    client = live_server.app.test_client()
    event = client.post("/api/events", json={"name": "Friday", "games": ["gangs"], "rounds": 2}).json
    eid, h = event["id"], {"Authorization": f"Bearer {event['token']}"}
    client.post(f"/api/events/{eid}/players", json={"names": NAMES}, headers=h)
    table = client.post(f"/api/events/{eid}/rounds", json={"game": "gangs"}, headers=h).json["tables"][0]["table_id"]
    assert client.post(f"/api/events/{eid}/clock", json={"minutes": 9}, headers=h).status_code == 200
    assert client.post(f"/api/events/{eid}/clock", json={"table_id": table, "add_minutes": 4}, headers=h).status_code == 200
    fast, slow = phone(browser, 360, 7 * 60_000), phone(browser, 390, -3 * 60_000)
    try:
        a, b = fast.new_page(), slow.new_page()
        for page in (a, b):
            page.goto(f"{live_server.url}/e/{eid}")
            expect(page.locator("#netstate")).to_have_text("Live")
            expect(page.locator("#event-clock .clock-time")).to_have_text(TIME)
        assert a.evaluate("Date.now()") - b.evaluate("Date.now()") > 9 * 60_000  # the phones disagree by ten minutes
        shown = [seconds(a), seconds(b)]
        assert abs(shown[0] - shown[1]) <= 1 and 8 * 60 - 30 < shown[0] <= 9 * 60, shown
        expect(a.locator("#event-clock")).to_have_attribute("data-phase", "soon")  # amber: the last ten minutes

        assert client.post(f"/api/events/{eid}/clock", json={"pause": True}, headers=h).status_code == 200
        paused = client.get(f"/api/events/{eid}/clock").json["remaining_s"]
        for page in (a, b):  # the push brings a new clock key: the page asks for the seconds again
            expect(page.locator("#event-clock .clock-note")).to_have_text("paused")
        stopped = [seconds(a), seconds(b)]
        a.wait_for_timeout(1500)
        assert [seconds(a), seconds(b)] == stopped and all(abs(s - paused) <= 1 for s in stopped), (stopped, paused)

        watch = a.context.new_page()
        watch.goto(f"{live_server.url}/t/{table}/watch")
        clock = watch.locator(".table-clock")
        expect(clock).to_be_visible()
        expect(clock.locator(".clock-note")).to_have_text("paused · +4 min for this table")
        assert abs(seconds(watch, ".table-clock .clock-time") - (paused + 240)) <= 1
        expect(clock).to_have_attribute("data-phase", "ok")  # 13 minutes: still green

        # The clock started again, 58 s of its minute gone by the server's clock: time is up at
        # once on the players' page, and the desk lists the table still playing without extra time.
        desk = a.context.new_page()
        desk.goto(f"{live_server.url}/e/{eid}/desk/{event['token']}")
        expect(desk.locator("#netstate")).to_have_text("Live")
        assert client.post(f"/api/events/{eid}/clock", json={"minutes": 1}, headers=h).status_code == 200
        live_server.app.extensions["companion.events"].wall = lambda: time.time() + 58
        assert client.post(f"/api/events/{eid}/clock", json={"table_id": table, "add_minutes": 4}, headers=h).status_code == 200
        for page in (a, desk):
            expect(page.locator("#event-clock .clock-time")).to_have_text("Time is up")
            expect(page.locator("#event-clock")).to_have_attribute("data-phase", "up")
        expect(desk.locator(".clock-up li:visible")).to_have_count(1)
        expect(desk.locator(f'.clock-up li[data-up-table="{table}"]')).to_be_hidden()  # its 4 minutes run on
        desk.locator(".clock-up li:visible a").click()
        expect(desk.locator("details.enter-result[open]")).to_have_count(1)
        expect(desk.locator("details.enter-result[open] .save-result")).to_be_in_viewport()
    finally:
        fast.close()
        slow.close()
