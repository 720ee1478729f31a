"""Seating a round: table sizes as even as possible within a game's limits (or, in a round of
several games, within each table's own game's limits), players grouped by standings (at random in
round 1), repeat opponents avoided where a swap allows it, whatever game each table plays. Pure
functions."""
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


def mixed_tables(n: int, games: list[tuple[str, int, int]]) -> list[tuple[str, int]]:
    """Tables for n players across several games, given as (id, min_players, max_players): the
    games take turns (as many tables of each, the first ones one more when the count does not
    divide), each table within its own game's limits, sizes as even as possible, 4 where the games
    allow; raises ValueError with a sentence if no split fits."""
    if len(games) == 1:
        game, low, high = games[0]
        return [(game, size) for size in table_sizes(n, low, high)]
    k, fewest = len(games), sum(low for _, low, _ in games)
    if n < fewest:
        raise ValueError(f"{n} players are too few for a table of each of the {k} games (at least {fewest}).")
    start = max(k, math.ceil(n / PREFERRED_SIZE))
    most = n // min(low for _, low, _ in games)
    for count in [*range(start, most + 1), *range(start - 1, k - 1, -1)]:
        turns = [games[j % k] for j in range(count)]
        sizes = _spread(n, [(low, high) for _, low, high in turns])
        if sizes is not None:
            return [(game, size) for (game, _, _), size in zip(turns, sizes)]
    raise ValueError(f"{n} players cannot be split into tables of these games within their player limits.")


def _spread(n: int, limits: list[tuple[int, int]]) -> list[int] | None:
    """Sizes within each table's own (low, high) adding up to n, as even as possible; None if none fit."""
    if not sum(low for low, _ in limits) <= n <= sum(high for _, high in limits):
        return None
    sizes = [low for low, _ in limits]
    for _ in range(n - sum(sizes)):
        # The smallest table that can still grow takes the next player (the first such on a tie).
        k = min((k for k, (_, high) in enumerate(limits) if sizes[k] < high), key=lambda k: sizes[k])
        sizes[k] += 1
    return sizes


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
