"""What a kitten's sheets record: learning, the Victories tally, the Home, Medals and Growth.

Plain functions of the state: each changes it in place and appends what happened, in words, to
`lines`. The engine calls them; they call nothing of the engine. `skill_up` is the handler of a
bump's answer, as the engine's `actions` table calls it.
"""
from __future__ import annotations

from ..base import RuleViolation
from ..fields import check_fields, player_field
from ..words import counted
from . import validate
from .kittens import HOME_SPACES, SKILL_MAX, SKILLS, TALLY_SPACES, VICTORY_MEDALS


def learn(state: dict, i: int, skill: str, spaces: int, lines: list[str]) -> None:
    """A failure moves the skill up (two spaces on the X face), to the top of its track."""
    p = state["players"][i]
    before = p["skills"][skill]
    p["skills"][skill] = min(SKILL_MAX, before + spaces)
    if p["skills"][skill] > before:
        lines.append(f"{p['name']} learns from it: {skill} {before} → {p['skills'][skill]}.")


def victory(state: dict, i: int, what: str, lines: list[str]) -> None:
    """A Paw or Enemy defeated token on the tally: spaces 2 and 5 a bump, space 4 a Medal once."""
    p = state["players"][i]
    p["victories"] += 1
    p["tally"] = (p["victories"] - 1) % TALLY_SPACES + 1
    lines.append(f"{p['name']} adds the {what} to the Victories tally (space {p['tally']}).")
    if p["tally"] in (2, 5):
        state["bumps"].append({"player": i, "reason": f"Victories tally space {p['tally']}"})
    if p["tally"] == 4 and not p["tally_medal"]:
        p["tally_medal"] = True
        medal(state, i, "the Victories tally", lines)


def friend(state: dict, i: int, lines: list[str]) -> None:
    """A friend at home: the 2nd space a bump (again if refilled), the 3rd a Medal once."""
    p = state["players"][i]
    p["friends"] += 1
    lines.append(f"A new friend comes to {p['name']}'s Home ({p['friends']}).")
    if p["friends"] == 2:
        state["bumps"].append({"player": i, "reason": "2nd Home space"})
    if p["friends"] == HOME_SPACES and not p["home_medal"]:
        p["home_medal"] = True
        medal(state, i, "the Home", lines)


def achieve(state: dict, i: int, mission: str) -> None:
    """A mission done: its Medal comes at the end of the kitten's own turn, once."""
    p = state["players"][i]
    if mission not in p["missions"] and mission not in p["achieved"]:
        p["achieved"].append(mission)


def medal(state: dict, i: int, source: str, lines: list[str]) -> None:
    """A Medal on the Growth track: may trigger a Growth phase and the final round."""
    p = state["players"][i]
    p["medals"] += 1
    lines.append(f"{p['name']} earns a Medal from {source} ({p['medals']}).")
    for k, space in enumerate(state["growth_spaces"]):
        if p["medals"] == space and not state["growth_done"][k] and k not in state["growth_due"]:
            state["growth_due"].append(k)
            lines.append(f"{p['name']} is the first on Growth space {k + 1}: all kittens grow at the end of this turn.")
    if p["medals"] >= VICTORY_MEDALS and not state["final_round"]:
        state["final_round"] = True
        lines.append(f"{p['name']} has {VICTORY_MEDALS} Medals: this round is the last.")


def grow(state: dict, k: int, lines: list[str]) -> None:
    """A Growth phase: every kitten's stamina one space right, then its own skill bumps."""
    state["growth_done"][k] = True
    lines.append(f"Growth {k + 1}: every kitten's stamina moves one space right and its skills grow.")
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
            lines.append(f"{p['name']}'s skills are all at the top of their tracks: the skill bumps owed are lost.")


def skill_up(game, state: dict, action: dict) -> list[str]:
    """A kitten owed bumps moves a skill of its choice one space up (`skill`), or several at
    once (`skills`, the same skill as often as chosen): a Growth's bumps are one answer."""
    check_fields(action, ("player",), ("skill", "skills"))
    i = player_field(state, action, "player")
    p = state["players"][i]
    if ("skill" in action) == ("skills" in action):
        raise RuleViolation("A skill bump names one 'skill', or a list of 'skills' to move up.")
    chosen = [action["skill"]] if "skill" in action else action["skills"]
    if not isinstance(chosen, list) or not chosen:
        raise RuleViolation("'skills' lists the skills to move up, one entry per bump.")
    chosen = [validate.skill(s) for s in chosen]
    owed = [b for b in state["bumps"] if b["player"] == i]
    if not owed:
        raise RuleViolation(f"{p['name']} has no skill to move up now.")
    if len(chosen) > len(owed):
        raise RuleViolation(f"{p['name']} is owed {counted(len(owed), 'skill bump')}, not {len(chosen)}.")
    after = dict(p["skills"])
    for skill in chosen:
        if after[skill] >= SKILL_MAX:
            raise RuleViolation(f"{skill.capitalize()} is at the top of its track ({SKILL_MAX}); choose another skill.")
        after[skill] += 1
    used = owed[: len(chosen)]
    for b in used:
        state["bumps"].remove(b)
    p["skills"] = after
    moved = ", ".join(f"{s} up to {after[s]}" for s in dict.fromkeys(chosen))  # each skill once, at its new value
    reasons = ", ".join(dict.fromkeys(b["reason"] for b in used))
    return [f"{p['name']} moves {moved} ({reasons})."]
