"""What a kitten's sheets record: learning, the Victories tally, the Home, Medals and Growth.

Plain functions of the state: each changes it in place and appends what happened, in words, to
`lines`. The engine calls them; they call nothing of the engine. `skill_up` is the handler of a
bump's answer, as the engine's `actions` table calls it.
"""
from __future__ import annotations

import re

from ..base import RuleViolation
from ..fields import check_fields, player_field
from ..said import filled, said, said_n, series, word
from . import validate
from .kittens import HOME_SPACES, SKILL_MAX, SKILL_NAMES, SKILLS, TALLY_SPACES, VICTORY_MEDALS

# A skill bump's reason as the state keeps it (in English: the offers show it), said again as words.
REASONS = {"tally": said("Victories tally space {n}"), "growth": said("Growth {n}"),
           "2nd Home space": said("2nd Home space"), "Experienced side": said("Experienced side")}


def reason(text: str) -> str:
    """A bump's reason as a sentence value ("Growth 1"); a reason it does not know, as it is."""
    found = re.fullmatch(r"(Victories tally space|Growth) (\d+)", text)
    if found:
        return filled(REASONS["tally" if found.group(1) != "Growth" else "growth"], n=int(found.group(2)))
    return REASONS.get(text, text)


def learn(state: dict, i: int, skill: str, spaces: int, lines: list[str]) -> None:
    """A failure moves the skill up (two spaces on the X face), to the top of its track."""
    p = state["players"][i]
    before = p["skills"][skill]
    p["skills"][skill] = min(SKILL_MAX, before + spaces)
    if p["skills"][skill] > before:
        lines.append(said("{player} learns from it: {skill} {before} → {value}.", player=p['name'], skill=SKILL_NAMES[skill],
                          before=before, value=p['skills'][skill]))


def victory(state: dict, i: int, what: str, lines: list[str]) -> None:
    """A Paw or Enemy defeated token on the tally: spaces 2 and 5 a bump, space 4 a Medal once."""
    p = state["players"][i]
    p["victories"] += 1
    p["tally"] = (p["victories"] - 1) % TALLY_SPACES + 1
    lines.append(said("{player} adds the {what} to the Victories tally (space {tally}).", player=p['name'], what=what,
                      tally=p['tally']))
    if p["tally"] in (2, 5):
        state["bumps"].append({"player": i, "reason": f"Victories tally space {p['tally']}"})
    if p["tally"] == 4 and not p["tally_medal"]:
        p["tally_medal"] = True
        medal(state, i, word("the Victories tally"), lines)


def friend(state: dict, i: int, lines: list[str]) -> None:
    """A friend at home: the 2nd space a bump (again if refilled), the 3rd a Medal once."""
    p = state["players"][i]
    p["friends"] += 1
    lines.append(said("A new friend comes to {player}'s Home ({friends}).", player=p['name'], friends=p['friends']))
    if p["friends"] == 2:
        state["bumps"].append({"player": i, "reason": "2nd Home space"})
    if p["friends"] == HOME_SPACES and not p["home_medal"]:
        p["home_medal"] = True
        medal(state, i, word("the Home"), lines)


def achieve(state: dict, i: int, mission: str) -> None:
    """A mission done: its Medal comes at the end of the kitten's own turn, once."""
    p = state["players"][i]
    if mission not in p["missions"] and mission not in p["achieved"]:
        p["achieved"].append(mission)


def medal(state: dict, i: int, source: str, lines: list[str]) -> None:
    """A Medal on the Growth track: may trigger a Growth phase and the final round."""
    p = state["players"][i]
    p["medals"] += 1
    lines.append(said("{player} earns a Medal from {source} ({medals}).", player=p['name'], source=source,
                      medals=p['medals']))
    for k, space in enumerate(state["growth_spaces"]):
        if p["medals"] == space and not state["growth_done"][k] and k not in state["growth_due"]:
            state["growth_due"].append(k)
            lines.append(said("{player} is the first on Growth space {n}: all kittens grow at the end of this turn.",
                              player=p['name'], n=k + 1))
    if p["medals"] >= VICTORY_MEDALS and not state["final_round"]:
        state["final_round"] = True
        lines.append(said("{player} has {VICTORY_MEDALS} Medals: this round is the last.", player=p['name'],
                          VICTORY_MEDALS=VICTORY_MEDALS))


