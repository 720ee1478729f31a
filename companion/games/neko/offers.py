"""What Kyoto no Neko lets a table do now, with every choice the engine accepts (api.md, "Offers").

A turn is Movement, then Action, then Missions (rulebook, "Game Turn"): road crossings, bike
cards and reactions (a hazard, a bike to dodge, a fight another kitten forces on the moving one)
belong to the movement, which the turn's one action ends; the Missions are counted when the turn
ends. The engine's checks read `moving` and `acting` as these offers do. Shapes (one example each):

- `{"type": "check", "player": 0, "objective": {"min": 0, "max": 20}, "faces": [1, 2, 3, 4, 5, "X"],
  "targets": [{"target": "animal", "skills": ["hunting", "fighting"]}, {"target": "friend",
  "skills": ["friendship"], "from": [1]}, {"target": null, "skills": [...]}, {"target": "bike",
  "skills": ["agility"], "reaction": true}, ...]}`: a skill check; each target (what a success
  earns; null: nothing) with the skills it may use (and, for a friend, the kittens whose Home it
  may come from). Another kitten's offer holds only the bike dodge.
- `{"type": "kitten_fight", "player": null, "attacker": 0, "defender": [1, 2], "reaction": false,
  "faces": [...]}`: the attacker and whom it may fight (the action names no player); `reaction`
  when another kitten forces the fight on the moving one; `"tiebreak": true` between tied kittens.
- `{"type": "crossed_road", "player": 0}` · `{"type": "end_turn", "player": 0}`.
- `{"type": "bike_card", "player": 0, "purple": [1, ..., 6], "teal": [1, ..., 6]}`: the card the
  table drew, tapped in, or neither field for the app to draw one.
- `{"type": "skill_up", "player": 1, "skills": ["agility", "friendship"], "owed": 5, "reason": "Growth 1"}`:
  the skills below the top of their track, and how many bumps the kitten still owes (an answer
  moves one `skill`, or a list of `skills`, up to `owed` of them, the same skill more than once).
The faces are those of the table's die (the state's "die").
"""
from __future__ import annotations

from .kittens import OBJECTIVE_MAX, REACTIONS, SKILLS, TARGETS
from .sheets import bumpable

BIKE_MOVES = list(range(1, 7))  # a bike card moves each bike 1 to 6 spaces


def acting(state: dict) -> bool:
    """Whether the kitten whose turn it is may still do the turn's one action."""
    return not state["action_used"]


def moving(state: dict) -> bool:
    """Whether the kitten whose turn it is is still in its movement: its action is not done."""
    return not state["action_used"]


def offers(state: dict) -> list[dict]:
    """Every move the rules allow now (the game is not over)."""
    if state["tied"]:
        return tiebreak_offers(state)
    if state["bumps"]:
        return bump_offers(state)
    return turn_offers(state)


def bump_offers(state: dict) -> list[dict]:
    """A skill to move up for each kitten owed bumps, in any order between kittens."""
    owed: dict[int, list[str]] = {}
    for b in state["bumps"]:
        owed.setdefault(b["player"], []).append(b["reason"])
    return [{"type": "skill_up", "player": i, "skills": bumpable(state["players"][i]), "owed": len(reasons), "reason": reasons[0]}
            for i, reasons in owed.items()]


def tiebreak_offers(state: dict) -> list[dict]:
    """The fights between kittens tied at the end, each pair once."""
    tied = state["tied"]
    return [{"type": "kitten_fight", "player": None, "attacker": a, "defender": tied[k + 1:], "reaction": False,
             "tiebreak": True, "faces": list(state["die"])} for k, a in enumerate(tied[:-1])]


def turn_offers(state: dict) -> list[dict]:
    """The moves of a turn: the moving kitten's checks, fights, road and bikes while it moves or
    acts, other kittens' bike dodges while it moves, and the end of the turn."""
    me = state["current"]
    others = [j for j in range(len(state["players"])) if j != me]
    made = []
    targets = check_targets(state, me, others)
    faces = list(state["die"])
    if targets:
        made.append(check_offer(me, targets, faces))
    if moving(state):
        made += [check_offer(j, [reaction("bike")], faces) for j in others]
    if acting(state):
        made.append({"type": "kitten_fight", "player": None, "attacker": me, "defender": others, "reaction": False, "faces": faces})
    if moving(state):
        made += [{"type": "kitten_fight", "player": None, "attacker": j, "defender": [me], "reaction": True, "faces": faces}
                 for j in others]
        made.append({"type": "crossed_road", "player": me})
        made.append({"type": "bike_card", "player": me, "purple": BIKE_MOVES, "teal": BIKE_MOVES})
    made.append({"type": "end_turn", "player": me})
    return made


def check_offer(i: int, targets: list[dict], faces: list) -> dict:
    """A skill check of kitten i, for one of `targets`, rolled on the table's die."""
    return {"type": "check", "player": i, "targets": targets, "objective": {"min": 0, "max": OBJECTIVE_MAX}, "faces": faces}


def check_targets(state: dict, me: int, others: list[int]) -> list[dict]:
    """What the moving kitten's check may be for: the action's targets until it is done, then
    the reactions while it still moves."""
    made = []
    if acting(state):
        homes = [j for j in others if state["players"][j]["friends"]]  # a friend may be befriended away
        made += [{"target": t, "skills": list(skills), **({"from": homes} if t == "friend" else {})}
                 for t, skills in TARGETS.items() if t not in REACTIONS]
        made.append({"target": None, "skills": list(SKILLS)})
    if moving(state):
        made += [reaction(t) for t in REACTIONS]
    return made


def reaction(target: str) -> dict:
    """A reaction's target with the skills it may use."""
    return {"target": target, "skills": list(TARGETS[target]), "reaction": True}
