"""The yield is asked only when its answer can change something.

Rulebook line 13: "A monster in Kyoto that loses ♥ to another monster's ✸ may yield, and the
attacker then takes its place." Line 9: "Enter Kyoto: if Kyoto City is empty you must enter it
(+1★)." A monster the smash eliminates leaves its seat either way, and the same monster takes it:
unless a card makes the answer matter, the table is not asked and the smash lands at once
(docs/rulings.md, "Who is asked to yield")."""
from __future__ import annotations

from ..engine_checks import assert_rejected
from ..kyotoan_helpers import GAME, act, dice, new, turn


def ann_in_the_city(*cards, hp=2, n=3, energy=0):
    """Ann in Kyoto City at `hp` with `cards`; Bob's turn comes next."""
    s = turn(new(n), "123 123")
    s["players"][0].update(cards=list(cards), hp=hp, energy=energy)
    return s


def smashed(s, spec="sss 123"):
    s = act(s, type="roll", faces=dice(spec))
    return act(s, type="resolve")


def asked(s):
    return [p for p in s["pending"] if p["type"] == "yield"]


def test_a_monster_the_smash_eliminates_either_way_is_not_asked_and_the_smash_lands_at_once():
    s = smashed(ann_in_the_city())
    assert asked(s) == [] and s["phase"] == "buy"
    assert not s["players"][0]["alive"] and s["kyoto"]["city"] == 1  # Bob takes the empty City
    assert s["players"][1]["stars"] == 1
    log = GAME.apply(act(ann_in_the_city(), type="roll", faces=dice("sss 123")), {"type": "resolve"})[1]
    assert "Alienoid (Ann) is not asked to yield: the smash eliminates it whether it yields or stays." in log
    assert "Alienoid (Ann) is eliminated." in log and "Cyber Kitty (Bob) enters Kyoto City." in log
    assert_rejected(GAME, s, {"type": "yield", "player": 0, "yield": True}, "has no yield to decide now")


def test_a_hit_the_monster_survives_is_still_asked():
    s = smashed(ann_in_the_city(hp=4))
    assert asked(s) == [{"type": "yield", "player": 0, "damage": 3}]


# Jets (line 43): "You don't lose ♥ if you decide to Yield Kyoto."
def test_jets_makes_the_answer_matter_yielding_saves_the_monster():
    s = smashed(ann_in_the_city("jets"))
    assert asked(s) == [{"type": "yield", "player": 0, "damage": 3}]
    s = act(s, type="yield", player=0, **{"yield": True})
    assert s["players"][0]["alive"] and s["players"][0]["hp"] == 2 and s["kyoto"]["city"] == 1


# Burrowing (line 26): "When you Yield Kyoto, the monster taking it loses 1♥."
def test_burrowing_makes_the_answer_matter_a_yield_costs_the_monster_taking_the_seat_a_heart():
    s = smashed(ann_in_the_city("burrowing"))
    assert asked(s) == [{"type": "yield", "player": 0, "damage": 3}]
    s = act(s, type="yield", player=0, **{"yield": True})
    assert not s["players"][0]["alive"] and s["kyoto"]["city"] == 1 and s["players"][1]["hp"] == 9


def test_burrowing_asks_nothing_when_the_attacker_takes_no_seat():
    # Nova Breath (line 53): "All of your ✸ Smash all other Monsters." From the City, Ann's ✸ hit
    # Bob in the Bay: Ann already sits in Kyoto, so nobody takes the seat Bob would yield.
    s = turn(new(5), "123 123")  # Ann in the City
    s = turn(s, "123 123")  # Bob in the Bay
    s = turn(turn(turn(s, "123 123"), "123 123"), "123 123")  # Cy, Dee, Eve; Ann again
    s["players"][0]["cards"] = ["nova_breath"]
    s["players"][1].update(cards=["burrowing"], hp=2)
    s = smashed(s, "sss 123")
    assert [p["player"] for p in asked(s)] == []
    assert not s["players"][1]["alive"]


# Camouflage (line 27): "If you lose ♥, roll a die for each ♥ you lost. Each ♥ result reduces the
# loss by 1♥." Wings (line 67): "Spend 2ϟ to not lose ♥ this turn." Rapid Healing (line 56): "This
# may be used to prevent your health from being reduced to 0." Each may save a monster that stays.
def test_a_card_that_may_still_save_a_monster_that_stays_makes_the_answer_matter():
    for cards, energy in ((["camouflage"], 0), (["wings"], 2), (["rapid_healing"], 2)):
        s = smashed(ann_in_the_city(*cards, energy=energy))
        assert asked(s) == [{"type": "yield", "player": 0, "damage": 3}], cards
    for cards, energy in ((["wings"], 1), (["rapid_healing"], 1)):  # it cannot pay: it falls either way
        s = smashed(ann_in_the_city(*cards, energy=energy))
        assert asked(s) == [] and not s["players"][0]["alive"], cards


# Armor Plating (line 24): "Do not lose ♥ when you lose exactly 1♥." The hit is not lethal.
def test_a_hit_armor_plating_cancels_is_not_lethal_and_is_asked():
    s = smashed(ann_in_the_city("armor_plating", hp=1), "s 123 ee")
    assert asked(s) == [{"type": "yield", "player": 0, "damage": 1}]


# It Has a Child! (line 42): "If you reach 0♥, discard all your cards and lose all your ★. Gain
# 10♥ and continue playing outside Kyoto." Yielding or staying, it reaches 0♥ and plays on outside.
def test_it_has_a_child_alone_does_not_make_the_answer_matter():
    s = smashed(ann_in_the_city("it_has_a_child"))
    assert asked(s) == []
    ann = s["players"][0]
    assert ann["alive"] and ann["hp"] == 10 and ann["location"] is None and s["kyoto"]["city"] == 1


# Line 13: Kyoto Bay "closes when four or fewer remain". Yielding or staying, the eliminated monster
# in the City leaves it before the Bay closes, and the monster in the Bay moves up.
def test_a_monster_eliminated_in_the_city_as_the_bay_closes_is_not_asked():
    s = turn(new(5), "123 123")  # Ann in the City
    s = turn(s, "123 123")  # Bob in the Bay
    s["players"][0]["hp"] = 1
    s = smashed(s, "s 123 ee")  # Cy hits Ann (lethal) and Bob
    assert asked(s) == [{"type": "yield", "player": 1, "damage": 1}]
    s = act(s, type="yield", player=1, **{"yield": False})
    assert not s["players"][0]["alive"] and s["kyoto"] == {"city": 1, "bay": None}


def test_auto_yield_is_not_applied_to_a_monster_that_falls_either_way():
    s = ann_in_the_city()
    s["players"][0]["auto_yield"] = 5
    log = GAME.apply(act(s, type="roll", faces=dice("sss 123")), {"type": "resolve"})[1]
    assert not any("auto-yield" in line for line in log)

