"""A table's pauses (a break, a meal): paused time is no play time. Pure work on a table's record.

The record keeps `paused`: one {"from", "to"} a pause, "to" None while it lasts. A pause is no
change of the game: like a seat, it keeps the table's version. A move entered while the table is
paused ends the pause there (people play again, whatever the button says: docs/rulings.md), so
the play time never counts a move's own minutes as a break.
"""
from __future__ import annotations

from datetime import UTC, datetime

from ..games import RuleViolation
from ..games.said import said
from .changes import writable
from .records import now
from .table import Table

MAX_PAUSES = 200  # a long night's breaks many times over; the record stays small


def moment(stamp: object) -> datetime | None:
    """A log's time stamp as a UTC time, or None when it is no time (an imported log's text)."""
    if not isinstance(stamp, str):
        return None
    try:
        found = datetime.fromisoformat(stamp)
    except ValueError:
        return None
    return (found if found.tzinfo else found.replace(tzinfo=UTC)).astimezone(UTC)


def is_paused(record: dict) -> bool:
    """Whether the table is paused now: its last pause has no end yet and no move came after it."""
    return _settled(record.get("paused") or [], record.get("actions", []))[-1:] == [None]


def _settled(pauses: list[dict], actions) -> list[str | None]:
    """Each pause's end: its "to", else the first move entered after it began, else None (it lasts)."""
    last = moment(actions[-1].get("at")) if len(actions) else None
    ends = []
    for pause in pauses:
        start, ended = moment(pause.get("from")), pause.get("to")
        if ended is None and start is not None and last is not None and last > start:
            ended = next(e["at"] for e in actions if (m := moment(e.get("at"))) is not None and m > start)
        ends.append(ended)
    return ends


def paused_seconds(record: dict, end: datetime | None) -> float:
    """The seconds the table stood paused before `end` (the end of its play): each pause ends at
    its "to", at the first move entered after it began, or at `end`, whichever is first."""
    if end is None:
        return 0.0
    moves = [m for m in (moment(e.get("at")) for e in record.get("actions", [])) if m is not None]
    total = 0.0
    for pause in record.get("paused") or []:
        start = moment(pause.get("from"))
        if start is None or start >= end:
            continue
        stops = [end, *(m for m in (moment(pause.get("to")),) if m), *(m for m in moves if m > start)]
        total += max(0.0, (min(stops) - start).total_seconds())
    return total


def pause_set(table: Table, token: str | None, paused: object) -> Table:
    """The table paused or going on again for a phone with play rights (the same table when it
    already is as asked); RuleViolation for a finished game or a value that is not true or false."""
    writable(table, token, None)
    if not isinstance(paused, bool):
        raise RuleViolation(said("'paused' must be true (pause the table) or false (play on)."))
    if table.state.get("over"):
        raise RuleViolation(said("The game is over: there is nothing to pause."))
    if paused == is_paused(table.record):
        return table
    # A pause a move ended (the players went on without "Play on") ends where that move was.
    kept = table.record.get("paused") or []
    pauses = [{**p, "to": end} for p, end in zip(kept, _settled(kept, table.record["actions"]))]
    if paused:
        if len(pauses) >= MAX_PAUSES:
            raise RuleViolation(said("A table keeps at most {n} pauses.", n=MAX_PAUSES))
        pauses.append({"from": now(), "to": None})
    else:
        pauses[-1]["to"] = now()
    return Table({**table.record, "paused": pauses}, table.state, table.checkpoints)
