"""Boss Kito's numbers and the small calculations the engine, its offers and the pages share: what
a turn allows (room in a colour, tokens to take), the hand-out by colour and the majority scoring."""
from __future__ import annotations

from collections import Counter

from ..said import word

COLOURS = ("red", "yellow", "green", "blue", "purple")  # the Boss Kito cards, left to right
# Each colour as a sentence names it (translated where it is shown).
COLOUR_WORDS = {"red": word("red"), "yellow": word("yellow"), "green": word("green"), "blue": word("blue"),
                "purple": word("purple")}
CARDS_PER_COLOUR = 10
BANANA_CARDS = CARDS_PER_COLOUR * len(COLOURS)  # 50
TOKENS = 30
START_TOKENS = 3
HAND = 5
TURNS_PER_ROUND = 4
ROUNDS = 9
BANANAS_PER_CARD = 3
TAKE = 3  # "take 3 banana tokens from the general stock"
PLACE_MAX = 2  # "place 1 or 2 banana tokens on already played banana cards"
BENEFITS = range(1, 10)  # benefit numbers; number k has k cards
BENEFIT_NAMES = {9: "Visitors", 8: "Romantic dinner", 7: "Privacy", 6: "Banana beer", 5: "Snacks", 4: "Stilts", 3: "Benefit 3", 2: "Benefit 2", 1: "Benefit 1"}
SYMBOLS = ("pass", "card", "banana")  # double arrow, card, banana


def bananas(played: list[int]) -> int:
    """Bananas of one player in one colour: 3 per card plus the tokens on them."""
    return BANANAS_PER_CARD * len(played) + sum(played)


def room(players: list[dict]) -> list[str]:
    """The colours of which a card can still be played: fewer than all ten are face up."""
    return [c for c in COLOURS if sum(len(p["played"][c]) for p in players) < CARDS_PER_COLOUR]


def own_colours(player: dict) -> list[str]:
    """The colours a player has played a card of this round (where their tokens may go)."""
    return [c for c in COLOURS if player["played"][c]]


def to_take(stock: int) -> int:
    """Tokens the take action gives: 3, or what is left when fewer remain."""
    return min(TAKE, stock)


def cards_left(revealed: dict) -> dict[int, int]:
    """Benefit cards of each number not yet turned face up (number k has k cards)."""
    return {k: k - revealed[str(k)] for k in BENEFITS}


def column_bananas(players: list[dict], colour: str) -> dict[int, int]:
    """Bananas per player in one colour, for the players with at least one card of it."""
    return {i: bananas(p["played"][colour]) for i, p in enumerate(players) if p["played"][colour]}


def leaders(counts: dict[int, int]) -> list[int]:
    """The players with the most bananas in a column (several on a tie, none without cards)."""
    best = max(counts.values(), default=0)
    return [i for i, n in counts.items() if n == best]


def column_winner(players: list[dict], colour: str) -> int | None:
    """Who wins the benefit under one Boss Kito card: the highest alone; a tie or no card: nobody."""
    top = leaders(column_bananas(players, colour))
    return top[0] if len(top) == 1 else None


def score_table(players: list[dict]) -> list[tuple[int, list[tuple[int, int]]]]:
    """Per benefit number someone holds, in numerical order: each player's (cards, points). Most
    cards scores the number (all tied for most do); every other holder scores 1 per card."""
    held = [Counter(p["benefits"]) for p in players]
    rows = []
    for number in BENEFITS:
        counts = [h[number] for h in held]
        most = max(counts)
        if most:
            rows.append((number, [(c, number if c == most else c) for c in counts]))
    return rows


def scores(players: list[dict]) -> list[int]:
    """Final scores: the points of every benefit number added up."""
    totals = [0] * len(players)
    for _, row in score_table(players):
        for i, (_, points) in enumerate(row):
            totals[i] += points
    return totals


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th...: how the pages count a player's turns in a round."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
