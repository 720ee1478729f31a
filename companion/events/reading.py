"""Tournament nights as everyone reads them: a night's own tables, the results of its tables (from
the tables themselves once their games end), the standings, whether the night is over and what
blocks the next round. Functions of a record (and of the table service where they read tables);
the event service (service.py) offers each as a method."""
from __future__ import annotations

from ..games.said import Said, said, said_n
from ..tables import Table, TableNotFound, TableService
from .final import by_final, final_places, had_final
from .results import app_places, result_rows
from .standings import standings


class EventNotFound(LookupError):
    """No event has this id."""


def own_table(tables: TableService, record: dict, table_id: object) -> Table | None:
    """The table `table_id` if the night `record` created it (the table's record names the event),
    else None: an id in an event's record never reaches a table that the event did not make."""
    try:
        table = tables.get(table_id)
    except TableNotFound:
        return None
    return table if table.record.get("event") == record["id"] else None


def played(tables: TableService, record: dict, entry: dict) -> dict[str, int] | None:
    """The placings a round's table `entry` ended with in the app (None: playing, or on paper)."""
    table = own_table(tables, record, entry["table_id"])
    return None if table is None else app_places(table.record["players"], table.state, table.game)


def results(tables: TableService, record: dict) -> list[dict]:
    """Every table of every round with its results (see results.result_rows)."""
    return result_rows(record, lambda entry: played(tables, record, entry))


def night_standings(record: dict, rows: list[dict]) -> list[dict]:
    """The standings rows (see events.standings) from the night's result `rows`; once the night's
    final has a result, its players on top in their final places."""
    table = standings([p["name"] for p in record["players"]], [r["places"] for r in rows if r["places"]], record["scoring"])
    return by_final(table, final_places(record, rows))  # a final decides the top (final.py)


def ended(tables: TableService, record: dict, rows: list[dict] | None = None) -> bool:
    """Whether the night is over: its final, or else its planned rounds when no final was
    planned (a final may still follow them), was seated and every table of the last has a
    result. Its podium shows; no clock runs."""
    if not record["rounds"] or not (had_final(record) or (len(record["rounds"]) >= record["rounds_planned"]
                                                           and not record.get("final_planned"))):
        return False
    if rows is not None:
        return all(r["places"] for r in rows)
    # Every phone's clock asks this: only the last round's tables are read (the earlier all had a result).
    return all(record["manual"].get(t["table_id"]) is not None or played(tables, record, t) is not None
               for t in record["rounds"][-1]["tables"])


def round_blocker(record: dict, rows: list[dict]) -> Said | None:
    """Why the next round cannot start now (a sentence), or None when it can."""
    playing = [r for r in rows if r["places"] is None]
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
