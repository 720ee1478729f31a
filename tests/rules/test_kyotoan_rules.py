"""Last Kyotoan Standing rules, quoting ../shared/rules/last-kyotoan-standing.md."""
from __future__ import annotations

import pytest

from companion.games import RuleViolation

from ..engine_checks import assert_rejected
from ..kyotoan_helpers import GAME, act, dice, new, turn
from ..offers_checks import PLAYS


def rejected(state, action, words):
    assert_rejected(GAME, state, action, words)


def test_everyone_starts_with_10_hearts_which_is_the_maximum_and_0_stars():
    s = new()
    assert [(p["hp"], p["max_hp"], p["stars"], p["energy"]) for p in s["players"]] == [(10, 10, 0, 0)] * 3
    assert [p["monster"] for p in s["players"]] == ["Alienoid", "Cyber Kitty", "Giga Zaur"]


def test_three_of_a_number_scores_that_many_stars_plus_one_per_extra_die():
    # "three of a number scores that many ★, +1 for each extra die of that number"
    s = turn(new(), "2222 ee", end=False)
    assert s["players"][0]["stars"] == 3 + 1  # four 2s = 3★, plus 1★ for entering Kyoto
    assert s["players"][0]["energy"] == 2


def test_two_triples_both_score():
    s = turn(new(), "111 333", end=False)
    assert s["players"][0]["stars"] == 1 + 3 + 1


def test_two_of_a_number_scores_nothing():
    s = turn(new(), "11 22 33", end=False)
    assert s["players"][0]["stars"] == 1  # only entering Kyoto


def test_hearts_heal_up_to_the_maximum_but_not_in_kyoto():
    s = new()
    s["players"][0]["hp"] = 7
    s = turn(s, "hhhhh e", end=False)
    assert s["players"][0]["hp"] == 10  # 7 + 5, capped at 10
    s = act(s, type="end_turn")
    s = turn(s, "hh 111 e")  # Bob
    s = turn(s, "hh 111 e")  # Cy
    s["players"][0]["hp"] = 5
    s = turn(s, "hhh e 12", end=False)  # Ann is in Kyoto City
    assert s["players"][0]["hp"] == 5


def test_smash_from_outside_hits_kyoto_and_from_inside_hits_everyone_outside():
    s = turn(new(), "123 ee e")  # Ann enters Kyoto City
    assert s["kyoto"]["city"] == 0
    s = turn(s, "ss 123 e", s0=False)  # Bob smashes Ann; Ann stays
    assert [p["hp"] for p in s["players"]] == [8, 10, 10]
    s = turn(s, "123 eee")  # Cy
    s = turn(s, "sss 12 e")  # Ann, inside, smashes Bob and Cy
    assert [p["hp"] for p in s["players"]] == [8, 7, 7]


def test_the_active_monster_must_enter_an_empty_city_and_scores_1_star():
    # "Enter Kyoto: if Kyoto City is empty you must enter it (+1★)."
    s = turn(new(), "123 123", end=False)
    assert s["kyoto"]["city"] == 0 and s["players"][0]["location"] == "city" and s["players"][0]["stars"] == 1


def test_starting_a_turn_in_kyoto_scores_2_stars():
    s = turn(new(), "123 123")
    s = turn(s, "123 123")
    s = turn(s, "123 123")
    assert s["current"] == 0 and s["players"][0]["stars"] == 1 + 2


def test_a_monster_hit_in_kyoto_may_yield_and_the_attacker_takes_its_place():
    # "A monster in Kyoto that loses ♥ to another monster's ✸ may yield, and the attacker then takes its place."
    s = turn(new(), "123 123")
    s = act(s, type="roll", faces=dice("ss 123 e"))
    s = act(s, type="resolve")
    assert s["pending"] == [{"type": "yield", "player": 0, "damage": 2}]
    rejected(s, {"type": "end_turn"}, "Answer the yield first")
    rejected(s, {"type": "yield", "player": 2, "yield": True}, "has no yield to decide")
    s = act(s, type="yield", player=0, **{"yield": True})
    assert s["players"][0]["hp"] == 8 and s["players"][0]["location"] is None
    assert s["kyoto"]["city"] == 1 and s["players"][1]["stars"] == 1


