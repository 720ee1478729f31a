"""One round of Boss Kito on two phones: each player taps their own turns, both see it live."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .helpers import create_from_home, join_by_code, submit

pytestmark = pytest.mark.browser


def test_one_round_on_two_phones(live_server, phone):
    aya = phone().new_page()
    create_from_home(aya, live_server.url, "bosskito", ["Aya", "Ben"])
    code = aya.locator("details .code").first.inner_text().strip()
    ben = phone().new_page()
    join_by_code(ben, live_server.url, code)

    # Number 9's cards carry the card symbol (set once), then the table taps in the round's row.
    submit(aya, aya.get_by_role("button", name="9: card: draw a banana card"))
    for number in (9, 8, 7, 6, 5):
        aya.locator(f"form.reveal [data-number='{number}']").click()
    submit(aya, aya.get_by_role("button", name="Reveal"))
    expect(ben.locator(".column.red .benefit")).to_contain_text("9+card")

    turns = [
        (aya, lambda p: p.get_by_role("button", name="Aya plays red")),
        (ben, lambda p: p.get_by_role("button", name="Ben plays red")),
        (aya, lambda p: p.get_by_role("button", name="Aya takes 3 tokens")),
        (ben, lambda p: p.get_by_role("button", name="Ben plays yellow")),
        (aya, None),  # place two tokens on red
        (ben, lambda p: p.get_by_role("button", name="Ben draws a card")),
        (aya, lambda p: p.get_by_role("button", name="Aya exchanges 1 card", exact=True)),
    ]
    for page, button in turns:
        if button is None:
            page.get_by_role("radiogroup", name="first token").get_by_text("red").click()
            page.get_by_role("radiogroup", name="second token").get_by_text("red").click()
            submit(page, page.get_by_role("button", name="Aya places tokens"))
        else:
            submit(page, button(page))
    # Before the round ends both phones see who leads each colour: Aya 5 bananas to Ben's 3 in red.
    expect(ben.locator(".column.red li.leader")).to_contain_text("Aya 5")
    expect(aya.locator("#status")).to_contain_text("Ben's 4th turn of 4")
    submit(ben, ben.get_by_role("button", name="Ben takes 3 tokens"))

    # Hand-out: red to Aya (and her card symbol draws her a card), yellow to Ben, the rest discarded.
    for page in (aya, ben):
        expect(page.locator("#status")).to_contain_text("Round 2 of 9")
        expect(page.locator("#history")).to_contain_text("Red: Aya wins Visitors (9) with 5 bananas.")
        expect(page.locator("#history")).to_contain_text("Yellow: Ben wins Romantic dinner (8) with 3 bananas.")
    expect(ben.locator("#board article[data-player='0'] .benefit-chip")).to_have_text("9")
    # Aya: 5 cards, 1 played, 1 exchanged (still 4), then 1 drawn for the card symbol.
    expect(ben.locator("#board article[data-player='0'] [data-hand]")).to_have_text("5")
