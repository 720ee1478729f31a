"""The organiser's desk in a phone's browser: nothing reloads the page or
scrolls it back to the top; two taps swap two seats; a result is tapped in finishing order, ties
included; a correction asks first."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.test_event_journey import patient  # noqa: F401 (an autouse fixture: 10 s assertions)

pytestmark = pytest.mark.browser


def open_desk(phone, base, names):
    """A new night (Gangs of Kyoto, 2 rounds) with `names` registered, on a phone's desk."""
    org = phone().new_page()
    org.goto(base + "/events/new")
    org.get_by_label("Name").fill("Desk night")
    org.get_by_label("Gangs of Kyoto (2–5)").check()
    org.get_by_label("Rounds").fill("2")
    org.get_by_role("button", name="Create the event").click()
    org.get_by_label("Register (one name per line, or a pasted list)").fill(names)
    org.get_by_role("button", name="Register").click()
    expect(org.locator(".roster li")).to_have_count(len(names.split("\n")))
    expect(org.locator("#netstate")).to_have_text("Live")
    return org


def stays(page):
    """Mark the page, so a reload (which would drop the mark) is noticed."""
    page.evaluate("window.__kept = true")


def kept(page) -> bool:
    return page.evaluate("window.__kept === true")


def seats(page) -> list[list[str]]:
    return page.locator(".seat-card").evaluate_all(
        "cards => cards.map(c => [...c.querySelectorAll('.seat-list li button, .seat-list li .name')].map(b => b.textContent.trim()))")


def test_the_desk_swaps_by_tapping_two_names_and_enters_a_tied_result_by_tapping_without_reloading(live_server, phone):
    org = open_desk(phone, live_server.url, "1. Aiko\n2. Botan\n3. Chika\n4. Daichi\n5. Emi\n6. Fumi\n7. Goro\n8. Hana")
    expect(org.locator(".roster li")).to_have_count(8)
    stays(org)
    org.get_by_role("button", name="Seat the players").click()
    expect(org.locator(".seat-card")).to_have_count(2)
    expect(org.locator(".seat-card").first).to_contain_text("seat 1")
    before = seats(org)
    a, b = before[0][0], before[1][2]

    # Swap: tap a name at table 1, then one at table 2.
    org.evaluate("window.scrollTo(0, 400)")
    org.locator(f'button.swap-name[data-swap="{a}"]').click()
    expect(org.locator(".swap-hint")).to_contain_text(f"{a} picked")
    org.locator(f'button.swap-name[data-swap="{b}"]').click()
    expect(org.locator(".seat-card").nth(1).locator(".seat-list")).to_contain_text(a)
    after = seats(org)
    assert after[0][0] == b and after[1][2] == a
    assert kept(org) and org.evaluate("window.scrollY") > 100, "no reload, no jump to the top"

    # A result by taps: second-seated first, then a tie for second, then the last.
    card = org.locator(".seat-card").first
    card.get_by_text("Played without the app? Enter the result").click()
    names = after[0]
    save = card.get_by_role("button", name="Enter the result of table 1")
    expect(save).to_be_disabled()
    card.locator(f'[data-tap-name="{names[1]}"]').click()
    card.locator(f'[data-tap-name="{names[0]}"]').click()
    card.get_by_role("button", name="Tie with the last").click()
    card.locator(f'[data-tap-name="{names[3]}"]').click()
    card.locator(f'[data-tap-name="{names[2]}"]').click()
    expect(card.locator(".tap-order")).to_have_text(f"1st {names[1]} · 2nd {names[0]} · 2nd {names[3]} · 4th {names[2]}")
    save.click()
    expect(card.locator("ol.places")).to_contain_text(f"2nd {names[0]}")
    expect(card.locator("ol.places li")).to_have_count(4)
    expect(org.locator("#event-history")).to_contain_text("Table 1 of round 1: result")
    assert kept(org)

    # A correction asks first, at the bottom of the screen, and the answer "keep" changes nothing.
    result = org.locator("#event-results .result").first
    result.get_by_text("Correct this result").click()
    result.get_by_label(f"corrected place of {names[2]}").select_option("1")
    result.get_by_label(f"corrected place of {names[1]}").select_option("4")
    result.get_by_role("button", name="Correct…").click()
    confirm = org.locator("#event-confirm")
    expect(confirm).to_be_visible()
    expect(confirm).to_contain_text(f"New: 1st {names[2]}")
    confirm.get_by_role("button", name="Keep the result as it is").click()
    expect(confirm).to_be_hidden()
    expect(card.locator("ol.places li").first).to_contain_text(names[1])
    result.get_by_label(f"corrected place of {names[2]}").select_option("1")  # the form was drawn afresh
    result.get_by_label(f"corrected place of {names[1]}").select_option("4")
    result.get_by_role("button", name="Correct…").click()
    confirm.get_by_role("button", name="Yes, replace it").click()
    expect(card.locator("ol.places li").first).to_contain_text(names[2])
    expect(org.locator("#event-history")).to_contain_text("corrected")
    assert kept(org)

    # A refusal is said in the strip at the bottom, naming the table.
    org.get_by_label("Register (one name per line, or a pasted list)").fill("aiko")
    org.get_by_role("button", name="Register").click()
    expect(org.locator("#flash")).to_contain_text("Aiko is already registered")
    assert kept(org)


def test_what_the_organiser_is_typing_or_choosing_outlives_a_live_push(live_server, phone):
    org = open_desk(phone, live_server.url, "Aiko\nBotan\nChika\nDaichi")
    event_id = org.url.split("/e/")[1].split("/")[0]
    org.get_by_label("Register (one name per line, or a pasted list)").fill("Emi\nFumi")
    org.get_by_label("Gangs of Kyoto").uncheck()
    org.get_by_label("Name of the other desk (optional)").fill("Laptop")
    # Another desk registers a player meanwhile: this desk is pushed its regions afresh.
    service = live_server.app.extensions["companion.events"]
    service.register(event_id, service.get(event_id)["token"], ["Goro"])
    expect(org.locator(".roster li")).to_have_count(5)
    expect(org.get_by_label("Register (one name per line, or a pasted list)")).to_have_value("Emi\nFumi")
    expect(org.get_by_label("Gangs of Kyoto")).not_to_be_checked()
    expect(org.get_by_label("Name of the other desk (optional)")).to_have_value("Laptop")
    org.get_by_role("button", name="Register").click()
    expect(org.locator(".roster li")).to_have_count(7)
    expect(org.get_by_label("Register (one name per line, or a pasted list)")).to_have_value("")
