"""What a game counts for its end-of-game statistics (api.md, "Groups, statistics and rewind"):
each game's own figures, declared on its engine (`Game.figures`) and computed by its stats.py
from the log and the states it passed through. The one fold over a table is tables/stats.py.

A figure is counted move by move (`step`: the state before a move, the move, the state after it,
giving (player, figure, amount) for each thing it adds), or read from the final state (`end`:
(player, figure, value)), as the figure asks. Pure functions: no Flask, no I/O.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

Counted = Iterable[tuple[int, str, int]]


def nothing(*_args) -> Counted:
    """No figure from this move or state (a game whose figures are all counted one way)."""
    return ()


@dataclass(frozen=True)
class Figures:
    """A game's statistics: their names, in the order pages show them, and how each is counted."""

    names: tuple[str, ...]
    step: Callable[[dict, dict, dict], Counted] = nothing  # (before, action, after)
    end: Callable[[dict], Counted] = nothing  # (final state)
