"""The roll's last step (api.md, v4 "Rules: the roll's last step"), as the rulebook and its edition
rulings state it (../shared/rules/last-kyotoan-standing.md):

- Herd Culler: "You can change one of your dice to a 1 each turn."; Plot Twist: "Before resolving
  your dice, you may change one die to any result. Discard when used."; Stretchy: "Before resolving
  your dice, you can spend 2ϟ to change one of your dice to any result."
- Edition ruling: "Herd Culler, Plot Twist and Stretchy change dice after your last Roll and after
  any Psychic Probe rerolls, immediately before you resolve."
- Psychic Probe: "You can reroll a die of your choice after the last Roll of each other Monster. If
  the result of your reroll is ♥, discard this card."
- Metamorph: "At the end of your turn you can discard any keep cards you have to gain their full
  cost in ϟ."
- Freeze Time: "On a turn where you roll at least 1 1 1 or more, you can take another turn with one
  less die."
- Made in a Lab: "During the Buy Power cards step, you can peek at the top card of the deck and buy
  it or put it back on top of the deck."
"""
from __future__ import annotations

import random

import pytest

from companion.games import RuleViolation

from ..kyotoan_helpers import GAME, act, dice, new, turn
from ..offer_fills import fill_kyotoan
from ..offers_checks import PLAYS, assert_refused


def owning(cards: dict[int, list[str]], n=3, energy=0):
    s = new(n)
    for i, owned in cards.items():
        s["players"][i].update(cards=list(owned), energy=energy)
    return s


def refused(state, action, words):
    with pytest.raises(RuleViolation, match=words):
        GAME.apply(state, action)


def offered_uses(state):
    return {(o["card"], o["player"]) for o in GAME.offers(state, PLAYS) if o["type"] == "use"}


# -- 1. A die change closes the rolling --------------------------------------------------------
@pytest.mark.parametrize("card, face", [("herd_culler", None), ("plot_twist", "smash"), ("stretchy", "smash")])
def test_no_roll_follows_a_die_change(card, face):
    s = owning({0: [card]}, energy=2)
    s = act(s, type="roll", faces=dice("123 hes"))  # roll 1 of 3
    s = act(s, type="use", card=card, die=0, **({"face": face} if face else {}))
    assert not any(o["type"] == "roll" for o in GAME.offers(s, PLAYS))
    assert GAME.pending(s) == [{"type": "roll", "player": 0, "dice": 6, "rolls_left": 0}]
    refused(s, {"type": "roll", "faces": dice("123 hes")}, "rolling is over this turn \\(a die was changed\\)")
    refused(s, {"type": "roll"}, "rolling is over")
    s = act(s, type="resolve")
    assert s["phase"] == "buy"


def test_no_roll_follows_a_probe_reroll():
    s = owning({1: ["psychic_probe"]})
    s = act(s, type="roll", faces=dice("111 23e"))
    s = act(s, type="resolve")  # rolls left: the rolling ends and Bob is asked
    s = act(s, type="use", card="psychic_probe", player=1, die=5, face="2")
    refused(s, {"type": "roll", "faces": dice("111 23e")}, "Psychic Probe rerolled a die")
    assert not any(o["type"] == "roll" for o in GAME.offers(s, PLAYS))


def test_a_die_change_waits_for_the_probe_and_a_probe_is_refused_after_a_die_change():
    # "after your last Roll and after any Psychic Probe rerolls": Bob is asked before Ann's Herd Culler.
    s = owning({0: ["herd_culler"], 1: ["psychic_probe"]})
    s = act(s, type="roll", faces=dice("sss 123"))
    refused(s, {"type": "use", "card": "herd_culler", "die": 0}, "end the rolling \\(resolve\\) and Cyber Kitty \\(Bob\\) may reroll first")
    s = act(s, type="resolve")
    refused(s, {"type": "use", "card": "herd_culler", "die": 0},
            "Psychic Probe first: Cyber Kitty \\(Bob\\) may reroll one of Alienoid \\(Ann\\)'s dice or pass.")
    s = act(s, type="use", card="psychic_probe", player=1, **{"pass": True})
    s = act(s, type="use", card="herd_culler", die=0)
    assert s["dice"][0] == "1"
    # Once a die is changed no probe may undo it (a Herd Culler 1 probed back to ✸).
    t = owning({0: ["herd_culler"], 1: ["psychic_probe"]})
    t["players"][1]["auto_pass"] = ["psychic_probe"]  # never asked: Ann may change her die at once
    t = act(t, type="roll", faces=dice("sss 123"))
    t = act(t, type="use", card="herd_culler", die=0)
    t["players"][1]["auto_pass"] = []
    refused(t, {"type": "use", "card": "psychic_probe", "player": 1, "die": 0, "face": "smash"},
            "has changed a die already: Psychic Probe rerolls before dice are changed")
    assert ("psychic_probe", 1) not in offered_uses(t)


