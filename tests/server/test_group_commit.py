"""Group commit (companion/store/journal.py): tables acting at the same moment share one fsync of
the store's journal, each action is acknowledged only after the fsync that covers it, and a crash
in the middle of a batch loses no acknowledged action and keeps no refused one."""
from __future__ import annotations

import errno
import os
import threading
import time


from companion.store import StoreError, TinyDBStore, jsonlog
from companion.store.journal import Journal
from companion.tables import TableService

TABLES = 12


def give(state):
    owed = state["pending"][0]
    card = {"value": 1, "kind": "plain"}
    if owed["type"] == "draw":
        return {"type": "draw", "card": card}
    return {"type": "give", "to": owed["to"][0], "card": card}


def journal_fsyncs(monkeypatch, hold_first=lambda: None, fail_from: int | None = None):
    """Wrap the store's fsync: record each fsync of a journal (the bytes it made durable, and
    when it ended); the first one waits for `hold_first()`, those from `fail_from` on fail."""
    done: list[tuple[float, bytes]] = []
    real = jsonlog.fsync

    def counted(fd):
        if not os.readlink(f"/proc/self/fd/{fd}").endswith("journal.log"):
            return real(fd)
        if fail_from is not None and len(done) >= fail_from:
            done.append((time.monotonic(), b""))
            raise OSError(errno.EIO, "Input/output error")
        if not done:
            hold_first()  # the others arrive meanwhile: they must share the next fsync
        real(fd)
        os.lseek(fd, 0, os.SEEK_SET)
        with open(f"/proc/self/fd/{fd}", "rb") as fh:
            done.append((time.monotonic(), fh.read()))

    monkeypatch.setattr(jsonlog, "fsync", counted)
    return done


def act_at_once(svc, tables):
    """Every table acts at the same moment from its own thread; (table id, acknowledged at, error)."""
    results = []
    lock = threading.Lock()

    def act(table):
        try:
            svc.act(table.id, table.record["host_token"], give(table.state))
            outcome = (table.id, time.monotonic(), None)
        except StoreError as exc:
            outcome = (table.id, time.monotonic(), exc)
        with lock:
            results.append(outcome)

    threads = [threading.Thread(target=act, args=(t,)) for t in tables]
    for t in threads:
        t.start()
        time.sleep(0.005)  # the first one is in its fsync before the others arrive
    for t in threads:
        t.join()
    return results


def make_tables(folder, n=TABLES):
    svc = TableService(TinyDBStore(folder))
    return svc, [svc.create("gangs", ["Ann", "Bob", "Cy"], {"first_player": 0}, seed=i) for i in range(n)]


def test_tables_acting_together_share_one_fsync_and_are_acknowledged_only_after_it(tmp_path, monkeypatch):
    svc, tables = make_tables(tmp_path)
    journal = svc.store._journal

    def until_the_others_wait():  # however busy the machine, the first fsync lasts until then
        deadline = time.monotonic() + 20
        while len(journal._waiting) < TABLES - 1 and time.monotonic() < deadline:
            time.sleep(0.01)

    fsyncs = journal_fsyncs(monkeypatch, until_the_others_wait)
    results = act_at_once(svc, tables)
    assert all(error is None for _, _, error in results)
    # The first action's fsync, then one fsync for the eleven that arrived while it ran.
    assert len(fsyncs) == 2
    for table_id, acknowledged, _ in results:
        covering = [ended for ended, durable in fsyncs if f'"t":"{table_id}"'.encode() in durable]
        assert covering and min(covering) <= acknowledged  # on disk before its reply
    reopened = TableService(TinyDBStore(tmp_path))
    assert all(reopened.get(t.id).version == 1 for t in tables)


def test_a_power_cut_that_loses_the_tables_logs_loses_no_acknowledged_action(tmp_path):
    svc, tables = make_tables(tmp_path, 4)
    for round_ in range(3):
        for t in tables:
            svc.act(t.id, t.record["host_token"], give(svc.get(t.id).state))
    # The tables' logs were written but not fsynced (the journal was): a power cut may lose them.
    for log in (tmp_path / "tables").glob("*.log"):
        log.write_bytes(log.read_bytes()[: log.stat().st_size // 3])
    reopened = TableService(TinyDBStore(tmp_path))
    for t in tables:
        assert reopened.get(t.id).version == 3
        assert reopened.get(t.id).record["actions"] == svc.get(t.id).record["actions"]


def test_a_failed_fsync_acknowledges_none_of_its_batch_keeps_none_and_never_reuses_a_version(tmp_path, monkeypatch):
    svc, tables = make_tables(tmp_path, 6)
    first = tables[0]
    svc.act(first.id, first.record["host_token"], give(first.state))  # acknowledged before the failure
    fsyncs = journal_fsyncs(monkeypatch, fail_from=0)
    results = act_at_once(svc, tables[1:])
    assert fsyncs and all(isinstance(error, StoreError) for _, _, error in results)
    monkeypatch.undo()
    # A crash now: what the next start finds is the acknowledged action and none of the others.
    reopened = TableService(TinyDBStore(tmp_path))
    assert reopened.get(first.id).version == 1
    assert all(reopened.get(t.id).version == 0 for t in tables[1:])
    again, _ = reopened.act(tables[1].id, tables[1].record["host_token"], give(tables[1].state))
    assert again.version == 1 and TableService(TinyDBStore(tmp_path)).get(tables[1].id).version == 1


def test_a_full_journal_is_checkpointed_and_a_restart_in_between_loses_nothing(tmp_path, monkeypatch):
    monkeypatch.setattr("companion.store.journal.ROTATE_BYTES", 2000)
    store = TinyDBStore(tmp_path)
    svc = TableService(store)
    tables = [svc.create("gangs", ["Ann", "Bob", "Cy"], {"first_player": 0}, seed=i) for i in range(3)]
    for _ in range(8):
        for t in tables:
            svc.act(t.id, t.record["host_token"], give(svc.get(t.id).state))
            # A checkpoint still running lets the journal grow past the size (no second rotation
            # while one runs): on a slow disk that is right, but the size below would then be luck.
            store._journal.wait_checkpoint(5)
    assert not (tmp_path / "journal.old").exists()  # its tables' logs were fsynced, then it went
    assert (tmp_path / "journal.log").stat().st_size < 2000 + 1000
    reopened = TableService(TinyDBStore(tmp_path))
    assert [reopened.get(t.id).version for t in tables] == [8, 8, 8]


def test_a_journal_line_cut_short_by_a_crash_is_not_replayed(tmp_path):
    svc, tables = make_tables(tmp_path, 1)
    acted, _ = svc.act(tables[0].id, tables[0].record["host_token"], give(tables[0].state))
    journal = Journal(tmp_path)
    with open(journal.path, "ab") as fh:
        fh.write(b'{"t":"%s","c":{"op":"act","version":2,"ent' % tables[0].id.encode())
    assert [table_id for table_id, _ in journal.leftovers()] == [tables[0].id]
    assert TableService(TinyDBStore(tmp_path)).get(tables[0].id).version == acted.version == 1
