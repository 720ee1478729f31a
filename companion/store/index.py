"""The table index: every table's join code and listed summary, held in memory and kept on disk
as a snapshot (index.json) plus an append-only log (index.log).

Creating a table appends one line to the log instead of rewriting the whole index (which cost
8.7 ms a create with few tables and 87.6 ms at 10,000), so a create costs the same however many
tables are stored. The log is folded into the snapshot when the store opens. The index only
repeats what the table files hold, so when it is damaged or missing it is rebuilt from them, and
a table file it does not list (a crash between the two writes of a create) is added.
"""
from __future__ import annotations

import json
import threading
from itertools import islice
from pathlib import Path
from typing import Callable, Iterable

from . import jsonlog
from .atomic import write_atomically
from .base import StoreError, is_record_id

SUMMARY_FIELDS = ("id", "game", "players", "join_code", "created")


def summary_of(record: dict) -> dict:
    """The index entry of a table record (a new table is not over)."""
    return {**{k: record[k] for k in SUMMARY_FIELDS}, "over": False}


class TableIndex:
    """Join codes and summaries of all tables; `add` and `update` cost one appended line."""

    def __init__(self, folder: Path, table_ids: Callable[[], Iterable[str]], read_record: Callable[[str], dict | None]):
        self.snapshot_path = folder / "index.json"
        self.log_path = folder / "index.log"
        self._lock = threading.Lock()
        self._log_size = 0  # bytes of whole lines in index.log: the next line goes right after
        summaries = self._load(table_ids, read_record)
        self._by_id: dict[str, dict] = summaries
        self._by_code = {s["join_code"]: s["id"] for s in summaries.values()}

    def add(self, summary: dict) -> None:
        """List a new table (raises OSError, having changed nothing, when it cannot be written)."""
        with self._lock:
            self._log_size = jsonlog.append(self.log_path, jsonlog.encode({"add": summary}), self._log_size)
            self._by_id[summary["id"]] = summary
            self._by_code[summary["join_code"]] = summary["id"]

    def update(self, table_id: str, fields: dict) -> None:
        """Change listed fields of a table (for example `over`); unknown ids are ignored. The change
        holds in memory even when writing it raises OSError."""
        with self._lock:
            if table_id not in self._by_id:
                return
            self._by_id[table_id] = {**self._by_id[table_id], **fields}
            self._log_size = jsonlog.append(self.log_path, jsonlog.encode({"set": table_id, "fields": fields}), self._log_size)

    def table_for_code(self, join_code: str) -> str | None:
        """The id of the table with this join code, or None."""
        with self._lock:
            return self._by_code.get(join_code)

    def recent(self, limit: int) -> list[dict]:
        """The `limit` newest summaries, newest first."""
        with self._lock:
            return [dict(s) for s in islice(reversed(self._by_id.values()), limit)]

    def count(self) -> int:
        """How many tables are listed."""
        with self._lock:
            return len(self._by_id)

    # -- opening ---------------------------------------------------------------------------
    def _load(self, table_ids, read_record) -> dict[str, dict]:
        snapshot = self._read_snapshot()
        summaries = snapshot if snapshot is not None else {}
        stale = snapshot is None  # a missing or damaged snapshot is rebuilt from the log and the files
        try:
            changes, self._log_size = jsonlog.read_whole_lines(self.log_path)
            for change in changes:
                _replay(summaries, change)
            stale = stale or bool(changes)
        except ValueError:  # a damaged log (LogDamaged is one): the files fill in what it held
            self._log_size, stale = 0, True
        stored = set(table_ids())
        for gone in set(summaries) - stored:
            del summaries[gone]  # its file was removed by hand: nothing to open or join
            stale = True
        for missing in stored - set(summaries):
            try:
                record = read_record(missing)
            except StoreError:
                continue  # damaged or unreadable: reachable by its id (a page says why), not by a join code
            if record is not None:
                summaries[missing] = summary_of(record)
                stale = True
        ordered = dict(sorted(summaries.items(), key=lambda item: str(item[1].get("created", ""))))
        if stale:
            self._compact(ordered)
        return ordered

    def _read_snapshot(self) -> dict[str, dict] | None:
        """The snapshot's summaries by id, or None when it is missing or damaged."""
        try:
            data = json.loads(self.snapshot_path.read_bytes())
            docs = data.get("tables", {}).values() if isinstance(data, dict) else None
            summaries = {d["id"]: d for d in docs}
        except (OSError, ValueError, TypeError, KeyError, AttributeError):
            return None
        if not all(_valid(s) for s in summaries.values()):
            return None
        return summaries

    def _compact(self, summaries: dict[str, dict]) -> None:
        """Write the snapshot whole and empty the log; best effort (a full disk keeps the log)."""
        document = {"tables": {str(n): s for n, s in enumerate(summaries.values(), start=1)}}
        try:
            write_atomically(self.snapshot_path, json.dumps(document, separators=(",", ":"), ensure_ascii=False).encode())
            # A crash before this unlink replays the log again on the next start: harmless, as
            # every line sets a value (it never counts or toggles).
            self.log_path.unlink(missing_ok=True)
            self._log_size = 0
        except OSError:
            try:
                jsonlog.cut_back(self.log_path, self._log_size)
            except OSError:
                pass  # the next append cuts a torn tail itself


def _valid(summary: object) -> bool:
    return (isinstance(summary, dict) and isinstance(summary.get("id"), str) and is_record_id(summary["id"])
            and isinstance(summary.get("join_code"), str))


def _replay(summaries: dict[str, dict], change: object) -> None:
    """Apply one line of the index log; ValueError for a line that is not one the store writes."""
    if isinstance(change, dict) and _valid(change.get("add")):
        summaries[change["add"]["id"]] = change["add"]
    elif isinstance(change, dict) and isinstance(change.get("set"), str) and isinstance(change.get("fields"), dict):
        if change["set"] in summaries:
            summaries[change["set"]] = {**summaries[change["set"]], **change["fields"]}
    else:
        raise ValueError("not an index change")
