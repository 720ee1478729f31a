"""The server's worker: gunicorn's threaded worker, except that a request's thread is taken only
once the whole request has arrived (the Procfile and `companion serve` both run it).

Under gunicorn's stock `gthread` worker a connection is handed to a thread as soon as its first
byte arrives, and the thread then blocks until the rest of the request comes. A client that
sends its headers a byte at a time (slowloris) holds one thread per connection: about 270 such
connections from one laptop held all 256 threads and no phone got an answer (issue 13, item 3).

Here the worker's main loop, which already waits on every idle connection with a selector, also
reads each request's head (and a body of up to `BODY_BUFFER_BYTES`) without blocking; only a
complete request goes to a thread. A request that is not complete `REQUEST_SECONDS` after its
first byte was awaited is closed; a head larger than `HEAD_LIMIT_BYTES` gets a 431. Reads left to
a thread (a large import's body, a chunked body) give up after `RECV_SECONDS` without a byte.
Websockets still hold a thread each for as long as their page is open (see docs/operations.md).
"""
from __future__ import annotations

import errno
import re
import selectors
import socket
import time
from functools import partial

from gunicorn import http
from gunicorn.http.unreader import SocketUnreader
from gunicorn.workers.gthread import ThreadWorker

REQUEST_SECONDS = 10.0  # a phone on poor wifi sends a request within this; a slowloris does not
HEAD_LIMIT_BYTES = 64 * 1024
BODY_BUFFER_BYTES = 64 * 1024  # every request but a table import fits (the app's own body limit)
RECV_SECONDS = 10.0
HEAD_END = b"\r\n\r\n"
TOO_LARGE = b"HTTP/1.1 431 Request Header Fields Too Large\r\nConnection: close\r\nContent-Length: 0\r\n\r\n"
_CONTENT_LENGTH = re.compile(rb"^content-length:[ \t]*(\d{1,12})[ \t]*$", re.I | re.M)
_HAND_OVER_EARLY = re.compile(rb"^(transfer-encoding|expect):", re.I | re.M)


class PatientUnreader(SocketUnreader):
    """A request reader whose every wait for the client ends after `RECV_SECONDS` (as if the
    client had hung up), so a thread is never held by a client that stopped sending."""

    def chunk(self, size_hint=None):
        prior = self.sock.gettimeout()
        self.sock.settimeout(RECV_SECONDS if prior is None else min(prior, RECV_SECONDS))
        try:
            return super().chunk(size_hint)
        except (socket.timeout, TimeoutError):
            return b""
        finally:
            self.sock.settimeout(prior)


def wanted_bytes(head: bytes) -> int | None:
    """How many bytes of body (after the head) to wait for before a thread takes the request:
    None when a thread should take it now (a chunked body, an `Expect`, a large body)."""
    if _HAND_OVER_EARLY.search(head):
        return None
    lengths = _CONTENT_LENGTH.findall(head)
    length = int(lengths[0]) if lengths else 0
    return length if length <= BODY_BUFFER_BYTES else None


class BufferingThreadWorker(ThreadWorker):
    """gunicorn's `gthread` worker whose main loop gathers each request before a thread runs it."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.gathering: dict = {}  # connection -> the bytes received of its next request

    def buffers(self) -> bool:
        # TLS and HTTP/2 need the stock worker's first reads in the thread: they keep its behaviour.
        return not self.cfg.is_ssl and getattr(self.cfg, "http2_cleartext", None) not in ("prior-knowledge", "both")

    def enqueue_req(self, conn):
        """Gather a request on a new or kept-alive connection first; hand a gathered one on."""
        if self.buffers() and not conn.data_ready:
            self.gather(conn)
        else:
            super().enqueue_req(conn)

    def on_client_socket_readable(self, conn, client):
        """A kept-alive connection's next request is gathered like a new one."""
        self.poller.unregister(client)
        self.keepalived_conns.remove(conn)
        conn.data_ready = False
        self.enqueue_req(conn)

    def gather(self, conn) -> None:
        conn.sock.setblocking(False)
        conn.timeout = time.monotonic() + REQUEST_SECONDS
        self.gathering[conn] = bytearray()
        self.poller.register(conn.sock, selectors.EVENT_READ, partial(self.on_request_bytes, conn))

    def on_request_bytes(self, conn, client) -> None:
        """Read what arrived without blocking; hand the request to a thread once it is whole."""
        received = self.gathering[conn]
        try:
            data = conn.sock.recv(16384)
        except (BlockingIOError, InterruptedError):
            return
        except OSError as exc:
            if exc.errno not in (errno.ECONNRESET, errno.ENOTCONN, errno.EPIPE, errno.ETIMEDOUT):
                self.log.debug("Reading a request failed: %s", exc)
            data = b""
        if not data:
            self.drop(conn)
            return
        received += data
        end = received.find(HEAD_END)
        if end < 0:
            if len(received) > HEAD_LIMIT_BYTES:
                self.drop(conn, TOO_LARGE)
            return
        body = wanted_bytes(bytes(received[:end]))
        if body is not None and len(received) < end + len(HEAD_END) + body:
            return
        self.hand_over(conn)

    def hand_over(self, conn) -> None:
        received = bytes(self.gathering.pop(conn))
        self.poller.unregister(conn.sock)
        if conn.parser is None:
            conn.parser = http.get_parser(self.cfg, conn.sock, conn.client)
        if isinstance(conn.parser.unreader, SocketUnreader) and not isinstance(conn.parser.unreader, PatientUnreader):
            patient = PatientUnreader(conn.sock)
            patient.unread(conn.parser.unreader.take_buffered())
            conn.parser.unreader = patient
        conn.parser.unreader.unread(received)
        conn.data_ready = True
        super().enqueue_req(conn)

    def drop(self, conn, reply: bytes = b"") -> None:
        """Close a connection that is still gathering its request (with a last reply, if any)."""
        self.gathering.pop(conn, None)
        try:
            self.poller.unregister(conn.sock)
        except (KeyError, ValueError, OSError):
            pass
        if reply:
            try:
                conn.sock.send(reply)
            except OSError:
                pass
        self.nr_conns -= 1
        conn.close()

    def murder_pending(self):
        """Also close the connections whose request did not arrive in time (all of them when
        the worker stops: nothing half-sent will be answered)."""
        super().murder_pending()
        now = time.monotonic()
        for conn in [c for c in self.gathering if not self.alive or c.timeout <= now]:
            self.drop(conn)
