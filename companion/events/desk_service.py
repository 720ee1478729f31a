"""The desk's own changes of a tournament night, as a part of `service.EventService`: handing the
desk over, revoking a desk, and what revoking takes from the night's tables.

What a desk was handed dies with it. A round's reply gives the desk that seated it a host token of
its own for each table (`desk_hosts` in the table's record, `handed`); revoking the desk (and the
desks made from it, desks.py) takes those tokens off every table of the night.
The players' ways in (play links, join codes, seats) stay: they are the players', not the desk's.
"""
from __future__ import annotations

from ..store.base import StoreError
from ..tables import Table
from .desks import desk_for, hand_over, revoke


def handed(record: dict, table: Table, token: str | None) -> str:
    """The host token of `table` that the desk of `token` is given (its own, never the table's)."""
    return table.record["desk_hosts"][desk_for(record, token)["id"]]


def desk_of(record: dict, token: str | None) -> str | None:
    """The id of the desk `token` opens (None for no desk: the change is refused anyway)."""
    desk = desk_for(record, token)
    return desk["id"] if desk else None


class DeskChanges:
    """Hand the desk over and revoke desks (mixed into `service.EventService`, whose `_change`,
    `_mark_tables` and `tables` these use)."""

    def hand_over(self, event_id: str, token: str | None, label: object = None) -> dict:
        """Open the desk on another device: a new organiser token with a name (see desks.py)."""
        made = {}

        def change(record):
            made["desk"] = hand_over(record, desk_for(record, token), label)
        self._change(event_id, token, change)
        return made["desk"]

    def revoke_desk(self, event_id: str, token: str | None, desk_id: object) -> dict:
        """Revoke a handed-over desk and the desks made from it: their tokens open nothing from now
        on, and the host tokens they were handed for the night's tables no longer work. Revoking a
        desk revoked already takes those host tokens again (a table that could not be written the
        first time)."""
        record = self.get(event_id)
        if any(d["id"] == desk_id and d.get("revoked") for d in record["desks"]) and self.is_organiser(record, token):
            self._revoke_hosts(record)
            return record
        return self._change(event_id, token, lambda record: revoke(record, desk_for(record, token), desk_id),
                            self._revoke_hosts)

    def _revoke_hosts(self, record: dict) -> None:
        # Once the event is stored with the desks revoked (a refused try takes nothing away), from
        # every table of the night, for every revoked desk: what an earlier try left is taken too.
        desks = {d["id"] for d in record["desks"] if d.get("revoked")}

        def mark(table_id):
            self.tables.revoke_hosts(table_id, desks)
        left = self._mark_tables(record, [(t["table_id"], mark) for rnd in record["rounds"] for t in rnd["tables"]])
        if left:
            raise StoreError(f"The desk is revoked, but {len(left)} of the night's tables could not be saved without "
                             "its host rights: revoke it again in a moment to finish.")
