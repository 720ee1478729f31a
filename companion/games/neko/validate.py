"""Checking what a table enters for Kyoto no Neko: skills, die faces, printed kitten sheets."""
from __future__ import annotations

from ..base import RuleViolation
from ..fields import is_int, is_one_of, quoted
from ..names import clean_name
from ..said import said, word
from .kittens import FACE_VALUES, SKILL_MAX, SKILLS, TARGETS


def skill(value) -> str:
    """A skill name, or a sentence naming the skills."""
    if not is_one_of(value, SKILLS):
        raise RuleViolation(said("'{value}' is not a skill; skills are {list}.", value=quoted(value),
                                 list=', '.join(SKILLS)))
    return value


def die(value, faces: list):
    """A face of the table's die (`faces`, the state's "die")."""
    if not is_one_of(value, faces):  # neither true nor 1.0 is a die face
        numbers = [str(f) for f in faces if f != "X"]
        raise RuleViolation(said("This table's die shows {list} or \"X\" (critical failure).", list=', '.join(numbers)))
    return value


def fight_rolls(rolls, faces: list) -> list[tuple]:
    """A fight's tries: pairs of dice [attacker's, defender's], at least one."""
    if isinstance(rolls, list) and rolls and isinstance(rolls[-1], list) and (len(rolls[-1]) < 2 or None in rolls[-1]):
        raise RuleViolation(said("A fight's try needs both kittens' dice."))
    if not isinstance(rolls, list) or not rolls or any(not isinstance(r, list) or len(r) != 2 for r in rolls):
        raise RuleViolation(said("'rolls' lists the pairs of dice rolled, [attacker's, defender's], one pair per try."))
    return [(die(x, faces), die(y, faces)) for x, y in rolls]


def die_faces(value) -> list:
    """The different faces of a table's Skill die: numbers 0 to 6 and the X, in the die's order."""
    if (not isinstance(value, list) or len(value) < 2 or not all(is_one_of(f, FACE_VALUES) for f in value)
            or len({str(f) for f in value}) != len(value) or "X" not in value):
        raise RuleViolation(said("die_faces lists the different faces of the table's die: numbers 0 to 6 and \"X\", each once."))
    return [f for f in FACE_VALUES if f in value]


def target(value, skill_used: str) -> str | None:
    """What a check earns (None: nothing), checked against the skill it uses."""
    if value is None:
        return None
    if not is_one_of(value, TARGETS):
        raise RuleViolation(said("'{value}' is not a target; targets are {list}.", value=quoted(value),
                                 list=', '.join(TARGETS)))
    if skill_used not in TARGETS[value]:
        raise RuleViolation(said("A {value} check uses {list}, not {skill_used}.", value=value,
                                 list=' or '.join(TARGETS[value]), skill_used=skill_used))
    return value


def sheet(sheet, i: int) -> dict:
    """A printed kitten sheet entered by the table, checked and cleaned."""
    if not isinstance(sheet, dict):
        raise RuleViolation(said("Sheet {n} must be an object with stamina, skills and growth.", n=i + 1))
    extra = sorted(set(sheet) - {"kitten", "stamina", "skills", "growth", "experienced"})
    if extra:
        raise RuleViolation(said("Sheet {n} has an unknown field '{extra}'.", n=i + 1, extra=quoted(extra[0])))
    stamina, skills, growth = sheet.get("stamina"), sheet.get("skills"), sheet.get("growth")
    if not isinstance(stamina, list) or len(stamina) != 3 or any(not is_int(v) or not 1 <= v <= 9 for v in stamina):
        raise RuleViolation(said("Sheet {n}: stamina is the three values of its track, from 1 to 9.", n=i + 1))
    if not isinstance(skills, dict) or set(skills) != set(SKILLS) or any(
            not is_int(v) or not 0 <= v <= SKILL_MAX for v in skills.values()):
        raise RuleViolation(said("Sheet {n}: skills gives agility, friendship, fighting and hunting, each 0 to {SKILL_MAX}.",
                                 n=i + 1, SKILL_MAX=SKILL_MAX))
    if not isinstance(growth, list) or len(growth) != 2 or any(not is_int(v) or not 0 <= v <= 9 for v in growth):
        raise RuleViolation(said("Sheet {n}: growth is the skill bumps of the two Growth spaces.", n=i + 1))
    # The Experienced side's bumps: a handful on a printed sheet (a billion would fill the memory).
    experienced = sheet.get("experienced", 0)
    experienced = 0 if experienced is None else experienced
    if not is_int(experienced) or not 0 <= experienced <= 9:
        raise RuleViolation(said("Sheet {n}: experienced is the skill bumps of the Experienced side, from 0 to 9.",
                                 n=i + 1))
    kitten = clean_name(sheet.get("kitten", f"Kitten {i + 1}"), word("kitten's name"))[:20]
    return {"kitten": kitten, "stamina": stamina, "skills": dict(skills), "growth": growth, "experienced": experienced}
