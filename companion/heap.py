"""Keep the server's full garbage collections short (a process-wide policy, installed by the
server's worker only: see companion/gunicorn_conf.py).

A full collection walks every object the collector tracks, holding the interpreter lock: in a
venue's server that is the app itself, every open phone's connection and every table's growing
log. Measured under the load test (docs/operations.md): 100,000-130,000 objects, pauses of
110-190 ms every 30-40 s, each one holding up every action and push in flight. Almost all of
those objects live for the whole night, so walking them again finds nothing to free.

After each full collection the survivors move to the permanent generation (`gc.freeze`): the
next full collection walks only what was made since (25-75 ms measured). What is frozen is still
freed by reference counting; only a cycle among frozen objects that later becomes garbage (a
closed connection's request objects) waits, until the next thaw: every `thaw_seconds` the frozen
objects go back before a full collection, which then walks and frees everything once.
"""
from __future__ import annotations

import gc
import threading
import time
from typing import Callable

THAW_SECONDS = 600.0


class HeapPolicy:
    """A `gc.callbacks` entry: freeze after each full collection, thaw before one now and then."""

    def __init__(self, thaw_seconds: float = THAW_SECONDS, clock: Callable[[], float] = time.monotonic):
        self.thaw_seconds = thaw_seconds
        self._clock = clock
        self._thawed_at = clock()
        self.freezes = 0
        self.thaws = 0

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


def uninstall(policy: HeapPolicy) -> None:
    """Remove the policy and put every frozen object back under the collector."""
    with _install_lock:
        if policy in gc.callbacks:
            gc.callbacks.remove(policy)
        gc.unfreeze()
