"""`companion serve`'s server: gevent's own WSGI server (gevent.pywsgi) in one process, which runs
alike on Windows, macOS and Linux (gunicorn does not run on Windows: it stays for the Procfile and
`--workers N`, worker.py). flask-sock's websockets run on it as they do under gunicorn: simple-
websocket finds the connection's socket in the request (SERVER_SOFTWARE "gevent/...").

The limits of gunicorn's worker carry over (loop.py): a cap on connections (the pool: past it the
server stops accepting until one closes), a deadline for each request's head (idle time between
two requests included), the oldest connections still waiting for a request closed first when the
process is nearly full, a deadline for a TLS handshake, and the open-file limit raised where the
system has one. The phone cap (COMPANION_MAX_PHONES) and the heap policy are set by ready.py.
"""
from __future__ import annotations

import logging
import os
import signal
import socket
import ssl

import gevent
from gevent.pool import Pool
from gevent.pywsgi import WSGIHandler, WSGIServer

from .loop import CONNECTIONS, Doorway, allow_connection_files, connection_room, limit_handshakes
from .ready import ready

STOP_SECONDS = 5.0  # how long open requests and live pages get to finish when the server stops
BACKLOG = 2048  # connections the system queues before the server accepts them (gunicorn's default)
log = logging.getLogger(__name__)


class Handler(WSGIHandler):
    """gevent's handler with a deadline for each request's head, the heap policy told of every
    request, and the connection closed once a live page (a websocket) on it is over."""

    def handle_one_request(self):
        """Read and answer one request; a head not in within its deadline closes the connection."""
        with self.server.doorway.wait() as self.head:
            return super().handle_one_request()

    def get_environ(self):
        """Called once the head is in: its deadline is over, and the server is not quiet."""
        self.head.over()
        self.server.heap_policy.touch()
        return super().get_environ()

    def handle_one_response(self):
        """Answer the request; after a websocket, its connection is closed at once."""
        super().handle_one_response()
        if self._connection_upgrade_requested():
            self.close_connection = True
            # simple-websocket works on a copy of the socket, and its thread keeps this one's file
            # open until its next ping (25 s): a phone told the server is busy would wait that long
            # for the close to end, and count as live meanwhile. Shut the connection itself.
            try:
                self.socket.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass  # already closed by the phone


class Server(WSGIServer):
    """gevent's WSGI server holding at most the connections the process has room for."""

    handler_class = Handler

    def __init__(self, app, host: str, port: int, ssl_context: ssl.SSLContext | None = None):
        allow_connection_files(CONNECTIONS + 256, log)
        room = connection_room(CONNECTIONS)
        self.doorway = Doorway(room)
        self.heap_policy = self.heap_thaws = None
        tls = {"ssl_context": ssl_context} if ssl_context else {}
        # SERVER_NAME given: gevent would otherwise look this machine's name up at start. No access
        # log (as gunicorn's default): a line a request would scroll the host's terminal past its
        # address and QR code within a minute of a venue; errors still go to stderr.
        super().__init__((host, port), app, backlog=BACKLOG, spawn=Pool(room), log=None,
                         environ={"SERVER_NAME": host or "localhost"}, **tls)

    def handle(self, sock, address):
        """Serve one connection; when the process is nearly full, first close the connections that
        have waited longest for a request."""
        with self.doorway.held():
            super().handle(sock, address)


def tls_context(certfile: str, keyfile: str) -> ssl.SSLContext:
    """The server side of TLS with this certificate (PEM, the chain after it) and its key."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(os.path.abspath(certfile), os.path.abspath(keyfile))
    return context


def listen(app, host: str, port: int, certfile: str | None = None, keyfile: str | None = None) -> Server:
    """Bind the server for `app` (an OSError when the address is taken) and make the app ready."""
    limit_handshakes()
    server = Server(app, host, port, tls_context(certfile, keyfile) if certfile else None)
    server.start()
    server.heap_policy, server.heap_thaws = ready(app, [server.socket])
    return server


def serve(server: Server) -> None:
    """Serve until stopped: SIGTERM (a process manager) or Ctrl+C; open requests get STOP_SECONDS."""
    if os.name == "posix":  # gevent watches signals only there; Ctrl+C still stops it elsewhere
        for number in (signal.SIGTERM, signal.SIGINT):
            gevent.signal_handler(number, server.stop, STOP_SECONDS)
    try:
        server.serve_forever(stop_timeout=STOP_SECONDS)
    except KeyboardInterrupt:
        server.stop(STOP_SECONDS)
    finally:
        server.heap_thaws.set()
