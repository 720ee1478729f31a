"""Last Kyotoan Standing at the table, counted in taps (issue: an ordinary turn in a few taps)."""
from __future__ import annotations

import json
import urllib.request

import pytest
from playwright.sync_api import expect

from .conftest import PHONE
from .taps import assert_on_first_screen, assert_refusal_beside, count_taps, taps

pytestmark = pytest.mark.browser
MARKET = ["background_dweller", "alien_origin", "corner_store"]


def call(base, path, body, token=None):
    headers = {"Content-Type": "application/json", **({"Authorization": f"Bearer {token}"} if token else {})}
    req = urllib.request.Request(base + path, data=json.dumps(body).encode(), headers=headers)
    with urllib.request.urlopen(req, timeout=5) as resp:
        return json.loads(resp.read())


def table_on_phone(base, context, actions=()):
    """A two-monster table with its market tapped in (and `actions` played), open on a phone."""
    table = call(base, "/api/tables", {"game": "kyotoan", "players": ["Ann", "Bob"], "options": {"first_player": 0}})
    for action in ({"type": "market", "cards": MARKET}, *actions):
        call(base, f"/api/tables/{table['id']}/actions", action, table["token"])
    page = context.new_page()
    page.goto(table["urls"]["play"])
    expect(page.locator("#netstate")).to_have_text("Live")
    return table, page


def tap_dice(page, faces):
    pad = page.locator(".dice-entry")
    for face in faces:
        pad.locator(f".face-key[data-face='{face}']").click()


def wait_for_version(page, version):
    expect(page.locator("#status")).to_have_attribute("data-version", str(version))


def test_tap_budget_a_turn_entering_only_the_final_dice(live_server, phone):
    table, page = table_on_phone(live_server.url, phone())
    count_taps(page)
    tap_dice(page, ["smash", "smash", "smash", "1", "2", "3"])
    page.get_by_role("button", name="Final dice: resolve").click()
    wait_for_version(page, 3)  # the roll and its resolution, from one tap
    expect(page.locator("#history")).to_contain_text("Alienoid (Ann) enters Kyoto City.")
    page.get_by_role("button", name="End Alienoid's turn").click()
    expect(page.locator("#status")).to_contain_text("Bob's turn")
    assert taps(page) <= 8, f"{taps(page)} taps"


def test_tap_budget_buy_a_card_and_refill_the_market(live_server, phone):
    energy = ["energy"] * 6
    table, page = table_on_phone(live_server.url, phone(), [{"type": "roll", "faces": energy}, {"type": "resolve"}])
    count_taps(page)
    page.get_by_role("button", name="Buy Background Dweller (4ϟ)").click()
    picker = page.locator(".card-picker")
    picker.get_by_label("Find a card by name").fill("ac")
    expect(picker.locator("[data-card='acid_attack']")).to_be_visible()
    expect(picker.locator("[data-card='heal']")).to_be_hidden()
    picker.locator("[data-card='acid_attack']").click()
    expect(page.locator("#board .market")).to_contain_text("Acid Attack")
    assert taps(page) <= 3, f"{taps(page)} taps"


def test_the_dice_of_the_last_roll_are_carried_and_a_tap_takes_one_back(live_server, phone):
    table, page = table_on_phone(live_server.url, phone())
    tap_dice(page, ["smash", "smash", "heart", "1", "2", "3"])
    page.get_by_role("button", name="Enter and roll again").click()
    wait_for_version(page, 2)
    chips = page.locator(".dice-entry .chip")
    expect(chips).to_have_count(6)
    chips.nth(5).click()  # the 3 is rerolled
    expect(chips).to_have_count(5)
    expect(page.get_by_role("button", name="Final dice: resolve")).to_be_disabled()
    tap_dice(page, ["smash"])
    page.get_by_role("button", name="Final dice: resolve").click()
    wait_for_version(page, 4)
    expect(page.locator("#history")).to_contain_text("rolls ✸ ✸ ♥ 1 2 ✸ (roll 2 of 3)")


@pytest.mark.parametrize("size", [(390, 844), (360, 740)])
def test_first_screen_kyotoan(live_server, browser, size):
    context = browser.new_context(**{**PHONE, "viewport": {"width": size[0], "height": size[1]}})
    table, page = table_on_phone(live_server.url, context)
    for control in (page.locator(".face-key[data-face='smash']"), page.get_by_role("button", name="Final dice: resolve")):
        assert_on_first_screen(page, control)
    tap_dice(page, ["1", "1", "2", "2", "3", "energy"])
    page.get_by_role("button", name="Final dice: resolve").click()
    wait_for_version(page, 3)
    assert_on_first_screen(page, page.get_by_role("button", name="End Alienoid's turn"))
    context.close()


def test_refusal_kyotoan(live_server, phone):
    # Background Dweller's free roll past the allowance rerolls only 3s: any other change is refused,
    # said beside the pad, and the dice entered stay as they were.
    three_rolls = [{"type": "roll", "faces": ["energy"] * 6}] * 3
    actions = [*three_rolls, {"type": "resolve"}, {"type": "buy", "card": "background_dweller"},
               {"type": "market", "cards": ["heal", "alien_origin", "corner_store"]}, {"type": "end_turn"},
               {"type": "roll", "faces": ["1", "1", "2", "2", "3", "energy"]}, {"type": "resolve"}, {"type": "end_turn"},
               {"type": "roll", "faces": ["1", "1", "2", "2", "3", "3"]}, {"type": "roll", "faces": ["1", "1", "2", "2", "3", "3"]},
               {"type": "roll", "faces": ["1", "1", "2", "2", "3", "3"]}]
    table, page = table_on_phone(live_server.url, phone(), actions)
    chips = page.locator(".dice-entry .chip")
    expect(chips).to_have_count(6)
    chips.nth(0).click()  # a 1 taken back: not a 3, so this roll is not free
    tap_dice(page, ["smash"])
    form = page.locator("form.dicepad")
    form.get_by_role("button", name="Final dice: resolve").click()
    assert_refusal_beside(page, form, "has used all 3 rolls")
    expect(chips).to_have_count(6)
    assert [chips.nth(i).inner_text() for i in range(6)] == ["1", "2", "2", "3", "3", "✸"]
