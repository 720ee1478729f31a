"""Gangs of Kyoto says why a control is switched off: the engine, beside its
offers, names who cannot receive the card and why, in the rulebook's words; the page shows it
beside the switched-off button; the API carries it."""
from __future__ import annotations

import random
import re
from urllib.parse import urlsplit

from companion.games import WATCHER, get_game

from ..offers_checks import PLAYS

GAME = get_game("gangs")
ONE_CARD = "If a player has already been given a card, they cannot receive another one this turn!"


def card(value, kind="plain", bells=0):
    return {"kind": kind, "bells": bells, "value": value}


def table(*gives, names=("Ann", "Bob", "Cy")):
    state = GAME.setup(list(names), {"first_player": 0}, random.Random(2))
    for to, c in gives:
        state, _ = GAME.apply(state, {"type": "give", "to": to, "card": c})
    return state


def test_a_player_who_had_a_card_this_turn_is_withheld_with_the_rulebooks_sentence():
    # "Each turn, every player (including the active player whose turn is being played) must
    # receive exactly one card. If a player has already been given a card, they cannot receive
    # another one this turn!"
    state = table((1, card(3)))
    entry = next(w for w in GAME.withheld(state, PLAYS) if w.get("field") == "to")
    assert entry == {"type": "give", "player": 0, "field": "to", "values": [1], "why": "Bob has already been given a card: they cannot receive another one this turn!",
                     "rule": ONE_CARD, "source": "rulebook"}
    # What is withheld is exactly what the offer leaves out, and the two never overlap.
    offer = GAME.offers(state, PLAYS)[0]
    assert set(entry["values"]) | set(offer["to"]) == {0, 1, 2} and not set(entry["values"]) & set(offer["to"])
    state = table((1, card(3)), (0, card(2)))
    assert next(w for w in GAME.withheld(state, PLAYS) if w.get("field") == "to")["why"] == "Ann and Bob have already been given a card: they cannot receive another one this turn!"


def test_nobody_is_withheld_at_a_turns_start_and_a_watcher_is_told_nothing():
    state = table()
    assert not [w for w in GAME.withheld(state, PLAYS) if w.get("field") == "to"]
    assert GAME.withheld(table((1, card(3))), WATCHER) == []


def test_who_cannot_refuse_is_said_with_the_refuse_cards_rule():
    # "This card allows the player to refuse any card given to them later - that card is discarded
    # together with this card."
    state = table((1, card(2, "refuse")))
    entry = next(w for w in GAME.withheld(state, PLAYS) if w.get("field") == "refuse")
    assert entry["values"] == [0, 2] and entry["why"] == "Ann and Cy have no Refuse card to refuse it with."
    assert entry["rule"].startswith("This card allows the player to refuse any card given to them later")


def test_the_give_waits_for_a_draw_symbols_card_and_says_so():
    # "As soon as the player who received this card places it in their row, they take a new card
    # from the top of the deck and place it to the right of the cards in their row!"
    state = table((2, card(1, "draw")))
    give = next(w for w in GAME.withheld(state, PLAYS) if w["type"] == "give")
    assert give["why"] == "Cy first takes a card from the deck for the Draw symbol." and "field" not in give
    assert give["rule"].startswith("As soon as the player who received this card places it in their row")


def _play_page(client, api):
    made = api.create(players=("Ann", "Bob", "Cy"))
    client.get(urlsplit(made["urls"]["play"]).path)
    return made, lambda: client.get(f"/t/{made['id']}").text


def test_the_page_switches_off_in_its_place_the_button_of_a_player_who_had_a_card(client, api):
    made, page = _play_page(client, api)
    assert "why-to" not in page()  # nobody has had a card yet: no reason, nothing switched off
    api.act(made, {"type": "give", "to": 1, "card": card(3)})
    html = page()
    # Bob's button stays in its place in the row (no button slides under a finger), switched off
    # and naming the reason under the row: the rulebook's sentence naming him.
    group = re.search(r'<div class="gto" id="gangs-to" role="group" aria-labelledby="gangs-what">(.*?)</form>', html, re.S).group(1)
    buttons = re.findall(r"<button([^>]*)><small>Give to</small> <bdi>(\w+)</bdi></button>", group)
    assert [name for _, name in buttons] == ["Ann", "Bob", "Cy"]
    assert [("disabled" in attrs, 'aria-describedby="why-to"' in attrs) for attrs, _ in buttons] == [
        (False, False), (True, True), (False, False)]
    reason = re.search(r'<p class="because" id="why-to">(.*?)</p>', group, re.S).group(1)
    assert reason == "Bob has already been given a card: they cannot receive another one this turn!"


def test_the_api_carries_what_is_withheld_next_to_the_offers(api):
    made = api.create(players=("Ann", "Bob", "Cy"))
    reply = api.act(made, {"type": "give", "to": 1, "card": card(3)})
    assert "offers" in reply and any(w.get("values") == [1] and w["rule"] == ONE_CARD for w in reply["withheld"])
    assert api.get(made)["withheld"] == []  # a reader without a token (a watcher) is told nothing
    assert api.get(made, made["token"])["withheld"] == reply["withheld"]
