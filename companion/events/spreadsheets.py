"""An event as two tidy spreadsheets: the results (one row per player per round) and the
standings (one row per player). Each has one header row, names its event and date on every row,
numbers tables 1, 2, … within their round, names games by their titles, and is UTF-8 with a
byte-order mark (so Excel shows accents as typed). Every cell is defused (`csv_cell`): a name a
spreadsheet would run as a formula is written as text. Pure functions over what the service read.
"""
from __future__ import annotations

import csv
import io
import re
import unicodedata

from ..games import get_game
from ..games.names import csv_cell
from .standings import placing_points

RESULT_COLUMNS = ("event", "date", "round", "table", "game", "player", "seat", "placing", "points", "dropped")
STANDING_COLUMNS = ("event", "date", "rank", "player", "points", "wins", "median_buchholz", "solkoff", "h2h",
                    "played", "dropped")
BOM = "\ufeff"


def event_date(record: dict) -> str:
    """The night's date as the organiser typed it, else the day it was created (YYYY-MM-DD)."""
    return record.get("date") or str(record.get("created", ""))[:10]


def dropped(record: dict) -> set[str]:
    """Players checked out of the night (who are seated no more)."""
    return {p["name"] for p in record["players"] if not p["checked_in"]}


def results_csv(record: dict, results: list[dict]) -> str:
    """One row per player per round: where they sat (table number, seat), the game's title,
    their placing and points (both empty while the table plays) and whether they dropped out."""
    out = dropped(record)
    rows = []
    for r in results:
        points = placing_points(r["places"], record["scoring"]) if r["places"] else {}
        for seat, name in enumerate(r["players"], start=1):
            place = (r["places"] or {}).get(name)
            rows.append((record["name"], event_date(record), r["round"], r["table"], get_game(r["game"]).title, name, seat,
                         "" if place is None else place, _number(points[name]) if name in points else "",
                         "yes" if name in out else "no"))
    return _write(RESULT_COLUMNS, rows)


def standings_csv(record: dict, standings: list[dict]) -> str:
    """The standings, best first, with every tie-breaker and whether the player dropped out."""
    out = dropped(record)
    rows = [(record["name"], event_date(record), s["rank"], s["name"], _number(s["points"]), s["wins"],
             _number(s["median_buchholz"]), _number(s["solkoff"]), s["h2h"], s["played"], "yes" if s["name"] in out else "no")
            for s in standings]
    return _write(STANDING_COLUMNS, rows)


def filename(record: dict, what: str) -> str:
    """A download's name: the event's name and date in plain letters, then what it holds
    ("friday-at-the-dojo-2026-12-05-results.csv")."""
    plain = unicodedata.normalize("NFKD", f"{record['name']} {event_date(record)}").encode("ascii", "ignore").decode()
    slug = re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-")[:60].strip("-")
    return f"{slug or 'event'}-{what}.csv"


def _number(value: float) -> int | float:
    # 3.0 reads as 3 in a spreadsheet's cell and in a person's eye.
    return int(value) if float(value).is_integer() else value


def _write(columns: tuple[str, ...], rows: list[tuple]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(columns)
    writer.writerows([csv_cell(v) for v in row] for row in rows)
    return BOM + out.getvalue()
