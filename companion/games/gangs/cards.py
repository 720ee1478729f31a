"""Gangs of Kyoto cards: the kinds, the values each kind can carry (as the offers list them), how
to name one, and what a row of them adds up to.

The rulebook gives values for the Exploration cards (no symbol 0-4, bell 1-5, draw 0-4) but
not for the Special Action cards; those accept 0-5 as printed on the physical card.
"""
from __future__ import annotations

from ..base import RuleViolation
from ..fields import is_int, is_one_of, quoted
from ..said import said, said_n
from ..words import counted

DECK_SIZE = 109  # 110 cards less the First Player card
BASE_LIMIT = 13
STAY_LATE_LIMIT = 18
WIN_BELLS = 13

# kind: (lowest value, highest value, allowed bell counts, placed in the row?)
KINDS: dict[str, tuple[int, int, tuple[int, ...], bool]] = {
    "plain": (0, 4, (0,), True),
    "bell": (1, 5, (1, 2), True),
    "draw": (0, 4, (0,), True),
    "bell_card": (0, 5, (1, 2), False),
    "discard": (0, 5, (0,), False),
    "stay_late": (0, 5, (0,), True),
    "refuse": (0, 5, (0,), True),
}

KIND_WORDS = {
    "plain": "",
    "bell": "bell",
    "draw": "Draw",
    "bell_card": said("Bell card"),
    "discard": said("Discard card"),
    "stay_late": said("Stay Late card"),
    "refuse": said("Refuse card"),
}


# The words under a card's value on a card tile (the board's rows and the picker's tiles; a bell is
# drawn, not written): the card's name as the rulebook prints it, less "card" where the tile leaves
# no room. "Stay Late" takes two short lines on a 360 px phone; "Late" alone was not recognised.
TILE_WORDS = {"draw": "Draw", "bell_card": said("Bell card"), "discard": "Discard", "stay_late": "Stay Late", "refuse": "Refuse"}


def choices() -> list[dict]:
    """Every card a table may enter, one choice per kind and bell count with the values it may
    carry: `{"kind", "bells", "values"}` (the offers list them; a page draws its picker from them).
    A card that never enters a row (a Bell card, a Discard card) is offered with its lowest value
    alone: its value is never added to anything, so no page asks it (docs/rulings.md)."""
    return [
        {"kind": kind, "bells": bells, "values": list(range(low, high + 1)) if in_row else [low]}
        for kind, (low, high, bell_counts, in_row) in KINDS.items()
        for bells in bell_counts
    ]


def tile(choice: dict, value: int) -> dict:
    """One card of the picker as its tile shows it: `big` (the value, empty when it never counts),
    `mark` (the word under it), `bells` (how many bells to draw) and `hint` (the bells in words,
    for a reader that cannot see the drawing)."""
    kind, bells = choice["kind"], choice["bells"]
    hint = f" with {counted(bells, 'bell')}" if bells else ""
    return {"big": str(value) if KINDS[kind][3] else "", "mark": TILE_WORDS.get(kind, ""), "bells": bells, "hint": hint}


def parse_card(raw: object, missing: str = "") -> dict:
    """Check a card entered by the table and return it as {"value","kind","bells"}; `missing` is
    the sentence when no card was entered at all."""
    if raw is None and missing:
        raise RuleViolation(missing)
    if not isinstance(raw, dict):
        raise RuleViolation(said("A card is an object like {\"value\": 3, \"kind\": \"plain\"}."))
    extra = sorted(set(raw) - {"value", "kind", "bells"})
    if extra:
        raise RuleViolation(said("A card has no field '{extra}'; it has value, kind and bells.",
                                 extra=quoted(extra[0])))
    kind = raw.get("kind", "plain")
    if not is_one_of(kind, KINDS):
        raise RuleViolation(said("'{kind}' is not a card kind; the kinds are {list}.", kind=quoted(kind),
                                 list=', '.join(KINDS)))
    low, high, bell_counts, _ = KINDS[kind]
    value = raw.get("value", 0 if kind in ("bell_card", "discard", "stay_late", "refuse") else None)
    if not is_int(value) or not low <= value <= high:
        raise RuleViolation(said("A {describe_kind} has a value from {low} to {high}.",
                                 describe_kind=describe_kind(kind), low=low, high=high))
    bells = raw.get("bells", bell_counts[0])
    if not is_one_of(bells, bell_counts):  # 1.0 would show as "1.0 bell"
        allowed = " or ".join(str(b) for b in bell_counts)
        if bell_counts == (1,):
            raise RuleViolation(said("A {describe_kind} carries 1 bell.", describe_kind=describe_kind(kind)))
        raise RuleViolation(said("A {describe_kind} carries {allowed} bells.", describe_kind=describe_kind(kind),
                                 allowed=allowed))
    return {"value": value, "kind": kind, "bells": bells}


def placed_in_row(card: dict) -> bool:
    """Whether a received card goes into the row (Bell and Discard cards never do)."""
    return KINDS[card["kind"]][3]


def row_sum(row: list[dict]) -> int:
    """The hours a row adds up to (what the 13, or 18, is checked against)."""
    return sum(c["value"] for c in row)


def holds_refuse(row: list[dict]) -> bool:
    """Whether a row holds a Refuse card to refuse a card with."""
    return any(c["kind"] == "refuse" for c in row)


def refuse_values(row: list[dict]) -> list[int]:
    """The values printed on a row's Refuse cards, each once, lowest first: what a refusal may name."""
    return sorted({c["value"] for c in row if c["kind"] == "refuse"})


def refuse_at(row: list[dict], value: int | None) -> int | None:
    """Where in the row the Refuse card a refusal spends lies: the rightmost one (value None, as
    `"refuse": true` says), or the rightmost one printed with `value`; None when there is none."""
    at = [i for i, c in enumerate(row) if c["kind"] == "refuse" and (value is None or c["value"] == value)]
    return at[-1] if at else None


def describe_kind(kind: str) -> str:
    """A kind in words, for messages."""
    return {"plain": said("card without a symbol"), "bell": said("card with a bell symbol"),
            "draw": said("card with a draw symbol")}.get(
        kind, KIND_WORDS[kind]
    )


def name(card: dict, show_bells: bool = True) -> str:
    """A card in words as the history shows it: '3', '2 with 1 bell', 'Bell card'."""
    kind = card["kind"]
    if kind == "plain":
        return said("a {value}", value=card["value"])
    if kind == "bell":
        return said_n("a {value} with {n} bell", "a {value} with {n} bells", card['bells'], value=card['value'])
    if kind == "draw":
        return said("a {value} Draw", value=card['value'])
    if kind == "bell_card":
        return said("a {bells}-bell Bell card", bells=card['bells']) if show_bells else said("a Bell card")
    if card["value"] and placed_in_row(card):
        return said("a {card} ({value})", card=KIND_WORDS[kind], value=card["value"])
    return said("a {card}", card=KIND_WORDS[kind])
