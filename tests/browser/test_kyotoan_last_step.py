"""The roll's last step on the phones at 360 px: Psychic Probe asked on its owner's phone, the
one-tap "Final dice: resolve" waiting for it, Herd Culler on the last roll, and the cards a newcomer
met entered as the dice and the energy allow (Camouflage, Made in a Lab, Freeze Time)."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import PHONE
from .helpers import open_on, server_table, wait_for_version
from .taps import assert_on_first_screen, count_taps, taps

pytestmark = pytest.mark.browser
NARROW = {**PHONE, "viewport": {"width": 360, "height": 740}}
MARKET = {"type": "market", "cards": ["background_dweller", "alien_origin", "corner_store"]}


def tap_dice(page, faces):
    for face in faces:
        page.locator(f".dice-entry .face-key[data-face='{face}']").click()


def test_herd_culler_on_the_last_roll_leaves_the_turn_going(live_server, browser):
    table, act = server_table(live_server, "kyotoan", ["Ann", "Bob"], {"first_player": 0})
    energy = {"type": "roll", "faces": ["energy"] * 6}
    act(MARKET, energy, {"type": "resolve"}, {"type": "buy", "card": "corner_store"},
        {"type": "market", "cards": ["herd_culler", "background_dweller", "alien_origin"]},
        {"type": "buy", "card": "herd_culler"}, {"type": "market", "cards": ["heal", "background_dweller", "alien_origin"]},
        {"type": "end_turn"}, {"type": "roll", "faces": ["1", "2", "3", "1", "2", "heart"]}, {"type": "resolve"},
        {"type": "end_turn"})
    page = open_on(browser.new_context(**NARROW), live_server, table)
    tap_dice(page, ["smash", "smash", "1", "1", "2", "3"])
    page.get_by_role("button", name="Enter and roll again").click()  # roll 1 of 3, on the pad
    wait_for_version(page, 12)
    page.locator(".dice-entry .chip").nth(5).click()
    tap_dice(page, ["2"])
    page.get_by_role("button", name="Enter and roll again").click()  # roll 2
    wait_for_version(page, 13)
    page.locator(".dice-entry .chip").nth(5).click()
    tap_dice(page, ["heart"])
    page.get_by_role("button", name="Final dice: resolve").click()  # roll 3, the last
    wait_for_version(page, 14)
    # Herd Culler may change a die: the roll stops there, its resolve in view beside the card.
    resolve = page.get_by_role("button", name="Resolve the dice: ✸ ✸ 1 1 2 ♥")
    expect(resolve).to_be_visible()
    page.get_by_role("button", name="Make it a 1").click()
    resolve = page.get_by_role("button", name="Resolve the dice: 1 ✸ 1 1 2 ♥")
    expect(resolve).to_be_visible()
    resolve.click()
    expect(page.get_by_role("button", name="End Alienoid's turn")).to_be_visible()


def probe_table(live_server):
    """Ann in Kyoto City, Bob owning Psychic Probe: Ann's turn, nothing rolled yet."""
    energy = {"type": "roll", "faces": ["energy"] * 6}
    table, act = server_table(live_server, "kyotoan", ["Ann", "Bob"], {"first_player": 0})
    version = act({"type": "market", "cards": ["psychic_probe", "heal", "tank"]}, energy, {"type": "resolve"},
                  {"type": "end_turn"}, energy, {"type": "resolve"}, {"type": "buy", "card": "psychic_probe"},
                  {"type": "market", "cards": ["background_dweller", "heal", "tank"]}, {"type": "end_turn"})
    return table, act, version


def test_final_dice_wait_for_the_probe_asked_on_its_owners_phone_one_tap_to_pass(live_server, browser):
    table, _, version = probe_table(live_server)
    ann = open_on(browser.new_context(**NARROW), live_server, table, seat=0)
    bob = open_on(browser.new_context(**NARROW), live_server, table, seat=1)
    count_taps(bob)
    tap_dice(ann, ["smash", "smash", "smash", "1", "2", "3"])
    ann.get_by_role("button", name="Final dice: resolve").click()  # roll 1 of 3: it ends the rolling
    wait_for_version(ann, version + 2)
    expect(ann.locator("#history")).to_contain_text("Alienoid (Ann) ends the rolling.")
    expect(ann.locator("#status")).to_contain_text("rolling · Psychic Probe?")
    expect(ann.locator("#controls .waiting")).to_contain_text(
        "Waiting for Bob to decide whether Cyber Kitty rerolls one of Alienoid's dice with Psychic Probe")
    expect(ann.get_by_role("button", name="Resolve the dice: ✸ ✸ ✸ 1 2 3")).to_have_count(0)
    prompt = bob.locator(".probe-prompt")
    expect(prompt.locator("h2")).to_have_text("Cyber Kitty (Bob): Psychic Probe on Alienoid's dice?")
    expect(bob.locator("#cue")).to_contain_text("Bob: a decision waits for you")
    assert_on_first_screen(bob, prompt.get_by_role("button", name="Pass: no reroll"))
    tops = {round(box["y"]) for box in (d.bounding_box() for d in prompt.locator(".die-pick").all())}
    assert len(tops) == 1, "the six dice stand in one row at 360 px"
    prompt.get_by_role("button", name="Pass: no reroll").click()
    wait_for_version(ann, version + 3)
    assert taps(bob) == 1
    expect(ann.locator("#history")).to_contain_text("Cyber Kitty (Bob) passes on Psychic Probe.")
    resolve = ann.get_by_role("button", name="Resolve the dice: ✸ ✸ ✸ 1 2 3")
    expect(resolve).to_be_visible()
    resolve.click()
    expect(ann.locator("#history")).to_contain_text("Alienoid (Ann) smashes Cyber Kitty (Bob) for 3♥.")


