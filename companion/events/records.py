"""An event record's shape: a new one, and its history.

A record holds the setup (name, date, games, planned rounds, scoring), the organiser token, the
players (checked in or not, from which round), the rounds and their tables (each with its game),
the results entered by hand ("manual"), the conflicts settled ("settled": the app's result each
settlement answered), the handed-over desks ("desks", see desks.py), the history of what the
organisers changed (every result entered and every correction, with who, when, before and after)
and a change counter ("revision": one more with every change stored, so that a change built on an
older copy is refused). Pure functions: no Flask, no I/O.
"""
from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from itertools import combinations

from ..games.said import Said
from .importing import EXPORT_SCHEMA, HISTORY_MAX


@dataclass
class Decided:
    """What a change decided beside the record: its reply, drafted tables and marks ((TableService method,
    table id, more arguments)), both made once it is stored; `unmarked(n)`: the sentence when n marks fail."""

    reply: object = None
    drafts: list = field(default_factory=list)
    marks: list[tuple[str, str, tuple]] = field(default_factory=list)
    unmarked: Callable[[int], Said] | None = None


def new_record(setup: dict) -> dict:
    """A fresh event record (new id, organiser token and seating seed) for a checked setup."""
    return {"schema": EXPORT_SCHEMA, "id": secrets.token_urlsafe(8), **setup, "token": secrets.token_urlsafe(24),
            "seed": secrets.randbits(32), "created": now(), "players": [], "rounds": [], "manual": {}, "settled": {},
            "history": [], "desks": [], "revision": 0}


def note(record: dict, who: str, what: str, **details) -> dict:
    """Add an entry to the event's history: when, who (which desk), what ("result", "correction",
    "settled", "swap", "game", "handover", "revoked", …) and its details; returns the entry."""
    entry = {"at": now(), "who": who, "what": what, **details}
    record["history"] = [*record["history"], entry][-HISTORY_MAX:]
    return entry


def met(record: dict) -> dict[frozenset, int]:
    """How often each pair of players has sat at one table, over every round so far."""
    counts: dict[frozenset, int] = {}
    for rnd in record["rounds"]:
        for t in rnd["tables"]:
            for pair in combinations(t["players"], 2):
                counts[frozenset(pair)] = counts.get(frozenset(pair), 0) + 1
    return counts


def now() -> str:
    """The time as records keep it (UTC, to the second, ISO 8601)."""
    return datetime.now(UTC).isoformat(timespec="seconds")
