"""The server's garbage-collection policy (companion/heap.py): full collections walk only what is
new, and cycles that die among long-lived objects are still freed at the next thaw."""
from __future__ import annotations

import gc
import weakref

import pytest

from companion import heap
from companion.gunicorn_conf import post_worker_init


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
    installed = heap.install(heap.HeapPolicy(thaw_seconds=600, clock=clock))
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


def test_a_cycle_dying_among_frozen_objects_waits_for_the_thaw_then_is_freed(policy):
    ref, members = cycle()
    gc.collect()  # the cycle is alive: frozen
    del members
    gc.collect()
    assert ref() is not None, "frozen cycles are not walked before the thaw"
    policy.clock.now = 599.0
    gc.collect()
    assert ref() is not None and policy.thaws == 0
    policy.clock.now = 600.0
    gc.collect()
    assert ref() is None, "the thaw lets the full collection free it"
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


def test_the_servers_worker_installs_the_policy():
    installed = []
    try:
        post_worker_init(worker=None)
        installed = [c for c in gc.callbacks if isinstance(c, heap.HeapPolicy)]
        assert len(installed) == 1
    finally:
        for c in installed:
            heap.uninstall(c)
