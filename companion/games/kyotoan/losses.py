"""Losses of ♥ that wait for their owner: a loss held while its owner's cards ask their questions
(a card's `asks`, keeps.ANSWERS), the answers taken, the loss landing once the last is answered.

A loss its owner has a question about is held in `state["held"]` instead of landing (after the
cards that reduce it asking nothing: effects.damage), and asks its questions in the order of the
cards' declarations, each once, while it applies (keeps.next_question). An answer is an action
named as the card; what it does is the card's `asks.answer` (a hooks.Answer), applied here. The
action that caused the loss stops at `waiting`, which names the step that goes on once every
held loss is decided (`state["paused"]`, a key of the engine's `steps` table); the table's `phase`
is `losses` meanwhile.
"""
from __future__ import annotations

from ..base import RuleViolation
from ..fields import check_fields, player_field
from ..said import loaded, said
from . import effects as fx
from . import keeps
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
    raise RuleViolation(said("{who} has no {missing} now.", who=fx.name(state, i), missing=KEEPS[ask].asks.missing))


def _settle(state: dict, loss: dict, lines: list[str]) -> None:
    """A held loss whose question is answered: it asks the next one, or lands."""
    loss["asked"].append(loss["ask"])
    ask = keeps.next_question(state, loss)
    if ask is not None:
        loss["ask"] = ask
        if KEEPS[ask].asks.announced:
            lines.append(said("{who}: {question}.", who=fx.name(state, loss["player"]), question=keeps.told(ask, loss["amount"])))
        return
    state["held"].remove(loss)
    fx.land(state, loss["player"], loss["amount"], loaded(loss["why"]), lines, loss["by"])


def answer(game, state: dict, action: dict) -> list[str]:
    """An answer to the question a held loss asks (the action's type is the card's id): the card's
    `asks.answer` says what it does; then the loss asks its next question, or lands."""
    card = action["type"]
    asks = KEEPS[card].asks
    check_fields(action, ("player",) + asks.fields)
    i = player_field(state, action, "player")
    loss = _held(state, i, card)
    answer = asks.answer(state, i, loss["amount"], action)
    lines = [answer.say] if answer.say else []
    fx.apply(state, list(answer.changes), lines, by=i)
    if answer.amount is not None:
        loss["amount"] = answer.amount
    if answer.spared:
        state["held"] = [h for h in state["held"] if h["player"] != i]
    else:
        _settle(state, loss, lines)
    _resume(game, state, lines)
    return lines


def ask_again(game, state: dict, i: int, card: str, lines: list[str]) -> None:
    """After monster i used `card` while a loss of it waits for that card's question: the question
    is answered once it no longer applies (♥ bought one at a time against a fall)."""
    loss = next((h for h in state.get("held", []) if h["player"] == i and h["ask"] == card), None)
    if loss is not None and not KEEPS[card].asks.applies(state, i, loss["amount"]):
        _settle(state, loss, lines)
        _resume(game, state, lines)


def owed(state: dict) -> list[dict]:
    """What the `losses` phase waits for, in order."""
    asked = []
    for loss in state.get("held", []):
        asked.append({"type": loss["ask"], "player": loss["player"], KEEPS[loss["ask"]].asks.amount: loss["amount"]})
    return asked
