"""Herbivore and the other cards that depend on who made a monster lose ♥.

Herbivore (rulebook line 40): "Gain 1★ at the end of your turn if you don't make anyone lose ♥."
Any ♥ its owner made another monster lose during its turn counts, whatever did it: its ✸, Fire
Breathing, or a Discard card it bought (docs/rulings.md, "Herbivore")."""
from __future__ import annotations

import pytest

from ..kyotoan_helpers import act, dice, new, turn

REFILL = ["heal", "acid_attack", "corner_store"]


def herbivore_buys(card, n=3, who_else=None):
    """Ann, holding Herbivore, enters Kyoto City (1★), buys `card` and ends her turn."""
    s = new(n, market=[card, "heal", "acid_attack"])
    s["players"][0]["cards"] = ["herbivore"]
    if who_else:
        who_else(s)
    s = turn(s, "123 123", end=False)
    s["players"][0]["energy"] = 20
    s = act(s, type="buy", card=card)
    s = act(s, type="market", cards=REFILL)
    return act(s, type="end_turn")


def hp(s):
    return [p["hp"] for p in s["players"]]


# Flame Thrower (line 77): "All other Monsters lose 2♥."
def test_herbivore_scores_nothing_after_flame_thrower_made_the_others_lose_hearts():
    s = herbivore_buys("flame_thrower")
    assert hp(s) == [10, 8, 8]
    assert s["players"][0]["stars"] == 1  # entering Kyoto only: no Herbivore star


# Gas Refinery (line 79): "+2★ and all other Monsters lose 3♥." High Altitude Bombing (line 81):
# "All Monsters (including you) lose 3♥."
@pytest.mark.parametrize("card, stars, hearts", [("gas_refinery", 1 + 2, [10, 7, 7]),
                                                 ("high_altitude_bombing", 1, [7, 7, 7])])
def test_herbivore_scores_nothing_after_any_discard_card_that_made_another_monster_lose_hearts(card, stars, hearts):
    s = herbivore_buys(card)
    assert hp(s) == hearts and s["players"][0]["stars"] == stars


# Tank (line 86): "+4★ −3♥": the owner loses its own ♥; it made nobody else lose any.
def test_herbivore_still_scores_after_a_card_that_costs_only_its_owner_hearts():
    s = herbivore_buys("tank")
    assert hp(s) == [7, 10, 10]
    assert s["players"][0]["stars"] == 1 + 4 + 1


# Opportunist (line 50): "Whenever a Power card is revealed you have the option of buying it
# immediately." Cy's Flame Thrower, bought on Ann's turn, is Cy's doing, not Ann's.
def test_a_flame_thrower_another_monster_buys_on_the_herbivore_owners_turn_is_not_its_doing():
    s = new(3, market=["heal", "tank", "acid_attack"])
    s["players"][0]["cards"] = ["herbivore"]
    s["players"][2].update(cards=["opportunist"], energy=3)
    s = turn(s, "123 123", end=False)
    s["players"][0]["energy"] = 3
    s = act(s, type="buy", card="heal")
    s = act(s, type="market", cards=["tank", "acid_attack", "flame_thrower"])
    s = act(s, type="buy", card="flame_thrower", player=2)  # Cy, at once
    s = act(s, type="market", cards=["tank", "acid_attack", "corner_store"])
    s = act(s, type="end_turn")
    assert hp(s) == [8, 8, 10]
    assert s["players"][0]["stars"] == 1 + 1  # entering, and Herbivore: Ann made nobody lose ♥


# Fire Breathing (line 34): "When you roll at least ✸, your neighbor(s) at the table lose 1 extra ♥."
def test_herbivore_scores_nothing_after_fire_breathing_took_a_neighbours_heart():
    s = new(3)
    s["players"][0]["cards"] = ["herbivore", "fire_breathing"]
    s = turn(s, "s 123 1e")  # Ann's ✸ hits nobody (Kyoto is empty), her neighbours lose 1♥ each
    assert hp(s) == [10, 9, 9] and s["players"][0]["stars"] == 1


# Armor Plating (line 24): "Do not lose ♥ when you lose exactly 1♥." Nobody lost a ♥.
def test_herbivore_scores_when_its_smash_made_nobody_lose_hearts():
    s = turn(new(3), "123 123")  # Ann in Kyoto City
    s["players"][0]["cards"] = ["armor_plating"]
    s["players"][1]["cards"] = ["herbivore"]
    s = turn(s, "s 123 ee", b0=False)  # Bob's 1✸ on Ann: Armor Plating cancels it
    assert s["players"][0]["hp"] == 10 and s["players"][1]["stars"] == 1


def test_herbivore_scores_nothing_after_a_smash_made_a_monster_lose_hearts():
    s = turn(new(3), "123 123")
    s["players"][1]["cards"] = ["herbivore"]
    s = act(s, type="roll", faces=dice("ss 123 e"))
    s = act(s, type="resolve")
    s = act(s, type="yield", player=0, **{"yield": False})
    s = act(s, type="end_turn")
    assert s["players"][0]["hp"] == 8 and s["players"][1]["stars"] == 0
