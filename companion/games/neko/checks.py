"""Kyoto no Neko's skill checks and kitten fights (rulebook, "2. Action", "Fighting").

Handlers taking (game, state, action) and returning the log lines, as the engine's `actions`
table calls them. A check is the turn's one action unless it is a reaction (a hazard, a bike to
dodge); a fight is the moving kitten's action when it attacks, its reaction when attacked.
"""
from __future__ import annotations

from ..base import RuleViolation
from ..fields import check_fields, int_field, player_field
from ..said import said, said_n, word
from . import offers, sheets, turns, validate
from .kittens import OBJECTIVE_MAX, REACTIONS, SKILL_NAMES, TARGET_NAMES, TARGET_NOUNS


def check(game, state: dict, action: dict) -> list[str]:
    """A skill check: die + skill against the Objective; a failure teaches, a success earns its target."""
    for field, needs in (("skill", said("its skill (what the check is for)")), ("objective", word("the Objective printed on the Paw")),
                         ("die", word("the face the die shows"))):
        if field not in action:  # said as a person would, before the field list (a pad leaves it to a tap)
            raise RuleViolation(said("A check needs {needs}.", needs=needs))
    check_fields(action, ("player", "skill", "objective", "die"), ("target", "from"))
    i = player_field(state, action, "player")
    skill = validate.skill(action["skill"])
    objective = int_field(action, "objective", 0, OBJECTIVE_MAX, "The Objective")
    die = validate.die(action["die"], state["die"])
    target = validate.target(action.get("target"), skill)
    p, me = state["players"][i], state["current"]
    reaction = target in REACTIONS
    if target != "bike" and i != me:
        raise RuleViolation(said("It is {player}'s turn; only a bike dodge can be checked for another kitten.",
                                 player=state['players'][me]['name']))
    if not reaction and not offers.acting(state):
        raise RuleViolation(said("{player} has done this turn's action already: one action per turn.",
                                 player=p['name']))
    if reaction:
        turns.still_moving(state, word("reactions are resolved before it") if i == me
                           else word("bikes move only before it, so no kitten dodges one now"))
    victim = None
    if action.get("from") is not None:
        victim = player_field(state, action, "from")
        if target != "friend" or victim == i:
            raise RuleViolation(said("'from' names another kitten's Home to befriend a friend from (target friend)."))
        if not state["players"][victim]["friends"]:
            raise RuleViolation(said("{player} has no friend at home.", player=state['players'][victim]['name']))
    if not reaction:
        state["action_used"] = True
    lines: list[str] = []
    value = "X" if die == "X" else die + p["skills"][skill]
    if target:
        what = said("{player} checks {skill} ({value}) against {objective} for {target}", player=p["name"],
                    skill=SKILL_NAMES[skill], value=p["skills"][skill], objective=objective, target=TARGET_NAMES[target])
    else:
        what = said("{player} checks {skill} ({value}) against {objective}", player=p["name"], skill=SKILL_NAMES[skill],
                    value=p["skills"][skill], objective=objective)
    if die != "X" and value >= objective:
        lines.append(said("{what}: rolls {die}, {value} ≥ {objective}: success.", what=what, die=die, value=value,
                          objective=objective))
        succeed(state, i, target, victim, lines)
    else:
        rolled = said("X, a critical failure") if die == "X" else f"{die}, {value} < {objective}"
        lines.append(said("{what}: rolls {rolled}: failure.", what=what, rolled=rolled))
        sheets.learn(state, i, skill, 2 if die == "X" else 1, lines)
        failed(state, i, target)
        if reaction and i == me:
            lines.append(said("A failed reaction ends {player}'s turn.", player=p['name']))
            turns.end_turn(state, lines)
    return lines


