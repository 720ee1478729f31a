"""The embedded store's two kinds of file, each fsynced before a change is acknowledged.

- A document file: a TinyDB database (`DocumentFile` is its storage), replaced whole by writing
  a temporary file beside it, fsyncing it and renaming it over the old one, so a crash leaves the
  old file or the new, never half of one (TinyDB's own JSONStorage truncates in place).
- A log: JSON lines, only ever appended. A torn last line (the power went out mid-write; never
  acknowledged) is left out when the log is read and cut off before the next line is appended.

Every fsync goes through `fsync`: under the event-loop worker (gevent) it runs in a real OS
thread, so one slow disk flush never stops every other phone's connection.
"""
from __future__ import annotations

import errno
import json
import os
import tempfile
from pathlib import Path

from tinydb.storages import Storage

from ..private_files import BINARY, FILE_MODE

try:
    from gevent import get_hub
    from gevent.monkey import is_module_patched
except ImportError:  # a process without gevent fsyncs in place
    get_hub = is_module_patched = None

TMP_SUFFIX = ".tmp"
TAIL = 1 << 16  # a log's last line is looked for in its last 64 KB (an entry is under 2 KB)


def fsync(fd: int) -> None:
    """os.fsync, run off the event loop when the process is monkey-patched by gevent."""
    if is_module_patched is not None and is_module_patched("threading"):
        get_hub().threadpool.apply(os.fsync, (fd,))
    else:
        os.fsync(fd)


def fsync_folder(folder: Path) -> None:
    """fsync a folder, so that the names created or removed in it survive a power cut (not on
    Windows, which cannot open a folder: NTFS keeps its names in its own journal)."""
    if os.name == "nt":
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        fsync(fd)
    finally:
        os.close(fd)


class DocumentFile(Storage):
    """TinyDB storage: JSON read as it is; a write replaced atomically and fsynced."""

    def __init__(self, path: str | os.PathLike, **_ignored):
        self.path = Path(path)

    def read(self):
        """The stored database, or None for a file that does not exist yet (ValueError: damaged)."""
        try:
            with open(self.path, "rb") as fh:
                raw = fh.read()
        except FileNotFoundError:
            return None
        if not raw.strip():
            raise ValueError("it is empty")
        return json.loads(raw)

    def write(self, data) -> None:
        """Replace the file with `data` in one atomic, durable step."""
        payload = json.dumps(data, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
        fd, tmp = tempfile.mkstemp(prefix=self.path.name + ".", suffix=TMP_SUFFIX, dir=self.path.parent)
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(payload)
                fh.flush()
                fsync(fh.fileno())
            os.replace(tmp, self.path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        fsync_folder(self.path.parent)

    def close(self) -> None:
        pass


def clean_leftovers(folder: Path) -> None:
    """Remove the temporary files of writes a crash interrupted (never renamed: never acknowledged)."""
    for leftover in folder.rglob("*" + TMP_SUFFIX):
        leftover.unlink(missing_ok=True)


class LogDamaged(ValueError):
    """A whole line inside a log does not parse: the file was damaged, not torn."""


def read_log(path: Path) -> list:
    """The entries of a log's whole lines; a torn last line is left out, a missing log is empty."""
    try:
        with open(path, "rb") as fh:
            data = fh.read()
    except FileNotFoundError:
        return []
    lines = data.split(b"\n")[:-1]  # what follows the last newline was never acknowledged
    try:
        return [json.loads(line) for line in lines]
    except ValueError:
        raise LogDamaged(f"a line of {path.name} cannot be read") from None


def last_entry(path: Path):
    """The entry of a log's last whole line, or None when it has none (read from its end only)."""
    try:
        with open(path, "rb") as fh:
            start = max(0, fh.seek(0, os.SEEK_END) - TAIL)
            fh.seek(start)
            lines = fh.read().split(b"\n")[:-1]
            if start and len(lines) < 2:  # a last line longer than the tail: read it whole
                fh.seek(0)
                lines = fh.read().split(b"\n")[:-1]
    except FileNotFoundError:
        return None
    try:
        return json.loads(lines[-1]) if lines else None
    except ValueError:
        raise LogDamaged(f"the last line of {path.name} cannot be read") from None


def append(path: Path, entry: dict) -> None:
    """Append one line for `entry` and fsync it. A torn tail is cut off first (so no fragment is
    glued to the line); a write that fails is cut back, and OSError raised."""
    line = (json.dumps(entry, separators=(",", ":"), ensure_ascii=False) + "\n").encode("utf-8")
    fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_APPEND | BINARY, FILE_MODE)
    try:
        size = _whole_size(fd)
        try:
            view = memoryview(line)
            while view:
                written = os.write(fd, view)
                if written <= 0:
                    raise OSError(errno.ENOSPC, "No space left on device")
                view = view[written:]
            fsync(fd)
        except OSError:
            try:
                os.ftruncate(fd, size)
                fsync(fd)
            except OSError:
                pass  # the next append cuts it (it does not end a line); reads leave it out
            raise
        if size == 0:
            fsync_folder(path.parent)  # a new log: its name must survive a power cut too
    finally:
        os.close(fd)


def _whole_size(fd: int) -> int:
    """The bytes of the log's whole lines, the file cut to them when a torn tail follows."""
    size = os.fstat(fd).st_size
    if size == 0 or os.pread(fd, 1, size - 1) == b"\n":
        return size
    whole = os.pread(fd, size, 0).rfind(b"\n") + 1  # rare (after a crash): the file read once
    os.ftruncate(fd, whole)
    return whole
