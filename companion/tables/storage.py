"""This process's copies of a store's tables, read and written: an LRU of folded tables (so an
action costs one engine step, not a fold of the log) and each table's lock (`TableCache`); a
table read from the copy while the store says it is current (a store shared with other processes
may hold a newer one), else from the store and caught up; written durably to the store before the
copy is kept (`TableStorage`). Join codes are looked up and handed out here too, as the store's
index knows them. `service.TableService` is a TableStorage: it reads with `get`, and its changes
hold `_lock`, decide, and `_save`; rights and publishing are the service's.
"""
from __future__ import annotations

import secrets
import threading
from collections import OrderedDict

from ..games.said import said
from ..store import StaleWrite, Store
from .errors import TableNotFound, VersionConflict
from .locks import KeyedLocks
from .table import Table, caught_up

# What the copies may hold in all, in log entries (an action or an undone one): 1.2-3 KB each
# with its share of the checkpoints, so at most about 150 MB (bench/RESULTS.md, "Load and RSS").
# A night's 50 live tables need a tenth to half of it (a long Kyotoan round: 540 actions a
# table); finished games, which take no more moves, fall out first, and one read again is folded
# from the store.
CACHE_ENTRIES = 50_000
# Join codes avoid look-alikes: no 0/O, no 1/I/L.
JOIN_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
JOIN_CODE_LENGTH = 6


def entries(table: Table) -> int:
    """The log entries a copy holds (what its memory grows with: a game's length)."""
    return len(table.record["actions"]) + len(table.record["redo"])


class TableCache:
    """A lock-guarded LRU of tables by id, bounded in tables and in log entries held, and one
    re-entrant lock per table in use."""

    def __init__(self, size: int = 512, budget: int = CACHE_ENTRIES):
        self.size, self.budget = size, budget
        self._held = 0  # log entries of the copies held
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
            old = self._tables.pop(table.id, None)
            self._held += entries(table) - (entries(old) if old is not None else 0)
            self._tables[table.id] = table
            # The newest copy stays, whatever its length: the table being played is never refolded.
            while len(self._tables) > 1 and (len(self._tables) > self.size or self._held > self.budget):
                self._held -= entries(self._tables.popitem(last=False)[1])
        return table

    def forget(self, table_id: str) -> None:
        """Drop the copy of a table (it proved older than the stored one)."""
        with self._lock:
            old = self._tables.pop(table_id, None)
            self._held -= entries(old) if old is not None else 0

    def clear(self) -> None:
        """Drop every copy: the next read of each table folds it from the store."""
        with self._lock:
            self._tables.clear()
            self._held = 0

    def lock(self, table_id: str):
        """The lock of one table (locks.py: made while in use, never shared with another)."""
        return self._locks.lock(table_id)

    def locks_in_use(self) -> int:
        """How many tables have a lock now (one a thread holds or waits for)."""
        return self._locks.in_use()


class TableStorage:
    """The tables of one store as this process holds them (in its `TableCache`), read and written."""

    def __init__(self, store: Store, cache_size: int = 512):
        self.store = store
        self._cache = TableCache(cache_size)

    def _lock(self, table_id: str):
        """The lock of one table: a change reads, decides and stores under it (so does a read
        from the store, so that the copy kept is never older than what is stored)."""
        return self._cache.lock(table_id)

    # -- reading ---------------------------------------------------------------------------
    def get(self, table_id: str) -> Table:
        """The table with this id, from the snapshot cache or folded from its stored log."""
        table = self._cache.get(table_id, used=True)
        # A store shared with other processes may hold a newer table than the cached copy.
        if table is not None and self.store.is_current(table.record):
            return table
        if not isinstance(table_id, str):
            raise TableNotFound(said("There is no table '{id}'.", id=str(table_id)))
        # Read under the table's lock: no change (an action, a seat) is stored while the record is
        # read, so the copy cached here is never older than what is on disk.
        with self._cache.lock(table_id):
            cached = self._cache.get(table_id)
            if cached is not None and cached is not table and self.store.is_current(cached.record):
                return cached
            record = self.store.load_table(table_id)
            if record is None:
                raise TableNotFound(said("There is no table '{id}'.", id=table_id))
            return self._cache.remember(caught_up(cached, record), replace=cached is not None)

    def cached(self, table_id: str, version: int) -> Table | None:
        """This process's copy of a table if it is at `version` or newer, else None."""
        table = self._cache.get(table_id)
        return table if table is not None and table.version >= version else None

    def _known(self, table_id: str) -> None:
        """Raise TableNotFound for an id no table has, before a lock is made for it. A table this
        process holds is known: the change reads it again under its lock, and on a shared store
        a first read here would be one more round trip for every action."""
        if self._cache.get(table_id) is None:
            self.get(table_id)

    def find_by_code(self, code: str) -> Table:
        """The table a typed join code names (case and spaces forgiven)."""
        clean = "".join(str(code).split()).upper()
        table_id = self.store.table_for_code(clean) if len(clean) == JOIN_CODE_LENGTH else None
        table = self.get(table_id) if table_id is not None else None
        if table is None or table.state.get("over"):
            # A finished table's code opens nothing: it was on a screen for a whole game.
            raise TableNotFound(said("No table that is still playing has the join code '{code}'. Check the code on the table's screen.",
                                     code=clean))
        return table

    # -- writing ---------------------------------------------------------------------------
    def _free_join_code(self) -> str:
        """A join code that no stored table has."""
        while True:
            code = "".join(secrets.choice(JOIN_ALPHABET) for _ in range(JOIN_CODE_LENGTH))
            if self.store.table_for_code(code) is None:
                return code

    def _add(self, table: Table) -> Table:
        """Store a whole new table (made, a rematch, an accepted import) and cache it."""
        self.store.create_table(table.record)
        self._cache.remember(table)
        return table

    def _save(self, new: Table, old: Table, change: dict | None = None) -> Table:
        """Store `new` in place of `old`: as `change` (what every store replays) or, with None, the
        record whole; then cache it, and list it as over (or playing again) when that changed."""
        # Durable first: if the write fails the cache still holds the old table and the
        # caller gets an error, so nothing unsaved is ever acknowledged or shown.
        try:
            if change is None:
                self.store.save_table(new.record, old.record)
            else:
                self.store.append_change(new.record, change)
        except StaleWrite as exc:
            # The cached copy was older than the stored table: read it afresh next time.
            self._cache.forget(new.id)
            raise VersionConflict(exc.current) from None
        self._cache.remember(new)
        return new
