"""Keep cards that ask their owner when ♥ are lost (Camouflage, Wings, Rapid Healing) and Mimic."""
from __future__ import annotations

import pytest

from companion.games import RuleViolation

from ..kyotoan_helpers import GAME, act, dice, new, turn


def owning(*cards, n=3, who=0, **changes):
    s = new(n)
    s["players"][who]["cards"] = list(cards)
    s["players"][who].update(changes)
    return s


def resolve(s, spec):
    return act(act(s, type="roll", faces=dice(spec)), type="resolve")


def refused(s, match, **action):
    """The action is refused with a clear sentence and the state is untouched."""
    before = repr(s)
    with pytest.raises(RuleViolation, match=match):
        GAME.apply(s, action)
    assert repr(s) == before


# -- Camouflage against every loss, not only smashes -------------------------------------------
# "If you lose ♥, roll a die for each ♥ you lost. Each ♥ result reduces the loss by 1♥."
def test_camouflage_against_a_card_that_hurts():
    s = new(market=["flame_thrower", "heal", "tank"])
    s["players"][1]["cards"] = ["camouflage"]
    s = resolve(s, "123 123")
    s["players"][0]["energy"] = 3
    s = act(s, type="buy", card="flame_thrower")  # all other monsters lose 2♥
    s = act(s, type="market", cards=["heal", "tank", "corner_store"])
    assert s["players"][2]["hp"] == 8  # Cy has no card to ask: the loss landed
    assert s["phase"] == "losses" and s["pending"] == [{"type": "camouflage", "player": 1, "dice": 2}]
    refused(s, "A loss of ♥ waits for Cyber Kitty", type="end_turn")
    refused(s, "Camouflage rolls 2 dice", type="camouflage", player=1, faces=["heart"])
    refused(s, "Giga Zaur \\(Cy\\) has no Camouflage dice", type="camouflage", player=2, faces=["heart", "1"])
    s = act(s, type="camouflage", player=1, faces=["heart", "1"])
    assert s["players"][1]["hp"] == 9 and s["phase"] == "buy"
    assert act(s, type="end_turn")["current"] == 1


def test_camouflage_against_poison_at_the_end_of_the_turn():
    s = resolve(owning("camouflage", poison=2), "123 123")
    s = act(s, type="end_turn")
    assert s["current"] == 0 and s["pending"] == [{"type": "camouflage", "player": 0, "dice": 2}]
    s = act(s, type="camouflage", player=0, faces=["heart", "heart"])
    assert s["players"][0]["hp"] == 10 and s["current"] == 1 and s["phase"] == "roll"


# -- Wings, asked when the damage comes ----------------------------------------------------------
# "Spend 2ϟ to not lose ♥ this turn." Edition ruling: "... Armor Plating, Camouflage, Wings and
# Rapid Healing then apply."
def test_wings_is_offered_when_damage_comes_pay_or_not():
    for pay, hp, energy in ((True, 10, 0), (False, 7, 2)):
        s = turn(owning("wings", energy=2), "123 123")  # Ann in Kyoto City
        s = resolve(s, "sss 12 e")
        s = act(s, type="yield", player=0, **{"yield": False})
        assert s["pending"] == [{"type": "wings", "player": 0, "damage": 3}]
        s = act(s, type="wings", player=0, pay=pay)
        assert (s["players"][0]["hp"], s["players"][0]["energy"], s["phase"]) == (hp, energy, "buy")


def test_wings_is_not_offered_without_two_energy_and_covers_the_rest_of_the_turn():
    s = turn(owning("wings", energy=1), "123 123")
    s = resolve(s, "sss 12 e")
    s = act(s, type="yield", player=0, **{"yield": False})
    assert s["players"][0]["hp"] == 7 and s["phase"] == "buy"
    refused(s, "has no Wings decision", type="wings", player=0, pay=True)


