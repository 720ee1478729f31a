"""Per-table publish/subscribe for live pages (in-process; one server process).

Each open page holds a websocket whose thread waits on its own queue. Publishing a table's new
version first offers it to each subscriber's `deliver` (the publishing thread sends the push
itself when that cannot block: measured, waking a thread per phone cost more than the sends),
and otherwise puts it on the subscriber's queue for its own thread. The hub is owned by the app
(app.extensions), never a module global, and every access to its map is under its lock.
"""
from __future__ import annotations

import queue
import threading
from collections import defaultdict
from typing import Callable


class Subscription:
    """One open page's mailbox: the versions published since it last looked."""

    def __init__(self, table_id: str, deliver: Callable[[int], bool] | None = None):
        self.table_id = table_id
        # Sends `version` from the publishing thread if it can do so at once; False to decline.
        self.deliver = deliver
        self._queue: queue.Queue[int] = queue.Queue()

    def wait(self, timeout: float) -> int | None:
        """The newest version published (skipping older ones queued behind it), or None."""
        try:
            version = self._queue.get(timeout=timeout)
        except queue.Empty:
            return None
        # A page only needs the latest state: drain what piled up while it was busy.
        while True:
            try:
                version = max(version, self._queue.get_nowait())
            except queue.Empty:
                return version

    def push(self, version: int) -> None:
        self._queue.put(version)


class LiveHub:
    """Lock-guarded registry of subscriptions per table."""

    def __init__(self):
        self._lock = threading.Lock()
        self._subs: dict[str, set[Subscription]] = defaultdict(set)

    def subscribe(self, table_id: str, deliver: Callable[[int], bool] | None = None) -> Subscription:
        """Register a new subscriber of one table (with an optional direct `deliver`)."""
        sub = Subscription(table_id, deliver)
        with self._lock:
            self._subs[table_id].add(sub)
        return sub

    def unsubscribe(self, sub: Subscription) -> None:
        """Forget a subscriber (its page closed)."""
        with self._lock:
            subs = self._subs.get(sub.table_id)
            if subs is not None:
                subs.discard(sub)
                if not subs:
                    del self._subs[sub.table_id]

    def publish(self, table_id: str, version: int) -> None:
        """Tell every subscriber of a table that it reached `version`."""
        with self._lock:
            targets = list(self._subs.get(table_id, ()))
        for sub in targets:
            if sub.deliver is None or not sub.deliver(version):
                sub.push(version)
