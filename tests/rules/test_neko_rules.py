"""Kyoto no Neko rules, with the rulebook's worked examples (../shared/rules/kyoto-no-neko.md)."""
from __future__ import annotations

import random

import pytest

from companion.games import RuleViolation, get_game

from ..engine_checks import assert_rejected, recorded_games, replay

GAME = get_game("neko")
SHEET = {"stamina": [3, 4, 6], "skills": {"agility": 3, "friendship": 2, "fighting": 1, "hunting": 1}, "growth": [5, 3]}


def new(n=2, first=0, **options):
    options.setdefault("sheets", [dict(SHEET) for _ in range(n)])
    return GAME.setup(["Ann", "Bob", "Cy", "Dee"][:n], {"first_player": first, **options}, random.Random(0))


def act(state, **action):
    return GAME.apply(state, action)[0]


def check(state, player=0, skill="agility", objective=3, die=3, target=None, **extra):
    action = {"type": "check", "player": player, "skill": skill, "objective": objective, "die": die, **extra}
    if target:
        action["target"] = target
    return act(state, **action)


def rejected(state, action, words):
    assert_rejected(GAME, state, action, words)


def test_example_climbing_a_cherry_tree():
    # "Die value (3) + Agility value (2) = 5. 5 is above 3 (Objective)."
    s = new(sheets=[{**SHEET, "skills": {**SHEET["skills"], "agility": 2}}, SHEET])
    s = check(s, die=3, objective=3, target="tree")
    assert s["players"][0]["skills"]["agility"] == 2 and s["players"][0]["achieved"] == ["climb_tree"]


def test_example_watchdog_success_and_failure():
    # "Die value (3) + Agility value (3) = 6. 6 equals 6 (Objective)." -> success, the turn continues.
    s = check(new(), die=3, objective=6, target="hazard")
    assert s["current"] == 0 and s["players"][0]["skills"]["agility"] == 3
    # "Die value (2) + Agility value (3) = 5. 5 is under 6" -> Agility +1, and the reaction ends the turn.
    s = check(new(), die=2, objective=6, target="hazard")
    assert s["players"][0]["skills"]["agility"] == 4 and s["current"] == 1


def test_example_making_a_friend():
    # "Die value (3) + Friendship value (2) = 5. 5 is above 3" -> the friend goes home.
    s = check(new(), skill="friendship", die=3, objective=3, target="friend")
    assert s["players"][0]["friends"] == 1


def test_example_hunting_success_and_failure():
    # "Die value (3) + Hunting value (1) = 4. 4 equals 4" -> on the Victories tally.
    s = check(new(), skill="hunting", die=3, objective=4, target="bug")
    assert s["players"][0]["victories"] == 1 and s["players"][0]["achieved"] == ["hunt_bug"]
    # "Die value (2) + Hunting value (1) = 3. 3 is under 4" -> Hunting +1.
    s = check(new(), skill="hunting", die=2, objective=4, target="bug")
    assert s["players"][0]["skills"]["hunting"] == 2 and s["players"][0]["victories"] == 0


def test_the_x_face_always_fails_and_teaches_one_extra_space():
    s = check(new(), skill="hunting", die="X", objective=0, target="bug")
    assert s["players"][0]["skills"]["hunting"] == 1 + 2 and s["players"][0]["victories"] == 0


def test_example_fighting_an_opponent_and_the_tally_medal():
    # "Simultaneous Skill Checks: 2 + 1 < 3 + 1" -> the orange kitten learns (+1 Fighting), the blue
    # kitten adds the token to its tally and, on the 4th space, gains a Medal.
    s = new()
    s["players"][1]["victories"] = 3
    s["players"][1]["tally"] = 3
    s = act(s, type="kitten_fight", attacker=0, defender=1, rolls=[[2, 3]])
    ann, bob = s["players"]
    assert ann["skills"]["fighting"] == 2
    assert bob["tally"] == 4 and bob["medals"] == 1 and bob["achieved"] == ["defeat_kitten"]
    assert s["enemy_tokens"] == 9


