"""Face-down piles counted, not known: what Gangs of Kyoto's deck and Boss Kito's draw pile share."""
from __future__ import annotations


def take(state: dict, n: int, pile: str, discard: str, lines: list[str], what: str) -> int:
    """Take up to n cards from `state[pile]`, shuffling `state[discard]` into it whenever it runs
    out; returns how many were taken (fewer only when both are empty). Counts reshuffles in
    `state["reshuffles"]` when the state keeps that count."""
    taken = 0
    while taken < n:
        if state[pile] == 0:
            if state[discard] == 0:
                break
            state[pile], state[discard] = state[discard], 0
            if "reshuffles" in state:
                state["reshuffles"] += 1
            lines.append(f"The {what} ran out: the discard pile is shuffled into a new one of {state[pile]}.")
        step = min(n - taken, state[pile])
        state[pile] -= step
        taken += step
    return taken
