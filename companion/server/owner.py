"""One server per data folder: the running server holds an OS lock on `<data>/server.lock`, a
file that also names the address it answers at, from before it opens the store until it exits.

A second server started on the same folder (the host double-clicks, or opens a second terminal)
finds the lock taken, reads the first one's address and stops with a sentence, before it opens
the store or binds: the store's start-up work (an index log cut back to its last whole line, a
torn tail trimmed) on files a running server is appending to cost that server its index.

The lock is the operating system's (flock on POSIX, msvcrt's byte lock on Windows): it ends with
the process however that ends (Ctrl+C, a crash, a kill), so a stale file never locks anyone out.
On Windows the locked byte lies far past the address (a byte lock keeps other processes from
reading the bytes it covers; a backup and a second server read the address).
"""
from __future__ import annotations

import os
from pathlib import Path

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None
    import msvcrt

from ..private_files import BINARY

LOCK_NAME = "server.lock"
LOCKED_BYTE = 1 << 30  # Windows: the byte locked, past any address written at the start


class FolderInUse(Exception):
    """Another running server holds this data folder."""

    def __init__(self, folder: Path, address: str):
        self.folder, self.address = folder, address
        at = f"at {address}" if address else "(its address is not known yet: it is starting)"
        super().__init__(f"Another server is already running on the data folder {folder}, {at}. "
                         "Open that address, or stop that server first (Ctrl+C in its window); "
                         "a second server needs a folder of its own (--data).")


class Ownership:
    """This process's hold on a data folder (released when the process exits, or by `release`)."""

    def __init__(self, folder: Path, fd: int):
        self.folder, self.fd = folder, fd

    def name(self, address: str) -> None:
        """Write the address this server answers at, for a second server's refusal to name."""
        data = address.encode()
        os.ftruncate(self.fd, 0)
        os.lseek(self.fd, 0, os.SEEK_SET)
        os.write(self.fd, data)
        os.fsync(self.fd)

    def release(self) -> None:
        """Let another server have the folder (the lock ends with the file's last descriptor)."""
        if self.fd >= 0:
            os.close(self.fd)
            self.fd = -1


def claim(folder: str | os.PathLike, address: str = "") -> Ownership:
    """Hold `folder` (which exists) for this server, naming `address`; FolderInUse, nothing
    written, when another server holds it."""
    folder = Path(folder)
    fd = os.open(folder / LOCK_NAME, os.O_RDWR | os.O_CREAT | BINARY, 0o600)
    try:
        _lock(fd)
    except OSError:
        holder = _read(fd)
        os.close(fd)
        raise FolderInUse(folder, holder) from None
    ownership = Ownership(folder, fd)
    ownership.name(address)
    return ownership


def _lock(fd: int) -> None:
    """Take the folder's lock without waiting; OSError when another process holds it."""
    if fcntl is not None:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return
    os.lseek(fd, LOCKED_BYTE, os.SEEK_SET)
    msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)


def _read(fd: int) -> str:
    """The address the holder wrote (empty if it wrote none yet)."""
    os.lseek(fd, 0, os.SEEK_SET)
    return os.read(fd, 4096).decode("utf-8", "replace").strip()
