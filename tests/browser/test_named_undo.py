"""Two phones at one table, Ann's and Ben's: Ben's phone taps Undo on Ann's
move and is asked first, on the page; once he says yes both phones read "Ben's phone undid: …";
Ann undoing her own move is not asked; a redo says whose phone redid it; Last Kyotoan Standing's
"Final dice: resolve" is undone as one tap, named as one."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .helpers import enter_dice, open_on, server_table, submit

pytestmark = pytest.mark.browser


def give(page, to, value="3"):
    """Ann's or Ben's phone gives a plain card of `value` (Gangs of Kyoto)."""
    page.locator(f"#controls label[for=card-plain-0-{value}]").click()
    submit(page, page.get_by_role("button", name=f"Give to {to}", exact=True))


def test_bens_phone_asks_before_undoing_anns_move_then_both_read_who_undid_and_redid_it(live_server, phone):
    table, _ = server_table(live_server, "gangs", ["Ann", "Ben", "Cat"], {"first_player": 0})
    ann = open_on(phone(), live_server, table, seat=0)
    ben = open_on(phone(), live_server, table, seat=1)
    give(ann, "Cat")
    expect(ben.locator("#history")).to_contain_text("Ann gives a 3 to Cat.")

    ben.get_by_role("button", name="↶ Undo").click()
    ask = ben.get_by_role("alertdialog")
    expect(ask).to_contain_text("Undo Ann's move?")
    expect(ask).to_contain_text("entered on Ann's phone")
    expect(ask).to_be_focused()
    assert ben.locator("#status").get_attribute("data-version") == "1", "asking changes nothing"
    ask.get_by_role("link", name="Keep it").click()  # put away: nothing changes
    expect(ben.get_by_role("alertdialog")).to_have_count(0)
    assert ben.locator("#status").get_attribute("data-version") == "1"

    ben.get_by_role("button", name="↶ Undo").click()
    submit(ben, ben.get_by_role("alertdialog").get_by_role("button", name="Yes, undo Ann's move"))
    for p in (ann, ben):
        expect(p.locator("#controls .undone")).to_have_text("Ben's phone undid: Ann gives a 3 to Cat.")
        expect(p.locator("#history .undone")).to_have_text("Ben's phone undid: Ann gives a 3 to Cat.")
    expect(ann.locator("#news")).to_contain_text("Ben's phone undid: Ann gives a 3 to Cat.")

    submit(ann, ann.get_by_role("button", name="↷ Redo"))
    for p in (ann, ben):
        expect(p.locator("#controls .undone")).to_have_text("Ann's phone redid: Ann gives a 3 to Cat.")
    expect(ben.locator("#news")).to_contain_text("Ann's phone redid: Ann gives a 3 to Cat.")

    # Ann undoes her own move: at once, no question.
    submit(ann, ann.get_by_role("button", name="↶ Undo"))
    expect(ann.get_by_role("alertdialog")).to_have_count(0)
    expect(ben.locator("#controls .undone")).to_have_text("Ann's phone undid: Ann gives a 3 to Cat.")


def test_the_final_dice_tap_is_undone_as_one_and_named_as_one(live_server, phone):
    table, act = server_table(live_server, "kyotoan", ["Ann", "Ben", "Cat"], {"first_player": 0})
    act({"type": "market", "cards": ["corner_store", "heal", "acid_attack"]})
    ann = open_on(phone(), live_server, table, seat=0)
    enter_dice(ann, ["1", "1", "1", "2", "2", "2"], final=True)
    undo = ann.get_by_role("button", name="↶ Undo")
    expect(undo).to_contain_text("resolves 1 1 1 2 2 2")
    submit(ann, undo)
    line = ann.locator("#controls .undone")
    expect(line).to_contain_text("Ann's phone undid:")
    expect(line).to_contain_text("resolves 1 1 1 2 2 2")
    expect(line).not_to_contain_text("rolls")
    expect(ann.locator("#controls")).to_contain_text("(roll 1 of 3)")  # the whole tap went: the pad is on roll 1
