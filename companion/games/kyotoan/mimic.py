"""Mimic: a token on a Keep card any monster has in play, one more copy of that card for its owner.

Placing the token is "as if you had just bought" the card, so the card's `bought` hook runs with the
token's own counter set (edition ruling: counters are the Mimic's own; when they run out the token
comes off and can be placed again at the start of a turn). The token also comes off when the card
it is on leaves play. Placing an unplaced token is free; moving a placed one costs 1ϟ, once, at
the start of the owner's turn (docs/rulings.md).
"""
from __future__ import annotations

from ..base import RuleViolation
from ..fields import player_field, quoted
from . import effects as fx
from .board import mimicked
from .cards import CARDS
from .effects import unplace
from .keeps_shop import MIMIC


def place(state: dict, i: int, of: int, card: str, lines: list[str]) -> None:
    """Put monster i's token on `card` of monster `of`, as if i had just bought it."""
    p = state["players"][i]
    p.setdefault("counters", {}).pop("mimic", None)  # a moved token leaves its counters behind
    p["mimic"] = {"card": card, "of": of}
    whose = "its own" if of == i else f"{fx.name(state, of)}'s"
    lines.append(f"{fx.name(state, i)} puts its Mimic token on {whose} {CARDS[card].name}.")
    fx.bought(state, i, card, "mimic", lines)


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
            unplace(state, i, "the card it was on left play", lines)
        fx.refresh_max_hp(state, i)


def use(state: dict, me: int, action: dict, lines: list[str]) -> None:
    """Place (free) or move (1ϟ) monster me's Mimic token on another Keep card; when it may is the
    card's declaration (keeps_shop.py), checked before."""
    of = player_field(state, action, "of")
    target = action.get("target")
    if not isinstance(target, str) or target not in state["players"][of]["cards"]:
        raise RuleViolation(f"{fx.name(state, of)} has no Keep card '{quoted(target)}' in play to mimic.")
    if target == "mimic":
        raise RuleViolation("Mimic copies another Keep card, not a Mimic.")
    p = state["players"][me]
    if mimicked(state, me) is not None:
        if p["mimic"] == {"card": target, "of": of}:
            raise RuleViolation(f"The Mimic token is on that {CARDS[target].name} already.")
        p["energy"] -= MIMIC.price
        state.setdefault("used", []).append("mimic")
        lines.append(f"{fx.name(state, me)} spends {MIMIC.price}ϟ to move its Mimic token.")
    place(state, me, of, target, lines)

