"""Redis backend (COMPANION_REDIS_URL): tables, the index, events and the cookie key in one Redis
that several server processes, on one machine or several, share.

Every change is one Lua script (redis_scripts.py) that checks the version and seats it was built
on and applies it atomically, so versions stay one gapless sequence across processes, undo and
redo included, and a stale copy's change is refused (StaleWrite) instead of stored twice. A write
is acknowledged once Redis answered it: with `appendfsync always` Redis has written it to its
append-only file first (docs/operations.md, Redis). Nothing is cached here: the service's table
cache asks `is_current` (one round trip) before it trusts a copy.
"""
from __future__ import annotations

import json
import logging
import secrets
from contextlib import contextmanager

import redis
from redis.backoff import ExponentialBackoff
from redis.retry import Retry

from ..games.said import Said, said, word
from . import redis_scripts as scripts
from .base import (
    ACTION,
    GROUP,
    LEAGUE,
    NEW_TABLE,
    NIGHT,
    NIGHTS_UNHARMED,
    TABLES_UNHARMED,
    StaleEvent,
    StaleGroup,
    StaleLeague,
    StaleWrite,
    Store,
    StoreError,
    TableDamaged,
    is_record_id,
)
from .index import summary_of
from .redis_fields import as_json, list_args, read_table, seats_field, setup_field, write_id
from .schema import check_current, check_shape

log = logging.getLogger(__name__)
MAX_CONNECTIONS = 64  # per process; a command waits up to 5 s for one to be free
# A Redis answers in milliseconds; one that has not answered in 2 s is frozen or cut off, and a
# request waiting longer would hold its phone (and, under the event-loop worker, others) with it.
ANSWER_WITHIN = 2
MIGRATE = "companion migrate --redis URL"  # the URL the servers were given: it converts Redis, not a folder
RESTORE_ADVICE = said("The organiser can put it back from a copy of Redis's data (see docs/operations.md, "
                      "Redis); the app cannot repair it.")


def connect(url: str) -> redis.Redis:
    """A client for `url` that retries a command a few times, briefly, when its connection drops
    (safe for writes too: a retried write recognises itself, see redis_scripts.py), but not when
    Redis does not answer within ANSWER_WITHIN seconds (retrying would multiply the wait), on at most
    MAX_CONNECTIONS connections: under the event-loop worker every page woken by a push reads
    its table at the same moment, and each would otherwise open a connection of its own."""
    pool = redis.BlockingConnectionPool.from_url(
        url, max_connections=MAX_CONNECTIONS, timeout=5, decode_responses=True, socket_timeout=ANSWER_WITHIN,
        socket_connect_timeout=ANSWER_WITHIN, health_check_interval=30,
        retry=Retry(ExponentialBackoff(cap=0.5, base=0.05), 3, supported_errors=(redis.ConnectionError,)))
    return redis.Redis(connection_pool=pool)



