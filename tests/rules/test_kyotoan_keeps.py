"""Keep cards that act by themselves: one test per card that fails if its effect is removed."""
from __future__ import annotations

import pytest

from companion.games import RuleViolation

from ..kyotoan_helpers import GAME, act, dice, new, turn


def owning(*cards, n=3, who=0, **state_changes):
    s = new(n)
    s["players"][who]["cards"] = list(cards)
    for key, value in state_changes.items():
        s["players"][who][key] = value
    return s


def resolve(s, spec):
    s = act(s, type="roll", faces=dice(spec))
    return act(s, type="resolve")


def test_extra_head_adds_a_die_and_giant_brain_a_roll():
    s = owning("extra_head", "extra_head", "giant_brain")
    assert GAME.pending(s)[0] == {"type": "roll", "player": 0, "dice": 8, "rolls_left": 4}
    s = act(s, type="roll", faces=dice("123 123 ee"))
    assert s["rolls"] == 1


def test_alien_origin_makes_cards_cost_one_less():
    s = resolve(owning("alien_origin", energy=2), "123 123")
    s = act(s, type="buy", card="corner_store")  # costs 3, paid 2
    assert s["players"][0]["energy"] == 0


def test_acid_attack_adds_a_smash():
    s = turn(new(), "123 123")  # Ann in Kyoto
    s["players"][1]["cards"] = ["acid_attack"]
    s = resolve(s, "123 123")
    assert s["pending"][0] == {"type": "yield", "player": 0, "damage": 1}


def test_spiked_tail_adds_a_smash_only_to_a_roll_with_one():
    s = turn(new(), "123 123")
    s["players"][1]["cards"] = ["spiked_tail"]
    assert resolve(s, "123 123")["phase"] == "buy"  # no ✸ rolled: nothing added
    s2 = turn(new(), "123 123")
    s2["players"][1]["cards"] = ["spiked_tail"]
    assert resolve(s2, "s 123 ee")["pending"][0]["damage"] == 2


def test_burrowing_and_urbavore_add_a_smash_in_kyoto():
    for card, spec in (("burrowing", "123 123"), ("urbavore", "s 123 ee")):
        s = owning(card)
        s = turn(s, "123 123")  # Ann enters the City
        s = turn(s, "123 123")
        s = turn(s, "123 123")
        s = resolve(s, spec)
        rolled = dice(spec).count("smash")
        assert [p["hp"] for p in s["players"]] == [10, 10 - rolled - 1, 10 - rolled - 1], card


def test_burrowing_hurts_the_monster_taking_kyoto_after_a_yield():
    s = turn(owning("burrowing"), "123 123")
    s = resolve(s, "s 123 ee")
    s = act(s, type="yield", player=0, **{"yield": True})
    assert s["kyoto"]["city"] == 1 and s["players"][1]["hp"] == 9


def test_poison_quills_add_two_smashes_on_three_twos():
    s = turn(new(), "123 123")
    s["players"][1]["cards"] = ["poison_quills"]
    assert resolve(s, "222 e 13")["pending"][0]["damage"] == 2


def test_nova_breath_smashes_all_other_monsters():
    s = owning("nova_breath")
    s = resolve(s, "ss 123 e")
    assert [p["hp"] for p in s["players"]] == [10, 8, 8]


def test_fire_breathing_hurts_the_neighbours_one_more():
    s = turn(new(4), "123 123")  # Ann in the City
    s["players"][2]["cards"] = ["fire_breathing"]
    s = turn(s, "123 123")
    s = resolve(s, "s 123 ee")  # Cy smashes Ann (in Kyoto); Bob and Dee are Cy's neighbours
    s = act(s, type="yield", player=0, **{"yield": False})
    assert [p["hp"] for p in s["players"]] == [9, 9, 10, 9]


def test_alpha_monster_gourmet_detritivore_complete_destruction():
    assert resolve(owning("alpha_monster"), "s 123 ee")["players"][0]["stars"] == 1 + 1
    assert resolve(owning("gourmet"), "111 eee")["players"][0]["stars"] == 1 + 2 + 1
    assert resolve(owning("detritivore"), "123 eee")["players"][0]["stars"] == 2 + 1
    assert resolve(owning("complete_destruction"), "123 hse")["players"][0]["stars"] == 9 + 1


def test_friend_of_children_and_regeneration():
    assert resolve(owning("friend_of_children"), "ee 1223")["players"][0]["energy"] == 3
    assert resolve(owning("regeneration", hp=5), "hh 1233")["players"][0]["hp"] == 8


