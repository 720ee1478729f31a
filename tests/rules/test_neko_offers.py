"""Kyoto no Neko's offers keep the two promises (api.md, "Offers"), and the page draws exactly them.

Random games of 2 to 4 kittens are played through offers alone (every offer, filled in with any of
its listed choices, is accepted); on the states reached, actions matching no offer and choices
outside an offer's lists are refused. The controls rendered for random states, for a phone without
a seat and for seated phones, are the offers down to each check's kitten, target and skill, each
fight's two kittens, the skills a bump may raise and the bike moves. A turn is Movement, then
Action, then Missions: the movement's parts are offered until the action is done, then only the end.
"""
from __future__ import annotations

import json
import random
import re
from dataclasses import replace
from html import unescape
from html.parser import HTMLParser

import pytest

from companion.games import RuleViolation, Viewer, get_game
from companion.games.neko.kittens import FACE_VALUES, SKILL_MAX, SKILLS, TARGETS
from companion.web.services import tables

from ..offer_fills import fill_neko as fill
from ..offers_checks import (
    PLAYS,
    assert_controls_match,
    play_through_offers,
    refuse_outside,
    refuse_unoffered,
    render_controls,
)
from .test_neko_properties import check as invariants
from .test_neko_rules import SHEET, act, new

GAME = get_game("neko")
SEEDS = range(25)
STEPS = 80  # actions a table of the controls test plays (each state rendered for every phone)
PLAYERS = range(GAME.min_players, GAME.max_players + 1)


def offered(state, kind=None):
    return [o for o in GAME.offers(state, PLAYS) if kind in (None, o["type"])]


def make(kind: str, player: int | None, state: dict, rnd: random.Random) -> dict:
    """A well-formed action of any type for any player (or none), whether or not it is offered."""
    n = len(state["players"])
    action = {"type": kind, **({} if player is None else {"player": player})}
    if kind == "check":
        target = rnd.choice([None, *TARGETS])
        action.update(skill=rnd.choice(TARGETS.get(target, SKILLS)), objective=3, die=rnd.choice(state["die"]), target=target)
    elif kind == "kitten_fight":  # a fight names its two kittens, not a player
        a, d = rnd.sample(range(n), 2)
        action = {"type": kind, "attacker": a, "defender": d, "rolls": [[state["die"][0], "X"]]}
    elif kind == "bike_card" and rnd.random() < 0.5:
        action.update(purple=rnd.randint(1, 6), teal=rnd.randint(1, 6))
    elif kind == "skill_up":
        action["skill"] = rnd.choice(SKILLS)
    return action


def outside(offer: dict, state: dict, rnd: random.Random) -> dict | None:
    """The offer filled in with a choice it does not list, when there is one."""
    action = fill(offer, state, rnd)
    kind, n = offer["type"], len(state["players"])
    if kind == "check":
        t = next((t for t in offer["targets"] if t["target"] == action.get("target")), None)
        unlisted_skills = [s for s in SKILLS if t is None or s not in t["skills"]]
        unlisted_targets = [x for x in TARGETS if x not in {t["target"] for t in offer["targets"]}]
        spoil = rnd.choice(["skill", "target", "objective", "from", "die"])
        off_die = [f for f in FACE_VALUES if f not in offer["faces"]]
        if spoil == "die" and off_die:  # a face the table's die does not have
            action["die"] = rnd.choice(off_die)
        elif spoil == "skill" and unlisted_skills:
            action["skill"] = rnd.choice(unlisted_skills)
        elif spoil == "target" and unlisted_targets:
            action["target"] = rnd.choice(unlisted_targets)
            action["skill"] = TARGETS[action["target"]][0]
        elif spoil == "from":
            homes = next((t.get("from", []) for t in offer["targets"] if t["target"] == "friend"), [])
            action.update(target="friend", skill="friendship", **{"from": rnd.choice([j for j in range(n) if j not in homes])})
        else:
            action["objective"] = offer["objective"]["max"] + 1
    elif kind == "kitten_fight":
        action["defender"] = rnd.choice([j for j in range(n) if j not in offer["defender"]])  # the attacker itself at least
    elif kind == "skill_up" and len(offer["skills"]) < len(SKILLS):
        action["skill"] = rnd.choice([s for s in SKILLS if s not in offer["skills"]])
    elif kind == "skill_up":  # more bumps than the kitten is owed
        action.pop("skill", None)
        action["skills"] = [rnd.choice(offer["skills"]) for _ in range(offer["owed"] + 1)]
    elif kind == "bike_card":
        action.update(purple=max(offer["purple"]) + 1, teal=rnd.choice(offer["teal"]))
    else:
        return None  # the road and the end of a turn carry no choice
    return action