class RedisStore(Store):
    """Tables, index and events in Redis, under keys that start with `prefix`."""

    def __init__(self, client: redis.Redis | str, prefix: str = "companion"):
        self.redis = connect(client) if isinstance(client, str) else client
        self.prefix = prefix
        self._append = self.redis.register_script(scripts.APPEND)
        self._save = self.redis.register_script(scripts.SAVE)
        self._create = self.redis.register_script(scripts.CREATE)
        self._list = self.redis.register_script(scripts.LIST)
        self._save_event = self.redis.register_script(scripts.SAVE_EVENT)
        index = f"{prefix}:index"
        self._index = {name: f"{index}:{name}" for name in ("codes", "summaries", "created")}
        try:
            self.redis.ping()  # a wrong address stops the server at start, with a sentence
        except redis.RedisError as exc:
            where = self.redis.connection_pool.connection_kwargs
            address = f"{where.get('host', where.get('path'))}:{where.get('port', '')}"
            raise StoreError(f"Cannot reach Redis at {address} ({exc}). Start redis-server there, or correct "
                             "COMPANION_REDIS_URL (companion serve --redis).") from exc

    # -- tables ----------------------------------------------------------------------------
    def create_table(self, record: dict) -> None:
        keys = self._keys(record["id"])
        with self._talking(NEW_TABLE):
            status, _ = self._create(keys=keys, args=[write_id(), setup_field(record), seats_field(record),
                                                      record["version"], *list_args(record)])
        if status != "ok":
            raise StoreError(said("Another record took the id of {what} at the same moment: nothing was saved; try again.",
                                  what=NEW_TABLE))
        # The index is written second (on a Redis Cluster it lives on another shard): a table left
        # unlisted by a failure here is removed, and one left by a crash is harmless (nobody has its id).
        try:
            with self._talking(NEW_TABLE):
                index = self._index
                status, _ = self._list(keys=[index["codes"], index["summaries"], index["created"]],
                                       args=[record["id"], record["join_code"], as_json(summary_of(record))])
        except StoreError:
            self._forget(keys)
            raise
        if status != "ok":
            self._forget(keys)
            raise StoreError(said("Another table took the same join code at the same moment: nothing was saved; try again."))

    def load_table(self, table_id: str) -> dict | None:
        if not is_record_id(table_id):
            return None
        meta_key, actions_key, redo_key = self._keys(table_id)
        with self._talking(said("table '{id}'", id=table_id), reading=True):
            with self.redis.pipeline(transaction=True) as pipe:  # one consistent snapshot of the three keys
                meta, actions, redo = pipe.hgetall(meta_key).lrange(actions_key, 0, -1).lrange(redo_key, 0, -1).execute()
        if not meta:
            return None
        try:
            record = read_table(meta, actions, redo)
            check_shape(record)
        except (KeyError, ValueError, TypeError) as exc:
            raise TableDamaged(table_id, f"it cannot be read: {exc}", RESTORE_ADVICE) from None
        check_current(record, word("the table"), MIGRATE)
        return record

    def save_table(self, record: dict, base: dict | None = None) -> None:
        lists = list_args(record)
        if base is None:
            checks = ["newer", 0, ""]
        else:
            checks = ["base", base["version"], seats_field(base)]
            if record["actions"] == base["actions"] and record["redo"] == base["redo"]:
                lists = [-1]  # a seat taken or freed: the lists stay as they are (no rewrite of a long log)
        with self._talking(word("the change")):
            reply = self._save(keys=self._keys(record["id"]), args=[
                *checks, write_id(), record["version"], setup_field(record), seats_field(record), *lists])
        self._settle(record["id"], reply)

    def append_change(self, record: dict, change: dict) -> None:
        args = [change["op"], change["version"], seats_field(record), write_id()]
        if change.get("entry") is not None:  # an undo or redo without one moves the entry as it is
            args.append(as_json(change["entry"]))
        with self._talking(ACTION):
            reply = self._append(keys=self._keys(record["id"]), args=args)
        self._settle(record["id"], reply)

    def is_current(self, record: dict) -> bool:
        with self._talking(said("table '{id}'", id=record["id"]), reading=True):
            version, seats = self.redis.hmget(self._keys(record["id"])[0], "version", "seats")
        return version is not None and int(version) == record["version"] and seats == seats_field(record)

    def _settle(self, table_id: str, reply: list) -> None:
        """Raise for a change the store refused (see redis_scripts.py for the replies)."""
        status, version = reply
        if status == "stale":
            raise StaleWrite(table_id, version)
        if status == "gone":
            raise StoreError(said("Table '{id}' is gone from the Redis store: nothing was saved.", id=table_id))
        if status == "empty":  # the version matched, yet the list to take from is empty
            raise TableDamaged(table_id, "its undo list does not match its version", RESTORE_ADVICE)

    def _keys(self, table_id: str) -> list[str]:
        # The id in braces is the hash tag: a table's keys share one slot of a Redis Cluster.
        meta = f"{self.prefix}:t:{{{table_id}}}"
        return [meta, f"{meta}:actions", f"{meta}:redo"]

    def _forget(self, keys: list[str]) -> None:
        try:
            self.redis.delete(*keys)
        except redis.RedisError:
            pass  # left unlisted: nobody was given its id

    # -- index -----------------------------------------------------------------------------
    def table_for_code(self, join_code: str) -> str | None:
        with self._talking(word("the join codes"), reading=True):
            return self.redis.hget(self._index["codes"], join_code)

    def table_count(self) -> int:
        with self._talking(word("the list of tables"), reading=True):
            return self.redis.hlen(self._index["summaries"])

    # -- events and the cookie key -----------------------------------------------------------
    def load_event(self, event_id: str) -> dict | None:
        record = self._load_kept(self._event_key(event_id), event_id, NIGHT, TABLES_UNHARMED)
        if record is not None:
            check_current(record, NIGHT, MIGRATE)
        return record

    def save_event(self, record: dict, base: int | None) -> None:
        self._save_kept(self._event_key(record["id"]), record, base, NIGHT, TABLES_UNHARMED, StaleEvent)

    def load_league(self, league_id: str) -> dict | None:
        return self._load_kept(f"{self.prefix}:l:{{{league_id}}}", league_id, LEAGUE, NIGHTS_UNHARMED)

    def save_league(self, record: dict, base: int | None) -> None:
        self._save_kept(f"{self.prefix}:l:{{{record['id']}}}", record, base, LEAGUE, NIGHTS_UNHARMED, StaleLeague)

    def load_group(self, group_id: str) -> dict | None:
        return self._load_kept(f"{self.prefix}:g:{{{group_id}}}", group_id, GROUP, TABLES_UNHARMED)

    def save_group(self, record: dict, base: int | None) -> None:
        self._save_kept(f"{self.prefix}:g:{{{record['id']}}}", record, base, GROUP, TABLES_UNHARMED, StaleGroup)

    def _load_kept(self, key: str, record_id: str, what: Said, unharmed: Said) -> dict | None:
        if not is_record_id(record_id):
            return None
        with self._talking(said("{what} '{id}'", what=what, id=record_id), reading=True):
            raw = self.redis.get(key)
        try:
            return json.loads(raw) if raw is not None else None
        except ValueError:
            raise StoreError(said("The saved copy of {what} '{id}' is damaged; {unharmed}. {advice}", what=what, id=record_id,
                                  unharmed=unharmed, advice=RESTORE_ADVICE)) from None

    def _save_kept(self, key: str, record: dict, base: int | None, what: Said, unharmed: Said, stale: type) -> None:
        # One script checks the stored revision and writes (redis_scripts.SAVE_EVENT, for leagues
        # too); its write id lets a retried write that was applied recognise itself instead of
        # refusing itself as stale.
        with self._talking(what):
            status, current = self._save_event(keys=[key, f"{key}:write"], args=["" if base is None else base, write_id(),
                                                                                as_json(record)])
        if status == "stale":
            raise stale(record["id"], current)
        if status == "taken":
            raise StoreError(said("Another record took the id of {what} at the same moment: nothing was saved; try again.",
                                  what=what))
        if status == "gone":
            raise StoreError(said("The saved copy of {what} '{id}' is gone from the Redis store: nothing was saved.",
                                  what=what, id=record["id"]))
        if status == "damaged":
            raise StoreError(said("The saved copy of {what} '{id}' is damaged, so nothing was saved; {unharmed}. {advice}",
                                  what=what, id=record["id"], unharmed=unharmed, advice=RESTORE_ADVICE))

    def _event_key(self, event_id: str) -> str:
        # The id in braces is the hash tag: the record and its ":write" key share one slot.
        return f"{self.prefix}:e:{{{event_id}}}"

    def secret_key(self) -> str:
        key = f"{self.prefix}:secret_key"
        with self._talking(word("the key that signs cookies")):
            self.redis.set(key, secrets.token_hex(32), nx=True)  # the first process to start makes it
            return self.redis.get(key)

    @contextmanager
    def _talking(self, what: Said, reading: bool = False):
        """Turn Redis's errors into a StoreError with a sentence for people; Redis's own words (its
        address, its reason) go to the server's log, not to phones."""
        try:
            yield
        except redis.ResponseError as exc:  # out of memory, a failing disk (MISCONF), a read-only replica
            log.error("Redis refused a command for %s: %s", what, exc)
            raise StoreError(said("The server's Redis store refused to read {what}; the organiser finds why in the "
                                  "server's log.", what=what) if reading else said(
                "The server's Redis store refused to save {what}; the organiser finds why in the server's log.",
                what=what)) from exc
        except redis.RedisError as exc:
            log.error("Redis could not be reached for %s: %s", what, exc)
            if reading:
                raise StoreError(said("The server cannot reach its Redis store, so {what} cannot be read now; "
                                      "try again in a moment.", what=what)) from exc
            raise StoreError(said("The server lost its connection to its Redis store while saving {what}, which may or "
                                  "may not have been kept: look at the table again before repeating it.", what=what)) from exc
