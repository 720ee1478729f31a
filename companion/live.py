"""Per-table publish/subscribe for live pages: in-process (LiveHub), and between processes through
Redis pub/sub (RedisFanout, when COMPANION_REDIS_URL is set).

Each open page holds a websocket whose greenlet (or thread) waits on its own queue: publishing a
table's new version puts it on each subscriber's queue, and each page's own greenlet sends its push. The hub is owned by the app
(app.extensions), never a module global, and every access to its map is under its lock.

With several server processes, a change made through one must reach the phones of every other.
Each process subscribes in Redis to the channel of each table (or event) its own phones have open
and renders the pushes for them itself; a publish goes to the process's own phones at once, as
above, and to the channel for the others.
"""
from __future__ import annotations

import logging
import os
import queue
import secrets
import threading
import time
from collections import defaultdict

import redis

log = logging.getLogger(__name__)
# How soon a page opened in this process is subscribed in Redis (the listener looks this often),
# and how long it waits before connecting again after Redis went away.
POLL_SECONDS = 0.05
RECONNECT_SECONDS = 0.5


class Subscription:
    """One open page's mailbox: the versions published since it last looked."""

    def __init__(self, table_id: str):
        self.table_id = table_id
        self._queue: queue.Queue[int] = queue.Queue()

    def wait(self, timeout: float) -> int | None:
        """The newest version published (skipping older ones queued behind it), or None."""
        try:
            version = self._queue.get(timeout=timeout)
        except queue.Empty:
            return None
        # A page only needs the latest state: drain what piled up while it was busy.
        while True:
            try:
                version = max(version, self._queue.get_nowait())
            except queue.Empty:
                return version

    def push(self, version: int) -> None:
        self._queue.put(version)


class LiveHub:
    """Lock-guarded registry of subscriptions per table."""

    def __init__(self):
        self._lock = threading.Lock()
        self._subs: dict[str, set[Subscription]] = defaultdict(set)

    def subscribe(self, table_id: str) -> Subscription:
        """Register a new subscriber of one table."""
        sub = Subscription(table_id)
        with self._lock:
            self._subs[table_id].add(sub)
        return sub

    def unsubscribe(self, sub: Subscription) -> None:
        """Forget a subscriber (its page closed)."""
        with self._lock:
            subs = self._subs.get(sub.table_id)
            if subs is not None:
                subs.discard(sub)
                if not subs:
                    del self._subs[sub.table_id]

    def publish(self, table_id: str, version: int) -> None:
        """Tell every subscriber of a table that it reached `version`."""
        with self._lock:
            targets = list(self._subs.get(table_id, ()))
        for sub in targets:
            sub.push(version)

    def keys(self) -> set[str]:
        """The tables (and events) that have a subscriber now."""
        with self._lock:
            return set(self._subs)


class RedisFanout:
    """A LiveHub whose publishes also reach the subscribers of every other process on one Redis.

    One listener thread per process (started by the first page that subscribes: gunicorn forks
    its workers after the app was made) keeps its Redis subscriptions in step with the tables
    that have a subscriber here and hands each message to the local hub. A message names the
    process that sent it, which skips its own (its phones had it at once)."""

    def __init__(self, client: redis.Redis, prefix: str = "companion", hub: LiveHub | None = None):
        self.hub = hub or LiveHub()
        self.redis = client
        self.channels = f"{prefix}:live:"
        self._wake = threading.Event()  # subscriptions changed: the listener looks at them now
        self._reconnected = threading.Event()  # the subscriptions were lost for a while
        self._pid: int | None = None  # the process whose listener runs
        self._origin = ""  # this process's name in its messages, made when its listener starts
        self._start = threading.Lock()

    def subscribe(self, key: str) -> Subscription:
        """Register a subscriber of one table here, and listen to that table's channel."""
        sub = self.hub.subscribe(key)
        self._listening()
        return sub

    def unsubscribe(self, sub: Subscription) -> None:
        """Forget a subscriber (its page closed); the channel is left once nobody here listens."""
        self.hub.unsubscribe(sub)
        self._wake.set()

    def publish(self, key: str, version: int) -> None:
        """Tell this process's subscribers at once, and every other process through Redis."""
        self.hub.publish(key, version)
        try:
            self.redis.publish(self.channels + key, f"{version} {self._origin}")
        except redis.RedisError as exc:
            # The change is stored; the other processes' pages read their table again within
            # web/live/push.py's WAIT_SECONDS and catch up then.
            log.warning("A live push could not be sent through Redis: %s", exc)

    def close(self) -> None:
        """Stop this process's listener (it leaves Redis within POLL_SECONDS)."""
        self._pid = None
        self._wake.set()

    def _listening(self) -> None:
        self._wake.set()
        if self._pid == os.getpid():
            return
        with self._start:
            if self._pid != os.getpid():
                self._pid, self._origin = os.getpid(), secrets.token_hex(6)
                threading.Thread(target=self._listen, args=(self._pid,), name="live-redis", daemon=True).start()

    def _listen(self, pid: int) -> None:
        """Relay Redis messages to this process's hub for as long as the process lives."""
        while self._pid == pid:
            pubsub = _Subscriptions(self.redis.connection_pool, self._reconnected)
            try:
                self._relay(pubsub)
            except Exception as exc:  # Redis gone, or anything else: this thread must not end
                log.warning("Live pushes from other processes stopped (%s); connecting again.", exc)
                time.sleep(RECONNECT_SECONDS)
            finally:
                try:
                    pubsub.close()
                except redis.RedisError:
                    pass
            # Messages sent while this process was not subscribed are lost: every page here
            # reads its table again now (a version 0 only wakes it).
            for key in self.hub.keys():
                self.hub.publish(key, 0)

    def _relay(self, pubsub) -> None:
        subscribed: set[str] = set()
        pid = self._pid
        while self._pid == pid:
            self._wake.clear()
            wanted = self.hub.keys()
            if subscribed - wanted:
                pubsub.unsubscribe(*(self.channels + key for key in subscribed - wanted))
            added = wanted - subscribed
            if added:
                pubsub.subscribe(*(self.channels + key for key in added))
            subscribed = wanted
            if not subscribed:
                self._wake.wait(1.0)
                continue
            message = pubsub.get_message(timeout=POLL_SECONDS)
            if self._reconnected.is_set():
                self._reconnected.clear()
                added = subscribed  # every page here reads its table again
            for key in added:
                # A change made between a page's first read and this subscription sent its message
                # to nobody here: the page reads its table once more.
                self.hub.publish(key, 0)
            while message is not None:
                if message["type"] == "message":
                    version, _, origin = message["data"].partition(" ")
                    if origin != self._origin:
                        self.hub.publish(message["channel"][len(self.channels):], int(version))
                message = pubsub.get_message(timeout=0)


class _Subscriptions(redis.client.PubSub):
    """redis-py's subscriptions, which connect and subscribe again by themselves after a dropped
    connection (Redis restarted); this one also raises `reconnected`, since what was published
    meanwhile reached nobody here."""

    def __init__(self, pool, reconnected: threading.Event):
        super().__init__(pool, ignore_subscribe_messages=True)
        self.reconnected = reconnected

    def on_connect(self, connection) -> None:
        super().on_connect(connection)
        self.reconnected.set()
