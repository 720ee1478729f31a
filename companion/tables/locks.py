"""One re-entrant lock per key (a table's id), held weakly: a key's lock lives while some thread
holds or waits for it, then goes, so ids nobody uses leave nothing behind (a flood of unknown ids
once grew memory for good), and two keys never share a lock (two tables never wait on each other).
"""
from __future__ import annotations

import threading
import weakref


class KeyedLocks:
    """A lock-guarded registry of per-key locks."""

    def __init__(self):
        self._locks: weakref.WeakValueDictionary[str, _KeyLock] = weakref.WeakValueDictionary()
        self._lock = threading.Lock()

    def lock(self, key: str) -> _KeyLock:
        """The lock of `key` (made when nobody holds one)."""
        with self._lock:
            found = self._locks.get(key)
            if found is None:
                found = self._locks[key] = _KeyLock()
            return found

    def in_use(self) -> int:
        """How many keys have a lock now (one a thread holds or waits for)."""
        with self._lock:
            return len(self._locks)


class _KeyLock:
    """One key's lock (an object that a weak dictionary can hold); re-entrant, because work done
    under it may take it again (a change that reads its table)."""

    __slots__ = ("_lock", "__weakref__")

    def __init__(self):
        self._lock = threading.RLock()

    def __enter__(self):
        self._lock.acquire()
        return self

    def __exit__(self, *exc):
        self._lock.release()
