"""Last Kyotoan Standing offers (api.md, "Offers"): random games played through offers alone (with
cards bought, so the card powers come into play), unoffered actions refused on every state visited,
and the offers of the situations a table meets, with their prices."""
from __future__ import annotations

import random

import pytest

from companion.games import WATCHER, RuleViolation
from companion.games.kyotoan.cards import CARDS
from companion.games.kyotoan.effects import FACES
from companion.games.kyotoan.powers import USABLE
from companion.games.values import matches

from ..kyotoan_helpers import GAME, act, dice, new, turn
from ..offer_fills import CHOICE_CARDS, kyotoan_faces
from ..offers_checks import PLAYS, play_through_offers, refuse_unoffered
from .test_kyotoan_properties import check as check_invariants

REFUSE_EVERY = 3  # unoffered actions are tried on every third state visited
def make(kind: str, player: int | None, state: dict, rnd: random.Random) -> dict:
    """A well-formed action of any type, for any player (or none): refused unless it matches an offer."""
    action: dict = {"type": kind}
    if player is not None:
        action["player"] = player
    n = len(state["players"])
    if kind in ("roll", "camouflage"):
        action["faces"] = kyotoan_faces(GAME.dice_count(state, state["current"]) if kind == "roll" else rnd.randint(1, 4), rnd)
    elif kind == "yield":
        action["yield"] = rnd.random() < 0.5
    elif kind == "wings":
        action["pay"] = True
    elif kind == "rapid_healing":
        action["hearts"] = 1
    elif kind == "market":
        action["cards"] = state["market"]
    elif kind == "buy":
        action["card"] = rnd.choice(state["market"] or list(CARDS))
        if rnd.random() < 0.2:
            action["from"] = rnd.randrange(n)
    elif kind == "use":
        card = rnd.choice(USABLE)
        action["card"] = card
        if card in ("plot_twist", "stretchy", "psychic_probe", "herd_culler"):
            action["die"] = 0
            if card != "herd_culler":
                action["face"] = "heart"
        elif card == "metamorph":
            action["sell"] = ["jets"]
        elif card == "made_in_a_lab":
            action.update(peek="heal", buy=False)
        elif card == "mimic":
            action.update({"of": rnd.randrange(n), "target": "jets"})
    elif kind == "auto_yield":
        action["below"] = 3
    return action


def check(state: dict) -> None:
    """The invariants of a state, and every decision the table owes is offered to its monster."""
    check_invariants(state)
    offered = GAME.offers(state, PLAYS)
    # The step a turn waits for is offered: its rolling or resolving, its end; every question.
    steps = {"roll": ("roll", "resolve"), "buy": ("end_turn",)}
    for owed in state["pending"]:
        if owed["type"] == "psychic_probe":  # answered by a `use` of the card: a reroll or a pass
            assert any(o["type"] == "use" and o["card"] == "psychic_probe" and o["player"] == owed["player"]
                       and o["pass"] == [True] for o in offered), f"the pending {owed} is not offered ({offered})"
            continue
        kinds = steps.get(owed["type"], (owed["type"],))
        assert any(matches(o, {**owed, "type": k}) for o in offered for k in kinds), f"the pending {owed} is not offered ({offered})"


def rich(state: dict, rnd: random.Random) -> dict:
    """The same table with each monster holding a few Keep cards with choices (taken from the
    deck), ϟ to spend, and some ♥ lost already (so that losses ask their questions sooner)."""
    keeps = [c for c in CHOICE_CARDS if CARDS[c].kind == "keep" and c != "rapid_healing"]
    rnd.shuffle(keeps)
    keeps.insert(rnd.randrange(3), "rapid_healing")  # the first monster's: its question needs a lethal loss
    for i, p in enumerate(state["players"]):
        p["cards"] = keeps[3 * i: 3 * i + 3]
        p["energy"] = rnd.randint(0, 12)
        p["hp"] = rnd.randint(3, 10)
        for card in p["cards"]:
            state["deck"][card] -= 1
        if "smoke_cloud" in p["cards"]:
            p["counters"] = {"smoke_cloud": 3}
    return state


