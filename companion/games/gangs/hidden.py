"""What each reader of a Gangs of Kyoto table sees: the VP piles are face down ("These cards will
score VP and must stay hidden from other players until the end of the game"), except in the Open
Game variant, so other seats' bells, the bells a round banked, the chart and the standings wait for
the end; a Bell card's bells are left out of the log's actions too."""
from __future__ import annotations

from ..values import Viewer


def view(state: dict, viewer: Viewer) -> dict:
    """The state as `viewer` may see it: other seats' bells, piles and standings hidden until the end."""
    if state["over"] or state["options"]["open_vp"]:
        return state
    shown = dict(state)
    shown["players"] = [
        p if viewer.seat == i else {**p, "bells": None, "vp": None} for i, p in enumerate(state["players"])
    ]
    # How many cards each row banked is seen at the table; their bells are not.
    shown["ends"] = [{**e, "bells": None} for e in state.get("ends", [])]
    shown["timeline"] = []  # the chart of bells per round waits for the end too
    # Standings would reveal who leads on hidden bells: nobody is ranked before the end.
    shown["standings"] = []
    return shown


def view_key(state: dict, viewer: Viewer) -> object:
    """Which readers see the same view (api.md: a view is shared by the readers of one key)."""
    # Each seat sees its own face-down VP pile until the end (or always, in the Open Game).
    return None if state["over"] or state["options"]["open_vp"] else viewer.seat


def redact_action(action: dict, viewer: Viewer, state: dict) -> dict:
    """An action of the log as `viewer` may read it: a Bell card's bells hidden until the end."""
    card = action.get("card")
    if isinstance(card, dict) and card.get("kind") == "bell_card" and not (state["over"] or state["options"]["open_vp"]):
        return {**action, "card": {k: v for k, v in card.items() if k != "bells"}}
    return action
