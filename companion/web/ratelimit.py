"""A small sliding-window rate limiter for join-code guesses (owned by the app)."""
from __future__ import annotations

import threading
import time
from collections import defaultdict, deque


class RateLimiter:
    """Allows `limit` failures per `window` seconds per key (an IP address)."""

    def __init__(self, limit: int, window: float, clock=time.monotonic):
        self.limit = limit
        self.window = window
        self._clock = clock
        self._lock = threading.Lock()
        self._failures: dict[str, deque[float]] = defaultdict(deque)

    def retry_after(self, key: str) -> int:
        """Seconds until `key` may try again (0 when it may try now)."""
        with self._lock:
            hits = self._prune(key)
            if len(hits) < self.limit:
                return 0
            return max(1, int(hits[0] + self.window - self._clock()) + 1)

    def fail(self, key: str) -> None:
        """Count one failed attempt."""
        with self._lock:
            self._prune(key).append(self._clock())

    def _prune(self, key: str) -> deque[float]:
        hits = self._failures[key]
        cutoff = self._clock() - self.window
        while hits and hits[0] <= cutoff:
            hits.popleft()
        return hits