def test_armor_plating_ignores_a_loss_of_exactly_one():
    s = turn(owning("armor_plating"), "123 123")
    s = resolve(s, "s 123 ee")
    s = act(s, type="yield", player=0, **{"yield": False})
    assert s["players"][0]["hp"] == 10
    s = act(s, type="end_turn")
    s = resolve(s, "ss 123 e")
    s = act(s, type="yield", player=0, **{"yield": False})
    assert s["players"][0]["hp"] == 8


def test_were_only_making_it_stronger_gives_energy_for_a_loss_of_two():
    s = turn(owning("were_only_making_it_stronger"), "123 123")
    s = resolve(s, "ss 123 e")
    s = act(s, type="yield", player=0, **{"yield": False})
    assert s["players"][0]["energy"] == 1


def test_media_friendly_and_even_bigger_when_buying():
    s = resolve(owning("media_friendly", energy=3), "123 123")
    s = act(s, type="buy", card="corner_store")
    assert s["players"][0]["stars"] == 1 + 1 + 1
    s = new(market=["even_bigger", "heal", "tank"])
    s = resolve(s, "123 123")
    s["players"][0]["energy"] = 4
    s = act(s, type="buy", card="even_bigger")
    assert s["players"][0]["max_hp"] == 12 and s["players"][0]["hp"] == 12


def test_battery_monster_moves_two_energy_a_turn_then_is_discarded():
    s = new(market=["battery_monster", "heal", "tank"])
    s["players"][1]["cards"] = ["friend_of_children"]
    s = turn(s, "123 123", end=False)
    s["players"][0]["energy"] = 3
    s["players"][0]["cards"] = ["friend_of_children"]
    s = act(s, type="buy", card="battery_monster")
    assert s["players"][0]["counters"]["battery_monster"] == 6
    s = act(s, type="market", cards=["heal", "tank", "energize"])
    for expected in (2, 4, 6):
        s = act(s, type="end_turn")
        s = turn(s, "123 123")
        s = turn(s, "123 123")
        assert s["players"][0]["energy"] == expected  # moved, not gained: no Friend of Children bonus
        s = resolve(s, "123 123")
    assert "battery_monster" not in s["players"][0]["cards"] and "battery_monster" in s["discard"]


def test_urbavore_scores_one_more_star_starting_in_kyoto():
    s = turn(owning("urbavore"), "123 123")
    s = turn(s, "123 123")
    s = turn(s, "123 123")
    assert s["players"][0]["stars"] == 1 + 2 + 1


def test_end_of_turn_cards():
    assert turn(owning("energy_hoarder", energy=12), "123 123")["players"][0]["stars"] == 1 + 2
    assert turn(owning("solar_powered"), "123 123")["players"][0]["energy"] == 1
    s = owning("rooting_for_the_underdog")
    s["players"][1]["stars"] = s["players"][2]["stars"] = 3
    assert turn(s, "123 123")["players"][0]["stars"] == 1 + 1  # 1 after entering, still the fewest
    s = owning("rooting_for_the_underdog")
    assert turn(s, "123 123")["players"][0]["stars"] == 1  # 1 after entering: no longer the fewest
    assert turn(owning("herbivore"), "123 123")["players"][0]["stars"] == 1 + 1
    s = turn(new(), "123 123")
    s["players"][1]["cards"] = ["herbivore"]
    assert turn(s, "s 123 ee", s0=False)["players"][1]["stars"] == 0  # it hurt Ann: no star


def test_eater_of_the_dead():
    s = turn(new(), "123 123")
    s["players"][2]["cards"] = ["eater_of_the_dead"]
    s["players"][0]["hp"] = 1
    s = resolve(s, "s 123 ee")  # not asked to yield: the hit eliminates Ann either way
    assert not s["players"][0]["alive"] and s["players"][2]["stars"] == 3


def test_smoke_cloud_counters_then_energy_drink_pay_for_extra_rolls():
    s = new(market=["smoke_cloud", "heal", "tank"])
    s = turn(s, "123 123", end=False)
    s["players"][0]["energy"] = 4
    s = act(s, type="buy", card="smoke_cloud")
    s = act(s, type="market", cards=["heal", "tank", "energize"])
    s["players"][1]["cards"] = ["smoke_cloud"]
    s["players"][1]["counters"] = {"smoke_cloud": 1}
    s = act(s, type="end_turn")
    for _ in range(4):  # 3 rolls, then one paid with the last counter
        s = act(s, type="roll", faces=dice("123 123"))
    assert "smoke_cloud" not in s["players"][1]["cards"] and "smoke_cloud" in s["discard"]
    with pytest.raises(RuleViolation, match="used all 3 rolls"):
        GAME.apply(s, {"type": "roll", "faces": dice("123 123")})
    s["players"][1]["cards"] = ["energy_drink"]
    s["players"][1]["energy"] = 1
    s = act(s, type="roll", faces=dice("123 123"))
    assert s["players"][1]["energy"] == 0 and s["rolls"] == 5


