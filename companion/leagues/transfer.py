"""A league leaving the app and coming back: its spreadsheet (one row per player per night), its
JSON export with every night's own organiser export, and the import of one as a new league.

An import creates each night anew through the events' own import (events/transfer.py: every table
replayed from its log), then the league that lists them: new ids and tokens throughout, so an id
in an import file never reaches a night or a table already here.
"""
from __future__ import annotations

import csv
import io

from ..events import transfer as night_transfer
from ..events.importing import read_export
from ..events.spreadsheets import BOM, filename
from ..games import RuleViolation
from ..games.names import csv_cell
from ..games.said import filled, said
from .records import LEAGUE_SCHEMA, MAX_MERGES, MAX_NIGHTS, check_merge, merge_request, new_league
from .service import LeagueService

CSV_COLUMNS = ("league", "event", "date", "player", "points", "placings", "rating_ordinal")
EXPORT_FIELDS = {"schema", "id", "name", "created", "merges", "nights", "standings"}
DAMAGED = said("The league export is incomplete or damaged ({what}); nothing was imported.")


def league_csv(record: dict, table: dict) -> str:
    """One row per player per night who sat at a table: the night's points, the player's places
    round by round ("2=" a shared place) and their rating ordinal once that night was rated."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS)
    for night in table["rows"]():
        for row in night["rows"]:
            cells = (record["name"], night["name"], night["date"], row["player"], round(row["points"], 2),
                     row["placings"], round(row["rating_ordinal"], 4))
            writer.writerow([csv_cell(c) for c in cells])
    return BOM + out.getvalue()


def csv_name(record: dict) -> str:
    """The spreadsheet's file name: the league's name in plain letters."""
    return filename({"name": record["name"], "date": "league"}, "standings")


def export_league(service: LeagueService, record: dict) -> dict:
    """The league without its token: name, merges, standings and each night's organiser export
    (with its tables' whole logs, which an import replays)."""
    nights = []
    for event_id in record["events"]:
        event = service.events.get(event_id)
        if event.get("league") == record["id"]:
            nights.append(night_transfer.export_json(service.events, event, organiser=True))
    return {"schema": LEAGUE_SCHEMA, "id": record["id"], "name": record["name"], "created": record["created"],
            "merges": record["merges"], "nights": nights, "standings": service.table(record)["standings"]}


def check_merges(nights: list[dict], merges: list[dict]) -> None:
    """A RuleViolation when a merge of an export, in order, is one the league's merge form would
    refuse (records.check_merge): a file edited by hand must not make one person of two."""
    for number, merge in enumerate(merges):
        try:
            check_merge(nights, merges[:number], merge)
        except RuleViolation as exc:
            raise RuleViolation(said("The export's merge into {name} cannot be kept, so nothing was imported: {why}",
                                     name=merge['into'], why=exc.said)) from None


def import_league(service: LeagueService, data: object) -> dict:
    """A new league (new id and token) with every night of the export imported anew."""
    if not isinstance(data, dict):
        raise RuleViolation(said("An import is a league export: an object with name, merges and nights."))
    unknown = sorted(set(data) - EXPORT_FIELDS)
    if unknown:
        raise RuleViolation(filled(DAMAGED, what=said("a league export has no field '{field}'", field=unknown[0][:40])))
    if data.get("schema", LEAGUE_SCHEMA) != LEAGUE_SCHEMA:
        raise RuleViolation(said("This export comes from another version of the app."))
    record = new_league(data.get("name"))
    merges, nights = data.get("merges", []), data.get("nights", [])
    if not isinstance(merges, list) or len(merges) > MAX_MERGES or not all(isinstance(m, dict) for m in merges):
        raise RuleViolation(filled(DAMAGED, what=said("'merges' is a list of merges")))
    if not isinstance(nights, list) or len(nights) > MAX_NIGHTS:
        raise RuleViolation(filled(DAMAGED, what=said("'nights' is a list of at most {n} night exports", n=MAX_NIGHTS)))
    record["merges"] = [{**merge_request(m.get("names"), m.get("into")), "at": str(m.get("at", ""))[:40]} for m in merges]
    checked = []
    for number, night in enumerate(nights, start=1):
        try:
            read = read_export(night)  # every night checked before any is stored
        except RuleViolation as exc:
            raise RuleViolation(said("Night {number} of the export cannot be imported, so nothing was: {why}", number=number,
                                     why=exc.said)) from None
        checked.append({"id": f"night-{number}", "name": read.setup["name"], "players": [p["name"] for p in read.players]})
    check_merges(checked, record["merges"])
    for night in nights:
        event = night_transfer.import_event(service.events, night)
        base = event["revision"]
        event.update(league=record["id"], revision=base + 1)
        service.events.store.save_event(event, base)
        record["events"].append(event["id"])
    service.store.save_league(record, None)
    return record
