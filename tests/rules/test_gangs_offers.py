"""Gangs of Kyoto offers (api.md, "Offers"): whole games played through offers alone, unoffered
actions refused, every listed choice accepted, the page's controls drawn from the offers, and
the API carrying them."""
from __future__ import annotations

import itertools
import json
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import WATCHER, RuleViolation, get_game
from companion.games.gangs import cards
from companion.games.gangs.cards import KINDS

from ..offer_fills import fill_gangs as fill
from ..offers_checks import PLAYS, assert_controls_match, play_through_offers, refuse_unoffered, render_controls
from .test_gangs_properties import check_invariants

GAME = get_game("gangs")
STEPS = 4000  # far more than a game takes: a game that has not ended by then is stuck


def make(kind: str, player: int | None, state: dict, rnd: random.Random) -> dict:
    """A well-formed action of any type, for any player (or none): refused unless it matches an offer."""
    choice = rnd.choice(cards.choices())  # a card a table may enter: refused for the move, not the card
    action = {"type": kind, "card": {"kind": choice["kind"], "bells": choice["bells"], "value": rnd.choice(choice["values"])}}
    if kind == "give":
        action["to"] = rnd.randrange(len(state["players"]))
    if player is not None:
        action["player"] = player
    return action


def every_filling(offer: dict):
    """Every action the offer lists: each card choice with each of its values, to each recipient, refused or not."""
    targets = offer["to"] if offer["type"] == "give" else [None]
    for choice, to in itertools.product(offer["cards"], targets):
        values = offer["refuse_values"] if to is None else offer["refuse_values"][to]
        assert bool(values) == (offer["refuse"] if to is None else to in offer["refuse"])
        for value, refuse in itertools.product(choice["values"], (False, True, *values) if values else (False,)):
            action = {"type": offer["type"], "player": offer["player"], "refuse": refuse,
                      "card": {"kind": choice["kind"], "bells": choice["bells"], "value": value}}
            if to is not None:
                action["to"] = to
            yield action


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(2, 5), open_vp=st.booleans(), whole_deck=st.booleans())
def test_whole_games_played_through_offers_alone_end(seed, n, open_vp, whole_deck):
    rnd = random.Random(seed)
    state = GAME.setup([f"P{i}" for i in range(n)], {"open_vp": open_vp, "whole_deck": whole_deck}, rnd)
    tried = []

    def visit(s):
        if not s["over"]:
            tried.append(refuse_unoffered(GAME, s, rnd, make))

    end = play_through_offers(GAME, state, rnd, STEPS, check=check_invariants, visit=visit)
    assert end["over"] and end["winner"] == end["standings"][0]
    assert end["ended_by"] in ({"deck", "cards"} if whole_deck else {"bells", "cards"})
    assert sum(tried) > 0, "unoffered actions were tried on the way"


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(2, 5))
def test_every_choice_an_offer_lists_is_accepted(seed, n):
    rnd = random.Random(seed)
    state = GAME.setup([f"P{i}" for i in range(n)], {}, rnd)
    checked = []

    def accepts_every_filling(s):
        if len(checked) % 9 == 0:  # every ninth state of the game: a few hundred actions each
            for offer in GAME.offers(s, PLAYS):
                for action in every_filling(offer):
                    try:
                        GAME.apply(s, action)
                    except RuleViolation as exc:
                        raise AssertionError(f"offered {offer['type']} refused {action}: {exc}") from None
        checked.append(s)

    play_through_offers(GAME, state, rnd, STEPS, visit=accepts_every_filling)
    assert len(checked) > 9


def test_the_offer_follows_the_turn_the_draw_and_the_refuse_cards():
    state = GAME.setup(["Ann", "Bob", "Cy"], {"first_player": 0}, random.Random(0))
    [give] = GAME.offers(state, PLAYS)
    assert (give["type"], give["player"], give["to"], give["refuse"], give["cards_left"]) == ("give", 0, [0, 1, 2], [], 3)
    assert {(c["kind"], c["bells"]) for c in give["cards"]} == {(k, b) for k, (_, _, bells, _) in KINDS.items() for b in bells}
    state, _ = GAME.apply(state, {"type": "give", "to": 1, "card": {"kind": "refuse", "value": 0}})
    state, _ = GAME.apply(state, {"type": "give", "to": 0, "card": {"kind": "draw", "value": 1}})
    # Ann's Draw symbol: only Ann's draw is offered (no give until it is done); she holds no Refuse card.
    assert GAME.offers(state, PLAYS) == [{"type": "draw", "player": 0, "refuse": False, "refuse_values": [], "cards": give["cards"]}]
    state, _ = GAME.apply(state, {"type": "draw", "card": {"kind": "plain", "value": 2}})
    [give] = GAME.offers(state, PLAYS)
    assert (give["to"], give["refuse"], give["cards_left"]) == ([2], [], 1)  # Bob already received
    state, _ = GAME.apply(state, {"type": "give", "to": 2, "card": {"kind": "plain", "value": 0}})
    [give] = GAME.offers(state, PLAYS)
    assert (give["player"], give["to"], give["refuse"]) == (1, [0, 1, 2], [1])  # Bob's turn; Bob may refuse


