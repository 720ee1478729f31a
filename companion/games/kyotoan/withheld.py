"""What Last Kyotoan Standing switches off now, and why, in the rulebook's words (withheld.py).

In the active monster's Buy Power cards step: the face-up cards it cannot pay (their buttons are
not drawn), and the sweep when it has less than the sweep's 2ϟ.
"""
from __future__ import annotations

from ..said import said
from ..withheld import Withheld
from . import effects as fx
from . import market
from .cards import CARDS

# The rulebook's sentence ("Nishiki Market"), as printed.
BUY_OR_SWEEP = said("Buy any you can afford, or pay 2ϟ to sweep all three and reveal new ones.")


def withheld(game, state: dict) -> list[Withheld]:
    """The market's cards too dear for the active monster, and the sweep it cannot pay, in its buy step."""
    me = state["current"]
    if state.get("over") or state["phase"] != "buy" or not state["market"]:
        return []
    energy, who = state["players"][me]["energy"], fx.name(state, me)
    made = []
    prices = {c: game.cost(state, me, c) for c in state["market"]}
    dear = [c for c, price in prices.items() if price > energy]
    if dear:
        costs = [said("{name} costs {price}ϟ", name=CARDS[c].name, price=prices[c]) for c in dear]
        made.append(Withheld("buy", me, said("{who} has {energy}ϟ: {costs}.", who=who, energy=energy, costs=costs),
                             BUY_OR_SWEEP, "card", tuple(dear)))
    if energy < market.SWEEP_COST:
        made.append(Withheld("sweep", me, said("{who} has {energy}ϟ; a sweep costs {SWEEP_COST}ϟ.", who=who,
                                               energy=energy, SWEEP_COST=market.SWEEP_COST), BUY_OR_SWEEP))
    return made
