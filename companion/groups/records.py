"""A group's record. Pure functions: no Flask, no I/O.

A group record holds its name, its token (the group link carries it: whoever has the link makes
tables in the group), the ids of its tables in the order they were made, and a change counter
("revision", as a league's: a change built on an older copy is refused). Nothing computed is
kept: plays, wins and statistics are read again from the tables every time.
"""
from __future__ import annotations

import secrets

from ..events.records import now
from ..games.names import clean_name
from ..games.said import word

GROUP_SCHEMA = 1
GROUP_NAME_MAX = 80
MAX_TABLES = 1000  # years of weekly games; every read of the group reads every table


def new_group(name: object) -> dict:
    """A fresh group record (new id and token) for a typed name, or a RuleViolation."""
    return {"schema": GROUP_SCHEMA, "id": secrets.token_urlsafe(8), "name": clean_name(name, word("group name"), GROUP_NAME_MAX),
            "token": secrets.token_urlsafe(24), "created": now(), "tables": [], "revision": 0}
