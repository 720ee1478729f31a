"""The server's worker: gunicorn's gevent worker, so an open phone costs a greenlet and a socket
instead of an OS thread (the Procfile and `companion serve` run it; issue 18, item 0).

Under the threaded worker it replaced, each open page held a thread for its websocket: with 256
threads the 257th page stalled the whole server. Here every connection is a greenlet on one event loop in the
worker process; the standard library is monkey-patched by gevent before the app is made, so the
app's locks, queues and sockets (flask-sock's websockets, redis-py) wait on the loop instead of
blocking it. Work that cannot wait on the loop runs in gevent's pool of real threads: every
fsync of the store (companion/store/jsonlog.py), which would otherwise stop every phone while
the disk flushes. How many phones one process takes is bounded by `COMPANION_MAX_PHONES`
(web/sockets.py refuses the next one politely), far below the connections the worker holds.

Slow clients: a request's head must arrive within `REQUEST_SECONDS` (a total, not per read: a
client sending a byte at a time is closed too); a slow connection costs a greenlet, never a
thread, so 400 of them leave phones and requests answered (tests/server/test_slow_clients.py). When
the worker nears the connections it may hold (its `worker_connections`, or the open-file limit
less `RESERVED_FILES`), the oldest connections still waiting for a request are closed first: a
phone's request takes milliseconds, a slowloris's forever. Live pages are past their request and
are never closed for this.
"""
from __future__ import annotations

import resource
import socket
import sys
import threading
import time

import gevent
from gevent import monkey
from gunicorn.arbiter import Arbiter
from gunicorn.workers.ggevent import GeventWorker

from .gunicorn_conf import one_worker_unless_redis

SETTLE_SECONDS = 2.0
RESERVED_FILES = 64  # files the process needs besides connections (data, journal, Redis, logs)
REQUEST_SECONDS = 10.0  # a phone on poor wifi sends a request within this; a slowloris does not
SHED_WHEN_FULL = 16  # connections still waiting for a request closed at once when the worker is full
WORKER_BOOT_ERROR = Arbiter.WORKER_BOOT_ERROR


def patch() -> None:
    """Monkey-patch the standard library for gevent, before any lock, queue or socket of the app
    is made (`companion serve` makes its app before gunicorn forks the worker)."""
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


class EventLoopWorker(GeventWorker):
    """gunicorn's gevent worker with the project's limits: one process unless Redis, a file for
    every connection, and a deadline for each request's head."""

    def init_process(self):
        """Refuse to serve as one of several workers without Redis, and let the process open a
        file for every connection it may hold, before it serves."""
        refusal = one_worker_unless_redis(self.cfg.workers)
        if refusal:
            self.log.error(refusal)
            sys.exit(WORKER_BOOT_ERROR)  # gunicorn then stops every worker and itself
        allow_connection_files(self.worker_connections + 256, self.log)
        # A TLS handshake happens before gunicorn's handler runs: a client silent in it is
        # closed after this long (the accepted sockets start with this timeout).
        socket.setdefaulttimeout(REQUEST_SECONDS)
        files = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
        self.room = self.worker_connections if files == resource.RLIM_INFINITY else min(self.worker_connections, files - RESERVED_FILES)
        self.connections = 0
        self.waiting: dict = {}  # greenlet -> its deadline (a Timeout), oldest first
        super().init_process()

    def handle(self, listener, client, addr):
        """Serve one connection; when the worker is nearly full, first close the connections that
        have waited longest for a request."""
        self.connections += 1
        try:
            if self.connections > self.room - SHED_WHEN_FULL:
                self.shed()
            super().handle(listener, client, addr)
        finally:
            self.connections -= 1

    def shed(self) -> None:
        oldest = list(self.waiting.items())[:SHED_WHEN_FULL]
        for glet, deadline in oldest:
            del self.waiting[glet]
            gevent.kill(glet, deadline)  # its wait ends as if its deadline had passed

    def timeout_ctx(self):
        """How long a connection may take to send a request's head, or stay idle between two:
        gunicorn's default (its `keepalive`, 2 s) would cut a phone on poor wifi."""
        return Waiting(self.waiting)


def allow_connection_files(wanted: int, log) -> None:
    """Raise this process's open-file limit towards `wanted` (as far as the hard limit allows)."""
    try:
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
        if soft != resource.RLIM_INFINITY and soft < target:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
    except (ValueError, OSError) as exc:
        log.warning("Could not raise the open-file limit: %s", exc)


class Waiting:
    """A connection waiting for its next request: its deadline, listed (oldest first) for `shed`,
    which ends the wait early by raising that deadline in it."""

    def __init__(self, waiting: dict):
        self.waiting = waiting
        self.deadline = gevent.Timeout(REQUEST_SECONDS, False)

    def __enter__(self):
        self.deadline.start()
        self.waiting[gevent.getcurrent()] = self.deadline
        return self

    def __exit__(self, *exc) -> bool:
        self.waiting.pop(gevent.getcurrent(), None)
        return self.deadline.__exit__(*exc)