@pytest.mark.parametrize("seed", range(24))
def test_random_games_through_offers_alone_accept_every_offer_and_refuse_the_rest(seed):
    rnd = random.Random(seed)
    n = 2 + seed % 5
    state = GAME.setup([f"P{i}" for i in range(n)], {}, rnd)
    if seed % 2:
        state = rich(state, rnd)
    tried, kinds, visited = [], set(), [0]

    def visit(s):
        kinds.update((o["type"], o.get("card")) for o in GAME.offers(s, PLAYS))
        visited[0] += 1
        if not s["over"] and visited[0] % REFUSE_EVERY == 0:  # a refused action costs a deep copy
            tried.append(refuse_unoffered(GAME, s, rnd, make))

    play_through_offers(GAME, state, rnd, 600, check=check, visit=visit)
    assert sum(tried) > 0, "unoffered actions were tried on the way"
    assert {("roll", None), ("resolve", None), ("buy", None), ("end_turn", None)} <= kinds


@pytest.mark.slow
def test_the_random_games_reach_every_kind_of_offer():
    seen = set()
    for seed in range(20):
        rnd = random.Random(1000 + seed)
        state = rich(GAME.setup([f"P{i}" for i in range(2 + seed % 5)], {}, rnd), rnd)

        def visit(s):
            seen.update((o["type"], o.get("card"), "from" in o) for o in GAME.offers(s, PLAYS))

        play_through_offers(GAME, state, rnd, 300, check=check, visit=visit)
    kinds = {(t, c) for t, c, _ in seen}
    # Rapid Healing's question needs a lethal loss to a monster that kept 2ϟ: the test below;
    # Freeze Time's offer needs 1 1 1 rolled by its owner (test_kyotoan_keeps.py).
    assert set(GAME.actions) - {"rapid_healing", "freeze_time"} <= {t for t, _ in kinds}
    assert {c for t, c in kinds if t == "use"} == set(USABLE)
    assert ("buy", None, True) in seen, "a Parasitic Tentacles buy was offered"


QUESTIONS = ("yield", "camouflage", "wings", "rapid_healing")


def every_answer(offer: dict) -> list[dict]:
    """Every answer a question offer lists (Camouflage: no ♥, one ♥, all ♥)."""
    kind, who = offer["type"], {"type": offer["type"], "player": offer["player"]}
    if kind == "yield":
        return [{**who, "yield": choice} for choice in offer["yield"]]
    if kind == "wings":
        return [{**who, "pay": choice} for choice in offer["pay"]]
    if kind == "rapid_healing":
        return [{**who, "hearts": choice["hearts"]} for choice in offer["choices"]]
    n = offer["dice"]
    return [{**who, "faces": faces} for faces in (["1"] * n, ["heart"] + ["2"] * (n - 1), ["heart"] * n)]


def test_every_answer_to_every_question_a_lethal_smash_asks_is_accepted():
    asked = set()

    def answer_all(state, depth=0):
        questions = [o for o in GAME.offers(state, PLAYS) if o["type"] in QUESTIONS]
        for offer in questions:
            asked.add(offer["type"])
            for action in every_answer(offer):
                try:
                    after, _ = GAME.apply(state, action)
                except RuleViolation as exc:
                    raise AssertionError(f"offered {offer}, answered {action}: {exc}") from None
                check(after)
                answer_all(after, depth + 1)

    for cards in (["jets", "camouflage", "wings", "rapid_healing"], ["wings", "rapid_healing", "armor_plating"]):
        for hp in (1, 2, 3):
            s = turn(new(), "123 123")  # Ann in Kyoto City
            s["players"][0].update(cards=cards, energy=6, hp=hp)
            for card in cards:
                s["deck"][card] -= 1
            s = act(s, type="roll", faces=dice("sss 123"))
            answer_all(act(s, type="resolve"))
    assert asked == set(QUESTIONS)


def test_a_new_turn_offers_the_roll_the_market_and_the_settings():
    s = new(3)
    offers = GAME.offers(s, PLAYS)
    assert offers[0] == {"type": "roll", "player": 0, "dice": 6, "rolls_left": 3, "pays": None, "price": 0,
                         "faces_optional": True}
    market = next(o for o in offers if o["type"] == "market")
    # A full market can be corrected by anyone at the table.
    assert market["player"] is None and market["slots"] == 0 and market["size"] == 3
    assert market["market"] == ["corner_store", "heal", "acid_attack"]
    assert "heal" not in market["deck"] and market["deck"]["extra_head"] == 2  # cards left, with their counts
    assert [o["player"] for o in offers if o["type"] == "auto_yield"] == [0, 1, 2]
    assert next(o for o in offers if o["type"] == "auto_yield")["below"] == [None, *range(1, 13)]
    assert [(o["player"], o["card"], o["on"]) for o in offers if o["type"] == "auto_pass"] == \
        [(i, "psychic_probe", [True, False]) for i in range(3)]
    assert GAME.offers(s, WATCHER) == []