def test_camouflage_comes_before_wings():
    s = turn(owning("camouflage", "wings", energy=2), "123 123")
    s = resolve(s, "sss 12 e")
    s = act(s, type="yield", player=0, **{"yield": False})
    assert s["pending"] == [{"type": "camouflage", "player": 0, "dice": 3}]
    s = act(s, type="camouflage", player=0, faces=["heart", "1", "2"])
    assert s["pending"] == [{"type": "wings", "player": 0, "damage": 2}]
    s = act(s, type="wings", player=0, pay=False)
    assert s["players"][0]["hp"] == 8 and s["players"][0]["energy"] == 2


# A lethal smash asks the yield first too (rulebook line 13; edition ruling line 92: "Yield
# decisions come before damage is reduced or prevented"): a monster whose loss Wings then cancels
# was asked whether it leaves.
def test_a_lethal_smash_asks_the_yield_before_wings_cancel_the_loss():
    s = turn(owning("wings", energy=2, hp=2), "123 123")  # Ann in Kyoto City at 2♥
    s = resolve(s, "sss 12 e")
    assert s["pending"] == [{"type": "yield", "player": 0, "damage": 3}]
    s = act(s, type="yield", player=0, **{"yield": False})
    assert s["pending"] == [{"type": "wings", "player": 0, "damage": 3}]
    s = act(s, type="wings", player=0, pay=True)
    ann = s["players"][0]
    assert (ann["hp"], ann["location"], ann["energy"]) == (2, "city", 0) and s["phase"] == "buy"


# -- Rapid Healing: prevent 0♥ -------------------------------------------------------------------
# Rulebook line 56: "Spend 2ϟ at any time to gain 1♥. This may be used to prevent your health from
# being reduced to 0." The ♥ are bought before the loss lands: they do not heal up from 0♥.
def lethal_hit(hp=2, **ann):
    """Ann in Kyoto City at 2♥ with Rapid Healing stays; Bob smashes 3; Cy has Eater of the Dead."""
    s = turn(owning("rapid_healing", **ann), "123 123")
    s["players"][2]["cards"] = ["eater_of_the_dead"]
    s["players"][0]["hp"] = hp
    s = resolve(s, "sss 12 e")
    if s["phase"] != "yield":
        return s  # not asked: without Rapid Healing's ϟ the hit eliminates Ann either way
    return act(s, type="yield", player=0, **{"yield": False})


def test_rapid_healing_prevents_zero_before_the_loss_lands():
    s = lethal_hit(energy=4)
    assert s["players"][0]["hp"] == 2 and s["pending"] == [{"type": "rapid_healing", "player": 0, "damage": 3}]
    refused(s, "6ϟ; Alienoid \\(Ann\\) has 4ϟ", type="rapid_healing", player=0, hearts=3)
    refused(s, "A loss of ♥ waits for Alienoid", type="buy", card="heal")
    s = act(s, type="rapid_healing", player=0, hearts=2)
    ann = s["players"][0]
    assert (ann["hp"], ann["energy"], ann["alive"], ann["location"]) == (1, 0, True, "city")  # 2 + 2 − 3
    assert s["players"][2]["stars"] == 0  # its ♥ never went to 0: Eater of the Dead scores nothing
    assert s["phase"] == "buy" and s["players"][1]["location"] is None


def test_rapid_healing_short_of_the_loss_does_not_save():
    for answer in ({"type": "rapid_healing", "player": 0, "hearts": 1}, {"type": "rapid_healing", "player": 0, "hearts": 0}):
        s = act(lethal_hit(energy=4), **answer)
        assert not s["players"][0]["alive"] and s["players"][2]["stars"] == 3  # 2 + 1 − 3 = 0: out
        assert s["players"][1]["location"] == "city"


def test_rapid_healing_used_while_asked_buys_one_heart_and_asks_again_while_the_loss_is_lethal():
    s = act(lethal_hit(energy=4), type="use", card="rapid_healing", player=0)
    assert s["players"][0]["hp"] == 3 and s["pending"] == [{"type": "rapid_healing", "player": 0, "damage": 3}]
    s = act(s, type="use", card="rapid_healing", player=0)
    assert s["players"][0]["hp"] == 1 and s["phase"] == "buy"  # 4 − 3: the loss is no longer lethal


