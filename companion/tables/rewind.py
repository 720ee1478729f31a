"""A table as it stood after a past version (api.md, "Groups, statistics and rewind"): read-only,
folded from the table's own log. Pure work on a table: no store, no lock.

A version counts every change (an action, an undo, a redo), and the log keeps the line of play as
it stands now: the table "after version v" is the log's entries entered (or redone) at v or
before, folded. A move later undone is no longer in the log, so no rewind shows it: the history a
phone taps is the game as it was played. Each entry says the version it was entered at (a redone
one, its redo's mark); an entry stored before entries kept it, its place in the log (the same
number while nothing was undone).
"""
from __future__ import annotations

from ..games import RuleViolation
from ..games.fields import is_int
from ..games.said import said
from .table import Table, rewound


def entered_at(entry: dict) -> int:
    """The version at which a log entry joined the line of play as it stands."""
    redone = entry.get("redone")
    if isinstance(redone, dict) and isinstance(redone.get("version"), int):
        return redone["version"]
    return entry.get("version", entry["seq"])


def at_version(table: Table, version: object) -> Table:
    """The table as it stood after `version` (0: its setup), with only the log entries it had
    then and no redo; a RuleViolation for a version the table has not reached or is no number."""
    if not is_int(version) or version < 0:
        raise RuleViolation(said("A version is a whole number from 0 up."))
    if version > table.version:
        raise RuleViolation(said("This table has not reached version {version} yet: it is at version {current}.", version=version,
                                  current=table.version))
    actions = table.record["actions"]
    done = next((k for k, entry in enumerate(actions) if entered_at(entry) > version), len(actions))
    record = {**table.record, "actions": actions[:done], "redo": [], "version": version}
    # The table's kept states (its checkpoints) make this at most one short replay.
    return rewound(table, record)


def version_of(table: Table, seq: int) -> int:
    """The version a history line (the log's entry `seq`, from 1) shows when tapped."""
    return entered_at(table.record["actions"][seq - 1])
