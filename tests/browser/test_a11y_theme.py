"""Dark mode: the pages follow the phone's colour scheme from the first paint, and the
header's "Dark theme" switch overrides it for this phone, remembered across pages and reloads
(a cookie, so the server draws the first paint in it); two taps hand the choice back to the
phone. (Contrast in both themes: test_a11y.py.)"""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import PHONE

pytestmark = pytest.mark.browser

# Run before any script of the page: the theme and the page's background at the first frame,
# before anything is painted (a wrong first paint would flash white on a dark phone).
FIRST_FRAME = """requestAnimationFrame(() => { window.firstFrame = [document.documentElement.dataset.theme,
  getComputedStyle(document.body || document.documentElement).backgroundColor]; });"""
DARK_PAPER, LIGHT_PAPER = "rgb(21, 18, 15)", "rgb(250, 246, 240)"


def open_phone(browser, scheme):
    ctx = browser.new_context(**PHONE, color_scheme=scheme)
    ctx.set_default_timeout(10_000)
    ctx.add_init_script(FIRST_FRAME)
    return ctx


def first_frame(page):
    page.wait_for_function("() => window.firstFrame !== undefined")
    return page.evaluate("window.firstFrame")


def test_a_dark_phone_gets_the_dark_theme_from_the_first_frame_and_a_light_one_the_light(live_server, browser):
    for scheme, paper in (("dark", DARK_PAPER), ("light", LIGHT_PAPER)):
        ctx = open_phone(browser, scheme)
        try:
            page = ctx.new_page()
            page.goto(live_server.url + "/")
            assert first_frame(page) == [None, paper]  # no choice made: the phone's own
            expect(page.get_by_role("button", name="Dark theme")).to_have_attribute("aria-pressed", "true" if scheme == "dark" else "false")
        finally:
            ctx.close()


def test_the_switch_overrides_the_phone_on_every_page_until_tapped_back(live_server, browser):
    ctx = open_phone(browser, "dark")
    try:
        page = ctx.new_page()
        page.goto(live_server.url + "/")
        switch = page.get_by_role("button", name="Dark theme")
        switch.click()
        expect(page.locator("html")).to_have_attribute("data-theme", "light")
        expect(switch).to_have_attribute("aria-pressed", "false")
        assert page.evaluate("getComputedStyle(document.body).backgroundColor") == LIGHT_PAPER

        page.goto(live_server.url + "/join")  # another page, loaded afresh: light from its first frame
        assert first_frame(page) == ["light", LIGHT_PAPER]
        page.reload()
        assert first_frame(page) == ["light", LIGHT_PAPER]
        page.emulate_media(color_scheme="light")
        page.emulate_media(color_scheme="dark")  # the phone changes its mind: the choice stands
        expect(page.locator("html")).to_have_attribute("data-theme", "light")

        page.get_by_role("button", name="Dark theme").click()  # back to the phone's own (dark)
        expect(page.locator("html")).not_to_have_attribute("data-theme", "light")
        assert page.evaluate("getComputedStyle(document.body).backgroundColor") == DARK_PAPER
        assert [c for c in ctx.cookies() if c["name"] == "theme"] == []
        page.emulate_media(color_scheme="light")  # following the phone again
        expect(page.get_by_role("button", name="Dark theme")).to_have_attribute("aria-pressed", "false")
        assert page.evaluate("getComputedStyle(document.body).backgroundColor") == LIGHT_PAPER
    finally:
        ctx.close()


def test_a_table_page_is_dark_too(live_server, browser):
    table = live_server.app.test_client().post(
        "/api/tables", json={"game": "gangs", "players": ["Ann", "Bob"], "options": {"first_player": 0}}).json
    ctx = open_phone(browser, "dark")
    try:
        page = ctx.new_page()
        page.goto(live_server.url + "/t/" + table["id"] + "/watch")
        expect(page.locator("#netstate")).to_have_text("Live")
        assert first_frame(page) == [None, DARK_PAPER]
        card = page.locator("#history").evaluate("e => [getComputedStyle(e).backgroundColor, getComputedStyle(e).color]")
        assert card == ["rgb(33, 28, 24)", "rgb(241, 235, 227)"]  # --card and --ink of the dark theme
    finally:
        ctx.close()