def test_fights_roll_again_on_a_draw_and_only_the_last_try_decides():
    s = new()
    rejected(s, {"type": "kitten_fight", "attacker": 0, "defender": 1, "rolls": [[3, 3]]}, "These dice make a draw: the kittens roll again until one wins")
    rejected(s, {"type": "kitten_fight", "attacker": 0, "defender": 1, "rolls": [[4, 1], [3, 1]]}, "Only the last try")
    s = act(s, type="kitten_fight", attacker=0, defender=1, rolls=[[2, 2], ["X", 1]])
    assert s["players"][0]["skills"]["fighting"] == 1 + 2  # lost with an X
    assert s["players"][1]["victories"] == 1


def test_one_action_per_turn_reactions_do_not_count():
    s = check(new(), target="hazard", die=5)
    s = check(s, skill="hunting", die=5, objective=2, target="animal")
    rejected(s, {"type": "check", "player": 0, "skill": "friendship", "objective": 1, "die": 5, "target": "friend"}, "one action per turn")
    assert s["players"][0]["victories"] == 1
    s = check(new(), target="hazard", die=5)
    s = check(s, target="hazard", die=5)  # reactions, as many as the movement meets
    s = act(s, type="kitten_fight", attacker=1, defender=0, rolls=[[1, 5]])  # Bob forces a fight: Ann's reaction
    s = check(s, skill="hunting", die=5, objective=2, target="bug")  # the action is still to come
    assert s["players"][0]["victories"] == 2 and s["action_used"]


def test_turn_order_movement_then_action_then_missions():
    # Rulebook, "Game Turn" (lines 149-157): "A player's turn is divided into 3 phases: 1. Movement
    # ... 2. Action ... Reaction(s) must be resolved before performing an action ... Only one action
    # can be done each turn. Once complete, the Action phase ends ... 3. Missions". Road crossings,
    # bike cards and reactions belong to the movement; once the action is done they are refused.
    s = act(new(3), type="crossed_road", player=0)
    s = act(s, type="bike_card", purple=1, teal=5)
    s = check(s, player=1, die=5, objective=3, target="bike")  # Bob dodges the bike Ann's card moved
    s = check(s, die=5, objective=3, target="hazard")  # a reaction, then the action
    s = check(s, skill="agility", die=5, objective=3, target="tree")
    late = [
        ({"type": "crossed_road", "player": 0}, "Ann has done this turn's action"),
        ({"type": "bike_card"}, "Ann has done this turn's action"),
        ({"type": "check", "player": 0, "skill": "agility", "objective": 3, "die": 5, "target": "hazard"}, "reactions are resolved before it"),
        ({"type": "check", "player": 2, "skill": "agility", "objective": 3, "die": 5, "target": "bike"}, "Ann has done this turn's action"),
        ({"type": "kitten_fight", "attacker": 1, "defender": 0, "rolls": [[5, 1]]}, "Ann has done this turn's action"),
        ({"type": "check", "player": 0, "skill": "hunting", "objective": 3, "die": 5, "target": "bug"}, "one action per turn"),
    ]
    for action, words in late:
        rejected(s, action, words)
    s = act(s, type="end_turn")
    assert s["players"][0]["missions"] == ["cross_road", "climb_tree"]


def test_a_road_crossed_after_the_action_earns_no_mission():
    s = check(new(), skill="hunting", die=1, objective=6, target="bug")  # the action, failed
    rejected(s, {"type": "crossed_road", "player": 0}, "the road is crossed while moving")
    s = act(s, type="end_turn")
    assert s["players"][0]["missions"] == [] and s["players"][0]["medals"] == 0