def test_plot_twist_stretchy_herd_culler_change_a_die_before_resolving():
    s = owning("plot_twist", "stretchy", "herd_culler", energy=2)
    with pytest.raises(RuleViolation, match="after a roll"):
        GAME.apply(s, {"type": "use", "card": "herd_culler", "die": 0})
    s = act(s, type="roll", faces=dice("11 23 ee"))
    s = act(s, type="use", card="herd_culler", die=2)          # 2 -> 1: three 1s
    with pytest.raises(RuleViolation, match="used this turn"):
        GAME.apply(s, {"type": "use", "card": "herd_culler", "die": 3})
    s = act(s, type="use", card="plot_twist", die=3, face="1")  # 3 -> 1: four 1s
    s = act(s, type="use", card="stretchy", die=4, face="1")    # ϟ -> 1 for 2ϟ: five 1s
    assert s["dice"] == ["1", "1", "1", "1", "1", "energy"] and "plot_twist" not in s["players"][0]["cards"]
    s = act(s, type="resolve")
    assert s["players"][0]["stars"] == 1 + 2 + 1 and s["players"][0]["energy"] == 1


def test_wings_prevents_losing_hearts_this_turn():
    s = owning("wings", energy=1)
    with pytest.raises(RuleViolation, match="Wings costs 2"):
        GAME.apply(s, {"type": "use", "card": "wings"})
    s["players"][0]["energy"] = 6
    s = act(s, type="use", card="wings")
    s = resolve(s, "123 123")
    s["market"][0] = "high_altitude_bombing"  # turned up at the market (test shortcut)
    s = act(s, type="buy", card="high_altitude_bombing")
    assert [p["hp"] for p in s["players"]] == [10, 7, 7]
    s = act(s, type="market", cards=["heal", "acid_attack", "tank"])
    s = act(s, type="end_turn")
    assert "wings" not in s["players"][0]  # only for that turn


def test_poison_spit_tokens_hurt_at_the_end_of_their_turn_and_hearts_discard_them():
    s = turn(new(), "123 123")  # Ann in the City
    s["players"][1]["cards"] = ["poison_spit"]
    s = resolve(s, "s 123 ee")
    s = act(s, type="yield", player=0, **{"yield": False})
    s = act(s, type="end_turn")
    assert s["players"][0]["poison"] == 1
    s = turn(s, "123 123")  # Cy
    s = turn(s, "123 123")  # Ann: her turn ends with 1♥ lost to poison
    assert s["players"][0]["hp"] == 10 - 1 - 1
    s = turn(s, "123 123")
    s = turn(s, "123 123")
    # Ann uses a rolled ♥ to discard the token (in Kyoto, where it could not heal anyway).
    s = act(s, type="roll", faces=dice("h 123 ee"))
    s = act(s, type="resolve", cure={"poison": 1})
    assert s["players"][0]["poison"] == 0
    s = act(s, type="end_turn")
    assert s["players"][0]["hp"] == 8


def test_shrink_ray_tokens_take_a_die_and_outlive_the_card():
    s = turn(new(), "123 123")
    s["players"][1]["cards"] = ["shrink_ray"]
    s = resolve(s, "s 123 ee")
    s = act(s, type="yield", player=0, **{"yield": False})
    s = act(s, type="end_turn")
    s["players"][1]["cards"] = []  # the card is gone; the token stays
    s = turn(s, "123 123")
    assert GAME.dice_count(s, 0) == 5 and s["players"][0]["shrink"] == 1


def test_cure_is_checked():
    s = act(new(), type="roll", faces=dice("h 123 ee"))
    for cure, words in (({"poison": 1}, "has 0 poison tokens"), ({"poison": 2}, "rolled 1♥"), ({"venom": 1}, "'cure' is")):
        with pytest.raises(RuleViolation, match=words):
            GAME.apply(s, {"type": "resolve", "cure": cure})


