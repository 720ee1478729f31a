"""The store interface: what any backend must offer the application service.

A table record is a JSON object: its setup (game, players, options, seed), secrets (tokens,
join code), `version`, the ordered `actions` (each {"seq","action","log","at"}) and the
`redo` stack. The service owns the meaning; the store only keeps records durably.
"""
from __future__ import annotations

import errno
import re
from abc import ABC, abstractmethod
from contextlib import contextmanager

from ..games.said import Said, said, word

_SAFE_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
# What a store's sentences name (translated where a phone shows them: companion/games/said.py).
NEW_TABLE, NIGHT, LEAGUE, GROUP = word("the new table"), word("the tournament night"), word("the league"), word("the group")
ACTION = word("the action")
TABLES_UNHARMED, NIGHTS_UNHARMED = word("its tables are not affected"), word("its nights are not affected")


def is_record_id(value: object) -> bool:
    """Whether `value` can be a table's or an event's id (what the app makes: URL-safe, short)."""
    return isinstance(value, str) and bool(_SAFE_ID.match(value))


class StoreError(RuntimeError):
    """The store could not keep data (disk full, read-only folder): nothing was acknowledged."""


class TableDamaged(StoreError):
    """A table's stored files cannot be read back: that table (and only it) cannot be opened."""

    def __init__(self, table_id: str, detail: str, advice: Said | None = None):
        super().__init__(said(
            "The saved file of table '{table}' is damaged ({detail}), so this table cannot be opened; "
            "other tables are not affected. {advice}", table=table_id, detail=detail, advice=advice or said(
                "The organiser can restore it from a backup: run "
                "'companion restore BACKUP.tar.gz --data EMPTY_FOLDER', then replace this table's files in "
                "the data folder, tables/{table}.json and tables/{table}.log, with that folder's "
                "(deleting the .log if the backup has none); see docs/operations.md, Data, backups, restores.",
                table=table_id)))
        self.table_id = table_id


class StaleWrite(StoreError):
    """A change built on an older version of a table than the one stored: refused, so that no
    version is ever stored (and acknowledged) twice."""

    def __init__(self, table_id: str, current: int):
        super().__init__(said("The table changed (it is now at version {current}); look at the new state and try again.",
                              current=current))
        self.table_id = table_id
        self.current = current


class StaleEvent(StoreError):
    """An event change built on an older revision of the event than the one stored (another desk
    or another server process changed it meanwhile): refused, and nothing was changed."""

    def __init__(self, event_id: str, current: int):
        super().__init__(said("The tournament night was changed at the same moment from another desk; nothing was "
                         "changed: look at it again and repeat your change."))
        self.event_id = event_id
        self.current = current


class StaleLeague(StoreError):
    """A league change built on an older revision of the league than the one stored: refused."""

    def __init__(self, league_id: str, current: int):
        super().__init__(said("The league was changed at the same moment from another phone; nothing was changed: "
                         "look at it again and repeat your change."))
        self.league_id = league_id
        self.current = current


class StaleGroup(StoreError):
    """A group change built on an older revision of the group than the one stored: refused."""

    def __init__(self, group_id: str, current: int):
        super().__init__(said("The group was changed at the same moment from another phone; nothing was changed: "
                         "try again."))
        self.group_id = group_id
        self.current = current


@contextmanager
def saving(what: Said = ACTION):
    """Turn an operating-system error while writing into a StoreError with a sentence for people."""
    try:
        yield
    except OSError as exc:
        if exc.errno in (errno.ENOSPC, errno.EDQUOT):
            raise StoreError(said("The server's disk is full: {what} was not saved.", what=what)) from exc
        if exc.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
            raise StoreError(said("The server cannot write its data folder: {what} was not saved.", what=what)) from exc
        raise StoreError(said("The server could not save {what}: {reason}.", what=what, reason=str(exc.strerror or exc))) from exc


class Store(ABC):
    """Durable storage of table records and a small index for listing and join codes."""

    @abstractmethod
    def create_table(self, record: dict) -> None:
        """Store a new table record (its id and join code must be new)."""

    @abstractmethod
    def load_table(self, table_id: str) -> dict | None:
        """The stored record of one table, or None; TableDamaged when its files cannot be read."""

    @abstractmethod
    def save_table(self, record: dict, base: dict | None = None) -> None:
        """Durably replace one table's record; returns only once it is on disk. `base` is the
        record it was made from: a store shared by several processes refuses (StaleWrite) when
        the stored table is no longer that one; without it, only a record older than the stored."""

    def is_current(self, record: dict) -> bool:
        """Whether `record` (read or written by this process) is still the stored table, so a copy
        kept in memory may be trusted. Always, when one process owns the data (the default)."""
        return True

    def secret_key(self) -> str | None:
        """A key to sign cookies with that every process sharing this store uses; None when the
        app keeps its own (in its data folder)."""
        return None

    def append_change(self, record: dict, change: dict) -> None:
        """Durably record one change of a table ({"op": "act"|"undo"|"redo", "version", "entry"?:
        the entry appended, or moved as it now stands}); `record` is the table after it. Backends that cannot append simply save the whole record."""
        self.save_table(record)

    @abstractmethod
    def table_for_code(self, join_code: str) -> str | None:
        """The id of the table with this join code, or None."""

    @abstractmethod
    def table_count(self) -> int:
        """How many tables are stored."""

    @abstractmethod
    def load_event(self, event_id: str) -> dict | None:
        """The stored record of one tournament night, or None."""

    @abstractmethod
    def save_event(self, record: dict, base: int | None) -> None:
        """Durably store one event's record, built on the stored revision `base` (its "revision"):
        refused (StaleEvent) unless the stored event is still at that revision, so a change made
        from a copy that another process changed meanwhile never overwrites that change. `base`
        None stores a new event, refused (StoreError) when the id is taken."""

    @abstractmethod
    def load_league(self, league_id: str) -> dict | None:
        """The stored record of one league (a season across nights), or None."""

    @abstractmethod
    def save_league(self, record: dict, base: int | None) -> None:
        """Durably store one league's record on the stored revision `base`, as `save_event` does
        an event's (StaleLeague when another change came first; `base` None: a new league)."""

    @abstractmethod
    def load_group(self, group_id: str) -> dict | None:
        """The stored record of one group (friends who play casually), or None."""

    @abstractmethod
    def save_group(self, record: dict, base: int | None) -> None:
        """Durably store one group's record on the stored revision `base`, as `save_league` does
        (StaleGroup when another change came first; `base` None: a new group)."""
