"""The organiser's pages and the big screen, which updates live when a table finishes."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def test_organiser_runs_a_round_and_the_big_screen_follows(live_server, phone, browser):
    org = phone().new_page()
    org.goto(live_server.url + "/events/new")
    org.get_by_label("Name").fill("Friday at the Dojo")
    org.get_by_label("Gangs of Kyoto (2–5)").check()
    org.get_by_label("Rounds").fill("2")
    org.get_by_role("button", name="Create the event").click()
    expect(org.locator("header")).to_contain_text("organiser")
    event_id = org.url.split("/e/")[1].split("/")[0]

    org.get_by_label("Register (one name per line, or a pasted list)").fill("Aiko\nBotan\nChika\nDaichi\nEmi")
    org.get_by_role("button", name="Register").click()
    expect(org.locator(".roster li")).to_have_count(5)
    org.locator(".roster li", has_text="Emi").get_by_role("button", name="Checked in ✓ (check out)").click()
    expect(org.locator("section.card h2", has_text="Players")).to_contain_text("4 checked in of 5")

    screen_ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    screen = screen_ctx.new_page()
    screen.goto(f"{live_server.url}/e/{event_id}/screen")
    expect(screen.locator("#netstate")).to_have_text("Live")
    expect(screen.locator("#event-round")).to_contain_text("Waiting for round 1")

    org.get_by_role("button", name="Seat the players").click()
    expect(org.locator("#event-round")).to_contain_text("Round 1 of 2")
    expect(screen.locator("#event-round")).to_contain_text("Round 1 of 2")  # live, no reload
    expect(screen.locator(".seat-card")).to_have_count(1)
    expect(screen.locator(".seat-card")).not_to_contain_text("Emi")

    # A player opens the event page: where everyone sits, but no table's way in (anyone may open it).
    public = phone().new_page()
    public.goto(f"{live_server.url}/e/{event_id}")
    expect(public.locator("#event-round")).to_contain_text("Round 1 of 2")
    expect(public.get_by_role("link", name="Play at table 1")).to_have_count(0)
    # The organiser's desk hands out the table's play link and join code; the table is played to
    # its end (through the API).
    expect(org.locator(".seat-card")).to_contain_text("join code")
    href = org.get_by_role("link", name="Play at table 1").get_attribute("href")
    table_id, token = href.split("/")[2], href.split("/")[4]
    api = public.context.request
    headers = {"Authorization": f"Bearer {token}"}
    state = api.get(f"{live_server.url}/api/tables/{table_id}", headers=headers).json()["state"]
    winner = state["first_player"]
    while not state["over"]:
        owed = state["pending"][0]
        to = winner if winner in owed["to"] else owed["to"][0]
        card = {"value": 0, "kind": "bell_card", "bells": 2} if to == winner else {"value": 0, "kind": "plain"}
        reply = api.post(f"{live_server.url}/api/tables/{table_id}/actions", data={"type": "give", "to": to, "card": card}, headers=headers)
        assert reply.ok, reply.text()
        state = reply.json()["state"]
    winner_name = state["players"][winner]["name"]

    # The big screen shows the finished table and the new standings without a reload.
    expect(screen.locator(".seat-card")).to_contain_text("finished")
    expect(screen.locator("#event-standings tbody tr").first).to_contain_text(winner_name)
    expect(screen.locator("#event-standings tbody tr").first).to_contain_text("3")
    expect(org.locator("#event-round")).to_contain_text("finished")
    csv = org.context.request.get(f"{live_server.url}/api/events/{event_id}/export.csv")
    assert winner_name in csv.text()
    screen_ctx.close()
