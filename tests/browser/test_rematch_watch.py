"""A watcher follows the table's rematch (every game, at 360 px): when a player's phone starts the
rematch, the watching phone is taken to the rematch's watch page, live; a watcher who opens the
finished table later finds the way there."""
from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from ..engine_checks import DATA
from .conftest import PHONE
from .helpers import open_on, wait_for_version

pytestmark = pytest.mark.browser
NARROW = {**PHONE, "viewport": {"width": 360, "height": 740}}
FINISHED = {"gangs": "gangs_game_two_players", "neko": "neko_game_two_kittens",
            "bosskito": "bosskito_game_two_players", "kyotoan": "kyotoan_game_twenty_stars"}


@pytest.mark.parametrize("game", sorted(FINISHED))
def test_the_watcher_is_taken_to_the_rematch(live_server, browser, game):
    record = json.loads((DATA / f"{FINISHED[game]}.json").read_text())
    service = live_server.app.extensions["companion.tables"]
    table = service.create(game, record["players"], record["options"], seed=record["seed"])
    for action in record["actions"]:
        service.act(table.id, table.record["host_token"], action)
    assert service.get(table.id).state["over"]

    watcher = browser.new_context(**NARROW).new_page()
    watcher.goto(f"{live_server.url}/t/{table.id}/watch")
    expect(watcher.locator("#netstate")).to_have_text("Live")
    player = open_on(browser.new_context(**NARROW), live_server, table, seat=0)
    player.get_by_role("button", name="Rematch with the same players").click()
    expect(player).not_to_have_url(re.compile(table.id))
    rematch = player.url.rsplit("/", 1)[-1]
    expect(watcher).to_have_url(f"{live_server.url}/t/{rematch}/watch")
    expect(watcher.locator("#netstate")).to_have_text("Live")
    wait_for_version(watcher, 0)
    # Opened later, the finished table links to it.
    late = browser.new_context(**NARROW).new_page()
    late.goto(f"{live_server.url}/t/{table.id}/watch")
    expect(late.get_by_role("link", name="The rematch is on: watch it")).to_have_attribute("href", f"/t/{rematch}/watch")
