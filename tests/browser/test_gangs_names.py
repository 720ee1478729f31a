"""Gangs of Kyoto on a 360 px phone, read by someone holding it at the table (a newcomer's
play-through): every recipient button shows its player's whole name, so "Alexandra" and "Alexander"
can never both read "Give to Al…" and the card go to the wrong one; and the bells that tell a
"3 with 1 bell" from a "3 with 2 bells" are big enough to count.

GANGS_SHOTS=/some/folder saves each screen of these tests there (light and dark) to look at."""
from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from companion.games.names import NAME_MAX

from .conftest import PHONE
from .helpers import wait_for_version
from .test_gangs_taps import card, new_table
from .test_journeys import tile

pytestmark = pytest.mark.browser
SCREENS = [{"width": 360, "height": 740}, {"width": 390, "height": 844}]
# Five players whose names start alike, up to the longest name a table accepts: one with spaces to
# wrap at, one without any (a hyphen only), and the three the play-through found cut off.
NAMES = ("Alexandra", "Alexander", "Benedikt-Alexander",
         "Alexandra Konstantinopoulou-Whitmoreland", "Alexander-Wolfeschlegelsteinhausenberger")
# The smallest box a bell is drawn in (the bell fills about two thirds of its width): as tall as the
# value's digits beside it, so that one bell or two is seen at a glance.
BELL_MIN_PX = 16

# Every button under the picker, measured in the page: the button's box, and the boxes of the name's
# text as it is laid out (one per line), so that a name clipped by the button, cut by an ellipsis or
# pushed off the screen shows as a box outside the button's.
MEASURE = """
() => [...document.querySelectorAll('#controls .gto button')].map((b) => {
  const name = b.querySelector('bdi');
  const range = document.createRange();
  range.selectNodeContents(name);
  const box = (r) => ({left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width, height: r.height});
  return {
    label: b.innerText.replace(/\\s+/g, ' ').trim(),
    name: name.textContent,
    button: box(b.getBoundingClientRect()),
    lines: [...range.getClientRects()].map(box),
    nameScroll: [name.scrollWidth, name.clientWidth],
    buttonScroll: [b.scrollWidth, b.clientWidth],
    nameOverflow: getComputedStyle(name).textOverflow,
    viewport: document.documentElement.clientWidth,
    pageWidth: document.documentElement.scrollWidth,
  };
})
"""


def assert_whole_names(page, expected_labels):
    """Each button under the picker says its whole name, inside its own box and on the screen, and
    stays a 44 px target."""
    buttons = page.evaluate(MEASURE)
    assert sorted(b["label"] for b in buttons) == sorted(expected_labels)
    for b in buttons:
        what, box = b["label"], b["button"]
        assert b["pageWidth"] <= b["viewport"], f"the page scrolls sideways ({b['pageWidth']} px)"
        assert box["left"] >= 0 and box["right"] <= b["viewport"] + 0.5, f"'{what}' runs off the screen: {box}"
        assert box["height"] >= 44 and box["width"] >= 44, f"'{what}' is a {box['width']:.0f}x{box['height']:.0f} px target"
        assert b["nameScroll"][0] <= b["nameScroll"][1], f"'{what}': the name is cut ({b['nameScroll']})"
        assert b["buttonScroll"][0] <= b["buttonScroll"][1], f"'{what}': the button's text is cut ({b['buttonScroll']})"
        assert b["lines"], f"'{what}': the name is not laid out"
        for line in b["lines"]:
            inside = (line["left"] >= box["left"] - 0.5 and line["right"] <= box["right"] + 0.5
                      and line["top"] >= box["top"] - 0.5 and line["bottom"] <= box["bottom"] + 0.5)
            assert inside, f"'{what}': part of the name lies outside its button ({line} in {box})"
    for a, b in ((a, b) for i, a in enumerate(buttons) for b in buttons[i + 1:]):
        x, y = a["button"], b["button"]
        apart = x["right"] <= y["left"] + 0.5 or y["right"] <= x["left"] + 0.5 or x["bottom"] <= y["top"] + 0.5 or y["bottom"] <= x["top"] + 0.5
        assert apart, f"'{a['label']}' and '{b['label']}' overlap"


