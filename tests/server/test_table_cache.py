"""The process's copies of its tables are bounded by the log entries they hold (what a copy's
memory grows with), not only by how many tables: a night's finished long games fall out, least
recently used first, and a table read again is folded from the store as it was."""
from __future__ import annotations

import random

from companion.games import Viewer
from companion.store import TinyDBStore
from companion.tables import TableService
from tests.offer_fills import fill_gangs

HOST = Viewer(None, True)


def played(service: TableService, moves: int, seed: int):
    """A Gangs table with `moves` actions, each one the engine offered."""
    table = service.create("gangs", ["Ann", "Bob", "Cy"])
    rnd = random.Random(seed)
    for _ in range(moves):
        current = service.get(table.id)
        offer = rnd.choice(current.offers_for(HOST, host=True))
        service.act(table.id, table.record["host_token"], fill_gangs(offer, current.state, rnd), current.version)
    return service.get(table.id)


def test_copies_beyond_the_entries_budget_are_dropped_oldest_first_and_read_back_the_same(tmp_path):
    service = TableService(TinyDBStore(tmp_path))
    service._cache.budget = 50  # log entries held in all, across the copies
    first, second = played(service, 20, 1), played(service, 20, 2)
    assert service.cached(first.id, first.version) and service.cached(second.id, second.version)
    third = played(service, 20, 3)  # 60 entries: the least recently used copy goes
    assert service.cached(first.id, first.version) is None
    assert service.cached(second.id, second.version) and service.cached(third.id, third.version)
    again = service.get(first.id)  # folded from the store, the same table
    assert (again.version, again.state) == (first.version, first.state)


def test_the_table_being_played_stays_however_long_its_game(tmp_path):
    service = TableService(TinyDBStore(tmp_path))
    service._cache.budget = 10
    other = played(service, 3, 4)
    long = played(service, 30, 5)  # alone over the budget: it stays, the other goes
    assert service.cached(long.id, long.version) is not None
    assert service.cached(other.id, other.version) is None
