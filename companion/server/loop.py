"""The event loop every connection of a serving process runs on, and the limits the process keeps
on it, whichever server accepts the connections (gevent's own, `companion serve`: gevent_server.py;
gunicorn's gevent worker, the Procfile and `--workers N`: worker.py).

The standard library is monkey-patched by gevent before the app is made, so the app's locks,
queues and sockets (flask-sock's websockets, redis-py) wait on the loop instead of blocking it.

Slow clients: a request's head must arrive within `REQUEST_SECONDS` (a total, not per read: a
client sending a byte at a time is closed too); a slow connection costs a greenlet, never a
thread. When the process nears the connections it may hold (`CONNECTIONS`, or the open-file limit
less `RESERVED_FILES`), the oldest connections still waiting for a request are closed first
(`Doorway`): a phone's request takes milliseconds, a slowloris's forever. Live pages are past
their request and are never closed for this.
"""
from __future__ import annotations

import os
import socket
import threading
import time
from contextlib import contextmanager

import gevent
from gevent import monkey

try:  # POSIX only: elsewhere (Windows) no open-file limit stands below CONNECTIONS
    import resource
except ImportError:
    resource = None

# Connections one process keeps open at once (gunicorn's default is 1,000): each costs a greenlet
# and a file, no thread.
CONNECTIONS = 4096
# Live pages (websockets) one process holds unless COMPANION_MAX_PHONES says otherwise: measured
# with 2,000 open on one process (docs/operations.md); the rest of CONNECTIONS is left for
# ordinary requests.
MAX_PHONES = 3000
SETTLE_SECONDS = 2.0
RESERVED_FILES = 64  # files the process needs besides connections (data, journal, Redis, logs)
REQUEST_SECONDS = 10.0  # a phone on poor wifi sends a request within this; a slowloris does not
SHED_WHEN_FULL = 16  # connections still waiting for a request closed at once when the process is full


def patch() -> None:
    """Monkey-patch the standard library for gevent, before any lock, queue or socket of the app
    is made."""
    monkey.patch_all()


def settle() -> None:
    """Let the greenlets the app started when it was made finish before gunicorn forks (a Timer of
    Flask-Limiter's memory storage, due after 10 ms): one left pending would run again in the
    worker and fail there. Nothing to do in a process that gevent did not patch."""
    if not monkey.is_module_patched("threading"):
        return
    deadline = time.monotonic() + SETTLE_SECONDS
    while threading.active_count() > 1 and time.monotonic() < deadline:
        gevent.sleep(0.01)


def one_worker_unless_redis(workers: int) -> str | None:
    """Why the server must not start `workers` processes, or None when it may: without Redis each
    process would keep its own tables, pushes and limits."""
    if workers <= 1 or os.environ.get("COMPANION_REDIS_URL"):
        return None
    return (f"Refusing to start {workers} worker processes without Redis: each would keep its own copy of the "
            "tables, its own live pushes and its own limits, so the phones of one table would see different "
            "games and a version could be stored twice. Run one worker (--workers 1), or give them one Redis "
            "(COMPANION_REDIS_URL, or companion serve --redis URL; see docs/scaling.md).")


def limit_handshakes() -> None:
    """A TLS handshake happens before a request's deadline starts: a client silent in it is closed
    after REQUEST_SECONDS (the sockets accepted from now on start with this timeout)."""
    socket.setdefaulttimeout(REQUEST_SECONDS)


def allow_connection_files(wanted: int, log) -> None:
    """Raise this process's open-file limit towards `wanted` (as far as the hard limit allows)."""
    if resource is None:
        return
    try:
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
        if soft != resource.RLIM_INFINITY and soft < target:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
    except (ValueError, OSError) as exc:
        log.warning("Could not raise the open-file limit: %s", exc)


def connection_room(connections: int) -> int:
    """How many connections the process can hold at once: `connections`, or fewer when the
    open-file limit (less RESERVED_FILES) is lower."""
    if resource is None:
        return connections
    files = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    return connections if files == resource.RLIM_INFINITY else min(connections, files - RESERVED_FILES)


class Doorway:
    """The connections a process holds against its room; when it is nearly full, the ones that
    have waited longest for a request are closed first."""

    def __init__(self, room: int):
        self.room = room
        self.connections = 0
        self.waiting: dict = {}  # greenlet -> its deadline (a Timeout), oldest first

    @contextmanager
    def held(self):
        """Count one connection for as long as it is served (shedding others when nearly full)."""
        self.connections += 1
        try:
            if self.connections > self.room - SHED_WHEN_FULL:
                self.shed()
            yield
        finally:
            self.connections -= 1

    def shed(self) -> None:
        """Close the SHED_WHEN_FULL connections that have waited longest for a request."""
        for glet, waiting in list(self.waiting.items())[:SHED_WHEN_FULL]:
            del self.waiting[glet]
            gevent.kill(glet, waiting.deadline)  # its wait ends as if its deadline had passed

    def wait(self) -> Waiting:
        """The deadline of a connection waiting for a request's head (use it as a context)."""
        return Waiting(self.waiting)


class Waiting:
    """A connection waiting for its next request: its deadline, listed (oldest first) for
    `Doorway.shed`, which ends the wait early by raising that deadline in it."""

    def __init__(self, waiting: dict):
        self.waiting = waiting
        self.deadline = gevent.Timeout(REQUEST_SECONDS, False)

    def __enter__(self):
        self.deadline.start()
        self.waiting[gevent.getcurrent()] = self
        return self

    def over(self) -> None:
        """The head has arrived: the request may take its time (a live page, hours)."""
        if self.waiting.get(gevent.getcurrent()) is self:
            del self.waiting[gevent.getcurrent()]
        self.deadline.close()

    def __exit__(self, *exc) -> bool:
        self.over()
        return self.deadline.__exit__(*exc)
