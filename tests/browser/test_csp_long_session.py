"""A long session keeps the console clean, at 360 px: three seated phones and a watcher follow a
game of Gangs of Kyoto or Kyoto no Neko for 80 moves (pushes, scrolling, the charts fetched
again at each version once open), and not one console error is logged; above all no "Applying
inline style violates the Content Security Policy" (the CSP stays strict: style-src 'self').

Styles set through the CSSOM (element.style, as cue.js does for its pinned decision's spot, and as
a reader's own tools do) are allowed by the CSP; what is not is writing a style *attribute*, which
htmx's settling did for every styled element a push swapped. The session styles elements that way
on one phone, so that such a write would be counted."""
from __future__ import annotations

import random

import pytest
from playwright.sync_api import expect

from companion.games import Viewer

from ..offer_fills import FILLS
from .conftest import PHONE
from .helpers import open_on, wait_for_version

pytestmark = pytest.mark.browser
NARROW = {**PHONE, "viewport": {"width": 360, "height": 740}}
MOVES = 80
LISTEN = ("document.addEventListener('securitypolicyviolation', e => "
          "console.error('CSP violation: ' + e.violatedDirective + ' ' + e.sourceFile + ':' + e.lineNumber))")


@pytest.mark.parametrize("game", ["gangs", "neko"])
def test_a_long_session_logs_no_console_error(live_server, browser, game):
    service = live_server.app.extensions["companion.tables"]
    table = service.create(game, ["Ann", "Ben", "Cy"], {"first_player": 0}, seed=5)
    host = table.record["host_token"]
    errors, pages = [], []
    for seat in (0, 1, 2, "watch"):
        context = browser.new_context(**NARROW)
        context.add_init_script(LISTEN)
        if seat == "watch":
            page = context.new_page()
            page.goto(f"{live_server.url}/t/{table.id}/watch")
        else:
            page = open_on(context, live_server, table, seat)
        page.on("console", lambda m, s=seat: errors.append(f"{s}: {m.text}") if m.type == "error" else None)
        page.on("pageerror", lambda exc, s=seat: errors.append(f"{s}: {exc}"))
        pages.append(page)
    ann = pages[0]
    # Styled through the CSSOM (allowed): every element with an id a push may swap.
    ann.evaluate("document.querySelectorAll('#status, #board [id], #controls [id], #history [id]')"
                 ".forEach(el => { el.style.outline = '1px dotted'; })")
    rnd = random.Random(game)
    for n in range(MOVES):
        current = service.get(table.id)
        if current.state["over"]:
            break
        offer = rnd.choice(current.offers_for(Viewer(None, True), host=True))
        service.act(table.id, host, FILLS[game](offer, current.state, rnd))
        page = pages[n % len(pages)]
        page.mouse.wheel(0, rnd.choice([-600, 300, 600]))
        if n % 10 == 9:
            wait_for_version(page, service.get(table.id).version)
            charts = page.locator("#charts:not([open]) > summary")
            if charts.count():
                charts.click()
    final = service.get(table.id).version
    assert final >= MOVES // 2, "a long session"
    for page in pages:
        wait_for_version(page, final)
        expect(page.locator("#netstate")).to_have_text("Live")
    ann.wait_for_timeout(300)
    assert errors == []
