"""Every websocket frame leaves whole, and one at a time.

simple-websocket (1.1.0, under flask-sock) writes each frame with one `socket.send`, which may
write only part of it: under the event-loop worker every socket is non-blocking underneath, so a
phone whose send buffer is nearly full (bad wifi, a phone that slept) gets the start of a push,
and the next frame follows the cut. The browser then reads garbage and drops the connection, and
the pushes meant for it are lost until it reconnects (upstream: simple-websocket issue 45, fixed
after 1.1.0, unreleased). Writing the rest of a frame can wait for the phone, and meanwhile the
library's own thread may send a ping: so frames are written under one lock per socket. A frame
that could not be written whole within the socket's timeout (10 s: a phone gone silent) ends the
connection, since nothing sent after a cut can be read: the phone reconnects and catches up.
"""
from __future__ import annotations

import functools
import socket
import threading


class WholeFrames:
    """A connection's socket whose `send` writes all of its bytes, one caller at a time; every
    other attribute is the socket's own."""

    def __init__(self, sock):
        self._sock = sock
        self._writing = threading.Lock()

    def send(self, data: bytes, *flags) -> int:
        """Write all of `data` (waiting for room as long as the socket's own timeout allows)."""
        with self._writing:
            try:
                self._sock.sendall(data, *flags)
            except BaseException:
                try:
                    self._sock.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass  # closed already
                raise
        return len(data)

    def sendall(self, data: bytes, *flags) -> None:
        """The same as `send`: all of `data`, under the lock."""
        self.send(data, *flags)

    def __getattr__(self, name):
        return getattr(self._sock, name)


def whole_frames(route):
    """A websocket route whose connection writes each frame whole (see the module's docstring)."""
    @functools.wraps(route)
    def run(ws, *args, **kwargs):
        if not isinstance(ws.sock, WholeFrames):
            ws.sock = WholeFrames(ws.sock)
        return route(ws, *args, **kwargs)

    return run
