"""A websocket client for tests that never leaves a push unread behind its handshake.

simple-websocket's Client (1.1.0) reads the server's handshake answer with one `recv` and hands
only the answer on: a push the server sent straight after it (the table's current state, which a
page that reconnects with an old version gets at once) may arrive in that same read, and then
sits in the protocol's buffer until the next bytes come in (the server's ping, 25 s later). A
browser reads it at once; so does this client.
"""
from __future__ import annotations

from simple_websocket import Client


class LiveClient(Client):
    """simple-websocket's Client, which also takes the messages that came with the handshake."""

    def handshake(self):
        """Connect, then handle whatever arrived in the same read as the handshake's answer."""
        super().handshake()
        self.connected = self._handle_events()


def connect(url: str, **options) -> LiveClient:
    """Open a websocket to `url` (options as simple_websocket.Client.connect takes them)."""
    return LiveClient.connect(url, **options)
