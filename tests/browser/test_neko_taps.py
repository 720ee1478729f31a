"""Kyoto no Neko at the table, counted in taps: a check with a target is four taps (the
target, the skill following it, the Objective, the die's face, Check) with the sum previewed
against the Objective; nothing is preset, so a check without its die is refused beside the pad
with every tap kept; a bump owed by a seat is one tap on its phone; the pad, the end of the turn
and a seat's decision are on the first screen; a failure asks the next player to apply it; a
seated phone sees its own sheet first and the others on one line each."""
from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from .conftest import PHONE
from .helpers import open_on, server_table, wait_for_version
from .taps import assert_on_first_screen, assert_refusal_beside, count_taps, taps

pytestmark = pytest.mark.browser
SCREENS = [{"width": 390, "height": 844}, {"width": 360, "height": 740}]
# NEKO_SCREENSHOTS=1 saves the seated phone mid-turn to docs/screenshots/ (the pictures in the docs).
SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
# The default sheets: Ann is Orange (agility 2, friendship 1, fighting 1, hunting 0), Bob Blue
# (agility 1, friendship 2, fighting 0, hunting 1), Cho Green.
FRIEND = {"type": "check", "player": 0, "skill": "friendship", "objective": 1, "die": 5, "target": "friend"}


def new_table(live_server, names=("Ann", "Bob", "Cho")):
    """A table made on the server, Ann first, and a way to enter moves as another phone would."""
    return server_table(live_server, "neko", names, {"first_player": 0})


def pad(page):
    return page.locator("#controls form.checkpad")


def tap(page, what):
    """A chip of the check pad: a target (`tg-<target>`; a bike dodge `tg-<player>-bike`), a skill, an Objective, a face."""
    pad(page).locator(f"label[for='{what}']").click()


def test_tap_budget_a_skill_check_with_a_target(live_server, phone):
    table, act = new_table(live_server)
    ann, bob = open_on(phone(), live_server, table, 0), open_on(phone(), live_server, table, 1)
    count_taps(ann)
    tap(ann, "tg-tree")  # the skill follows: a tree is climbed with agility
    expect(pad(ann).locator("#sk-agility")).to_be_checked()
    expect(pad(ann).locator("#sk-hunting")).to_be_disabled()
    tap(ann, "ob-3")
    tap(ann, "die-3")
    expect(pad(ann).locator("[data-preview]")).to_have_text("3 + 2 = 5 vs 3: success")
    pad(ann).get_by_role("button", name="Check").click()
    expect(bob.locator("#history")).to_contain_text("Ann checks agility (2) against 3 for a tree: rolls 3, 5 ≥ 3: success.")
    expect(ann.locator("#controls")).to_contain_text("Ann has done this turn's action")
    assert taps(ann) <= 4, f"{taps(ann)} taps"


def test_tap_budget_a_decision_owed_by_this_phone(live_server, phone):
    table, act = new_table(live_server)
    ann = open_on(phone(), live_server, table, 0)
    other = open_on(phone(), live_server, table)  # the table's phone: Ann answers on her own
    # Ann's second friend at home: the 2nd Home space moves a skill of her choice up.
    version = act(FRIEND, {"type": "end_turn"}, {"type": "end_turn"}, {"type": "end_turn"}, FRIEND)
    wait_for_version(ann, version)
    expect(other.locator("#controls")).to_contain_text("Waiting for Ann to choose a skill")
    button = ann.locator(".bump-prompt").get_by_role("button", name="hunting")
    assert_on_first_screen(ann, button)
    count_taps(ann)
    button.click()
    expect(other.locator("#history")).to_contain_text("Ann moves hunting up to 1 (2nd Home space).")
    assert taps(ann) == 1


