"""A randomised browser test: taps controls at random for a while; the page and the server stay
healthy, and the stored table is always exactly the fold of its log."""
from __future__ import annotations

import random

import pytest
from playwright.sync_api import expect

from companion.tables.table import fold

pytestmark = pytest.mark.browser
TAPS = 60


@pytest.mark.parametrize("game", ["kyotoan", "bosskito", "neko", "gangs"])
def test_random_taps_keep_page_and_server_healthy(live_server, phone, game):
    service = live_server.app.extensions["companion.tables"]
    table = service.create(game, ["Ann", "Bob", "Cy"], {"first_player": 0}, seed=11)
    if game == "kyotoan":
        service.act(table.id, table.record["host_token"], {"type": "market", "cards": ["heal", "tank", "energize"]})
    page = phone().new_page()
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{live_server.url}/t/{table.id}/play/{table.record['play_token']}")
    expect(page.locator("#netstate")).to_have_text("Live")
    rnd = random.Random(game)
    for _ in range(TAPS):
        controls = page.locator("#controls button:enabled, #controls .pick label, #controls select").all()
        if not controls:
            break
        target = rnd.choice(controls)
        try:
            if target.evaluate("e => e.tagName") == "SELECT":
                options = target.locator("option").all()
                target.select_option(index=rnd.randrange(len(options)), timeout=500)
            else:
                target.click(timeout=500)
        except Exception:  # the control was swapped out by a push between finding and tapping it
            continue
        page.wait_for_timeout(rnd.choice([0, 20, 60]))
    page.wait_for_timeout(300)
    assert errors == []
    expect(page.locator("#status")).to_be_visible()
    stored = service.get(table.id)
    assert stored.state == fold(stored.record)
    assert page.locator("#status").get_attribute("data-version") == str(stored.version)
    assert page.context.request.get(f"{live_server.url}/api/tables/{table.id}").ok
