"""Two phones at one table, 360 px wide, one reading Japanese (?lang=ja) and one French
(?lang=fr): a move entered at the table reaches both live, and each reads the same history line
in its own language (api.md, "Languages": the log keeps what happened, not the sentence)."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import PHONE
from .helpers import wait_for_version
from .test_gangs_taps import card, new_table

pytestmark = pytest.mark.browser
NARROW = {**PHONE, "viewport": {"width": 360, "height": 740}}


def watching(browser, live_server, table, lang):
    """A 360 px phone watching the table in `lang`, as a phone that chose it (?lang=, kept in its
    cookie so that the live pushes speak it too)."""
    context = browser.new_context(**NARROW)
    context.set_default_timeout(10_000)
    context.add_cookies([{"name": "lang", "value": lang, "url": live_server.url}])
    page = context.new_page()
    page.goto(f"{live_server.url}/t/{table.id}/watch?lang={lang}")
    return context, page


def test_two_phones_read_a_move_live_each_in_its_own_language(live_server, browser):
    table, act = new_table(live_server)
    (ja_ctx, ja), (fr_ctx, fr) = watching(browser, live_server, table, "ja"), watching(browser, live_server, table, "fr")
    try:
        wait_for_version(ja, 0), wait_for_version(fr, 0)
        act({"type": "give", "to": 1, "card": card(3)})  # entered on another phone
        wait_for_version(ja, 1), wait_for_version(fr, 1)
        expect(ja.locator("#h-1")).to_contain_text("Annが3をBobに渡します。")
        expect(fr.locator("#h-1")).to_contain_text("Ann donne un 3 à Bob.")
        assert "gives" not in ja.locator("#h-1").inner_text() + fr.locator("#h-1").inner_text()
        # The line fits the narrow screen: nothing scrolls sideways.
        for page in (ja, fr):
            assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
    finally:
        ja_ctx.close(), fr_ctx.close()
