"""Gangs of Kyoto's end-of-game figures (games/figures.py), counted from the log.

- `bells`: the bells in the player's VP pile at the end (the score).
- `cards_received`: cards given to the player or drawn for a Draw symbol, refused ones included
  (a Refuse card is spent on a card received).
- `refused`: cards the player refused with a Refuse card.
"""
from __future__ import annotations

from ..figures import Counted, Figures


def _receiver(before: dict, action: dict) -> int | None:
    """Who receives the card of a move: the one given it, or the one who owed the draw."""
    if action.get("type") == "give":
        return action.get("to")
    return before.get("draw_owed") if action.get("type") == "draw" else None


def step(before: dict, action: dict, after: dict) -> Counted:
    """A card received, and whether it was refused (`"refuse": true` or a Refuse card's value, 0 too)."""
    to = _receiver(before, action)
    if to is None:
        return
    yield to, "cards_received", 1
    if action.get("refuse") not in (None, False):
        yield to, "refused", 1


def end(state: dict) -> Counted:
    """Each player's bells at the end."""
    for i, p in enumerate(state["players"]):
        yield i, "bells", p["bells"]


FIGURES = Figures(("bells", "cards_received", "refused"), step=step, end=end)