def test_the_market_waits_for_its_cards_before_anything_but_settings():
    s = GAME.setup(["Ann", "Bob"], {"first_player": 0}, random.Random(0))
    assert [o["type"] for o in GAME.offers(s, PLAYS)] == ["market", "auto_yield", "auto_yield", "auto_pass", "auto_pass"]
    assert GAME.offers(s, PLAYS)[0]["slots"] == 3 and GAME.offers(s, PLAYS)[0]["player"] == 0
    with pytest.raises(RuleViolation, match="First tap in the 3 card"):
        GAME.apply(s, {"type": "roll", "faces": dice("123 123")})


def test_buy_offers_only_what_the_buyer_can_pay_at_its_price():
    s = turn(new(market=["corner_store", "heal", "acid_attack"]), "123 eee", end=False)
    s["players"][0].update(energy=5, cards=["alien_origin"])
    buy = next(o for o in GAME.offers(s, PLAYS) if o["type"] == "buy")
    # Acid Attack costs 6, 5 after Alien Origin: affordable at 5ϟ.
    assert buy == {"type": "buy", "player": 0, "cards": [{"card": "corner_store", "price": 2}, {"card": "heal", "price": 2},
                                                         {"card": "acid_attack", "price": 5}]}
    s["players"][0]["energy"] = 2
    buy = next(o for o in GAME.offers(s, PLAYS) if o["type"] == "buy")
    assert [c["card"] for c in buy["cards"]] == ["corner_store", "heal"]
    s["players"][0]["energy"] = 1
    assert not any(o["type"] in ("buy", "sweep") for o in GAME.offers(s, PLAYS))
    with pytest.raises(RuleViolation, match="costs 2ϟ"):
        GAME.apply(s, {"type": "buy", "card": "heal"})


def test_opportunist_and_parasitic_tentacles_offers_name_the_buyer_and_the_seller():
    s = turn(new(3), "123 eee", end=False)
    s["players"][0].update(energy=3, cards=["parasitic_tentacles"])
    s["players"][1]["cards"] = ["jets", "jets"]
    s["players"][2].update(cards=["opportunist"], energy=4)
    # Bob's Jets cost 5: Ann (3ϟ) can only buy Cy's Opportunist from another monster.
    assert [o for o in GAME.offers(s, PLAYS) if "from" in o] == [
        {"type": "buy", "player": 0, "from": 2, "cards": [{"card": "opportunist", "price": 3}]}]
    s["players"][0]["energy"] = 5
    assert [o for o in GAME.offers(s, PLAYS) if "from" in o][0] == {
        "type": "buy", "player": 0, "from": 1, "cards": [{"card": "jets", "price": 5}]}
    s = act(s, type="buy", card="corner_store")
    s = act(s, type="market", cards=["heal", "acid_attack", "energize"])
    opportunist = [o for o in GAME.offers(s, PLAYS) if o["type"] == "buy" and o["player"] == 2]
    assert opportunist == []  # Energize costs 8: Cy has 4ϟ
    s["players"][2]["energy"] = 8
    opportunist = [o for o in GAME.offers(s, PLAYS) if o["type"] == "buy" and o["player"] == 2]
    assert opportunist == [{"type": "buy", "player": 2, "cards": [{"card": "energize", "price": 8}]}]
    s = act(s, type="end_turn")
    assert not any(o["type"] == "buy" and o["player"] == 2 for o in GAME.offers(s, PLAYS))


