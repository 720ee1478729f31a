"""Keep-awake: a table page keeps the phone's screen on while it is open and visible
(the Screen Wake Lock API, real in Chromium: 127.0.0.1 is a secure context), asks again when the
page is shown after the browser let the lock go, and has a switch in the header, remembered by
the phone; on plain HTTP by a network name the switch says why it cannot.

Headless Chromium never hides a page, so "the page is hidden" is played as the browser plays it:
the lock is released (the real sentinel's release()) and the page hears visibilitychange."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .conftest import CHROMIUM_FLAGS, PHONE

pytestmark = pytest.mark.browser
NAME = "kyoto.test"  # a reserved name (RFC 2606) only Chromium's resolver rule knows

# Every lock the page is given, kept where the test can reach it (the page's own code is unchanged).
KEEP_LOCKS = """if (navigator.wakeLock) {
  window.locks = [];
  const request = navigator.wakeLock.request.bind(navigator.wakeLock);
  navigator.wakeLock.request = (type) => request(type).then((lock) => { window.locks.push(lock); return lock; });
}"""
HIDE = """(hidden) => { Object.defineProperty(document, 'visibilityState', {value: hidden ? 'hidden' : 'visible', configurable: true});
  document.dispatchEvent(new Event('visibilitychange')); }"""


def new_table(server) -> str:
    body = {"game": "gangs", "players": ["Ann", "Bob"], "options": {"first_player": 0}}
    return server.app.test_client().post("/api/tables", json=body).json["id"]


@pytest.fixture
def table_page(live_server, browser):
    """A phone on a new table's page, its locks kept for the test."""
    ctx = browser.new_context(**PHONE)
    ctx.add_init_script(KEEP_LOCKS)
    page = ctx.new_page()
    page.goto(f"{live_server.url}/t/{new_table(live_server)}/watch")
    yield page
    ctx.close()


def held(page) -> list[bool]:
    """Whether each lock the page was given is still held, oldest first."""
    return page.evaluate("window.locks.map(l => !l.released)")


def test_a_table_page_keeps_the_screen_on_and_asks_again_when_shown(table_page):
    page = table_page
    switch = page.get_by_role("switch", name="Stay awake")
    expect(switch).to_have_attribute("aria-checked", "true")
    expect(switch).to_have_text(re.compile(r"^\s*Stay awake\s+on\s*$"))
    assert held(page) == [True]

    page.evaluate("window.locks[0].release()")  # what the browser does when the page is hidden
    page.evaluate(HIDE, True)
    expect(switch).to_have_attribute("data-state", "paused")
    assert held(page) == [False]
    page.evaluate(HIDE, False)  # shown again: asked again
    expect(switch).to_have_attribute("data-state", "on")
    assert held(page) == [False, True]


def test_the_switch_lets_the_screen_sleep_and_the_phone_remembers(live_server, table_page):
    page = table_page
    switch = page.get_by_role("switch", name="Stay awake")
    expect(switch).to_have_attribute("aria-checked", "true")
    switch.click()
    expect(switch).to_have_attribute("aria-checked", "false")
    expect(switch).to_have_text(re.compile(r"^\s*Stay awake\s+off\s*$"))
    assert held(page) == [False]

    page.goto(f"{live_server.url}/t/{new_table(live_server)}/watch")  # another table: still off
    switch = page.get_by_role("switch", name="Stay awake")
    expect(switch).to_have_attribute("data-state", "off")
    page.evaluate(HIDE, False)  # shown again: nothing asked, the phone said no
    assert held(page) == []
    switch.click()
    expect(switch).to_have_attribute("aria-checked", "true")
    assert held(page) == [True]

    page.goto(live_server.url + "/")  # not a table: no switch, no lock
    expect(page.get_by_role("switch", name="Stay awake")).to_have_count(0)
    assert held(page) == []


def test_over_plain_http_by_a_network_name_the_switch_says_why_it_cannot(live_server, playwright_chromium):
    chromium, path = playwright_chromium
    browser = chromium.launch(executable_path=path, args=CHROMIUM_FLAGS + [f"--host-resolver-rules=MAP {NAME} 127.0.0.1"])
    try:
        page = browser.new_context(**PHONE).new_page()
        port = live_server.url.rsplit(":", 1)[1]
        page.goto(f"http://{NAME}:{port}/t/{new_table(live_server)}/watch")
        assert page.evaluate("isSecureContext") is False
        switch = page.get_by_role("switch", name="Stay awake")
        expect(switch).to_contain_text("needs https")
        expect(switch).to_have_attribute("aria-disabled", "true")
        expect(switch).to_have_attribute("aria-checked", "false")
        expect(switch).to_have_attribute("title", "Only a page opened over https may keep the screen on: set a longer screen timeout instead.")
        switch.click(force=True)  # nothing to switch on (Playwright would wait for an enabled control)
        expect(switch).to_have_attribute("aria-checked", "false")
    finally:
        browser.close()
