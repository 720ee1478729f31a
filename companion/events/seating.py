"""Seating a round: table sizes as even as possible within a game's limits, players grouped by
standings (at random in round 1), repeat opponents avoided where a swap allows it. Pure functions."""
from __future__ import annotations

import math
import random
from itertools import combinations

PREFERRED_SIZE = 4


def table_sizes(n: int, min_players: int, max_players: int) -> list[int]:
    """Sizes of the tables for n players: as even as possible, 4 where the game allows, never
    outside [min_players, max_players]; raises ValueError if no split fits."""
    if n < min_players:
        raise ValueError(f"{n} players are too few for a table (at least {min_players}).")
    target = max(min_players, min(PREFERRED_SIZE, max_players))
    for tables in range(math.ceil(n / target), n // min_players + 1):
        small, extra = divmod(n, tables)
        sizes = [small + 1] * extra + [small] * (tables - extra)
        if min_players <= min(sizes) and max(sizes) <= max_players:
            return sizes
    for tables in range(math.ceil(n / target) - 1, 0, -1):  # fewer, larger tables
        small, extra = divmod(n, tables)
        sizes = [small + 1] * extra + [small] * (tables - extra)
        if min_players <= min(sizes) and max(sizes) <= max_players:
            return sizes
    raise ValueError(f"{n} players cannot be split into tables of {min_players} to {max_players}.")


def repeats(tables: list[list[str]], met: dict[frozenset, int]) -> int:
    """How many pairs at these tables have met before (counted with multiplicity)."""
    return sum(met.get(frozenset(pair), 0) for table in tables for pair in combinations(table, 2))


def seat(players: list[str], sizes: list[int], rng: random.Random, met: dict[frozenset, int] | None = None,
         ranked: bool = False) -> list[list[str]]:
    """Tables for this round: `players` in standings order when `ranked`, else shuffled; then
    swaps between tables that lower the number of repeat opponents (neighbouring tables first,
    so players with similar points stay together)."""
    order = list(players)
    if not ranked:
        rng.shuffle(order)
    tables, start = [], 0
    for size in sizes:
        tables.append(order[start:start + size])
        start += size
    met = met or {}
    if not met:
        return tables
    improved = True
    passes = 0
    while improved and passes < 20:
        improved = False
        passes += 1
        for distance in range(1, len(tables)):
            for t in range(len(tables) - distance):
                u = t + distance
                for i in range(len(tables[t])):
                    for j in range(len(tables[u])):
                        before = repeats([tables[t], tables[u]], met)
                        tables[t][i], tables[u][j] = tables[u][j], tables[t][i]
                        if repeats([tables[t], tables[u]], met) < before:
                            improved = True
                        else:
                            tables[t][i], tables[u][j] = tables[u][j], tables[t][i]
            if improved:
                break  # prefer swaps between the nearest tables before reaching further
    return tables
