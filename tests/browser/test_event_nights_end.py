"""The night from the players' side, in browsers as a night uses them: the big screen at 1920 px
shows one countdown and names a table's extra time; the desk at 1280 px entering a result for a
table still being played in the app is asked first, and the table's phone (360 px) is told
without a reload; the desk seats a final table by standing. Screenshots are written to
$SHOTS_DIR when it is set (to look at them), else to the test's own temporary folder."""
from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.test_event_journey import patient  # noqa: F401 (an autouse fixture: 10 s assertions)

pytestmark = pytest.mark.browser

NAMES = ["Aiko", "Botan", "Chika", "Daichi", "Emi", "Fumi", "Goro", "Hana"]
FULL_HD = {"width": 1920, "height": 1080}
DESK = {"width": 1280, "height": 900}
TIME = re.compile(r"^\d+:\d\d$")


def shots(tmp_path) -> Path:
    where = Path(os.environ.get("SHOTS_DIR") or tmp_path)
    where.mkdir(parents=True, exist_ok=True)
    return where


def night(app, names=NAMES, rounds=2):
    """A night of Gangs of Kyoto and Kyoto no Neko with `names` registered and round 1 seated:
    (a test client, event id, organiser token, auth headers, the round's tables)."""
    client = app.test_client()
    event = client.post("/api/events", json={"name": "Friday", "games": ["gangs", "neko"], "rounds": rounds}).json
    h = {"Authorization": f"Bearer {event['token']}"}
    client.post(f"/api/events/{event['id']}/players", json={"names": names}, headers=h)
    tables = client.post(f"/api/events/{event['id']}/rounds", json={"game": "gangs"}, headers=h).json["tables"]
    return client, event["id"], event["token"], h, tables


def desk_page(browser, base, eid, token):
    """The organiser's desk opened at 1280 px from its link (the desk's cookie kept)."""
    ctx = browser.new_context(viewport=DESK)
    page = ctx.new_page()
    page.goto(f"{base}/e/{eid}/desk/{token}")
    expect(page.locator("#netstate")).to_have_text("Live")
    return ctx, page


def test_the_big_screen_shows_one_countdown_and_a_tables_extra_time(live_server, browser, tmp_path):
    client, eid, _, h, tables = night(live_server.app)
    assert client.post(f"/api/events/{eid}/clock", json={"minutes": 30}, headers=h).status_code == 200
    assert client.post(f"/api/events/{eid}/clock", json={"table_id": tables[1]["table_id"], "add_minutes": 5}, headers=h).status_code == 200
    ctx = browser.new_context(viewport=FULL_HD)
    try:
        screen = ctx.new_page()
        screen.goto(f"{live_server.url}/e/{eid}/screen")
        expect(screen.locator("#netstate")).to_have_text("Live")
        expect(screen.locator("#event-clock .clock-time")).to_have_text(TIME)
        expect(screen.locator("#event-clock .clock-extras")).to_have_text("Extra time: Table 2 +5 min")
        expect(screen.locator('.seat-card[data-table="2"] .badge.extra-time')).to_have_text("+5 min")
        expect(screen.locator('.seat-card[data-table="1"] .badge.extra-time')).to_have_count(0)
        timers = screen.locator("[role=timer]")
        assert [k for k in range(timers.count()) if timers.nth(k).is_visible()] == [0], "one clock on the screen"
        assert 29 * 60 < int(screen.locator("#event-clock .clock-time").inner_text().split(":")[0]) * 60 + 60 <= 31 * 60
        screen.screenshot(path=str(shots(tmp_path) / "big-screen-1920.png"))

        # Another table's extra time reaches the screen by the live push, no reload.
        screen.evaluate("window.__kept = true")
        client.post(f"/api/events/{eid}/clock", json={"table_id": tables[0]["table_id"], "add_minutes": 3}, headers=h)
        expect(screen.locator("#event-clock .clock-extras")).to_have_text("Extra time: Table 1 +3 min, Table 2 +5 min")
        assert screen.evaluate("window.__kept === true")
    finally:
        ctx.close()


