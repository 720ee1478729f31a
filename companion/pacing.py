"""Long work that lets the rest of the server run: a `Pacer` pauses after every slice of work,
and `full_collections_paused` keeps the collector's longest pauses out of it.

Under the event-loop worker (companion/server/worker.py) one request's work holds every other
request and live push until it ends; a replay of thousands of actions or the parse of an import
of megabytes held every phone of the server for seconds. Work that may be long calls `tick()`
often: after SLICE_SECONDS it sleeps PAUSE_SECONDS, which is a greenlet yield there (gevent
patches time) and releases the interpreter lock to any other thread. Not sleep(0): gevent runs a greenlet that sleeps 0 again before the loop polls, so sockets and
timers starved (a 2-table import held /api/games 500 ms); any positive sleep waits for the next
turn of the loop, after its poll.
"""
from __future__ import annotations

import gc
import threading
import time
from contextlib import contextmanager
from typing import Iterator

SLICE_SECONDS = 0.01
PAUSE_SECONDS = 0.0001


class Pacer:
    """Counts the time of one piece of long work; `tick()` pauses when a slice of it has passed."""

    def __init__(self, slice_seconds: float = SLICE_SECONDS):
        self.slice_seconds = slice_seconds
        self.slice_ends = time.monotonic() + slice_seconds
        self.pauses = 0

    def tick(self) -> None:
        """Pause (let the other requests run) if this slice of work has taken its time."""
        if time.monotonic() >= self.slice_ends:
            time.sleep(PAUSE_SECONDS)
            self.pauses += 1
            self.slice_ends = time.monotonic() + self.slice_seconds


_pauses = {"count": 0, "threshold": None}
_pause_lock = threading.Lock()


@contextmanager
def full_collections_paused() -> Iterator[None]:
    """No automatic full collection while the work inside runs (the young generations are still
    collected): paced work that makes a great many objects at once (an event import: its body and
    every table's replay, seconds of work whose objects die with it) made full collections of 50-70
    ms between its slices, each holding every phone. Nested and concurrent uses count; the last
    one out puts the threshold back."""
    with _pause_lock:
        if _pauses["count"] == 0:
            _pauses["threshold"] = gc.get_threshold()
            first, second, _ = _pauses["threshold"]
            gc.set_threshold(first, second, 1 << 30)
        _pauses["count"] += 1
    try:
        yield
    finally:
        with _pause_lock:
            _pauses["count"] -= 1
            if _pauses["count"] == 0:
                gc.set_threshold(*_pauses["threshold"])