def open_seat(context, live_server, table, seat):
    """The table's play page holding `seat`, live (named exactly: "Alexander" is in "Alexander-…")."""
    page = context.new_page()
    page.goto(f"{live_server.url}/t/{table.id}/play/{table.record['play_token']}")
    page.get_by_role("button", name=f"I am {NAMES[seat]}", exact=True).click()
    expect(page.locator("header .you")).to_contain_text(NAMES[seat])
    expect(page.locator("#netstate")).to_have_text("Live")
    return page


def shot(page, name):
    folder = os.environ.get("GANGS_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"), scale="css")


def test_the_names_are_the_ones_the_app_allows():
    assert all(len(n) <= NAME_MAX for n in NAMES) and max(map(len, NAMES)) == NAME_MAX


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("screen", SCREENS, ids=lambda s: f"{s['width']}px")
def test_every_recipient_button_shows_the_whole_name(live_server, browser, screen, scheme):
    table, act = new_table(live_server, NAMES)
    context = browser.new_context(**{**PHONE, "viewport": screen}, color_scheme=scheme)
    page = open_seat(context, live_server, table, 1)
    tag = f"{screen['width']}-{scheme}"

    # The first give of the game: five "Give to" buttons.
    shot(page, f"give-{tag}")
    assert_whole_names(page, [f"Give to {n}" for n in NAMES])
    expect(page.get_by_role("button", name="Give to Alexandra", exact=True)).to_be_visible()
    expect(page.get_by_role("button", name="Give to Alexander", exact=True)).to_be_visible()

    # Everyone holds a Refuse card: each recipient has a button to refuse with, beside its own.
    version = act(*({"type": "give", "to": i, "card": card(1, "refuse")} for i in range(5)))
    wait_for_version(page, version)
    tile(page, 3, "bell", 2).click()
    shot(page, f"refuse-{tag}")
    assert_whole_names(page, [f"Give to {n}" for n in NAMES] + [f"{n} refuses it" for n in NAMES])

    # A Draw symbol for the longest name: that player takes the deck's card, or refuses it.
    version = act({"type": "give", "to": 4, "card": card(0, "draw")})
    wait_for_version(page, version)
    shot(page, f"draw-{tag}")
    assert_whole_names(page, [f"{NAMES[4]} takes it", f"{NAMES[4]} refuses it"])
    context.close()


@pytest.mark.parametrize("screen", SCREENS, ids=lambda s: f"{s['width']}px")
def test_the_bells_on_tiles_and_in_rows_are_big_enough_to_count(live_server, browser, screen):
    table, act = new_table(live_server, NAMES)
    context = browser.new_context(**{**PHONE, "viewport": screen})
    page = open_seat(context, live_server, table, 1)
    version = act({"type": "give", "to": 0, "card": card(3, "bell", 1)}, {"type": "give", "to": 1, "card": card(3, "bell", 2)})
    wait_for_version(page, version)
    shot(page, f"bells-{screen['width']}")
    marks = [*page.locator("#controls .gtile .bellmark").all(), *page.locator("#board .gcard .bellmark").all()]
    assert len(marks) > 10
    for mark in marks:
        box = mark.bounding_box()
        assert box["width"] >= BELL_MIN_PX and box["height"] >= BELL_MIN_PX, f"a bell of {box['width']:.0f}x{box['height']:.0f} px"
    # The two bells of a card fit on it side by side, the tile still a 44 px target.
    for two in (tile(page, 5, "bell", 2), tile(page, 0, "bell_card", 2), page.locator("#board article[data-player='1'] .gcard.bell")):
        box, bells = two.bounding_box(), two.locator(".bellmark").all()
        assert len(bells) == 2 and box["height"] >= 44 and box["width"] >= 44
        for bell in bells:
            b = bell.bounding_box()
            assert box["x"] <= b["x"] and b["x"] + b["width"] <= box["x"] + box["width"], "a bell sticks out of its card"
    # A reader that cannot see the drawing hears the bells in words.
    expect(tile(page, 3, "bell", 2)).to_have_text("3 with 2 bells")
    expect(page.locator("#board article[data-player='1'] .gcard.bell")).to_have_attribute("title", "a 3 with 2 bells")
    context.close()
