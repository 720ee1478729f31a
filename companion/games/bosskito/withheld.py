"""What Boss Kito switches off on a turn, and why, in the rulebook's words (withheld.py).

Beside the turn's offers (offers.py, reading the same functions of rules.py): placing tokens
before a card of one's own is on the table (said before the first card is played), playing
without a card in hand or in a colour whose ten cards are all out, drawing from empty piles,
taking from an empty stock, exchanging an empty hand.
"""
from __future__ import annotations

from ..said import said
from ..withheld import Withheld
from .rules import CARDS_PER_COLOUR, COLOUR_WORDS, COLOURS, own_colours, room

# The rulebook's sentences ("Playing the Game", "Components", "Important Things to Note"), as printed.
PLAY = said("a) play 1 banana card by placing this card face-up in front of you on the table")
COLOURS_OF_CARDS = said("50 banana cards in 5 different colours.")
PLACE = said("b) place 1 or 2 banana tokens on already played banana cards")
DRAW = said("If there are no cards in the discard pile to form a new draw pile, the action \"draw a banana card\" cannot be chosen.")
TAKE = said("If the general banana stock runs out, the action \"take 3 bananas\" cannot be chosen.")
EXCHANGE = said("e) discard any number of cards from your hand and draw an equal number of cards")


def withheld(state: dict) -> list[Withheld]:
    """The turn actions (or colours) the player whose turn it is cannot take now, with why."""
    if state["phase"] != "play":
        return []
    i = state["current"]
    p = state["players"][i]
    name = p["name"]
    made = []
    if not p["hand"]:
        made.append(Withheld("play", i, said("{name} has no banana card in hand to play.", name=name), PLAY))
    else:
        full = [c for c in COLOURS if c not in room(state["players"])]
        if full:
            made.append(Withheld("play", i, said("All {CARDS_PER_COLOUR} {full} banana cards are on the table.",
                                                 CARDS_PER_COLOUR=CARDS_PER_COLOUR, full=[COLOUR_WORDS[c] for c in full]),
                                 COLOURS_OF_CARDS, "colour", tuple(full)))
    if not own_colours(p):
        made.append(Withheld("place", i, said("Tokens go on banana cards already played: {name} has none on the table yet.",
                                              name=name), PLACE))
    elif not p["tokens"]:
        made.append(Withheld("place", i, said("{name} has no banana token to place.", name=name), PLACE))
    if not (state["draw_pile"] or state["discard"]):
        made.append(Withheld("draw", i, said("The draw pile and the discard pile are both empty."), DRAW))
    if not state["stock"]:
        made.append(Withheld("take", i, said("The general stock of banana tokens is empty."), TAKE))
    if not p["hand"]:
        made.append(Withheld("exchange", i, said("{name} has no card in hand to exchange.", name=name), EXCHANGE))
    return made