def test_the_dice_changers_and_psychic_probe_offer_each_die():
    s = new(3)
    s["players"][0].update(cards=["plot_twist", "stretchy", "herd_culler"], energy=1)
    s["players"][2]["cards"] = ["psychic_probe"]
    assert not any(o["type"] == "use" for o in GAME.offers(s, PLAYS))  # nothing rolled yet
    s = act(s, type="roll", faces=dice("123 hes"))
    # Edition ruling: the changers come "after your last Roll and after any Psychic Probe rerolls".
    assert not any(o["type"] == "use" for o in GAME.offers(s, PLAYS))  # roll 1 of 3: neither yet
    s = act(s, type="resolve")  # the rolling ends: Cy is asked first
    uses = {o["card"]: o for o in GAME.offers(s, PLAYS) if o["type"] == "use"}
    assert set(uses) == {"psychic_probe"}
    assert uses["psychic_probe"] == {"type": "use", "player": 2, "card": "psychic_probe", "dice": [0, 1, 2, 3, 4, 5],
                                     "faces": list(FACES), "price": 0, "pass": [True]}
    s = act(s, type="use", card="psychic_probe", player=2, **{"pass": True})
    uses = {o["card"]: o for o in GAME.offers(s, PLAYS) if o["type"] == "use"}
    assert set(uses) == {"plot_twist", "herd_culler"}  # Stretchy costs 2ϟ: Ann has 1
    assert uses["herd_culler"] == {"type": "use", "player": 0, "card": "herd_culler", "dice": [0, 1, 2, 3, 4, 5], "price": 0}
    s = act(s, type="use", card="herd_culler", die=3)
    assert not any(o.get("card") == "herd_culler" for o in GAME.offers(s, PLAYS))  # once a turn


def test_the_roll_offer_says_what_pays_for_an_extra_roll():
    s = new()
    s["players"][0].update(cards=["energy_drink", "background_dweller"], energy=1)
    for _ in range(3):
        s = act(s, type="roll", faces=dice("333 eee"))
    roll = GAME.offers(s, PLAYS)[0]
    assert roll == {"type": "roll", "player": 0, "dice": 6, "rolls_left": 1, "pays": "energy_drink", "price": 1,
                    "keep": ["energy"] * 3}
    s["players"][0]["energy"] = 0
    roll = GAME.offers(s, PLAYS)[0]
    assert roll["pays"] == "background_dweller" and roll["rolls_left"] == 0
    with pytest.raises(RuleViolation):
        GAME.apply(s, {"type": "roll", "faces": dice("111 111")})
    s = act(s, type="roll", faces=dice("e1e 2e3"))  # keeps the three ϟ: free
    s = act(s, type="roll", faces=dice("e1e 2e1"))  # the last 3 rerolled
    assert GAME.offers(s, PLAYS)[0]["type"] == "resolve"  # no 3 left: no roll offered


def test_resolve_offers_the_hearts_to_spend_on_tokens_and_healing_ray():
    s = new(3)
    s["players"][0].update(cards=["healing_ray"], poison=2)
    s["players"][1].update(hp=8, energy=3)
    s["players"][2].update(hp=10, energy=9)
    s = act(s, type="roll", faces=dice("hhh 123"))
    resolve = next(o for o in GAME.offers(s, PLAYS) if o["type"] == "resolve")
    # Bob can gain 2♥ and pays 2ϟ, then 1ϟ for his last one; Cy is at full health.
    assert resolve == {"type": "resolve", "player": 0, "hearts": 3, "cure": {"poison": 2},
                       "heal_others": [{"player": 1, "prices": [2, 3]}]}
    s = act(s, type="resolve", cure={"poison": 1}, heal_others={"1": 2})
    assert s["players"][1]["hp"] == 10 and s["players"][1]["energy"] == 0 and s["players"][0]["poison"] == 1


def test_loss_questions_are_offered_to_their_monster_with_their_prices():
    s = turn(new(), "123 123")  # Ann in Kyoto City
    s["players"][0].update(cards=["wings", "rapid_healing"], energy=3, hp=6)
    s = act(s, type="roll", faces=dice("sss 123"))
    s = act(s, type="resolve")
    assert [o for o in GAME.offers(s, PLAYS) if o["type"] == "yield"] == [
        {"type": "yield", "player": 0, "damage": 3, "jets": False, "yield": [True, False]}]
    s = act(s, type="yield", player=0, **{"yield": False})
    offers = GAME.offers(s, PLAYS)
    assert {"type": "wings", "player": 0, "damage": 3, "price": 2, "pay": [True, False]} in offers
    assert {"type": "use", "player": 0, "card": "rapid_healing", "price": 2} in offers
    assert not any(o["type"] in ("end_turn", "buy", "roll") for o in offers)


def test_rapid_healing_offers_the_hearts_it_can_buy_before_a_lethal_loss():
    s = turn(new(), "123 123")  # Ann in Kyoto City
    s["players"][0].update(cards=["rapid_healing"], energy=5, hp=2)
    s = act(s, type="roll", faces=dice("sss 123"))
    s = act(s, type="resolve")
    s = act(s, type="yield", player=0, **{"yield": False})
    question = next(o for o in GAME.offers(s, PLAYS) if o["type"] == "rapid_healing")
    assert question == {"type": "rapid_healing", "player": 0, "damage": 3, "hp": 2,
                        "choices": [{"hearts": 0, "price": 0}, {"hearts": 1, "price": 2}, {"hearts": 2, "price": 4}]}
    assert {"type": "use", "player": 0, "card": "rapid_healing", "price": 2} in GAME.offers(s, PLAYS)


