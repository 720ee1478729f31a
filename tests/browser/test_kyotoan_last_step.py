"""The roll's last step on the phones at 360 px: Psychic Probe asked on its owner's phone, the
one-tap "Final dice: resolve" waiting for it, Herd Culler on the last roll, and the cards a newcomer
met entered as the dice and the energy allow (Camouflage, Made in a Lab, Freeze Time)."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import PHONE
from .helpers import open_on, server_table, wait_for_version
from .taps import count_taps, taps

pytestmark = pytest.mark.browser
NARROW = {**PHONE, "viewport": {"width": 360, "height": 740}}
MARKET = {"type": "market", "cards": ["background_dweller", "alien_origin", "corner_store"]}


def tap_dice(page, faces):
    for face in faces:
        page.locator(f".dice-entry .face-key[data-face='{face}']").click()


def owning(live_server, cards, names=("Ann", "Bob")):
    """A table whose monsters own these Keep cards ({player: [cards]}) from the start, Ann to roll."""
    table, act = server_table(live_server, "kyotoan", names, {"first_player": 0})
    service = live_server.app.extensions["companion.tables"]
    act(MARKET)
    record = service.get(table.id)
    state = record.state
    for i, owned in cards.items():
        state["players"][i]["cards"] = list(owned)
    return table, act


def test_herd_culler_on_the_last_roll_leaves_the_turn_going(live_server, browser):
    table, act = server_table(live_server, "kyotoan", ["Ann", "Bob"], {"first_player": 0})
    energy = {"type": "roll", "faces": ["energy"] * 6}
    act(MARKET, energy, {"type": "resolve"}, {"type": "buy", "card": "corner_store"},
        {"type": "market", "cards": ["herd_culler", "background_dweller", "alien_origin"]},
        {"type": "buy", "card": "herd_culler"}, {"type": "market", "cards": ["heal", "background_dweller", "alien_origin"]},
        {"type": "end_turn"}, {"type": "roll", "faces": ["1", "2", "3", "1", "2", "heart"]}, {"type": "resolve"},
        {"type": "end_turn"})
    page = open_on(browser.new_context(**NARROW), live_server, table)
    tap_dice(page, ["smash", "smash", "1", "1", "2", "3"])
    page.get_by_role("button", name="Enter and roll again").click()  # roll 1 of 3, on the pad
    wait_for_version(page, 12)
    page.locator(".dice-entry .chip").nth(5).click()
    tap_dice(page, ["2"])
    page.get_by_role("button", name="Enter and roll again").click()  # roll 2
    wait_for_version(page, 13)
    page.locator(".dice-entry .chip").nth(5).click()
    tap_dice(page, ["heart"])
    page.get_by_role("button", name="Final dice: resolve").click()  # roll 3, the last
    wait_for_version(page, 14)
    # Herd Culler may change a die: the roll stops there, its resolve in view beside the card.
    resolve = page.get_by_role("button", name="Resolve the dice: ✸ ✸ 1 1 2 ♥")
    expect(resolve).to_be_visible()
    page.get_by_role("button", name="Make it a 1").click()
    resolve = page.get_by_role("button", name="Resolve the dice: 1 ✸ 1 1 2 ♥")
    expect(resolve).to_be_visible()
    resolve.click()
    expect(page.get_by_role("button", name="End Alienoid's turn")).to_be_visible()
