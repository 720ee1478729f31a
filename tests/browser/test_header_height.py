"""A table's header on a 360 px phone leaves the screen to the game: three short rows at most (the
game beside "Kyoto Table"; the join code and "You are …"; the switches), on the play page, on a
seated phone and on the watch page, for each game.

Before, the join code was the invite's 2rem code (243 x 49 px): it took a row of its own and pushed
the switches onto a third row, "You are …" onto a fourth; the header was 157 px tall on a play
page, 187 px seated. Measured after: 131 px on a play page, 134 px seated, 104.5 px watching, with
the keep-awake switch saying "on" (127.0.0.1 is a secure context) or "needs https" (its widest
words, what phones on the venue's wifi see over plain HTTP)."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import CHROMIUM_FLAGS, PHONE
from .helpers import server_table

pytestmark = pytest.mark.browser

SMALL = {**PHONE, "viewport": {"width": 360, "height": 740}}
GAMES = ("gangs", "kyotoan", "neko", "bosskito")
NAMES = ["Ann", "Bob", "Cy", "Dee"]
# The measured heights and a few pixels for another machine's fonts; one row more is 30 px or more.
PLAY_LIMIT, WATCH_LIMIT = 140, 110
NAME = "kyoto.test"  # a reserved name (RFC 2606) only this browser's resolver rule knows: plain HTTP, not secure


@pytest.fixture(scope="module")
def wifi_browser(playwright_chromium):
    """Chromium that also reaches the test server by a network name, as a phone on the wifi does."""
    chromium, path = playwright_chromium
    browser = chromium.launch(executable_path=path, args=CHROMIUM_FLAGS + [f"--host-resolver-rules=MAP {NAME} 127.0.0.1"])
    yield browser
    browser.close()


def header_height(page) -> float:
    expect(page.locator("#netstate")).to_have_text("Live")
    expect(page.locator("#awake")).to_be_visible()  # the switches as they stay (shown by script)
    return page.evaluate("document.querySelector('header.bar').getBoundingClientRect().height")


@pytest.mark.parametrize("origin, awake", [("127.0.0.1", "on"), (NAME, "needs https")], ids=["secure", "wifi"])
def test_the_table_header_at_360_px_is_three_short_rows_at_most(live_server, wifi_browser, origin, awake):
    base = live_server.url.replace("127.0.0.1", origin)
    ctx = wifi_browser.new_context(**SMALL)
    heights = {}
    for game in GAMES:
        table, _ = server_table(live_server, game, NAMES, {"first_player": 0})
        page = ctx.new_page()
        page.goto(f"{base}/t/{table.id}/play/{table.record['play_token']}")  # the play QR code
        expect(page.locator("header #awake")).to_contain_text(awake)
        heights[f"{game} play"] = header_height(page)
        page.get_by_role("button", name="I am Ann").click()
        expect(page.locator("header .you")).to_contain_text("Ann")
        heights[f"{game} seated"] = header_height(page)
        page.goto(f"{base}/t/{table.id}/watch")
        heights[f"{game} watch"] = header_height(page)
        page.close()
    ctx.close()
    too_tall = {k: round(h, 1) for k, h in heights.items() if h >= (WATCH_LIMIT if k.endswith("watch") else PLAY_LIMIT)}
    assert too_tall == {}, heights