# -- 2. Psychic Probe is asked ------------------------------------------------------------------
def test_the_question_opens_by_itself_after_the_last_roll_and_resolve_waits_naming_the_owner():
    s = owning({1: ["psychic_probe"], 2: ["psychic_probe"]})
    assert ("psychic_probe", 1) not in offered_uses(s)
    for _ in range(2):
        s = act(s, type="roll", faces=dice("123 hes"))
        refused(s, {"type": "use", "card": "psychic_probe", "player": 1, "die": 0, "face": "1"},
                "Psychic Probe rerolls after Alienoid \\(Ann\\)'s last roll")
    s, lines = GAME.apply(s, {"type": "roll", "faces": dice("111 hes")})  # roll 3 of 3: none left
    assert lines[-1] == ("Psychic Probe: Cyber Kitty (Bob) and Giga Zaur (Cy) may reroll one of Alienoid (Ann)'s dice "
                         "or pass, each.")
    assert s["pending"] == [{"type": "psychic_probe", "player": 1, "of": 0}, {"type": "psychic_probe", "player": 2, "of": 0}]
    refused(s, {"type": "resolve"}, "^Psychic Probe first: Cyber Kitty \\(Bob\\) and Giga Zaur \\(Cy\\) may reroll")
    s = act(s, type="use", card="psychic_probe", player=1, **{"pass": True})
    refused(s, {"type": "resolve"}, "Giga Zaur \\(Cy\\) may reroll")
    s = act(s, type="use", card="psychic_probe", player=2, die=0, face="3")
    assert s["pending"] == [{"type": "roll", "player": 0, "dice": 6, "rolls_left": 0}]
    s = act(s, type="resolve")
    assert s["players"][0]["stars"] == 1  # 1 1 3: no triple; the City's star only


def test_a_resolve_with_rolls_left_ends_the_rolling_and_resolves_nothing_yet():
    s = owning({1: ["psychic_probe"]})
    s = act(s, type="roll", faces=dice("sss eee"))
    s, lines = GAME.apply(s, {"type": "resolve"})
    assert lines == ["Alienoid (Ann) ends the rolling.",
                     "Psychic Probe: Cyber Kitty (Bob) may reroll one of Alienoid (Ann)'s dice or pass."]
    assert s["phase"] == "roll" and s["players"][0]["energy"] == 0 and s["kyoto"]["city"] is None
    refused(s, {"type": "roll", "faces": dice("sss eee")}, "Psychic Probe first")
    s = act(s, type="use", card="psychic_probe", player=1, **{"pass": True})
    refused(s, {"type": "roll", "faces": dice("sss eee")}, "rolling is over")
    s = act(s, type="resolve")
    assert s["players"][0]["energy"] == 3 and s["phase"] == "buy"


def test_without_an_owner_to_ask_a_resolve_resolves_at_once():
    s = act(new(), type="roll", faces=dice("sss eee"))
    s = act(s, type="resolve")
    assert s["phase"] == "buy" and s["players"][0]["energy"] == 3


def test_who_is_asked_the_other_living_owners_not_yet_used_nor_passed_nor_never_asked():
    s = owning({0: ["psychic_probe"], 1: ["psychic_probe"], 2: ["psychic_probe"]})
    s["players"][2]["auto_pass"] = ["psychic_probe"]
    s = act(s, type="roll", faces=dice("123 hes"))
    s = act(s, type="resolve")
    assert [p["player"] for p in s["pending"]] == [1]  # not Ann (her own roll), not Cy (never asked)
    refused(s, {"type": "use", "card": "psychic_probe", "player": 2, "die": 0, "face": "1"}, "passes on Psychic Probe automatically")
    s = act(s, type="use", card="psychic_probe", player=1, **{"pass": True})
    refused(s, {"type": "use", "card": "psychic_probe", "player": 1, "die": 0, "face": "1"}, "passed on Psychic Probe this turn")


def test_a_pass_is_a_pass_alone():
    s = owning({1: ["psychic_probe"]})
    s = act(act(s, type="roll", faces=dice("123 hes")), type="resolve")
    refused(s, {"type": "use", "card": "psychic_probe", "player": 1, "pass": True, "die": 0}, "or \"pass\": true alone")
    refused(s, {"type": "use", "card": "psychic_probe", "player": 1, "pass": False}, "or \"pass\": true alone")


