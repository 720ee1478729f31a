"""The change path of a table, made one way for every change: an unknown id is refused before a
lock is made for it; under the table's lock the table is read, the change decided (pure, in
changes.py and seats.py), stored durably; then, the lock let go, its new version is
published. A change that ends a game (or an undo that reopens it) also tells its tournament night.
`service.TableService` hands its changes here.
"""
from __future__ import annotations

from typing import Callable

from ..games import RuleViolation
from .table import Table
from .changes import acted, locked, redone, undone
from .errors import VersionConflict
from .seats import hosts_revoked, seat_claimed, seat_freed
from .storage import TableStorage


class TableWriter:
    """Act, undo, redo, seat and lock the tables of `tables`, publishing each new version."""

    def __init__(self, tables: TableStorage, publish: Callable[[str, int], None]):
        self._tables = tables
        self.publish = publish

    def act(self, table_id: str, token: str | None, action: object, version: object = None,
            then: Callable[[Table, Table], dict | None] | None = None) -> tuple[Table, list[str]]:
        """Apply one action; returns the new table and its log lines. `then(before, after)` may
        name a step the same tap takes next (a roll's resolve): applied under the same lock, so no
        other phone's move comes between, and marked `joined` (the page's Undo takes both)."""
        if not isinstance(action, dict):
            raise RuleViolation('An action is an object with a "type".')
        self._tables.known(table_id)
        with self._tables.lock(table_id):
            table = self._tables.get(table_id)
            changed, change, lines = acted(table, token, action, version)
            new = self._commit(changed, table, change)
            step = then(table, new) if then else None
            if step is not None:
                try:
                    both, change, _ = acted(new, token, step, new.version, joined=True)
                except RuleViolation:
                    pass  # the first action stands alone, as the page then shows what is asked
                else:
                    new = self._commit(both, new, change)
        self.publish(table_id, new.version)
        return new, lines

    def undo(self, table_id: str, token: str | None, version: object = None, keep_settings: bool = False) -> Table:
        """Remove the last action (or, with `keep_settings`, the last move of the game)."""
        self._tables.known(table_id)
        with self._tables.lock(table_id):
            table = self._tables.get(table_id)
            before, change = undone(table, token, version, keep_settings)
            new = self._commit(before, table, change)
        self.publish(table_id, new.version)
        return new

    def redo(self, table_id: str, token: str | None, version: object = None, whole_tap: bool = False) -> Table:
        """Put back the last undone action (`whole_tap`: with the one its tap entered with it)."""
        self._tables.known(table_id)
        with self._tables.lock(table_id):
            table = self._tables.get(table_id)
            again, change = redone(table, token, version, whole_tap)
            new = self._commit(again, table, change)
        self.publish(table_id, new.version)
        return new

    def claim_seat(self, table_id: str, token: str | None, seat: object) -> tuple[Table, str]:
        """Give a phone a seat; returns the table and the seat's token (no new version: nothing is published)."""
        self._tables.known(table_id)
        with self._tables.lock(table_id):
            table = self._tables.get(table_id)
            seated, seat_token = seat_claimed(table, token, seat)
            if seated is not table:
                table = self._commit(seated, table)
        return table, seat_token

    def free_seat(self, table_id: str, token: str | None, seat: object) -> Table:
        """Free a seat (no new version: nothing is published)."""
        self._tables.known(table_id)
        with self._tables.lock(table_id):
            table = self._tables.get(table_id)
            freed = seat_freed(table, token, seat)
            if freed is not table:
                table = self._commit(freed, table)
        return table

    def revoke_hosts(self, table_id: str, desks: set[str], renew: bool = False) -> Table:
        """Take revoked desks' host tokens away (`seats.hosts_revoked`; no new version:
        nothing is published, as for a seat). Tried again when a move was stored at that moment
        through another process."""
        self._tables.known(table_id)
        for tries_left in reversed(range(3)):
            try:
                with self._tables.lock(table_id):
                    table = self._tables.get(table_id)
                    revoked = hosts_revoked(table, desks, renew)
                    return table if revoked is table else self._commit(revoked, table)
            except VersionConflict:
                if not tries_left:
                    raise

    def lock(self, table_id: str, mark: str, why: dict) -> Table:
        """Mark a table its tournament night replaced or closed (`changes.locked`; once: a
        locked table is returned as it is)."""
        self._tables.known(table_id)
        for tries_left in reversed(range(3)):
            try:
                with self._tables.lock(table_id):
                    table = self._tables.get(table_id)
                    if table.locked:
                        return table
                    new = self._commit(locked(table, mark, why), table)
                break
            except VersionConflict:  # a move stored at this moment through another process
                if not tries_left:
                    raise
        self.publish(table_id, new.version)
        return new

    def _commit(self, new: Table, old: Table, change: dict | None = None) -> Table:
        """Store a change durably (`TableStorage.commit`), then tell the table's tournament night
        when its game ended (or an undo reopened it): the night's standings change with it."""
        self._tables.commit(new, old, change)
        if new.state.get("over") != old.state.get("over") and new.record.get("event"):
            self.publish(f"event:{new.record['event']}", new.version)
        return new
