"""Boss Kito's numbers and the two calculations tables argue about: the hand-out and the scoring."""
from __future__ import annotations

from collections import Counter

COLOURS = ("red", "yellow", "green", "blue", "purple")  # the Boss Kito cards, left to right
CARDS_PER_COLOUR = 10
BANANA_CARDS = CARDS_PER_COLOUR * len(COLOURS)  # 50
TOKENS = 30
START_TOKENS = 3
HAND = 5
TURNS_PER_ROUND = 4
ROUNDS = 9
BANANAS_PER_CARD = 3
BENEFIT_NAMES = {9: "Visitors", 8: "Romantic dinner", 7: "Privacy", 6: "Banana beer", 5: "Snacks", 4: "Stilts", 3: "Benefit 3", 2: "Benefit 2", 1: "Benefit 1"}
SYMBOLS = ("pass", "card", "banana")  # double arrow, card, banana


def bananas(played: list[int]) -> int:
    """Bananas of one player in one colour: 3 per card plus the tokens on them."""
    return BANANAS_PER_CARD * len(played) + sum(played)


def column_winner(players: list[dict], colour: str) -> int | None:
    """Who wins the benefit under one Boss Kito card: the highest alone; a tie or no card: nobody."""
    counts = {i: bananas(p["played"][colour]) for i, p in enumerate(players) if p["played"][colour]}
    if not counts:
        return None
    best = max(counts.values())
    leaders = [i for i, n in counts.items() if n == best]
    return leaders[0] if len(leaders) == 1 else None


def scores(players: list[dict]) -> list[int]:
    """Final scores: per benefit number, most cards scores the number (all tied for most do);
    every other holder scores 1 per card."""
    totals = [0] * len(players)
    held = [Counter(p["benefits"]) for p in players]
    for number in range(1, 10):
        counts = [h[number] for h in held]
        most = max(counts)
        if not most:
            continue
        for i, c in enumerate(counts):
            if c == most:
                totals[i] += number
            elif c:
                totals[i] += c
    return totals
