"""Results entered at the desk: a table played without the app, a correction, and a table still
being played in the app (its log holds a move, its game has not ended, its night has not locked
it), which the desk decides only when it says so ("override"), so that a desk that picked the
wrong table is asked first: the table's phones are then told the result and the table takes no
more moves (TableService.decide). Pure functions: the event service stores what they decide.
"""
from __future__ import annotations

from ..games import RuleViolation
from ..games.said import said, said_n
from .placings import checked_result
from .records import Decided, note
from .results import spoken


class TableInPlay(RuleViolation):
    """A desk result for a table whose game is still being played in the app, sent without
    `override` (409: the desk asks first, and sends it again with override)."""


def in_play(table) -> bool:
    """Whether a night's table (None: played on paper) is being played in the app right now."""
    return table is not None and bool(table.record["actions"]) and not table.state.get("over") and not table.locked


def entered(record: dict, rows: list[dict], table_id: object, placings: object, found, correction: bool, override: bool,
            who: str) -> Decided:
    """The desk `who` enters placings (a list best first, a list inside it a tie, or the form's
    {name: place number}) for a table of the night's results `rows`, or corrects one (which settles
    a conflict); `found(table id)` is its table in the app (None: on paper). One still in play is
    refused (TableInPlay) unless `override`. Each goes into the history: who, when, before, after."""
    entry, places = checked_result(rows, table_id, placings)
    table = found(table_id)
    if in_play(table) and not override:
        raise TableInPlay(said_n(
            "Table {table} of round {round} is still being played in the app ({n} move so far): its phones would "
            "play on. Send the result with override to end the table with it; its phones are told. Nothing was changed.",
            "Table {table} of round {round} is still being played in the app ({n} moves so far): its phones would "
            "play on. Send the result with override to end the table with it; its phones are told. Nothing was changed.",
            len(table.record["actions"]), table=entry['table'], round=entry['round']))
    if entry["places"] and not correction:
        raise RuleViolation(said("Table {table} of round {round} already has a result; "
                                 "send the new one as a correction to replace it.", table=entry['table'],
                                 round=entry['round']))
    record["manual"][table_id] = places
    if entry["played"] is not None:
        record["settled"][table_id] = entry["played"]  # this answers the app's result as it is now
    what = "settled" if entry["conflict"] else "correction" if entry["places"] else "result"
    told = in_play(table) or (table is not None and table.record.get("decided"))  # its phones are told (again, for a correction)
    note(record, who, what, round=entry["round"], table=entry["table"], game=entry["game"],
         before=entry["places"], after=places, **({"played": entry["played"]} if entry["conflict"] else {}),
         **({"in_play": True} if in_play(table) else {}))
    return Decided(marks=[("decide", table_id, (record["name"], entry["round"], spoken(places)))] if told else [])


def preview(rows: list[dict], table_id: object, placings: object, found) -> dict:
    """What a result would change, without changing it (the desk asks before a correction or
    before ending a table still in play): the table's round, number and game, its result now
    ("before"), the new one ("after") and whether the table is being played in the app."""
    entry, places = checked_result(rows, table_id, placings)
    return {"table_id": table_id, "round": entry["round"], "table": entry["table"], "game": entry["game"],
            "before": entry["places"], "after": places, "in_play": in_play(found(table_id))}