def test_the_probe_rerolls_a_die_in_two_taps_and_the_last_roll_asks_by_itself(live_server, browser):
    table, act, version = probe_table(live_server)
    version = act({"type": "roll"}, {"type": "roll"})  # rolls 1 and 2 rerolled unentered
    ann = open_on(browser.new_context(**NARROW), live_server, table, seat=0)
    bob = open_on(browser.new_context(**NARROW), live_server, table, seat=1)
    tap_dice(ann, ["1", "1", "1", "2", "3", "heart"])
    ann.get_by_role("button", name="Final dice: resolve").click()  # the last roll: the question opens
    wait_for_version(ann, version + 1)
    prompt = bob.locator(".probe-prompt")
    count_taps(bob)
    prompt.locator(".die-pick").first.click()  # a 1 of Ann's triple...
    prompt.get_by_role("button", name="rerolled: heart").click()  # ...comes up ♥: the card goes
    wait_for_version(ann, version + 2)
    assert taps(bob) == 2
    expect(ann.locator("#history")).to_contain_text("The reroll is a ♥: Psychic Probe is discarded.")
    ann.get_by_role("button", name="Resolve the dice: ♥ 1 1 2 3 ♥").click()
    expect(ann.locator("#history")).to_contain_text("Alienoid (Ann) resolves ♥ 1 1 2 3 ♥.")


def test_a_seat_never_asked_lets_the_final_dice_resolve_in_one_tap(live_server, browser):
    table, _, version = probe_table(live_server)
    bob = open_on(browser.new_context(**NARROW), live_server, table, seat=1)
    bob.locator("summary", has_text="Psychic Probe settings").click()
    bob.get_by_label("Whose Psychic Probe question").select_option(label="Cyber Kitty, asked")
    bob.get_by_role("button", name="Never ask").click()
    wait_for_version(bob, version + 1)
    expect(bob.get_by_label("Whose Psychic Probe question")).to_contain_text("Cyber Kitty, never asked")
    ann = open_on(browser.new_context(**NARROW), live_server, table, seat=0)
    tap_dice(ann, ["smash", "smash", "heart", "1", "2", "3"])
    ann.get_by_role("button", name="Final dice: resolve").click()
    wait_for_version(ann, version + 3)  # the roll and its resolve in one tap
    expect(bob.locator(".probe-prompt")).to_have_count(0)
    expect(ann.get_by_role("button", name="End Alienoid's turn")).to_be_visible()


def test_camouflage_dice_are_tapped_as_rolled_and_sent_only_when_all_are_in(live_server, browser):
    energy = {"type": "roll", "faces": ["energy"] * 6}
    table, act = server_table(live_server, "kyotoan", ["Ann", "Bob"], {"first_player": 0})
    version = act({"type": "market", "cards": ["camouflage", "heal", "tank"]}, energy, {"type": "resolve"},
                  {"type": "end_turn"}, energy, {"type": "resolve"}, {"type": "buy", "card": "camouflage"},
                  {"type": "market", "cards": ["background_dweller", "heal", "tank"]}, {"type": "end_turn"},
                  {"type": "roll", "faces": ["smash", "smash", "1", "2", "3", "1"]}, {"type": "resolve"})
    bob = open_on(browser.new_context(**NARROW), live_server, table, seat=1)
    form = bob.locator("form.camouflage-prompt")
    expect(form.locator("h2")).to_have_text("Cyber Kitty: Camouflage, roll 2 dice")
    expect(form.locator("select")).to_have_count(0)  # no drop-downs holding faces nobody rolled
    enter = form.get_by_role("button", name="Enter the 2 dice")
    expect(enter).to_be_disabled()
    count_taps(bob)
    form.locator(".face-key[data-face='heart']").click()
    expect(form.locator("[data-count-says]")).to_have_text("Tap 1 more die.")
    expect(enter).to_be_disabled()
    form.locator(".face-key[data-face='2']").click()
    enter.click()
    wait_for_version(bob, version + 1)
    assert taps(bob) == 3
    expect(bob.locator("#history")).to_contain_text("Cyber Kitty (Bob) rolls ♥ 2 for Camouflage: 1♥ cancelled.")
    expect(bob.locator("#history")).to_contain_text("Cyber Kitty (Bob) loses 1♥")


