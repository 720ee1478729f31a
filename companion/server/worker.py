"""gunicorn's gevent worker in the project's variant, for the Procfile and `companion serve
--workers N` (several processes on one Redis): an open phone costs a greenlet and a socket
instead of an OS thread. One process (`companion serve`) runs gevent's own
server instead (gevent_server.py); both keep the same limits (loop.py).

Under the threaded worker it replaced, each open page held a thread for its websocket: with 256
threads the 257th page stalled the whole server. Work that cannot wait on the loop runs in
gevent's pool of real threads: every fsync of the store (companion/store/jsonlog.py). How many
phones one process takes is bounded by `COMPANION_MAX_PHONES` (web/live/push.py refuses the next
one politely), far below the connections the worker holds (tests/server/test_slow_clients.py).
"""
from __future__ import annotations

import io
import os
import ssl
import sys

from gunicorn.app.base import BaseApplication
from gunicorn.arbiter import Arbiter
from gunicorn.workers.ggevent import GeventWorker

from . import gunicorn_conf
from .loop import (
    BODY_BYTES,
    BODY_SECONDS,
    Doorway,
    Waiting,
    allow_connection_files,
    budget,
    files_wanted,
    limit_handshakes,
    one_worker_unless_redis,
)

WORKER = "companion.server.worker.EventLoopWorker"
WORKER_BOOT_ERROR = Arbiter.WORKER_BOOT_ERROR


class EventLoopWorker(GeventWorker):
    """gunicorn's gevent worker with the project's limits: one process unless Redis, connections
    and live pages within the file budget, each address its share, and deadlines for a TLS
    handshake, a request's head and its body (loop.py)."""

    def init_process(self):
        """Refuse to serve as one of several workers without Redis, and let the process open a
        file for every connection it may hold, before it serves."""
        refusal = one_worker_unless_redis(self.cfg.workers)
        if refusal:
            self.log.error(refusal)
            sys.exit(WORKER_BOOT_ERROR)  # gunicorn then stops every worker and itself
        allow_connection_files(files_wanted(self.worker_connections), self.log)
        limit_handshakes()
        self.doorway = Doorway(budget(self.worker_connections, None)[0])
        super().init_process()

    def handle(self, listener, client, addr):
        """Serve one connection, counted against the worker's room and its address's share
        (behind a proxy, gunicorn sees only the proxy: no share is kept); when the worker is
        nearly full, first close the connections that have waited longest for a request."""
        proxied = getattr(self.wsgi, "config", {}).get("TRUSTED_PROXIES")
        with self.doorway.held(None if proxied else addr) as admitted:
            if admitted and self.handshake(client):
                super().handle(listener, client, addr)

    def handshake(self, client) -> bool:
        """A TLS connection's handshake within a request's deadline as a whole, listed to be shed
        like a head (gunicorn shakes hands before its own deadline starts, each read timed alone);
        False when it fails or is late. A plain connection has none."""
        if not isinstance(client, ssl.SSLSocket):  # made without a handshake: gunicorn_conf.py LateHandshake
            return True
        done = False
        with self.doorway.wait():
            try:
                client.do_handshake()
                done = True
            except OSError:  # ssl.SSLError, a reset: not a browser speaking TLS
                pass
        return done

    def handle_request(self, listener_name, req, sock, addr):
        """Read the request's body whole within BODY_SECONDS of its head, listed to be shed
        meanwhile, before the app runs (as gevent_server.py); one not in on time closes the
        connection unanswered."""
        if not self.read_body(req):
            raise StopIteration("the request's body did not arrive in time")
        return super().handle_request(listener_name, req, sock, addr)

    def read_body(self, req) -> bool:
        """Put the request's body in memory (up to BODY_BYTES and one more); False when late."""
        headers = dict(req.headers)
        length = headers.get("CONTENT-LENGTH")
        if not length and "TRANSFER-ENCODING" not in headers:
            return True  # no body
        if length and length.isascii() and length.isdigit() and int(length) > BODY_BYTES:  # "²" is a digit too
            req.must_close = True  # the app refuses it from its length; nothing of it is read
            return True
        body = None
        with Waiting(self.doorway.waiting, BODY_SECONDS):
            body = req.body.read(BODY_BYTES + 1)
        if body is None:
            return False
        req.must_close = req.must_close or len(body) > BODY_BYTES
        req.body = io.BytesIO(body)
        return True

    def timeout_ctx(self):
        """How long a connection may take to send a request's head, or stay idle between two:
        gunicorn's default (its `keepalive`, 2 s) would cut a phone on poor wifi."""
        return self.doorway.wait()


def serve(app, host: str, port: int, workers: int, certfile: str | None = None, keyfile: str | None = None) -> None:
    """Serve `app` under gunicorn with `workers` of this worker until it is stopped (the
    Procfile's settings and hooks: gunicorn_conf.py)."""

    class Server(BaseApplication):
        def load_config(self):
            self.cfg.set("bind", f"{host}:{port}")
            self.cfg.set("workers", workers)
            self.cfg.set("worker_class", WORKER)
            self.cfg.set("worker_connections", gunicorn_conf.worker_connections)
            self.cfg.set("graceful_timeout", 5)
            self.cfg.set("timeout", 60)
            self.cfg.set("accesslog", "-")
            for hook in ("on_starting", "post_worker_init", "ssl_context"):
                self.cfg.set(hook, getattr(gunicorn_conf, hook))
            if "control_socket_disable" in self.cfg.settings:  # gunicorn 25.1 and later
                self.cfg.set("control_socket_disable", gunicorn_conf.control_socket_disable)
            if certfile:
                self.cfg.set("certfile", os.path.abspath(certfile))
                self.cfg.set("keyfile", os.path.abspath(keyfile))

        def load(self):
            return app

    Server().run()
