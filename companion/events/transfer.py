"""An event's JSON export (a backup) and the import of one (the spreadsheets: spreadsheets.py).

The organiser's JSON export carries each of the event's tables' whole log; an import creates
every table anew from its log (each action checked by the rules again), so an event holds only
tables that it created and an id in an import file never reaches a table already here.
"""
from __future__ import annotations

import secrets

from ..games import RuleViolation
from ..games.said import said
from .importing import EXPORT_SCHEMA, read_export
from .records import new_record
from .service import EventService

# Table ids are 11 characters of token_urlsafe(8); with this prefix an id is 14 long: never a table's.
PAPER_PREFIX = "paper-"
EXPORTED_FIELDS = ("id", "name", "date", "games", "rounds_planned", "final_planned", "scoring", "created", "players",
                   "rounds", "manual", "settled", "history")
# What the organiser alone reads (GET /api/events/<id> refuses anyone else): who changed what, the
# results entered by hand beside those played, the conflicts and how they were settled.
DESK_ONLY = ("manual", "settled", "history")
# A result as the players' pages and the big screen show it: the placings that count.
PUBLIC_RESULT = ("round", "table", "game", "table_id", "players", "places")


def export_json(service: EventService, record: dict, organiser: bool = False) -> dict:
    """The event without its secrets; for the organiser also its history, the results entered by
    hand, the conflicts and each of its tables' whole export (the log an import replays), for
    anyone else only what the event's open pages show. Neither carries a table's token or join code."""
    results = service.results(record)
    whole = {"schema": EXPORT_SCHEMA, **{k: record.get(k) for k in EXPORTED_FIELDS if organiser or k not in DESK_ONLY},
             "results": results if organiser else [{k: r[k] for k in PUBLIC_RESULT} for r in results],
             "standings": service.standings(record, results)}
    if organiser:
        whole["tables"] = {}
        for rnd in record["rounds"]:
            for t in rnd["tables"]:
                table = service.own_table(record, t["table_id"])
                if table is not None:
                    whole["tables"][t["table_id"]] = service.tables.export(table.id, table.record["host_token"])
    return whole


def import_event(service: EventService, data: object) -> dict:
    """A new event (new id and organiser token) from a JSON export. A table with an export is
    created anew from its log; a table without one keeps its result as an organiser-entered
    result under a fresh id that names no table. Nothing is stored unless all of it is accepted."""
    plan = read_export(data)
    record = new_record(plan.setup)
    # Every table is checked before any is stored, so a refused table leaves none of the others behind.
    checked = {}
    for old_id, export in plan.table_exports.items():
        try:
            checked[old_id] = service.tables.check_import(export, event=record["id"])
        except RuleViolation as exc:
            raise RuleViolation(said("Table '{id}' of the export cannot be imported, so nothing was: {why}", id=old_id[:20],
                                     why=exc.said)) from None
    service.count_tables(len(checked))
    new_ids = {}
    for old_id, table in checked.items():
        new_ids[old_id] = service.tables.store_checked(table).id
    for rnd in plan.rounds:
        for t in rnd["tables"]:
            new_ids.setdefault(t["table_id"], PAPER_PREFIX + secrets.token_urlsafe(6))
            t["table_id"] = new_ids[t["table_id"]]
    record.update(players=plan.players, rounds=plan.rounds, history=plan.history,
                  manual={new_ids[old]: places for old, places in plan.manual.items()},
                  settled={new_ids[old]: places for old, places in plan.settled.items()})
    service.store.save_event(record, None)
    return record
