"""Losses of ♥ that wait for their owner: Camouflage dice, Wings, and Rapid Healing at 0♥.

Edition order: the yield (with Jets) comes first, then Armor Plating, Camouflage, Wings and Rapid
Healing. A loss its owner has a choice about is held in `state["held"]` instead of landing (after
Armor Plating, which asks nothing). The action that caused it stops at `waiting`, which names the
step that goes on once every held loss is decided (`state["paused"]`, a key of the engine's
`steps` table); the table's `phase` is
`losses` meanwhile. Before monsters at 0♥ are eliminated, a Rapid Healing owner with 2ϟ is asked
how many ♥ it buys (`state["rescue"]`): it was "prevented from being reduced to 0", so Eater of the
Dead and It Has a Child! do not see it fall.
"""
from __future__ import annotations

from ..base import RuleViolation
from ..fields import bool_field, check_fields, int_field, player_field
from . import effects as fx
from . import keeps
from .effects import FACE_WORDS, FACES

WINGS_COST = 2
HEART_COST = 2  # Rapid Healing: 2ϟ a ♥
ANSWERS = ("camouflage", "wings", "rapid_healing")  # what a held loss or a rescue waits for


def wings_offered(state: dict, i: int) -> bool:
    """Whether monster i could still pay for Wings against a loss."""
    p = state["players"][i]
    return keeps.owns(state, i, "wings") and not p.get("wings") and p["energy"] >= WINGS_COST


def hold(state: dict, i: int, amount: int, why: str, by: int | None, lines: list[str]) -> bool:
    """Hold a loss its owner decides about first; False when the loss can land at once."""
    ask = "camouflage" if keeps.owns(state, i, "camouflage") else "wings" if wings_offered(state, i) else None
    if ask is None:
        return False
    state.setdefault("held", []).append({"player": i, "amount": amount, "why": why, "by": by, "ask": ask})
    what = f"its owner rolls {amount} Camouflage dice" if ask == "camouflage" else "its owner may pay 2ϟ for Wings"
    lines.append(f"{fx.name(state, i)} is about to lose {amount}♥ ({why}): {what}.")
    return True


def waiting(state: dict, then: str, lines: list[str]) -> bool:
    """Whether held losses or Rapid Healing rescues are owed; the step `then` (a key of the
    engine's `steps`) resumes after."""
    rescue = state.setdefault("rescue", [])
    for i in fx.alive(state):
        p = state["players"][i]
        if (p["hp"] <= 0 and keeps.owns(state, i, "rapid_healing") and p["energy"] >= HEART_COST
                and i not in rescue and i not in state.get("declined", [])):
            rescue.append(i)
            lines.append(f"{fx.name(state, i)} is at 0♥: Rapid Healing can keep it in the game (2ϟ a ♥).")
    if not rescue:
        state.pop("rescue")
    if not state.get("held") and not state.get("rescue"):
        return False
    if "paused" not in state:
        state["paused"] = {"then": then, "phase": state["phase"]}
        state["phase"] = "losses"
    return True


def eliminate(state: dict, lines: list[str]) -> None:
    """The fallen leave (after `waiting` found nothing owed)."""
    fx.eliminate_fallen(state, lines)
    state.pop("declined", None)


def _resume(game, state: dict, lines: list[str]) -> None:
    """When the last held decision is made, the paused step goes on."""
    if state.get("held") or state.get("rescue"):
        return
    state.pop("held", None)
    state.pop("rescue", None)
    paused = state.pop("paused")
    state["phase"] = paused["phase"]
    game.steps[paused["then"]](game, state, lines)


def _held(state: dict, i: int, ask: str) -> dict:
    """Monster i's first held loss waiting for `ask`, or a clear refusal."""
    for loss in state.get("held", []):
        if loss["player"] == i and loss["ask"] == ask:
            return loss
    word = "Camouflage dice to roll" if ask == "camouflage" else "Wings decision to make"
    raise RuleViolation(f"{fx.name(state, i)} has no {word} now.")


def _settle(state: dict, loss: dict, lines: list[str]) -> None:
    """A held loss whose choices are made: it lands (or asks the next choice)."""
    if loss["amount"] and loss["ask"] == "camouflage" and wings_offered(state, loss["player"]):
        loss["ask"] = "wings"
        return
    state["held"].remove(loss)
    fx.land(state, loss["player"], loss["amount"], loss["why"], lines, loss["by"])


