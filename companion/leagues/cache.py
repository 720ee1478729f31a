"""A league's read (standings, ratings, rows per night) kept per league version: made again only
when something it is read from changed, and then only the part that changed.

Every night of a kept league is watched on the live hub (its `event:<id>` pushes: a result or a
correction at its desk, a table of it finishing, an undo that reopens one), so a read reads again
only the nights that pushed since the last read, sums up only those (sums.py) and replays the
ratings only from the first table that changed (standings.Replay). The league's own record (its
nights, its merges) is compared by its revision. With several processes on Redis the hub relays every channel a process listens to,
and after Redis was away it wakes every watch: every night is read again. Each new version of a
league's read bumps its `version` (the big screen's pushes and the CSV are made once a version).

A night's push also reaches its league (Relay): every `event:<id>` published on the hub is
published again as `league:<league id>` when the night belongs to a league, so the league's big
screen (web/leagues/live.py) listens to one channel, not to each of up to 200 nights. The relay
stands in the tables' and nights' publish (companion/__init__.py): a table's game ending (or an
undo reopening it) and every change at a night's desk pass through it, in the process that made
the change; with Redis the league's push then reaches every process.
"""
from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable

from ..live import LiveHub, Subscription
from ..store import Store, StoreError
from .standings import Replay, league_table
from .sums import Sums

NIGHT = "event:"  # a night's channel on the hub
# Leagues kept per process; the least read one is dropped (and its watches) past it. A league at
# its limits (200 nights x 400 players) keeps about 120 MB: its nights' results and every rating.
MAX_LEAGUES = 8


class Kept:
    """One league's read as last made, with what it was made from."""

    def __init__(self):
        self.revision: int | None = None
        self.watches: dict[str, Subscription] = {}
        self.nights: dict[str, dict | None] = {}
        self.replay = Replay()
        self.sums = Sums()
        self.table: dict = {}
        self.version = 0
        self.lock = threading.Lock()  # one read of this league makes it again; the others wait for it
        self.made: dict = {}  # what is made from this version's read (the CSV, the big screen), once

    def made_once(self, what: object, make: Callable[[dict], object]) -> object:
        """What `make(table)` makes of this version's read (`what` names it), made once a version."""
        made, table = self.made, self.table  # in this order: a newer version's `made` never holds an older table's
        if what not in made:
            made[what] = make(table)
        return made[what]


class LeagueCache:
    """The kept reads of the leagues read lately, in one process."""

    def __init__(self, hub: LiveHub, read_night: Callable[[dict, str], dict | None]):
        self.hub = hub
        self.read_night = read_night  # (league record, event id) -> the night as league_table takes it, or None
        self._kept: OrderedDict[str, Kept] = OrderedDict()
        self._lock = threading.Lock()

    def read(self, record: dict) -> Kept:
        """The league's read, made again where a night or the record changed since the last read."""
        with self._lock:
            kept = self._kept.pop(record["id"], None) or Kept()
            self._kept[record["id"]] = kept
            while len(self._kept) > MAX_LEAGUES:
                self._drop(self._kept.popitem(last=False)[1])
        with kept.lock:
            try:
                self._refresh(kept, record)
            except BaseException:  # a night that could not be read: the next read starts afresh
                with self._lock:
                    if self._kept.get(record["id"]) is kept:
                        del self._kept[record["id"]]
                self._drop(kept)
                kept.watches, kept.nights, kept.table = {}, {}, {}
                raise
            return kept

    def _refresh(self, kept: Kept, record: dict) -> None:
        listed = set(record["events"])
        for gone in set(kept.watches) - listed:
            self.hub.unsubscribe(kept.watches.pop(gone))
            kept.nights.pop(gone, None)
        changed = [e for e in record["events"] if e not in kept.watches or _woken(kept.watches[e])]
        for event_id in changed:
            if event_id not in kept.watches:
                # Watched before it is read: a change made while it is read wakes the next read.
                kept.watches[event_id] = self.hub.subscribe(f"event:{event_id}")
            kept.nights[event_id] = self.read_night(record, event_id)
            time.sleep(0)  # the first read after a start reads every night: other phones go between
        if changed or kept.revision != record.get("revision", 0) or not kept.table:
            nights = [kept.nights[e] for e in record["events"] if kept.nights.get(e) is not None]
            kept.table = league_table(nights, record["merges"], kept.replay, pause=lambda: time.sleep(0), sums=kept.sums)
            kept.revision, kept.made = record.get("revision", 0), {}
            kept.version += 1

    def _drop(self, kept: Kept) -> None:
        for sub in kept.watches.values():
            self.hub.unsubscribe(sub)


def _woken(sub: Subscription) -> bool:
    """Whether the night pushed since the last read (every push queued is taken)."""
    return sub.wait(0) is not None


class Relay:
    """The hub's publish, with each night's push published again to its league."""

    def __init__(self, hub: LiveHub, store: Store):
        self.hub = hub
        self.store = store

    def publish(self, key: str, version: int) -> None:
        """Publish `key` at `version`, and its league's channel when `key` is a league's night."""
        self.hub.publish(key, version)
        if not key.startswith(NIGHT):
            return
        try:
            record = self.store.load_event(key[len(NIGHT):])
        except StoreError:
            return  # a damaged night's file: its own page says so; its league reads without it
        if record and record.get("league"):
            self.hub.publish(f"league:{record['league']}", version)
