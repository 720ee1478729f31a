"""Gangs of Kyoto at the table, counted in taps: a card is one tap on the grid of the
deck's cards and one on its recipient, the picker is on the first screen, a tap on a recipient
before a card is refused beside the form, and each round's end shows on the board."""
from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from .conftest import PHONE
from .helpers import open_on, wait_for_version
from .taps import assert_on_first_screen, assert_refusal_beside, count_taps, taps
from .test_journeys import row_of, tile

pytestmark = pytest.mark.browser
SCREENS = [{"width": 390, "height": 844}, {"width": 360, "height": 740}]
# GANGS_SCREENSHOTS=1 saves the seated phone mid-turn to docs/screenshots/ (the pictures in the docs).
SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


def card(value, kind="plain", bells=0):
    return {"kind": kind, "bells": bells, "value": value}


def new_table(live_server, names=("Ann", "Bob", "Cy", "Dee")):
    """A table made on the server, Ann first, and a way to enter moves on it as another phone
    would (returning the table's version after them)."""
    service = live_server.app.extensions["companion.tables"]
    table = service.create("gangs", list(names), {"first_player": 0}, seed=5)
    host = table.record["host_token"]
    return table, lambda *actions: [service.act(table.id, host, a)[0].version for a in actions][-1]


def test_tap_budget_give_one_card(live_server, phone):
    table, act = new_table(live_server)
    ann, bob = open_on(phone(), live_server, table, 0), open_on(phone(), live_server, table, 1)
    count_taps(ann)
    tile(ann, 3, "bell", 1).click()
    ann.get_by_role("button", name="Give to Bob", exact=True).click()
    wait_for_version(ann, 1)
    assert taps(ann) <= 2, f"{taps(ann)} taps"
    # Bob's phone sees the card arrive in his row, with its bell.
    expect(row_of(bob, 1).locator(".gcard.bell")).to_have_text("3")
    expect(bob.locator("#history")).to_contain_text("Ann gives a 3 with 1 bell to Bob.")

    # A Draw card: two taps to give it, two on the drawer's phone for the card the deck gives.
    count_taps(ann)
    tile(ann, 1, "draw").click()
    ann.get_by_role("button", name="Give to Cy", exact=True).click()
    wait_for_version(bob, 2)
    assert taps(ann) <= 2, f"{taps(ann)} taps"
    count_taps(bob)
    expect(bob.locator("#controls h2")).to_contain_text("Cy draws from the deck")
    tile(bob, 0, "stay_late").click()
    bob.get_by_role("button", name="Cy takes it").click()
    wait_for_version(ann, 3)
    assert taps(bob) <= 2, f"{taps(bob)} taps"
    expect(ann.locator("#history")).to_contain_text("Cy draws a Stay Late card for the Draw symbol.")
    expect(ann.locator("#board article[data-player='2'] .stats")).to_contain_text("/ 18")

    # A card that never enters a row is one tile, whatever it shows: a Bell card of 2 bells.
    count_taps(ann)
    tile(ann, 0, "bell_card", 2).click()
    ann.get_by_role("button", name="Give to Dee", exact=True).click()
    wait_for_version(ann, 4)
    assert taps(ann) <= 2, f"{taps(ann)} taps"
    expect(ann.locator("#history")).to_contain_text("Ann gives a Bell card to Dee.")  # its bells stay hidden


