"""Group commit for the embedded store: one fsync makes durable the changes of every table that
arrived while the previous fsync ran.

A change is written to its table's own log without an fsync, then to the store's one journal
(`journal.log` in the data folder), and acknowledged only once the journal is fsynced. The first
writer that finds no fsync running becomes the leader: it writes every change waiting, fsyncs the
journal once and wakes the writers of that batch; changes that arrive meanwhile wait and go
together in the next fsync. No fixed window is waited for: a lone change is fsynced at once,
and the busier the server, the more tables share each fsync.

The tables' logs are made durable later, in bulk: once the journal holds `ROTATE_BYTES`, it is
set aside (`journal.old`) and a new one begun, and a background job fsyncs every table log the
old one named, then deletes it. After a crash the store copies what the journals hold into the
tables' logs (a change a log already has is skipped by its version) before anything is read.
"""
from __future__ import annotations

import logging
import os
import threading
from pathlib import Path

from ..private_files import BINARY, FILE_MODE
from . import jsonlog

log = logging.getLogger(__name__)
ROTATE_BYTES = 1 << 20  # about 3,000 changes: a few seconds of a busy venue, a few fsyncs a table
KEEP_FAILURES = 64  # failed batches remembered until their writers have read why


class Journal:
    """The data folder's journal: `commit` returns once a change is on disk."""

    def __init__(self, folder: Path, rotate_bytes: int | None = None):
        self.folder = folder
        self.path = folder / "journal.log"
        self.old_path = folder / "journal.old"
        self.rotate_bytes = rotate_bytes or ROTATE_BYTES
        self.tables_dir = folder / "tables"
        self._cond = threading.Condition()
        self._waiting: list[tuple[str, bytes]] = []
        self._next = 1  # the batch now gathering changes
        self._durable = 0  # every batch up to this one is written (or failed)
        self._failed: dict[int, OSError] = {}
        self._leading = False
        self._dirty: set[str] = set()  # tables whose logs the current journal covers
        self._checkpoint: threading.Thread | None = None
        self._fd = -1
        self._size = 0

    # -- after a crash ---------------------------------------------------------------------
    def leftovers(self) -> list[tuple[str, bytes]]:
        """The (table id, log line) of every change the journals hold, oldest first."""
        found = []
        for path in (self.old_path, self.path):
            entries, _ = jsonlog.read_whole_lines(path)
            found.extend((entry["t"], jsonlog.encode(entry["c"])) for entry in entries)
        return found

    def start(self) -> None:
        """Begin an empty journal (the caller copied the leftovers into the tables' logs and
        fsynced them)."""
        self.old_path.unlink(missing_ok=True)
        self._fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_APPEND | BINARY, FILE_MODE)
        self._size = 0
        jsonlog.fsync_folder(self.folder)

    # -- writing ---------------------------------------------------------------------------
    def commit(self, table_id: str, change: dict) -> None:
        """Return once `change` (already in the table's own log) is durable; OSError if not."""
        line = b'{"t":"%s","c":%s' % (table_id.encode(), jsonlog.encode(change)[:-1]) + b"}\n"
        with self._cond:
            self._waiting.append((table_id, line))
            mine = self._next
            while self._durable < mine:
                if self._leading:
                    self._cond.wait()
                else:
                    self._lead()
            error = self._failed.get(mine)
        if error is not None:
            raise error

    def _lead(self) -> None:
        """Write and fsync every waiting change (called, and returning, with the lock held)."""
        batch, changes = self._next, self._waiting
        self._next, self._waiting, self._leading = batch + 1, [], True
        self._cond.release()
        error = None
        try:
            self._write(changes)
        except OSError as exc:
            error = exc
        finally:
            self._cond.acquire()
            self._durable, self._leading = batch, False
            if error is not None:
                self._failed[batch] = error
                self._failed.pop(batch - KEEP_FAILURES, None)
            self._cond.notify_all()

    def _write(self, changes: list[tuple[str, bytes]]) -> None:
        data = b"".join(line for _, line in changes)
        try:
            jsonlog.write_all(self._fd, data)
            jsonlog.fsync(self._fd)  # the one fsync of the batch
        except OSError:
            try:  # nothing of a failed batch may count later: cut it off
                os.ftruncate(self._fd, self._size)
            except OSError:
                pass
            raise
        self._size += len(data)
        self._dirty.update(table_id for table_id, _ in changes)
        if self._size >= self.rotate_bytes and self._checkpoint is None:
            self._rotate()

    # -- checkpoints -----------------------------------------------------------------------
    def _rotate(self) -> None:
        """Set the journal aside and begin a new one; a job makes the logs it covers durable."""
        os.replace(self.path, self.old_path)
        os.close(self._fd)
        self._fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_APPEND | BINARY, FILE_MODE)
        self._size = 0
        jsonlog.fsync_folder(self.folder)
        covered, self._dirty = self._dirty, set()
        self._checkpoint = threading.Thread(target=self._make_durable, args=(covered,), name="journal-checkpoint", daemon=True)
        self._checkpoint.start()

    def _make_durable(self, tables: set[str]) -> None:
        """fsync the logs of `tables`, then drop the old journal that covered them."""
        try:
            for table_id in tables:
                try:
                    fd = os.open(self.tables_dir / f"{table_id}.log", os.O_WRONLY | BINARY)  # Windows flushes only a writable file
                except FileNotFoundError:
                    continue  # compacted since: its record file was written durably
                try:
                    jsonlog.fsync(fd)
                finally:
                    os.close(fd)
            jsonlog.fsync_folder(self.tables_dir)
            self.old_path.unlink(missing_ok=True)
            jsonlog.fsync_folder(self.folder)
        except OSError as exc:
            # The old journal stays, and no rotation replaces it (the journal grows instead):
            # the next start copies it into the logs again.
            log.warning("The journal's checkpoint failed (%s); it is kept until the next start.", exc)
            return
        self._checkpoint = None

    def wait_checkpoint(self, timeout: float | None = None) -> None:
        """Wait for a running checkpoint to finish (tests, and a clean stop)."""
        job = self._checkpoint
        if job is not None and job is not threading.current_thread():
            job.join(timeout)

    def close(self) -> None:
        """Close the journal's file (its content stays for the next start)."""
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1
