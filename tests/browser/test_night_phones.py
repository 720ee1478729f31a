"""A night from the players' side: the organiser's desk at 1280 px and four phones at 360 px. Each
phone opens the check-in link, types its name and appears on the desk's list (live); the phones
are pushed their table when the organiser seats round 1 (no reload, and a buzz), tap once to sit
at their own seat (the table page holds that seat for them), and are pushed round 2's seat; a
player whose phone died checks in on a new one once the desk taps "New phone".
NIGHT_SCREENSHOTS=<folder> saves the check-in and my-night pages at 360 px there (docs/screenshots:
night-checkin-360.png and night-round-2-360.png are the docs' pictures)."""
from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.test_event_journey import patient  # noqa: F401 (an autouse fixture: 10 s assertions)

pytestmark = pytest.mark.browser

PHONE_360 = {"viewport": {"width": 360, "height": 740}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
NAMES = ["Aiko", "Botan", "Chika", "Daichi"]
ORDINALS = ["1st", "2nd", "3rd", "4th"]
# Each buzz the page asks for is counted (headless Chromium has no motor to run).
COUNT_BUZZES = "window.__buzzes = []; navigator.vibrate = function (p) { window.__buzzes.push(p); return true; };"


def shot(page, name: str) -> None:
    folder = os.environ.get("NIGHT_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=True)


def test_four_phones_check_in_are_seated_round_after_round_and_sit_with_one_tap(live_server, browser):
    base = live_server.url
    client = live_server.app.test_client()
    event = client.post("/api/events", json={"name": "Thursday at the Dojo", "games": ["gangs"], "rounds": 2}).json
    organiser = {"Authorization": f"Bearer {event['token']}"}

    desk_ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    desk_ctx.set_default_timeout(10_000)
    desk = desk_ctx.new_page()
    desk.goto(f"{base}/e/{event['id']}/desk/{event['token']}")
    expect(desk.locator("#netstate")).to_have_text("Live")
    checkin = desk.get_by_role("link", name="check-in link").get_attribute("href")
    assert "/checkin?key=" in checkin

    phones = {}
    for name in NAMES:
        ctx = browser.new_context(**PHONE_360)
        ctx.set_default_timeout(10_000)
        ctx.add_init_script(COUNT_BUZZES)
        page = ctx.new_page()
        page.goto(checkin)
        expect(page.get_by_role("heading", name="Check in")).to_be_visible()
        if name == NAMES[0]:
            shot(page, "night-checkin-360")
        page.get_by_label("Your name").fill(name)
        page.get_by_role("button", name="Check in").click()
        expect(page.locator("#my-night h1")).to_have_text(name)
        expect(page.locator("#netstate")).to_have_text("Live")
        # The desk's list shows the player at once: pushed, not reloaded.
        expect(desk.locator(".roster li", has_text=name)).to_contain_text("✓ here · by phone")
        phones[name] = page
    expect(desk.locator("section.card h2", has_text="Players")).to_contain_text("4 checked in of 4")
    # One tap lets the page buzz (a browser asks for it), answered with a short buzz.
    phones["Aiko"].get_by_role("button", name="Buzz this phone when my seat changes").click()
    expect(phones["Aiko"].locator(".buzz-row")).to_have_text("✓ This phone buzzes when your seat changes.")
    assert phones["Aiko"].evaluate("window.__buzzes") == [80]
    phones["Aiko"].evaluate("window.__buzzes = []")
    shot(phones["Aiko"], "night-waiting-360")

    # A fifth phone typing a name that a phone holds is told so, and changes nothing.
    late = browser.new_context(**PHONE_360).new_page()
    late.goto(checkin)
    late.get_by_label("Your name").fill("chika")
    late.get_by_role("button", name="Check in").click()
    expect(late.get_by_role("alert")).to_contain_text("Chika is checked in on another phone already")
    expect(desk.locator(".roster li")).to_have_count(4)

    for page in phones.values():
        page.evaluate("window.__sameDocument = true")
    desk.get_by_role("button", name="Seat the players").click()
    seats = {}
    for name, page in phones.items():
        night = page.locator("#my-night")
        expect(night).to_contain_text("Round 1")
        expect(night).to_contain_text("Table 1")
        expect(night.locator(".my-players .me")).to_contain_text(name)
        assert page.evaluate("window.__sameDocument") is True, "pushed over the websocket, not reloaded"
        assert page.evaluate("window.__buzzes.length") == 1
        seats[name] = night.get_attribute("data-seat-key")
    shot(phones["Aiko"], "night-round-1-360")

    # One tap to sit: the table page holds this player's seat (no code typed, nobody asked).
    round1 = client.get(f"/api/events/{event['id']}", headers=organiser).json["rounds"][0]["tables"][0]
    for name, page in phones.items():
        page.get_by_role("link", name="Sit at my seat").click()
        expect(page.locator("header .you")).to_contain_text(name)
        expect(page.get_by_role("button", name="Shared phone", exact=True)).to_have_count(0)
        assert page.url.endswith(f"/t/{round1['table_id']}")
        page.goto(f"{base}/e/{event['id']}/me")
        expect(page.locator("#netstate")).to_have_text("Live")
        page.evaluate("window.__sameDocument = true")

    # Round 1 ends (entered at the desk by API); round 2 is seated and pushed to every phone.
    placings = round1["players"]
    assert client.post(f"/api/events/{event['id']}/results", json={"table_id": round1["table_id"], "placings": placings},
                       headers=organiser).status_code == 200
    desk.reload()
    desk.get_by_role("button", name="Seat the players").click()
    for name, page in phones.items():
        night = page.locator("#my-night")
        expect(night).to_contain_text("Round 2")
        assert night.get_attribute("data-seat-key") != seats[name]
        expect(night.locator(".my-standing")).to_contain_text(f"Standing: {ORDINALS[placings.index(name)]} of 4")
        assert page.evaluate("window.__sameDocument") is True
        assert page.evaluate("window.__buzzes.length") == 1  # this page was opened after round 1's buzz
    # The table's clock, with the extra time the desk gave that table, counts down on the phone.
    round2 = client.get(f"/api/events/{event['id']}", headers=organiser).json["rounds"][1]["tables"][0]
    client.post(f"/api/events/{event['id']}/clock", json={"minutes": 40}, headers=organiser)
    client.post(f"/api/events/{event['id']}/clock", json={"table_id": round2["table_id"], "add_minutes": 5}, headers=organiser)
    for page in phones.values():
        expect(page.locator("#event-clock .clock-note")).to_have_text("+5 min for this table")
        expect(page.locator("#event-clock .clock-time")).to_have_text(re.compile(r"^4[45]:\d\d$"))
    shot(phones["Botan"], "night-round-2-360")
    page = phones["Daichi"]
    page.get_by_role("link", name="Sit at my seat").click()
    expect(page.locator("header .you")).to_contain_text("Daichi")
    assert page.url.endswith(f"/t/{round2['table_id']}")

    # Chika's phone died: the desk lets a new phone check in as Chika, which is shown round 2's
    # seat at once; the old phone is told it no longer follows her night.
    desk.get_by_role("button", name="Let another phone check in as Chika").click()
    expect(phones["Chika"].locator("#my-night")).to_contain_text("This phone no longer follows a player of this night")
    new = browser.new_context(**PHONE_360).new_page()
    new.goto(checkin)
    new.get_by_label("Your name").fill("Chika")
    new.get_by_role("button", name="Check in").click()
    expect(new.locator("#my-night")).to_contain_text("Round 2")
    expect(new.locator("#my-night .my-players .me")).to_contain_text("Chika")
    expect(desk.locator(".roster li", has_text="Chika")).to_contain_text("✓ here · by phone")
    desk_ctx.close()
