"""TinyDB backend: one small database file per table with its change log, plus the table index.

One file per table keeps the cost of an action independent of how many tables are stored and
of how long other tables' logs are: an action appends one line to its own table's change log.
That line is made durable by the store's journal (journal.py): one fsync for the changes of every
table that arrived together, instead of one fsync per action.
"""
from __future__ import annotations

import json
import os
import threading
import zlib
from pathlib import Path
from typing import NamedTuple

from tinydb import TinyDB

from ..private_files import make_folder, tighten
from . import jsonlog
from .atomic import AtomicJSONStorage, clean_leftovers
from .base import StaleWrite, Store, StoreError, TableDamaged, check_shape, is_record_id, saving
from .index import TableIndex, summary_of
from .journal import Journal
from .locks import KeyedLocks
from .migrations import NewerSchema, migrate_table
from .tinydb_records import NightsAndLeagues

# An action appends one line to its table's change log; every COMPACT_EVERY changes or so the
# whole record is rewritten (atomically) and the log emptied. So an action's cost stays flat
# however long the game, instead of re-encoding the whole table on every tap.
COMPACT_EVERY = 64


def compact_after(table_id: str) -> int:
    """Changes a table's log holds before it is compacted: 64 to 127, by table id. Tables started
    together would otherwise all rewrite their files in the same second (measured: a stall of
    every push at the load test's 50 tables)."""
    return COMPACT_EVERY + zlib.crc32(table_id.encode()) % COMPACT_EVERY


class LogState(NamedTuple):
    """A table's change log as stored: its whole lines, their bytes, and the table's version."""

    changes: int
    size: int
    version: int


