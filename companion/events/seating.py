"""Seating a round: table sizes as even as possible within a game's limits (or, in a round of
several games, within each table's own game's limits), players grouped by standings (at random in
round 1), repeat opponents avoided where a swap allows it, whatever game each table plays. Pure
functions."""
from __future__ import annotations

import heapq
import math
import random

from ..games.said import said

PREFERRED_SIZE = 4


def table_sizes(n: int, min_players: int, max_players: int) -> list[int]:
    """Sizes of the tables for n players: as even as possible, 4 where the game allows, never
    outside [min_players, max_players]; raises ValueError if no split fits."""
    if n < min_players:
        raise ValueError(said("{n} players are too few for a table (at least {least}).", n=n, least=min_players))
    target = max(min_players, min(PREFERRED_SIZE, max_players))
    start = math.ceil(n / target)
    for tables in [*range(start, n // min_players + 1), *range(start - 1, 0, -1)]:  # then fewer, larger tables
        small, extra = divmod(n, tables)
        sizes = [small + 1] * extra + [small] * (tables - extra)
        if min_players <= min(sizes) and max(sizes) <= max_players:
            return sizes
    raise ValueError(said("{n} players cannot be split into tables of {low} to {high}.", n=n, low=min_players, high=max_players))


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
        raise ValueError(said("{n} players are too few for a table of each of the {k} games (at least {least}).", n=n, k=k,
                              least=fewest))
    start = max(k, math.ceil(n / PREFERRED_SIZE))
    most = n // min(low for _, low, _ in games)
    for count in [*range(start, most + 1), *range(start - 1, k - 1, -1)]:
        turns = [games[j % k] for j in range(count)]
        sizes = _spread(n, [(low, high) for _, low, high in turns])
        if sizes is not None:
            return [(game, size) for (game, _, _), size in zip(turns, sizes)]
    raise ValueError(said("{n} players cannot be split into tables of these games within their player limits.", n=n))


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
    if met:
        _Swaps(tables, met).run()
    return tables


class _Swaps:
    """The swaps that lower the repeat opponents, tried in the order they always were (so a night
    is seated as before), each weighed from the two players' own counts: recounting both tables'
    pairs for every trial cost a second of the event loop at 400 players."""

    def __init__(self, tables: list[list[str]], met: dict[frozenset, int]):
        self.tables = tables
        self.at = {p: k for k, table in enumerate(tables) for p in table}
        self.partners: dict[str, dict[str, int]] = {p: {} for p in self.at}
        for pair, times in met.items():
            if len(pair) == 2 and all(p in self.at for p in pair):  # someone not seated now weighs nothing
                a, b = pair
                self.partners[a][b] = self.partners[b][a] = times
        # load[p][k]: how often p has met the players now at table k (each time met counts 1 or more,
        # so a table whose players' loads at it are all 0 seats no repeat).
        self.load: dict[str, dict[int, int]] = {p: {} for p in self.at}
        for p, theirs in self.partners.items():
            for q, times in theirs.items():
                self.load[p][self.at[q]] = self.load[p].get(self.at[q], 0) + times
        self.clashing = {k for k in range(len(tables)) if self._clash(k)}

    def _clash(self, k: int) -> int:
        return sum(self.load[p].get(k, 0) for p in self.tables[k])

    def run(self) -> None:
        """At most 20 passes, each over ever further tables until a distance improves anything."""
        count, improved, passes = len(self.tables), True, 0
        while improved and passes < 20:
            improved, passes = False, passes + 1
            for distance in range(1, count):
                if not self.clashing:
                    return  # nobody meets anyone again: no swap can lower the count
                improved = self._sweep(distance, count) or improved
                if improved:
                    break  # prefer swaps between the nearest tables before reaching further

    def _sweep(self, distance: int, count: int) -> bool:
        # Only a pair of tables seating a repeat can gain from a swap; the pairs are tried left to
        # right, and a swap may give a repeat to its right-hand table, the left of a pair further on.
        heap = sorted({t for k in self.clashing for t in (k, k - distance) if 0 <= t < count - distance})
        queued, improved = set(heap), False
        while heap:
            t = heapq.heappop(heap)
            u = t + distance
            if self._pair(t, u):
                improved = True
                if u < count - distance and u not in queued:
                    queued.add(u)
                    heapq.heappush(heap, u)
        return improved

    def _pair(self, t: int, u: int) -> bool:
        # Every swap of a player at t with one at u, in order; kept when the repeats fall. The change
        # is a's and b's alone: b meets t's others, a meets u's others, in place of their own.
        swapped, left, right = False, self.tables[t], self.tables[u]
        for i in range(len(left)):
            for j in range(len(right)):
                a, b = left[i], right[j]
                load_a, load_b = self.load[a], self.load[b]
                here = load_a.get(t, 0) + load_b.get(u, 0)
                if here and load_b.get(t, 0) + load_a.get(u, 0) - 2 * self.partners[a].get(b, 0) < here:
                    self._swap(t, i, u, j)
                    swapped = True
        return swapped

    def _swap(self, t: int, i: int, u: int, j: int) -> None:
        a, b = self.tables[t][i], self.tables[u][j]
        self.tables[t][i], self.tables[u][j] = b, a
        self.at[a], self.at[b] = u, t
        for mover, old, new in ((a, t, u), (b, u, t)):
            for q, times in self.partners[mover].items():
                self.load[q][old] -= times
                self.load[q][new] = self.load[q].get(new, 0) + times
        for k in (t, u):
            if self._clash(k):
                self.clashing.add(k)
            else:
                self.clashing.discard(k)


def round_seating(number: int, seed: int, present: list[str], games: list[tuple[str, int, int]],
                  order: list[str] | None, met: dict[frozenset, int]) -> tuple[list[tuple[str, list[str]]], random.Random]:
    """Round `number`'s tables, (game id, names), for the `present` players and the round's games
    (id, min, max): grouped by the standings' `order` from round 2 (None in round 1: at random);
    and the round's own random source, which goes on to seed its tables. ValueError when no
    split fits."""
    plan = mixed_tables(len(present), games)
    rng = random.Random(seed * 1000 + number)
    sizes = [size for _, size in plan]
    seating = seat(order, sizes, rng, met, ranked=True) if order is not None else seat(present, sizes, rng)
    return [(game_id, names) for (game_id, _), names in zip(plan, seating)], rng