def test_yield_is_decided_before_the_damage_lands():
    # Edition ruling: "Yield decisions come before damage is reduced or prevented".
    s = turn(new(), "123 123")
    s = act(s, type="roll", faces=dice("sss 12 e"))
    s = act(s, type="resolve")
    assert s["players"][0]["hp"] == 10 and s["phase"] == "yield"


def test_only_monsters_hit_by_another_monsters_smash_may_yield():
    s = turn(new(), "123 123")
    s = act(s, type="roll", faces=dice("123 eee"))
    s = act(s, type="resolve")  # no smash: nobody is asked
    assert s["pending"] == [{"type": "buy", "player": 1}]
    rejected(s, {"type": "yield", "player": 0, "yield": True}, "has no yield to decide")


def test_auto_yield_answers_for_the_player():
    s = act(new(), type="auto_yield", player=0, below=9)
    s = turn(s, "123 123")
    s = turn(s, "s 123 ee")  # 9♥ left: not below 9, stays
    assert s["kyoto"]["city"] == 0
    s = turn(s, "ss 123 e")  # 7♥ left: below 9, yields
    assert s["kyoto"]["city"] == 2 and s["players"][0]["hp"] == 7


def test_kyoto_bay_is_a_second_seat_with_five_monsters():
    # "With five or six monsters, Kyoto Bay is a second seat"
    s = turn(new(5), "123 123")
    assert s["kyoto"]["city"] == 0
    s = turn(s, "123 123", end=False)
    assert s["kyoto"]["bay"] == 1 and s["players"][1]["location"] == "bay" and s["players"][1]["stars"] == 1
    s = act(s, type="end_turn")
    # Smash from outside hits both monsters in Kyoto; both are asked.
    s = act(s, type="roll", faces=dice("s 123 ee"))
    s = act(s, type="resolve")
    assert {d["player"] for d in s["pending"]} == {0, 1}
    s = act(s, type="yield", player=1, **{"yield": True})
    s = act(s, type="yield", player=0, **{"yield": False})
    assert s["kyoto"] == {"city": 0, "bay": 2}
    # The Bay monster, inside, smashes the monsters outside only.
    s = act(s, type="end_turn")
    s = turn(s, "123 123")  # Dee
    s = turn(s, "123 123")  # Eve
    s = turn(s, "123 123")  # Ann (city)
    s = turn(s, "123 123")  # Bob
    s = turn(s, "ss 123 e")  # Cy, in the Bay: hits Ann? no: hits every monster outside
    assert [p["hp"] for p in s["players"]] == [9, 7, 10, 8, 8]


def test_a_four_player_game_has_no_bay():
    s = turn(new(4), "123 123")
    s = turn(s, "123 123", end=False)
    assert s["kyoto"]["bay"] is None and s["players"][1]["location"] is None


def test_elimination_leaves_kyoto_and_the_game_and_discards_cards():
    s = turn(new(), "123 123")
    s["players"][0]["hp"] = 2
    s["players"][0]["cards"] = ["acid_attack"]
    s = turn(s, "sss 123")  # Ann is not asked to yield: the hit eliminates her either way
    assert not s["players"][0]["alive"] and s["players"][0]["location"] is None
    assert "acid_attack" in s["discard"] and s["players"][0]["cards"] == []
    assert s["kyoto"]["city"] == 1  # the attacker enters the empty City
    assert s["current"] == 2  # turn order skips nobody yet; next is Cy
    s = turn(s, "123 123")
    assert s["current"] == 1  # Ann is skipped