def grow(state: dict, k: int, lines: list[str]) -> None:
    """A Growth phase: every kitten's stamina one space right, then its own skill bumps."""
    state["growth_done"][k] = True
    lines.append(said("Growth {n}: every kitten's stamina moves one space right and its skills grow.", n=k + 1))
    for i, p in enumerate(state["players"]):
        track = p["sheet"]["stamina"]
        p["stamina_step"] = min(len(track) - 1, p["stamina_step"] + 1)
        p["stamina"] = track[p["stamina_step"]]
        state["bumps"] += [{"player": i, "reason": f"Growth {k + 1}"}] * p["sheet"]["growth"][k]


def bumpable(p: dict) -> list[str]:
    """The skills a bump can move up: those below the top of their track."""
    return [s for s in SKILLS if p["skills"][s] < SKILL_MAX]


def drop_spent_bumps(state: dict, lines: list[str]) -> None:
    """A kitten whose every skill is at the top cannot use a bump: it is lost (else the table
    would wait for a choice nobody can make)."""
    for i, p in enumerate(state["players"]):
        if not bumpable(p) and any(b["player"] == i for b in state["bumps"]):
            state["bumps"] = [b for b in state["bumps"] if b["player"] != i]
            lines.append(said("{player}'s skills are all at the top of their tracks: the skill bumps owed are lost.",
                              player=p['name']))


def skill_up(game, state: dict, action: dict) -> list[str]:
    """A kitten owed bumps moves a skill of its choice one space up (`skill`), or several at
    once (`skills`, the same skill as often as chosen): a Growth's bumps are one answer."""
    check_fields(action, ("player",), ("skill", "skills"))
    i = player_field(state, action, "player")
    p = state["players"][i]
    if ("skill" in action) == ("skills" in action):
        raise RuleViolation(said("A skill bump names one 'skill', or a list of 'skills' to move up."))
    chosen = [action["skill"]] if "skill" in action else action["skills"]
    if not isinstance(chosen, list) or not chosen:
        raise RuleViolation(said("'skills' lists the skills to move up, one entry per bump."))
    chosen = [validate.skill(s) for s in chosen]
    owed = [b for b in state["bumps"] if b["player"] == i]
    if not owed:
        raise RuleViolation(said("{player} has no skill to move up now.", player=p['name']))
    if len(chosen) > len(owed):
        raise RuleViolation(said_n("{player} is owed {n} skill bump, not {n2}.",
                                   "{player} is owed {n} skill bumps, not {n2}.", len(owed), player=p['name'],
                                   n2=len(chosen)))
    after = dict(p["skills"])
    for skill in chosen:
        if after[skill] >= SKILL_MAX:
            raise RuleViolation(said("{capitalize} is at the top of its track ({SKILL_MAX}); choose another skill.",
                                     capitalize=skill.capitalize(), SKILL_MAX=SKILL_MAX))
        after[skill] += 1
    used = owed[: len(chosen)]
    for b in used:
        state["bumps"].remove(b)
    p["skills"] = after
    # Each skill once, at its new value.
    moved = [said("{skill} up to {n}", skill=SKILL_NAMES[s], n=after[s]) for s in dict.fromkeys(chosen)]
    reasons = series([reason(r) for r in dict.fromkeys(b["reason"] for b in used)])
    return [said("{player} moves {moved} ({reasons}).", player=p['name'], moved=series(moved), reasons=reasons)]