@pytest.mark.parametrize("screen", SCREENS, ids=lambda s: f"{s['width']}x{s['height']}")
def test_first_screen_gangs(live_server, browser, screen):
    table, act = new_table(live_server)
    contexts = [browser.new_context(**{**PHONE, "viewport": screen}) for _ in range(2)]
    host = open_on(contexts[0], live_server, table)  # the start of the game, no seat
    bob = open_on(contexts[1], live_server, table, 1)

    def picker_on_first_screen(page, button):
        page.evaluate("window.scrollTo(0, 0)")
        form = page.locator("#controls form.gangs-pad")
        for control in (form, tile(page, 0), tile(page, 5, "refuse"), page.get_by_role("button", name=button, exact=True)):
            assert_on_first_screen(page, control)

    picker_on_first_screen(host, "Give to Ann")
    # Mid-turn on a seated phone: Ann has given two cards.
    wait_for_version(bob, act({"type": "give", "to": 1, "card": card(4)}, {"type": "give", "to": 0, "card": card(2)}))
    picker_on_first_screen(bob, "Give to Cy")
    tile(bob, 3, "bell", 2).click()
    if os.environ.get("GANGS_SCREENSHOTS"):
        SHOTS.mkdir(exist_ok=True)
        bob.screenshot(path=str(SHOTS / f"gangs-seated-{screen['width']}.png"), scale="css")
    # A Draw symbol: the drawer's card is asked at once, on every phone.
    wait_for_version(bob, act({"type": "give", "to": 3, "card": card(1, "draw")}))
    picker_on_first_screen(bob, "Dee takes it")
    # The next turn, the one whose turn it is holds the phone.
    wait_for_version(bob, act({"type": "draw", "card": card(3)}, {"type": "give", "to": 2, "card": card(0)}))
    expect(bob.locator("#status")).to_contain_text("Bob's turn")
    picker_on_first_screen(bob, "Give to Bob")
    for context in contexts:
        context.close()


def test_refusal_gangs(live_server, phone):
    # Every tile and every recipient the page draws is a legal move, so the one refused tap is a
    # recipient tapped before the card: said beside the form, nothing recorded, no card guessed.
    table, act = new_table(live_server)
    page = open_on(phone(), live_server, table, 0)
    form = page.locator("#controls form.gangs-pad")
    form.get_by_role("button", name="Give to Bob", exact=True).click()
    assert_refusal_beside(page, form, "Which card was revealed? A give needs the card as well as who gets it.")
    expect(page.locator("#status")).to_have_attribute("data-version", "0")
    expect(form.locator("input[name='card:json']:checked")).to_have_count(0)
    # The form is the one that was used (not drawn again), and the next taps enter what they say.
    tile(page, 2, "bell", 2).click()
    form.get_by_role("button", name="Give to Bob", exact=True).click()
    wait_for_version(page, 1)
    expect(page.locator(".refusal")).to_have_count(0)
    expect(page.locator("#history")).to_contain_text("Ann gives a 2 with 2 bells to Bob.")


def test_the_end_of_a_round_shows_on_the_board(live_server, phone):
    table, act = new_table(live_server, ("Ann", "Bob", "Cy"))
    watcher = phone().new_page()
    watcher.goto(f"{live_server.url}/t/{table.id}/watch")
    expect(watcher.locator("#netstate")).to_have_text("Live")
    # Ann: Bob 4, Ann a 3 with 2 bells, Cy a 1 with a bell; Bob: 4 to himself, 0s; Cy: Bob a 4.
    act(*({"type": "give", "to": to, "card": c} for to, c in [
        (1, card(4)), (0, card(3, "bell", 2)), (2, card(1, "bell", 1)),
        (1, card(4)), (0, card(0)), (2, card(0)), (2, card(2)), (0, card(0)), (1, card(4))]))
    page = open_on(phone(), live_server, table, 0)
    tile(page, 1).click()
    page.get_by_role("button", name="Give to Bob", exact=True).click()  # Ann's turn again: 4+4+4+1 = 13
    for p in (page, watcher):
        banner = p.locator("#board .round-end")
        expect(banner).to_contain_text("Round 1 is over: Bob stayed out too late (13 of 13)")
        expect(banner).to_contain_text("Ann banks 1 card, Cy banks 1 card")
        expect(p.locator("#board .rounds li")).to_have_text(
            "Round 1: Bob stayed out (13 of 13); Ann banks 1 card, Cy banks 1 card")
    # The banker's own bells are on their own row; nobody else's are shown.
    expect(page.locator("#board article[data-player='0'] [data-bells]")).to_have_text("2")
    expect(watcher.locator("#board .rounds")).not_to_contain_text("bells")
    # The banner goes with the next round's first card; the list of round ends stays.
    tile(page, 0).click()
    page.get_by_role("button", name="Give to Cy", exact=True).click()
    expect(watcher.locator("#board .round-end")).to_have_count(0)
    expect(watcher.locator("#board .rounds li")).to_have_count(1)
