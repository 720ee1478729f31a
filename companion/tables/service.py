"""The application service: create, read, act on, undo and redo tables; the one door that the
web pages, the JSON API and the tournament nights call, so a rule is enforced the same way
whichever way an action arrives.

A table is its setup plus an ordered action log; its state is the fold of the log through the
game's engine (table.py), kept in this process's copy (storage.py) so that an action costs one
engine step and one write. Every change (act, undo, redo, seats, retire, close) takes one path
here: an unknown id is refused before a lock is made for it; under the table's lock the table is
read, the change decided (pure, changes.py), stored durably; then, the lock let go, its new
version is published. A change that ends a game (or an undo that reopens it) also tells its
tournament night. New records, exports and imports: records.py; refusals: errors.py.

How a change is stored durably (fsynced, or in Redis's append-only file) before it is acknowledged
and published: docs/architecture.md, "How an action becomes durable". A failed write raises
(StoreError: 503; StaleWrite: VersionConflict, 409) and leaves this process's copy as it was.
"""
from __future__ import annotations

import base64
import hashlib
import hmac
from collections.abc import Callable

from ..games import RuleViolation
from ..games.said import said
from ..store import Store
from .changes import acted, follow_up, hosts_revoked, locked, redone, seat_claimed, seat_freed, undone
from .errors import NotAllowed, SeatTaken, TableClosed, TableNotFound, TableReplaced, VersionConflict
from .pause import pause_set
from .records import exported, imported, new_table
from .seat_moves import seat_moved, seat_returned
from .storage import TableStorage
from .table import Table
from .taps import undo_question


def rematch_id(table: Table) -> str:
    """The id of a table's rematch, derived from its host secret (so every phone finds the same
    one, and nobody without the secret can guess it). A host token renewed when a desk was revoked
    keeps the first one's rematch (`rematch_key`)."""
    secret = table.record.get("rematch_key", table.record["host_token"])
    digest = hmac.new(secret.encode(), b"rematch", hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:8]).decode().rstrip("=")


