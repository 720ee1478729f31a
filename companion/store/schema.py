"""What every store checks of a record it reads: its schema (the shape this release stores; an
older one is converted once by `companion migrate`, a newer one refused) and, for a table, the
fields that replaying and folding it need."""
from __future__ import annotations

from ..games.said import Said, said
from .base import StoreError

SCHEMA = 1


def check_current(record: dict, what: Said, command: str = "companion migrate") -> None:
    """StoreError, with what to do (`command`, which converts it), unless `record` (a table or a
    tournament night) has this release's schema."""
    schema = record.get("schema", 0)
    if schema > SCHEMA:
        raise StoreError(said("The app cannot read {what}: a newer version of the app stored it (schema {schema}). "
                              "Run the newer version of the app.", what=what, schema=schema))
    if schema < SCHEMA:
        raise StoreError(said("The app cannot read {what} until it is converted: an earlier release stored it "
                              "(schema {schema}). Stop the server and convert the data once with '{command}'.",
                              what=what, schema=schema, command=command))


def check_shape(record: dict) -> None:
    """ValueError unless a table record has what replaying and folding it need."""
    for key, kind in (("game", str), ("players", list), ("version", int), ("actions", list), ("redo", list)):
        if not isinstance(record.get(key), kind):
            raise ValueError(f"its '{key}' is missing or of the wrong kind")
