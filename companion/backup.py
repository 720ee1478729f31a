"""`companion backup` and `companion restore`: the whole data folder as one .tar.gz file.

Every file in the data folder is replaced atomically by the store, so a copy taken while the
server runs holds each table whole (at the version it had when it was read).
"""
from __future__ import annotations

import os
import tarfile
import time
from pathlib import Path

from .private_files import BINARY, FILE_MODE, make_folder, tighten


def backup(data_dir: Path, out: Path | None = None) -> Path:
    """Write the data folder into a .tar.gz; returns its path."""
    data_dir = Path(data_dir)
    if not data_dir.is_dir():
        raise FileNotFoundError(f"There is no data folder at {data_dir}.")
    out = Path(out or f"companion-backup-{time.strftime('%Y%m%d-%H%M%S')}.tar.gz")
    # The archive holds the secret key and every table's tokens: only its owner may read it.
    fd = os.open(out, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | BINARY, 0o600)
    if hasattr(os, "fchmod"):  # not on Windows before Python 3.13 (nor needed: no mode bits there)
        os.fchmod(fd, 0o600)  # an existing file keeps its old mode through O_CREAT
    with os.fdopen(fd, "wb") as raw, tarfile.open(fileobj=raw, mode="w:gz") as tar:
        for path in sorted(data_dir.rglob("*")):
            if path.is_file() and not path.name.endswith(".tmp"):
                tar.add(path, arcname=str(path.relative_to(data_dir)), filter=private_member)
    return out


def restore(archive: Path, data_dir: Path, force: bool = False) -> int:
    """Unpack a backup into the data folder (refusing a non-empty one unless `force`); returns the file count."""
    data_dir = Path(data_dir)
    if data_dir.exists() and any(data_dir.iterdir()) and not force:
        raise FileExistsError(f"{data_dir} is not empty: restore into an empty folder, or pass --force.")
    make_folder(data_dir)
    tighten(data_dir)  # closed before anything is unpacked into it (--force over an open one)
    count = 0
    with tarfile.open(archive, "r:gz") as tar:
        for member in tar.getmembers():
            target = (data_dir / member.name).resolve()
            if not member.isfile() or data_dir.resolve() not in target.parents:
                raise ValueError(f"The archive holds an unexpected entry '{member.name}': not restored.")
        tar.extractall(data_dir, filter="data")
        count = sum(1 for m in tar.getmembers() if m.isfile())
    # The folders tarfile made (0777 less the umask) and the modes an older archive recorded.
    tighten(data_dir)
    return count


def private_member(member: tarfile.TarInfo) -> tarfile.TarInfo:
    """A file's entry in the archive, recorded 0600: unpacked by hand (`tar xzf`), it stays
    readable by its owner only."""
    member.mode = FILE_MODE
    return member
