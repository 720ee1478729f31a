"""Kyoto no Neko: the table's Skill die (its faces offered and nothing else taken, older tables
keeping the die they were played with), a Growth's bumps in one answer, a check's missing choice
said as a person would, and a failure's consequence asked of the next player until the next move."""
from __future__ import annotations

import pytest

from companion.games import RuleViolation, Viewer, get_game
from companion.games.neko.kittens import DIE_FACES, SKILL_MAX
from companion.tables.table import fold

from ..engine_checks import assert_rejected
from .test_neko_rules import SHEET, act, check, new

GAME = get_game("neko")


def faces_offered(state):
    return {str(o["faces"]) for o in GAME.offers(state, Viewer(can_act=True)) if "faces" in o}


def test_the_table_die_has_six_faces_one_an_x_and_a_face_it_lacks_is_refused():
    s = new()
    assert s["die"] == [1, 2, 3, 4, 5, "X"] == list(DIE_FACES)
    assert faces_offered(s) == {str(list(DIE_FACES))}  # every check and fight offers the die's faces
    for face in (0, 6):
        assert_rejected(GAME, s, {"type": "check", "player": 0, "skill": "agility", "objective": 3, "die": face},
                        "This table's die shows 1, 2, 3, 4, 5 or \"X\"")
    assert_rejected(GAME, s, {"type": "kitten_fight", "attacker": 0, "defender": 1, "rolls": [[6, 1]]}, "This table's die shows")


def test_a_table_gives_its_own_die_and_a_wrong_one_is_refused():
    s = new(die_faces=["X", 3, 0, 1, 2])
    assert s["die"] == [0, 1, 2, 3, "X"]  # in the die's order
    assert check(s, die=0, objective=3)["players"][0]["skills"]["agility"] == 3  # 0 + 3 >= 3
    for bad in ([1, 2, 3], [1, 1, "X"], [1, 7, "X"], ["X"], "123X", [True, "X"], [1.0, "X"]):
        with pytest.raises(RuleViolation, match="die_faces"):
            new(die_faces=bad)


def test_a_table_made_now_stores_the_die_it_uses(api):
    # The home page names some options (never every one of them): the table gets the new die, and
    # its stored options name it, so that it folds with the same die for ever.
    table = api.create("neko", ["Ann", "Bob"], options={"first_player": 0, "experienced": False})
    assert api.get(table)["state"]["die"] == list(DIE_FACES)
    stored = api.client.get(f"/api/tables/{table['id']}/export", headers={"Authorization": f"Bearer {table['token']}"}).json
    assert "die_faces" in stored["options"] and fold({**stored, "actions": []})["die"] == list(DIE_FACES)


def test_a_growths_bumps_are_one_answer_and_one_line():
    s = new(experienced=True, sheets=[{**SHEET, "experienced": 3}, {**SHEET, "experienced": 2}])
    s, lines = GAME.apply(s, {"type": "skill_up", "player": 0, "skills": ["hunting", "agility", "hunting"]})
    assert lines == ["Ann moves hunting up to 3, agility up to 4 (Experienced side)."]
    assert s["players"][0]["skills"] == {**SHEET["skills"], "hunting": 3, "agility": 4}
    assert [b["player"] for b in s["bumps"]] == [1, 1]
    s, lines = GAME.apply(s, {"type": "skill_up", "player": 1, "skills": ["fighting"]})  # fewer than owed: the rest stay owed
    assert [b["player"] for b in s["bumps"]] == [1]


@pytest.mark.parametrize("answer, words", [
    ({"skills": ["hunting"] * 3}, "Ann is owed 2 skill bumps, not 3."),
    ({"skills": []}, "'skills' lists the skills to move up"),
    ({"skills": "hunting"}, "'skills' lists the skills to move up"),
    ({"skills": ["hunting", "swimming"]}, "'swimming' is not a skill"),
    ({"skill": "hunting", "skills": ["hunting"]}, "names one 'skill', or a list of 'skills'"),
    ({}, "names one 'skill', or a list of 'skills'"),
    ({"skills": ["agility", "agility"]}, f"Agility is at the top of its track ({SKILL_MAX})"),
])
def test_a_wrong_answer_to_bumps_changes_nothing(answer, words):
    s = new(experienced=True, sheets=[{**SHEET, "experienced": 2, "skills": {**SHEET["skills"], "agility": SKILL_MAX - 1}}, SHEET])
    assert_rejected(GAME, s, {"type": "skill_up", "player": 0, **answer}, words)


@pytest.mark.parametrize("missing, words", [
    ("die", "A check needs the face the die shows."),
    ("objective", "A check needs the Objective printed on the Paw."),
    ("skill", "A check needs its skill (what the check is for)."),
])
def test_a_check_missing_a_tap_says_which(missing, words):
    action = {"type": "check", "player": 0, "skill": "hunting", "objective": 3, "die": 3, "target": "bug"}
    del action[missing]
    assert_rejected(GAME, new(), action, words)


def test_a_fight_missing_a_die_or_its_kittens_says_which():
    assert_rejected(GAME, new(), {"type": "kitten_fight", "attacker": 0, "defender": 1, "rolls": [[None, 3]]}, "A fight's try needs both kittens' dice.")
    assert_rejected(GAME, new(), {"type": "kitten_fight", "rolls": [[2, 3]]}, "A fight names its two kittens")


def test_a_failure_is_asked_of_the_next_player_until_the_next_move():
    s = check(new(3), skill="hunting", die=1, objective=6, target="bug")
    assert s["failed"] == {"player": 0, "target": "bug", "mover": 1}
    assert "failed" not in act(s, type="end_turn")
    s = check(new(3), player=2, die=1, objective=6, target="bike")  # Cy's dodge on Ann's turn: Ann is after Cy
    assert s["failed"] == {"player": 2, "target": "bike", "mover": 0}
    s = act(new(3), type="kitten_fight", attacker=0, defender=1, rolls=[[5, 1]])  # Bob loses: the token's icon is his
    assert s["failed"] == {"player": 1, "target": "kitten", "mover": 2}
    assert "failed" not in check(new(3), die=5, objective=3, target="tree")  # a success asks nothing
