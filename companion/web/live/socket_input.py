"""What a live websocket takes from the phone: messages of at most `MAX_MESSAGE_BYTES`, and none
of them is kept.

The live sockets only push: no page sends a message over them (the htmx ws extension sends only
for an element marked `ws-send`, and no template has one); a browser sends pongs and a close, which
are control frames of at most 125 bytes, below this limit. Yet simple-websocket (1.1.0) held every
message a client sent until the route read it, and these routes never read: one 48 MiB frame on a
public table's socket grew the only worker by 48 MB, and so did 48 MiB of 4 KB messages.

So the server's options (flask-sock passes `SOCK_SERVER_OPTIONS` to simple-websocket) set:
- `max_message_size`: the library counts a message as wsproto hands it over, a read at a time
  (a data frame is never buffered whole, whatever its header announces), and at the first read
  past the limit sends close code 1009 ("message too big") and closes the socket. The frame's
  header is not checked on its own: wsproto exposes it only through private attributes, and a
  header that announces much and sends nothing holds no memory (the client cannot answer the
  server's pings inside that frame, so the ping timeout closes it within 50 s).
- `receive_bytes`: how much one read takes. A compressed message (permessage-deflate, which
  every browser asks for) inflates up to about 1,000 times, and a read is inflated before it is
  counted: 4,096 bytes (the library's default) could become 4 MB before the limit saw them;
  1,024 bytes become at most about 1 MB. Phones send only tiny control frames, so a smaller read
  costs nothing.
Messages within the limit are dropped as they arrive (`drop_messages`): kept, a stream of small
ones would grow the worker as a big one did.
"""
from __future__ import annotations

import functools

MAX_MESSAGE_BYTES = 4096  # documented in docs/api.md (*Live updates*)
RECEIVE_BYTES = 1024


def limit_options(options: dict) -> dict:
    """simple-websocket's server options with the message limit and read size added (an option
    already set, by a test say, is kept)."""
    return {"max_message_size": MAX_MESSAGE_BYTES, "receive_bytes": RECEIVE_BYTES, **options}


class Unread(list):
    """simple-websocket's queue of received messages, for a route that never reads one: each
    message is dropped as it arrives (so `ws.receive()` would wait for ever: never call it)."""

    def append(self, message) -> None:
        """Drop `message`: nothing reads it."""


def drop_messages(route):
    """A websocket route whose connection keeps none of the messages it receives."""
    @functools.wraps(route)
    def run(ws, *args, **kwargs):
        ws.input_buffer = Unread()
        return route(ws, *args, **kwargs)

    return run
