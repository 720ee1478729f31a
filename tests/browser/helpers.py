"""Steps the browser journeys share: creating a table from the home page (or on the server, with
moves entered as the host phone would), opening it on a phone with or without a seat, and tapping a
control then waiting until this phone shows the table's next version."""
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


def server_table(live_server, game, names, options, seed=3):
    """A table made on the server, and `act(*actions)`: moves entered as the table's host phone
    would, returning the table's version after them."""
    service = live_server.app.extensions["companion.tables"]
    table = service.create(game, list(names), options, seed=seed)

    def act(*actions):
        for action in actions:
            service.act(table.id, table.record["host_token"], action)
        return service.get(table.id).version

    return table, act


def open_on(context, live_server, table, seat=None):
    """The table's play page on a phone, live, once the phone has answered the page's first
    question, who holds it: the player of `seat`, or (no seat) the table's shared phone."""
    page = context.new_page()
    page.goto(f"{live_server.url}/t/{table.id}/play/{table.record['play_token']}")
    if seat is not None:
        page.get_by_role("button", name=f"I am {table.record['players'][seat]}").click()
        expect(page.locator("header .you")).to_contain_text(table.record["players"][seat])
    else:
        page.get_by_role("button", name="Shared phone", exact=True).click()
        expect(page.locator("[data-shared]")).to_have_count(1)
    expect(page.locator("#netstate")).to_have_text("Live")
    return page


def wait_for_version(page, version):
    """Wait until this page shows the table at `version`."""
    expect(page.locator("#status")).to_have_attribute("data-version", str(version))


def enter_dice(page, faces, final=False):
    """Enter a roll on the Last Kyotoan Standing dice pad: take back every die carried from the last
    roll, tap each face, then enter it; with `final` (or on the last roll) "Final dice: resolve",
    which also resolves the roll when nothing else is to be chosen."""
    chips = page.locator(".dice-entry .chip")
    while chips.count():
        chips.first.click()
    for face in faces:
        page.locator(f".dice-entry .face-key[data-face='{face}']").click()
    again = page.get_by_role("button", name="Enter and roll again")
    submit(page, page.get_by_role("button", name="Final dice: resolve") if final or not again.count() else again)
