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
    page.get_by_role("button", name="Shared phone", exact=True).click()  # the page's first question, once
    expect(page.locator("#netstate")).to_have_text("Live")
    return table, page


def tap_dice(page, faces):
    pad = page.locator(".dice-entry")
    for face in faces:
        pad.locator(f".face-key[data-face='{face}']").click()


def wait_for_version(page, version):
    expect(page.locator("#status")).to_have_attribute("data-version", str(version))


def final_dice_then_end(page, faces, version):
    """Tap the final dice, 'Final dice: resolve' (Ann's smashes take Kyoto City), then end the turn."""
    tap_dice(page, faces)
    page.get_by_role("button", name="Final dice: resolve").click()
    wait_for_version(page, version)
    expect(page.locator("#history")).to_contain_text("Alienoid (Ann) enters Kyoto City.")
    page.get_by_role("button", name="End Alienoid's turn").click()
    expect(page.locator("#status")).to_contain_text("Bob's turn")


def test_tap_budget_a_turn_entering_only_the_final_dice(live_server, phone):
    table, page = table_on_phone(live_server.url, phone())
    count_taps(page)
    final_dice_then_end(page, ["smash", "smash", "smash", "1", "2", "3"], 3)  # roll and resolve: one tap
    assert taps(page) <= 8, f"{taps(page)} taps"


def test_tap_budget_a_turn_of_three_rolls_of_six_dice_resolve_and_end(live_server, phone):
    # Rolls 1 and 2 are rerolled at the table: one tap each says so; the third roll's dice resolve.
    table, page = table_on_phone(live_server.url, phone())
    count_taps(page)
    for n in (1, 2):
        page.get_by_role("button", name=f"Rolling again: skip entering roll {n}").click()
        wait_for_version(page, 1 + n)
    expect(page.get_by_role("button", name="Rolling again: skip entering roll 3")).to_have_count(0)
    final_dice_then_end(page, ["smash", "smash", "heart", "energy", "3", "3"], 5)
    expect(page.locator("#history")).to_contain_text("rolls ✸ ✸ ♥ ϟ 3 3 (roll 3 of 3)")
    assert taps(page) <= 10, f"{taps(page)} taps"


def test_the_phone_that_acts_morphs_the_change_in_and_keeps_what_is_tapped_meanwhile(live_server, phone):
    # The reply and the live push carry the same table, whichever comes first: the pad is morphed
    # in place (the same element, so focus and scroll stay), and the dice tapped meanwhile stay.
    table, page = table_on_phone(live_server.url, phone())
    page.evaluate("""() => {
      window.__pushes = 0;
      document.addEventListener("htmx:wsAfterMessage", () => window.__pushes++);
    }""")
    page.get_by_role("button", name="Rolling again: skip entering roll 1").click()
    wait_for_version(page, 2)
    page.evaluate("() => { window.__pad = document.querySelector('.dice-entry'); }")
    tap_dice(page, ["smash", "heart"])
    page.wait_for_function("window.__pushes >= 1")  # the push of version 2 has come too
    page.wait_for_timeout(300)
    assert page.evaluate("document.querySelector('.dice-entry') === window.__pad")
    expect(page.locator(".dice-entry .chip")).to_have_count(2)


def test_tap_budget_buy_a_card_and_refill_the_market(live_server, phone):
    energy = ["energy"] * 6
    table, page = table_on_phone(live_server.url, phone(), [{"type": "roll", "faces": energy}, {"type": "resolve"}])
    count_taps(page)
    page.get_by_role("button", name="Buy Background Dweller (4ϟ)").click()
    picker = page.locator(".card-picker")
    picker.get_by_label("Find a card by name").fill("ac")
    expect(picker.locator("#mk-acid_attack")).to_be_visible()
    expect(picker.locator("#mk-heal")).to_be_hidden()
    picker.locator("#mk-acid_attack").click()
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


