"""How a table record lies in Redis's keys: its meta hash (the setup, the seats, the version and
the last write's id), its actions list and its redo list, one JSON text an item (the store and
`companion migrate` read and write them alike)."""
from __future__ import annotations

import json
import secrets

# Record keys kept apart from the setup: they change while the table plays. A night's desks' host
# tokens ("desk_hosts") are kept with the seats: they go when a desk is revoked, and every read and
# write compares the seats, so no process trusts or builds on a copy that still holds them.
CHANGING = ("version", "actions", "redo", "seat_tokens", "desk_hosts")


def as_json(value) -> str:
    """A value as one compact JSON text (what each key's item holds)."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def read_table(meta: dict, actions: list[str], redo: list[str]) -> dict:
    """A table record from what its three keys hold (the meta hash, the actions and the redo list);
    KeyError, ValueError or TypeError when they cannot be read."""
    return {**json.loads(meta["setup"]), **unseated(json.loads(meta["seats"])), "version": int(meta["version"]),
            "actions": [json.loads(a) for a in actions], "redo": [json.loads(r) for r in redo]}


def table_fields(record: dict) -> tuple[dict, list[str], list[str]]:
    """What a table record's three keys hold (`read_table` the other way round), with a fresh write
    id in the meta."""
    meta = {"setup": setup_field(record), "seats": seats_field(record), "version": record["version"], "write": write_id()}
    return meta, [as_json(a) for a in record["actions"]], [as_json(r) for r in record["redo"]]


def setup_field(record: dict) -> str:
    """The meta's "setup": every key of the record that does not change while the table plays."""
    return as_json({k: v for k, v in record.items() if k not in CHANGING})


def seats_field(record: dict) -> str:
    """The meta's "seats": the seat tokens, with the desks' host tokens when the record has them
    (a table of no night has none)."""
    if "desk_hosts" not in record:
        return as_json(record["seat_tokens"])
    return as_json({"seats": record["seat_tokens"], "desk_hosts": record["desk_hosts"]})


def unseated(seats: list | dict) -> dict:
    """The record keys a meta's "seats" holds (`_seats` read back; null: no seats, migrate gives them)."""
    if seats is None or isinstance(seats, list):
        return {"seat_tokens": seats}
    return {"seat_tokens": seats["seats"], "desk_hosts": seats["desk_hosts"]}


def list_args(record: dict) -> list:
    """A script's arguments for a record's lists: how many actions, then each action and each
    undone action as JSON."""
    return [len(record["actions"]), *map(as_json, record["actions"]), *map(as_json, record["redo"])]


def write_id() -> str:
    """A fresh id for a write, by which a retried write that was applied recognises itself."""
    return secrets.token_hex(8)
