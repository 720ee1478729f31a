"""Keep the server's full garbage collections short (a process-wide policy, installed by the
server's worker only: see gunicorn_conf.py; paced work pauses full collections meanwhile,
companion/pacing.py `full_collections_paused`).

A full collection walks every object the collector tracks, holding the interpreter lock: in a
venue's server that is the app itself, every open phone's connection and every table's growing
log. Measured under the load test (docs/operations.md): 100,000-140,000 objects, pauses of
110-190 ms every 30-40 s, each one holding up every action and push in flight. Almost all of
those objects live for the whole night, so walking them again finds nothing to free.

After each full collection the survivors move to the permanent generation (`gc.freeze`): the
next full collection walks only what was made since (17-41 ms measured). What is frozen is still
freed by reference counting; only a cycle among frozen objects that later becomes garbage (a
closed connection's request objects) waits for a thaw, when the frozen objects go back and one
full collection walks and frees everything. That collection is as long as the heap is big
(460 ms after ten minutes of the load test), so it is done when the server is quiet: no request
for `quiet_seconds`, at most every `idle_thaw_seconds`. A server that is never quiet thaws at the
next full collection after `thaw_seconds`.
"""
from __future__ import annotations

import gc
import threading
import time
from typing import Callable

THAW_SECONDS = 3600.0
IDLE_THAW_SECONDS = 600.0
QUIET_SECONDS = 2.0


class HeapPolicy:
    """A `gc.callbacks` entry: freeze after each full collection, thaw when quiet (or at the
    latest before a full collection once `thaw_seconds` have passed)."""

    freezes_survivors = True  # what `full_collections_paused` (companion/pacing.py) looks for

    def __init__(self, thaw_seconds: float = THAW_SECONDS, idle_thaw_seconds: float = IDLE_THAW_SECONDS,
                 quiet_seconds: float = QUIET_SECONDS, clock: Callable[[], float] = time.monotonic):
        self.thaw_seconds = thaw_seconds
        self.idle_thaw_seconds = idle_thaw_seconds
        self.quiet_seconds = quiet_seconds
        self._clock = clock
        self._thawed_at = self._last_request = clock()
        self.freezes = 0
        self.thaws = 0

    def touch(self) -> None:
        """Note that a request arrived (the server is not quiet)."""
        self._last_request = self._clock()

    def tick(self) -> bool:
        """Thaw and collect now if a thaw is due and the server is quiet; whether it did."""
        now = self._clock()
        if now - self._thawed_at < self.idle_thaw_seconds or now - self._last_request < self.quiet_seconds:
            return False
        self._thawed_at = now
        gc.unfreeze()
        gc.collect()  # its "stop" freezes the survivors again
        self.thaws += 1
        return True

    def run_idle_thaws(self, stop: threading.Event, poll_seconds: float = 1.0) -> None:
        """Call `tick` every `poll_seconds` until `stop` is set (a daemon thread's loop)."""
        while not stop.wait(poll_seconds):
            self.tick()

    def __call__(self, phase: str, info: dict) -> None:
        if info.get("generation") != 2:
            return
        if phase == "start":
            if self._clock() - self._thawed_at >= self.thaw_seconds:
                # Before the collection starts, so that this one walks the thawed objects too.
                gc.unfreeze()
                self._thawed_at = self._clock()
                self.thaws += 1
        elif phase == "stop":
            gc.freeze()
            self.freezes += 1


_install_lock = threading.Lock()


def install(policy: HeapPolicy | None = None) -> HeapPolicy:
    """Add the policy to this process's collector (once: an installed policy is returned as is)."""
    with _install_lock:
        for callback in gc.callbacks:
            if isinstance(callback, HeapPolicy):
                return callback
        policy = policy or HeapPolicy()
        gc.callbacks.append(policy)
        return policy


def start_idle_thaws(policy: HeapPolicy) -> threading.Event:
    """Run the policy's quiet-time thaws on a daemon thread; set the returned event to stop it."""
    stop = threading.Event()
    threading.Thread(target=policy.run_idle_thaws, args=(stop,), name="heap-thaws", daemon=True).start()
    return stop


def uninstall(policy: HeapPolicy) -> None:
    """Remove the policy and put every frozen object back under the collector."""
    with _install_lock:
        if policy in gc.callbacks:
            gc.callbacks.remove(policy)
        gc.unfreeze()
