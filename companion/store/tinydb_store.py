"""TinyDB backend, the embedded default: what is a document is a TinyDB document, a table's
actions are an append-only log beside it, and every change is fsynced before it is acknowledged.

The data folder holds:
- tables/<id>.json: the table's document (setup, secrets, seats; the version, actions and redo
  list it was created with, empty unless it was imported), and tables/<id>.log: every change
  since, one JSON line each (store/log.py says what a line holds). An action is one line and one
  fsync: 0.12 ms on the reference machine (p50; p99 0.21 ms), where a venue's 50 tables make
  10 actions a second, so no group commit is needed.
- index/<n>.json: each table's summary, by which its join code finds it (store/index.py).
- events/<id>.json and leagues/<id>.json: one document each, replaced on the revision it was
  built on.
A folder an earlier release wrote (its index.json, journal.log) is refused with the command that
converts it once: `companion migrate` (companion/migrate/).
"""
from __future__ import annotations

import os
import threading
from collections.abc import Callable
from pathlib import Path

from tinydb import TinyDB

from ..games.said import Said, said, word
from ..private_files import make_folder, tighten
from . import files, log
from .base import (
    GROUP,
    LEAGUE,
    NIGHT,
    NIGHTS_UNHARMED,
    TABLES_UNHARMED,
    StaleEvent,
    StaleGroup,
    StaleLeague,
    StaleWrite,
    Store,
    StoreError,
    TableDamaged,
    is_record_id,
    saving,
)
from .index import TableIndex, summary_of
from .schema import check_current, check_shape

LISTS = ("version", "actions", "redo")  # what a table's log changes; every other key is its document's
OLD_LAYOUT = ("index.json", "index.log", "journal.log")


