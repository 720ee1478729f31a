"""The application service: create, read, act on, undo and redo tables.

The web pages and the JSON API both call this module, so a rule is enforced the same way
whichever way an action arrives. A table is its setup plus an ordered action log; its state
is the fold of the log through the game's engine, kept in memory as a snapshot so that an
action costs one engine step and one write of that table's own file.

This module orchestrates (read, lock, check, apply, store, publish); the parts live beside it:
folding in table.py, the copies and locks in table_cache.py, new records, exports and imports in
table_records.py, what an action, undo, redo or retiring makes of a table (and who may) in
table_changes.py, seats in table_seats.py, the refusals in table_errors.py (their names are
offered here too, where the web layer and the tournament nights import them).
"""
from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from typing import Callable

from .games import RuleViolation
from .store import StaleWrite, Store
from .table import Table, caught_up
from .table_cache import TableCache
from .table_changes import acted, redone, retired, undone
from .table_errors import NotAllowed, SeatTaken, TableNotFound, TableReplaced, VersionConflict, replaced_sentence
from .table_records import exported, imported, new_table
from .table_seats import seat_claimed, seat_freed

# Join codes avoid look-alikes: no 0/O, no 1/I/L.
JOIN_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
JOIN_CODE_LENGTH = 6

# The names the web layer, the tournament nights and the tests import from here.
__all__ = ["NotAllowed", "SeatTaken", "Table", "TableNotFound", "TableReplaced", "TableService",
           "VersionConflict", "replaced_sentence"]


