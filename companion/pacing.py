"""Long work that lets the rest of the server run: a `Pacer` pauses after every slice of work.

Under the event-loop worker (companion/eventloop.py) one request's work holds every other
request and live push until it ends; a replay of thousands of actions or the parse of an import
of megabytes held every phone of the server for seconds. Work that may be long calls `tick()`
often: after SLICE_SECONDS it sleeps PAUSE_SECONDS, which is a greenlet yield there (gevent
patches time) and releases the interpreter lock to the other threads under the threaded worker.
Not sleep(0): gevent runs a greenlet that sleeps 0 again before the loop polls, so sockets and
timers starved (a 2-table import held /api/games 500 ms); any positive sleep waits for the next
turn of the loop, after its poll.
"""
from __future__ import annotations

import time

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