def test_made_in_a_lab_lists_only_what_the_energy_pays_and_is_gone_at_0(live_server, browser):
    table, act = server_table(live_server, "kyotoan", ["Ann", "Bob"], {"first_player": 0})
    version = act({"type": "market", "cards": ["made_in_a_lab", "heal", "tank"]},
                  {"type": "roll", "faces": ["energy"] * 6}, {"type": "resolve"}, {"type": "buy", "card": "made_in_a_lab"},
                  {"type": "market", "cards": ["background_dweller", "heal", "tank"]})
    ann = open_on(browser.new_context(**NARROW), live_server, table, seat=0)
    lab = ann.locator("form.lab-offer")
    lab.locator("summary").click()
    grid = lab.locator(".card-grid button")
    expect(grid.filter(has_text="Corner Store")).to_have_count(1)  # 3ϟ of Ann's 4ϟ
    expect(grid.filter(has_text="Skyscraper")).to_have_count(0)  # 6ϟ: not offered, not "too dear"
    expect(lab).not_to_contain_text("too dear")
    lab.get_by_label("Find the top card by name").fill("corn")
    expect(grid.filter(has_text="Rapid Healing")).to_be_hidden()
    grid.filter(has_text="Corner Store").click()
    wait_for_version(ann, version + 1)
    expect(ann.locator("#history")).to_contain_text("Alienoid (Ann) buys Corner Store")

    table, act = server_table(live_server, "kyotoan", ["Ann", "Bob"], {"first_player": 0})
    act({"type": "market", "cards": ["made_in_a_lab", "heal", "tank"]},
        {"type": "roll", "faces": ["energy", "energy", "1", "2", "3", "1"]}, {"type": "resolve"},
        {"type": "buy", "card": "made_in_a_lab"}, {"type": "market", "cards": ["background_dweller", "heal", "tank"]})
    broke = open_on(browser.new_context(**NARROW), live_server, table, seat=0)  # 0ϟ: nothing to buy
    expect(broke.get_by_role("button", name="End Alienoid's turn")).to_be_visible()
    expect(broke.locator("form.lab-offer")).to_have_count(0)
    expect(broke.get_by_role("button", name="Buy it")).to_have_count(0)


def test_freeze_time_asks_whether_to_take_the_turn(live_server, browser):
    table, act = server_table(live_server, "kyotoan", ["Ann", "Bob"], {"first_player": 0})
    version = act({"type": "market", "cards": ["freeze_time", "heal", "tank"]},
                  {"type": "roll", "faces": ["energy"] * 6}, {"type": "resolve"}, {"type": "buy", "card": "freeze_time"},
                  {"type": "market", "cards": ["background_dweller", "heal", "tank"]}, {"type": "end_turn"},
                  {"type": "roll", "faces": ["1", "2", "3", "1", "2", "3"]}, {"type": "resolve"}, {"type": "end_turn"},
                  {"type": "roll", "faces": ["1", "1", "1", "2", "3", "heart"]}, {"type": "resolve"}, {"type": "end_turn"})
    ann = open_on(browser.new_context(**NARROW), live_server, table, seat=0)
    prompt = ann.locator("form.freeze-prompt")
    expect(prompt.locator("h2")).to_have_text("Alienoid: Freeze Time, another turn?")
    expect(ann.locator("#status")).to_contain_text("another turn?")
    prompt.get_by_role("button", name="No, next monster").click()
    wait_for_version(ann, version + 1)
    expect(ann.locator("#status")).to_contain_text("Bob's turn")
    expect(ann.locator("#history")).to_contain_text("Alienoid (Ann) does not take another turn (Freeze Time).")


def test_keeping_five_dice_says_one_die_again(live_server, browser):
    table, act = server_table(live_server, "kyotoan", ["Ann", "Bob"], {"first_player": 0})
    version = act(MARKET)
    ann = open_on(browser.new_context(**NARROW), live_server, table, seat=0)
    tap_dice(ann, ["1", "1", "1", "2", "2"])
    expect(ann.locator(".dice-entry [data-pad-says]")).to_contain_text("Tap the faces of 1 more die,")
    ann.get_by_role("button", name="Keep these 5, roll 1 again").click()
    wait_for_version(ann, version + 1)
    expect(ann.locator("#history")).to_contain_text("keeps 1 1 1 2 2 and rolls 1 die again.")


