"""`companion serve`'s server: gevent's own WSGI server (gevent.pywsgi) in one process, which runs
alike on Windows, macOS and Linux (gunicorn does not run on Windows: it stays for the Procfile and
`--workers N`, worker.py). flask-sock's websockets run on it as they do under gunicorn: simple-
websocket finds the connection's socket in the request (SERVER_SOFTWARE "gevent/...").

No guest can starve it (the bounds: loop.py and framing.py; docs/security.md lists each with its
test): connections capped per process within its open-file budget and per address (behind the
proxy COMPANION_TRUSTED_PROXIES names, per forwarded address, request by request); a TLS
handshake counted like any connection and held to a request's deadline as a whole; a deadline
for each request's head (idle time between two requests included) and for its whole body (read
before the app runs); heads capped in bytes and their framing held to RFC 9112; when the process
is nearly full, the connections that have waited longest for a request closed first. The cap on
live pages within the file budget is set by ready.py.
"""
from __future__ import annotations

import http.client
import io
import logging
import os
import signal
import socket
import ssl

import gevent
from gevent.pool import Pool
from gevent.pywsgi import Input, WSGIHandler, WSGIServer

from .framing import HEAD_BYTES, BadHead, HeadReader, answer, check_framing
from .loop import (
    BODY_BYTES,
    BODY_SECONDS,
    CONNECTIONS,
    Doorway,
    address_key,
    allow_connection_files,
    budget,
    files_wanted,
    limit_handshakes,
)
from .ready import ready

STOP_SECONDS = 5.0  # how long open requests and live pages get to finish when the server stops
BACKLOG = 2048  # connections the system queues before the server accepts them (gunicorn's default)
log = logging.getLogger(__name__)


TOO_MANY = ("Too many connections from this address at once: close some pages on this device, "
            "or wait a moment and reload.")


class Handler(WSGIHandler):
    """gevent's handler holding each request to the process's bounds: its head within its
    deadline and HEAD_BYTES, its framing unambiguous, its body in whole within BODY_SECONDS
    (before the app runs), behind a proxy its forwarded address within its share; and the
    connection closed once a live page (a websocket) on it is over."""

    def handle_one_request(self):
        """Read and answer one request; a head or body not in within its deadline closes the
        connection, unanswered."""
        with self.server.doorway.wait() as self.head:
            return super().handle_one_request()

    def read_request(self, raw_requestline):
        """Parse the head, reading at most HEAD_BYTES of it in all."""
        rfile = self.rfile
        self.rfile = HeadReader(rfile, HEAD_BYTES - len(raw_requestline))
        try:
            return super().read_request(raw_requestline)
        finally:
            self.rfile = rfile

    def MessageClass(self, *args):  # gevent's name: it parses the header lines
        """The header lines, refused (BadHead) when unreadable or ambiguous about the body."""
        try:
            headers = super().MessageClass(*args)
        except http.client.HTTPException as exc:  # a line too long, too many lines
            raise BadHead("The request's head could not be read.") from exc
        check_framing(headers)
        return headers

    def _handle_client_error(self, ex):
        """A refused head is answered with its sentence (the connection then closes)."""
        if isinstance(ex, BadHead):
            return ex.status.split()[0], answer(ex.status, ex.sentence)
        return super()._handle_client_error(ex)

    def handle_one_response(self):
        """Read the body whole, then let the app answer; after a websocket, the connection is
        closed at once."""
        with self.server.doorway.address_held(self.forwarded_key()) as admitted:
            if not admitted:
                self.close_connection = True
                try:
                    self.socket.sendall(answer("429 Too Many Requests", TOO_MANY))
                except OSError:
                    pass  # gone already
                return
            if not self.read_body():
                self.close_connection = True
                return
            self.head.over()  # the request is in: the app may take its time (a live page, hours)
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

    def forwarded_key(self) -> str | None:
        """Behind the configured proxies, who this request counts against: the address the
        outermost trusted proxy saw (as ProxyFix reads X-Forwarded-For); None when not proxied."""
        proxies = self.server.proxies
        if not proxies:
            return None
        hops = [hop.strip() for value in self.headers.get_all("X-Forwarded-For") or () for hop in value.split(",")]
        return address_key(hops[-proxies] if len(hops) >= proxies else self.client_address)

    def read_body(self) -> bool:
        """Read the request's body whole within BODY_SECONDS of its head (still listed to be shed
        meanwhile) and hand it to the app from memory; False when the client went away."""
        if self.environ["wsgi.input"] is not self.wsgi_input or not (self.content_length or self.wsgi_input.chunked_input):
            return True  # no body (a websocket's upgrade, a GET)
        if (self.content_length or 0) > BODY_BYTES:
            self.close_connection = True  # the app refuses it from its length; nothing of it is read
            body = b""
        else:
            self.head.extend(BODY_SECONDS)
            try:
                body = self.wsgi_input.read(BODY_BYTES + 1)
            except OSError:  # cut short, or a chunk that is not one
                return False
            self.close_connection = self.close_connection or len(body) > BODY_BYTES
        self.environ["wsgi.input"] = io.BytesIO(body)
        self.wsgi_input = Input(self.rfile, 0)  # nothing left for gevent to read after the answer
        return True


