"""This process's copies of tables (an LRU of folded states, so an action costs one engine step,
not a fold of the log) and each table's lock. Owned by `service.TableService`; whether a copy is
still current is the service's question (a shared store may hold a newer table).
"""
from __future__ import annotations

import threading
from collections import OrderedDict

from ..store.locks import KeyedLocks
from .table import Table


class TableCache:
    """A lock-guarded LRU of tables by id, and one re-entrant lock per table in use."""

    def __init__(self, size: int = 512):
        self.size = size
        self._tables: OrderedDict[str, Table] = OrderedDict()
        self._lock = threading.Lock()
        self._locks = KeyedLocks()

    def get(self, table_id: str, used: bool = False) -> Table | None:
        """The copy held of a table, or None (`used`: it counts as just used, for the LRU)."""
        with self._lock:
            table = self._tables.get(table_id)
            if table is not None and used:
                self._tables.move_to_end(table_id)
            return table

    def remember(self, table: Table, replace: bool = True) -> Table:
        """Hold `table` (the newest copy). With `replace` False, a copy already held wins: a
        commit made while `table` was read from the store cached a newer one, which stays (else
        the next action would reuse a version already stored). Returns the copy held."""
        with self._lock:
            if not replace and table.id in self._tables:
                table = self._tables[table.id]
            self._tables[table.id] = table
            self._tables.move_to_end(table.id)
            while len(self._tables) > self.size:
                self._tables.popitem(last=False)
        return table

    def forget(self, table_id: str) -> None:
        """Drop the copy of a table (it proved older than the stored one)."""
        with self._lock:
            self._tables.pop(table_id, None)

    def clear(self) -> None:
        """Drop every copy: the next read of each table folds it from the store."""
        with self._lock:
            self._tables.clear()

    def lock(self, table_id: str):
        """The lock of one table (store/locks.py: made while in use, never shared with another)."""
        return self._locks.lock(table_id)

    def locks_in_use(self) -> int:
        """How many tables have a lock now (one a thread holds or waits for)."""
        return self._locks.in_use()