class TableService(TableStorage):
    """Create and change the tables of a store (read as `TableStorage` reads them: `get`,
    `cached`, `find_by_code`); every change is durable before it is acknowledged."""

    def __init__(self, store: Store, publish: Callable[[str, int], None] = lambda tid, v: None, cache_size: int = 512):
        super().__init__(store, cache_size)
        self._publish = publish  # each new version, once stored: live.py pushes it to the phones

    # -- creating --------------------------------------------------------------------------
    def create(self, game_id: object, players: object, options: object = None, seed: object = None,
               event: str | None = None, desk: str | None = None, group: str | None = None) -> Table:
        """A new table: validates the setup, stores it, returns it with its secrets (a table of the
        night `event` made by its desk `desk`: with that desk's host token, `records.new_table`; a
        table of the group `group`, made from its link)."""
        return self._add(self.draft(game_id, players, options, seed, event, desk, group))

    def draft(self, game_id: object, players: object, options: object = None, seed: object = None,
              event: str | None = None, desk: str | None = None, group: str | None = None) -> Table:
        """A new table, checked but not stored (`store_checked` stores it): a night decides the
        tables of a round, stores the round, then stores them."""
        return new_table(game_id, players, options, seed, event, self._free_join_code, desk, group)

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
            raise NotAllowed(said("Only a phone that plays at this table can start its rematch."))
        if not old.state.get("over"):
            raise RuleViolation(said("The game is not over yet: a rematch starts when it ends."))
        new_id = rematch_id(old)
        told = None
        with self._lock(table_id):
            try:
                table = self.get(new_id)
            except TableNotFound:
                # A group's table is played again in the group (groups/service.py finds it by its id).
                fresh = new_table(old.record["game"], old.record["players"], old.record["options"], None, None,
                                  self._free_join_code, group=old.record.get("group"))
                table = self._add(Table({**fresh.record, "id": new_id}, fresh.state))
                # The finished table names its rematch, as a new version pushed to its phones: its
                # watchers follow it there (a watcher cannot work out its id).
                ended = self.get(table_id)
                told = self._commit(Table({**ended.record, "rematch": new_id, "version": ended.version + 1},
                                          ended.state, ended.checkpoints), ended)
        if told is not None:
            self._publish(table_id, told.version)
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
            raise NotAllowed(said("Exporting a table needs its play code or host token."))
        return exported(table, viewer, whole=table.is_host(token))

    def import_table(self, data: object, event: str | None = None) -> Table:
        """A new table from an export: its setup and every action, each checked by the rules again.
        Nothing is stored unless the whole import is accepted."""
        return self.store_checked(self.check_import(data, event))

    def store_checked(self, table: Table) -> Table:
        """Store a table that `check_import` accepted (it is new: its id and join code are fresh)."""
        return self._add(table)

    def check_import(self, data: object, event: str | None = None) -> Table:
        """The table an export describes, every action checked by the rules again; nothing is stored."""
        return imported(data, event, self._free_join_code)

    def takes(self, table_id: str, token: str | None, action: object) -> bool:
        """Whether the table as it is now would take this action from this caller: a dry run
        of the change path's own checks and the engine's, storing nothing."""
        table = self.get(table_id)
        try:
            acted(table, token, action, table.version)
        except (RuleViolation, NotAllowed):
            return False
        return True

    # -- changing: each the same path ----------------------------------------------------
    def act(self, table_id: str, token: str | None, action: object, version: object = None,
            then: str | None = None) -> tuple[Table, list[str]]:
        """Apply one action for a caller with play rights; returns the new table and its log lines.
        `then` names the step the same tap takes next (the page's "Final dice: resolve" form sends
        "resolve"; the API sends none): entered when `changes.follow_up` finds it the one thing left
        to do, under the same lock, so no other phone's move comes between, and marked `joined`."""
        if not isinstance(action, dict):
            raise RuleViolation(said('An action is an object with a "type".'))
        self._known(table_id)
        with self._lock(table_id):
            table = self.get(table_id)
            changed, change, lines = acted(table, token, action, version)
            new = self._commit(changed, table, change)
            step = follow_up(table, new, token, then) if then else None
            if step is not None:
                try:
                    both, change, _ = acted(new, token, step, new.version, joined=True)
                except RuleViolation:
                    pass  # the first action stands alone, as the page then shows what is asked
                else:
                    new = self._commit(both, new, change)
        self._publish(table_id, new.version)
        return new, lines

    def undo(self, table_id: str, token: str | None, version: object = None, *, keep_settings: bool = False,
             whole_tap: bool = False) -> Table:
        """Take back the last action; it can be redone until a new action is entered. Plain (the
        JSON API's undo): the log's last entry, whatever it is. `keep_settings`: the last move of
        the game instead, the players' settings (auto-yield) entered after it staying (a setting is
        changed again, not undone); `whole_tap`: with it the action its tap entered before it (a
        roll and its resolve), as one new version. The page's Undo passes both (`taps.page_tap`)."""
        return self._change(table_id, lambda table: undone(table, token, version, keep_settings=keep_settings,
                                                           whole_tap=whole_tap))

    def undo_question(self, table_id: str, token: str | None, version: object = None) -> dict | None:
        """What the page's Undo asks this phone before it takes back another player's move
        (`taps.undo_question`), or None: nothing to ask, or an undo that would be refused
        (a stale version, no right to it), which the undo itself then explains."""
        table = self.get(table_id)
        try:
            undone(table, token, version, keep_settings=True, whole_tap=True)  # pure: whether it would be taken
        except (RuleViolation, NotAllowed, TableClosed, TableReplaced, VersionConflict):
            return None
        return undo_question(table, token)

    def redo(self, table_id: str, token: str | None, version: object = None, *, whole_tap: bool = False) -> Table:
        """Put back the last undone action (one undone from inside the log comes back at the end).
        Plain (the JSON API's redo): that one entry; `whole_tap` (the page's Redo): with the action
        its tap entered with it."""
        return self._change(table_id, lambda table: redone(table, token, version, whole_tap=whole_tap))

    def claim_seat(self, table_id: str, token: str | None, seat: object) -> tuple[Table, str]:
        """Give a phone with play rights the token of a free seat (it then sees that seat's secrets
        and answers its decisions); returns the table and that token. A seat another phone holds is
        refused, naming whose it is, unless the host claims it (a phone died): the old phone's seat
        token then stops working. No new version: nothing is published."""
        self._known(table_id)
        with self._lock(table_id):
            table = self.get(table_id)
            seated, seat_token = seat_claimed(table, token, seat)
            return (table if seated is table else self._commit(seated, table)), seat_token

    def free_seat(self, table_id: str, token: str | None, seat: object) -> Table:
        """Free a seat: its holder leaves it, or the host frees it for another phone (no new version)."""
        self._known(table_id)
        with self._lock(table_id):
            table = self.get(table_id)
            freed = seat_freed(table, token, seat)
            return table if freed is table else self._commit(freed, table)

    def pause(self, table_id: str, token: str | None, paused: object) -> Table:
        """Pause the table (a break, a meal: paused time is no play time) or play on, for a phone
        with play rights (`pause.pause_set`). No new version, as for a seat: nothing is published."""
        self._known(table_id)
        with self._lock(table_id):
            table = self.get(table_id)
            changed = pause_set(table, token, paused)
            return table if changed is table else self._commit(changed, table)

    def move_seat(self, table_id: str, token: str | None, seat: object) -> tuple[Table, str]:
        """Move a seat another phone holds to this phone (play rights) in one step: a new version,
        published, so every phone is told and may undo it (`seat_moves.seat_moved`); returns the
        table and this phone's new seat token. The old phone keeps play rights without the seat."""
        self._known(table_id)
        with self._lock(table_id):
            table = self.get(table_id)
            moved, seat_token = seat_moved(table, token, seat)
            new = self._commit(moved, table)
        self._publish(table_id, new.version)
        return new, seat_token

    def seat_back(self, table_id: str, token: str | None, seat: object) -> Table:
        """Undo the last move of a seat: the phone it moved from holds it again (a new version,
        published; `seat_moves.seat_returned`)."""
        return self._change(table_id, lambda table: (seat_returned(table, token, seat), None))

    def revoke_hosts(self, table_id: str, desks: set[str]) -> Table:
        """Take the host tokens of the revoked `desks` of its night away from a table
        (`changes.hosts_revoked`). No new version: nothing is published."""
        return self._night_mark(table_id, lambda table: hosts_revoked(table, desks))

    def retire(self, table_id: str, night: str) -> Table:
        """Mark a table that its tournament night replaced: from now on its actions, undos and redos
        are refused with a sentence naming the night, where its players find their table."""
        return self._locked(table_id, "replaced", {"night": night})

    def close(self, table_id: str, night: str, round_number: int) -> Table:
        """Mark a table of a round its tournament night has seated the next round from: from now on
        its actions, undos and redos are refused with a sentence saying the desk corrects results."""
        return self._locked(table_id, "closed", {"night": night, "round": round_number})

    def decide(self, table_id: str, night: str, round_number: int, result: str) -> Table:
        """Mark a table whose result its night's desk entered while it played (or corrected since):
        its phones are told the result in words (`result`) and its moves are refused from then on."""
        why = {"night": night, "round": round_number, "result": result}
        return self._night_mark(table_id, lambda t: t if t.record.get("decided") == why or (t.locked and not t.record.get("decided"))
                                else locked(t, "decided", why), publish=True)

    def _change(self, table_id: str, decide: Callable[[Table], tuple[Table, dict | None]]) -> Table:
        """A new version of the table, `decide`d from it under its lock (an undo, a redo), stored, published."""
        self._known(table_id)
        with self._lock(table_id):
            table = self.get(table_id)
            new, change = decide(table)
            new = self._commit(new, table, change)
        self._publish(table_id, new.version)
        return new

    def _locked(self, table_id: str, mark: str, why: dict) -> Table:
        """The table marked by its night (`changes.locked`; once: a locked table is returned as it is)."""
        return self._night_mark(table_id, lambda table: table if table.locked else locked(table, mark, why),
                                publish=True)

    def _night_mark(self, table_id: str, mark: Callable[[Table], Table], publish: bool = False) -> Table:
        """The table as `mark` makes it under its lock, stored (and, with `publish`, published) when
        it changed (VersionConflict when a move was stored at that moment through another process:
        the night says so, and its desk repeats the change)."""
        self._known(table_id)
        with self._lock(table_id):
            table = self.get(table_id)
            marked = mark(table)
            if marked is table:
                return table
            new = self._commit(marked, table)
        if publish:
            self._publish(table_id, new.version)
        return new

    def _commit(self, new: Table, old: Table, change: dict | None = None) -> Table:
        """Store a change durably (`TableStorage._save`), then tell the table's tournament night
        when its game ended (or an undo reopened it): the night's standings change with it."""
        self._save(new, old, change)
        if new.state.get("over") != old.state.get("over") and new.record.get("event"):
            self._publish(f"event:{new.record['event']}", new.version)
        return new
