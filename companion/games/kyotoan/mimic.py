"""The Mimic token kept in step with the table: a token on a Keep card any monster has in play is
one more copy of that card for its owner (placing and moving it are the card's declaration and
its use: keeps_shop.py; effects.py puts it on).

Placing the token is "as if you had just bought" the card, so the card's `bought` hook runs with the
token's own counter set (edition ruling: counters are the Mimic's own; when they run out the token
comes off and can be placed again at the start of a turn). The token also comes off when the card
it is on leaves play, and follows a card bought with Parasitic Tentacles.
"""
from __future__ import annotations

from ..said import word
from . import effects as fx
from .board import mimicked
from .effects import unplace


def follow(state: dict, seller: int, buyer: int, card: str) -> None:
    """A card bought with Parasitic Tentacles keeps the Mimic tokens on it."""
    for p in state["players"]:
        token = p.get("mimic")
        if token and token == {"card": card, "of": seller} and card not in state["players"][seller]["cards"]:
            token["of"] = buyer


def tidy(state: dict, lines: list[str]) -> None:
    """After every action: tokens whose card left play come off; maximum ♥ follows Even Bigger."""
    for i, p in enumerate(state["players"]):
        if p.get("mimic") and mimicked(state, i) is None:
            unplace(state, i, word("the card it was on left play"), lines)
        fx.refresh_max_hp(state, i)

