"""What Gangs of Kyoto switches off now, and why, in the rulebook's words (withheld.py).

Beside the one move offered (offers in engine.py): the players who cannot receive the card (they
had theirs this turn), those who cannot refuse it (no Refuse card), and the give itself while a
Draw symbol's card is owed first.
"""
from __future__ import annotations

from ..said import said, said_n
from ..withheld import Withheld
from .cards import holds_refuse

# The rulebook's sentences ("Gameplay", "Refuse card", "Cards with a draw symbol"), as printed.
ONE_CARD_EACH = said("If a player has already been given a card, they cannot receive another one this turn!")
REFUSE = said("This card allows the player to refuse any card given to them later - that card is discarded together with this card.")
DRAW_FIRST = said("As soon as the player who received this card places it in their row, they take a new card "
                  "from the top of the deck and place it to the right of the cards in their row!")


def withheld(state: dict) -> list[Withheld]:
    """The choices the rules switch off for the owed draw, or for the active player's next give."""
    players, current, owed = state["players"], state["current"], state["draw_owed"]
    if owed is not None:
        made = [Withheld("give", current, said("{player} first takes a card from the deck for the Draw symbol.",
                                               player=players[owed]['name']), DRAW_FIRST)]
        if not holds_refuse(players[owed]["row"]):
            made.append(Withheld("draw", owed, said("{player} has no Refuse card to refuse it with.",
                                                    player=players[owed]['name']), REFUSE, "refuse", (True,)))
        return made
    made = []
    had = [i for i, p in enumerate(players) if p["received"]]
    if had:
        names = [players[i]["name"] for i in had]
        # Said in the rulebook's own words, naming who: the page shows this line alone, in the row.
        made.append(Withheld("give", current, said_n("{names} has already been given a card: they cannot receive another one "
                                                     "this turn!",
                                                     "{names} have already been given a card: they cannot receive another one "
                                                     "this turn!", len(had), names=names),
                             ONE_CARD_EACH, "to", tuple(had)))
    bare = [i for i, p in enumerate(players) if not p["received"] and not holds_refuse(p["row"])]
    if bare:
        names = [players[i]["name"] for i in bare]
        made.append(Withheld("give", current, said_n("{names} has no Refuse card to refuse it with.",
                                                     "{names} have no Refuse card to refuse it with.", len(bare),
                                                     names=names),
                             REFUSE, "refuse", tuple(bare)))
    return made