def test_tap_budget_three_rolls_keeping_dice_between_them_a_buy_and_the_end(live_server, phone):
    # The same turn took 20 taps (each roll entered whole: 7, then 2 dice taken
    # back and 2 tapped in with "Enter and roll again": 5, the same and "Final dice": 5, buy,
    # market, end: 3). Only the dice kept are entered now: the dice rolled again never were needed.
    table, page = table_on_phone(live_server.url, phone())
    count_taps(page)
    says = page.locator(".dice-entry [data-pad-says]")
    expect(says).to_contain_text("Tap the face of each die you keep")
    tap_dice(page, ["1", "1", "energy", "energy"])  # roll 1: the two others are rolled again
    expect(says).to_contain_text("Tap the faces of 2 more dice, or keep these 4 and roll the others again")
    page.get_by_role("button", name="Keep these 4, roll 2 again").click()
    wait_for_version(page, 2)
    expect(page.locator("#history")).to_contain_text("Alienoid (Ann) rolls (roll 1 of 3), keeps 1 1 ϟ ϟ and rolls 2 dice again.")
    chips = page.locator(".dice-entry .chip")
    expect(chips).to_have_count(4)
    tap_dice(page, ["1", "3"])  # roll 2's two dice
    expect(says).to_contain_text("All 6 dice entered")
    chips.nth(5).click()  # the 3 and a ϟ are rolled again
    chips.nth(3).click()
    page.get_by_role("button", name="Keep these 4, roll 2 again").click()
    wait_for_version(page, 3)
    tap_dice(page, ["energy", "energy"])  # roll 3, the last: these resolve
    page.get_by_role("button", name="Final dice: resolve").click()
    wait_for_version(page, 5)
    expect(page.locator("#history")).to_contain_text("rolls 1 1 ϟ 1 ϟ ϟ (roll 3 of 3)")
    page.get_by_role("button", name="Buy Corner Store (3ϟ)").click()
    page.locator(".card-picker #mk-heal").click()
    expect(page.locator("#board .market")).to_contain_text("Heal")
    page.get_by_role("button", name="End Alienoid's turn").click()
    expect(page.locator("#status")).to_contain_text("Bob's turn")
    assert taps(page) <= 16, f"{taps(page)} taps"


def test_old_dice_cannot_be_resolved_while_new_ones_are_entered(live_server, phone):
    # "Resolve the dice: …" (the last roll's) stayed under the pad while its dice
    # were changed; one tap resolved them and dropped what was being entered.
    table, page = table_on_phone(live_server.url, phone(), [{"type": "roll", "faces": ["1", "1", "3", "smash", "smash", "energy"]}])
    old = page.get_by_role("button", name="Resolve the dice: 1 1 3 ✸ ✸ ϟ")
    says = page.locator(".dice-entry [data-pad-says]")
    expect(old).to_be_visible()
    expect(says).to_have_text("These are the last roll's dice: resolve them below, or tap each die you roll again to take it back.")
    expect(page.get_by_role("button", name="Final dice: resolve")).to_be_hidden()  # it would roll them again
    page.locator(".dice-entry .chip").nth(2).click()  # the 3 is rolled again
    expect(old).to_be_hidden()
    expect(says).to_contain_text("Tap the faces of 1 more die,")
    tap_dice(page, ["smash"])
    expect(old).to_be_hidden()
    expect(says).to_contain_text("All 6 dice entered: resolve them or enter them and roll again")
    page.get_by_role("button", name="Final dice: resolve").click()
    wait_for_version(page, 4)
    expect(page.locator("#history")).to_contain_text("resolves 1 1 ✸ ✸ ϟ ✸.")


def test_a_smash_that_eliminates_a_monster_either_way_asks_no_phone(live_server, phone):
    # Ann, in Kyoto City at 4♥, falls to Bob's 6✸ whether she yields or stays:
    # the smash lands at once and the history says why nobody was asked.
    smash = {"type": "roll", "faces": ["smash"] * 6}
    actions = [{"type": "roll", "faces": ["1", "2", "3", "1", "2", "3"]}, {"type": "resolve"}, {"type": "end_turn"},
               smash, {"type": "resolve"}, {"type": "yield", "player": 0, "yield": False}, {"type": "end_turn"},
               {"type": "roll", "faces": ["1", "2", "3", "1", "2", "3"]}, {"type": "resolve"}, {"type": "end_turn"}]
    table, page = table_on_phone(live_server.url, phone(), actions)
    tap_dice(page, ["smash"] * 6)
    page.get_by_role("button", name="Final dice: resolve").click()
    expect(page.locator("#history")).to_contain_text(
        "Alienoid (Ann) is not asked to yield: the smash eliminates it whether it yields or stays.")
    expect(page.locator("#history")).to_contain_text("Cyber Kitty (Bob) is the Last Kyotoan Standing!")
    expect(page.locator(".yield-prompt")).to_have_count(0)
