"""A change to a record stored on the revision it was read at (events and leagues alike)."""
from __future__ import annotations

import threading
from collections.abc import Callable


def store_changed(lock: threading.Lock, read: Callable[[], dict], change: Callable[[dict], None],
                  save: Callable[[dict, int], None]) -> dict:
    """Apply `change` to the record `read()` gives and `save` it on the revision read; returns it.
    The store decides whether that revision is still the stored one: when another process stored
    a change meanwhile it refuses (StaleEvent, StaleLeague: nothing is changed, and the person is
    asked to look again and repeat it). Nothing is tried again here; the lock only orders this
    process's own changes."""
    with lock:
        record = read()
        base = record["revision"]
        change(record)
        record["revision"] = base + 1
        save(record, base)
        return record
