"""Only the server's own user may read the data folder.

The data folder holds what grants play and what the rules hide: join codes (`index.log`,
`index.json`), every table's tokens and its face-down cards (`tables/`), the changes not yet in
them (`journal.log`) and the key that signs cookies (`secret_key`). The logs were created 0644
and the folders 0755 (less the umask), so every local user could read them. Now every file is
created 0600 and every folder 0700: a mode given at creation, which a umask can only narrow, so
umask 022 and umask 000 give the same (`tempfile.mkstemp`, behind every atomic write, already
made its files 0600).

A folder left readable by an earlier version is tightened when the store opens it, and after a
restore: an operator who upgrades expects the promise to cover the data already there, not only
what is written from now on. A file the server cannot change (another user's) is left as it is
and named in the log. Symbolic links are neither followed nor changed (what they point to is the
operator's own arrangement).

This module needs only the standard library: the app factory imports it at the top, and nothing
here may import the store (the event-loop worker patches threading before the store is loaded).
"""
from __future__ import annotations

import logging
import os
import stat
from pathlib import Path

FILE_MODE = 0o600
# Windows opens a file in text mode unless told otherwise (each "\n" written as "\r\n", so a
# log's sizes would be wrong); 0 elsewhere.
BINARY = getattr(os, "O_BINARY", 0)
FOLDER_MODE = 0o700
log = logging.getLogger(__name__)


def make_folder(path: str | os.PathLike, *inside: str) -> None:
    """Create the folder `path` (and any missing parent) and the folders named `inside` it, open
    to their owner only; an existing one is left as it is (`tighten` changes it)."""
    Path(path).mkdir(mode=FOLDER_MODE, parents=True, exist_ok=True)
    for name in inside:
        (Path(path) / name).mkdir(mode=FOLDER_MODE, exist_ok=True)


def tighten(folder: str | os.PathLike) -> int:
    """Make `folder` and every folder in it 0700 and every file in them 0600; returns how many
    modes it changed."""
    changed = _set_mode(folder, FOLDER_MODE, follow=True)  # the data folder may be a link itself
    for root, folders, files in os.walk(folder):
        changed += sum(_set_mode(os.path.join(root, name), FOLDER_MODE) for name in folders)
        changed += sum(_set_mode(os.path.join(root, name), FILE_MODE) for name in files)
    return changed


def _set_mode(path: str | os.PathLike, mode: int, follow: bool = False) -> int:
    """Give `path` this mode unless it has it or is a symbolic link; 1 if it was changed."""
    try:
        now = os.stat(path) if follow else os.lstat(path)
        if stat.S_ISLNK(now.st_mode) or stat.S_IMODE(now.st_mode) == mode:
            return 0
        os.chmod(path, mode)
    except FileNotFoundError:
        return 0  # removed meanwhile (a temporary file)
    except OSError as exc:
        log.warning("Could not make %s readable by its owner only (%s): other local users may read it.",
                    path, exc.strerror)
        return 0
    return 1
