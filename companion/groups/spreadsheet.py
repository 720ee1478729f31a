"""A group's plays as a spreadsheet: one row per player per play, with the place, whether it was
a win, the game's score and the game's own statistics (one column per figure of any game, blank
where the play's game has no such figure). Pure work on what the group's read gave."""
from __future__ import annotations

import csv
import io
from collections.abc import Callable

from ..events.spreadsheets import BOM, filename
from ..games import all_games
from ..games.names import csv_cell
from ..tables import Table

CSV_COLUMNS = ("group", "table_id", "game", "ended_at", "player", "place", "winner", "score")


def figure_columns() -> list[str]:
    """Every game's figures, once each, in the games' order."""
    names: list[str] = []
    for game in all_games():
        names += [n for n in (game.figures.names if game.figures else ()) if n not in names]
    return names


def group_csv(record: dict, read: dict, figures: Callable[[Table], dict]) -> str:
    """The spreadsheet of a group's plays (`read`: GroupService.read), the latest play first;
    `figures` gives a finished table's statistics (tables/stats.py)."""
    extra = figure_columns()
    tables = {t.id: t for t in read["tables"]}
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow([*CSV_COLUMNS, *extra])
    for play in read["plays"]:
        table = tables[play["table_id"]]
        state, game = table.state, table.game
        counted = {p["name"]: p for p in figures(table)["players"]}
        scores = {p["name"]: p.get(game.score_field) if game.score_field else None for p in state["players"]}
        for name, place in play["places"]:
            cells = [record["name"], play["table_id"], game.title, play["ended_at"], name, place, int(place == 1), scores.get(name)]
            cells += [counted.get(name, {}).get(column, "") for column in extra]
            writer.writerow([csv_cell("" if c is None else c) for c in cells])
    return BOM + out.getvalue()


def csv_name(record: dict) -> str:
    """The spreadsheet's file name: the group's name in plain letters and the day it was made."""
    return filename({"name": record["name"], "created": record["created"]}, "plays")
