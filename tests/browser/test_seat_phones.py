"""What a seat's phone is told of its seat, at 360 px: a move another phone entered for its player
("Eve's phone entered your buy: …", with its undo, on that player's phone alone), and a seat that
moved to a new phone in one step (its phone died), which every phone sees and may undo, the old
phone losing the seat."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import PHONE
from .helpers import open_on, server_table, submit, wait_for_version

pytestmark = pytest.mark.browser
NARROW = {**PHONE, "viewport": {"width": 360, "height": 740}}


def test_a_move_entered_for_ann_by_bens_phone_is_told_on_anns_phone_with_its_undo(live_server, browser):
    table, _ = server_table(live_server, "gangs", ["Ann", "Ben", "Cat"], {"first_player": 0})
    ann, ben, cat = (open_on(browser.new_context(**NARROW), live_server, table, seat=i) for i in range(3))
    # Ben's phone gives Ann's card (her turn) to Cat.
    ben.locator("#controls label[for=card-plain-0-3]").click()
    submit(ben, ben.get_by_role("button", name="Give to Cat", exact=True))
    told = ann.locator("#controls .told[data-for='0']")
    expect(told).to_be_visible()
    expect(told).to_contain_text("Ben's phone entered your give: Ann gives a 3 to Cat.")
    expect(told).to_be_in_viewport()  # at once, on her screen, beside the Undo
    expect(ann.locator("#news")).to_contain_text("Ben's phone entered your give: Ann gives a 3 to Cat.")  # and said
    for other in (ben, cat):  # told on Ann's phone alone
        wait_for_version(other, 1)
        expect(other.locator("#controls .told:visible")).to_have_count(0)
    # Her undo, there: the give is taken back on every phone, and the line goes.
    submit(ann, told.get_by_role("button", name="Take it back"))
    for page in (ann, ben, cat):
        expect(page.locator("#controls .undone")).to_have_text("Ann's phone undid: Ann gives a 3 to Cat.")
    expect(ann.locator("#controls .told:visible")).to_have_count(0)
    # Her own move is nothing to tell her.
    ann.locator("#controls label[for=card-plain-0-3]").click()
    submit(ann, ann.get_by_role("button", name="Give to Cat", exact=True))
    expect(ann.locator("#controls .told:visible")).to_have_count(0)


def test_a_player_moves_their_seat_to_a_new_phone_in_one_step_and_the_table_can_undo_it(live_server, browser):
    table, _ = server_table(live_server, "gangs", ["Ann", "Ben", "Cat"], {"first_player": 0})
    ann = open_on(browser.new_context(**NARROW), live_server, table, seat=0)
    old = open_on(browser.new_context(**NARROW), live_server, table, seat=1)
    # Ben's phone died: he opens the table on another phone and taps his name, once.
    new = browser.new_context(**NARROW).new_page()
    new.goto(f"{live_server.url}/t/{table.id}/play/{table.record['play_token']}")
    new.get_by_role("button", name="I am Ben").click()
    expect(new.locator("header .you")).to_contain_text("Ben")
    expect(new.locator("#netstate")).to_have_text("Live")
    # Every phone is told, with the undo; the old phone no longer holds the seat.
    expect(ann.locator("#controls .seat-news")).to_contain_text("Ben's seat moved to another phone.")
    expect(old.locator("header .you")).to_have_count(0)
    expect(old.locator("#seat")).to_contain_text("This phone held Ben's seat until another phone took it.")
    expect(old.locator("#netstate")).to_have_text("Live")
    # The table undoes it (it was not Ben): the old phone is Ben's again, the new one is not.
    undo = ann.locator("#controls .seat-news button")
    expect(undo).to_have_text("Take it back: Ben's seat to the old phone")
    undo.click()
    expect(old.locator("header .you")).to_contain_text("Ben")
    expect(new.locator("header .you")).to_have_count(0)
    expect(ann.locator("#controls .seat-news")).to_contain_text("Ben's seat went back to the phone it moved from.")


def test_eves_phone_buys_urbavore_on_hals_turn_and_hals_phone_says_so(live_server, browser):
    table, act = server_table(live_server, "kyotoan", ["Hal", "Eve"], {"first_player": 0})
    act({"type": "market", "cards": ["urbavore", "heal", "acid_attack"]})
    hal, eve = (open_on(browser.new_context(**NARROW), live_server, table, seat=i) for i in range(2))
    # Hal's roll (six ϟ) is in, then Eve's phone buys for him on his turn.
    act({"type": "roll", "faces": ["energy"] * 6}, {"type": "resolve"})
    submit(eve, eve.get_by_role("button", name="Buy Urbavore (4ϟ)"))
    told = hal.locator("#controls .told[data-for='0']")
    expect(told).to_contain_text("Eve's phone entered your buy: Alienoid (Hal) buys Urbavore for 4ϟ.")
    expect(told.get_by_role("button", name="Take it back")).to_be_visible()
    expect(eve.locator("#controls .told:visible")).to_have_count(0)