class Server(WSGIServer):
    """gevent's WSGI server holding at most the connections the process has room for, and each
    address its share."""

    handler_class = Handler

    def __init__(self, app, host: str, port: int, room: int, ssl_context: ssl.SSLContext | None = None):
        self.doorway = Doorway(room)
        # Behind a proxy every connection comes from it: requests are counted per forwarded address.
        self.proxies = app.config.get("TRUSTED_PROXIES") or 0
        tls = {"ssl_context": ssl_context} if ssl_context else {}
        # SERVER_NAME given: gevent would otherwise look this machine's name up at start. No access
        # log (as gunicorn's default): a line a request would scroll the host's terminal past its
        # address and QR code within a minute of a venue; errors still go to stderr.
        super().__init__((host, port), app, backlog=BACKLOG, spawn=Pool(room), log=None,
                         environ={"SERVER_NAME": host or "localhost"}, **tls)

    def init_socket(self):
        """Bind; every connection, TLS or not, is served by `serve_connection`."""
        super().init_socket()
        self._handle = self.serve_connection

    def serve_connection(self, client, address):
        """Serve one connection, counted (against the process's room and its address's share)
        from its first byte, its TLS handshake included."""
        with self.doorway.held(None if self.proxies else address) as admitted:
            if not admitted:
                return  # closed by the server at once: this address holds its share
            if not self.ssl_enabled:
                return self.handle(client, address)
            tls = self.handshake(client)
            if tls is None:
                return
            try:
                return self.handle(tls, address)
            finally:
                tls.close()

    def handshake(self, client):
        """The connection over TLS, or None when its handshake fails or is not done within a
        request's deadline (a stalled handshake is listed to be shed like a request's head)."""
        tls = done = None
        with self.doorway.wait():
            try:
                tls = self.wrap_socket(client, **{**self.ssl_args, "do_handshake_on_connect": False})
                tls.do_handshake()
                done = tls
            except OSError:  # ssl.SSLError, a reset: not a browser speaking TLS
                pass
            finally:
                if done is None and tls is not None:
                    tls.close()
        return done


def tls_context(certfile: str, keyfile: str) -> ssl.SSLContext:
    """The server side of TLS with this certificate (PEM, the chain after it) and its key."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(os.path.abspath(certfile), os.path.abspath(keyfile))
    return context


def listen(app, host: str, port: int, certfile: str | None = None, keyfile: str | None = None) -> Server:
    """Bind the server for `app` (an OSError when the address is taken) and make the app ready,
    its connections and live pages within the process's open-file budget."""
    limit_handshakes()
    allow_connection_files(files_wanted(CONNECTIONS), log)
    phones = app.extensions["companion.phones"].cap if "companion.phones" in app.extensions else None
    room, phones = budget(CONNECTIONS, phones)
    server = Server(app, host, port, room, tls_context(certfile, keyfile) if certfile else None)
    server.start()
    ready(app, [server.socket], phones)
    server.phones = phones
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
