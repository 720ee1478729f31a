"""Kyoto no Neko on two phones: a growth asks each player, on their own phone, for their skill bumps."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .helpers import create_from_home, join_by_code, submit

pytestmark = pytest.mark.browser


def ringed(page) -> list[str]:
    """The players on the board drawn with the turn's ring (static/css/app.css reads whose turn it
    is from the status line), by their data-player."""
    return page.evaluate("""() => [...document.querySelectorAll('#board article.player')]
        .filter((a) => getComputedStyle(a).boxShadow !== 'none').map((a) => a.dataset.player)""")


def test_growth_asks_both_phones_for_their_bumps(live_server, phone):
    ann = phone().new_page()
    create_from_home(ann, live_server.url, "neko", ["Ann", "Bob"])
    code = ann.locator("details .code").first.inner_text().strip()
    ann.get_by_role("button", name="I am Ann").click()
    expect(ann.locator("#seat")).to_contain_text("Ann's seat")

    bob = phone().new_page()
    join_by_code(bob, live_server.url, code)
    bob.get_by_role("button", name="I am Bob").click()
    expect(bob.locator("#seat")).to_contain_text("Bob's seat")

    for page in (ann, bob):
        assert ringed(page) == ["0"]

    # Ann crosses the road (movement), then climbs a cherry tree (her action): two missions, two
    # Medals at the end of her turn. The action done, the road is no longer offered.
    submit(ann, ann.get_by_role("button", name="Ann crossed the road"))
    form = ann.locator("form.checkpad")
    form.locator("label[for=tg-tree]").click()  # the skill follows: agility (Orange: 2)
    form.locator("label[for=ob-3]").click()
    form.locator("label[for=die-5]").click()
    submit(ann, form.get_by_role("button", name="Check"))
    expect(bob.locator("#history")).to_contain_text("success")
    expect(ann.locator("#controls")).to_contain_text("Ann has done this turn's action")
    expect(ann.get_by_role("button", name="Ann crossed the road")).to_have_count(0)
    # The pads the rules took away are hidden on both phones (kept in the page for the next turn).
    for page in (ann, bob):
        for pad in ("form.checkpad", "form.bikepad", "form.fightpad", "form.movement"):
            expect(page.locator(pad)).to_be_hidden()
    submit(ann, ann.get_by_role("button", name="End Ann's turn"))

    # Growth 1 (the 2nd Medal is a Growth space): stamina up for both, then five bumps each, tapped
    # one by one on each phone and sent with the fifth: one history line per kitten.
    expect(bob.locator("#board article[data-player='1'] [data-stamina]")).to_have_text("4")
    expect(ann.locator("#controls")).to_contain_text("Waiting for Bob")
    expect(bob.locator("#controls")).to_contain_text("Waiting for Ann")
    for page, skill in ((ann, "hunting"), (bob, "friendship")):
        for _ in range(4):
            page.locator(".bump-prompt").get_by_role("button", name=skill).click()
        submit(page, page.locator(".bump-prompt").get_by_role("button", name=skill))
    for name in ("Ann", "Bob"):
        expect(ann.locator("#history li", has_text=f"{name} moves")).to_have_count(1)
    expect(ann.locator("#history")).to_contain_text("Ann moves hunting up to 5 (Growth 1).")
    for page in (ann, bob):
        expect(page.locator("#status")).to_contain_text("Bob's turn")
        assert ringed(page) == ["1"]  # the ring passed with the turn, on both phones
        expect(page.locator("#board article[data-player='0'] [data-medals]")).to_have_text("2")
        expect(page.locator("form.checkpad")).to_be_visible()  # Bob's pad back on both phones
        expect(page.get_by_role("button", name="Bob crossed the road")).to_be_visible()
    expect(ann.locator("#board article[data-player='1'] .track[aria-label^=friendship]")).to_have_attribute("aria-label", "friendship 7")  # Blue starts at 2
    expect(bob.locator("#board article[data-player='0'] .track[aria-label^=hunting]")).to_have_attribute("aria-label", "hunting 5")  # Orange starts at 0
