"""The server's worker: gunicorn's threaded worker, except that a request's thread is taken only
once the whole request has arrived (the Procfile and `companion serve` both run it).

Under gunicorn's stock `gthread` worker a connection is handed to a thread as soon as its first
byte arrives, and the thread then blocks until the rest of the request comes. A client that
sends its headers a byte at a time (slowloris) holds one thread per connection: about 270 such
connections from one laptop held all 256 threads and no phone got an answer (issue 13, item 3).

Here the worker's main loop, which already waits on every idle connection with a selector, also
reads each request's head (and a body of up to `BODY_BUFFER_BYTES`) without blocking; only a
complete request goes to a thread. A request not complete `REQUEST_SECONDS` after the worker
began waiting for it is closed, and so are the oldest unfinished ones when the worker is full; a
head larger than `HEAD_LIMIT_BYTES` gets a 431. Reads left to a thread (a large import's body, a
chunked body) give up after `RECV_SECONDS` without a byte. Websockets still hold a thread each
for as long as their page is open (see docs/operations.md).

Over TLS (`companion serve --certfile`) the main loop also does the handshake without blocking,
so a client that stalls in the handshake or in its headers costs no thread either (stock gunicorn
does both in a thread, with no time limit). Only HTTP/2 keeps the stock worker's way.
"""
from __future__ import annotations

import errno
import re
import resource
import selectors
import socket
import ssl
import sys
import time
from functools import partial

from gunicorn import http
from gunicorn import sock as gunicorn_sock
from gunicorn.http.unreader import SocketUnreader
from gunicorn.arbiter import Arbiter
from gunicorn.workers.gthread import ThreadWorker

REQUEST_SECONDS = 10.0  # a phone on poor wifi sends a request within this; a slowloris does not
HEAD_LIMIT_BYTES = 64 * 1024
BODY_BUFFER_BYTES = 64 * 1024  # every request but a table import fits (the app's own body limit)
RECV_SECONDS = 10.0
SHED_WHEN_FULL = 16  # unfinished requests closed at once when the worker is full
HEAD_END = b"\r\n\r\n"
TOO_LARGE = b"HTTP/1.1 431 Request Header Fields Too Large\r\nConnection: close\r\nContent-Length: 0\r\n\r\n"
_CONTENT_LENGTH = re.compile(rb"^content-length:[ \t]*(\d{1,12})[ \t]*$", re.I | re.M)
_HAND_OVER_EARLY = re.compile(rb"^(transfer-encoding|expect):", re.I | re.M)
WORKER_BOOT_ERROR = Arbiter.WORKER_BOOT_ERROR


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


class PartialRequest:
    """The bytes of one request received so far, and whether they make a whole request."""

    __slots__ = ("data", "head_end", "body_bytes", "watched")

    def __init__(self):
        self.watched = False  # registered with the worker's selector
        self.data = bytearray()
        self.head_end = -1  # where the body starts, once the head is complete
        self.body_bytes: int | None = 0  # the body to wait for (None: a thread reads it)

    def add(self, data: bytes) -> bool:
        """Add what arrived; whether a thread may take the request now."""
        searched = max(0, len(self.data) - len(HEAD_END) + 1)  # a head sent byte by byte is not rescanned
        self.data += data
        if self.head_end < 0:
            end = self.data.find(HEAD_END, searched)
            if end < 0:
                return False
            self.head_end = end + len(HEAD_END)
            self.body_bytes = wanted_bytes(bytes(self.data[:end]))
        return self.body_bytes is None or len(self.data) >= self.head_end + self.body_bytes


