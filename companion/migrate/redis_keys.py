"""`companion migrate` for the Redis store: every table and night under the app's key prefix read,
converted by records.py and written back in one transaction each (WATCH, then MULTI/EXEC: a key
changed meanwhile makes it read again), so an interrupted run leaves each record either as it was
or converted, and running it again finishes the rest. A record already in this release's shape is
not written. The index (join codes) is the same in both releases and is left as it is.

A table the earlier release stored is three keys (redis_store.py): the hash `{prefix}:t:{id}`
(its setup, seats and version), and the lists `…:actions` and `…:redo` of its log's entries as
JSON. A night is the JSON string `{prefix}:e:{id}`.
"""
from __future__ import annotations

import json
import re

import redis

from ..store.redis_fields import as_json, read_table, table_fields
from . import records


class ServerRunning(RuntimeError):
    """A server (of any release) still uses this Redis: nothing was converted."""


def migrate_redis(client: redis.Redis, prefix: str) -> list[str]:
    """Convert the tables and nights under `prefix` in place; returns a sentence for each thing that
    was not carried over. ServerRunning when a server's live pages listen on this prefix's channels
    (the only trace a running server leaves that is cheap to see: an idle one leaves none, which is
    why the servers are stopped first)."""
    pattern = re.sub(r"([*?\[\]\\])", r"\\\1", prefix)  # the prefix as it is, in a Redis glob pattern
    listening = client.pubsub_channels(f"{pattern}:live:*")
    if listening:
        raise ServerRunning(f"A server is running on this Redis: {len(listening)} live page(s) listen on "
                            f"'{prefix}:live:…'. Stop every server that uses it, then run companion migrate again.")
    notes = []
    for key in sorted(client.scan_iter(match=f"{pattern}:t:{{*}}", _type="hash")):
        notes.append(_table(client, prefix, key))
    for key in sorted(client.scan_iter(match=f"{pattern}:e:{{*}}", _type="string")):
        notes.append(_night(client, key))
    return [note for note in notes if note]


def _table(client: redis.Redis, prefix: str, meta_key: str) -> str | None:
    """Convert one table's three keys in one transaction; a sentence when it is not carried over."""
    keys = [meta_key, f"{meta_key}:actions", f"{meta_key}:redo"]
    table_id = meta_key[len(prefix) + len(":t:{"):-1]

    def convert(pipe) -> str | None:
        meta, actions, redo = pipe.hgetall(keys[0]), pipe.lrange(keys[1], 0, -1), pipe.lrange(keys[2], 0, -1)
        if not meta:
            return None  # removed meanwhile
        try:
            stored = read_table(meta, actions, redo)
            record, _ = records.table(stored, [])
        except records.OlderRules as exc:
            # Set aside under other names in the same slot (the id is still the hash tag); renaming
            # them back lets the release that made it export it.
            there = [key for key in keys if pipe.exists(key)]
            pipe.multi()
            for key in there:
                pipe.rename(key, _aside(prefix, key))
            return (f"{exc}: its keys were renamed to {_aside(prefix, meta_key)} (and its :actions, :redo); rename "
                    "them back to export it with the release that made it.")
        except (KeyError, ValueError, TypeError, AttributeError) as exc:
            return (f"Table {table_id} cannot be read ({exc}): left as it is (the server says so when it is "
                    "opened).")
        if record == stored:
            return None
        fields, entries, undone = table_fields(record)
        pipe.multi()
        pipe.delete(keys[1], keys[2])
        pipe.hset(keys[0], mapping=fields)
        if entries:
            pipe.rpush(keys[1], *entries)
        if undone:
            pipe.rpush(keys[2], *undone)
        return None

    return client.transaction(convert, *keys, value_from_callable=True)


def _aside(prefix: str, key: str) -> str:
    """Where a table's key goes when it is set aside: `{prefix}:unconverted:t:{id}…`."""
    return f"{prefix}:unconverted:{key[len(prefix) + 1:]}"


def _night(client: redis.Redis, key: str) -> str | None:
    """Convert one night's record in one transaction; a sentence when it cannot be read."""

    def convert(pipe) -> str | None:
        raw = pipe.get(key)
        if raw is None:
            return None
        try:
            stored = json.loads(raw)
            record = records.night(stored)
        except (KeyError, ValueError, TypeError, AttributeError) as exc:
            return f"The night stored at {key} cannot be read ({exc}): left as it is."
        if record != stored:
            pipe.multi()
            pipe.set(key, as_json(record))
        return None

    return client.transaction(convert, key, value_from_callable=True)