@pytest.mark.slow
@pytest.mark.parametrize("n", PLAYERS)
def test_whole_games_through_offers_and_everything_else_refused(n):
    visited, refused, ended = 0, 0, 0

    def visit(state):
        nonlocal visited, refused
        visited += 1
        if visited % 3 == 0:  # every third state: the refusals' copies are most of the time
            rnd = random.Random(visited)
            refused += refuse_unoffered(GAME, state, rnd, make) + refuse_outside(GAME, state, rnd, outside)

    for seed in SEEDS:
        rnd = random.Random(seed)
        state = GAME.setup([f"P{i}" for i in range(n)], {"experienced": seed % 2 == 1}, rnd)
        memory: dict = {}
        state = play_through_offers(GAME, state, rnd, 1500, lambda s: invariants(s, memory), visit)
        ended += state["over"]
    assert ended == len(SEEDS), "games played through offers reach their end"
    assert visited > len(SEEDS) * 100 and refused > visited


def test_the_movement_is_offered_until_the_action_then_only_the_end_of_the_turn():
    s = new(3)
    kinds = [(o["type"], o["player"], o.get("attacker")) for o in offered(s)]
    assert kinds == [("check", 0, None), ("check", 1, None), ("check", 2, None), ("kitten_fight", None, 0),
                     ("kitten_fight", None, 1), ("kitten_fight", None, 2), ("crossed_road", 0, None), ("bike_card", 0, None),
                     ("end_turn", 0, None)]
    mine, bob = offered(s, "check")[:2]
    assert [t["target"] for t in mine["targets"]] == ["bug", "butterfly", "tree", "animal", "friend", None, "bike", "hazard"]
    assert {t["target"]: t["skills"] for t in mine["targets"]}["animal"] == ["hunting", "fighting"]
    assert bob["targets"] == [{"target": "bike", "skills": ["agility"], "reaction": True}]
    fights = offered(s, "kitten_fight")
    assert (fights[0]["defender"], fights[0]["reaction"]) == ([1, 2], False)  # Ann's action
    assert (fights[1]["defender"], fights[1]["reaction"]) == ([0], True)  # Bob forces a fight: Ann's reaction
    s = act(s, type="check", player=0, skill="agility", objective=3, die=5, target="hazard")
    assert len(offered(s)) == 9  # a reaction leaves the action to come
    s = act(s, type="kitten_fight", attacker=0, defender=2, rolls=[[5, "X"]])
    assert offered(s) == [{"type": "end_turn", "player": 0}]


def test_a_friend_is_offered_from_the_homes_that_have_one():
    s = new(3)
    s["players"][2]["friends"] = 2
    (friend,) = [t for t in offered(s, "check")[0]["targets"] if t["target"] == "friend"]
    assert friend["from"] == [2]
    s = act(s, type="check", player=0, skill="friendship", objective=1, die=5, target="friend", **{"from": 2})
    assert s["players"][2]["friends"] == 1 and s["players"][0]["friends"] == 1


def test_bumps_offer_the_skills_below_the_top_and_a_kitten_at_the_top_everywhere_loses_them():
    s = new(2, experienced=True, sheets=[{**SHEET, "experienced": 2}, {**SHEET, "skills": dict.fromkeys(SKILLS, SKILL_MAX - 1), "experienced": 1}])
    assert offered(s) == [{"type": "skill_up", "player": 0, "skills": list(SKILLS), "owed": 2, "reason": "Experienced side"},
                          {"type": "skill_up", "player": 1, "skills": list(SKILLS), "owed": 1, "reason": "Experienced side"}]
    s["players"][0]["skills"]["hunting"] = SKILL_MAX
    assert offered(s, "skill_up")[0]["skills"] == ["agility", "friendship", "fighting"]
    s["players"][1]["skills"] = dict.fromkeys(SKILLS, SKILL_MAX)
    s, lines = GAME.apply(s, {"type": "skill_up", "player": 0, "skill": "agility"})
    assert "Bob's skills are all at the top of their tracks: the skill bumps owed are lost." in lines
    assert offered(s) == [{"type": "skill_up", "player": 0, "skills": ["agility", "friendship", "fighting"], "owed": 1, "reason": "Experienced side"}]