def test_metamorph_made_in_a_lab_and_mimic_offers_list_their_choices():
    s = new(2)
    s["players"][0].update(cards=["metamorph", "made_in_a_lab", "mimic"], energy=3)
    s["players"][1]["cards"] = ["jets"]
    start = {o["card"]: o for o in GAME.offers(s, PLAYS) if o["type"] == "use"}
    assert start["mimic"] == {"type": "use", "player": 0, "card": "mimic", "price": 0, "targets": [
        {"of": 0, "target": "metamorph"}, {"of": 0, "target": "made_in_a_lab"}, {"of": 1, "target": "jets"}]}
    s = act(s, type="use", card="mimic", of=1, target="jets")
    s = turn(s, "123 123", end=False)
    uses = {o["card"]: o for o in GAME.offers(s, PLAYS) if o["type"] == "use"}
    assert "mimic" not in uses  # placed: it moves only at the start of a turn
    assert uses["metamorph"]["sell"] == [{"card": "metamorph", "gain": 3}, {"card": "made_in_a_lab", "gain": 2},
                                         {"card": "mimic", "gain": 8}]
    peek = {p["card"]: p for p in uses["made_in_a_lab"]["peek"]}
    assert "heal" not in peek  # on the market, not in the deck
    assert peek["national_guard"] == {"card": "national_guard", "price": 3, "buy": [False, True]}  # Ann has 3ϟ
    assert peek["energize"] == {"card": "energize", "price": 8, "buy": [False]}


def test_wings_switched_on_is_not_offered_again():
    s = new()
    s["players"][1].update(cards=["wings"], energy=4)
    assert {"type": "use", "player": 1, "card": "wings", "price": 2} in GAME.offers(s, PLAYS)
    s = act(s, type="use", card="wings", player=1)
    assert not any(o.get("card") == "wings" for o in GAME.offers(s, PLAYS))
    with pytest.raises(RuleViolation, match="Wings are on already"):
        GAME.apply(s, {"type": "use", "card": "wings", "player": 1})


def test_a_finished_game_offers_nothing():
    s = new(2)
    s["players"][1]["hp"] = 1
    s = turn(s, "123 123")
    s = turn(s, "123 123")
    s = act(s, type="roll", faces=dice("s 123 ee"))
    s = act(s, type="resolve")
    assert s["over"] and GAME.offers(s, PLAYS) == []


def test_a_roll_rerolled_before_its_dice_are_entered_counts_and_the_last_roll_is_entered():
    # At the table the dice that count are the last roll's: the rolls before may go unentered.
    s = new()
    s, lines = GAME.apply(s, {"type": "roll"})
    assert s["rolls"] == 1 and s["dice"] == []
    assert lines == ["Alienoid (Ann) rolls (roll 1 of 3) and rolls again; those dice were not entered."]
    kinds = {o["type"] for o in GAME.offers(s, PLAYS)}
    assert "resolve" not in kinds  # nothing entered: nothing to resolve yet
    with pytest.raises(RuleViolation, match="not entered"):
        GAME.apply(s, {"type": "resolve"})
    s = act(s, type="roll")
    roll = GAME.offers(s, PLAYS)[0]
    assert roll["type"] == "roll" and roll["rolls_left"] == 1 and "faces_optional" not in roll
    with pytest.raises(RuleViolation, match="last roll"):  # the third roll's dice are the ones that resolve
        GAME.apply(s, {"type": "roll"})
    s = act(s, type="roll", faces=dice("sss 123"))
    assert s["rolls"] == 3 and s["dice"] == dice("sss 123")
    s = act(s, type="resolve")
    assert s["kyoto"]["city"] == 0  # the three smashes of the entered dice resolved; Ann enters Kyoto


def test_a_giant_brain_leaves_its_fourth_roll_to_be_entered():
    s = new()
    s["players"][0]["cards"] = ["giant_brain"]
    for _ in range(3):
        assert GAME.offers(s, PLAYS)[0].get("faces_optional") is True
        s = act(s, type="roll")
    assert "faces_optional" not in GAME.offers(s, PLAYS)[0]
