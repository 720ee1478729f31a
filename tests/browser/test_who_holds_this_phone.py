"""A play page asks at its top who holds this phone until it is told: a player
("I am Ann": that player's hidden information and decisions), or the table's shared phone, passed
around, which answers for every player without a phone of their own. Told once, the phone is not
asked again, a reload included; and a decision owed to a player without a phone finds the shared
phone wherever its page is scrolled, as it finds a player's own phone (test_decision_in_view.py)."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import PHONE
from .helpers import server_table, wait_for_version
from .taps import assert_on_first_screen
from .test_decision_in_view import MARKET, NOTHING, SPIES, at_the_bottom, in_viewport, moved, settled

pytestmark = pytest.mark.browser
SMALL = {**PHONE, "viewport": {"width": 360, "height": 740}}


def first_visit(browser, live_server, table):
    context = browser.new_context(**SMALL)
    context.add_init_script(SPIES)
    page = context.new_page()
    page.goto(f"{live_server.url}/t/{table.id}/play/{table.record['play_token']}")
    expect(page.locator("#netstate")).to_have_text("Live")
    return context, page


def asked(page):
    return page.locator("#seat.who")


def test_the_play_page_asks_first_who_holds_the_phone_and_stops_once_ann_says(live_server, browser):
    table, _ = server_table(live_server, "gangs", ["Ann", "Bob", "Cy"], {"first_player": 0})
    context, page = first_visit(browser, live_server, table)
    question = asked(page)
    expect(question.get_by_role("heading")).to_have_text("Who holds this phone?")
    assert page.evaluate("document.getElementById('seat').compareDocumentPosition(document.getElementById('controls'))") & 4, \
        "asked before the controls"
    for name in ("I am Ann", "I am Bob", "I am Cy", "Shared phone"):
        assert_on_first_screen(page, question.get_by_role("button", name=name, exact=True))
    question.get_by_role("button", name="I am Ann", exact=True).click()
    expect(page.locator("header .you")).to_have_text("You are Ann")
    expect(asked(page)).to_have_count(0)
    expect(page.locator("#seat")).to_contain_text("This phone is Ann's seat")
    page.reload()
    expect(asked(page)).to_have_count(0)
    # Leaving the seat hands the phone on: the next holder is asked again.
    page.get_by_role("button", name="Leave this seat").click()
    expect(asked(page)).to_have_count(1)
    context.close()


def test_the_shared_phone_is_asked_no_more_and_answers_a_decision_of_a_player_without_a_phone(live_server, browser):
    table, act = server_table(live_server, "kyotoan", ["Ann", "Ben", "Cat"], {"first_player": 1})
    act({"type": "market", "cards": MARKET}, {"type": "roll", "faces": NOTHING}, {"type": "resolve"}, {"type": "end_turn"})
    context, page = first_visit(browser, live_server, table)
    title = page.title()
    asked(page).get_by_role("button", name="Shared phone", exact=True).click()
    expect(asked(page)).to_have_count(0)
    expect(page.locator("[data-shared]")).to_have_count(1)
    expect(page.locator("#seat")).to_contain_text("This is the table's shared phone")
    page.reload()
    expect(asked(page)).to_have_count(0)
    expect(page.locator("#netstate")).to_have_text("Live")

    at_the_bottom(page)
    wait_for_version(page, act({"type": "roll", "faces": ["smash"] + NOTHING[1:]}, {"type": "resolve"}))
    prompt = page.locator("#controls form.yield-prompt")  # Ben has no phone: the shared phone answers
    expect(prompt).to_have_class("card yield-prompt pinned")
    settled(prompt)
    assert in_viewport(page, prompt.get_by_role("button", name="Yield", exact=True))
    assert moved(page) == []
    expect(page).to_have_title(f"Your decision: {prompt.locator('h2').inner_text()} · {title}")
    expect(page.locator("#cue")).to_contain_text("A decision waits on this phone")
    assert page.evaluate("window.__buzz") == [150]
    context.close()