def test_a_tie_offers_each_pair_of_tied_kittens_one_fight():
    s = new(3)
    for p in s["players"]:
        p["medals"] = 5
    s["final_round"], s["current"] = True, 2
    s = act(s, type="end_turn")
    assert [(o["attacker"], o["defender"], o["tiebreak"]) for o in offered(s)] == [(0, [1, 2], True), (1, [2], True)]
    s = act(s, type="kitten_fight", attacker=2, defender=0, rolls=[[5, "X"]])  # either order is a fight
    assert [(o["attacker"], o["defender"]) for o in offered(s)] == [(1, [2])]


def test_a_turn_move_naming_another_kitten_is_refused():
    s = new(3)
    for action in ({"type": "end_turn", "player": 1}, {"type": "bike_card", "player": 2}):
        with pytest.raises(RuleViolation, match="It is Ann's turn: only the kitten whose turn it is"):
            GAME.apply(s, action)
    assert act(s, type="end_turn", player=0)["current"] == 1


# -- the page draws the offers ------------------------------------------------------------------
def _value(text: str):
    try:
        return json.loads(text)
    except ValueError:
        return text  # a word (a skill) sent as it is


class _Choices(HTMLParser):
    """Per form (its action type and hidden player): `_set` buttons, radio values (with the
    skills each check target lists), named buttons' values and other selects' options."""

    def __init__(self):
        super().__init__()
        self.forms: list[dict] = []
        self._select: str | None = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        form = self.forms[-1] if self.forms else None
        if tag == "form":
            self.forms.append({"sets": [], "radios": {}, "selects": {}, "hidden": {}, "buttons": {}, "skills": []})
        elif form is None:
            return
        if "data-off" in a:
            form["off"] = True  # a pad kept hidden while the rules take it away (neko.css)
        if tag == "input" and a.get("type") == "hidden":
            form["hidden"][a["name"].split(":")[0]] = a["value"]
        elif tag == "input" and a.get("type") == "radio":
            form["radios"].setdefault(a["name"].split(":")[0], []).append(_value(a["value"]))
            if "data-skills" in a:
                form["skills"].append(a["data-skills"].split())
        elif tag == "button" and a.get("name") == "_set":
            form["sets"].append(json.loads(a["value"]))
        elif tag == "button" and a.get("name"):
            form["buttons"].setdefault(a["name"].split(":")[0], []).append(_value(a["value"]))
        elif tag == "select":
            self._select = a["name"].split(":")[0]
            form["selects"][self._select] = []
        elif tag == "option" and self._select:
            form["selects"][self._select].append(json.loads(a["value"]) if self._select == "_set" else a.get("value") or None)

    def handle_endtag(self, tag):
        if tag == "select":
            self._select = None