def test_rapid_healing_any_time_for_two_energy():
    s = turn(new(), "123 123")  # Bob's turn now
    s["players"][0]["cards"] = ["rapid_healing"]
    s["players"][0].update(hp=6, energy=3)
    s = act(s, type="use", card="rapid_healing", player=0)  # on Bob's turn
    assert s["players"][0]["hp"] == 7 and s["players"][0]["energy"] == 1
    with pytest.raises(RuleViolation, match="Rapid Healing costs 2"):
        GAME.apply(s, {"type": "use", "card": "rapid_healing", "player": 0})
    with pytest.raises(RuleViolation, match="does not own"):
        GAME.apply(s, {"type": "use", "card": "rapid_healing", "player": 1})


def test_metamorph_sells_keep_cards_for_their_full_cost_at_the_end_of_the_turn():
    s = owning("metamorph", "acid_attack", "even_bigger", max_hp=12, hp=12)
    s = resolve(s, "123 123")
    s = act(s, type="use", card="metamorph", sell=["acid_attack", "even_bigger"])
    p = s["players"][0]
    assert p["energy"] == 0 and len(p["cards"]) == 3  # "At the end of your turn": nothing is paid yet
    s = act(s, type="end_turn")
    p = s["players"][0]
    assert p["cards"] == ["metamorph"] and p["energy"] == 6 + 4 and p["max_hp"] == 10 and p["hp"] == 10
    assert {"acid_attack", "even_bigger"} <= set(s["discard"])


def test_made_in_a_lab_buys_the_peeked_top_card_or_puts_it_back():
    s = resolve(owning("made_in_a_lab", energy=5), "123 123")
    before = s["deck"]["skyscraper"]
    s2 = act(s, type="use", card="made_in_a_lab", peek="skyscraper", buy=False)
    assert s2["deck"]["skyscraper"] == before and s2["players"][0]["energy"] == 5
    with pytest.raises(RuleViolation, match="peeked this turn"):
        GAME.apply(s2, {"type": "use", "card": "made_in_a_lab", "peek": "tank", "buy": True})
    with pytest.raises(RuleViolation, match="costs 6"):
        GAME.apply(s, {"type": "use", "card": "made_in_a_lab", "peek": "skyscraper", "buy": True})
    s3 = act(s, type="use", card="made_in_a_lab", peek="tank", buy=True)
    assert s3["players"][0]["stars"] == 1 + 4 and s3["players"][0]["hp"] == 7 and s3["deck"]["tank"] == 0
    assert s3["market"] == s["market"]  # the market is untouched


def test_jets_yield_without_losing_hearts():
    s = turn(owning("jets"), "123 123")
    s = resolve(s, "sss 12 e")
    s = act(s, type="yield", player=0, **{"yield": True})
    assert s["players"][0]["hp"] == 10 and s["kyoto"]["city"] == 1
    s2 = turn(owning("jets"), "123 123")
    s2 = resolve(s2, "sss 12 e")
    s2 = act(s2, type="yield", player=0, **{"yield": False})
    assert s2["players"][0]["hp"] == 7  # staying: Jets does nothing


# Rulebook line 13: "A monster in Kyoto that loses ♥ to another monster's ✸ may yield"; edition
# ruling (line 92): "Yield decisions come before damage is reduced or prevented, so Jets can
# cancel the loss"; Jets (line 43): "You don't lose ♥ if you decide to Yield Kyoto."
def test_jets_saves_a_monster_from_a_lethal_smash_by_yielding():
    s = turn(owning("jets"), "123 123")  # Ann in Kyoto City
    s["players"][0]["hp"] = 2
    s = resolve(s, "sss 12 e")  # Bob smashes 3
    assert s["pending"] == [{"type": "yield", "player": 0, "damage": 3}]
    s = act(s, type="yield", player=0, **{"yield": True})
    ann = s["players"][0]
    assert (ann["alive"], ann["hp"], ann["location"]) == (True, 2, None) and s["kyoto"]["city"] == 1


def test_a_lethal_smash_is_answered_by_auto_yield_too():
    s = turn(owning("jets", auto_yield=3), "123 123")
    s["players"][0]["hp"] = 2
    s = resolve(s, "sss 12 e")
    assert s["players"][0]["hp"] == 2 and s["players"][0]["location"] is None and s["phase"] == "buy"