def test_an_action_naming_another_player_is_refused_with_who_the_rules_wait_for():
    state = GAME.setup(["Ann", "Bob"], {"first_player": 0}, random.Random(0))
    card = {"kind": "plain", "value": 1}
    for action, words in [({"type": "give", "player": 1, "to": 0, "card": card}, "Ann gives the cards this turn, not Bob."),
                          ({"type": "give", "player": 7, "to": 0, "card": card}, "a player index"),
                          ({"type": "draw", "player": 0, "card": card}, "Nobody owes a draw")]:
        try:
            GAME.apply(state, action)
        except RuleViolation as exc:
            assert words in str(exc)
        else:
            raise AssertionError(f"{action} was accepted")
    state, _ = GAME.apply(state, {"type": "give", "player": 0, "to": 1, "card": {"kind": "draw", "value": 0}})
    try:
        GAME.apply(state, {"type": "draw", "player": 0, "card": card})
    except RuleViolation as exc:
        assert str(exc) == "Bob draws for the Draw symbol, not Ann."
    else:
        raise AssertionError("Ann drew Bob's card")


def test_a_watcher_is_offered_nothing():
    state = GAME.setup(["Ann", "Bob"], {"first_player": 0}, random.Random(0))
    assert GAME.offers(state, WATCHER) == [] and GAME.offers(state, PLAYS) != []


# -- the page's controls ----------------------------------------------------------------------
def drawn(html: str) -> dict:
    """What the gangs controls let a phone send: for whom, recipients, refusals, and the cards (one
    tile each: kind, bells and value together); which tile is checked before any tap."""
    sets = [json.loads(v) for v in re.findall(r"name=\"_set\" value='([^']*)'", html)]
    tiles = re.findall(r"<input type=\"radio\" name=\"card:json\" id=\"[^\"]+\" value='([^']*)'([^>]*)>", html)
    return {
        "player": [int(v) for v in re.findall(r'type="hidden"[^>]*name="player:int" value="(\d+)"', html)],
        "to": sorted(s["to"] for s in sets if "to" in s and "refuse" not in s),
        "refuse": sorted(((s.get("to"), s["refuse"]) for s in sets if "refuse" in s), key=repr),
        "cards": [(c["kind"], c["bells"], c["value"]) for c in (json.loads(v) for v, _ in tiles)],
        "preset": [v for v, rest in tiles if "checked" in rest],
        "other card fields": re.findall(r'name="card\.[^"]*"', html),
    }


def expected(offer: dict) -> dict:
    """The same, as the offer lists it (a draw's single refusal names no recipient; a seat holding
    Refuse cards of different values gets a button per value, else one `true`); no card preset."""
    if offer["type"] == "give":
        held = [(i, offer["refuse_values"][i]) for i in offer["refuse"]]
    else:
        held = [(None, offer["refuse_values"])] if offer["refuse"] else []
    refuse = sorted(((i, v) for i, values in held for v in (values if len(values) > 1 else [True])), key=repr)
    return {
        "player": [offer["player"]],
        "to": sorted(offer["to"]) if offer["type"] == "give" else [],
        "refuse": refuse,
        "cards": [(c["kind"], c["bells"], v) for c in offer["cards"] for v in c["values"]],
        "preset": [],
        "other card fields": [],
    }


@pytest.mark.slow
def test_the_controls_are_the_offers_in_many_random_states(app):
    from companion.web.services import tables

    with app.app_context():
        service = tables()
        rendered = ended = 0
        for seed in range(16):
            rnd = random.Random(seed)
            n = 2 + seed % 4
            table = service.create("gangs", [f"P{i}" for i in range(n)], {"open_vp": seed % 3 == 0, "whole_deck": seed % 2 == 1}, seed)
            host = table.record["host_token"]
            for _ in range(120):
                html, offers = render_controls(app, table)
                assert_controls_match(html, offers)
                if table.state["over"]:
                    assert offers == []
                    ended += 1
                    break
                [offer] = offers
                assert drawn(html) == expected(offer)
                assert f"<bdi>{table.state['players'][offer['player']]['name']}</bdi> {'reveals' if offer['type'] == 'give' else 'draws'}" in html
                rendered += 1
                table, _ = service.act(table.id, host, fill(offer, table.state, rnd))
        assert rendered > 1000 and ended > 8, "many states, and finished games too"
        watcher_html, watcher_offers = render_controls(app, table, WATCHER)
        assert watcher_offers == [] and 'name="type"' not in watcher_html


# -- the JSON API ------------------------------------------------------------------------------
def test_the_api_carries_offers_for_a_play_token_and_none_for_a_watcher(api):
    table = api.create("gangs", ("Ann", "Bob", "Cy"))
    play = table["urls"]["play"].rsplit("/", 1)[-1]
    [give] = api.get(table, play)["offers"]
    assert (give["type"], give["player"], give["to"], give["refuse"]) == ("give", 0, [0, 1, 2], [])
    assert api.get(table)["offers"] == []  # a watcher: no token
    reply = api.act(table, {"type": "give", "player": 0, "to": 2, "card": {"kind": "draw", "value": 1}}, token=play)
    assert reply["offers"] == [{"type": "draw", "player": 2, "refuse": False, "refuse_values": [], "cards": give["cards"]}]
    refused = api.act(table, {"type": "give", "to": 0, "card": {"kind": "plain", "value": 1}}, token=play, status=422)
    assert refused["error"] == "Cy must first take a card from the deck for the Draw symbol."
    reply = api.act(table, {"type": "draw", "card": {"kind": "plain", "value": 1}}, token=play)
    assert [(o["type"], o["player"], o["to"]) for o in reply["offers"]] == [("give", 0, [0, 1])]
