"""Kyoto no Neko's end-of-game figures (games/figures.py), counted from the log.

- `checks`: Skill Checks the kitten made: each `check`, and each try of a kitten fight (the two
  kittens "simultaneously do a Fighting Check", rulebook, Fighting).
- `criticals`: those checks whose die showed "X" (a critical failure).
- `medals`: the kitten's Medals at the end.
"""
from __future__ import annotations

from ..figures import Counted, Figures

CRITICAL = "X"


def step(before: dict, action: dict, after: dict) -> Counted:
    """The checks of one move, and its critical failures."""
    kind = action.get("type")
    if kind == "check":
        yield action["player"], "checks", 1
        if action["die"] == CRITICAL:
            yield action["player"], "criticals", 1
    elif kind == "kitten_fight":
        for dice in action["rolls"]:
            for kitten, die in zip((action["attacker"], action["defender"]), dice):
                yield kitten, "checks", 1
                if die == CRITICAL:
                    yield kitten, "criticals", 1


def end(state: dict) -> Counted:
    """Each kitten's Medals at the end."""
    for i, p in enumerate(state["players"]):
        yield i, "medals", p["medals"]


FIGURES = Figures(("checks", "criticals", "medals"), step=step, end=end)
