"""The 18 Discard cards, each as printed (Evacuation Orders twice)."""
from __future__ import annotations

import pytest

from companion.games.kyotoan.cards import CARDS
from companion.games.kyotoan.discards import DISCARD_EFFECTS

from ..kyotoan_helpers import act, new, turn


def bought(card, n=3, energy=20, setup=None):
    """Ann (outside Kyoto? no: she enters the empty City on her first resolve) buys `card`."""
    s = new(n, market=[card, "heal" if card != "heal" else "tank", "acid_attack"])
    if setup:
        setup(s)
    s = turn(s, "123 123", end=False)
    s["players"][0]["energy"] = energy
    return act(s, type="buy", card=card)


def hp(s):
    return [p["hp"] for p in s["players"]]


def stars(s):
    return [p["stars"] for p in s["players"]]


def test_every_discard_card_has_an_effect_and_there_are_18():
    discards = {cid for cid, c in CARDS.items() if c.kind == "discard"}
    assert discards == set(DISCARD_EFFECTS)
    assert sum(CARDS[c].count for c in discards) == 18 and CARDS["evacuation_orders"].count == 2


@pytest.mark.parametrize("card, gain", [("apartment_building", 3), ("commuter_train", 2), ("corner_store", 1), ("skyscraper", 4)])
def test_star_cards(card, gain):
    s = bought(card)
    assert stars(s) == [1 + gain, 0, 0] and s["players"][0]["energy"] == 20 - CARDS[card].cost
    assert card in s["discard"] and card not in s["players"][0]["cards"]


def test_energize():
    assert bought("energize")["players"][0]["energy"] == 20 - 8 + 9


def test_evacuation_orders_all_other_monsters_lose_5_stars():
    def setup(s):
        s["players"][1]["stars"] = 7
        s["players"][2]["stars"] = 3
    assert stars(bought("evacuation_orders", setup=setup)) == [1, 2, 0]


def test_flame_thrower_all_other_monsters_lose_2_hearts():
    assert hp(bought("flame_thrower")) == [10, 8, 8]


def test_gas_refinery():
    s = bought("gas_refinery")
    assert hp(s) == [10, 7, 7] and stars(s)[0] == 1 + 2


def test_heal_works_in_kyoto_up_to_the_maximum():
    s = bought("heal", setup=lambda s: s["players"][0].update(hp=5))
    assert hp(s)[0] == 7 and s["players"][0]["location"] == "city"


def test_high_altitude_bombing_hits_everyone_including_you():
    assert hp(bought("high_altitude_bombing")) == [7, 7, 7]


@pytest.mark.parametrize("card, gain, loss", [("jet_fighters", 5, 4), ("national_guard", 2, 2), ("tank", 4, 3)])
def test_stars_for_hearts(card, gain, loss):
    s = bought(card)
    assert stars(s)[0] == 1 + gain and hp(s)[0] == 10 - loss


def test_nuclear_power_plant():
    s = bought("nuclear_power_plant", setup=lambda s: s["players"][0].update(hp=6))
    assert stars(s)[0] == 1 + 2 and hp(s)[0] == 9


def test_vast_storm_others_lose_1_energy_for_every_2():
    def setup(s):
        s["players"][1]["energy"] = 5
        s["players"][2]["energy"] = 1
    s = bought("vast_storm", setup=setup)
    assert [p["energy"] for p in s["players"]] == [14, 3, 1] and stars(s)[0] == 3


def test_frenzy_takes_another_turn():
    s = bought("frenzy")
    s = act(s, type="market", cards=["heal", "acid_attack", "tank"])
    s = act(s, type="end_turn")
    assert s["current"] == 0 and s["players"][0]["stars"] == 1 + 2  # again, and starting in Kyoto
    s = turn(s, "123 123")
    assert s["current"] == 1


# Frenzy (line 78): "Take another turn after this one." Opportunist (line 50): "Whenever a Power
# card is revealed you have the option of buying it immediately."
def test_frenzy_bought_through_opportunist_gives_the_buyer_a_turn_after_this_one():
    s = new(3, market=["heal", "tank", "acid_attack"])
    s["players"][2].update(cards=["opportunist"], energy=7)
    s = turn(s, "123 123", end=False)  # Ann's buy step
    s["players"][0]["energy"] = 3
    s = act(s, type="buy", card="heal")
    s = act(s, type="market", cards=["tank", "acid_attack", "frenzy"])
    s = act(s, type="buy", card="frenzy", player=2)  # Cy, at once
    s = act(s, type="market", cards=["tank", "acid_attack", "corner_store"])
    s = act(s, type="end_turn")
    assert s["current"] == 2 and s["players"][2]["energy"] == 0  # Cy's turn comes after Ann's
    s = turn(s, "123 123")
    assert s["current"] == 1  # then the order goes on after Ann
    s = turn(s, "123 123")
    assert s["current"] == 2


def test_death_from_above_takes_kyoto_city_with_the_entry_star():
    # Edition ruling: "Taking control places you in Kyoto City and scores the usual 1★ for entering"
    s = new(market=["death_from_above", "heal", "tank"])
    s = turn(s, "123 123")  # Ann in the City
    s = turn(s, "123 123", end=False)  # Bob outside
    s["players"][1]["energy"] = 5
    s = act(s, type="buy", card="death_from_above")
    assert s["kyoto"]["city"] == 1 and s["players"][0]["location"] is None
    assert s["players"][1]["stars"] == 2 + 1 and s["players"][0]["hp"] == 10


def test_death_from_above_in_the_city_gives_only_the_stars():
    s = bought("death_from_above")
    assert s["kyoto"]["city"] == 0 and stars(s)[0] == 1 + 2


def test_death_from_above_from_the_bay_moves_up_to_the_city():
    s = new(5, market=["death_from_above", "heal", "tank"])
    s = turn(s, "123 123")
    s = turn(s, "123 123", end=False)  # Bob in the Bay
    s["players"][1]["energy"] = 5
    s = act(s, type="buy", card="death_from_above")
    assert s["kyoto"] == {"city": 1, "bay": None} and s["players"][1]["stars"] == 1 + 2 + 1


def test_a_card_that_eliminates_its_buyer_ends_the_turn():
    s = bought("jet_fighters", setup=lambda s: s["players"][0].update(hp=4))
    assert not s["players"][0]["alive"] and s["current"] == 1 and s["phase"] == "roll"
    assert s["kyoto"]["city"] is None
