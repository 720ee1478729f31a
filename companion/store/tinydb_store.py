"""TinyDB backend: one small database file per table, plus one index file.

One file per table keeps the cost of an action independent of how many tables are stored and
of how long other tables' logs are: an action rewrites only its own table's file.
"""
from __future__ import annotations

import errno
import json
import os
import re
import threading
import zlib
from pathlib import Path

from tinydb import Query, TinyDB

from .atomic import AtomicJSONStorage, clean_leftovers
from .base import Store, StoreError
from .migrations import migrate_event, migrate_table

_SAFE_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
# An action appends one line to its table's change log; every COMPACT_EVERY changes or so the
# whole record is rewritten (atomically) and the log emptied. So an action's cost stays flat
# however long the game, instead of re-encoding the whole table on every tap.
COMPACT_EVERY = 64


def compact_after(table_id: str) -> int:
    """Changes a table's log holds before it is compacted: 64 to 127, by table id. Tables started
    together would otherwise all rewrite their files in the same second (measured: a stall of
    every push at the load test's 50 tables)."""
    return COMPACT_EVERY + zlib.crc32(table_id.encode()) % COMPACT_EVERY


class TinyDBStore(Store):
    """The embedded default store, under a data folder."""

    def __init__(self, folder: str | Path):
        self.folder = Path(folder)
        self._log_lines: dict[str, int] = {}  # lines in each table's change log, once counted
        self.tables_dir = self.folder / "tables"
        self.events_dir = self.folder / "events"
        try:
            self.tables_dir.mkdir(parents=True, exist_ok=True)
            self.events_dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StoreError(f"Cannot create the data folder {self.folder}: {exc.strerror}.") from exc
        clean_leftovers(self.folder)
        self._index_lock = threading.Lock()
        self._index = TinyDB(self.folder / "index.json", storage=AtomicJSONStorage)
        self._tables = self._index.table("tables")

    def _path(self, table_id: str, folder: Path | None = None) -> Path:
        if not isinstance(table_id, str) or not _SAFE_ID.match(table_id):
            raise KeyError(table_id)
        return (folder or self.tables_dir) / f"{table_id}.json"

    def _db(self, table_id: str, folder: Path | None = None) -> TinyDB:
        return TinyDB(self._path(table_id, folder), storage=AtomicJSONStorage)

    def create_table(self, record: dict) -> None:
        with self._index_lock:
            self._guard(lambda: self._write_record(record))
            summary = {k: record[k] for k in ("id", "game", "players", "join_code", "created")}
            summary["over"] = False
            self._guard(lambda: self._tables.insert(summary))

    def load_table(self, table_id: str) -> dict | None:
        record = self._read_record(table_id, self.tables_dir)
        if record is None:
            return None
        return _replay(migrate_table(record), self._read_changes(table_id))

    def save_table(self, record: dict) -> None:
        def write():
            self._write_record(record)
            self._log_path(record["id"]).unlink(missing_ok=True)
            self._log_lines[record["id"]] = 0
        self._guard(write)

    def append_change(self, record: dict, change: dict) -> None:
        path = self._log_path(record["id"])
        line = (json.dumps(change, separators=(",", ":"), ensure_ascii=False) + "\n").encode("utf-8")

        def append():
            # Callers write one table at a time (the table service's lock), so its count is theirs.
            lines = self._log_lines.get(record["id"])
            if lines is None:
                lines = self._changes_since_compaction(path) if path.exists() else 0
            if lines >= compact_after(record["id"]):
                self._write_record(record)
                path.unlink(missing_ok=True)
                self._log_lines[record["id"]] = 0
                return
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
            try:
                os.write(fd, line)
                os.fsync(fd)
            finally:
                os.close(fd)
            self._log_lines[record["id"]] = lines + 1
        self._guard(append)

    def _log_path(self, table_id: str) -> Path:
        return self._path(table_id).with_suffix(".log")

    @staticmethod
    def _changes_since_compaction(path: Path) -> int:
        with open(path, "rb") as fh:
            return fh.read().count(b"\n")

    def _read_changes(self, table_id: str) -> list[dict]:
        path = self._log_path(table_id)
        if not path.exists():
            return []
        changes = []
        for raw in path.read_bytes().split(b"\n"):
            try:
                changes.append(json.loads(raw))
            except ValueError:
                break  # a torn last line: written before a crash, never acknowledged
        return changes

    def load_event(self, event_id: str) -> dict | None:
        record = self._read_record(event_id, self.events_dir)
        return migrate_event(record) if record is not None else None

    def save_event(self, record: dict) -> None:
        self._guard(lambda: self._write_record(record, self.events_dir))

    def _read_record(self, record_id: str, folder: Path) -> dict | None:
        try:
            path = self._path(record_id, folder)
        except KeyError:
            return None
        if not path.exists():
            return None
        docs = self._db(record_id, folder).table("table").all()
        return dict(docs[0]["record"]) if docs else None

    def _write_record(self, record: dict, folder: Path | None = None) -> None:
        # truncate + insert would be two writes; storage.write of the whole document is one.
        db = self._db(record["id"], folder)
        db.storage.write({"table": {"1": {"record": record}}})

    def table_for_code(self, join_code: str) -> str | None:
        with self._index_lock:
            found = self._tables.get(Query().join_code == join_code)
        return found["id"] if found else None

    def recent_tables(self, limit: int = 20) -> list[dict]:
        with self._index_lock:
            docs = self._tables.all()
        return sorted(docs, key=lambda d: d["created"], reverse=True)[:limit]

    def update_index(self, table_id: str, **fields) -> None:
        with self._index_lock:
            self._guard(lambda: self._tables.update(fields, Query().id == table_id))

    def table_count(self) -> int:
        with self._index_lock:
            return len(self._tables)

    @staticmethod
    def _guard(write):
        try:
            return write()
        except OSError as exc:
            if exc.errno in (errno.ENOSPC, errno.EDQUOT):
                raise StoreError("The server's disk is full: the action was not saved.") from exc
            if exc.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
                raise StoreError("The server cannot write its data folder: the action was not saved.") from exc
            raise StoreError(f"The server could not save: {exc.strerror or exc}.") from exc


def _replay(record: dict, changes: list[dict]) -> dict:
    """The record after the changes logged since it was written (older ones are skipped)."""
    actions, redo, version = list(record["actions"]), list(record["redo"]), record["version"]
    for change in changes:
        if change["version"] <= version:
            continue
        if change["op"] == "act":
            actions.append(change["entry"])
            redo = []
        elif change["op"] == "undo":
            redo.append(actions.pop())
        elif change["op"] == "redo":
            actions.append(redo.pop())
        version = change["version"]
    return {**record, "actions": actions, "redo": redo, "version": version}
