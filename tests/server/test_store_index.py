"""The table index: a create costs the same however many tables are stored, the index survives
restarts and a crash between a create's two writes, and a create that cannot be listed leaves
nothing behind."""
from __future__ import annotations

import errno
import os
import statistics
import time

import pytest

from companion.store import StoreError, TinyDBStore, files
from companion.tables import TableService

PLAYERS = ["Ann", "Bob", "Cy", "Dee"]


def bytes_written() -> int:
    """Bytes this process has passed to write() so far (Linux's /proc/self/io)."""
    with open("/proc/self/io") as fh:
        return next(int(line.split()[1]) for line in fh if line.startswith("wchar:"))


def filled(folder, tables: int) -> TableService:
    svc = TableService(TinyDBStore(folder))
    for n in range(tables):
        svc.create("gangs", PLAYERS, {"first_player": 0}, seed=n)
    return svc


def test_creating_a_table_costs_the_same_with_thousands_of_tables_as_with_ten(tmp_path, monkeypatch):
    monkeypatch.setattr(os, "fsync", lambda fd: None)  # the disk's latency is not what is measured here
    few, many = filled(tmp_path / "few", 10), filled(tmp_path / "many", 2000)
    written = {"few": [], "many": []}
    seconds = {"few": [], "many": []}
    for n in range(30):
        for name, svc in (("few", few), ("many", many)):  # alternating: both see the same machine load
            before, started = bytes_written(), time.perf_counter()
            svc.create("gangs", PLAYERS, {"first_player": 0}, seed=n)
            seconds[name].append(time.perf_counter() - started)
            written[name].append(bytes_written() - before)
    # Bytes are exact (no noise): a create writes its own table and one shard of the index, never the whole index.
    assert statistics.median(written["many"]) <= 1.05 * statistics.median(written["few"])
    # Time is noisy on a shared machine, so the bound is loose; rewriting a 2,000-table index is far past it.
    assert statistics.median(seconds["many"]) <= 2 * statistics.median(seconds["few"]) + 0.001


def test_join_codes_and_listings_survive_restarts_and_a_crash_between_a_creates_two_writes(tmp_path, monkeypatch):
    svc = filled(tmp_path, 3)
    real_write = files.DocumentFile.write

    def crash_before_the_index(self, data):  # the table's document is written, then the power goes
        if self.path.parent.name == "index":
            raise SystemExit("power cut")
        real_write(self, data)

    monkeypatch.setattr(files.DocumentFile, "write", crash_before_the_index)
    with pytest.raises(SystemExit):
        svc.create("gangs", PLAYERS, {"first_player": 0}, seed=8)
    monkeypatch.undo()
    reopened = TableService(TinyDBStore(tmp_path))
    assert reopened.store.table_count() == 4  # the unlisted table file is listed again
    added = reopened.create("gangs", PLAYERS, {"first_player": 0}, seed=9)
    store = TinyDBStore(tmp_path)
    assert store.table_count() == 5
    assert store.table_for_code(added.record["join_code"]) == added.id


def test_a_create_that_cannot_be_listed_is_refused_and_leaves_nothing_behind(tmp_path, monkeypatch):
    svc = filled(tmp_path, 2)
    real = files.DocumentFile.write

    def disk_full(*_args):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(files.DocumentFile, "write", lambda self, data: disk_full() if self.path.parent.name == "index" else real(self, data))
    with pytest.raises(StoreError, match="disk is full"):
        svc.create("gangs", PLAYERS, {"first_player": 0}, seed=5)
    monkeypatch.undo()
    assert len(list((tmp_path / "tables").glob("*.json"))) == 2
    assert svc.store.table_count() == TinyDBStore(tmp_path).table_count() == 2
