"""Slow clients for server tests: connections from one address that send their request headers a
line at a time and never finish (a slowloris)."""
from __future__ import annotations

import socket
import threading
import time


class SlowClients:
    """`count` connections from this address that each send a request line and then one header
    line every `interval` seconds, never the blank line that ends the head (a slowloris); one
    that the server closes is opened again. With `after_request`, each connection first makes
    one whole request and keeps the connection alive for the slow one. A context manager:
    leaving it closes them all."""

    def __init__(self, port: int, count: int, interval: float = 1.0, after_request: bool = False):
        self.port, self.count, self.interval, self.after_request = port, count, interval, after_request
        self.socks: list[socket.socket | None] = [None] * count
        self.reopened = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._trickle, name="slowloris", daemon=True)

    def _open(self, deadline: float | None = None) -> socket.socket | None:
        sock = None
        try:
            sock = socket.create_connection(("127.0.0.1", self.port), timeout=2)
            if self.after_request:
                # A server whose threads are all held never answers: give up by the deadline.
                sock.settimeout(max(0.05, (deadline or time.monotonic() + 2) - time.monotonic()))
                read_reply(sock, f"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\n\r\n".encode())
            sock.sendall(f"GET /?slow HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\n".encode())
            return sock
        except OSError:
            if sock is not None:
                sock.close()
            return None

    def _trickle(self) -> None:
        while not self._stop.wait(self.interval):
            for i, sock in enumerate(self.socks):
                if self._stop.is_set():
                    return
                try:
                    if sock is None:
                        raise OSError
                    sock.sendall(b"X-Slow: 1\r\n")
                except OSError:
                    if sock is not None:
                        sock.close()
                    self.socks[i] = self._open()
                    self.reopened += 1

    def __enter__(self) -> SlowClients:
        deadline = time.monotonic() + 5
        for i in range(self.count):
            self.socks[i] = self._open(deadline)
        self._thread.start()
        return self

    def open_count(self) -> int:
        """How many of the slow connections are open right now."""
        return sum(sock is not None for sock in self.socks)

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join(timeout=10)
        for sock in self.socks:
            if sock is not None:
                sock.close()


def read_reply(sock: socket.socket, request: bytes) -> bytes:
    """Send one whole request on a kept-alive connection and read its reply (head and body)."""
    sock.sendall(request)
    reply = b""
    while b"\r\n\r\n" not in reply:
        chunk = sock.recv(65536)
        if not chunk:
            raise OSError("closed")
        reply += chunk
    head, body = reply.split(b"\r\n\r\n", 1)
    length = next(int(line.split(b":", 1)[1]) for line in head.split(b"\r\n")
                  if line.lower().startswith(b"content-length:"))
    while len(body) < length:
        chunk = sock.recv(65536)
        if not chunk:
            raise OSError("closed")
        body += chunk
    return head
