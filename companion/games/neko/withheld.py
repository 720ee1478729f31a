"""What Kyoto no Neko switches off now, and why, in the rulebook's words (withheld.py).

Beside the offers (offers.py, reading the same `acting` and `moving`): the skills a check's
target does not take, the action's targets and the attack once the turn's one action is done, the
movement's parts (road, bikes, reactions) once it is over, and a skill bump for a skill at the top.
"""
from __future__ import annotations

from ..said import said, said_n
from ..withheld import RULING, Withheld
from .kittens import REACTIONS, SKILL_MAX, SKILL_WORDS, SKILLS, TARGETS
from .offers import acting, moving

# What each target's check is, and the rulebook's sentence that says which skill it takes.
SKILL_OF_TARGET = {
    "bug": (said("A bug is hunted: a Hunting check."), said("Hunt a bug: this Mission is achieved if you successfully hunt a bug (no matter which).")),
    "butterfly": (said("A butterfly is befriended: a Friendship check."),
                  said("Become friends with a butterfly: this Mission is achieved if you become friends with a butterfly (no matter which).")),
    "tree": (said("Climbing a cherry tree is an Agility check."),
             said("The action of climbing a Cherry tree allows the player to obtain information on the environment.")),
    "animal": (said("An animal is hunted or fought: a Hunting or Fighting check."),
               said("Fighting an animal: If you succeed on a Fighting Check, like in the \"Hunting\" description below, "
                    "add your enemy's Paw to your Victories tally and gain the corresponding bonuses when applicable.")),
    "friend": (said("A friend is made with a Friendship check."), said("If you succeed: The new friend is brought to the Kitten's home.")),
    "bike": (said("A bike is dodged with an Agility check."),
             said("the Kitten must dodge the Bike in reaction with an Agility Check (even if it is not their own turn of play).")),
}
ONE_ACTION = said("Only one action can be done each turn. Once complete, the Action phase ends no matter the result of the action.")
REACTIONS_FIRST = said("Reaction(s) must be resolved before performing an action.")
MOVEMENT_FIRST = said("Possible actions are determined by the Paws present on the space in which the Kitten ended their movement.")
TOP = said("Skill tracks go from 0 to {SKILL_MAX}; a counter at the top does not move.", SKILL_MAX=SKILL_MAX)


def withheld(state: dict) -> list[Withheld]:
    """Every control the rules switch off now, with why (none during a tie's fights)."""
    if state["tied"]:
        return []
    if state["bumps"]:
        return bumps(state)
    return skills_of_targets(state) + turn(state)


def skills_of_targets(state: dict) -> list[Withheld]:
    """For each target a check may have now, the skills it does not take (a hazard takes any)."""
    me = state["current"]
    targets = [t for t in TARGETS if t not in REACTIONS] if acting(state) else []
    mine = targets + (list(REACTIONS) if moving(state) else [])
    made = [Withheld("check", me, *SKILL_OF_TARGET[t], "skill", _others(t), {"target": t}) for t in mine if t in SKILL_OF_TARGET]
    if moving(state):  # every other kitten may have to dodge a bike
        made += [Withheld("check", j, *SKILL_OF_TARGET["bike"], "skill", _others("bike"), {"target": "bike"})
                 for j in range(len(state["players"])) if j != me]
    return made


def turn(state: dict) -> list[Withheld]:
    """Once the turn's action is done: its targets and the attack; once the movement is over too:
    the road, the bikes and the reactions (the kitten's own and the other kittens')."""
    me = state["current"]
    name = state["players"][me]["name"]
    made = []
    if not acting(state):
        done = said("{name} has done this turn's action.", name=name)
        made += [Withheld("check", me, done, ONE_ACTION, "target", tuple(t for t in TARGETS if t not in REACTIONS) + (None,)),
                 Withheld("kitten_fight", None, done, ONE_ACTION, "attacker", (me,))]
    if not moving(state):
        over = said("{name}'s movement is over: it comes before the action.", name=name)
        # One sentence for every part of the movement, so that a page says it once.
        made += [Withheld("check", me, over, REACTIONS_FIRST, "target", REACTIONS),
                 Withheld("kitten_fight", None, over, REACTIONS_FIRST, "attacker", tuple(j for j in range(len(state["players"])) if j != me)),
                 Withheld("crossed_road", me, over, MOVEMENT_FIRST), Withheld("bike_card", me, over, MOVEMENT_FIRST)]
    return made


def bumps(state: dict) -> list[Withheld]:
    """A skill bump for a skill at the top of its track, per kitten owed bumps."""
    made = []
    for i in dict.fromkeys(b["player"] for b in state["bumps"]):
        top = [s for s in SKILLS if state["players"][i]["skills"][s] >= SKILL_MAX]
        if top:
            skills = [SKILL_WORDS[s] for s in top]
            made.append(Withheld("skill_up", i, said_n("{skills} is at the top of the track ({max}).",
                                                       "{skills} are at the top of the track ({max}).", len(top),
                                                       skills=skills, max=SKILL_MAX), TOP, "skills",
                                 tuple(top), source=RULING))
    return made


def _others(target: str) -> tuple[str, ...]:
    return tuple(s for s in SKILLS if s not in TARGETS[target])