class BufferingThreadWorker(ThreadWorker):
    """gunicorn's `gthread` worker whose main loop gathers each request before a thread runs it."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.gathering: dict = {}  # connection -> its next request so far (PartialRequest), oldest first
        self.tls_context = None  # made on first use from the certificate settings, then kept

    def init_process(self):
        """Let the process open a file for every connection it accepts, before it serves; refuse
        to serve as one of several workers without Redis (a command line without the Procfile's
        `--config`, whose `on_starting` says so before any worker starts)."""
        from .gunicorn_conf import one_worker_unless_redis

        refusal = one_worker_unless_redis(self.cfg.workers)
        if refusal:
            self.log.error(refusal)
            sys.exit(WORKER_BOOT_ERROR)  # gunicorn then stops every worker and itself
        allow_connection_files(self.worker_connections + self.cfg.threads + 256, self.log)
        super().init_process()

    def accept(self, listener):
        """Accept as gunicorn does; out of file descriptors, accept no more until one closes
        (stock gunicorn lets the error end the worker, and every phone with it)."""
        try:
            super().accept(listener)
        except OSError as exc:
            if exc.errno not in (errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM):
                raise
            self.log.warning("Out of file descriptors at %d connections: %s", self.nr_conns, exc)
            self.worker_connections = max(1, self.nr_conns)

    def buffers(self) -> bool:
        # HTTP/2 (by prior knowledge, or offered through TLS's ALPN) needs the stock worker's
        # first reads in the thread: it keeps that behaviour.
        if getattr(self.cfg, "http2_cleartext", None) in ("prior-knowledge", "both"):
            return False
        return not (self.cfg.is_ssl and "h2" in str(getattr(self.cfg, "http_protocols", "h1")))

    def tls_wrap(self, conn) -> None:
        """Put a new connection's socket under TLS; the handshake happens as its bytes arrive.
        The certificate is read once per worker (stock gunicorn reads it per connection): a
        renewed certificate takes a restart."""
        if self.tls_context is None:
            self.tls_context = gunicorn_sock.ssl_context(self.cfg)
        conn.sock = self.tls_context.wrap_socket(
            conn.sock, server_side=True, do_handshake_on_connect=False,
            suppress_ragged_eofs=self.cfg.suppress_ragged_eofs)

    def enqueue_req(self, conn):
        """Gather a request on a new or kept-alive connection first; hand a gathered one on."""
        # A stopping worker answers what arrives with "Connection: close" the stock way.
        if self.buffers() and not conn.data_ready and self.alive:
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
        if self.cfg.is_ssl and not isinstance(conn.sock, ssl.SSLSocket):
            self.tls_wrap(conn)
        conn.sock.setblocking(False)
        conn.timeout = time.monotonic() + REQUEST_SECONDS
        self.gathering[conn] = PartialRequest()
        # A kept-alive connection is here because its next request arrived, usually whole: read
        # it now rather than after another turn of the loop.
        self.on_request_bytes(conn)
        request = self.gathering.get(conn)
        if request is not None:  # not whole yet: wait for the rest with the selector
            self.poller.register(conn.sock, selectors.EVENT_READ, partial(self.on_request_bytes, conn))
            request.watched = True

    def on_request_bytes(self, conn, client=None) -> None:
        """Read what arrived without blocking; hand the request to a thread once it is whole."""
        try:
            self.gather_more(conn)
        except Exception:  # never let one connection take the worker's main loop down
            self.log.exception("Gathering a request failed")
            self.drop(conn)

    def gather_more(self, conn) -> None:
        request = self.gathering[conn]
        try:
            # Over TLS the first reads also run the handshake (OpenSSL does it inside a read).
            data = conn.sock.recv(16384)
            if isinstance(conn.sock, ssl.SSLSocket):
                # Bytes already decrypted wake no selector: take them now.
                while conn.sock.pending():
                    data += conn.sock.recv(conn.sock.pending())
        except (BlockingIOError, InterruptedError, ssl.SSLWantReadError, ssl.SSLWantWriteError):
            return
        except ssl.SSLError as exc:
            self.log.debug("TLS handshake or read failed: %s", exc)
            data = b""
        except OSError as exc:
            if exc.errno not in (errno.ECONNRESET, errno.ENOTCONN, errno.EPIPE, errno.ETIMEDOUT):
                self.log.debug("Reading a request failed: %s", exc)
            data = b""
        if not data:
            self.drop(conn)
            return
        if request.add(data):
            self.hand_over(conn)
        elif request.head_end < 0 and len(request.data) > HEAD_LIMIT_BYTES:
            self.drop(conn, TOO_LARGE)

    def hand_over(self, conn) -> None:
        request = self.gathering.pop(conn)
        received = bytes(request.data)
        if request.watched:
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
        request = self.gathering.pop(conn, None)
        if request is None or request.watched:
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
        while self.gathering:  # oldest first: every request gets the same time
            oldest = next(iter(self.gathering))
            if self.alive and oldest.timeout > now:
                break
            self.drop(oldest)
        if self.nr_conns >= self.worker_connections:
            # Full: the worker accepts nobody until a connection closes. Close the oldest
            # unfinished requests (a phone's request takes milliseconds, a slowloris's forever).
            while self.gathering and self.nr_conns > self.worker_connections - SHED_WHEN_FULL:
                self.drop(next(iter(self.gathering)))


def allow_connection_files(wanted: int, log) -> None:
    """Raise this process's open-file limit towards `wanted` (as far as the hard limit allows)."""
    try:
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
        if soft != resource.RLIM_INFINITY and soft < target:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
    except (ValueError, OSError) as exc:
        log.warning("Could not raise the open-file limit: %s", exc)