class TinyDBStore(Store):
    """The embedded default store, under a data folder."""

    def __init__(self, folder: str | Path):
        self.folder = Path(folder)
        self.tables_dir, self.events_dir, self.leagues_dir = (self.folder / n for n in ("tables", "events", "leagues"))
        try:
            make_folder(self.folder, "tables", "events", "leagues")
        except OSError as exc:
            raise StoreError(f"Cannot create the data folder {self.folder}: {exc.strerror}.") from exc
        old = [name for name in OLD_LAYOUT if (self.folder / name).exists()]
        if old:
            raise StoreError(f"The data folder {self.folder} was written by an earlier release ({old[0]}): convert it "
                             f"once with 'companion migrate --data {self.folder}', then start the server again.")
        tighten(self.folder)  # a folder restored from an archive may be readable by every local user
        files.clean_leftovers(self.folder)
        # One writer at a time: a change's version check and its append are one step. An action
        # holds it for one append and one fsync (0.12 ms), far below a venue's 10 actions a second.
        self._write = threading.RLock()
        self._index = TableIndex(self.folder, self._stored_ids, self._read_table)

    # -- tables ----------------------------------------------------------------------------
    def create_table(self, record: dict) -> None:
        with self._write, saving(word("the new table")):
            self._document(record["id"], self.tables_dir).insert(record)
            try:
                self._index.add(summary_of(record))
            except OSError:
                # Not listed, so not created: leave nothing behind.
                self._path(record["id"], self.tables_dir).unlink(missing_ok=True)
                raise

    def load_table(self, table_id: str) -> dict | None:
        if not is_record_id(table_id):
            return None
        record = self._read_table(table_id)
        if record is None:
            return None
        try:
            return log.replay(record, files.read_log(self._log_path(table_id)))
        except OSError as exc:
            raise StoreError(said("The server could not read table '{id}': {reason}.", id=table_id,
                                  reason=str(exc.strerror or exc))) from exc
        except (ValueError, KeyError, IndexError, TypeError) as exc:
            raise TableDamaged(table_id, f"its change log cannot be read: {exc}") from None

    def save_table(self, record: dict, base: dict | None = None) -> None:
        table_id = record["id"]
        with self._write, saving(word("the change")):
            stored = self._stored(table_id)
            version = self._version(table_id, lambda: stored)
            if (base is not None and base["version"] != version) or record["version"] < version:
                raise StaleWrite(table_id, version)  # it would put back an older table
            if base is None:
                base = self.load_table(table_id)
            if record["version"] != version or any(record[k] != base[k] for k in LISTS):
                files.append(self._log_path(table_id), log.spliced(base, record))
            setup = {k: v for k, v in record.items() if k not in LISTS}
            if setup != {k: v for k, v in stored.items() if k not in LISTS}:
                self._replace({**setup, **{k: stored[k] for k in LISTS}}, self.tables_dir)

    def append_change(self, record: dict, change: dict) -> None:
        table_id = record["id"]
        with self._write, saving():
            version = self._version(table_id, lambda: self._stored(table_id))
            if change["version"] != version + 1:
                # Built on an older copy of the table (a cache filled by a slow read): storing it
                # would hand out a version that is already stored and acknowledged.
                raise StaleWrite(table_id, version)
            files.append(self._log_path(table_id), change)

    def _version(self, table_id: str, document: Callable[[], dict]) -> int:
        """The stored version of a table: its log's last change's, else its `document()`'s."""
        try:
            last = files.last_entry(self._log_path(table_id))
        except ValueError as exc:
            raise TableDamaged(table_id, f"its change log cannot be read: {exc}") from None
        return document()["version"] if last is None else last["version"]

    def _stored(self, table_id: str) -> dict:
        """A table's document, which a change needs: StoreError when its file is gone."""
        stored = self._read_table(table_id)
        if stored is None:
            raise StoreError(said("The file of table '{id}' is gone from the data folder: nothing was saved.", id=table_id))
        return stored

    def _read_table(self, table_id: str) -> dict | None:
        """A table's document (its record as created, without its log), or None if there is none."""
        try:
            record = self._read(table_id, self.tables_dir)
        except ValueError as exc:
            raise TableDamaged(table_id, str(exc)) from None
        if record is None:
            return None
        check_current(record, word("the table"))
        try:
            check_shape(record)
        except ValueError as exc:
            raise TableDamaged(table_id, str(exc)) from None
        return record

    def _stored_ids(self) -> set[str]:
        # os.listdir, not Path.glob: a third of the time at 10,000 tables (read once, at start-up).
        return {name[:-5] for name in os.listdir(self.tables_dir) if name.endswith(".json") and is_record_id(name[:-5])}

    def _log_path(self, table_id: str) -> Path:
        return self._path(table_id, self.tables_dir).with_suffix(".log")

    # -- documents -------------------------------------------------------------------------
    def _path(self, record_id: str, folder: Path) -> Path:
        if not is_record_id(record_id):
            raise KeyError(record_id)
        return folder / f"{record_id}.json"

    def _document(self, record_id: str, folder: Path) -> TinyDB:
        return TinyDB(self._path(record_id, folder), storage=files.DocumentFile)

    def _replace(self, record: dict, folder: Path) -> None:
        """Replace a file's one document with `record` whole (keys it no longer has go too)."""
        def replaced(document: dict) -> None:
            document.clear()
            document.update(record)
        self._document(record["id"], folder).update(replaced, doc_ids=[1])

    def _read(self, record_id: str, folder: Path) -> dict | None:
        """The record a document file holds, None when there is no such file; ValueError when it
        is damaged."""
        if not is_record_id(record_id):
            return None
        # Asked as text: a Path interns its parts, so unknown ids would grow the interned strings.
        if not os.path.exists(os.path.join(folder, f"{record_id}.json")):
            return None
        try:
            record = self._document(record_id, folder).get(doc_id=1)
        except OSError as exc:
            raise StoreError(said("The server could not read '{id}': {reason}.", id=record_id, reason=str(exc.strerror or exc))) from exc
        except ValueError as exc:
            raise ValueError(f"it is cut short or is not JSON: {exc}" if str(exc) != "it is empty" else "it is empty") from None
        except (TypeError, AttributeError):
            raise ValueError("it does not hold a record") from None
        if not isinstance(record, dict) or record.get("id") != record_id:
            raise ValueError("it does not hold this record")
        return dict(record)

    # -- index -----------------------------------------------------------------------------
    def table_for_code(self, join_code: str) -> str | None:
        return self._index.table_for_code(join_code)

    def table_count(self) -> int:
        return self._index.count()

    # -- nights and leagues ------------------------------------------------------------------
    def load_event(self, event_id: str) -> dict | None:
        record = self._load_kept(event_id, self.events_dir, NIGHT, TABLES_UNHARMED)
        if record is not None:
            check_current(record, NIGHT)
        return record

    def save_event(self, record: dict, base: int | None) -> None:
        self._save_kept(record, base, self.load_event, self.events_dir, NIGHT, StaleEvent)

    def load_league(self, league_id: str) -> dict | None:
        return self._load_kept(league_id, self.leagues_dir, LEAGUE, NIGHTS_UNHARMED)

    def save_league(self, record: dict, base: int | None) -> None:
        self._save_kept(record, base, self.load_league, self.leagues_dir, LEAGUE, StaleLeague)

    def load_group(self, group_id: str) -> dict | None:
        return self._load_kept(group_id, self.folder / "groups", GROUP, TABLES_UNHARMED)

    def save_group(self, record: dict, base: int | None) -> None:
        make_folder(self.folder, "groups")  # made with the first group
        self._save_kept(record, base, self.load_group, self.folder / "groups", GROUP, StaleGroup)

    def _load_kept(self, record_id: str, folder: Path, what: Said, unharmed: Said) -> dict | None:
        try:
            return self._read(record_id, folder)
        except ValueError as exc:
            raise StoreError(said(
                "The saved file of {what} '{id}' is damaged ({detail}); {unharmed}. The organiser can restore it "
                "from a backup: run 'companion restore BACKUP.tar.gz --data EMPTY_FOLDER', then copy {file} from "
                "there into the data folder (see docs/operations.md, Data, backups, restores).", what=what,
                id=record_id, detail=str(exc), unharmed=unharmed, file=f"{folder.name}/{record_id}.json")) from None

    def _save_kept(self, record: dict, base: int | None, load, folder: Path, what: Said, stale: type) -> None:
        """Store a night's or league's record on the revision `base` it was built on (None: new)."""
        with self._write:
            stored = load(record["id"])
            if base is None and stored is not None:
                raise StoreError(said("Another record took the id of {what} at the same moment: nothing was saved; try again.",
                                      what=what))
            if base is not None:
                if stored is None:
                    raise StoreError(said("The file of {what} '{id}' is gone from the data folder: nothing was saved.", what=what,
                                          id=record["id"]))
                if stored.get("revision", 0) != base:
                    raise stale(record["id"], stored.get("revision", 0))
            with saving(what):
                if stored is None:
                    self._document(record["id"], folder).insert(record)
                else:
                    self._replace(record, folder)