def test_the_desk_is_asked_before_ending_a_table_in_play_and_the_tables_phone_is_told(live_server, browser, tmp_path):
    client, eid, token, h, tables = night(live_server.app, NAMES[:4])
    table = tables[0]
    play = live_server.app.extensions["companion.tables"].get(table["table_id"]).record["play_token"]
    phone_ctx = browser.new_context(viewport={"width": 360, "height": 780}, is_mobile=True, has_touch=True)
    desk_ctx, desk = desk_page(browser, live_server.url, eid, token)
    try:
        phone = phone_ctx.new_page()
        phone.goto(f"{live_server.url}/t/{table['table_id']}/play/{play}")
        expect(phone.locator("#netstate")).to_have_text("Live")
        state = client.get(f"/api/tables/{table['table_id']}", headers={"Authorization": f"Bearer {table['token']}"}).json["state"]
        move = {"type": "give", "to": state["pending"][0]["to"][0], "card": {"value": 0, "kind": "plain"}}
        assert client.post(f"/api/tables/{table['table_id']}/actions", json=move,
                           headers={"Authorization": f"Bearer {table['token']}"}).status_code == 200
        expect(desk.locator(".seat-card").first.locator(".badge").first).to_have_text("playing")

        card = desk.locator(".seat-card").first
        card.get_by_text("Played without the app? Enter the result").click()
        for name in table["players"]:
            card.locator(f'[data-tap-name="{name}"]').click()
        card.get_by_role("button", name="Enter the result of table 1").click()
        confirm = desk.locator("#event-confirm")
        expect(confirm).to_be_visible()
        expect(confirm).to_contain_text("Table 1 of round 1 (Gangs of Kyoto) is still being played in the app.")
        expect(confirm).to_contain_text("Enter this result anyway? The table ends with it, and its phones are told.")
        desk.screenshot(path=str(shots(tmp_path) / "desk-asks-1280.png"))
        assert live_server.app.extensions["companion.events"].get(eid)["manual"] == {}, "asking changes nothing"

        phone.evaluate("window.__kept = true")
        confirm.get_by_role("button", name="Yes, end table 1 with this result").click()
        expect(confirm).to_be_hidden()
        expect(card.locator(".places")).to_contain_text(f"1st {table['players'][0]}")
        told = phone.locator(".locked")
        expect(told).to_contain_text(f"The organiser's desk entered this table's result for round 1 of Friday: 1st {table['players'][0]}, "
                                     f"2nd {table['players'][1]}")
        expect(told).to_contain_text("The table is finished: moves here no longer count.")
        expect(phone.locator("#status .turn")).to_have_text("Finished at the organiser's desk")
        assert phone.evaluate("window.__kept === true"), "told by the live push, not a reload"
        told.scroll_into_view_if_needed()
        phone.screenshot(path=str(shots(tmp_path) / "table-phone-told-360.png"))
    finally:
        phone_ctx.close()
        desk_ctx.close()


def test_the_desk_seats_a_final_table_by_standing(live_server, browser, tmp_path):
    client, eid, token, h, tables = night(live_server.app, rounds=1)
    for t in tables:
        client.post(f"/api/events/{eid}/results", json={"table_id": t["table_id"], "placings": sorted(t["players"])}, headers=h)
    standings = [r["name"] for r in client.get(f"/api/events/{eid}/standings").json]
    desk_ctx, desk = desk_page(browser, live_server.url, eid, token)
    screen_ctx = browser.new_context(viewport=FULL_HD)
    try:
        screen = screen_ctx.new_page()
        screen.goto(f"{live_server.url}/e/{eid}/screen")
        expect(screen.locator("#netstate")).to_have_text("Live")
        form = desk.locator(".final-form")
        form.get_by_label("how many players the final seats").fill("4")
        form.get_by_label("the final's game").select_option("neko")
        desk.locator("#event-start").screenshot(path=str(shots(tmp_path) / "desk-final-form-1280.png"))
        form.get_by_role("button", name="Seat the final").click()
        expect(desk.locator("#event-round .round-title")).to_contain_text("The final · Kyoto no Neko")
        seated = desk.locator(".seat-card").first.locator(".seat-list li")
        expect(seated).to_have_text([f"seat {k} {name}" for k, name in enumerate(standings[:4], start=1)])
        expect(screen.locator("#event-round .round-title")).to_contain_text("The final · Kyoto no Neko")  # pushed
        expect(screen.locator(".seat-card")).to_have_count(1)
        screen.screenshot(path=str(shots(tmp_path) / "big-screen-final-1920.png"))
    finally:
        desk_ctx.close()
        screen_ctx.close()