def test_the_monster_pickers_at_setup_say_the_names_typed(live_server, browser):
    page = browser.new_context(**NARROW).new_page()
    page.goto(live_server.url + "/")
    page.locator("label[for=game-kyotoan]").click()
    for i, name in enumerate(["Eve", "Hal"]):
        page.locator("input[name=players]").nth(i).fill(name)
    pickers = page.locator(".for-kyotoan [data-monster-slot]")
    expect(pickers.nth(0)).to_contain_text("Eve")
    expect(pickers.nth(1)).to_contain_text("Hal")
    expect(pickers.nth(2)).to_be_hidden()  # nobody typed in slot 3
    expect(page.locator(".for-kyotoan")).not_to_contain_text("Player 1")
    pickers.nth(1).locator("select").select_option("Giga Zaur")
    page.get_by_role("button", name="Create the table").click()
    expect(page.locator("#netstate")).to_have_text("Live")
    expect(page.locator("#board")).to_contain_text("Giga Zaur")


def test_the_market_is_tapped_in_one_tap_a_card_without_typing(live_server, browser):
    table, act = server_table(live_server, "kyotoan", ["Ann", "Bob"], {"first_player": 0})
    page = open_on(browser.new_context(**NARROW), live_server, table)
    count_taps(page)
    grid = page.locator("#market-picker .card-grid")
    names = grid.locator(".name").all_inner_texts()
    assert names == sorted(names), "the cards stand in the order of their names"
    assert grid.evaluate("g => getComputedStyle(g).overflowY") == "visible", "the page scrolls to a card"
    for cid in ("jets", "heal", "wings"):
        page.locator(f"#mk-{cid}").click()
    expect(page.locator("#board .market")).to_contain_text("Wings")
    assert taps(page) == 3  # the fewest the rules allow: one a card, no letters typed
    assert page.locator("#market-picker input[type=search]").input_value() == ""
    version = act({"type": "roll", "faces": ["energy"] * 6}, {"type": "resolve"}, {"type": "buy", "card": "heal"})
    wait_for_version(page, version)
    count_taps(page)
    page.locator("#mk-tank").click()
    expect(page.locator("#board .market")).to_contain_text("Tank")
    assert taps(page) == 1


def test_herd_culler_after_the_probe_answer_and_the_turn_goes_on(live_server, browser):
    # Edition ruling: dice are changed "after any Psychic Probe rerolls": Ann's Herd Culler waits
    # for Bob's answer, then her resolve is in view beside it (never a page stuck without it).
    energy = {"type": "roll", "faces": ["energy"] * 6}
    table, act = server_table(live_server, "kyotoan", ["Ann", "Bob"], {"first_player": 0})
    version = act({"type": "market", "cards": ["herd_culler", "psychic_probe", "heal"]}, energy, {"type": "resolve"},
                  {"type": "buy", "card": "herd_culler"}, {"type": "market", "cards": ["tank", "psychic_probe", "heal"]},
                  {"type": "end_turn"}, energy, {"type": "resolve"}, {"type": "buy", "card": "psychic_probe"},
                  {"type": "market", "cards": ["tank", "jets", "heal"]}, {"type": "end_turn"})
    ann = open_on(browser.new_context(**NARROW), live_server, table, seat=0)
    bob = open_on(browser.new_context(**NARROW), live_server, table, seat=1)
    tap_dice(ann, ["smash", "smash", "1", "1", "2", "3"])
    ann.get_by_role("button", name="Final dice: resolve").click()
    wait_for_version(ann, version + 2)
    expect(ann.get_by_role("button", name="Make it a 1")).to_have_count(0)  # the probe comes first
    bob.locator(".probe-prompt").get_by_role("button", name="Pass: no reroll").click()
    wait_for_version(ann, version + 3)
    expect(ann.get_by_role("button", name="Resolve the dice: ✸ ✸ 1 1 2 3")).to_be_visible()
    ann.get_by_label("Herd Culler: which die").select_option("5")
    ann.get_by_role("button", name="Make it a 1").click()
    resolve = ann.get_by_role("button", name="Resolve the dice: ✸ ✸ 1 1 2 1")
    expect(resolve).to_be_visible()
    resolve.click()
    expect(ann.locator("#history")).to_contain_text("Alienoid (Ann) gains 1★ (3× 1).")
    expect(ann.get_by_role("button", name="End Alienoid's turn")).to_be_visible()
