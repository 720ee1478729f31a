"""The roll's last step: when the rolling is over, and the question it opens for the card that
rerolls another monster's die (`CARD`, declared in keeps_dice.py, which quotes it: "after the last
Roll of each other Monster").

Edition ruling: the cards changing a die (keeps_dice.DieChange) change it "after your last Roll and
after any [probe] rerolls, immediately before you resolve". So a turn's dice go: the rolls; the last
roll (no roll left, or the roller's `resolve` sent with rolls left, which ends the rolling and asks,
resolving nothing yet); each other living owner of the card is asked, unless its seat passes
automatically (`auto_pass`), and rerolls a die or passes; then the roller's die changes; then the
resolve. A die change or a probe reroll ends the rolling: no roll follows.

The marks of the turn (state["used"]) say what happened: CHANGED (a die changed by the roller's
card), "{CARD}:{i}" (a reroll by monster i), "{CARD}_pass:{i}" (i passed).
"""
from __future__ import annotations

from ..said import said, word
from ..words import listed
from .board import alive, copies, name, owns, used
from .cards import CARDS
from .keeps_dice import CHANGED
from .keeps_dice import PROBE as CARD

NAME = CARDS[CARD].name


def passed_mark(i: int) -> str:
    """The turn's mark of monster i passing on the card."""
    return f"{CARD}_pass:{i}"


def probed_mark(i: int) -> str:
    """The turn's mark of a reroll by monster i's card (one per copy)."""
    return f"{CARD}:{i}"


def changed(state: dict) -> bool:
    """Whether the roller changed a die this turn with a card."""
    return used(state, CHANGED) > 0


def probed(state: dict) -> bool:
    """Whether a probe rerolled a die this turn."""
    return any(m.startswith(CARD + ":") for m in state.get("used", []))


def rolling_over(state: dict) -> bool:
    """Whether no roll may follow this turn: the roller asked to resolve, changed a die, or a
    probe rerolled one."""
    return bool(state.get("closed")) or changed(state) or probed(state)


def why_over(state: dict) -> str:
    """Why the rolling is over, in words."""
    if changed(state):
        return word("a die was changed")
    if probed(state):
        return said("{NAME} rerolled a die", NAME=NAME)
    return word("its dice are to resolve")


def ended(game, state: dict) -> bool:
    """Whether the roller has rolled for the last time: its dice are entered and no roll may
    follow (none left, or the rolling is over)."""
    return state["phase"] == "roll" and bool(state["dice"]) and (rolling_over(state) or not game.can_roll(state))


def settled(state: dict, i: int) -> bool:
    """Whether monster i has nothing more to decide with the card this turn: it passed (or
    passes automatically), or used each copy."""
    p = state["players"][i]
    return CARD in (p.get("auto_pass") or []) or used(state, passed_mark(i)) > 0 \
        or used(state, probed_mark(i)) >= copies(state, i, CARD)


def probers(state: dict) -> list[int]:
    """The other living owners of the card still to be asked this turn, if the question opens."""
    me = state["current"]
    return [j for j in alive(state) if j != me and owns(state, j, CARD) and not settled(state, j)]


def owed(game, state: dict) -> list[int]:
    """The owners the question waits for now: the roller has rolled for the last time
    and changed no die (a probe after a die change would undo the card's change)."""
    if not ended(game, state) or changed(state):
        return []
    return probers(state)


def ends_rolling(game, state: dict, action: dict) -> bool:
    """A `resolve` sent while a roll may still follow and the card's owners are to be asked:
    the rolling ends and they are asked; nothing is resolved yet (True)."""
    if rolling_over(state) or not game.can_roll(state) or not probers(state):
        return False
    state["closed"] = True
    return True


def tell_asked(game, state: dict, lines: list[str]) -> None:
    """The history's line when the question opens."""
    asked = owed(game, state)
    if asked:
        lines.append(said("{card}: {question}.", card=NAME, question=asking(state, asked)))


def asking(state: dict, asked: list[int]) -> str:
    """Who the question waits for, and what it asks."""
    if len(asked) == 1:
        return said("{asked} may reroll one of {who}'s dice or pass", asked=name(state, asked[0]),
                    who=name(state, state["current"]))
    return said("{asked} may reroll one of {who}'s dice or pass, each", asked=[name(state, j) for j in asked],
                who=name(state, state["current"]))


def change_refused(game, state: dict) -> str | None:
    """Why the roller may not change a die yet: the card's owners come first (edition
    ruling), asked now, or to be asked once the rolling ends."""
    asked = owed(game, state)
    if asked:
        return said("{NAME} comes first: {asking}.", NAME=NAME, asking=asking(state, asked))
    waiting = probers(state) if not changed(state) and not ended(game, state) else []
    if waiting:
        return said("Dice are changed after the last roll and after any {NAME} reroll: end the rolling (resolve) and {value} may reroll first.",
                    NAME=NAME, value=listed([name(state, j) for j in waiting]))
    return None


def probe_refused(game, state: dict, i: int) -> str | None:
    """Why monster i may not reroll with the card now (None: it is asked)."""
    me = state["current"]
    if state["phase"] != "roll" or not state["dice"]:
        return said("{NAME} rerolls a die after another monster's last roll, before the dice resolve.", NAME=NAME)
    if changed(state):
        return said("{who} has changed a die already: {NAME} rerolls before dice are changed.", who=name(state, me),
                    NAME=NAME)
    p = state["players"][i]
    if CARD in (p.get("auto_pass") or []):
        return said("{who} passes on {NAME} automatically (its seat's setting).", who=name(state, i), NAME=NAME)
    if used(state, passed_mark(i)):
        return said("{who} passed on {NAME} this turn.", who=name(state, i), NAME=NAME)
    if used(state, probed_mark(i)) >= copies(state, i, CARD):
        return said("{who} has used {NAME} on this turn already.", who=name(state, i), NAME=NAME)
    if not ended(game, state):
        return said("{NAME} rerolls after {who}'s last roll.", NAME=NAME, who=name(state, me))
    return None
