"""Gangs of Kyoto's refusals: which Refuse card a receiver spends, checked and spent.

"This card allows the player to refuse any card given to them later - that card is discarded
together with this card." A `give` or `draw` says `"refuse": true` (the row's rightmost Refuse
card) or the value printed on the one spent (api.md, v4): Refuse cards count in the row's sum, so
which one goes matters to later busts (docs/rulings.md, "Which Refuse card").
"""
from __future__ import annotations

from ..errors import RuleViolation
from ..fields import is_int
from ..said import said, word
from ..words import listed
from .cards import KINDS, refuse_at, refuse_values, row_sum

# A refusal: False (none), True (the row's rightmost Refuse card) or the value printed on the one spent.
Refusal = bool | int


def read(action: dict) -> Refusal:
    """The `refuse` field: true, false, or the value printed on the Refuse card spent (0-5)."""
    value = action.get("refuse", False)
    low, high = KINDS["refuse"][:2]
    if isinstance(value, bool) or (is_int(value) and low <= value <= high):
        return value
    raise RuleViolation(said("'refuse' is true, false, or the value printed on the Refuse card spent ({low} to {high}).",
                             low=low, high=high))


def check(receiver: dict, refuse: Refusal) -> None:
    """Refuse a refusal the row cannot pay: no Refuse card, or none printed with the value named."""
    if refuse is False:
        return
    held = refuse_values(receiver["row"])
    if not held:
        raise RuleViolation(said("{receiver} has no Refuse card in their row to refuse with.",
                                 receiver=receiver['name']))
    if refuse is not True and refuse not in held:
        theirs = word("their Refuse card shows") if len(held) == 1 else word("their Refuse cards show")
        raise RuleViolation(said("{receiver} has no Refuse card of {refuse} in their row; {theirs} {value}.",
                                 receiver=receiver['name'], refuse=refuse, theirs=theirs,
                                 value=listed([str(v) for v in held])))


def spend(state: dict, player: dict, refuse: Refusal, lines: list[str]) -> None:
    """The refused card and the Refuse card named go to the discard pile (checked already)."""
    # Which card went is said when the row held Refuse cards of other values (it changes the sum).
    several = len(refuse_values(player["row"])) > 1
    spent = player["row"].pop(refuse_at(player["row"], None if refuse is True else refuse))
    player["sum"] = row_sum(player["row"])
    state["discard"] += 2
    which = f" ({spent['value']})" if several else ""
    lines.append(said("{player} refuses it with their Refuse card{which}; both are discarded.", player=player['name'],
                      which=which))
