"""Face-down piles counted, not known: what Gangs of Kyoto's deck and Boss Kito's draw pile share."""
from __future__ import annotations

from .said import said


def take(state: dict, n: int, pile: str, discard: str, lines: list[str], what: str, eager: bool = False) -> int:
    """Take up to n cards from `state[pile]`, shuffling `state[discard]` into it whenever it runs
    out; returns how many were taken (fewer only when both are empty). Counts reshuffles in
    `state["reshuffles"]` when the state keeps that count. With `eager`, the discard pile is
    shuffled in as soon as the last card is taken, not when the next card is wanted (Gangs of
    Kyoto: "When the deck runs out, all cards from the discard pile are ... shuffled")."""
    taken = 0
    while taken < n:
        if not refill(state, pile, discard, lines, what):
            break
        step = min(n - taken, state[pile])
        state[pile] -= step
        taken += step
    if eager:
        refill(state, pile, discard, lines, what)
    return taken


def refill(state: dict, pile: str, discard: str, lines: list[str], what: str) -> bool:
    """Shuffle the discard pile into `pile` if `pile` is empty; whether `pile` now holds a card."""
    if state[pile] == 0 and state[discard] > 0:
        state[pile], state[discard] = state[discard], 0
        if "reshuffles" in state:
            state["reshuffles"] += 1
        lines.append(said("The {what} ran out: the discard pile is shuffled into a new one of {state}.", what=what,
                          state=state[pile]))
    return state[pile] > 0
