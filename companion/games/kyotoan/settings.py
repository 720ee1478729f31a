"""A seat's standing answers besides auto-yield: `auto_pass`, never to be asked a card's question
(the probe's, after another monster's last roll: probe.py). Like auto-yield, a seat setting
(the engine's `seat_settings`): only its seat or the host sends it, and it never waits."""
from __future__ import annotations

from ..base import RuleViolation
from ..fields import bool_field, check_fields, is_one_of, player_field
from ..said import said
from . import effects as fx
from .cards import CARDS
from .probe import CARD

PASSABLE = (CARD,)  # the cards whose question a seat may ask never to be asked


def auto_pass(game, state: dict, action: dict) -> list[str]:
    """`auto_pass`: monster i passes on a card's question without being asked (`on`), or is asked."""
    check_fields(action, ("player", "card", "on"))
    i = player_field(state, action, "player")
    card = action["card"]
    if not is_one_of(card, PASSABLE):
        raise RuleViolation(said("'card' is one of: {list}.", list=', '.join(PASSABLE)))
    on = bool_field(action, "on")
    p = state["players"][i]
    if not p["alive"]:
        raise RuleViolation(said("{who} is out of the game.", who=fx.name(state, i)))
    cards = [c for c in p.get("auto_pass") or [] if c != card]
    p["auto_pass"] = cards + [card] if on else cards
    if on:
        return [said("{who} passes on it without being asked ({card}).", who=fx.name(state, i), card=CARDS[card].name)]
    return [said("{who} is asked each time ({card}).", who=fx.name(state, i), card=CARDS[card].name)]


def offers(state: dict) -> list[dict]:
    """The setting's offer for each living monster, as auto-yield's."""
    return [{"type": "auto_pass", "player": i, "card": card, "on": [True, False]}
            for i in fx.alive(state) for card in PASSABLE]
