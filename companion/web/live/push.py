"""What every live route shares (the table's and the night's in live/sockets.py, the league's big
screen in leagues/live.py): the websocket extension, its checks and its loop.

A process holds at most `MAX_PHONES` live pages (COMPANION_MAX_PHONES, `companion serve
--max-phones`): the next one is closed at once with code 1013 ("try again later"), which the
page's websocket client treats as a closed connection: it says the server is busy, checks the
table every 15 s instead, and tries the live connection again later (static/js/app.js).

A browser sends its page's Origin with every websocket handshake and lets any site open one, so
a handshake whose Origin is another site is refused (a page elsewhere must not read a table
through a visitor's cookies); a client that sends no Origin is not a browser page and is served.
"""
from __future__ import annotations

import functools
import threading
from urllib.parse import urlsplit

from flask import Blueprint, current_app, request
from flask_sock import Sock

from ...events.service import EventNotFound
from ...leagues.service import LeagueNotFound
from ...store import StoreError
from ...tables import TableNotFound
from ..http.errors import error_reply
from ..services import hub
from .socket_input import drop_messages
from .whole_frames import whole_frames

sock = Sock()
WAIT_SECONDS = 10
DEFAULT_PORTS = {"http": 80, "https": 443, "ws": 80, "wss": 443}
BUSY_CODE = 1013  # RFC 6455 "Try Again Later": the htmx ws extension reconnects later by itself
BUSY = "The server is busy: this page checks for changes every 15 seconds."
FOREIGN_ORIGIN = "This live connection was opened by a page of another site; open the table from this server's own address."


def host_and_port(url: str, default_port: int | None = None) -> tuple[str, int | None] | None:
    """The (lower-case host, port) an origin or `//host[:port]` names; None if it names none."""
    try:
        parts = urlsplit(url)
        port = parts.port or DEFAULT_PORTS.get(parts.scheme, default_port)
    except ValueError:
        return None
    return (parts.hostname, port) if parts.hostname else None


def origin_allowed(origin: str | None, host: str, public_url: str = "") -> bool:
    """Whether a handshake's Origin header is this server's own: the Host it was sent to, or the
    configured public address (COMPANION_PUBLIC_URL). No Origin: not a browser page, allowed."""
    if origin is None:
        return True
    claimed = host_and_port(origin.strip())
    if claimed is None:
        return False  # "null" (a sandboxed or file page) and anything unreadable
    own = {host_and_port("//" + host, claimed[1])}
    if public_url:
        own.add(host_and_port(public_url))
    return claimed in own


def refuse_foreign_origins():
    """Refuse a websocket handshake sent from another site's page (before the upgrade)."""
    if not origin_allowed(request.headers.get("Origin"), request.host, current_app.config.get("PUBLIC_URL", "")):
        return error_reply(403, FOREIGN_ORIGIN)
    return None


class Phones:
    """How many live pages this process holds, against its cap (None: no cap)."""

    def __init__(self, cap: int | None):
        self.cap = cap
        self.count = 0
        self._lock = threading.Lock()

    def enter(self) -> bool:
        """Count one more live page; False (and not counted) when the cap is reached."""
        with self._lock:
            if self.cap is not None and self.count >= self.cap:
                return False
            self.count += 1
            return True

    def leave(self) -> None:
        """A live page closed."""
        with self._lock:
            self.count -= 1


def phones() -> Phones:
    """This process's count of live pages."""
    return current_app.extensions["companion.phones"]


def capped(route):
    """Run a websocket route only while the process is under its cap; past it, close the socket
    at once with 1013 and the reason (the page polls, and its client tries again later)."""
    @functools.wraps(route)
    def run(ws, *args, **kwargs):
        if not phones().enter():
            ws.close(reason=BUSY_CODE, message=BUSY)
            return None
        try:
            return route(ws, *args, **kwargs)
        finally:
            phones().leave()

    return run


class _WakingEvent:
    """simple-websocket's `ws.event` (set when a message arrives and when the socket closes),
    which also wakes the page's subscription."""

    def __init__(self, event, wake):
        self._event, self._wake = event, wake

    def set(self) -> None:
        self._event.set()
        self._wake()

    def __getattr__(self, name):
        return getattr(self._event, name)


def wake_on_close(ws, sub) -> None:
    """End the page's loop as soon as its socket closes, not at its next check (up to
    WAIT_SECONDS later): its place under the cap, and its greenlet or thread, are free at once."""
    ws.event = _WakingEvent(ws.event, lambda: sub.push(0))


def live_route(bp: Blueprint, path: str):
    """Make a function a websocket route of `bp`: under the cap, with nothing a phone sends kept
    (socket_input.py) and each frame sent whole (whole_frames.py)."""
    return lambda route: sock.route(path, bp=bp)(capped(drop_messages(whole_frames(route))))


def opened(ws, read, what: str) -> bool:
    """Whether `read()` finds the page's table, night or league; else its socket is closed, saying
    why (1008: none such; 1011: a damaged file, whose page says how to restore it)."""
    try:
        read()
    except (TableNotFound, EventNotFound, LeagueNotFound):
        ws.close(reason=1008, message=f"no such {what}")
    except StoreError:
        ws.close(reason=1011, message=f"this {what}'s file is damaged")
    else:
        return True
    return False


def push_while_open(ws, channel: str, draw) -> None:
    """Send the page `draw()` whenever it differs from what was sent last, woken by each publish on
    `channel` (and every WAIT_SECONDS at the latest), until the socket closes. Subscribed before
    the first draw: a change made meanwhile wakes the loop once more."""
    sub = hub().subscribe(channel)
    wake_on_close(ws, sub)
    try:
        last = None
        while ws.connected:
            html = draw()
            if html != last:
                ws.send(html)
                last = html
            sub.wait(WAIT_SECONDS)
    finally:
        hub().unsubscribe(sub)