class TinyDBStore(NightsAndLeagues, Store):
    """The embedded default store, under a data folder."""

    def __init__(self, folder: str | Path):
        self.folder = Path(folder)
        self.tables_dir = self.folder / "tables"
        self.events_dir = self.folder / "events"
        self.leagues_dir = self.folder / "leagues"
        try:
            make_folder(self.folder, self.tables_dir.name, self.events_dir.name, self.leagues_dir.name)
        except OSError as exc:
            raise StoreError(f"Cannot create the data folder {self.folder}: {exc.strerror}.") from exc
        tighten(self.folder)  # a folder an earlier version left readable to every local user
        clean_leftovers(self.folder)
        # Reading a table and writing it are serialised per table: a reader must never cut what it
        # takes for a torn tail while a writer is still appending it. One lock per table, never
        # shared: a writer keeps it until the journal's fsync, and two tables sharing one would not
        # share that fsync.
        self._table_locks = KeyedLocks()
        self._events_lock = threading.Lock()  # an event's (or league's) revision check and its write, as one step
        # What this store last read or wrote of each table: appends go right after the log's
        # whole lines, whatever a failed write may have left beyond them.
        self._logs: dict[str, LogState] = {}
        self._journal = Journal(self.folder)
        try:
            self._recover(self._journal.leftovers())
            self._journal.start()
        except OSError as exc:
            raise StoreError(f"Cannot open the journal in {self.folder}: {exc.strerror or exc}.") from exc
        self._index = TableIndex(self.folder, self._stored_ids, self._read_table)

    def _recover(self, leftovers: list[tuple[str, bytes]]) -> None:
        """Copy into the tables' logs (fsynced) the journaled changes a crash kept from them."""
        for table_id, line in leftovers:
            try:
                stored = self._log_state(table_id)
            except (StoreError, KeyError):
                continue  # a damaged table says so when it is opened; its other changes wait there
            change = json.loads(line)
            if change["version"] == stored.version + 1:
                size = jsonlog.append(self._log_path(table_id), line, stored.size)
                self._logs[table_id] = LogState(stored.changes + 1, size, change["version"])

    # -- tables ----------------------------------------------------------------------------
    def create_table(self, record: dict) -> None:
        with self._table_lock(record["id"]):
            with saving("the new table"):
                self._write_record(record)
            self._logs[record["id"]] = LogState(0, 0, record["version"])
            try:
                with saving("the new table"):
                    self._index.add(summary_of(record))
            except StoreError:
                # Not listed, so not created: leave nothing behind (the next start would list a
                # file that is left anyway, harmlessly: nobody was given its id).
                self._path(record["id"]).unlink(missing_ok=True)
                self._logs.pop(record["id"], None)
                raise

    def load_table(self, table_id: str) -> dict | None:
        if not is_record_id(table_id):
            return None
        with self._table_lock(table_id):
            return self._load(table_id)

    def save_table(self, record: dict, base: dict | None = None) -> None:
        # One process owns the folder and the service holds the table's lock: `base` adds nothing.
        with self._table_lock(record["id"]), saving("the change"):
            stored = self._log_state(record["id"])
            if record["version"] < stored.version:
                raise StaleWrite(record["id"], stored.version)  # it would put back an older table
            self._rewrite(record)

    def append_change(self, record: dict, change: dict) -> None:
        table_id = record["id"]
        with self._table_lock(table_id), saving("the action"):
            stored = self._log_state(table_id)
            if change["version"] != stored.version + 1:
                # Built on an older copy of the table (a cache filled by a slow read): storing it
                # would hand out a version that is already stored and acknowledged.
                raise StaleWrite(table_id, stored.version)
            if stored.changes >= compact_after(table_id):
                try:
                    return self._rewrite(record)
                except OSError:
                    pass  # a nearly full disk may still take one line where a whole file does not fit
            path = self._log_path(table_id)
            try:
                size = jsonlog.append(path, jsonlog.encode(change), stored.size, sync=False)
            except jsonlog.LogShrank:
                self._logs.pop(table_id, None)  # read afresh next time; this change is refused
                raise
            try:
                self._journal.commit(table_id, change)  # acknowledged only once on disk
            except OSError:
                self._logs.pop(table_id, None)  # read afresh next time (after the cut below)
                try:
                    jsonlog.cut_back(path, stored.size)
                except OSError:
                    pass  # the next append cuts it before writing (it checks the size)
                raise
            self._logs[table_id] = LogState(stored.changes + 1, size, change["version"])

    def _load(self, table_id: str) -> dict | None:
        """The record with its change log replayed (the caller holds the table's stripe lock).
        The first time in this process a torn tail of the log (a write that a crash or a full
        disk cut short: never acknowledged) is cut off, before anything is appended; after that
        only the bytes this store wrote are read."""
        record = self._read_table(table_id)
        if record is None:
            return None
        path, known = self._log_path(table_id), self._logs.get(table_id)
        try:
            changes, size = jsonlog.read_whole_lines(path, known.size if known else None)
            record = jsonlog.replay(record, changes)
        except OSError as exc:
            raise StoreError(f"The server could not read table '{table_id}': {exc.strerror or exc}.") from exc
        except (ValueError, KeyError, IndexError, TypeError) as exc:
            self._logs.pop(table_id, None)
            raise TableDamaged(table_id, f"its change log cannot be read: {exc}") from None
        if known is None:
            try:
                jsonlog.cut_back(path, size)
            except OSError:
                pass  # the next append cuts it before writing (jsonlog.append checks the size)
        self._logs[table_id] = LogState(len(changes), size, record["version"])
        return record

    def _rewrite(self, record: dict) -> None:
        """Compaction: the whole record written atomically, then its (now folded) log removed."""
        self._write_record(record)
        self._logs.pop(record["id"], None)  # unknown until the log is gone: re-read if unlink fails
        self._log_path(record["id"]).unlink(missing_ok=True)
        self._logs[record["id"]] = LogState(0, 0, record["version"])

    def _log_state(self, table_id: str) -> "LogState":
        if table_id not in self._logs and self._load(table_id) is None:
            raise StoreError(f"The file of table '{table_id}' is gone from the data folder: nothing was saved.")
        return self._logs[table_id]

    def _read_table(self, table_id: str) -> dict | None:
        """A table's record as last written whole (without its log), or None if there is none."""
        try:
            record = self._read_record(table_id, self.tables_dir)
        except ValueError as exc:
            raise TableDamaged(table_id, str(exc)) from None
        if record is None:
            return None
        try:
            record = migrate_table(record)
            check_shape(record)
        except NewerSchema as exc:
            raise StoreError(f"{exc} Run the newer version of the app.") from None
        except ValueError as exc:
            raise TableDamaged(table_id, str(exc)) from None
        except (KeyError, TypeError) as exc:
            raise TableDamaged(table_id, f"it lacks {exc}") from None
        return record

    def _stored_ids(self) -> set[str]:
        # os.listdir, not Path.glob: a third of the time at 10,000 tables (read once, at start-up).
        return {name[:-5] for name in os.listdir(self.tables_dir) if name.endswith(".json") and is_record_id(name[:-5])}

    def _log_path(self, table_id: str) -> Path:
        return self._path(table_id).with_suffix(".log")

    def _table_lock(self, table_id: str):
        return self._table_locks.lock(table_id)

    # -- files -----------------------------------------------------------------------------
    def _path(self, record_id: str, folder: Path | None = None) -> Path:
        if not is_record_id(record_id):
            raise KeyError(record_id)
        return (folder or self.tables_dir) / f"{record_id}.json"

    def _read_record(self, record_id: str, folder: Path) -> dict | None:
        """The record in a file, None when there is no such file; ValueError when it is damaged."""
        if not is_record_id(record_id):
            return None
        # Asked as text: a Path interns its parts, so unknown ids would grow the interned strings.
        if not os.path.exists(os.path.join(folder, f"{record_id}.json")):
            return None
        try:
            document = AtomicJSONStorage(self._path(record_id, folder)).read()
        except OSError as exc:
            raise StoreError(f"The server could not read '{record_id}': {exc.strerror or exc}.") from exc
        except ValueError:
            raise ValueError("it is cut short or is not JSON") from None
        if document is None:
            raise ValueError("it is empty")
        try:
            docs = list(document["table"].values())
            record = docs[0]["record"]
        except (KeyError, TypeError, AttributeError, IndexError):
            raise ValueError("it does not hold a record") from None
        if not isinstance(record, dict) or record.get("id") != record_id:
            raise ValueError("it holds another record")
        return dict(record)

    def _write_record(self, record: dict, folder: Path | None = None) -> None:
        # truncate + insert would be two writes; storage.write of the whole document is one.
        db = TinyDB(self._path(record["id"], folder), storage=AtomicJSONStorage)
        db.storage.write({"table": {"1": {"record": record}}})

    # -- index -----------------------------------------------------------------------------
    def table_for_code(self, join_code: str) -> str | None:
        return self._index.table_for_code(join_code)

    def recent_tables(self, limit: int = 20) -> list[dict]:
        return self._index.recent(limit)

    def update_index(self, table_id: str, **fields) -> None:
        # The service calls this after the change that ended a game was stored and cached: an
        # error here would answer 503 for an action that was kept. The listing is a convenience
        # (the table's own file says whether it is over), so a disk that cannot take the line
        # leaves it changed in memory only.
        try:
            self._index.update(table_id, fields)
        except OSError:
            pass

    def table_count(self) -> int:
        return self._index.count()

