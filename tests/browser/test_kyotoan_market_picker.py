"""Nishiki Market's card picker on a phone: the cards turned face up are tapped in, each once.

A newcomer's play-through: a card tapped twice counted twice ("Chosen: 2 of 3"), the third tap sent
it twice and was refused, and every tap after sent the old picks again ("4 of 3", "6 of 3") until a
reload. The search box also kept its letters after a pick, hiding the next card.
"""
from __future__ import annotations

import json
import os
import urllib.request
from pathlib import Path
from urllib.parse import parse_qsl, urlencode

import pytest
from playwright.sync_api import expect

from .conftest import PHONE

pytestmark = pytest.mark.browser
SHOTS = Path(os.environ.get("KYO_SHOTS", "/tmp/kyo-shots"))


def call(base, path, body, token=None):
    headers = {"Content-Type": "application/json", **({"Authorization": f"Bearer {token}"} if token else {})}
    req = urllib.request.Request(base + path, data=json.dumps(body).encode(), headers=headers)
    with urllib.request.urlopen(req, timeout=5) as resp:
        return json.loads(resp.read())


def new_table_on(context, base):
    """A two-monster table whose market is still to be tapped in (three cards), open on a phone."""
    table = call(base, "/api/tables", {"game": "kyotoan", "players": ["Ann", "Bob"], "options": {"first_player": 0}})
    page = context.new_page()
    page.goto(table["urls"]["play"])
    expect(page.locator("#netstate")).to_have_text("Live")
    return page


def card(page, cid):
    return page.locator(f".card-picker #mk-{cid}")


def test_a_card_tapped_twice_is_taken_back_not_sent_twice(live_server, phone):
    page = new_table_on(phone(), live_server.url)
    form = page.locator("#market-form")
    expect(form.locator("h2")).to_have_text("Nishiki Market: tap the 3 cards turned face up")
    chosen = page.locator(".card-picker [data-chosen]")

    card(page, "heal").click()
    expect(card(page, "heal")).to_have_attribute("aria-pressed", "true")
    expect(chosen).to_have_text("Chosen: Heal; 2 more")
    card(page, "heal").click()  # the same card again: it is taken back
    expect(card(page, "heal")).to_have_attribute("aria-pressed", "false")
    expect(chosen).to_have_text("Chosen: none yet; 3 more")
    expect(form.locator(".refusal")).to_have_count(0)

    card(page, "heal").click()
    card(page, "tank").click()
    expect(chosen).to_have_text("Chosen: Heal, Tank; 1 more")
    card(page, "jets").click()  # the last slot filled sends the form
    expect(page.locator("#board .market")).to_contain_text("Heal")
    expect(page.locator("#board .market")).to_contain_text("Tank")
    expect(page.locator("#board .market")).to_contain_text("Jets")
    expect(page.locator("#market-form h2")).to_have_count(0)  # the cards tapped in: the form folds to the correction


def test_a_card_with_two_copies_may_be_chosen_twice_and_no_more_than_the_slots(live_server, phone):
    page = new_table_on(phone(), live_server.url)
    chosen = page.locator(".card-picker [data-chosen]")
    card(page, "extra_head").click()
    card(page, "extra_head").click()  # the deck holds two: both may be turned up
    expect(chosen).to_have_text("Chosen: Extra Head, Extra Head; 1 more")
    card(page, "extra_head").click()  # no third copy: the tap takes them back
    expect(chosen).to_have_text("Chosen: none yet; 3 more")
    expect(card(page, "extra_head")).to_have_attribute("aria-pressed", "false")


