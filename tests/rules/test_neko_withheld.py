"""Kyoto no Neko says why a control is switched off: the skills a check's target
does not take, the action and the movement once done, a skill at the top of its track, each in
the rulebook's words from the engine, and on the page beside the control."""
from __future__ import annotations

import random
import re
from dataclasses import replace
from html import unescape
from urllib.parse import urlsplit

from companion.games import get_game
from companion.games.neko.kittens import SKILL_MAX
from companion.web.services import tables

from ..offers_checks import PLAYS, render_controls

GAME = get_game("neko")


def started(names=("Ann", "Bob")):
    return GAME.setup(list(names), {"first_player": 0}, random.Random(1))


def entry(state, kind, **where):
    return next((w for w in GAME.withheld(state, PLAYS)
                 if w["type"] == kind and all(w.get(k, w.get("where", {}).get(k)) == v for k, v in where.items())), None)


def test_a_bug_takes_hunting_alone_and_says_so_with_the_mission_card():
    # "Hunt a bug: this Mission is achieved if you successfully hunt a bug (no matter which)."
    e = entry(started(), "check", field="skill", target="bug")
    assert e["values"] == ["agility", "friendship", "fighting"] and e["why"] == "A bug is hunted: a Hunting check."
    assert e["rule"] == "Hunt a bug: this Mission is achieved if you successfully hunt a bug (no matter which)."
    # An animal is hunted or fought ("Fighting an animal: ... like in the "Hunting" description").
    assert entry(started(), "check", field="skill", target="animal")["values"] == ["agility", "friendship"]
    # A hazard takes any skill: nothing is withheld for it; a bike takes Agility, for every kitten it passes.
    assert entry(started(), "check", field="skill", target="hazard") is None
    assert entry(started(), "check", field="skill", target="bike", player=1)["rule"].startswith(
        "the Kitten must dodge the Bike in reaction with an Agility Check")


def test_the_skills_withheld_are_exactly_those_the_offer_leaves_out():
    offer = next(o for o in GAME.offers(started(), PLAYS) if o["type"] == "check" and o["player"] == 0)
    for t in offer["targets"]:
        e = entry(started(), "check", field="skill", target=t["target"], player=0)
        left_out = [s for s in ("agility", "friendship", "fighting", "hunting") if s not in t["skills"]]
        assert (e["values"] if e else []) == left_out


def test_once_the_action_is_done_its_targets_and_the_movement_say_why():
    # "Only one action can be done each turn." · "Reaction(s) must be resolved before performing an action."
    state, _ = GAME.apply(started(), {"type": "check", "player": 0, "skill": "hunting", "objective": 3, "die": 2, "target": "bug"})
    action = entry(state, "check", field="target", player=0)
    assert action["why"] == "Ann has done this turn's action." and action["rule"].startswith("Only one action can be done each turn.")
    road = entry(state, "crossed_road")
    assert road["why"] == "Ann's movement is over: it comes before the action."
    assert road["rule"] == "Possible actions are determined by the Paws present on the space in which the Kitten ended their movement."
    assert any(w["rule"] == "Reaction(s) must be resolved before performing an action." for w in GAME.withheld(state, PLAYS))


def test_a_skill_at_the_top_cannot_take_a_bump_and_says_so():
    state = started()
    state["players"][0]["skills"]["agility"] = SKILL_MAX
    state["bumps"] = [{"player": 0, "reason": "Victories tally space 2"}]
    e = entry(state, "skill_up", player=0)
    assert e["values"] == ["agility"] and e["why"] == f"Agility is at the top of the track ({SKILL_MAX})."
    assert e["source"] == "docs/rulings.md"


def _page(client, api, *actions):
    made = api.create(game="neko", players=("Ann", "Bob"))
    for a in actions:
        api.act(made, a)
    client.get(urlsplit(made["urls"]["play"]).path)
    return unescape(client.get(f"/t/{made['id']}").text)


def test_the_check_pad_carries_each_targets_reason_beside_the_skills(client, api):
    html = _page(client, api)
    bug = re.search(r'<input type="radio" name="_set" id="tg-bug"[^>]*>', html).group(0)
    assert 'data-why="why-skill-bug"' in bug
    reason = re.search(r'<p class="because" id="why-skill-bug" hidden>(.*?)</p>', html, re.S).group(1)
    assert "A bug is hunted: a Hunting check." in reason and "Hunt a bug: this Mission is achieved" in reason
    skills = html.index('class="pick chips skills-pad"')
    assert skills < html.index('id="why-skill-bug"') < html.index('class="pick objectives"'), "under the skills it explains"


def test_after_the_action_the_page_says_why_the_pad_is_gone(client, api):
    html = _page(client, api, {"type": "check", "player": 0, "skill": "hunting", "objective": 3, "die": 2, "target": "bug"})
    done = html[html.index('id="why-done"'):]
    done = done[:done.index("</div>")]
    assert "Ann has done this turn's action." in done and "Only one action can be done each turn." in done
    assert "Ann's movement is over: it comes before the action." in done


def test_a_skill_at_the_top_stays_on_the_bump_prompt_switched_off_with_the_ruling(app):
    with app.app_context():
        table = tables().create("neko", ["Ann", "Bob"], {"first_player": 0}, seed=1)
        state = started()
        state["players"][0]["skills"]["agility"] = SKILL_MAX
        state["bumps"] = [{"player": 0, "reason": "Victories tally space 2"}]
        state = {**state, "pending": GAME.pending(state)}
        html, _ = render_controls(app, replace(table, state=state))
    html = unescape(html)
    assert re.search(r'<button type="button" disabled aria-describedby="why-top-0">agility <span>10</span></button>', html)
    reason = re.search(r'<p class="because" id="why-top-0">(.*?)</p>', html, re.S).group(1)
    assert f"Agility is at the top of the track ({SKILL_MAX})." in reason and "a counter at the top does not move" in reason