def test_the_bay_closes_when_four_or_fewer_remain():
    # "it closes when four or fewer remain (its occupant moves to an empty City, else leaves, scoring nothing)"
    s = turn(new(5), "123 123")
    s = turn(s, "123 123")  # Bob in the Bay
    s["players"][0]["hp"] = 1
    s = act(s, type="roll", faces=dice("s 123 ee"))
    s = act(s, type="resolve")  # Cy hits Ann (in the City, at 1♥: she falls either way) and Bob
    assert s["pending"] == [{"type": "yield", "player": 1, "damage": 1}]
    s = act(s, type="yield", player=1, **{"yield": False})
    assert not s["players"][0]["alive"]
    assert s["kyoto"] == {"city": 1, "bay": None} and s["players"][1]["stars"] == 1  # moved up, scoring nothing
    assert s["players"][2]["location"] is None  # Cy cannot enter the closed Bay


def test_the_game_ends_at_the_end_of_a_turn_with_20_stars():
    s = new()
    s["players"][1]["stars"] = 19
    s = turn(s, "123 123", end=False)
    s["players"][1]["stars"] = 20
    assert not s["over"]
    s = act(s, type="end_turn")
    assert s["over"] and s["winner"] == 1 and s["standings"][0] == 1


def test_twenty_stars_and_zero_hearts_is_elimination_not_victory():
    s = turn(new(), "123 123")
    s["players"][0]["stars"] = 20
    s["players"][0]["hp"] = 2
    s = turn(s, "sss 123")  # not asked: yielding does not save a monster without Jets
    assert not s["players"][0]["alive"] and not s["over"]


def test_last_monster_standing_wins_and_if_all_fall_at_once_nobody_wins():
    s = turn(new(2), "123 123")
    s["players"][0]["hp"] = 3
    s = turn(s, "sss 123")
    assert s["over"] and s["winner"] == 1
    s = new(2, market=["high_altitude_bombing", "heal", "tank"])
    for p in s["players"]:
        p["hp"] = 3
    s["players"][0]["energy"] = 4
    s = turn(s, "123 123", end=False)
    s = act(s, type="buy", card="high_altitude_bombing")
    assert s["over"] and s["winner"] is None and s["standings"]


def test_rolls_are_limited_to_three_and_dice_count_is_checked():
    s = new()
    rejected(s, {"type": "resolve"}, "Enter the dice first")
    rejected(s, {"type": "roll", "faces": dice("123 12")}, "rolls 6 dice this turn; you entered 5")
    rejected(s, {"type": "roll", "faces": ["1", "2", "3", "4", "5", "6"]}, "Faces are 1, 2, 3, heart, energy, smash")
    for _ in range(3):
        s = act(s, type="roll", faces=dice("123 123"))
    rejected(s, {"type": "roll", "faces": dice("123 123")}, "has used all 3 rolls")
    s = act(s, type="resolve")
    rejected(s, {"type": "roll", "faces": dice("123 123")}, "rolling comes first")


def test_shrink_ray_tokens_take_a_die_each():
    s = new()
    s["players"][0]["shrink"] = 1
    rejected(s, {"type": "roll", "faces": dice("123 123")}, "rolls 5 dice")
    s = act(s, type="roll", faces=dice("123 12"))
    assert s["rolls"] == 1


def test_buying_and_sweeping_are_checked_against_energy():
    s = turn(new(market=["corner_store", "energize", "acid_attack"]), "123 eee", end=False)
    rejected(s, {"type": "buy", "card": "acid_attack"}, "Acid Attack costs 6ϟ; Alienoid (Ann) has 3ϟ")
    rejected(s, {"type": "buy", "card": "tank"}, "not face up at Nishiki Market")
    s = act(s, type="buy", card="corner_store")
    assert s["players"][0]["energy"] == 0 and s["players"][0]["stars"] == 1 + 1
    assert s["pending"] == [{"type": "market", "player": 0, "slots": 1}]
    rejected(s, {"type": "end_turn"}, "First tap in the 1 card face up")
    rejected(s, {"type": "market", "cards": ["energize", "acid_attack", "corner_store"]}, "Corner Store is not in the deck")
    s = act(s, type="market", cards=["energize", "acid_attack", "mimic"])
    rejected(s, {"type": "sweep"}, "Sweeping costs 2ϟ")
    s["players"][0]["energy"] = 2
    s = act(s, type="sweep")
    assert s["players"][0]["energy"] == 0 and s["market"] == [] and set(s["discard"]) >= {"energize", "mimic", "acid_attack"}