def test_after_a_refusal_the_picker_shows_what_it_sends_and_is_corrected_without_a_reload(live_server, phone):
    page = new_table_on(phone(), live_server.url)
    # The server refuses the first sending (the form's cards changed on the way to an impossible
    # set): whatever the reason, the page must stay usable.
    spoiled = []

    def spoil(route):
        if spoiled:
            return route.continue_()
        spoiled.append(1)
        fields = [(k, "heal" if k == "cards[]" else v) for k, v in parse_qsl(route.request.post_data)]
        route.continue_(post_data=urlencode(fields))

    page.route("**/act", spoil)
    chosen = page.locator(".card-picker [data-chosen]")
    for cid in ("heal", "tank", "jets"):
        card(page, cid).click()
    form = page.locator("#market-form")
    expect(form.locator(".refusal")).to_contain_text("not in the deck any more")
    expect(chosen).to_have_text("Chosen: Heal, Tank, Jets")
    expect(form.locator("input[name='cards[]']")).to_have_count(3)  # what is shown is what is sent
    expect(card(page, "energize")).to_be_disabled()  # three of three: no fourth

    card(page, "jets").click()  # taken back
    expect(chosen).to_have_text("Chosen: Heal, Tank; 1 more")
    expect(form.locator("input[name='cards[]']")).to_have_count(2)
    card(page, "energize").click()
    expect(page.locator("#board .market")).to_contain_text("Energize")
    expect(page.locator("#market-form h2")).to_have_count(0)  # the cards tapped in: the form folds to the correction
    assert "Jets" not in page.locator("#board .market").inner_text()


def test_the_search_box_empties_after_a_pick(live_server, phone):
    page = new_table_on(phone(), live_server.url)
    search = page.get_by_label("Find a card by name")
    search.fill("hea")
    expect(card(page, "heal")).to_be_visible()
    expect(card(page, "tank")).to_be_hidden()
    card(page, "heal").click()
    expect(search).to_have_value("")
    expect(card(page, "tank")).to_be_visible()
    expect(page.locator(".card-picker .card-grid button[hidden]")).to_have_count(0)


def test_one_card_to_tap_in_reads_naturally(live_server, phone):
    table = call(live_server.url, "/api/tables", {"game": "kyotoan", "players": ["Ann", "Bob"], "options": {"first_player": 0}})
    for action in ({"type": "market", "cards": ["heal", "tank", "jets"]}, {"type": "roll", "faces": ["energy"] * 6},
                   {"type": "resolve"}, {"type": "buy", "card": "heal"}):
        call(live_server.url, f"/api/tables/{table['id']}/actions", action, table["token"])
    page = phone().new_page()
    page.goto(table["urls"]["play"])
    expect(page.locator("#market-form h2")).to_have_text("Nishiki Market: tap the card turned face up")



def test_a_card_tapped_in_wrongly_is_corrected_by_tapping_the_three_really_face_up(live_server, phone):
    # Between reveals the same form, folded, corrects the market: ticked open, three taps send it.
    page = new_table_on(phone(), live_server.url)
    for cid in ("heal", "tank", "jets"):
        card(page, cid).click()
    expect(page.locator("#board .market")).to_contain_text("Jets")
    fix = page.get_by_label("Correct the face-up cards")
    expect(card(page, "energize")).to_be_hidden()  # folded until asked for
    fix.check()
    expect(page.locator("#market-form")).to_contain_text("tap the 3 cards that are really face up")
    for cid in ("heal", "tank", "energize"):
        card(page, cid).click()
    expect(page.locator("#board .market")).to_contain_text("Energize")
    assert "Jets" not in page.locator("#board .market").inner_text()
    expect(page.locator("#market-form h2")).to_have_count(0)

@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("width", [360, 390])
def test_market_grid_prices_stand_apart_from_the_names(live_server, browser, width, theme):
    context = browser.new_context(**{**PHONE, "viewport": {"width": width, "height": 780}, "color_scheme": theme})
    page = new_table_on(context, live_server.url)
    for cid in ("camouflage", "alien_origin", "jet_fighters"):
        # The price follows the name's last line with a gap, or starts a line of its own.
        gap = card(page, cid).evaluate("""b => {
          const lines = b.querySelector('.name').getClientRects(), last = lines[lines.length - 1];
          const price = b.querySelector('.price').getBoundingClientRect();
          return price.top >= last.bottom - 1 ? 99 : price.left - last.right;
        }""")
        assert gap >= 4, f"{cid}: the price touches the name at {width} px ({gap:.1f} px apart)"
    card(page, "camouflage").click()
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.locator("#market-form").screenshot(path=str(SHOTS / f"market-picker-{width}-{theme}.png"))
    context.close()
