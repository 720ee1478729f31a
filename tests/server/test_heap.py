"""The server's garbage-collection policy (companion/server/heap.py): full collections walk only
what is new, and cycles that die among long-lived objects are still freed at the next thaw."""
from __future__ import annotations

import gc
import time
import types
import weakref

import pytest
from flask import Flask

from companion.server import heap
from companion.server.gunicorn_conf import post_worker_init, pre_request


class Clock:
    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now


class Node:
    """A cycle's member (weak-referenceable, so a test can see when it is freed)."""


@pytest.fixture
def policy():
    clock = Clock()
    installed = heap.install(heap.HeapPolicy(thaw_seconds=3600, idle_thaw_seconds=600, quiet_seconds=2, clock=clock))
    installed.clock = clock
    try:
        yield installed
    finally:
        heap.uninstall(installed)


def cycle() -> weakref.ref:
    a, b = Node(), Node()
    a.other, b.other = b, a
    return weakref.ref(a), (a, b)


def test_a_full_collection_freezes_its_survivors(policy):
    long_lived = [{"entry": n} for n in range(1000)]
    gc.collect()
    assert policy.freezes == 1
    assert gc.get_freeze_count() >= len(long_lived)
    tracked = len(gc.get_objects())
    # The next full collection walks only what was made since: the frozen objects are not tracked
    # by any generation.
    assert tracked < gc.get_freeze_count()


def test_a_cycle_dying_among_frozen_objects_is_freed_at_a_quiet_moments_thaw(policy):
    ref, members = cycle()
    gc.collect()  # the cycle is alive: frozen
    del members
    gc.collect()
    assert ref() is not None, "frozen cycles are not walked before a thaw"
    policy.clock.now = 599.0
    assert not policy.tick() and ref() is not None, "not due yet"
    policy.clock.now = 700.0
    policy.touch()
    policy.clock.now = 701.0
    assert not policy.tick() and ref() is not None, "due, but a request came a second ago"
    policy.clock.now = 703.0
    assert policy.tick(), "due and quiet for two seconds"
    assert ref() is None, "the thaw's full collection freed it"
    assert policy.thaws == 1 and gc.get_freeze_count() > 0, "the survivors are frozen again"
    assert not policy.tick(), "the next one is due ten minutes later"


def test_a_server_that_is_never_quiet_thaws_at_a_full_collection_after_an_hour(policy):
    ref, members = cycle()
    gc.collect()
    del members
    policy.clock.now = 3599.0
    policy.touch()
    assert not policy.tick()
    gc.collect()
    assert ref() is not None
    policy.clock.now = 3600.0
    policy.touch()
    gc.collect()
    assert ref() is None and policy.thaws == 1


def test_idle_thaws_run_on_their_own_thread(policy):
    policy.clock.now = 10_000.0
    stop = heap.start_idle_thaws(policy)
    try:
        for _ in range(300):
            if policy.thaws:
                break
            stop.wait(0.01)
    finally:
        stop.set()
    assert policy.thaws == 1


def test_objects_freed_by_reference_counting_are_freed_while_frozen(policy):
    owner = {"log": [Node()]}
    ref = weakref.ref(owner["log"][0])
    gc.collect()
    owner["log"].clear()
    assert ref() is None


def test_only_full_collections_freeze(policy):
    gc.collect(0)
    gc.collect(1)
    assert policy.freezes == 0


def test_installing_twice_keeps_one_policy_and_uninstall_unfreezes(policy):
    assert heap.install() is policy
    assert sum(isinstance(c, heap.HeapPolicy) for c in gc.callbacks) == 1
    gc.collect()
    assert gc.get_freeze_count() > 0
    heap.uninstall(policy)
    assert gc.get_freeze_count() == 0 and policy not in gc.callbacks


def test_the_servers_worker_installs_the_policy_and_each_request_touches_it():
    worker = types.SimpleNamespace(wsgi=Flask(__name__), sockets=[])
    installed = []
    try:
        post_worker_init(worker)
        installed = [c for c in gc.callbacks if isinstance(c, heap.HeapPolicy)]
        assert installed == [worker.heap_policy]
        before = worker.heap_policy._last_request
        time.sleep(0.01)
        pre_request(worker, req=None)
        assert worker.heap_policy._last_request > before
    finally:
        if hasattr(worker, "heap_thaws"):
            worker.heap_thaws.set()
        for c in installed:
            heap.uninstall(c)
