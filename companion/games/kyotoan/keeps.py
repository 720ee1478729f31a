"""Keep cards: every card's declaration in one table (KEEPS), and what the engine asks them at each
moment (hooks.py lists the moments). The declarations are in keeps_dice.py, keeps_shop.py and
keeps_life.py; a hook's order at a moment is the order of the declarations.

Numbers are added up here (`total`); events are run by effects.py, which applies what they return.
Nothing here changes the table.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from ..said import filled
from .board import MAX_HP, copies, owns
from .cards import CARDS
from .hooks import Change, Keep, Together, call, times
from .keeps_dice import DICE_KEEPS
from .keeps_life import LIFE_KEEPS, rescue_possible
from .keeps_shop import SHOP_KEEPS

__all__ = ["KEEPS", "ANSWERS", "USABLE", "rescue_possible"]

KEEPS: dict[str, Keep] = {k.id: k for k in (*DICE_KEEPS, *SHOP_KEEPS, *LIFE_KEEPS)}
ANSWERS = tuple(cid for cid, k in KEEPS.items() if k.asks)  # the questions a held loss asks, in order
USABLE = tuple(cid for cid, k in KEEPS.items() if k.use)  # the cards the `use` action takes
TOLLS = tuple(cid for cid, k in KEEPS.items() if "yield_toll" in k.at)  # why a seat taken costs ♥
FOR_THE_TURN = tuple(cid for cid, k in KEEPS.items() if k.for_the_turn)  # switched off when a turn ends


def hooked(moment: str, state: dict, i: int) -> Iterator[tuple[str, Callable | Together, int]]:
    """Monster i's cards with a hook at `moment`, in declaration order: (card, hook, copies). The
    copies are counted when a card's turn comes (an earlier hook may have discarded it)."""
    for cid, k in KEEPS.items():
        hook = k.at.get(moment)
        if hook is not None and (n := copies(state, i, cid)):
            yield cid, hook, n


def total(moment: str, state: dict, i: int, *args) -> int:
    """The sum of what monster i's cards add at a numeric moment."""
    return sum(call(hook, state, i, n, *args) * times(hook, n) for _, hook, n in hooked(moment, state, i))


def first(moment: str, state: dict, i: int, *args) -> tuple[str, Any] | None:
    """The first of monster i's cards with an answer at `moment`: (card, answer), or None."""
    for cid, hook, n in hooked(moment, state, i):
        answer = call(hook, state, i, n, *args)
        if answer is not None:
            return cid, answer
    return None


def listed(moment: str, state: dict, i: int, *args) -> list:
    """Everything monster i's cards list at `moment`, in declaration order."""
    return [item for _, hook, n in hooked(moment, state, i) for item in call(hook, state, i, n, *args)]


# -- the numbers and choices the engine reads -------------------------------------------------------
def cost(state: dict, i: int, card_id: str) -> int:
    """What a card costs monster i."""
    return max(0, CARDS[card_id].cost + total("cost", state, i, card_id))


def max_hp(state: dict, i: int) -> int:
    """Monster i's maximum ♥: 10, or more while it has a card that raises it (Even Bigger)."""
    return max([MAX_HP] + [k.max_hp for cid, k in KEEPS.items() if k.max_hp and owns(state, i, cid)])


def smash_targets(state: dict, i: int, hit: list[int]) -> list[int]:
    """Whom monster i's ✸ hit, given whom they hit without its cards (Nova Breath: everyone)."""
    for _, hook, n in hooked("targets", state, i):
        hit = call(hook, state, i, n, hit)
    return hit


def yield_loss(state: dict, i: int, amount: int) -> tuple[int, str | None]:
    """The ♥ monster i still loses to a smash of `amount` it yields before, and the card that
    changed it (Jets: none), or None."""
    card = None
    for cid, hook, n in hooked("yield_loss", state, i):
        amount, card = call(hook, state, i, n, amount), cid
    return amount, card


def roll_payer(state: dict, i: int) -> tuple[str, Change] | None:
    """What pays for monster i's roll past its allowance: (card, what paying changes), or None."""
    return first("pay_roll", state, i)


def free_reroll(state: dict, i: int) -> tuple[str, list[str]] | None:
    """A free reroll monster i may make past its allowance: (card, the faces it keeps), or None."""
    return first("free_reroll", state, i)


def next_question(state: dict, loss: dict) -> str | None:
    """The first question (a card of ANSWERS) of a held loss not asked yet that applies now, or
    None (the loss lands)."""
    i, amount = loss["player"], loss["amount"]
    return next((cid for cid in ANSWERS if cid not in loss["asked"] and owns(state, i, cid)
                 and KEEPS[cid].asks.applies(state, i, amount)), None)


def told(card: str, amount: int) -> str:
    """What the history says a loss's question asks."""
    return filled(KEEPS[card].asks.told, n=amount, price=KEEPS[card].price)
