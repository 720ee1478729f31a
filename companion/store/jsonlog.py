"""Append-only JSON-lines files (a table's change log, the table index's log) that keep no torn line.

A line counts once it is whole: it ends in a newline and parses. A write that does not complete
(a short write on a full disk, a failed fsync) is cut back at once, and the file's end is checked
again before every append, so a fragment can never glue itself to the next line. A torn tail left
by a crash (the power went out mid-write) is cut when the file is first read.

Every fsync of the store goes through `fsync` here: under the event-loop worker (gevent) it runs
in a real OS thread of gevent's pool, so that one slow disk flush never stops every other phone's
connection; elsewhere it is the plain system call.
"""
from __future__ import annotations

import errno
import json
import os
from pathlib import Path

from ..private_files import BINARY, FILE_MODE

try:
    from gevent import get_hub
    from gevent.monkey import is_module_patched
except ImportError:  # a process without gevent fsyncs in place
    get_hub = is_module_patched = None


def fsync(fd: int) -> None:
    """os.fsync, run off the event loop when the process is monkey-patched by gevent."""
    if is_module_patched is not None and is_module_patched("threading"):
        get_hub().threadpool.apply(os.fsync, (fd,))
    else:
        os.fsync(fd)


class LogDamaged(ValueError):
    """A whole line in the middle of a log does not parse: the file was damaged, not torn."""


class LogShrank(OSError):
    """The file holds fewer bytes than were written to it (changed by hand): read it again."""


def encode(entry: dict) -> bytes:
    """One log line for `entry`."""
    return (json.dumps(entry, separators=(",", ":"), ensure_ascii=False) + "\n").encode("utf-8")


def read_whole_lines(path: Path, limit: int | None = None) -> tuple[list, int]:
    """The entries of the file's whole lines (within its first `limit` bytes) and how many bytes
    they fill; a torn last line is left out. A missing file holds nothing."""
    try:
        with open(path, "rb") as fh:
            data = fh.read() if limit is None else fh.read(limit)
    except FileNotFoundError:
        return [], 0
    entries, start = [], 0
    while True:
        end = data.find(b"\n", start)
        if end < 0:
            return entries, start  # the rest (if any) has no newline: a write that never completed
        try:
            entries.append(json.loads(data[start:end]))
        except ValueError:
            raise LogDamaged(f"line {len(entries) + 1} of {path.name} cannot be read") from None
        start = end + 1


def cut_back(path: Path, size: int) -> None:
    """Cut the file to its first `size` bytes, durably (a no-op when it is no longer)."""
    try:
        fd = os.open(path, os.O_WRONLY | BINARY)
    except FileNotFoundError:
        return
    try:
        if os.fstat(fd).st_size > size:
            os.ftruncate(fd, size)
            fsync(fd)
    finally:
        os.close(fd)


def append(path: Path, line: bytes, whole_size: int, sync: bool = True) -> int:
    """Append one line after the file's first `whole_size` bytes (its whole lines) and fsync it
    (`sync=False`: the caller's journal makes it durable); returns the new size. On any failure the
    file is cut back to `whole_size` and OSError raised."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND | BINARY, FILE_MODE)
    try:
        on_disk = os.fstat(fd).st_size
        if on_disk < whole_size:
            raise LogShrank(errno.EIO, f"{path.name} became shorter than the app wrote it")
        if on_disk > whole_size:
            # The remains of an earlier write that failed and could not be cut then (or a torn
            # tail): appending after them would glue them to this line and lose both.
            os.ftruncate(fd, whole_size)
        try:
            write_all(fd, line)
            if sync:
                fsync(fd)
                if whole_size == 0:
                    fsync_folder(path.parent)  # a new file: its name must survive a power cut too
        except OSError:
            try:
                os.ftruncate(fd, whole_size)
                fsync(fd)
            except OSError:
                pass  # the size check above cuts it before the next append; reads ignore it
            raise
    finally:
        os.close(fd)
    return whole_size + len(line)


def write_all(fd: int, data: bytes) -> None:
    """os.write until every byte is written; a full disk gives a short write, then ENOSPC."""
    view, done = memoryview(data), 0
    while done < len(data):
        written = os.write(fd, view[done:])
        if written <= 0:
            raise OSError(errno.ENOSPC, "No space left on device")
        done += written


def fsync_folder(folder: Path) -> None:
    """fsync a folder, so that the names created or removed in it survive a power cut (not on
    Windows, which cannot open a folder as a file: NTFS keeps its names in its own journal)."""
    if os.name == "nt":
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        fsync(fd)
    finally:
        os.close(fd)


def replay(record: dict, changes: list[dict]) -> dict:
    """The record after the changes logged since it was written (older ones are skipped)."""
    actions, redo, version = list(record["actions"]), list(record["redo"]), record["version"]
    for change in changes:
        if change["version"] <= version:
            continue
        if change["version"] != version + 1:
            # Every change adds one to the version: a gap means the log does not belong to this
            # record (say, a record put back from a backup beside a newer log).
            raise ValueError(f"it jumps from version {version} to {change['version']}")
        if change["op"] == "act":
            if not isinstance(change["entry"], dict):
                raise ValueError("an action without its entry")
            actions.append(change["entry"])
            redo = []
        elif change["op"] in ("undo", "redo"):
            # The entry moved, as it now stands (marked with whose phone moved it), when the change
            # carries it; a change logged before it did moves the entry as it was.
            source, target = (actions, redo) if change["op"] == "undo" else (redo, actions)
            entry = source.pop()
            target.append(change["entry"] if isinstance(change.get("entry"), dict) else entry)
        else:
            raise ValueError(f"an unknown change {change['op']!r}")
        version = change["version"]
    return {**record, "actions": actions, "redo": redo, "version": version}
