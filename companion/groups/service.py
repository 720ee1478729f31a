"""Groups as a service: create one, make a table in it (with the group's token, which its link
carries), and read it (plays, players, who beats whom) from its tables, every time.

A table belongs to a group when the group lists it and the table's record names the group (as a
night belongs to its league): an id in a group's record never reaches a table of another group.
Nothing computed is stored, so an undo at a table is in the next read.
"""
from __future__ import annotations

import threading

from ..games import RuleViolation
from ..games.said import said
from ..store import Store
from ..store.revisions import store_changed
from ..tables import NotAllowed, Table, TableNotFound, TableService, same_secret
from ..tables.service import rematch_id
from . import summary
from .records import MAX_TABLES, new_group

MAX_REMATCHES = 100  # rematches followed from one table (a long evening's worth, many times over)


class GroupNotFound(LookupError):
    """No group has this id."""


class WrongGroupToken(PermissionError):
    """A token was sent, and it is not the group's."""


class GroupService:
    """Create groups, make tables in them, and read them from their tables."""

    def __init__(self, store: Store, tables: TableService):
        self.store = store
        self.tables = tables
        self._lock = threading.Lock()

    def create(self, name: object) -> dict:
        """A new group; the reply carries its token (for its link)."""
        record = new_group(name)
        self.store.save_group(record, None)
        return record

    def get(self, group_id: object) -> dict:
        """The group record, or GroupNotFound."""
        record = self.store.load_group(group_id) if isinstance(group_id, str) else None
        if record is None:
            raise GroupNotFound(said("There is no group '{id}'.", id=str(group_id)[:20]))
        return record

    def authorise(self, group_id: object, token: str | None) -> dict:
        """The group, if `token` is its token: NotAllowed without one, WrongGroupToken with another."""
        record = self.get(group_id)
        if not token:
            raise NotAllowed(said("This needs the group's link (its token as Authorization: Bearer {token}): "
                                  "ask a friend in the group for it.", token="<token>"))
        if not same_secret(record["token"], token):
            raise WrongGroupToken(said("That token is not this group's: open the group's own link."))
        return record

    def is_member(self, record: dict, token: str | None) -> bool:
        """Whether `token` is the group's (this phone opened its link)."""
        return bool(token) and same_secret(record["token"], token)

    def new_table(self, group_id: object, token: str | None, game: object, players: object, options: object = None,
                  seed: object = None) -> Table:
        """A table made in the group: the token and the room are checked, the table drafted, the
        group stored listing it (StaleGroup, nothing stored, when another change came first), then
        the table stored."""
        record = self.authorise(group_id, token)
        self._room(record)
        table = self.tables.draft(game, players, options, seed, group=record["id"])

        def change(stored):
            self._room(stored)
            stored["tables"].append(table.id)
        store_changed(self._lock, lambda: self.get(group_id), change, self.store.save_group)
        return self.tables.store_checked(table)

    def _room(self, record: dict) -> None:
        if len(record["tables"]) >= MAX_TABLES:
            raise RuleViolation(said("A group keeps at most {most} tables; start a new group.", most=MAX_TABLES))

    def tables_of(self, record: dict) -> list[Table]:
        """The group's tables in the order they were made (those gone from this server left out),
        each followed by its rematches (made at its end, in the group: the rematch's id is derived
        from the table's secret, so the group finds it without listing it)."""
        found = []
        for table_id in record["tables"]:
            seen = 0
            while table_id is not None and seen <= MAX_REMATCHES:
                table = self._own(record, table_id)
                if table is None:
                    break
                found.append(table)
                seen += 1
                table_id = rematch_id(table) if table.state.get("over") else None
        return found

    def _own(self, record: dict, table_id: str) -> Table | None:
        """The table, if it is one of this group's (it names the group), else None."""
        try:
            table = self.tables.get(table_id)
        except TableNotFound:
            return None
        return table if table.record.get("group") == record["id"] else None

    def read(self, record: dict) -> dict:
        """The group as its page shows it: its tables, plays (the latest first), players, who
        beats whom and each game's players."""
        tables = self.tables_of(record)
        plays = summary.plays_of(tables)
        players = summary.players_of(plays)
        beats = summary.beats_of(plays)
        return {"tables": tables, "plays": plays, "players": players, "beats": beats,
                "rivalries": summary.rivalries(players, beats), "by_game": summary.by_game(players)}
