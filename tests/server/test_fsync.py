"""Every acknowledged change is on disk before its reply (companion/store/files.py): each action
is fsynced in its table's log before `act` returns, tables acting at the same moment each get
theirs, and a failed fsync acknowledges nothing, keeps nothing and never reuses a version."""
from __future__ import annotations

import errno
import os
import threading
import time

from companion.store import StoreError, TinyDBStore, files
from companion.tables import TableService

TABLES = 12


def give(state):
    owed = state["pending"][0]
    card = {"value": 1, "kind": "plain"}
    if owed["type"] == "draw":
        return {"type": "draw", "card": card}
    return {"type": "give", "to": owed["to"][0], "card": card}


def log_fsyncs(monkeypatch, fail: bool = False):
    """Wrap the store's fsync: record each fsync of a table's log (when it ended, and the bytes it
    made durable, in which file); with `fail`, each one fails instead."""
    done: list[tuple[float, str, bytes]] = []
    real = files.fsync

    def counted(fd):
        path = os.readlink(f"/proc/self/fd/{fd}")
        if not path.endswith(".log"):
            return real(fd)
        if fail:
            done.append((time.monotonic(), path, b""))
            raise OSError(errno.EIO, "Input/output error")
        real(fd)
        with open(path, "rb") as fh:
            done.append((time.monotonic(), path, fh.read()))

    monkeypatch.setattr(files, "fsync", counted)
    return done


def act_at_once(svc, tables):
    """Every table acts at the same moment from its own thread; (table id, acknowledged at, error)."""
    results, lock = [], threading.Lock()

    def act(table):
        try:
            acted, _ = svc.act(table.id, table.record["host_token"], give(table.state))
            outcome = (table.id, time.monotonic(), acted.record["actions"][-1]["at"], None)
        except StoreError as exc:
            outcome = (table.id, time.monotonic(), None, exc)
        with lock:
            results.append(outcome)

    threads = [threading.Thread(target=act, args=(t,)) for t in tables]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return results


def make_tables(folder, n=TABLES):
    svc = TableService(TinyDBStore(folder))
    return svc, [svc.create("gangs", ["Ann", "Bob", "Cy"], {"first_player": 0}, seed=i) for i in range(n)]


def test_tables_acting_together_are_each_acknowledged_only_after_their_fsync(tmp_path, monkeypatch):
    svc, tables = make_tables(tmp_path)
    fsyncs = log_fsyncs(monkeypatch)
    results = act_at_once(svc, tables)
    assert all(error is None for *_, error in results)
    for table_id, acknowledged, at, _ in results:
        covering = [ended for ended, path, durable in fsyncs if table_id in path and at.encode() in durable]
        assert covering and min(covering) <= acknowledged  # on disk before its reply
    reopened = TableService(TinyDBStore(tmp_path))
    assert all(reopened.get(t.id).version == 1 for t in tables)


def test_a_failed_fsync_acknowledges_nothing_keeps_nothing_and_never_reuses_a_version(tmp_path, monkeypatch):
    svc, tables = make_tables(tmp_path, 6)
    first = tables[0]
    svc.act(first.id, first.record["host_token"], give(first.state))  # acknowledged before the failure
    fsyncs = log_fsyncs(monkeypatch, fail=True)
    results = act_at_once(svc, tables[1:])
    assert fsyncs and all(isinstance(error, StoreError) for *_, error in results)
    monkeypatch.undo()
    # A crash now: what the next start finds is the acknowledged action and none of the others.
    reopened = TableService(TinyDBStore(tmp_path))
    assert reopened.get(first.id).version == 1
    assert all(reopened.get(t.id).version == 0 for t in tables[1:])
    again, _ = reopened.act(tables[1].id, tables[1].record["host_token"], give(tables[1].state))
    assert again.version == 1 and TableService(TinyDBStore(tmp_path)).get(tables[1].id).version == 1