def test_checks_out_of_turn_except_bike_dodges():
    s = new()
    rejected(s, {"type": "check", "player": 1, "skill": "agility", "objective": 3, "die": 3, "target": "hazard"}, "It is Ann's turn")
    s = check(s, player=1, die=1, objective=6, target="bike")  # Bob dodges a bike on Ann's turn and fails
    assert s["players"][1]["skills"]["agility"] == 4 and s["current"] == 0


def test_tally_bonuses_2nd_and_5th_spaces_give_a_bump_4th_a_medal_once_then_it_restarts():
    s = new()
    p = s["players"][0]
    for k in range(1, 8):
        s["action_used"] = False
        s = check(s, skill="hunting", die=5, objective=1, target="animal")
        bumps = [b for b in s["pending"] if b["type"] == "skill_up"]
        if bumps:
            s = act(s, type="skill_up", player=0, skill="agility")
        p = s["players"][0]
        assert p["tally"] == (k - 1) % 5 + 1
    assert p["victories"] == 7 and p["medals"] == 1  # the 4th space's Medal only the first time
    assert p["skills"]["agility"] == 3 + 3  # spaces 2, 5 and 2 again


def test_home_bonuses_and_stolen_friends():
    s = new()
    for _ in range(2):
        s["action_used"] = False
        s = check(s, skill="friendship", die=5, objective=1, target="friend")
    assert s["pending"][0] == {"type": "skill_up", "player": 0, "reason": "2nd Home space"}
    rejected(s, {"type": "end_turn"}, "First Ann chooses which skill")
    rejected(s, {"type": "skill_up", "player": 1, "skill": "hunting"}, "Bob has no skill to move up")
    rejected(s, {"type": "skill_up", "player": 0, "skill": "speed"}, "not a skill")
    s = act(s, type="skill_up", player=0, skill="hunting")
    s["action_used"] = False
    s = check(s, skill="friendship", die=5, objective=1, target="friend")
    assert s["players"][0]["medals"] == 1 and s["players"][0]["friends"] == 3
    s = act(s, type="end_turn")
    # Bob befriends two of Ann's friends; bonuses Ann earned stay.
    s = check(s, player=1, skill="friendship", die=5, objective=1, target="friend", **{"from": 0})
    s = act(s, type="end_turn")
    s = act(s, type="end_turn")
    s = check(s, player=1, skill="friendship", die=5, objective=1, target="friend", **{"from": 0})
    s = act(s, type="skill_up", player=1, skill="hunting")
    assert s["players"][0]["friends"] == 1 and s["players"][0]["medals"] == 1
    s = act(s, type="end_turn")
    s = check(s, skill="friendship", die=5, objective=1, target="friend")  # refilled: the bump again
    assert s["pending"][0]["reason"] == "2nd Home space"
    s = act(s, type="skill_up", player=0, skill="hunting")
    s["action_used"] = False
    s = check(s, skill="friendship", die=5, objective=1, target="friend")
    assert s["players"][0]["medals"] == 1  # the Home Medal is not gained again


def test_missions_are_medals_at_the_end_of_the_turn_once():
    s = act(new(), type="crossed_road", player=0)
    assert s["players"][0]["medals"] == 0
    s = act(s, type="end_turn")
    assert s["players"][0]["missions"] == ["cross_road"] and s["players"][0]["medals"] == 1
    s = act(s, type="end_turn")
    s = act(s, type="crossed_road", player=0)
    s = act(s, type="end_turn")
    assert s["players"][0]["medals"] == 1
    rejected(s, {"type": "crossed_road", "player": 0}, "own turn")


