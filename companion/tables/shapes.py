"""The shapes of what a table stores, as typed dicts: a table's record and an entry of its log.

They are stored as JSON (TinyDB documents and the append-only log), so they stay dicts; these
types name their fields for readers and type checkers. Fields written only in some tables (a
night's, a group's, a paused one) are NotRequired.
"""
from __future__ import annotations

from typing import Any, NotRequired, TypedDict


class LogEntry(TypedDict):
    """One action of a table's log, as `changes.entered` writes it."""

    seq: int  # its place in the log, from 1
    version: int  # the table's version once it was entered (what a rewind to it shows)
    action: dict[str, Any]  # as the phone sent it, checked by the engine
    log: list[Any]  # the history's lines it made
    at: str  # when, UTC ISO-8601 with milliseconds
    rules: int  # the engine's rules version it was entered under
    joined: NotRequired[bool]  # entered by the same tap as the one before (a roll and its resolve)
    by: NotRequired[int | None]  # the seat whose phone entered it (None: the host's or a shared phone)
    mover: NotRequired[int]  # whose move it was, when another phone entered it


# A seat moved to another phone (seat_moves.py), or moved back (`back`): "from" is a keyword.
SeatMove = TypedDict("SeatMove", {"seat": int, "from": str | None, "to": str | None, "version": int, "at": str,
                                  "back": NotRequired[int]})


class TableRecord(TypedDict):
    """A table as stored: its setup, its secrets, its log and what its night or group marks on it."""

    schema: int
    id: str
    game: str
    players: list[str]
    options: dict[str, Any]
    seed: int
    created: str
    version: int
    join_code: str
    host_token: str
    play_token: str
    seat_tokens: list[str | None]  # each seat's phone token, None while no phone holds the seat
    actions: list[LogEntry]
    redo: list[LogEntry]  # what an undo took back, newest last, until another action is entered
    group: NotRequired[str]  # made from a group's link
    event: NotRequired[str]  # a tournament night's table: its result reaches that night
    desk_hosts: NotRequired[dict[str, str]]  # a night's desk id -> that desk's host token here
    replaced: NotRequired[dict[str, Any]]  # its night seated it again or gave it another game
    closed: NotRequired[dict[str, Any]]  # its night seated the next round
    paused: NotRequired[list[Any]]  # pauses and resumes (pause.py)
    seat_moves: NotRequired[list[SeatMove]]
    rematch: NotRequired[str]  # the id of the table that follows this one
