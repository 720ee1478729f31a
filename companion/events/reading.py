"""Tournament nights as everyone reads them: the record, who holds its desk, the results of its
tables (from the tables themselves once their games end), the standings and what blocks the next
round. The organiser's changes: service.py.
"""
from __future__ import annotations

from ..games.said import Said, said, said_n
from ..store import Store
from ..tables import Table, TableNotFound, TableService
from .desks import desk_for
from .final import by_final, final_places, had_final
from .results import app_places, conflicts, result_rows
from .standings import standings


class EventNotFound(LookupError):
    """No event has this id."""


class EventReader:
    """Read tournament nights and the tables they created."""

    def __init__(self, store: Store, tables: TableService):
        self.store = store
        self.tables = tables

    def get(self, event_id: str) -> dict:
        """The event record, or EventNotFound."""
        record = self.store.load_event(event_id) if isinstance(event_id, str) else None
        if record is None:
            raise EventNotFound(said("There is no event '{id}'.", id=str(event_id)))
        return record

    def is_organiser(self, record: dict, token: str | None) -> bool:
        """Whether `token` opens this event's desk (its organiser token, or a desk handed over)."""
        return desk_for(record, token) is not None

    def who(self, record: dict, token: str | None) -> str:
        """The desk a token opens, as the history names it ("organiser", or a handed-over desk's name)."""
        desk = desk_for(record, token)
        return desk["label"] if desk else "?"

    def results(self, record: dict) -> list[dict]:
        """Every table of every round with its results (see results.result_rows)."""
        return result_rows(record, lambda entry: self._app_places(record, entry))

    def conflicts(self, record: dict, results: list[dict] | None = None) -> list[dict]:
        """The tables whose hand-entered and in-app results disagree, until the organiser settles them."""
        return conflicts(self.results(record) if results is None else results)

    def standings(self, record: dict, results: list[dict] | None = None) -> list[dict]:
        """The standings rows (see events.standings), from `results` when already read; once the
        night's final has a result, its players on top in their final places."""
        rows = self.results(record) if results is None else results
        table = standings([p["name"] for p in record["players"]], [r["places"] for r in rows if r["places"]], record["scoring"])
        return by_final(table, final_places(record, rows))  # a final decides the top (final.py)

    def ended(self, record: dict, results: list[dict] | None = None) -> bool:
        """Whether the night is over: its final, or else its planned rounds when no final was
        planned (a final may still follow them), was seated and every table of the last has a
        result. Its podium shows; no clock runs."""
        if not record["rounds"] or not (had_final(record) or (len(record["rounds"]) >= record["rounds_planned"]
                                                               and not record.get("final_planned"))):
            return False
        if results is not None:
            return all(r["places"] for r in results)
        # Every phone's clock asks this: only the last round's tables are read (the earlier ones
        # all had a result before it was seated).
        return all(record["manual"].get(t["table_id"]) is not None or self._app_places(record, t) is not None
                   for t in record["rounds"][-1]["tables"])

    def own_table(self, record: dict, table_id: object) -> Table | None:
        """The table `table_id` if this event created it (the table's record names the event), else
        None: an id in an event's record never reaches a table that the event did not make."""
        try:
            table = self.tables.get(table_id)
        except TableNotFound:
            return None
        return table if table.record.get("event") == record["id"] else None

    def _app_places(self, record: dict, entry: dict) -> dict[str, int] | None:
        table = self.own_table(record, entry["table_id"])
        return None if table is None else app_places(table.record["players"], table.state, table.game)

    def round_blocker(self, record: dict, results: list[dict] | None = None) -> Said | None:
        """Why the next round cannot start now (a sentence), or None when it can."""
        playing = [r for r in (self.results(record) if results is None else results) if r["places"] is None]
        if had_final(record):
            return said("The final is playing: the night ends when it finishes.") if playing else said("The final has been played.")
        if len(record["rounds"]) >= record["rounds_planned"]:
            planned, top = record["rounds_planned"], record.get("final_planned")
            if playing:  # not "played" while its tables still play (an organiser took it for the end)
                return (said("Round {round} is the night's last planned round: the final of the top {top} follows once its "
                             "tables finish.", round=planned, top=top) if top else
                        said("Round {round} is the night's last: the night ends when its tables finish.", round=planned))
            if planned == 1:
                return said("The night's only round has been played: the final of the top {top} is next.", top=top) if top \
                    else said("The night's only round has been played.")
            return said("All {n} rounds have been played: the final of the top {top} is next.", n=planned, top=top) if top \
                else said("All {n} rounds have been played.", n=planned)
        if playing:
            return said_n("Round {round} still has {n} table without a result ({tables}).",
                          "Round {round} still has {n} tables without a result ({tables}).", len(playing),
                          round=len(record['rounds']), tables=[str(r['table']) for r in playing])
        return None
