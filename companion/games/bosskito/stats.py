"""Boss Kito's end-of-game figures (games/figures.py), counted from the log.

- `tokens_placed`: banana tokens the player placed on their cards (the "place" action).
- `benefits`: the benefits the player owns at the end.
"""
from __future__ import annotations

from ..figures import Counted, Figures


def step(before: dict, action: dict, after: dict) -> Counted:
    """The tokens one "place" puts on the cards of the player whose turn it is."""
    if action.get("type") == "place":
        yield before["current"], "tokens_placed", len(action["on"])


def end(state: dict) -> Counted:
    """Each player's benefits at the end."""
    for i, p in enumerate(state["players"]):
        yield i, "benefits", len(p["benefits"])


FIGURES = Figures(("tokens_placed", "benefits"), step=step, end=end)
