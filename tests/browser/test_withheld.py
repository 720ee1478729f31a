"""A control the rules switch off says why beside it, on a 360 px phone: in Gangs
of Kyoto the "Give to" button of a player who had this turn's card, in Kyoto no Neko the skills a
check's target does not take, in Boss Kito the placing of tokens before any card is played. Each
reason is visible, legible (12 px or more), next to its control, and named by it for screen readers."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import PHONE
from .helpers import open_on, server_table, submit
from .test_journeys import tile

pytestmark = pytest.mark.browser
SMALL = {**PHONE, "viewport": {"width": 360, "height": 740}}


def assert_legible(reason, sentence):
    """`reason` is visible, says `sentence`, at 12 px or larger, and lies on the screen."""
    expect(reason).to_be_visible()
    expect(reason).to_contain_text(sentence)
    size = reason.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
    assert size >= 12, f"the reason is {size} px"
    reason.scroll_into_view_if_needed()
    said = reason.bounding_box()
    assert 0 <= said["y"] and said["y"] + said["height"] <= reason.page.viewport_size["height"], "the reason is on screen"


def assert_beside(near, reason):
    """`reason` starts within 80 px of the bottom of `near` (and not above its top)."""
    at, said = near.bounding_box(), reason.bounding_box()
    assert at["y"] <= said["y"] <= at["y"] + at["height"] + 80, f"beside {at}, the reason at {said}"


def assert_reason_beside(page, control, sentence):
    """The switched-off `control` names (aria-describedby) a legible reason beside it."""
    expect(control).to_be_disabled()
    reason = page.locator("#" + control.get_attribute("aria-describedby"))
    assert_legible(reason, sentence)
    assert_beside(control, reason)


def test_gangs_says_why_a_player_cannot_receive_another_card(live_server, browser):
    table, act = server_table(live_server, "gangs", ("Ann", "Bob", "Cy"), {"first_player": 0})
    page = open_on(browser.new_context(**SMALL), live_server, table, 0)
    tile(page, 3).click()
    submit(page, page.get_by_role("button", name="Give to Bob", exact=True))
    # Bob's button stays in its place, switched off (no button slides under the finger), naming
    # the rulebook's sentence under the row of recipients.
    row = page.locator("#controls .gto").first
    assert_reason_beside(page, row.get_by_role("button", name="Give to Bob", exact=True),
                         "Bob has already been given a card: they cannot receive another one this turn!")
    expect(row.get_by_role("button", name="Give to Cy", exact=True)).to_be_enabled()


def test_neko_says_why_a_skill_is_switched_off_for_the_tapped_target(live_server, browser):
    table, act = server_table(live_server, "neko", ("Ann", "Bob"), {"first_player": 0})
    page = open_on(browser.new_context(**SMALL), live_server, table, 0)
    expect(page.locator("#why-skill-bug")).to_be_hidden()  # nothing said before a target is tapped
    page.locator("label[for=tg-bug]").click()
    fighting = page.locator("#sk-fighting")
    expect(fighting).to_have_attribute("aria-describedby", "why-skill-bug")
    # The radio itself is drawn as its label: the reason sits beside that label.
    expect(fighting).to_be_disabled()
    assert_legible(page.locator("#why-skill-bug"), "A bug is hunted: a Hunting check.")
    assert_beside(page.locator("label[for=sk-fighting]"), page.locator("#why-skill-bug"))
    expect(page.locator("#why-skill-bug")).to_contain_text("Hunt a bug: this Mission is achieved")
    # Another target: its own reason replaces the bug's.
    page.locator("label[for=tg-tree]").click()
    expect(page.locator("#why-skill-bug")).to_be_hidden()
    expect(page.locator("#why-skill-tree")).to_be_visible()
    expect(page.locator("#sk-hunting")).to_have_attribute("aria-describedby", "why-skill-tree")


def test_boss_kito_says_before_a_card_is_played_that_tokens_go_on_played_cards(live_server, browser):
    table, act = server_table(live_server, "bosskito", ("Ann", "Bob"), {"first_player": 0})
    act({"type": "reveal", "row": [9, 8, 7, 6, 5]})
    page = open_on(browser.new_context(**SMALL), live_server, table, 0)
    # Before any card is played: where the placing of tokens comes, the reason it is not yet offered.
    label = page.locator(".turn-card .label", has_text="Place tokens on your cards")
    assert_legible(page.locator("#why-place"), "Tokens go on banana cards already played: Ann has none on the table yet.")
    assert_beside(label, page.locator("#why-place"))
    expect(page.locator("#why-place")).to_contain_text("b) place 1 or 2 banana tokens on already played banana cards")


def test_kyotoan_says_why_market_cards_have_no_buy_button_and_the_sweep_is_missing(live_server, browser):
    table, act = server_table(live_server, "kyotoan", ("Ann", "Bob", "Cy"), {"first_player": 0})
    act({"type": "market", "cards": ["corner_store", "energize", "acid_attack"]})
    act({"type": "roll", "faces": ["1", "2", "3", "heart", "heart", "energy"]})
    act({"type": "resolve"})
    page = open_on(browser.new_context(**SMALL), live_server, table, 0)
    # 1ϟ: no card can be bought and no sweep paid; where their buttons would be, the engine says why.
    expect(page.get_by_role("button", name="Sweep the market (2ϟ)")).to_have_count(0)
    assert_legible(page.locator("#why-buy"), "Alienoid (Ann) has 1ϟ: Corner Store costs 3ϟ, Energize costs 8ϟ and Acid Attack costs 6ϟ.")
    assert_legible(page.locator("#why-sweep"), "a sweep costs 2ϟ. Buy any you can afford, or pay 2ϟ to sweep all three")
    assert_beside(page.locator("#why-buy"), page.locator("#why-sweep"))
    page.screenshot(path="/tmp/kyotoan_market_closed.png")
