"""A push is morphed into the page (idiomorph): what a player is in the middle of stays through
another phone's move: the dice half entered on the pad, the focus, and where the page is scrolled."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .test_kyotoan_taps import call, table_on_phone, tap_dice, wait_for_version

pytestmark = pytest.mark.browser


def test_a_half_entered_dice_pad_its_focus_and_the_scroll_survive_another_phones_move(live_server, phone):
    table, page = table_on_phone(live_server.url, phone())
    tap_dice(page, ["smash", "heart"])
    key = page.locator(".dice-entry .face-key[data-face='energy']")
    key.focus()
    page.evaluate("() => window.scrollTo(0, 200)")
    scrolled = page.evaluate("() => window.scrollY")
    assert scrolled > 0, "the page is long enough to scroll"
    # Bob's phone sets his auto-yield: a new version, pushed to this phone, the roll unchanged.
    call(live_server.url, f"/api/tables/{table['id']}/actions", {"type": "auto_yield", "player": 1, "below": 3}, table["token"])
    wait_for_version(page, 2)
    expect(page.locator(".dice-entry .chip")).to_have_count(2)
    assert page.evaluate("() => document.activeElement && document.activeElement.dataset.face") == "energy"
    assert page.evaluate("() => window.scrollY") == scrolled
    # The pad goes on from where it was: four more dice make six, and they resolve.
    tap_dice(page, ["1", "2", "3", "energy"])
    page.get_by_role("button", name="Final dice: resolve").click()
    expect(page.locator("#history")).to_contain_text("Alienoid (Ann) resolves ✸ ♥ 1 2 3 ϟ")