def test_growth_first_kitten_on_a_growth_space_grows_everyone_at_the_end_of_turn():
    # Stamina "moves 1 space to the right each time a Growth phase is triggered (e.g. from 3, to 4, to 6)";
    # then each player moves skills up as many times as their Growth space says (e.g. 5x and 3x).
    s = new()
    s["players"][0]["medals"] = 1
    s = act(s, type="crossed_road", player=0)
    s = act(s, type="end_turn")  # Ann's 2nd Medal: Growth space 1
    assert [p["stamina"] for p in s["players"]] == [4, 4]
    assert sum(1 for b in s["pending"] if b["player"] == 0) == 5 and sum(1 for b in s["pending"] if b["player"] == 1) == 5
    for _ in range(5):
        s = act(s, type="skill_up", player=0, skill="hunting")
        s = act(s, type="skill_up", player=1, skill="fighting")
    assert s["players"][0]["skills"]["hunting"] == 6 and s["players"][1]["skills"]["fighting"] == 6
    # Bob reaching the same Growth space later triggers nothing.
    s["players"][1]["medals"] = 1
    s = act(s, type="crossed_road", player=1)
    s = act(s, type="end_turn")
    assert [p["stamina"] for p in s["players"]] == [4, 4] and not any(b["type"] == "skill_up" for b in s["pending"])
    s["players"][1]["medals"] = 3
    s = act(s, type="end_turn")
    s = check(s, player=1, skill="hunting", die=5, objective=1, target="bug")
    s = act(s, type="end_turn")  # Bob's 4th Medal: Growth space 2
    assert [p["stamina"] for p in s["players"]] == [6, 6]
    assert sum(1 for b in s["pending"] if b["player"] == 0) == 3


def test_the_fifth_medal_finishes_the_round_and_most_medals_wins():
    s = new(3, first=1)
    s["players"][2]["medals"] = 4
    s = act(s, type="end_turn")  # Bob
    s = act(s, type="crossed_road", player=2)
    s = act(s, type="end_turn")  # Cy: 5th Medal, the round goes on to Ann (before the first player)
    assert s["final_round"] and not s["over"] and s["current"] == 0
    s = act(s, type="end_turn")
    assert s["over"] and s["winner"] == 2 and s["standings"][0] == 2


def test_ties_go_to_friendship_then_to_a_fight():
    s = new()
    s["players"][0]["medals"] = 5
    s["players"][1]["medals"] = 5
    s["final_round"] = True
    s["current"] = 1
    s = act(s, type="end_turn")
    assert not s["over"] and s["tied"] == [0, 1]
    assert {p["type"] for p in s["pending"]} == {"kitten_fight"}
    rejected(s, {"type": "end_turn"}, "decided by a fight")
    s = act(s, type="kitten_fight", attacker=0, defender=1, rolls=[[1, 5]])
    assert s["over"] and s["winner"] == 1
    s2 = new()
    s2["players"][0]["medals"] = 5
    s2["players"][1]["medals"] = 5
    s2["players"][0]["skills"]["friendship"] = 4
    s2["final_round"] = True
    s2["current"] = 1
    s2 = act(s2, type="end_turn")
    assert s2["over"] and s2["winner"] == 0


def test_bike_cards_move_both_bikes_and_the_deck_reshuffles():
    s = new()
    start = dict(s["bikes"])
    s = act(s, type="bike_card", purple=1, teal=5)
    assert s["bikes"] == {"purple": (start["purple"] + 1) % 16, "teal": (start["teal"] + 5) % 16}
    rejected(s, {"type": "bike_card", "purple": 7, "teal": 1}, "Purple must be a whole number from 1 to 6")
    rejected(s, {"type": "bike_card", "purple": 2}, "give purple and teal")
    for _ in range(15):
        s = act(s, type="bike_card")
    assert s["bike_deck"] == []
    s = act(s, type="bike_card")
    assert len(s["bike_deck"]) == 15 and s["bike_shuffles"] == 2


def test_experienced_side_asks_for_the_extra_starting_bumps():
    s = new(experienced=True, sheets=[{**SHEET, "experienced": 2}, {**SHEET, "experienced": 1}])
    assert [b["player"] for b in s["pending"]] == [0, 0, 1]
    assert s["players"][0]["stamina"] == 3  # stamina cannot be increased this way


