"""The event loop every connection of a serving process runs on, and the limits the process keeps
on it, whichever server accepts the connections (gevent's own, `companion serve`: gevent_server.py;
gunicorn's gevent worker, the Procfile and `--workers N`: worker.py).

The standard library is monkey-patched by gevent before the app is made, so the app's locks,
queues and sockets (flask-sock's websockets, redis-py) wait on the loop instead of blocking it.

Slow clients: a request's head must arrive within `REQUEST_SECONDS` (a total, not per read: a
client sending a byte at a time is closed too), a TLS handshake within the same, and a request's
body within `BODY_SECONDS` of its head; a slow connection costs a greenlet, never a thread. One
address holds at most `PER_ADDRESS` connections at once (an IPv6 /64 counts as one; this
machine's own loopback is not held to it). When the process nears the connections it may hold,
the oldest connections still waiting for a request, a handshake or a body are closed first
(`Doorway`): a phone's request takes milliseconds, a slowloris's forever. Live pages are past
their request and are never closed for this.

Files: every connection is budgeted two open files (a live page's socket has a second descriptor,
simple-websocket's copy; a request may open a static file or a table's), so the connections and
live pages a process takes stay below its open-file limit (`budget`): past the live pages'
share, a page is told the server is busy (web/live/push.py), and `ORDINARY` connections are
still left for moves and pages.
"""
from __future__ import annotations

import ipaddress
import os
import socket
import threading
import time
from collections import Counter
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
FILES_PER_CONNECTION = 2  # a live page's socket and simple-websocket's copy; a request and a file it sends
ORDINARY = 256  # connections kept for moves and pages however many live pages want in
REQUEST_SECONDS = 10.0  # a phone on poor wifi sends a request within this; a slowloris does not
# A request's body, from its head's arrival: an import's 4 MiB at 1.2 Mbit/s; a move's 1 KB at
# any wifi a phone can use.
BODY_SECONDS = 30.0
# The largest body a route takes (an import's 4 MiB) and a little: a bigger one is refused (413) by
# the app from its length, unread, and the connection closed after the answer.
BODY_BYTES = 4 * 1024 * 1024 + 64 * 1024
# Connections one address holds at once: a phone keeps a live page and up to six requests; a
# desk, a big screen and a few tabs on one laptop stay far below. A venue's phones each have
# their own address (behind the documented proxy: the forwarded one, gevent_server.py).
PER_ADDRESS = 64
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
    """No read or write on a connection waits longer than REQUEST_SECONDS (the sockets accepted
    from now on start with this timeout): under gunicorn, a TLS handshake's reads too."""
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


def files_wanted(connections: int) -> int:
    """The open-file limit a process holding `connections` asks for (`allow_connection_files`)."""
    return FILES_PER_CONNECTION * connections + RESERVED_FILES


def budget(connections: int, phones: int | None) -> tuple[int, int]:
    """How many connections and live pages the process takes at once: `connections` and
    `phones` (MAX_PHONES when None), or fewer, within the open-file limit, each connection
    budgeted FILES_PER_CONNECTION files, and ORDINARY connections (or half, when the limit is
    very low) left to requests when every live page is open."""
    phones = phones or MAX_PHONES
    room = connections
    if resource is not None:
        files = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
        if files != resource.RLIM_INFINITY:
            room = max(2, min(connections, (files - RESERVED_FILES) // FILES_PER_CONNECTION))
    return room, min(phones, room - min(ORDINARY, room // 2))


def address_key(address) -> str | None:
    """Who a connection is counted against: its IPv4 address, or its IPv6 /64 network; None for
    this machine's own loopback (the host's browser, a proxy beside the server) and for what is
    not an IP address."""
    host = address[0] if isinstance(address, tuple) else address
    try:
        ip = ipaddress.ip_address(str(host).split("%")[0])
    except ValueError:
        return None
    if ip.version == 6 and ip.ipv4_mapped:
        ip = ip.ipv4_mapped
    if str(ip) in ("127.0.0.1", "::1"):
        return None
    return str(ipaddress.ip_network(f"{ip}/64", strict=False)) if ip.version == 6 else str(ip)


class Doorway:
    """The connections a process holds against its room, and each address's against
    PER_ADDRESS; when the process is nearly full, the ones that have waited longest for a
    request are closed first."""

    def __init__(self, room: int, per_address: int = PER_ADDRESS):
        self.room = room
        self.per_address = per_address
        self.connections = 0
        self.addresses: Counter = Counter()
        self.waiting: dict = {}  # greenlet -> its deadline (a Timeout), oldest first

    @contextmanager
    def held(self, address=None):
        """Count one connection for as long as it is served (shedding others when nearly full);
        it yields whether the connection may be served (False: its address holds its share)."""
        with self.address_held(address_key(address) if address is not None else None) as admitted:
            self.connections += 1
            try:
                if admitted and self.connections > self.room - SHED_WHEN_FULL:
                    self.shed()
                yield admitted
            finally:
                self.connections -= 1

    @contextmanager
    def address_held(self, key: str | None):
        """Count one connection or request against `key`'s share while it lasts; yields False,
        nothing counted, when the share is full (None: not counted)."""
        if key is None:
            yield True
            return
        if self.addresses[key] >= self.per_address:
            yield False
            return
        self.addresses[key] += 1
        try:
            yield True
        finally:
            self.addresses[key] -= 1
            if not self.addresses[key]:
                del self.addresses[key]  # an address gone leaves nothing behind

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

    def __init__(self, waiting: dict, seconds: float = REQUEST_SECONDS):
        self.waiting = waiting
        self.deadline = gevent.Timeout(seconds, False)

    def __enter__(self):
        self.deadline.start()
        self.waiting[gevent.getcurrent()] = self
        return self

    def extend(self, seconds: float) -> None:
        """The head is in and a body follows: the wait goes on, with `seconds` from now."""
        self.deadline.close()
        self.deadline = gevent.Timeout(seconds, False)
        self.deadline.start()

    def over(self) -> None:
        """The head has arrived: the request may take its time (a live page, hours)."""
        if self.waiting.get(gevent.getcurrent()) is self:
            del self.waiting[gevent.getcurrent()]
        self.deadline.close()

    def __exit__(self, *exc) -> bool:
        self.over()
        return self.deadline.__exit__(*exc)
