"""Steps the browser journeys share: creating a table from the home page, and tapping a control
then waiting until this phone shows the table's next version."""
from __future__ import annotations

from playwright.sync_api import expect


def submit(page, button):
    """Press a control and wait for the new version on this page."""
    before = page.locator("#status").get_attribute("data-version")
    button.click()
    expect(page.locator("#status")).not_to_have_attribute("data-version", before)


def create_from_home(page, base, game, players, first="0"):
    """Create a table of `game` on the home page; returns once the table page is live."""
    page.goto(base + "/")
    page.locator(f"label[for=game-{game}]").click()
    for i, name in enumerate(players):
        page.locator("input[name=players]").nth(i).fill(name)
    page.locator("select[name=first_player]").select_option(first)
    page.get_by_role("button", name="Create the table").click()
    expect(page.locator("#netstate")).to_have_text("Live")
    return page.url.rsplit("/", 1)[-1]


def join_by_code(page, base, code):
    """Type a join code on the join page; returns once the table page is live."""
    page.goto(base + "/join")
    page.get_by_label("Join code").fill(code)
    page.get_by_role("button", name="Join").click()
    expect(page.locator("#netstate")).to_have_text("Live")