@pytest.mark.parametrize(
    "bad, words",
    [
        ({"type": "check", "player": 0, "skill": "agility", "objective": 3, "die": 7}, "This table's die shows 1, 2, 3, 4, 5 or \"X\""),
        ({"type": "check", "player": 0, "skill": "jumping", "objective": 3, "die": 3}, "not a skill"),
        ({"type": "check", "player": 0, "skill": "agility", "objective": 3, "die": 3, "target": "bug"}, "A bug check uses hunting"),
        ({"type": "check", "player": 0, "skill": "agility", "objective": 3, "die": 3, "target": "dragon"}, "not a target"),
        ({"type": "check", "player": 0, "skill": "friendship", "objective": 3, "die": 3, "target": "friend", "from": 1}, "Bob has no friend at home"),
        ({"type": "kitten_fight", "attacker": 0, "defender": 0, "rolls": [[1, 2]]}, "cannot fight itself"),
        ({"type": "meow"}, "Unknown action 'meow'"),
        # What a black-box attack answered with a 500: a list or an object as a target or a skill.
        ({"type": "check", "player": 0, "skill": "agility", "objective": 3, "die": 3, "target": []}, "'[]' is not a target"),
        ({"type": "check", "player": 0, "skill": "agility", "objective": 3, "die": 3, "target": {}}, "'{}' is not a target"),
        ({"type": "check", "player": 0, "skill": ["agility"], "objective": 3, "die": 3}, "not a skill"),
        # A die shows a whole number: 3.0, "3" and true are refused, not rolled.
        ({"type": "check", "player": 0, "skill": "agility", "objective": 3, "die": 3.0}, "This table's die shows"),
        ({"type": "check", "player": 0, "skill": "agility", "objective": 3, "die": "3"}, "This table's die shows"),
        ({"type": "check", "player": 0, "skill": "agility", "objective": 3, "die": True}, "This table's die shows"),
        ({"type": "check", "player": 0, "skill": "agility", "objective": 3.0, "die": 3}, "whole number from 0 to 20"),
        ({"type": "check", "player": 0, "skill": "agility", "objective": 10**30, "die": 3}, "whole number from 0 to 20"),
    ],
)
def test_bad_input_changes_nothing(bad, words):
    rejected(new(), bad, words)


def test_sheets_and_growth_spaces_are_validated():
    with pytest.raises(RuleViolation, match="stamina is the three values"):
        new(sheets=[{**SHEET, "stamina": [3]}, SHEET])
    with pytest.raises(RuleViolation, match="growth_spaces"):
        new(growth_spaces=[4, 2])
    # A printed sheet has a handful of Experienced bumps: a billion once filled the memory.
    for experienced in (2**62, 10, -1, 1.0, "2", [2]):
        with pytest.raises(RuleViolation, match="experienced is the skill bumps"):
            new(experienced=True, sheets=[{**SHEET, "experienced": experienced}, SHEET])
    with pytest.raises(RuleViolation, match="kitten's name is text"):
        new(sheets=[{**SHEET, "kitten": [[["Tama"]]]}, SHEET])
    default = GAME.setup(["A", "B", "C", "D"], {}, random.Random(1))
    assert [p["kitten"] for p in default["players"]] == ["Orange", "Blue", "Green", "Purple"]


@pytest.mark.parametrize("path", recorded_games("neko"), ids=lambda p: p.stem)
def test_recorded_game(path, api):
    state, rec = replay(path)
    expect = rec["expect"]
    for key in ("over", "winner", "standings", "round", "final_round", "enemy_tokens"):
        assert state[key] == expect[key], key
    for got, want in zip(state["players"], expect["players"], strict=True):
        assert {k: got[k] for k in want} == want, got["name"]
    table = api.create("neko", rec["players"], options=rec["options"], seed=rec["seed"])
    for action in rec["actions"]:
        api.act(table, action)
    assert api.get(table)["state"]["winner"] == expect["winner"]
