"""Boss Kito says why a turn action is switched off: before any card is played,
that tokens go on cards already played; and every other action the rules close (empty piles, an
empty stock, an empty hand, a colour all played), in the rulebook's words, beside its control."""
from __future__ import annotations

import random
import re
from dataclasses import replace
from html import unescape
from urllib.parse import urlsplit

from companion.games import get_game
from companion.web.services import tables

from ..offers_checks import PLAYS, render_controls

GAME = get_game("bosskito")
ROW = [9, 8, 7, 6, 5]
PLACE = "b) place 1 or 2 banana tokens on already played banana cards"


def started(names=("Ann", "Bob")):
    state = GAME.setup(list(names), {"first_player": 0}, random.Random(1))
    state, _ = GAME.apply(state, {"type": "reveal", "row": ROW})
    return state


def why(state, kind):
    return next((w for w in GAME.withheld(state, PLAYS) if w["type"] == kind), None)


def test_before_a_card_is_played_placing_tokens_says_they_go_on_cards_already_played():
    # "b) place 1 or 2 banana tokens on already played banana cards: 1 or 2 banana tokens on 1
    # card or 1 banana token on one card and 1 banana token on another"
    state = started()
    entry = why(state, "place")
    assert entry["why"] == "Tokens go on banana cards already played: Ann has none on the table yet."
    assert entry["rule"].startswith(PLACE) and entry["source"] == "rulebook"
    assert not any(o["type"] == "place" for o in GAME.offers(state, PLAYS))
    state, _ = GAME.apply(state, {"type": "play", "colour": "red"})  # Ann plays; Bob has none yet
    assert why(state, "place")["why"].endswith("Bob has none on the table yet.")
    state, _ = GAME.apply(state, {"type": "play", "colour": "blue"})
    assert why(state, "place") is None, "Ann has a card out: she may place tokens, nothing withheld"


def test_draw_and_take_are_closed_with_the_important_things_to_note():
    # "If there are no cards in the discard pile to form a new draw pile, the action "draw a banana
    # card" cannot be chosen." · "If the general banana stock runs out, the action "take 3 bananas"
    # cannot be chosen."
    state = {**started(), "draw_pile": 0, "discard": 0, "stock": 0}
    assert why(state, "draw")["rule"] == ('If there are no cards in the discard pile to form a new draw pile, '
                                          'the action "draw a banana card" cannot be chosen.')
    assert why(state, "take")["rule"] == 'If the general banana stock runs out, the action "take 3 bananas" cannot be chosen.'
    assert why(started(), "draw") is None and why(started(), "take") is None


def test_an_empty_hand_closes_play_and_exchange_and_a_full_colour_closes_its_button():
    state = started()
    state["players"][0]["hand"] = 0
    assert why(state, "play")["why"] == "Ann has no banana card in hand to play."
    assert why(state, "exchange")["rule"].startswith("e) discard any number of cards from your hand")
    state = started()
    state["players"][1]["played"]["green"] = [0] * 10  # all ten green cards are out
    entry = why(state, "play")
    assert entry["field"] == "colour" and entry["values"] == ["green"]
    assert entry["why"] == "All 10 green banana cards are on the table."


def test_nothing_is_withheld_while_the_benefits_are_turned_up():
    state = GAME.setup(["Ann", "Bob"], {"first_player": 0}, random.Random(1))
    assert GAME.withheld(state, PLAYS) == []


def test_the_page_says_before_the_first_card_where_tokens_go(client, api):
    made = api.create(game="bosskito", players=("Ann", "Bob"))
    api.act(made, {"type": "reveal", "row": ROW})
    client.get(urlsplit(made["urls"]["play"]).path)
    html = client.get(f"/t/{made['id']}").text
    reason = re.search(r'<p class="because" id="why-place">(.*?)</p>', html, re.S).group(1)
    assert "Ann has none on the table yet." in reason and PLACE in reason
    # Where the placing comes (under its heading, before the draw and take buttons), not after a card.
    assert html.index("Place tokens on your cards") < html.index('id="why-place"') < html.index('class="targets"')


def test_empty_piles_and_stock_switch_draw_and_take_off_with_their_reasons_beside(app):
    with app.app_context():
        table = tables().create("bosskito", ["Ann", "Bob"], {"first_player": 0}, seed=1)
        state = {**started(), "draw_pile": 0, "discard": 0, "stock": 0}
        html, _ = render_controls(app, replace(table, state=state))
    html = unescape(html)
    assert re.search(r'<button [^>]*id="bk-draw"[^>]* disabled aria-describedby="why-draw">', html)
    assert re.search(r'<button [^>]*id="bk-take"[^>]* disabled aria-describedby="why-take">', html)
    draw = re.search(r'<p class="because" id="why-draw">(.*?)</p>', html, re.S).group(1)
    assert 'the action "draw a banana card" cannot be chosen.' in draw
    assert 'the action "take 3 bananas" cannot be chosen.' in re.search(r'<p class="because" id="why-take">(.*?)</p>', html, re.S).group(1)