def test_auto_pass_is_a_seat_setting_like_auto_yield():
    s = owning({1: ["psychic_probe"]})
    assert GAME.owner_of(s, {"type": "auto_pass", "player": 1, "card": "psychic_probe", "on": True}) == 1
    s, lines = GAME.apply(s, {"type": "auto_pass", "player": 1, "card": "psychic_probe", "on": True})
    assert lines == ["Cyber Kitty (Bob) passes on it without being asked (Psychic Probe)."]
    s = act(s, type="roll", faces=dice("123 hes"))
    s = act(s, type="resolve")
    assert s["phase"] == "buy"  # never asked: the dice resolved at once
    s = act(s, type="auto_pass", player=1, card="psychic_probe", on=False)
    assert s["players"][1]["auto_pass"] == []
    refused(s, {"type": "auto_pass", "player": 1, "card": "herd_culler", "on": True}, "'card' is one of: psychic_probe")


def test_the_probe_question_is_its_owners_decision():
    s = owning({1: ["psychic_probe"]})
    s = act(act(s, type="roll", faces=dice("123 hes")), type="resolve")
    assert GAME.decisions(s) == [{"type": "psychic_probe", "player": 1, "of": 0}]
    assert GAME.owner_of(s, {"type": "use", "card": "psychic_probe", "player": 1, "pass": True}) == 1


# -- 3. Metamorph pays at the end of the turn ----------------------------------------------------
def test_metamorph_energy_comes_at_the_end_of_the_turn_and_cannot_be_spent_in_it():
    s = owning({0: ["metamorph", "jets"]})
    s = act(act(s, type="roll", faces=dice("123 123")), type="resolve")
    s, lines = GAME.apply(s, {"type": "use", "card": "metamorph", "sell": ["jets"]})
    assert lines == ["Alienoid (Ann) will discard Jets at the end of its turn (Metamorph: +5ϟ then)."]
    assert s["players"][0]["energy"] == 0 and "jets" in s["players"][0]["cards"]
    refused(s, {"type": "buy", "card": "heal"}, "costs")  # Heal: 3ϟ, Ann has 0
    refused(s, {"type": "sweep"}, "Sweeping costs 2ϟ; Alienoid \\(Ann\\) has 0ϟ")
    assert not any(o["type"] in ("buy", "sweep") for o in GAME.offers(s, PLAYS))
    refused(s, {"type": "use", "card": "metamorph", "sell": ["jets"]}, "not put up for sale yet")
    s = act(s, type="end_turn")
    ann = s["players"][0]
    assert ann["cards"] == ["metamorph"] and ann["energy"] == 5 and "jets" in s["discard"]


# -- 4. Freeze Time is offered -------------------------------------------------------------------
def test_freeze_time_may_be_declined():
    s = owning({0: ["freeze_time"]})
    s = turn(s, "111 23 e")  # ends the turn
    assert s["current"] == 0 and s["phase"] == "freeze_time"
    assert [o for o in GAME.offers(s, PLAYS) if o["type"] == "freeze_time"] == \
        [{"type": "freeze_time", "player": 0, "take": [True, False]}]
    assert GAME.decisions(s) == [{"type": "freeze_time", "player": 0}]
    refused(s, {"type": "freeze_time", "player": 1, "take": True}, "Cyber Kitty \\(Bob\\) has no Freeze Time turn")
    s = act(s, type="freeze_time", player=0, take=False)
    assert s["current"] == 1 and GAME.dice_count(s, 1) == 6 and s["phase"] == "roll"


# -- Made in a Lab at 0ϟ ---------------------------------------------------------------------------
def test_made_in_a_lab_is_not_offered_when_no_card_in_the_deck_is_affordable():
    s = owning({0: ["made_in_a_lab"]})
    s = act(act(s, type="roll", faces=dice("123 123")), type="resolve")
    assert s["players"][0]["energy"] == 0
    assert ("made_in_a_lab", 0) not in offered_uses(s)
    refused(s, {"type": "use", "card": "made_in_a_lab", "peek": "heal", "buy": False}, "every card in the deck costs more")
    s["players"][0]["energy"] = 3
    offer = next(o for o in GAME.offers(s, PLAYS) if o.get("card") == "made_in_a_lab")
    affordable = {c["card"] for c in offer["peek"] if True in c["buy"]}
    assert "solar_powered" in affordable and "skyscraper" not in affordable  # 2ϟ and 6ϟ, with 3ϟ


def test_random_offers_never_roll_after_the_rolling_is_over():
    for seed in range(6):
        rnd = random.Random(seed)
        s = owning({0: ["herd_culler", "plot_twist"], 1: ["psychic_probe"], 2: ["psychic_probe", "stretchy"]}, energy=4)
        for _ in range(120):
            if s["over"]:
                break
            if s["phase"] == "roll" and (s.get("closed") or any(m in ("die_changed",) or m.startswith("psychic_probe:")
                                                                 for m in s.get("used", []))):
                assert not any(o["type"] == "roll" for o in GAME.offers(s, PLAYS))
                assert_refused(GAME, s, {"type": "roll", "faces": dice("123 123")}, [])
            offer = rnd.choice(GAME.offers(s, PLAYS))
            s = act(s, **fill_kyotoan(offer, s, rnd))
