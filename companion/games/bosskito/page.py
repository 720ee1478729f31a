"""What Boss Kito's pages need: the rulebook's numbers and names, and the board's columns."""
from __future__ import annotations

from ..page import Page
from .rounds import DISCARD_WHYS
from .rules import (
    BENEFIT_NAMES,
    BENEFITS,
    COLOURS,
    ROUNDS,
    TURNS_PER_ROUND,
    bananas,
    column_bananas,
    leaders,
    ordinal,
    score_table,
)


def columns(state: dict) -> list[dict]:
    """Each Boss Kito card, left to right: its benefit and symbol, and every player with cards
    of its colour with their bananas, marked "leader" (alone on top) or "tied" (for the top)."""
    made = []
    for col, colour in enumerate(COLOURS):
        counts = column_bananas(state["players"], colour)
        top = leaders(counts)
        mark = "leader" if len(top) == 1 else "tied"
        made.append({"colour": colour, "benefit": state["row"][col], "symbol": state["row_symbols"][col],
                     "bananas": [{"player": i, "bananas": n, "mark": mark if i in top else ""} for i, n in counts.items()]})
    return made


def card_bananas(tokens: int) -> int:
    """Bananas of one played card with `tokens` banana tokens on it."""
    return bananas([tokens])


def scoring(state: dict) -> list[tuple[int, list[tuple[int, int]]]]:
    """Per benefit number someone holds: each player's (cards, points), for the final scoring."""
    return score_table(state["players"])


# A double arrow's owner decides whether to pass the starting player card: asked on that player's
# own phone, and brought into view there wherever its page is scrolled. No template holds a number
# of the rulebook: the board says a benefit by its name and number.
PAGE = Page(
    words=(*COLOURS, *BENEFIT_NAMES.values()),
    data={"colours": COLOURS, "benefits": tuple(BENEFITS), "benefit_names": BENEFIT_NAMES, "rounds": ROUNDS,
          "turns_per_round": TURNS_PER_ROUND, "ordinal": ordinal,
          "columns": columns, "card_bananas": card_bananas, "score_table": scoring,
          "discard_whys": DISCARD_WHYS},  # why a benefit was discarded, as words (the state keeps English)
    seat_controls=True,
)
