"""What Boss Kito lets the table do now, with every choice the engine accepts (api.md, "Offers").

The engine's checks and these offers read the same small functions of rules.py, so a page that
draws its controls from an offer offers exactly what a tap may do. Shapes (one example each):

- `{"type": "reveal", "player": null, "columns": ["red", ...], "numbers": [{"number": 9, "left": 9}, ...],
  "symbols": [null, "pass", "card", "banana"]}`: the five benefits turned face up, entered by
  anyone at the table: one number per column (a number at most as often as it has cards left)
  and one symbol per column (without `symbols`, each number's symbol set by `symbol`);
- `{"type": "symbol", "player": null, "numbers": [1, ..., 9], "symbols": [null, "pass", "card", "banana"]}`:
  before a reveal, the symbol every benefit card of a number carries (set once for the table);
- `{"type": "pass_start", "player": 1, "to": [0, 1, 2]}`: the winner of a double arrow gives the
  starting player card to anyone (themselves: they keep it);
- `{"type": "play", "player": 0, "colour": ["red", "blue"]}`: the colours with room on the table;
- `{"type": "place", "player": 0, "on": ["red"], "max": 2}`: 1 to `max` tokens, each on one of
  the colours listed (the same colour twice is allowed);
- `{"type": "draw", "player": 0}` · `{"type": "take", "player": 0, "tokens": 3}` (what it gives) ·
  `{"type": "exchange", "player": 0, "max": 5}` (a count from 1 to `max`).
"""
from __future__ import annotations

from .rules import BENEFITS, COLOURS, PLACE_MAX, SYMBOLS, cards_left, own_colours, room, to_take


def offers(state: dict) -> list[dict]:
    """Every move Boss Kito allows now (the game is not over)."""
    phase = state["phase"]
    if phase == "reveal":
        # The symbols are the table's, not a player's: anyone sets them, like the reveal.
        return [reveal_offer(state), {"type": "symbol", "player": None, "numbers": list(BENEFITS), "symbols": [None, *SYMBOLS]}]
    if phase == "pass":
        return [{"type": "pass_start", "player": state["passes"][0], "to": list(range(len(state["players"])))}]
    return turn_offers(state)


def reveal_offer(state: dict) -> dict:
    """The free entry of the round's five benefits, as the physical cards allow it."""
    left = cards_left(state["revealed"])
    return {
        "type": "reveal",
        "player": None,  # the cards are turned up by whoever sits nearest: anyone at the table enters them
        "columns": list(COLOURS),
        "numbers": [{"number": k, "left": n} for k, n in sorted(left.items(), reverse=True) if n],
        "symbols": [None, *SYMBOLS],
    }


def turn_offers(state: dict) -> list[dict]:
    """The actions a to e the player whose turn it is can take (none: the turn passes)."""
    i = state["current"]
    p = state["players"][i]
    made = []
    colours = room(state["players"])
    if p["hand"] and colours:
        made.append({"type": "play", "player": i, "colour": colours})
    mine = own_colours(p)
    if mine and p["tokens"]:
        made.append({"type": "place", "player": i, "on": mine, "max": min(PLACE_MAX, p["tokens"])})
    if state["draw_pile"] or state["discard"]:
        made.append({"type": "draw", "player": i})
    if state["stock"]:
        made.append({"type": "take", "player": i, "tokens": to_take(state["stock"])})
    if p["hand"]:
        made.append({"type": "exchange", "player": i, "max": p["hand"]})
    return made
