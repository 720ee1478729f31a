"""TEMPORARY: the incremental seating seats every night as the old one did (old copy below)."""
from __future__ import annotations

import random
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.events.seating import repeats, seat, table_sizes


def old_seat(players, sizes, rng, met=None, ranked=False):
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
                break
    return tables


@settings(max_examples=400, deadline=None)
@given(n=st.integers(2, 70), limits=st.sampled_from([(2, 5), (2, 6), (2, 4), (3, 5)]), seed=st.integers(0, 10**9),
       rounds=st.integers(0, 6), extra=st.integers(0, 30), ranked=st.booleans())
def test_the_new_seating_is_the_old_one(n, limits, seed, rounds, extra, ranked):
    rng = random.Random(seed)
    players = [f"p{i}" for i in range(n)]
    everyone = players + [f"gone{i}" for i in range(5)]  # pairs with players not here now
    met = {}
    for _ in range(rounds):
        order = rng.sample(everyone, len(everyone))
        for k in range(0, len(order), 4):
            for pair in combinations(order[k:k + 4], 2):
                met[frozenset(pair)] = met.get(frozenset(pair), 0) + 1
    for _ in range(extra):
        pair = frozenset(rng.sample(everyone, 2))
        met[pair] = met.get(pair, 0) + rng.randint(1, 3)
    try:
        sizes = table_sizes(n, *limits)
    except ValueError:
        return
    order = rng.sample(players, n)
    assert seat(order, sizes, random.Random(seed), dict(met), ranked) == old_seat(order, sizes, random.Random(seed), dict(met), ranked)