# Rulebook line 13 (as above); Nova Breath (line 48): "All of your ✸ Smash all other Monsters."
def test_nova_breath_from_the_city_asks_the_monster_in_the_bay_to_yield():
    s = owning("nova_breath", n=5)
    for _ in range(5):  # Ann enters the City, Bob the Bay; Cy, Dee and Eve stay outside
        s = turn(s, "123 123")
    s = resolve(s, "ss 123 e")
    assert s["pending"] == [{"type": "yield", "player": 1, "damage": 2}]
    s = act(s, type="yield", player=1, **{"yield": True})
    assert [p["hp"] for p in s["players"]] == [10, 8, 8, 8, 8]
    # The attacker is in the City already: the Bay stays empty until a later enter step.
    assert s["kyoto"] == {"city": 0, "bay": None} and s["players"][1]["location"] is None


def test_freeze_time_another_turn_with_one_less_die():
    s = turn(owning("freeze_time"), "111 23 e")
    assert s["pending"] == [{"type": "freeze_time", "player": 0}]  # "you can take another turn": offered
    s = act(s, type="freeze_time", player=0, take=True)
    assert s["current"] == 0 and GAME.dice_count(s, 0) == 5
    s = turn(s, "111 2e")  # again: a third turn with 4 dice
    s = act(s, type="freeze_time", player=0, take=True)
    assert s["current"] == 0 and GAME.dice_count(s, 0) == 4
    s = turn(s, "1223")
    assert s["current"] == 1 and GAME.dice_count(s, 1) == 6


def test_it_has_a_child_restarts_outside_kyoto_without_cards_stars_or_tokens():
    s = turn(owning("it_has_a_child", "acid_attack", stars=12, poison=2), "123 123")
    s["players"][0]["hp"] = 2
    s["players"][2]["cards"] = ["eater_of_the_dead"]
    s = resolve(s, "sss 123")  # not asked to yield: it plays on outside Kyoto either way
    ann = s["players"][0]
    assert ann["alive"] and ann["hp"] == 10 and ann["stars"] == 0 and ann["cards"] == [] and ann["poison"] == 0
    assert ann["location"] is None and s["kyoto"]["city"] == 1  # the attacker takes the empty City
    assert {"it_has_a_child", "acid_attack"} <= set(s["discard"])
    assert s["players"][2]["stars"] == 3  # its ♥ went to 0: Eater of the Dead still scores


def test_opportunist_buys_a_revealed_card_at_once_on_anyones_turn():
    s = owning("opportunist", who=2, energy=6)
    s = resolve(s, "123 eee")
    s["players"][0]["energy"] = 3
    s = act(s, type="buy", card="corner_store")  # Ann buys; a new card is revealed
    s = act(s, type="market", cards=["heal", "acid_attack", "skyscraper"])
    with pytest.raises(RuleViolation, match="at the moment it is revealed"):
        GAME.apply(s, {"type": "buy", "card": "heal", "player": 2})
    s = act(s, type="buy", card="skyscraper", player=2)
    assert s["players"][2]["stars"] == 4 and s["players"][2]["energy"] == 0
    assert GAME.pending(s)[0]["type"] == "market"  # the slot it emptied is refilled next
    with pytest.raises(RuleViolation, match="cannot buy now"):
        GAME.apply(s, {"type": "buy", "card": "heal", "player": 1})


def test_parasitic_tentacles_buys_from_another_monster_paying_it_after_alien_origin():
    s = owning("parasitic_tentacles", "alien_origin", energy=10)
    s["players"][1]["cards"] = ["battery_monster"]
    s["players"][1]["counters"] = {"battery_monster": 4}
    s = resolve(s, "123 123")
    with pytest.raises(RuleViolation, match="no card 'acid_attack'"):
        GAME.apply(s, {"type": "buy", "card": "acid_attack", "from": 1})
    s = act(s, type="buy", card="battery_monster", **{"from": 1})
    ann, bob = s["players"][0], s["players"][1]
    assert ann["energy"] == 10 - 2 and bob["energy"] == 2  # 3ϟ less 1 for Alien Origin, paid to Bob
    assert "battery_monster" in ann["cards"] and ann["counters"]["battery_monster"] == 4 and bob["cards"] == []


def test_healing_ray_gives_rolled_hearts_to_others_who_pay_two_energy_each_or_their_last_one():
    s = owning("healing_ray")
    s["players"][1].update(hp=5, energy=3)
    s = act(s, type="roll", faces=dice("hhh 123"))
    with pytest.raises(RuleViolation, match="cannot pay for 3"):
        GAME.apply(s, {"type": "resolve", "heal_others": {"1": 3}})
    s = act(s, type="resolve", heal_others={"1": 2})  # 2ϟ for the first, 1ϟ (its last) for the second
    assert s["players"][1]["hp"] == 7 and s["players"][1]["energy"] == 0
    assert s["players"][0]["energy"] == 3 and s["players"][0]["hp"] == 10  # its third ♥: Ann is full
    plain = act(new(), type="roll", faces=dice("hhh 123"))
    with pytest.raises(RuleViolation, match="needs Healing Ray"):
        GAME.apply(plain, {"type": "resolve", "heal_others": {"1": 1}})


