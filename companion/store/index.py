"""The table index of the embedded store: every table's summary (id, game, players, join code,
created) as TinyDB documents, in shards of SHARD tables (index/0.json, index/1.json, ...).

A create inserts into the newest shard, so it rewrites at most SHARD summaries however many tables
are stored (one file of them all cost 87.6 ms a create at 10,000 tables). The join codes and the
summaries are held in memory, read from the shards when the store opens. The index only
repeats what the table files hold: a shard that cannot be read is dropped and a table file no
shard lists (a crash between a create's two writes) is listed again from its file.
"""
from __future__ import annotations

import os
import threading
from collections.abc import Callable, Iterable
from pathlib import Path

from tinydb import TinyDB

from ..private_files import make_folder
from .base import StoreError
from .files import DocumentFile

SHARD = 100
SUMMARY_FIELDS = ("id", "game", "players", "join_code", "created")


def summary_of(record: dict) -> dict:
    """The index entry of a table record."""
    return {k: record[k] for k in SUMMARY_FIELDS}


class TableIndex:
    """Join codes and summaries of all tables; `add` rewrites one shard."""

    def __init__(self, folder: Path, table_ids: Callable[[], Iterable[str]], read_record: Callable[[str], dict | None]):
        make_folder(folder, "index")
        self.folder = folder / "index"
        self._lock = threading.Lock()
        self._summaries: dict[str, dict] = {}  # by id, oldest first
        self._shard_of: dict[str, int] = {}
        self._by_code: dict[str, str] = {}
        self._newest, self._newest_size = 0, 0
        self._open(set(table_ids()), read_record)

    def add(self, summary: dict) -> None:
        """List a new table (OSError, having changed nothing, when it cannot be written)."""
        with self._lock:
            shard = self._newest + (self._newest_size >= SHARD)
            self._shard(shard).insert(summary)
            self._newest, self._newest_size = shard, (self._newest_size + 1 if shard == self._newest else 1)
            self._remember(summary, shard)

    def table_for_code(self, join_code: str) -> str | None:
        """The id of the table with this join code, or None."""
        with self._lock:
            return self._by_code.get(join_code)

    def count(self) -> int:
        """How many tables are listed."""
        with self._lock:
            return len(self._summaries)

    def _shard(self, number: int) -> TinyDB:
        return TinyDB(self.folder / f"{number}.json", storage=DocumentFile)

    def _remember(self, summary: dict, shard: int) -> None:
        self._summaries[summary["id"]] = summary
        self._shard_of[summary["id"]] = shard
        self._by_code[summary["join_code"]] = summary["id"]

    def _open(self, stored: set[str], read_record: Callable[[str], dict | None]) -> None:
        found: list[tuple[dict, int]] = []
        numbers = sorted(int(name[:-5]) for name in os.listdir(self.folder) if name.endswith(".json") and name[:-5].isdigit())
        for number in numbers:
            try:
                docs = self._shard(number).all()
            except (ValueError, TypeError, AttributeError):
                (self.folder / f"{number}.json").unlink()  # damaged: its tables are listed again below
                continue
            found.extend((dict(doc), number) for doc in docs if isinstance(doc.get("id"), str) and "join_code" in doc)
            self._newest, self._newest_size = number, len(docs)
        for summary, shard in sorted(found, key=lambda item: str(item[0].get("created", ""))):
            if summary["id"] in stored:  # else its file was removed by hand: nothing to open or join
                self._remember(summary, shard)
        for missing in stored - set(self._summaries):
            try:
                record = read_record(missing)
            except StoreError:
                continue  # damaged or unreadable: reachable by its id (a page says why), not by a join code
            if record is not None:
                try:
                    self.add(summary_of(record))
                except OSError:  # a full disk: listed in memory only, and again at the next start
                    self._remember(summary_of(record), self._newest)
