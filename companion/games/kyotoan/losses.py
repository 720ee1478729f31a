"""Losses of ♥ that wait for their owner: the answers to Camouflage's dice, Wings and Rapid Healing.

Edition order: the yield (with Jets) comes first, then Armor Plating, Camouflage, Wings and Rapid
Healing. A loss its owner has a question about is held in `state["held"]` instead of landing (after
Armor Plating, which asks nothing: effects.damage), and asks its questions in the order of the cards'
declarations (keeps.ANSWERS), each once: Camouflage's dice, then Wings (if ♥ are still to be lost),
then Rapid Healing if the loss would reduce the monster to 0♥ (rulebook: "This may be used to
prevent your health from being reduced to 0"): the ♥ it buys come before the loss lands, so a
monster saved never went to 0 (Eater of the Dead and It Has a Child! do not see it fall), and ♥
bought short of the loss do not save it. The action that caused the loss stops at `waiting`, which
names the step that goes on once every held loss is decided (`state["paused"]`, a key of the
engine's `steps` table); the table's `phase` is `losses` meanwhile.
"""
from __future__ import annotations

from ..base import RuleViolation
from ..fields import bool_field, check_fields, int_field, player_field
from . import effects as fx
from . import keeps
from .effects import FACE_WORDS, FACES
from .keeps import ANSWERS, KEEPS

__all__ = ["ANSWERS"]


def waiting(state: dict, then: str, lines: list[str]) -> bool:
    """Whether held losses wait for their owners; the step `then` (a key of the engine's `steps`)
    resumes once they are decided."""
    if not state.get("held"):
        return False
    if "paused" not in state:
        state["paused"] = {"then": then, "phase": state["phase"]}
        state["phase"] = "losses"
    return True


def eliminate(state: dict, lines: list[str]) -> None:
    """The fallen leave (after `waiting` found nothing owed)."""
    fx.eliminate_fallen(state, lines)


def _resume(game, state: dict, lines: list[str]) -> None:
    """When the last held decision is made, the paused step goes on."""
    if state.get("held"):
        return
    state.pop("held", None)
    paused = state.pop("paused")
    state["phase"] = paused["phase"]
    game.steps[paused["then"]](game, state, lines)


def _held(state: dict, i: int, ask: str) -> dict:
    """Monster i's first held loss waiting for `ask`, or a clear refusal."""
    for loss in state.get("held", []):
        if loss["player"] == i and loss["ask"] == ask:
            return loss
    raise RuleViolation(f"{fx.name(state, i)} has no {KEEPS[ask].asks.missing} now.")


def _settle(state: dict, loss: dict, lines: list[str]) -> None:
    """A held loss whose question is answered: it asks the next one, or lands."""
    loss["asked"].append(loss["ask"])
    ask = keeps.next_question(state, loss)
    if ask is not None:
        loss["ask"] = ask
        if KEEPS[ask].asks.announced:
            lines.append(f"{fx.name(state, loss['player'])}: {keeps.told(ask, loss['amount'])}.")
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
    """`wings`: pay for Wings against a held loss (no ♥ lost for the rest of the turn), or not."""
    check_fields(action, ("player", "pay"))
    i = player_field(state, action, "player")
    loss = _held(state, i, "wings")
    lines: list[str] = []
    if not bool_field(action, "pay"):
        lines.append(f"{fx.name(state, i)} does not use Wings.")
        _settle(state, loss, lines)
    else:
        pay_wings(state, i, lines)
        state["held"] = [h for h in state["held"] if h["player"] != i]  # every loss of it this turn
    _resume(game, state, lines)
    return lines


def pay_wings(state: dict, i: int, lines: list[str]) -> None:
    """Wings switched on, its price paid: no ♥ lost for the rest of the turn (the answer to a
    loss's question, or `use` ahead of one)."""
    p, price = state["players"][i], KEEPS["wings"].price
    if p["energy"] < price:
        raise RuleViolation(f"Wings costs {price}ϟ; {fx.name(state, i)} has {p['energy']}ϟ.")
    p["energy"] -= price
    p["wings"] = True
    lines.append(f"{fx.name(state, i)} spends {price}ϟ on Wings: it loses no ♥ this turn.")


def rapid_healing(game, state: dict, action: dict) -> list[str]:
    """`rapid_healing`: the ♥ a monster buys (its price each) before a loss that would reduce it to 0♥
    lands; 0 lets the loss land."""
    check_fields(action, ("player", "hearts"))
    i = player_field(state, action, "player")
    _held(state, i, "rapid_healing")
    hearts = int_field(action, "hearts", 0, state["players"][i]["max_hp"], "'hearts' (♥ bought with Rapid Healing)")
    return buy_hearts(game, state, i, hearts, answer=True)


def asked_rapid_healing(state: dict, i: int) -> bool:
    """Whether a loss of monster i waits for its Rapid Healing question."""
    return any(loss["player"] == i and loss["ask"] == "rapid_healing" for loss in state.get("held", []))


def buy_hearts(game, state: dict, i: int, hearts: int, answer: bool) -> list[str]:
    """Rapid Healing's ♥ bought before the loss that asks lands. The answer (`answer`) lets the
    loss land; one ♥ bought with `use` asks again while the loss would still reduce it to 0♥."""
    loss = _held(state, i, "rapid_healing")
    p, price = state["players"][i], hearts * KEEPS["rapid_healing"].price
    if price > p["energy"]:
        raise RuleViolation(f"{hearts}♥ cost {price}ϟ; {fx.name(state, i)} has {p['energy']}ϟ.")
    if p["hp"] + hearts > p["max_hp"]:
        raise RuleViolation(f"{fx.name(state, i)} can gain only {p['max_hp'] - p['hp']}♥.")
    lines: list[str] = []
    if hearts:
        p["energy"] -= price
        fx.heal(state, i, hearts, f"Rapid Healing, {price}ϟ", lines)
    else:
        lines.append(f"{fx.name(state, i)} does not use Rapid Healing.")
    if answer or not keeps.rescue_possible(state, i, loss["amount"]):
        _settle(state, loss, lines)
        _resume(game, state, lines)
    return lines


def owed(state: dict) -> list[dict]:
    """What the `losses` phase waits for, in order."""
    asked = []
    for loss in state.get("held", []):
        asked.append({"type": loss["ask"], "player": loss["player"], KEEPS[loss["ask"]].asks.amount: loss["amount"]})
    return asked
