"""The shape of a Keep card's declaration: the moments the engine asks a card about, and what a
hook answers there.

A hook never changes the table: it returns a number, a choice or a list of `Change`s, and
effects.py applies those through the same gains and losses as everything else; so do the answer
to a card's question (`Ask.answer`, an `Answer`) and its use (`Use.act`). So a card is read in one
place (its declaration in keeps_dice.py, keeps_shop.py or keeps_life.py: its text quoted, its
hooks, its question, its use, its offers) and the turn code asks each moment in one place. A hook is called once per copy its owner has (a Mimic token counts
as one more copy), unless it is wrapped in `Together`: then once, with the number of copies.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..said import said

# moment: what the hook is called with after (state, i) -> what it returns
MOMENTS = {
    # numbers, added up over the owner's cards
    "dice": "() -> extra dice",
    "rolls": "() -> extra rolls",
    "cost": "(card) -> change of the card's price",
    "smash": "(counts of the faces resolved) -> ✸ added",
    "energy": "() -> extra ϟ on any gain of ϟ",
    "heal": "() -> extra ♥ on any gain of ♥",
    "reduce": "(amount) -> change of a loss of ♥, before it lands",
    "yield_toll": "() -> ♥ lost by the monster that takes the seat the owner yields",
    "extra_rolls": "() -> rolls past the allowance the owner could still pay for",
    # what a card makes of something the engine is about to do
    "targets": "(the monsters the ✸ hit) -> the monsters they hit",
    "yield_loss": "(amount) -> the ♥ a monster that yields still loses",
    "reborn": "() -> the ♥ the owner plays on with at 0♥ (outside Kyoto, no cards, ★ or tokens), or None",
    "pay_roll": "() -> the Change that pays for a roll past the allowance, or None",
    "free_reroll": "() -> the faces a free reroll keeps, or None",
    "shop": "() -> [(seller or None for the market, cards)]: where else the owner may buy now",
    "gifts": "(♥ rolled) -> [{player, prices}]: monsters the rolled ♥ may heal, prices[n - 1] for n ♥",
    # events: what changes
    "resolved": "(counts) -> Changes, after the dice are resolved",
    "hit": "(target) -> Changes, after the smash landed on a target",
    "smashed": "() -> Changes, after the smash (whether it hit or not)",
    "hurt": "(♥ lost) -> Changes, after the owner lost ♥",
    "buys": "(card) -> Changes, after the owner bought any card",
    "bought": "(key: the copy's counter set, None if bought from a monster) -> Changes, when this card is bought",
    "turn_start": "() -> Changes, when the owner's turn begins",
    "turn_end": "() -> Changes, when the owner's turn ends",
    "fallen": "(the fallen monster) -> Changes, when another monster's ♥ went to 0",
}


@dataclass(frozen=True)
class Change:
    """What a card does to one monster, applied in this order: the line `say`, the counters, cards
    discarded, ϟ moved, the card switched on, a die's new face, a mark of the turn, the token placed, ★, ϟ gained,
    ♥ healed, ♥ lost (the card's owner causing it), tokens, another turn, a card used up, a card
    bought from the deck (powers.py buys it through the market), cards put up for sale."""

    who: int
    why: str = ""  # the reason the log gives for a gain or loss: the card's name
    say: str = ""  # a line for the history, said first
    counters: tuple[str, int] | None = None  # (counter set: a card id or "mimic", change)
    moved: int = 0  # ϟ paid (below 0) or moved to the pool: no card adds to it
    stars: int = 0
    energy: int = 0  # ϟ gained: the owner's cards add to it
    hearts: int = 0
    loss: int = 0
    poison: int = 0
    shrink: int = 0
    again: bool = False  # another turn after this one, with one less die
    on: str = ""  # a card of the monster's switched on until the turn ends (Keep.for_the_turn)
    discards: tuple[str, ...] = ()  # its Keep cards discarded, their counters with them
    die: tuple[int, str] | None = None  # (position, face): a die of the roll given another face
    mark: str = ""  # what the turn remembers was done (state["used"]): a card's once-a-turn
    token: tuple[int, str] | None = None  # (of, card): the Mimic token put on it, as if just bought
    spent: str = ""  # a card used up: the Mimic token's copy comes off first, else the card goes
    buy: str = ""  # the deck's card bought now (drawn onto the market, bought through its one path)
    sells: tuple[str, ...] = ()  # its Keep cards to discard for their cost when its turn ends (a card selling cards)


@dataclass(frozen=True)
class Together:
    """A hook for all the owner's copies at once: called with (state, i, copies, ...)."""

    fn: Callable


@dataclass(frozen=True)
class Answer:
    """What an answer to a loss's question does (losses.py applies it): a line said, the Changes,
    then the loss's new amount, or every loss of the owner held now spared."""

    say: str = ""
    changes: tuple[Change, ...] = ()
    amount: int | None = None  # None: the loss is as it was
    spared: bool = False  # every held loss of the owner goes instead of asking on


@dataclass(frozen=True, kw_only=True)  # each card's block names what it says
class Ask:
    """A question a loss of ♥ asks the card's owner before it lands (losses.py takes the answer,
    in the order the cards are declared). The answer is an action named as the card."""

    applies: Callable[[dict, int, int], bool]  # (state, i, amount of the loss)
    told: str  # what the history says it asks ({n}: the loss, {price}: the card's price)
    missing: str  # what the owner has none of when no such question waits
    choices: Callable[[dict, int], dict]  # the answer's choices for its offer
    fields: tuple[str, ...]  # what the answer takes besides player
    answer: Callable[[dict, int, int, dict], Answer]  # (state, i, amount, action) -> what it does
    announced: bool = False  # told again when it comes after another question of the same loss
    amount: str = "damage"  # what the question owed calls the loss's amount (or "dice": one a ♥)


@dataclass(frozen=True)
class Use:
    """A card its owner uses by choice (the `use` action, powers.py). `closed` is the only check of
    when: the offer is made exactly when it says nothing."""

    fields: tuple[str, ...]  # what `use` takes besides card and player
    closed: Callable[[Any, dict, int], str | None]  # (game, state, i) -> why not now, or None
    choices: Callable[[Any, dict, int], dict | None]  # the offer's choices; None: nothing to choose
    act: Callable[[Any, dict, int, dict], list[Change]]  # (game, state, i, action): what using it does
    turn: str = "own"  # "own": its owner's turn; "any"; "others": another monster's turn
    during_losses: bool = False  # also while losses wait for their answers


@dataclass(frozen=True)
class Keep:
    """One Keep card: its hooks at named moments (MOMENTS) and what it is used or asked for."""

    id: str
    at: Mapping[str, Callable | Together] = field(default_factory=dict)
    price: int = 0  # ϟ for one use (one ♥ bought, one die changed, one move of a token, one roll)
    max_hp: int | None = None  # the owner's maximum ♥ while it has the card
    asks: Ask | None = None
    use: Use | None = None
    for_the_turn: bool = False  # a Change may switch it on (`on`), until its owner's turn ends


def keep(card_id: str, *, price: int = 0, max_hp: int | None = None, asks: Ask | None = None,
         use: Use | None = None, for_the_turn: bool = False, **at: Callable | Together) -> Keep:
    """A Keep card's declaration; every keyword besides these is a hook at the moment it names."""
    unknown = sorted(set(at) - set(MOMENTS))
    if unknown:
        raise ValueError(f"{card_id}: no moment {unknown[0]!r} (moments: {', '.join(MOMENTS)})")
    return Keep(card_id, at, price, max_hp, asks, use, for_the_turn)


def counters_bought(n: int, say: str = "") -> Callable:
    """A `bought` hook: n counters on the copy bought (or a Mimic token placed: its own set), and
    `say` (the card's name) says where they come from."""
    def bought(state: dict, i: int, key: str | None) -> list[Change]:
        if key is None:  # bought from another monster: its counters came with it
            return []
        if not say:
            return [Change(i, counters=(key, n), say="")]
        if key == "mimic":
            return [Change(i, counters=(key, n), say=said("Mimic's {card} gets {n}ϟ from the bank.", card=say, n=n))]
        return [Change(i, counters=(key, n), say=said("{card} gets {n}ϟ from the bank.", card=say, n=n))]
    return bought


def call(hook: Callable | Together, state: dict, i: int, n: int, *args) -> Any:
    """What a hook answers for monster i (n: its copies; a plain hook answers for one copy)."""
    if isinstance(hook, Together):
        return hook.fn(state, i, n, *args)
    return hook(state, i, *args)


def times(hook: Callable | Together, n: int) -> int:
    """How often a hook acts for an owner with n copies."""
    return 1 if isinstance(hook, Together) else n
