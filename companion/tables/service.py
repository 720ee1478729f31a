"""The application service: create, read, act on, undo and redo tables.

The web pages and the JSON API both call this module, so a rule is enforced the same way
whichever way an action arrives. A table is its setup plus an ordered action log; its state
is the fold of the log through the game's engine, kept in memory as a snapshot so that an
action costs one engine step and one write of that table's own file.

This module is the one door (pages, API, tournament nights) and orchestrates what lies beside it:
reading through this process's copies in storage.py (the copies and locks in cache.py,
the folding in table.py); new records, exports and imports in records.py; every change
(act, undo, redo, seats, retire) on one path in writer.py, decided in changes.py and
seats.py; the refusals in errors.py.
"""
from __future__ import annotations

import base64
import hashlib
import hmac
from typing import Callable

from ..games import RuleViolation
from ..store import Store
from .table import Table
from .cache import TableCache
from .changes import acted, undone
from .errors import NotAllowed, SeatTaken, TableClosed, TableNotFound, TableReplaced, VersionConflict
from .records import exported, imported, new_table
from .storage import TableStorage
from .taps import undo_question
from .writer import TableWriter


class TableService:
    """Create and change tables; every change is durable before it is acknowledged."""

    def __init__(self, store: Store, publish: Callable[[str, int], None] = lambda tid, v: None, cache_size: int = 512):
        self.store = store
        self.publish = publish  # the writer publishes every change; the service keeps it as before
        self._cache = TableCache(cache_size)
        self._tables = TableStorage(store, self._cache)
        self._writer = TableWriter(self._tables, publish)

    # -- reading ---------------------------------------------------------------------------
    def get(self, table_id: str) -> Table:
        """The table with this id, from the snapshot cache or folded from its stored log."""
        return self._tables.get(table_id)

    def cached(self, table_id: str, version: int) -> Table | None:
        """This process's copy of a table if it is at `version` or newer, else None. A live push
        names the version it announces (versions are never reused), so a copy that new needs no
        check against a shared store: one read for all of a table's phones, not one each."""
        return self._tables.cached(table_id, version)

    def find_by_code(self, code: str) -> Table:
        """The table a typed join code names (case and spaces forgiven)."""
        return self._tables.find_by_code(code)

    # -- creating --------------------------------------------------------------------------
    def create(self, game_id: object, players: object, options: object = None, seed: object = None,
               event: str | None = None, desk: str | None = None) -> Table:
        """A new table: validates the setup, stores it, returns it with its secrets (a table of the
        night `event` made by its desk `desk`: with that desk's host token, `records.new_table`)."""
        return self._tables.add(new_table(game_id, players, options, seed, event, self._tables.free_join_code, desk))

    def rematch(self, table_id: str, token: str | None) -> tuple[Table, str]:
        """The rematch of a finished table (the same game, players, seats order and options), made by
        the first phone that asks and found by every other: its id is derived from the finished
        table's host secret, so no phone needs to be told it. Returns the new table and the token this
        phone gets there: the host's for the host, its own seat again for a seated phone, else the
        play token. A night's desk gets the play token: the rematch is no table of the night, so
        revoking the desk could not take host rights there back."""
        old = self.get(table_id)
        viewer = old.viewer_for(token)
        if not viewer.can_act:
            raise NotAllowed("Only a phone that plays at this table can start its rematch.")
        if not old.state.get("over"):
            raise RuleViolation("The game is not over yet: a rematch starts when it ends.")
        # A host token renewed when a desk was revoked keeps the first one's rematch (`rematch_key`).
        secret = old.record.get("rematch_key", old.record["host_token"])
        digest = hmac.new(secret.encode(), b"rematch", hashlib.sha256).digest()
        new_id = base64.urlsafe_b64encode(digest[:8]).decode().rstrip("=")
        with self._tables.lock(table_id):
            try:
                table = self.get(new_id)
            except TableNotFound:
                fresh = new_table(old.record["game"], old.record["players"], old.record["options"], None, None,
                                  self._tables.free_join_code)
                table = self._tables.add(Table({**fresh.record, "id": new_id}, fresh.state))
        if old.is_creator(token):
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
        return self._tables.add(table)

    def check_import(self, data: object, event: str | None = None) -> Table:
        """The table an export describes, every action checked by the rules again; nothing is stored."""
        return imported(data, event, self._tables.free_join_code)

    def takes(self, table_id: str, token: str | None, action: object) -> bool:
        """Whether the table as it is now would take this action from this caller: a dry run
        of the change path's own checks and the engine's, storing nothing."""
        table = self.get(table_id)
        try:
            acted(table, token, action, table.version)
        except (RuleViolation, NotAllowed):
            return False
        return True

    # -- changing: each the same path, in writer.py ----------------------------------
    def act(self, table_id: str, token: str | None, action: object, version: object = None,
            then: Callable[[Table, Table], dict | None] | None = None) -> tuple[Table, list[str]]:
        """Apply one action for a caller with play rights; returns the new table and log lines.
        `then(before, after)` names the step the same tap takes next, if any (a roll's resolve:
        `writer.TableWriter.act`)."""
        return self._writer.act(table_id, token, action, version, then)

    def undo(self, table_id: str, token: str | None, version: object = None, keep_settings: bool = False) -> Table:
        """Remove the last action (it can be redone until a new action is entered). With
        `keep_settings` (the page's Undo) the last move of the game is removed and the players'
        settings entered after it stay: a setting is changed again, not undone; and two actions
        one tap entered (a roll and its resolve) go together."""
        return self._writer.undo(table_id, token, version, keep_settings)

    def undo_question(self, table_id: str, token: str | None, version: object = None) -> dict | None:
        """What the page's Undo asks this phone before it takes back another player's move
        (`taps.undo_question`), or None: nothing to ask, or an undo that would be refused
        (a stale version, no right to it), which the undo itself then explains."""
        table = self.get(table_id)
        try:
            undone(table, token, version, keep_settings=True)  # pure: only whether it would be taken
        except (RuleViolation, NotAllowed, TableClosed, TableReplaced, VersionConflict):
            return None
        return undo_question(table, token)

    def redo(self, table_id: str, token: str | None, version: object = None, whole_tap: bool = False) -> Table:
        """Put back the last undone action (`whole_tap`, the page's Redo: with the action its tap
        entered with it)."""
        return self._writer.redo(table_id, token, version, whole_tap)

    def claim_seat(self, table_id: str, token: str | None, seat: object) -> tuple[Table, str]:
        """Give a phone with play rights the token of a free seat (it then sees that seat's secrets
        and answers its decisions). A seat another phone holds is refused, naming whose it is,
        unless the host claims it (a phone died): the old phone's seat token then stops working."""
        return self._writer.claim_seat(table_id, token, seat)

    def free_seat(self, table_id: str, token: str | None, seat: object) -> Table:
        """Free a seat: its holder leaves it, or the host frees it for another phone."""
        return self._writer.free_seat(table_id, token, seat)

    def revoke_hosts(self, table_id: str, desks: set[str], renew: bool = False) -> Table:
        """Take the host tokens of the revoked `desks` of its night away from a table (`renew`: also
        replace a host token that a desk may have been handed before desks had their own,
        `seats.hosts_revoked`). No new version: nothing is published."""
        return self._writer.revoke_hosts(table_id, desks, renew)

    def retire(self, table_id: str, night: str) -> Table:
        """Mark a table that its tournament night replaced: from now on its actions, undos and redos
        are refused with a sentence naming the night, where its players find their table."""
        return self._writer.lock(table_id, "replaced", {"night": night})

    def close(self, table_id: str, night: str, round_number: int) -> Table:
        """Mark a table of a round its tournament night has seated the next round from: from now on
        its actions, undos and redos are refused with a sentence saying the desk corrects results."""
        return self._writer.lock(table_id, "closed", {"night": night, "round": round_number})
