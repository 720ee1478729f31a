"""A TinyDB storage that never leaves a half-written file and serialises its writes.

TinyDB's stock JSONStorage truncates and rewrites its file in place: a crash in the middle
leaves JSON that will not parse. Here every write goes to a temporary file in the same
folder, is flushed and fsynced, then atomically renamed over the old file, and the folder
itself is fsynced so the rename survives a power cut.
"""
from __future__ import annotations

import json
import os
import tempfile
import threading
from pathlib import Path

from tinydb.storages import Storage

from .entries import Entries
from .jsonlog import fsync, fsync_folder

TMP_SUFFIX = ".tmp"


class AtomicJSONStorage(Storage):
    """JSON storage for TinyDB with atomic, fsynced, lock-serialised writes."""

    def __init__(self, path: str | os.PathLike, **_ignored):
        self.path = Path(path)
        self._lock = threading.Lock()

    def read(self):
        """The stored document, or None for a file that does not exist yet."""
        try:
            with open(self.path, "rb") as fh:
                raw = fh.read()
        except FileNotFoundError:
            return None
        return json.loads(raw) if raw.strip() else None

    def write(self, data) -> None:
        """Replace the file with `data` in one atomic step."""
        payload = json.dumps(data, separators=(",", ":"), ensure_ascii=False, default=_as_list).encode("utf-8")
        with self._lock:
            write_atomically(self.path, payload)

    def close(self) -> None:
        pass


def _as_list(value):
    """A log held compactly in memory (entries.py) is written as the list of entries it stands for."""
    if isinstance(value, Entries):
        return list(value)
    raise TypeError(f"{type(value).__name__} is not JSON")


def write_atomically(path: Path, payload: bytes) -> None:
    """Write bytes to `path` via temp file + fsync + rename + directory fsync."""
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=TMP_SUFFIX, dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(payload)
            fh.flush()
            fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
    fsync_folder(path.parent)


def clean_leftovers(folder: Path) -> int:
    """Remove temporary files a crash left behind; returns how many were removed."""
    removed = 0
    for leftover in folder.rglob("*" + TMP_SUFFIX):
        leftover.unlink(missing_ok=True)
        removed += 1
    return removed