def camouflage(game, state: dict, action: dict) -> list[str]:
    """`camouflage`: the dice a Camouflage owner rolled for a loss; each ♥ cancels one ♥ of it."""
    check_fields(action, ("player", "faces"))
    i = player_field(state, action, "player")
    loss = _held(state, i, "camouflage")
    n = loss["amount"]
    faces = action["faces"]
    if not isinstance(faces, list) or len(faces) != n or any(f not in FACES for f in faces):
        raise RuleViolation(f"Camouflage rolls {n} dice for {fx.name(state, i)}: enter {n} faces.")
    hearts = faces.count("heart")
    loss["amount"] = n - hearts
    lines = [f"{fx.name(state, i)} rolls {' '.join(FACE_WORDS[f] for f in faces)} for Camouflage"
             + (f": {hearts}♥ cancelled." if hearts else ".")]
    _settle(state, loss, lines)
    _resume(game, state, lines)
    return lines


def wings(game, state: dict, action: dict) -> list[str]:
    """`wings`: pay 2ϟ against a held loss (no ♥ lost for the rest of the turn), or not."""
    check_fields(action, ("player", "pay"))
    i = player_field(state, action, "player")
    loss = _held(state, i, "wings")
    lines: list[str] = []
    if not bool_field(action, "pay"):
        lines.append(f"{fx.name(state, i)} does not use Wings.")
        _settle(state, loss, lines)
    else:
        p = state["players"][i]
        if p["energy"] < WINGS_COST:
            raise RuleViolation(f"Wings costs {WINGS_COST}ϟ; {fx.name(state, i)} has {p['energy']}ϟ.")
        p["energy"] -= WINGS_COST
        p["wings"] = True
        lines.append(f"{fx.name(state, i)} spends 2ϟ on Wings: it loses no ♥ this turn.")
        state["held"] = [h for h in state["held"] if h["player"] != i]  # every loss of it this turn
    _resume(game, state, lines)
    return lines


def rapid_healing(game, state: dict, action: dict) -> list[str]:
    """`rapid_healing`: a monster at 0♥ buys ♥ with Rapid Healing (2ϟ each) to stay in, or 0 to fall."""
    check_fields(action, ("player", "hearts"))
    i = player_field(state, action, "player")
    if i not in state.get("rescue", []):
        raise RuleViolation(f"{fx.name(state, i)} is not at 0♥ waiting for Rapid Healing.")
    p = state["players"][i]
    hearts = int_field(action, "hearts", 0, p["max_hp"], "'hearts' (♥ bought with Rapid Healing)")
    return rescue(game, state, i, hearts)


def rescue_owed(state: dict, i: int) -> bool:
    """Whether monster i is asked how many ♥ Rapid Healing buys it now."""
    return i in state.get("rescue", [])


def rescue(game, state: dict, i: int, hearts: int) -> list[str]:
    """Monster i's answer to Rapid Healing's question: the ♥ it buys (0: it falls)."""
    p = state["players"][i]
    if hearts * HEART_COST > p["energy"]:
        raise RuleViolation(f"{hearts}♥ cost {hearts * HEART_COST}ϟ; {fx.name(state, i)} has {p['energy']}ϟ.")
    lines: list[str] = []
    state["rescue"].remove(i)
    if hearts:
        p["energy"] -= hearts * HEART_COST
        fx.heal(state, i, hearts, f"Rapid Healing, {hearts * HEART_COST}ϟ", lines)
    else:
        state.setdefault("declined", []).append(i)
        lines.append(f"{fx.name(state, i)} does not use Rapid Healing.")
    _resume(game, state, lines)
    return lines


def owed(state: dict) -> list[dict]:
    """What the `losses` phase waits for, in order."""
    asked = []
    for loss in state.get("held", []):
        if loss["ask"] == "camouflage":
            asked.append({"type": "camouflage", "player": loss["player"], "dice": loss["amount"]})
        else:
            asked.append({"type": "wings", "player": loss["player"], "damage": loss["amount"]})
    return asked + [{"type": "rapid_healing", "player": i} for i in state.get("rescue", [])]
