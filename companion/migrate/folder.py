"""`companion migrate` for the embedded store: the data folder's files walked, each table and
night converted by records.py, and the old journal and index replaced (see __init__.py for what
changed between releases). Each step is safe to run again after an interruption.
"""
from __future__ import annotations

import json
import os
from pathlib import Path

from ..private_files import make_folder
from ..store import files
from ..store.tinydb_store import TinyDBStore
from . import records


def migrate(folder: str | os.PathLike) -> list[str]:
    """Convert the data folder in place; returns a sentence for each thing that was not carried over."""
    folder = Path(folder)
    if not (folder / "tables").is_dir():
        raise FileNotFoundError(f"There is no data folder at {folder}.")
    notes: list[str] = []
    _copy_journal(folder)
    for path in sorted((folder / "tables").glob("*.json")):
        note = _table(path)
        if note:
            notes.append(note)
    for kind in ("events", "leagues"):
        for path in sorted((folder / kind).glob("*.json")) if (folder / kind).is_dir() else ():
            document = _document(path)
            if document is not None:
                _write(path, records.night(document) if kind == "events" else document)
    for name in ("journal.old", "journal.log", "index.log"):
        (folder / name).unlink(missing_ok=True)
    # The index (join codes) is listed again from the tables when the store opens.
    (folder / "index.json").unlink(missing_ok=True)
    TinyDBStore(folder)
    return notes


def _copy_journal(folder: Path) -> None:
    """Append to each table's log the journaled changes it lacks (a crash left them there)."""
    for name in ("journal.old", "journal.log"):
        for line in _lines(folder / name):
            log = folder / "tables" / f"{line['t']}.log"
            if log.parent.joinpath(f"{line['t']}.json").exists():
                last = files.last_entry(log)
                if last is None or line["c"]["version"] == last["version"] + 1:
                    files.append(log, line["c"])


def _table(path: Path) -> str | None:
    record = _document(path)
    if record is None:
        return f"{path.name} cannot be read: left as it is (the server says so when it is opened)."
    log = path.with_suffix(".log")
    try:
        logged = files.read_log(log)
    except files.LogDamaged:
        return f"{log.name} is damaged: left as it is (the server says so when the table is opened)."
    try:
        record, changes = records.table(record, logged)
    except records.OlderRules as exc:
        aside = path.parent.parent / "unconverted"
        make_folder(aside)
        for part in (path, log):
            if part.exists():
                part.rename(aside / part.name)
        return f"{exc}: moved to unconverted/; export it with the release that made it."
    _write(path, record)
    if changes != logged:
        _rewrite_log(log, changes)
    return None


def _rewrite_log(log: Path, changes: list[dict]) -> None:
    """Replace a log whole, through a document-like atomic write (a crash keeps the old one)."""
    aside = log.with_suffix(".log.new")
    aside.unlink(missing_ok=True)
    for change in changes:
        files.append(aside, change)
    aside.touch()
    os.replace(aside, log)
    files.fsync_folder(log.parent)


def _document(path: Path) -> dict | None:
    """The record a file holds, in the old shape or the new; None when it cannot be read."""
    try:
        data = json.loads(path.read_bytes())
        if "_default" in data:
            return dict(data["_default"]["1"])
        return dict(next(iter(data["table"].values()))["record"])
    except (OSError, ValueError, TypeError, KeyError, AttributeError, StopIteration):
        return None


def _write(path: Path, record: dict) -> None:
    files.DocumentFile(path).write({"_default": {"1": record}})


def _lines(path: Path) -> list[dict]:
    """A log's whole lines; a damaged one ends what is read (it was never acknowledged after it)."""
    try:
        return files.read_log(path)
    except files.LogDamaged:
        return []
