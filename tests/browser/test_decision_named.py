"""Every decision is named on the phone that owes it, at 360 px: never a bare "Oda: a decision
waits for you." but what it asks, in the game's words (Game.asks) or by the control that answers it."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import PHONE
from .helpers import open_on, server_table

pytestmark = pytest.mark.browser
NARROW = {**PHONE, "viewport": {"width": 360, "height": 740}}


def test_boss_kitos_reveal_is_named_on_the_starting_players_phone(live_server, browser):
    table, _ = server_table(live_server, "bosskito", ["Oda", "Ben", "Cy"], {"first_player": 0})
    oda = open_on(browser.new_context(**NARROW), live_server, table, seat=0)
    cue = oda.locator("#cue")
    # The engine's own words for the reveal (its pending entry's `asks`).
    expect(cue).to_have_text("Oda: a decision waits for you: turn up round 1's five benefits and tap them in, left to right.")
    ben = open_on(browser.new_context(**NARROW), live_server, table, seat=1)
    expect(ben.locator("#cue")).to_be_hidden()  # owed by Oda alone


def test_a_gangs_draw_is_named_on_the_drawers_phone(live_server, browser):
    table, act = server_table(live_server, "gangs", ["Ann", "Ben", "Cy"], {"first_player": 0})
    cy = open_on(browser.new_context(**NARROW), live_server, table, seat=2)
    act({"type": "give", "to": 2, "card": {"kind": "draw", "bells": 0, "value": 1}})
    cue = cy.locator("#cue")
    expect(cue).to_contain_text("Cy: a decision waits for you: Cy draws from the deck")
    assert not cue.text_content().endswith("a decision waits for you.")


def test_the_games_own_words_name_a_decision_first(live_server, browser, monkeypatch):
    # Game.asks is where a game puts a decision's words (Boss Kito's own, for one): they come first.
    from companion.games import get_game
    game = type(get_game("bosskito"))
    monkeypatch.setattr(game, "asks", lambda self, state, d: "Turn up this round's five benefits" if d["type"] == "reveal" else None)
    table, _ = server_table(live_server, "bosskito", ["Oda", "Ben", "Cy"], {"first_player": 0})
    oda = open_on(browser.new_context(**NARROW), live_server, table, seat=0)
    expect(oda.locator("#cue")).to_have_text("Oda: a decision waits for you: Turn up this round's five benefits.")