def test_rapid_healing_is_not_asked_without_two_energy_at_full_health_or_for_a_loss_that_leaves_hearts():
    for hp, energy in ((2, 1), (10, 4)):
        s = lethal_hit(energy=energy, hp=hp)
        assert s["phase"] == "buy" and s["players"][0]["hp"] == max(0, hp - 3)
        refused(s, "no Rapid Healing question", type="rapid_healing", player=0, hearts=1)
    s = lethal_hit(energy=4, hp=10)
    assert s["players"][0]["alive"]


def test_rapid_healing_is_asked_before_it_has_a_child():
    s = act(lethal_hit(energy=2, cards=["rapid_healing", "it_has_a_child"]), type="rapid_healing", player=0, hearts=0)
    ann = s["players"][0]
    assert ann["alive"] and ann["hp"] == 10 and ann["cards"] == [] and ann["location"] is None


# -- Mimic -----------------------------------------------------------------------------------------
# "Choose a keep card any monster has in play and put a Mimic token on it. This card counts as a
# duplicate of that card as if you had just bought it. Spend 1ϟ at the start of your turn to move
# the Mimic token and change the card you are mimicking." Edition ruling: "Mimic copies counters
# (Smoke Cloud, Battery Monster) with its own set. When a mimicked counter card runs out, the Mimic
# token comes off and can be placed again at the start of a turn."
def mimicking(card, of=1, **ann):
    s = owning("mimic", **ann)
    s["players"][of]["cards"].append(card)
    return s


def test_mimic_is_placed_free_and_counts_as_a_copy():
    s = mimicking("extra_head")
    s = act(s, type="use", card="mimic", of=1, target="extra_head")  # at the start of Ann's turn
    assert s["players"][0]["mimic"] == {"card": "extra_head", "of": 1} and s["players"][0]["energy"] == 0
    assert s["pending"][0]["dice"] == 7 and GAME.dice_count(s, 1) == 7


def test_mimic_moves_for_one_energy_once_at_the_start_of_the_turn():
    s = mimicking("extra_head", energy=1)
    s["players"][1]["cards"].append("giant_brain")
    s = act(s, type="use", card="mimic", of=1, target="extra_head")
    s["used"] = []  # as at the start of a later turn of Ann's
    s = act(s, type="use", card="mimic", of=1, target="giant_brain")
    assert s["players"][0]["energy"] == 0 and s["pending"][0] == {"type": "roll", "player": 0, "dice": 6, "rolls_left": 4}
    refused(s, "moved this turn already", type="use", card="mimic", of=1, target="extra_head")
    s["used"] = []
    refused(s, "costs 1ϟ", type="use", card="mimic", of=1, target="extra_head")
    s["players"][0]["energy"] = 1
    s = act(s, type="roll", faces=dice("123 123"))
    refused(s, "moves at the start of its owner's turn", type="use", card="mimic", of=1, target="extra_head")


def test_mimic_bad_choices_are_refused():
    s = mimicking("extra_head")
    refused(s, "has no Keep card 'acid_attack'", type="use", card="mimic", of=1, target="acid_attack")
    s["players"][1]["cards"].append("mimic")
    refused(s, "not a Mimic", type="use", card="mimic", of=1, target="mimic")
    refused(s, "used on its owner's own turn", type="use", card="mimic", player=1, of=1, target="extra_head")
    refused(new(), "does not own Mimic", type="use", card="mimic", of=0, target="extra_head")
    s = act(s, type="use", card="mimic", of=1, target="extra_head")
    s["players"][0]["energy"] = 5
    refused(s, "on that Extra Head already", type="use", card="mimic", of=1, target="extra_head")


