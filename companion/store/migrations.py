"""Stored data carries a schema version; an older record is brought up to date when it is opened."""
from __future__ import annotations

SCHEMA = 1


class NewerSchema(ValueError):
    """The record was stored by a newer version of the app than the one running."""


def migrate_table(record: dict) -> dict:
    """A table record at the current schema (older ones are upgraded, newer ones refused)."""
    version = record.get("schema", 0)
    if version > SCHEMA:
        raise NewerSchema(f"This table was stored by a newer version of the app (schema {version}).")
    if version < 1:
        # Schema 0 (the first releases) had no seats, no redo stack and no schema field.
        record = {**record, "seat_tokens": record.get("seat_tokens") or [None] * len(record["players"]),
                  "redo": record.get("redo", []), "schema": 1}
    return record


def migrate_event(record: dict) -> dict:
    """An event record at the current schema, with its change counter ("revision", 0 when it had none)."""
    version = record.get("schema", 0)
    if version > SCHEMA:
        raise NewerSchema(f"This event was stored by a newer version of the app (schema {version}).")
    if version < 1:
        record = {**record, "manual": record.get("manual", {}), "schema": 1}
    if "revision" not in record:
        # Stored before events counted their changes (no schema step: the field is only added).
        record = {**record, "revision": 0}
    return record