@pytest.mark.parametrize("screen", SCREENS, ids=lambda s: f"{s['width']}x{s['height']}")
def test_first_screen_neko(live_server, browser, screen):
    table, act = new_table(live_server)
    contexts = [browser.new_context(**{**PHONE, "viewport": screen}) for _ in range(2)]
    ann, bob = open_on(contexts[0], live_server, table, 0), open_on(contexts[1], live_server, table, 1)

    def on_first_screen(page, *controls):
        page.evaluate("window.scrollTo(0, 0)")
        for control in controls:
            assert_on_first_screen(page, control)

    # The start of a turn: the whole check pad, from its first target to Check.
    on_first_screen(ann, pad(ann), pad(ann).get_by_role("button", name="Check"))
    # Mid-turn: the road crossed, a bike card drawn; still the pad.
    wait_for_version(ann, act({"type": "crossed_road", "player": 0}, {"type": "bike_card", "player": 0}))
    on_first_screen(ann, pad(ann))
    # A failed check: its consequence is asked of the next player (Bob), first on his phone.
    wait_for_version(bob, act({"type": "check", "player": 0, "skill": "hunting", "objective": 6, "die": 1, "target": "bug"}))
    on_first_screen(bob, bob.locator(".consequence"))
    expect(bob.locator(".consequence")).to_contain_text("Bob, apply Ann's failure")
    # The action done: ending the turn.
    on_first_screen(ann, ann.get_by_role("button", name="End Ann's turn"))
    if os.environ.get("NEKO_SCREENSHOTS"):  # Bob's turn, mid-turn: the road crossed, a check being tapped in
        wait_for_version(bob, act({"type": "end_turn", "player": 0}, {"type": "crossed_road", "player": 1}))
        tap(bob, "tg-animal")
        tap(bob, "sk-hunting")
        tap(bob, "ob-4")
        tap(bob, "die-2")
        bob.evaluate("window.scrollTo(0, 0)")
        SHOTS.mkdir(exist_ok=True)
        bob.screenshot(path=str(SHOTS / f"neko-seated-{screen['width']}.png"), scale="css")
        return
    # A seat's decision (a bump owed by Bob's 2nd Home space): on Bob's phone, first.
    version = act({"type": "end_turn"}, {**FRIEND, "player": 1}, {"type": "end_turn"}, {"type": "end_turn"},
                  {"type": "end_turn"}, {**FRIEND, "player": 1})
    wait_for_version(bob, version)
    on_first_screen(bob, bob.locator(".bump-prompt"))
    for context in contexts:
        context.close()


def test_refusal_neko(live_server, phone):
    # Every chip the pad draws is a legal choice, and none is preset: a check tapped without its
    # die is what the rules refuse and a person can still do. The sentence is beside the pad, said
    # to screen readers, and every tap stays; the die then completes the check.
    table, act = new_table(live_server)
    ann = open_on(phone(), live_server, table, 0)
    tap(ann, "tg-animal")
    expect(pad(ann).locator("#sk-hunting")).not_to_be_checked()  # two skills: none chosen for her
    tap(ann, "sk-fighting")
    tap(ann, "ob-2")
    form = pad(ann)
    form.get_by_role("button", name="Check").click()
    assert_refusal_beside(ann, form, "A check needs the face the die shows.")
    for chip in ("tg-animal", "sk-fighting", "ob-2"):
        expect(form.locator(f"#{chip}")).to_be_checked()
    expect(form.locator("[data-face-pad] input:checked")).to_have_count(0)
    tap(ann, "die-X")
    expect(form.locator("[data-preview]")).to_have_text("X vs 2: critical failure")
    form.get_by_role("button", name="Check").click()
    expect(ann.locator("#history")).to_contain_text("Ann checks fighting (1) against 2 for an animal: rolls X, a critical failure: failure.")


def test_own_sheet_first_the_others_on_one_line_and_a_growth_is_one_history_line(live_server, phone):
    table, act = new_table(live_server)
    bob = open_on(phone(), live_server, table, 1)
    sheets = bob.locator("#board article.kitten")
    expect(sheets.first).to_have_attribute("data-player", "1")
    expect(sheets.first.locator(".track")).to_have_count(4)
    expect(bob.locator("#board details[data-sheet]")).to_have_count(2)
    for closed in bob.locator("#board details[data-sheet]").all():
        expect(closed).not_to_have_attribute("open", "")
    ann_sheet = bob.locator("#board details[data-sheet='0']")
    ann_sheet.locator("summary").click()
    expect(bob.locator("#board article[data-player='0'] .track[aria-label^=agility]")).to_be_visible()
    # Ann's two missions reach Growth space 1 at the end of her turn: five bumps for each kitten.
    version = act({"type": "crossed_road", "player": 0}, {"type": "check", "player": 0, "skill": "agility", "objective": 3, "die": 5, "target": "tree"},
                  {"type": "end_turn"})
    wait_for_version(bob, version)
    expect(ann_sheet).to_have_attribute("open", "")  # a sheet opened stays open when the board is redrawn
    prompt = bob.locator(".bump-prompt", has_text="Bob: move 5 skills up")  # (Ann and Cho hold no seat: any phone answers theirs)
    count_taps(bob)
    for _ in range(4):
        prompt.get_by_role("button", name="friendship").click()
    expect(prompt.locator("[data-picks]")).to_contain_text("friendship, friendship, friendship, friendship (1 more)")
    prompt.get_by_role("button", name="hunting").click()
    expect(bob.locator("#history li").first).to_contain_text("Bob moves friendship up to 6, hunting up to 2 (Growth 1).")
    assert taps(bob) == 5
    expect(bob.locator("#history li", has_text="Bob moves")).to_have_count(1)