def test_mimic_on_a_counter_card_has_its_own_counters_and_comes_off_when_they_run_out():
    s = mimicking("smoke_cloud")
    s["players"][1]["counters"] = {"smoke_cloud": 3}
    s = act(s, type="use", card="mimic", of=1, target="smoke_cloud")
    assert s["players"][0]["counters"] == {"mimic": 3} and s["pending"][0]["rolls_left"] == 6
    for _ in range(5):
        s = act(s, type="roll", faces=dice("123 123"))
    assert s["players"][0]["counters"] == {"mimic": 1} and s["players"][1]["counters"] == {"smoke_cloud": 3}
    s, lines = GAME.apply(s, {"type": "roll", "faces": dice("123 123")})
    assert "Alienoid (Ann)'s Mimic token comes off (its Smoke Cloud counters ran out)." in lines
    assert s["players"][0]["mimic"] is None and "mimic" in s["players"][0]["cards"]
    assert s["players"][1]["cards"] == ["smoke_cloud"] and s["players"][1]["counters"] == {"smoke_cloud": 3}
    refused(s, "used all 3 rolls", type="roll", faces=dice("123 123"))
    # Placed again at the start of a later turn, free, with three new counters.
    s = act(act(s, type="resolve"), type="end_turn")
    s = turn(turn(s, "123 123"), "123 123")
    s = act(s, type="use", card="mimic", of=1, target="smoke_cloud")
    assert s["players"][0]["counters"] == {"mimic": 3} and s["players"][0]["energy"] == 0


def test_mimic_on_battery_monster_moves_its_own_energy():
    s = mimicking("battery_monster", cards=["mimic", "friend_of_children"])
    s["players"][1]["counters"] = {"battery_monster": 6}
    s = act(s, type="use", card="mimic", of=1, target="battery_monster")
    assert s["players"][0]["counters"] == {"mimic": 6}
    s = turn(turn(turn(s, "123 123"), "123 123"), "123 123")  # Ann, Bob, Cy: Ann's turn again
    assert s["current"] == 0 and s["players"][0]["energy"] == 2 and s["players"][0]["counters"] == {"mimic": 4}
    assert s["players"][1]["counters"] == {"battery_monster": 4}


def test_mimic_comes_off_when_its_card_leaves_play():
    s = mimicking("battery_monster")
    s["players"][1]["counters"] = {"battery_monster": 2}
    s = act(s, type="use", card="mimic", of=1, target="battery_monster")
    s, lines = GAME.apply(resolve(s, "123 123"), {"type": "end_turn"})  # Bob's Battery Monster runs out
    assert "Alienoid (Ann)'s Mimic token comes off (the card it was on left play)." in lines
    assert "battery_monster" not in s["players"][1]["cards"]
    assert s["players"][0]["mimic"] is None and "mimic" not in s["players"][0]["counters"]


def test_mimic_on_even_bigger_gives_two_hearts_and_twelve_while_it_lasts():
    s = mimicking("even_bigger", energy=1)
    s["players"][1]["cards"].append("extra_head")
    s = act(s, type="use", card="mimic", of=1, target="even_bigger")
    assert (s["players"][0]["hp"], s["players"][0]["max_hp"]) == (12, 12)
    s["used"] = []
    s = act(s, type="use", card="mimic", of=1, target="extra_head")
    assert (s["players"][0]["hp"], s["players"][0]["max_hp"]) == (10, 10)


def test_mimic_on_plot_twist_is_used_up_instead_of_the_card():
    s = mimicking("plot_twist")
    s = act(s, type="use", card="mimic", of=1, target="plot_twist")
    s = act(s, type="roll", faces=dice("123 123"))
    s = act(s, type="use", card="plot_twist", die=0, face="smash")
    assert s["dice"][0] == "smash" and s["players"][0]["mimic"] is None
    assert s["players"][1]["cards"] == ["plot_twist"] and "plot_twist" not in s["discard"]
    refused(s, "does not own Plot Twist", type="use", card="plot_twist", die=1, face="smash")


def test_mimic_token_follows_a_card_bought_with_parasitic_tentacles():
    s = mimicking("extra_head")
    s = act(s, type="use", card="mimic", of=1, target="extra_head")
    s = turn(turn(s, "123 123 e"), "123 123 e")  # Ann and Bob roll 7 dice; then Cy's turn
    s["players"][2]["cards"] = ["parasitic_tentacles"]
    s["players"][2]["energy"] = 7
    s = resolve(s, "123 123")
    s = act(s, type="buy", card="extra_head", **{"from": 1})
    assert s["players"][0]["mimic"] == {"card": "extra_head", "of": 2} and GAME.dice_count(s, 0) == 7