def assert_choices_match(html: str, offers: list[dict]) -> None:
    """The page's pads and buttons hold the offers' choices, no more and no fewer."""
    parser = _Choices()
    parser.feed(html)
    by_type: dict[str, list[dict]] = {}
    for o in offers:
        by_type.setdefault(o["type"], []).append(o)

    def forms_of(kind: str) -> list[dict]:
        return [f for f in parser.forms if f["hidden"].get("type") == kind and not f.get("off")]
    checks = by_type.get("check", [])
    drawn = forms_of("check")
    assert len(drawn) == (1 if checks else 0)
    if checks:
        (form,) = drawn
        # A target names its kitten, or is the pad's kitten's (its one player field).
        mover = int(form["hidden"]["player"])
        chips = sorted(json.dumps([{"player": mover, **chip}, skills], sort_keys=True)
                       for chip, skills in zip(form["radios"]["_set"], form["skills"]))
        targets = [(o, t, j) for o in checks for t in o["targets"] for j in [None, *t.get("from", [])]]
        assert chips == sorted(json.dumps([{"player": o["player"], "target": t["target"], **({} if j is None else {"from": j})}, t["skills"]], sort_keys=True)
                               for o, t, j in targets)  # each target, with the skills that follow it
        assert form["radios"]["skill"] == list(SKILLS)
        assert form["radios"]["die"] == checks[0]["faces"] and all(o["faces"] == checks[0]["faces"] for o in checks)
        low, high = checks[0]["objective"]["min"], checks[0]["objective"]["max"]
        assert sorted(form["radios"]["objective"]) == list(range(low, high + 1))
    fights = by_type.get("kitten_fight", [])
    drawn = forms_of("kitten_fight")
    assert len(drawn) == (1 if fights else 0)
    if fights:
        assert drawn[0]["radios"]["_set"] == [{"attacker": o["attacker"], "defender": d} for o in fights for d in o["defender"]]
        assert drawn[0]["radios"]["rolls.0.0"] == drawn[0]["radios"]["rolls.0.1"] == fights[0]["faces"]
    bumps = {int(f["hidden"]["player"]): [s["skills"] for s in f["sets"]] for f in forms_of("skill_up")}
    assert bumps == {o["player"]: [[s] for s in o["skills"]] for o in by_type.get("skill_up", [])}
    for o in by_type.get("bike_card", []):
        (tapped,) = [f for f in forms_of("bike_card") if "purple" in f["radios"]]
        assert tapped["radios"]["purple"] == o["purple"] and tapped["buttons"]["teal"] == o["teal"]


@pytest.mark.slow
def test_the_controls_are_the_offers(app):
    rendered = 0
    with app.app_context():
        service = tables()
        for seed in range(12):
            n = PLAYERS[seed % len(PLAYERS)]
            table = service.create("neko", [f"P{i}" for i in range(n)], {"first_player": seed % n, "experienced": seed % 3 == 0}, seed=seed)
            host = table.record["host_token"]
            seats = []
            for i in range(seed % 3):  # no seat taken, Ann's, or Ann's and Bob's: their bumps go to their phones
                table, _ = service.claim_seat(table.id, table.record["play_token"], i)
                seats.append(Viewer(seat=i, can_act=True))
            rnd = random.Random(seed)
            for _ in range(STEPS):
                if table.state["over"]:
                    break
                for viewer in [PLAYS, *seats]:
                    html, offers = render_controls(app, table, viewer)
                    assert_controls_match(html, offers)
                    assert_choices_match(html, offers)
                    rendered += 1
                offer = rnd.choice(table.offers_for(PLAYS, host=True))
                table, _ = service.act(table.id, host, fill(offer, table.state, rnd))
    assert rendered > 12 * STEPS


def test_the_controls_of_a_tie_and_of_a_turn_begun_under_rules_1_are_their_offers(app):
    with app.app_context():
        table = tables().create("neko", ["Ann", "Bob", "Cy"], {"first_player": 0, "sheets": [SHEET] * 3}, seed=0)
    s = table.state
    for p in s["players"]:
        p["medals"] = 5
    tied = act({**s, "final_round": True, "current": 2}, type="end_turn")
    html, offers = render_controls(app, replace(table, state=tied))
    assert_controls_match(html, offers)
    assert_choices_match(html, offers)
    assert "Tie: Ann and Bob and Cy fight for the win" in html and "Enter the fight" in html
    assert re.search(r'id="check-player"[^>]*data-off', html), "the check pad hidden"
    acted = act(table.state, type="check", player=0, skill="agility", objective=3, die=5, target="tree")
    html, offers = render_controls(app, replace(table, state=acted))
    assert_controls_match(html, offers)
    assert_choices_match(html, offers)
    assert "Ann has done this turn's action." in unescape(html)  # the engine's reason (neko/withheld.py)


def test_a_bump_owed_by_a_seated_kitten_is_asked_on_its_phone_only(app):
    with app.app_context():
        service = tables()
        table = service.create("neko", ["Ann", "Bob"], {"first_player": 0, "experienced": True}, seed=1)
        table, _ = service.claim_seat(table.id, table.record["play_token"], 1)
        html, offers = render_controls(app, table)
        assert [o["player"] for o in offers] == [0] and "Waiting for <bdi>Bob</bdi> to choose a skill" in html
        html, offers = render_controls(app, table, Viewer(seat=1, can_act=True))
        assert [o["player"] for o in offers] == [0, 1] and "Waiting for" not in html
