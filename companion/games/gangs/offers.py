"""What Gangs of Kyoto owes and offers now: one move at a time, the draw a Draw symbol owes or
else the active player's next give (to whoever has no card yet this turn)."""
from __future__ import annotations

from . import cards


def pending(state: dict) -> list[dict]:
    """What is owed now: the draw a Draw symbol owes, or the active player's next give."""
    if state["over"]:
        return []
    if state["draw_owed"] is not None:
        return [{"type": "draw", "player": state["draw_owed"]}]
    to = [i for i, p in enumerate(state["players"]) if not p["received"]]
    return [{"type": "give", "player": state["current"], "to": to, "cards_left": state["hand"]}]

def offers(state: dict) -> list[dict]:
    """The one move the rules allow now: the owed draw, or the active player's next give (to
    whoever has no card yet this turn, refused by whoever holds a Refuse card); the card itself
    is whatever the table turns up, so every card a table may enter is listed."""
    players = state["players"]
    owed = state["draw_owed"]
    if owed is not None:
        row = players[owed]["row"]
        return [{"type": "draw", "player": owed, "refuse": cards.holds_refuse(row), "refuse_values": cards.refuse_values(row),
                 "cards": cards.choices()}]
    to = [i for i, p in enumerate(players) if not p["received"]]
    # Each seat's Refuse card values ([] for a seat that cannot refuse now): what a refusal may name.
    values = [cards.refuse_values(p["row"]) if i in to else [] for i, p in enumerate(players)]
    return [{"type": "give", "player": state["current"], "to": to, "refuse": [i for i in to if values[i]],
             "refuse_values": values, "cards": cards.choices(), "cards_left": state["hand"]}]