def test_psychic_probe_rerolls_another_monsters_die_and_goes_on_a_heart():
    s = new()
    s["players"][1]["cards"] = ["psychic_probe"]
    with pytest.raises(RuleViolation, match="after another monster's last roll"):
        GAME.apply(s, {"type": "use", "card": "psychic_probe", "player": 1, "die": 0, "face": "1"})
    s = act(s, type="roll", faces=dice("111 23 e"))
    s = act(s, type="resolve")  # with rolls left: the rolling ends, Bob is asked
    s = act(s, type="use", card="psychic_probe", player=1, die=0, face="heart")  # spoils Ann's triple
    assert s["dice"][0] == "heart" and "psychic_probe" not in s["players"][1]["cards"]
    s = act(s, type="resolve")
    assert s["players"][0]["stars"] == 1  # only the entry star: the three 1s were broken
    s2 = owning("psychic_probe")
    s2 = act(s2, type="roll", faces=dice("123 123"))
    with pytest.raises(RuleViolation, match="another monster"):
        GAME.apply(s2, {"type": "use", "card": "psychic_probe", "die": 0, "face": "1"})
    s3 = new()
    s3["players"][1]["cards"] = ["psychic_probe"]
    s3 = act(s3, type="roll", faces=dice("123 123"))
    s3 = act(s3, type="resolve")
    s3 = act(s3, type="use", card="psychic_probe", player=1, die=0, face="2")
    with pytest.raises(RuleViolation, match="on this turn already"):
        GAME.apply(s3, {"type": "use", "card": "psychic_probe", "player": 1, "die": 1, "face": "2"})


def test_camouflage_the_owner_taps_in_a_die_per_heart_lost_each_heart_cancels_one():
    s = turn(owning("camouflage"), "123 123")  # Ann in the City
    s = resolve(s, "sss 12 e")
    s = act(s, type="yield", player=0, **{"yield": False})
    assert s["pending"] == [{"type": "camouflage", "player": 0, "dice": 3}]
    s = act(s, type="camouflage", player=0, faces=["heart", "heart", "smash"])
    assert s["players"][0]["hp"] == 9 and s["phase"] == "buy"


def test_camouflage_with_armor_plating_and_against_a_lethal_hit():
    # Armor Plating first: a loss of exactly 1♥ is gone and no die is rolled.
    s = turn(owning("camouflage", "armor_plating"), "123 123")
    s = resolve(s, "s 123 ee")
    s = act(s, type="yield", player=0, **{"yield": False})
    assert s["players"][0]["hp"] == 10 and s["phase"] == "buy"
    # A lethal smash waits for the dice: two ♥ of three keep Ann alive at 1♥.
    s = turn(owning("camouflage", hp=3), "123 123")
    s = resolve(s, "ssss 12")
    s = act(s, type="yield", player=0, **{"yield": False})
    assert s["pending"] == [{"type": "camouflage", "player": 0, "dice": 4}]
    s = act(s, type="camouflage", player=0, faces=["heart", "heart", "1", "2"])
    assert s["players"][0]["alive"] and s["players"][0]["hp"] == 1


def test_background_dweller_rerolls_threes_after_the_last_roll():
    # "You can always reroll any 3 you have."
    s = owning("background_dweller", energy=1)
    for _ in range(3):
        s = act(s, type="roll", faces=dice("333 12e"))
    with pytest.raises(RuleViolation, match="used all 3 rolls"):  # the 1 was rerolled too
        GAME.apply(s, {"type": "roll", "faces": dice("333 22e")})
    s, lines = GAME.apply(s, {"type": "roll", "faces": dice("13h 12e")})
    assert lines == ["Alienoid (Ann) rerolls its 3s (Background Dweller): 1 3 ♥ 1 2 ϟ."]
    s = act(s, type="roll", faces=dice("1hh 12e"))  # the last 3 again, still free
    assert s["players"][0]["energy"] == 1
    with pytest.raises(RuleViolation, match="used all 3 rolls"):  # no 3 left to reroll
        GAME.apply(s, {"type": "roll", "faces": dice("1hh 12h")})