def test_keep_cards_go_in_front_of_their_owner():
    s = turn(new(), "123 eee", end=False)
    s["players"][0]["energy"] = 6
    s = act(s, type="buy", card="acid_attack")
    assert s["players"][0]["cards"] == ["acid_attack"]


def test_the_deck_knows_which_cards_are_left():
    s = new(market=["extra_head", "extra_head", "evacuation_orders"])
    assert s["deck"]["extra_head"] == 0 and s["deck"]["evacuation_orders"] == 1
    assert sum(s["deck"].values()) == 66 - 3
    rejected(s, {"type": "market", "cards": ["extra_head", "extra_head", "extra_head"]}, "Extra Head is not in the deck")
    s = act(s, type="market", cards=["extra_head", "heal", "evacuation_orders"])  # a correction
    assert s["deck"]["extra_head"] == 1 and s["deck"]["heal"] == 0


def test_turn_phases_are_enforced():
    s = new()
    rejected(s, {"type": "buy", "card": "heal"}, "bought after the dice are resolved")
    rejected(s, {"type": "end_turn"}, "Resolve the dice before ending the turn")
    rejected(s, {"type": "fly"}, "Unknown action 'fly'")
    rejected(s, {"type": "fly" * 9000}, "Unknown action 'flyfly")
    # A move of the turn may name its monster: a stale phone's tap cannot play for another.
    rejected(s, {"type": "roll", "faces": dice("123 123"), "player": 1}, "It is Alienoid (Ann)'s turn")
    assert act(s, type="roll", faces=dice("123 123"), player=0)["rolls"] == 1


def test_monsters_option():
    s = new(2, monsters=["The King", "Meka Dragon"])
    assert [p["monster"] for p in s["players"]] == ["The King", "Meka Dragon"]
    with pytest.raises(RuleViolation, match="one monster from"):
        new(2, monsters=["Godzilla", "The King"])
    with pytest.raises(RuleViolation, match="one player only"):
        new(2, monsters=["The King", "The King"])


def test_card_choices_of_the_wrong_shape_get_a_sentence_and_change_nothing():
    # Once a 500: "²" passes str.isdigit() but int() refuses it; 1.0 is no count of hearts.
    s = new()
    s["players"][0]["cards"] = ["healing_ray", "made_in_a_lab", "plot_twist"]
    rolled = act(s, type="roll", faces=dice("hhh 123"))
    for gifts in ({"²": 1}, {"9" * 5000: 1}, {"1": 1.0}, {"1": True}, 0.0, "1", [0, 1.0], {"1": [1]}):
        rejected(rolled, {"type": "resolve", "heal_others": gifts}, "'heal_others' maps a player index")
    rejected(rolled, {"type": "use", "card": "plot_twist", "die": 0, "face": ["1"]}, "'face' is one of")
    rejected(rolled, {"type": "use", "card": "plot_twist", "die": 1.0, "face": "1"}, "whole number")
    rejected(rolled, {"type": "use", "card": "plot_twist", "die": 0, "face": "1", "sell": []}, "does not take a field 'sell'")
    rejected(rolled, {"type": "use", "card": ["plot_twist"]}, "'['plot_twist']' is not a card that is used")
    rejected(rolled, {"type": "buy", "card": {}}, "bought after the dice are resolved")
    bought = act(rolled, type="resolve")
    bought["players"][0]["energy"] = 2  # Made in a Lab is offered when a card in the deck is affordable
    for peek in ([], {}, ["heal"], 1.0):
        rejected(bought, {"type": "use", "card": "made_in_a_lab", "peek": peek, "buy": False}, "'peek' is the id")