def succeed(state: dict, i: int, target: str | None, victim: int | None, lines: list[str]) -> None:
    """What a successful check earns, by its target."""
    if target in ("bug", "animal"):
        sheets.victory(state, i, TARGET_NOUNS[target], lines)
        if target == "bug":
            sheets.achieve(state, i, "hunt_bug")
    elif target in ("friend", "butterfly"):
        if victim is not None:
            state["players"][victim]["friends"] -= 1
            lines.append(said("The friend leaves {player}'s Home.", player=state['players'][victim]['name']))
        sheets.friend(state, i, lines)
        if target == "butterfly":
            sheets.achieve(state, i, "befriend_butterfly")
    elif target == "tree":
        lines.append(said("{player} may look at 3 face-down Paws.", player=state['players'][i]['name']))
        sheets.achieve(state, i, "climb_tree")


def kitten_fight(game, state: dict, action: dict) -> list[str]:
    """A fight: simultaneous Fighting checks, draws rolled again; the loser learns, the winner
    takes an Enemy defeated token. Between tied kittens at the end, the loser drops out."""
    if "attacker" not in action or "defender" not in action:
        raise RuleViolation(said("A fight names its two kittens (attacker and defender)."))
    check_fields(action, ("attacker", "defender", "rolls"))
    a = player_field(state, action, "attacker")
    d = player_field(state, action, "defender")
    if a == d:
        raise RuleViolation(said("A kitten cannot fight itself."))
    pairs = validate.fight_rolls(action["rolls"], state["die"])
    names, me = state["players"], state["current"]
    tiebreak = bool(state["tied"])
    if tiebreak:
        if {a, d} - set(state["tied"]):
            raise RuleViolation(said("Only the tied kittens fight for the win."))
    elif me not in (a, d):
        raise RuleViolation(said("It is {player}'s turn: a fight involves the kitten whose turn it is.",
                                 player=names[me]['name']))
    elif a == me and not offers.acting(state):
        raise RuleViolation(said("{player} has done this turn's action already: one action per turn.",
                                 player=names[a]['name']))
    elif d == me:
        turns.still_moving(state, said("a fight forced on {player} is a reaction, resolved before it",
                                       player=names[me]['name']))
    scores = [(fight_value(state, a, x), fight_value(state, d, y)) for x, y in pairs]
    if any(sa != sd for sa, sd in scores[:-1]):
        raise RuleViolation(said("Only the last try of a fight may be decisive: earlier tries are draws rolled again."))
    sa, sd = scores[-1]
    if sa == sd:
        raise RuleViolation(said("These dice make a draw: the kittens roll again until one wins; enter that try."))
    winner, loser = (a, d) if sa > sd else (d, a)
    loser_die = pairs[-1][0] if loser == a else pairs[-1][1]
    tries = said_n("{n} try", "{n} tries", len(pairs))
    lines = [said("{player} fights {player2}: {player3} wins after {tries}.", player=names[a]['name'],
                  player2=names[d]['name'], player3=names[winner]['name'], tries=tries)]
    if tiebreak:
        state["tied"].remove(loser)
        if len(state["tied"]) == 1:
            turns.declare(state, state["tied"][0], lines)
        return lines
    if a == me:
        state["action_used"] = True
    sheets.learn(state, loser, "fighting", 2 if loser_die == "X" else 1, lines)
    failed(state, loser, "kitten")
    if state["enemy_tokens"]:
        state["enemy_tokens"] -= 1
        sheets.victory(state, winner, said("Enemy defeated token"), lines)
    else:
        lines.append(said("No Enemy defeated token is left in the box: the win adds nothing to the tally."))
    sheets.achieve(state, winner, "defeat_kitten")
    if loser == me and d == loser:
        lines.append(said("A lost reaction ends {player}'s turn.", player=names[loser]['name']))
        turns.end_turn(state, lines)
    return lines


def failed(state: dict, i: int, target: str | None) -> None:
    """Kitten i failed: the icon under the Objective (or the Enemy defeated token's) still applies,
    and the next player applies it ("moves the Paw", "moves them ... towards their Home"); the
    pages ask for it until the next move (`state["failed"]`, cleared by every action)."""
    state["failed"] = {"player": i, "target": target, "mover": (i + 1) % len(state["players"])}


def fight_value(state: dict, i: int, die) -> float:
    """A kitten's fight total; the X face loses to any total (two X are a draw)."""
    return float("-inf") if die == "X" else die + state["players"][i]["skills"]["fighting"]