class TableService:
    """Create and change tables; every change is durable before it is acknowledged."""

    def __init__(self, store: Store, publish: Callable[[str, int], None] = lambda tid, v: None, cache_size: int = 512):
        self.store = store
        self.publish = publish
        self._cache = TableCache(cache_size)

    # -- reading ---------------------------------------------------------------------------
    def get(self, table_id: str) -> Table:
        """The table with this id, from the snapshot cache or folded from its stored log."""
        table = self._cache.get(table_id, used=True)
        # A store shared with other processes may hold a newer table than the cached copy.
        if table is not None and self.store.is_current(table.record):
            return table
        if not isinstance(table_id, str):
            raise TableNotFound(f"There is no table '{table_id}'.")
        # Read under the table's lock: no change (an action, a seat) is stored while the record is
        # read, so the copy cached here is never older than what is on disk.
        with self._cache.lock(table_id):
            cached = self._cache.get(table_id)
            if cached is not None and cached is not table and self.store.is_current(cached.record):
                return cached
            record = self.store.load_table(table_id)
            if record is None:
                raise TableNotFound(f"There is no table '{table_id}'.")
            return self._cache.remember(caught_up(cached, record), replace=cached is not None)

    def cached(self, table_id: str, version: int) -> Table | None:
        """This process's copy of a table if it is at `version` or newer, else None. A live push
        names the version it announces (versions are never reused), so a copy that new needs no
        check against a shared store: one read for all of a table's phones, not one each."""
        table = self._cache.get(table_id)
        return table if table is not None and table.version >= version else None

    def _known(self, table_id: str) -> None:
        """Raise TableNotFound for an id no table has, before a lock is made for it. A table this
        process holds is known: the change reads it again under its lock, and on a shared store
        a first read here would be one more round trip for every action."""
        if self._cache.get(table_id) is None:
            self.get(table_id)

    def find_by_code(self, code: str) -> Table:
        """The table a typed join code names (case and spaces forgiven)."""
        clean = "".join(str(code).split()).upper()
        table_id = self.store.table_for_code(clean) if len(clean) == JOIN_CODE_LENGTH else None
        table = self.get(table_id) if table_id is not None else None
        if table is None or table.state.get("over"):
            # A finished table's code opens nothing: it was on a screen for a whole game.
            raise TableNotFound(f"No table that is still playing has the join code '{clean}'. Check the code on the table's screen.")
        return table

    # -- creating --------------------------------------------------------------------------
    def create(self, game_id: object, players: object, options: object = None, seed: object = None,
               event: str | None = None) -> Table:
        """A new table: validates the setup, stores it, returns it with its secrets."""
        return self._store_new(self._new_table(game_id, players, options, seed, event))

    def _new_table(self, game_id: object, players: object, options: object, seed: object, event: str | None) -> Table:
        """A validated table that is not stored yet (with fresh id, join code and tokens)."""
        return new_table(game_id, players, options, seed, event, self._new_join_code)

    def rematch(self, table_id: str, token: str | None) -> tuple[Table, str]:
        """The rematch of a finished table (the same game, players, seats order and options), made by
        the first phone that asks and found by every other: its id is derived from the finished
        table's host secret, so no phone needs to be told it. Returns the new table and the token this
        phone gets there: the host's for the host, its own seat again for a seated phone, else the
        play token."""
        old = self.get(table_id)
        viewer = old.viewer_for(token)
        if not viewer.can_act:
            raise NotAllowed("Only a phone that plays at this table can start its rematch.")
        if not old.state.get("over"):
            raise RuleViolation("The game is not over yet: a rematch starts when it ends.")
        digest = hmac.new(old.record["host_token"].encode(), b"rematch", hashlib.sha256).digest()
        new_id = base64.urlsafe_b64encode(digest[:8]).decode().rstrip("=")
        with self._cache.lock(table_id):
            try:
                table = self.get(new_id)
            except TableNotFound:
                fresh = self._new_table(old.record["game"], old.record["players"], old.record["options"], None, None)
                table = self._store_new(Table({**fresh.record, "id": new_id}, fresh.state))
        if old.is_host(token):
            return table, table.record["host_token"]
        if viewer.seat is not None:
            try:
                return self.claim_seat(new_id, table.record["play_token"], viewer.seat)
            except SeatTaken:
                pass  # another phone took it there first: this one plays without a seat
        return table, table.record["play_token"]

    def export(self, table_id: str, token: str | None) -> dict:
        """One table as JSON with its log: whole for the host (a backup), redacted as the caller
        may see it for any other phone with play rights (hidden information stays hidden)."""
        table = self.get(table_id)
        viewer = table.viewer_for(token)
        if not viewer.can_act:
            raise NotAllowed("Exporting a table needs its play code or host token.")
        return exported(table, viewer, whole=table.is_host(token))

    def import_table(self, data: object, event: str | None = None) -> Table:
        """A new table from an export: its setup and every action, each checked by the rules again.
        Nothing is stored unless the whole import is accepted."""
        return self.store_checked(self.check_import(data, event))

    def store_checked(self, table: Table) -> Table:
        """Store a table that `check_import` accepted (it is new: its id and join code are fresh)."""
        return self._store_new(table)

    def check_import(self, data: object, event: str | None = None) -> Table:
        """The table an export describes, every action checked by the rules again; nothing is stored."""
        return imported(data, event, self._new_join_code)

    def _store_new(self, table: Table) -> Table:
        """Store a whole new table (an accepted import) and cache it."""
        self.store.create_table(table.record)
        self._cache.remember(table)
        return table

    def _new_join_code(self) -> str:
        while True:
            code = "".join(secrets.choice(JOIN_ALPHABET) for _ in range(JOIN_CODE_LENGTH))
            if self.store.table_for_code(code) is None:
                return code

    # -- changing: under the table's lock, read, decide (table_changes, table_seats), store ---
    def act(self, table_id: str, token: str | None, action: object, version: object = None) -> tuple[Table, list[str]]:
        """Apply one action for a caller with play rights; returns the new table and log lines."""
        if not isinstance(action, dict):
            raise RuleViolation('An action is an object with a "type".')
        self._known(table_id)
        with self._cache.lock(table_id):
            table = self.get(table_id)
            changed, change, lines = acted(table, token, action, version)
            new = self._commit(changed, table, change)
        self.publish(table_id, new.version)
        return new, lines

    def undo(self, table_id: str, token: str | None, version: object = None, keep_settings: bool = False) -> Table:
        """Remove the last action (it can be redone until a new action is entered). With
        `keep_settings` (the page's Undo) the last move of the game is removed and the players'
        settings entered after it stay: a setting is changed again, not undone."""
        self._known(table_id)
        with self._cache.lock(table_id):
            table = self.get(table_id)
            before, change = undone(table, token, version, keep_settings)
            new = self._commit(before, table, change)
        self.publish(table_id, new.version)
        return new

    def redo(self, table_id: str, token: str | None, version: object = None) -> Table:
        """Put back the last undone action."""
        self._known(table_id)
        with self._cache.lock(table_id):
            table = self.get(table_id)
            again, change = redone(table, token, version)
            new = self._commit(again, table, change)
        self.publish(table_id, new.version)
        return new

    def claim_seat(self, table_id: str, token: str | None, seat: object) -> tuple[Table, str]:
        """Give a phone with play rights the token of a free seat (it then sees that seat's secrets
        and answers its decisions). A seat another phone holds is refused, naming whose it is,
        unless the host claims it (a phone died): the old phone's seat token then stops working."""
        self._known(table_id)
        with self._cache.lock(table_id):
            table = self.get(table_id)
            seated, seat_token = seat_claimed(table, token, seat)
            if seated is not table:
                table = self._commit(seated, table)
        return table, seat_token

    def free_seat(self, table_id: str, token: str | None, seat: object) -> Table:
        """Free a seat: its holder leaves it, or the host frees it for another phone."""
        self._known(table_id)
        with self._cache.lock(table_id):
            table = self.get(table_id)
            freed = seat_freed(table, token, seat)
            if freed is not table:
                table = self._commit(freed, table)
        return table

    def retire(self, table_id: str, night: str) -> Table:
        """Mark a table that its tournament night replaced: from now on its actions, undos and redos
        are refused with a sentence naming the night, where its players find their table."""
        self._known(table_id)
        for tries_left in reversed(range(3)):
            try:
                with self._cache.lock(table_id):
                    table = self.get(table_id)
                    if table.record.get("replaced"):
                        return table
                    new = self._commit(retired(table, night), table)
                break
            except VersionConflict:  # a move stored at this moment through another process
                if not tries_left:
                    raise
        self.publish(table_id, new.version)
        return new

    # -- internals -------------------------------------------------------------------------
    def _commit(self, new: Table, old: Table, change: dict | None = None) -> Table:
        # Durable first: if the write fails the cache still holds the old table and the
        # caller gets an error, so nothing unsaved is ever acknowledged or shown.
        try:
            if change is None:
                self.store.save_table(new.record, old.record)
            else:
                self.store.append_change(new.record, change)
        except StaleWrite as exc:
            # The cached copy was older than the stored table: read it afresh next time.
            self._cache.forget(new.id)
            raise VersionConflict(exc.current) from None
        self._cache.remember(new)
        if new.state.get("over") != old.state.get("over"):
            self.store.update_index(new.id, over=bool(new.state.get("over")))
            if new.record.get("event"):
                self.publish(f"event:{new.record['event']}", new.version)
        return new