# Line 100: "Rules follow the 2016 rulebook": an eliminated monster discards its cards and its ϟ,
# and is out of the game (its seat has nothing left to set or decide).
def test_an_eliminated_monster_drops_its_cards_and_energy_and_its_seat_acts_no_more():
    s = new()
    s["players"][1].update(hp=2, energy=5, cards=["armor_plating"])
    for _ in range(3):
        s = turn(s, "123 123")  # Ann enters the City; Bob and Cy stay outside
    s = act(s, type="roll", faces=dice("ss 123 e"))
    s = act(s, type="resolve")  # Ann smashes Bob and Cy for 2
    bob = s["players"][1]
    assert (bob["alive"], bob["energy"], bob["cards"]) == (False, 0, []) and "armor_plating" in s["discard"]
    rejected(s, {"type": "auto_yield", "player": 1, "below": 3}, "Cyber Kitty (Bob) is out of the game")
    assert not any(o["player"] == 1 for o in GAME.offers(s, PLAYS))


def test_final_standings_place_a_monster_that_lasted_longer_above_one_knocked_out_earlier():
    # The rulebook names only the winner; below it the app places the living by ★ then ♥, then the
    # eliminated, the last out first (docs/rulings.md): Ann's 15★ do not lift her, out first, above Bob.
    s = turn(new(3), "123 123")  # Ann enters Kyoto City
    s["players"][0].update(stars=15, hp=2)
    s = turn(s, "sss 123")  # Bob knocks Ann out and enters
    assert not s["players"][0]["alive"] and s["players"][0]["out"] == 1
    s["players"][1]["hp"] = 1
    s = turn(s, "s 123 ee")  # Cy knocks Bob out: the last monster standing
    assert s["over"] and s["winner"] == 2 and s["players"][1]["out"] == 2
    assert s["standings"] == [2, 1, 0]
    assert GAME.places(s) == [3, 2, 1]


def test_monsters_knocked_out_by_one_roll_share_their_place():
    s = turn(new(4), "123 123")  # Ann enters Kyoto City
    s = turn(s, "123 123")  # Bob
    s["players"][1]["hp"] = 1
    s["players"][2]["hp"] = 1
    s["players"][1]["stars"] = 9
    s = turn(s, "123 123")  # Cy
    s = turn(s, "123 123")  # Dee
    s = turn(s, "s 123 ee", end=False)  # Ann, in the City, smashes the three outside: Bob and Cy fall
    assert [p["out"] for p in s["players"][1:3]] == [1, 1]
    assert GAME.places({**s, "over": True, "winner": 0}) == [1, 3, 3, 2]


def test_a_roll_may_be_entered_by_the_dice_kept_and_only_a_whole_roll_resolves():
    # "roll six dice up to three times, setting aside any you like between rolls": the dice rolled
    # again are never needed, so a roll but the last may be entered by the dice set aside alone.
    s = act(new(), type="roll", faces=dice("11 ee"), kept=True)
    assert s["kept"] == dice("11 ee") and s["dice"] == [] and s["rolls"] == 1
    rejected(s, {"type": "resolve"}, "enter the dice that resolve")
    s = act(s, type="roll", faces=dice("11 ee 1 3"))
    assert s["dice"] == dice("11 ee 1 3") and s["kept"] == []
    rejected(s, {"type": "roll", "faces": dice("11 e 1"), "kept": True}, "Enter all the dice of Alienoid (Ann)'s last roll")
    rejected(s, {"type": "roll", "faces": dice("11 e 1")}, "rolls 6 dice this turn; you entered 4")
    line = GAME.apply(act(new(), type="roll", faces=dice("11 ee"), kept=True), {"type": "roll", "faces": dice("s"), "kept": True})[1]
    assert line == ["Alienoid (Ann) rolls (roll 2 of 3), keeps ✸ and rolls 5 dice again."]
