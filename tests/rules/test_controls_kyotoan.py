"""Last Kyotoan Standing's page draws its controls from the engine's offers alone: in random games
(monsters holding Keep cards with choices) every enabled control is an offer and every offer has
one, buttons carry the offer's prices, and no card is sold at its printed cost when it costs less."""
from __future__ import annotations

import random
import re

import pytest

from companion.games import WATCHER, Viewer
from companion.games.kyotoan.cards import CARDS
from companion.tables.table import Table

from ..kyotoan_helpers import GAME, act, new
from ..offers_checks import assert_controls_match, play_through_offers, render_controls
from .test_kyotoan_offers import rich


def table_at(state: dict, seats: list | None = None) -> Table:
    """A table showing `state` (its page needs no stored log to draw the controls)."""
    n = len(state["players"])
    record = {"id": "t" * 11, "game": "kyotoan", "version": 1, "players": [p["name"] for p in state["players"]],
              "seat_tokens": seats or [None] * n, "actions": [], "redo": [], "host_token": "h", "play_token": "p",
              "join_code": "ABCDEF"}
    return Table(record, state, ())


def buttons(html: str) -> list[str]:
    """The words on every enabled button."""
    found = re.findall(r"<button(?![^>]*disabled)[^>]*>(.*?)</button>", html, re.S)
    return [" ".join(re.sub(r"<[^>]+>", "", b).split()) for b in found]


@pytest.mark.parametrize("seed", range(10))
def test_the_controls_are_the_offers_in_random_games(app, seed):
    rnd = random.Random(seed)
    state = GAME.setup([f"P{i}" for i in range(2 + seed % 5)], {}, rnd)
    if seed % 3:
        state = rich(state, rnd)
    seen = [0]

    def visit(s):
        seen[0] += 1
        if seen[0] % 3:
            return
        html, offers = render_controls(app, table_at(s))
        assert_controls_match(html, offers)
        words = buttons(html)
        for o in offers:
            for c in o.get("cards", []) if o["type"] == "buy" else []:
                name = re.escape(CARDS[c["card"]].name)
                assert any(re.fullmatch(rf"Buy {name} \({c['price']}ϟ\)", w) for w in words), (c, words)

    play_through_offers(GAME, state, rnd, 300, visit=visit)
    assert seen[0] > 20


def test_a_watcher_gets_no_controls(app):
    html, offers = render_controls(app, table_at(new()), WATCHER)
    assert offers == [] and "<form" not in html


def test_a_discounted_card_is_sold_at_its_price_not_its_printed_cost(app):
    # Alien Origin: cards cost 1ϟ less. With 5ϟ, Acid Attack (printed 6ϟ) is for sale at 5ϟ.
    state = new(market=["acid_attack", "heal", "corner_store"])
    state["players"][0]["cards"] = ["alien_origin"]
    state["players"][0]["energy"] = 5
    state = act(state, type="roll", faces=["1", "1", "2", "2", "3", "3"])
    state = act(state, type="resolve")
    html, _ = render_controls(app, table_at(state))
    assert "Buy Acid Attack (5ϟ)" in buttons(html)


def test_a_held_seats_question_is_asked_on_its_phone_and_waits_on_the_others(app):
    state = new()
    state = act(state, type="roll", faces=["smash", "1", "1", "2", "2", "3"])
    state = act(state, type="resolve")  # Ann enters Kyoto City
    state = act(state, type="end_turn")
    state = act(state, type="roll", faces=["smash", "1", "1", "2", "2", "3"])
    state = act(state, type="resolve")  # Bob smashes Ann: she decides
    table = table_at(state, seats=["ann-phone", None, None])
    others, _ = render_controls(app, table)
    assert "Yield" not in buttons(others) and "Waiting for Ann" in others
    hers, _ = render_controls(app, table, Viewer(seat=0, can_act=True))
    assert "Yield" in buttons(hers) and "Stay in Kyoto" in buttons(hers)

