"""A change to a record stored on the revision it was read at (events and leagues alike)."""
from __future__ import annotations

import threading
from typing import Callable

CHANGE_TRIES = 5  # another process storing first this many times in a row is a failure, not a race


def store_on_revision(lock: threading.Lock, read: Callable[[], dict], change: Callable[[dict], None],
                      save: Callable[[dict, int], None], stale: type[Exception]) -> dict:
    """Apply `change` to the record `read()` gives and `save` it on the revision read; when another
    process stored a change meanwhile (`stale`), apply it again to the record as that change left
    it (the lock only orders this process's changes). The stored record is returned."""
    for tries_left in reversed(range(CHANGE_TRIES)):
        with lock:
            record = read()
            base = record["revision"]
            change(record)
            record["revision"] = base + 1
            try:
                save(record, base)
                return record
            except stale:
                if not tries_left:
                    raise
