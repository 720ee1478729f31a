"""Boss Kito on a 360 px phone, as a newcomer met it: while the benefits are turned up the heading
says so (it was blank), the starting player's phone says what it owes (not only "a decision waits
for you"), the symbols panel says step by step what to tap, and a double arrow won in the ninth
round asks nobody to pass the starting player card (no round follows)."""
from __future__ import annotations

import random

import pytest
from playwright.sync_api import expect

from ..offers_checks import PLAYS, draw_action
from .conftest import PHONE
from .helpers import open_on, server_table, wait_for_version

pytestmark = pytest.mark.browser
SMALL = {**PHONE, "viewport": {"width": 360, "height": 740}}


def test_the_reveal_is_named_in_the_heading_the_cue_and_the_symbols_panel(live_server, browser):
    table, act = server_table(live_server, "bosskito", ("Ann", "Oda", "Cy"), {"first_player": 1})
    contexts = [browser.new_context(**SMALL) for _ in range(2)]
    oda, ann = open_on(contexts[0], live_server, table, 1), open_on(contexts[1], live_server, table, 0)
    for page in (oda, ann):
        expect(page.locator("#status .turn")).to_have_text("Turn up the benefits")
    expect(oda.locator("#cue")).to_have_text(
        "Oda: a decision waits for you: turn up round 1's five benefits and tap them in, left to right.")
    expect(ann.locator("#cue")).to_be_hidden()  # Ann owes nothing
    # The symbols panel (open at the first reveal): what to do, in the words of its own chips.
    steps = oda.locator("details.symbols .symbol-steps li")
    expect(steps).to_have_count(3)
    expect(steps.nth(0)).to_have_text("Pick up one benefit card of each number, 1 to 9, and look for a symbol on it.")
    expect(steps.nth(1)).to_contain_text("⇄ its winner may pass the starting player card")
    expect(steps.nth(1)).to_contain_text("+card its winner draws a banana card")
    expect(steps.nth(1)).to_contain_text("+token its winner takes a banana token")
    expect(steps.nth(1)).to_contain_text("none when the card shows no symbol")
    for word in ("none", "⇄", "+card", "+token"):  # the chips say what the steps say
        expect(oda.locator("#bk-symbol-3").get_by_text(word, exact=True)).to_be_visible()
    size = steps.nth(1).evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
    assert size >= 12, f"the steps are {size} px"
    # Once the row is up, it is Oda's turn, said as usual.
    wait_for_version(oda, act({"type": "reveal", "row": [9, 8, 7, 6, 5]}))
    expect(oda.locator("#status .turn")).to_have_text("Oda's turn")
    expect(oda.locator("#cue")).to_have_text("Your turn, Oda.")
    for context in contexts:
        context.close()


def test_a_double_arrow_won_in_the_ninth_round_asks_nothing(live_server, browser):
    table, act = server_table(live_server, "bosskito", ("Ann", "Bob"), {"first_player": 0}, seed=7)
    game, rnd, state, moves = table.game, random.Random(7), table.state, []
    while not state["over"]:
        if state["round"] == 9 and state["phase"] == "reveal":
            # The last five benefit cards, whatever their numbers, each with a double arrow.
            left = [int(n) for n, k in sorted(state["revealed"].items()) for _ in range(int(n) - k)]
            move = {"type": "reveal", "row": left, "symbols": ["pass"] * 5}
        elif state["round"] == 9 and state["phase"] == "play":
            # Ann plays red once; Bob plays nothing: Ann wins red, its double arrow with it.
            mine = state["players"][state["current"]]
            offered = {o["type"]: o for o in game.offers(state, PLAYS)}
            if state["current"] == 0 and not mine["played"]["red"] and "play" in offered and "red" in offered["play"]["colour"]:
                move = {"type": "play", "colour": "red"}
            else:
                move = {"type": next(t for t in ("take", "draw", "exchange", "place", "play") if t in offered)}
                if move["type"] in ("exchange",):
                    move["count"] = 1
                elif move["type"] == "place":
                    move["on"] = offered["place"]["on"][:1]
                elif move["type"] == "play":
                    move["colour"] = next(c for c in offered["play"]["colour"] if c != "red")
        else:
            move = draw_action(game, state, rnd)
        moves.append(move)
        state = game.apply(state, move)[0]
    red = state["handed_out"]["columns"][0]
    assert state["handed_out"]["round"] == 9 and (red["colour"], red["player"]) == ("red", 0), "Ann won red's double arrow"
    act(*moves[:-1])
    ann = open_on(browser.new_context(**SMALL), live_server, table, 0)
    wait_for_version(ann, act(moves[-1]))
    expect(ann.locator("#history")).to_contain_text("No round follows the last: the double arrow passes no starting player card.")
    expect(ann.locator("#status .turn")).to_contain_text("Game over")
    expect(ann.locator("#controls")).not_to_contain_text("pass the starting player card")
    expect(ann.locator("#cue")).to_be_hidden()

