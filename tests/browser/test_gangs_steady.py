"""Gangs of Kyoto's give on a 360 px phone, tapped card after card (a newcomer's play-through): the
"Give to" buttons never move or grow under the finger between gives (the next name used to slide
into the spot just tapped, so the next card went to the wrong player), nothing covers the grid's
bottom row of cards, and a receiver holding Refuse cards of different values says which it spends."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import PHONE
from .helpers import open_on, submit
from .test_gangs_taps import card, new_table
from .test_journeys import tile

pytestmark = pytest.mark.browser
SMALL = {**PHONE, "viewport": {"width": 360, "height": 740}}
NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve")
# Each seat's "Give to" button where the page draws it: its box on the page (scrolled or not), or
# (`within`) within the form (a turn's change also takes "Your turn" away above the form).
BOXES = """
(within) => {
  const top = within ? document.querySelector('#controls form.gangs-pad').getBoundingClientRect().top : -scrollY;
  return Object.fromEntries([...document.querySelectorAll('#gangs-to button')].map((b) => {
    const r = b.getBoundingClientRect();
    return [b.querySelector('bdi').textContent, [r.left, r.top - top, r.width, r.height].map(Math.round)];
  }));
}
"""


def give_to(page, name):
    submit(page, page.get_by_role("button", name=f"Give to {name}", exact=True))


def test_the_give_buttons_stay_put_turn_after_turn(live_server, browser):
    table, _ = new_table(live_server, NAMES)
    page = open_on(browser.new_context(**SMALL), live_server, table, 0)
    first, in_form = page.evaluate(BOXES, False), page.evaluate(BOXES, True)
    assert list(first) == list(NAMES), "a button per seat, in seating order"
    # Ann deals her five cards: every button stays where it was, its size too; then Bob's turn
    # starts, the buttons where they were in the form.
    for name in ("Bob", "Ann", "Eve", "Cy", "Dee"):
        tile(page, 0).click()
        give_to(page, name)
        assert page.evaluate(BOXES, name == "Dee") == (in_form if name == "Dee" else first), f"after the give to {name}"
        if name != "Dee":
            done = page.get_by_role("button", name=f"Give to {name}", exact=True)
            expect(done).to_be_disabled()
            expect(done).to_have_attribute("aria-describedby", "why-to")
    expect(page.locator("#status")).to_contain_text("Bob's turn")
    for name in NAMES:
        expect(page.get_by_role("button", name=f"Give to {name}", exact=True)).to_be_enabled()


@pytest.mark.parametrize("height", [740, 480])
def test_nothing_covers_the_bottom_row_of_cards(live_server, browser, height):
    # 480 px: a 360 px phone with its browser's bars shown, where the form is taller than the screen.
    table, _ = new_table(live_server, NAMES)
    page = open_on(browser.new_context(**{**PHONE, "viewport": {"width": 360, "height": height}}), live_server, table, 0)
    # Mid-turn (the newcomer's case): two cards given, the reason for them said under the buttons.
    for name in ("Bob", "Cy"):
        tile(page, 0).click()
        give_to(page, name)
    # Scrolled so that the grid's bottom row (the Refuse cards) is the last thing above the screen's
    # bottom edge, or a little higher: whatever lies on the middle of each of its tiles is the tile.
    bottom = tile(page, 5, "refuse")
    low = page.evaluate("(e) => e.getBoundingClientRect().bottom + scrollY", bottom.element_handle())
    for above in (0, 20, 60):
        page.evaluate(f"window.scrollTo(0, {max(0, low + above - page.viewport_size['height'] + 2)})")
        for value in range(6):
            t = tile(page, value, "refuse").bounding_box()
            hit = page.evaluate("([x, y]) => document.elementFromPoint(x, y).closest('label')?.getAttribute('for')",
                                [t["x"] + t["width"] / 2, t["y"] + t["height"] / 2])
            assert hit == f"card-refuse-0-{value}", f"{above} px above the bottom: the Refuse {value} tile is covered ({hit})"


def test_a_receiver_with_refuse_cards_of_different_values_chooses_which(live_server, browser):
    table, act = new_table(live_server, ("Ann", "Bob", "Cy"))
    act({"type": "give", "to": 1, "card": card(4, "refuse")}, {"type": "give", "to": 0, "card": card(0)},
        {"type": "give", "to": 2, "card": card(0, "refuse")},
        {"type": "give", "to": 1, "card": card(1, "refuse")}, {"type": "give", "to": 0, "card": card(0)})
    page = open_on(browser.new_context(**SMALL), live_server, table, 0)
    refusals = page.locator("#gangs-refuse")
    # Bob holds a Refuse 4 and a Refuse 1 (rightmost): a button for each; Cy one, "refuses it".
    expect(refusals.get_by_role("button", name="Bob refuses it with Refuse 4", exact=True)).to_be_disabled()  # Bob had his card
    expect(refusals.get_by_role("button", name="Cy refuses it", exact=True)).to_be_enabled()
    tile(page, 3).click()
    submit(page, page.get_by_role("button", name="Give to Cy", exact=True))
    # Bob's turn is over and Cy's begins; Bob may refuse now, and spends the Refuse 4, not the rightmost.
    expect(page.locator("#status")).to_contain_text("Cy's turn")
    tile(page, 2).click()
    submit(page, refusals.get_by_role("button", name="Bob refuses it with Refuse 4", exact=True))
    expect(page.locator("#history")).to_contain_text("Bob refuses it with their Refuse card (4); both are discarded.")
    expect(page.locator("#board article[data-player='1'] .gcard.refuse")).to_have_text("1Refuse")
    # One value left: the one button again.
    expect(refusals.get_by_role("button", name="Bob refuses it", exact=True)).to_be_disabled()
