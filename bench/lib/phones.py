"""Phones: websocket clients (wsproto) that offer permessage-deflate as a browser does and count
what they receive as it came over the wire, read together by one selector.

A phone keeps the texts it was pushed since it was last asked, so a bench can send the very
same texts again from another app.
"""

from __future__ import annotations

import http.client
import re
import selectors
import socket
import time
from urllib.parse import urlencode

from wsproto import ConnectionType, WSConnection
from wsproto.events import AcceptConnection, CloseConnection, Message, Ping, RejectConnection, Request
from wsproto.extensions import PerMessageDeflate


class Phone:
    """One websocket to the server on loopback `port` at `path`."""

    def __init__(self, port: int, path: str, cookie: str = "", deflate: bool = True):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=10)
        self.ws = WSConnection(ConnectionType.CLIENT)
        headers = [(b"cookie", cookie.encode())] if cookie else []
        self.sock.sendall(self.ws.send(Request(host=f"127.0.0.1:{port}", target=path, extra_headers=headers,
                                               extensions=[PerMessageDeflate()] if deflate else [])))
        self.deflated = False  # whether the server agreed to compress
        self.wire = 0  # bytes received since the handshake, frames as sent
        self.texts: list[str] = []  # messages received since `take`
        self._parts: list[str] = []
        self.accepted = False
        while not self.accepted:
            self._receive(self.sock.recv(65536), handshake=True)
        self.sock.setblocking(False)

    def _receive(self, data: bytes, handshake: bool = False) -> int:
        if not data:
            raise ConnectionError("the server closed the websocket")
        if not handshake:
            self.wire += len(data)
        self.ws.receive_data(data)
        messages = 0
        for event in self.ws.events():
            if isinstance(event, AcceptConnection):
                self.accepted, self.deflated = True, bool(event.extensions)
            elif isinstance(event, RejectConnection):
                raise ConnectionError(f"websocket refused: {event.status_code}")
            elif isinstance(event, Ping):  # as a browser does: the server closes what never answers
                self.sock.sendall(self.ws.send(event.response()))
            elif isinstance(event, Message):
                self._parts.append(event.data if isinstance(event.data, str) else event.data.decode())
                if event.message_finished:
                    self.texts.append("".join(self._parts))
                    self._parts.clear()
                    messages += 1
            elif isinstance(event, CloseConnection):
                raise ConnectionError(f"websocket closed: {event.code}")
        return messages

    def read(self) -> int:
        """Read what arrived; how many whole messages it completed."""
        try:
            return self._receive(self.sock.recv(1 << 20))
        except BlockingIOError:
            return 0

    def take(self) -> list[str]:
        """The messages received since the last call."""
        texts, self.texts = self.texts, []
        return texts

    def close(self) -> None:
        self.sock.close()


class Phones:
    """A table's phones: how long until every one has a new message."""

    def __init__(self, phones: list[Phone]):
        self.phones = phones
        self.sel = selectors.DefaultSelector()
        for k, phone in enumerate(phones):
            self.sel.register(phone.sock, selectors.EVENT_READ, k)
        time.sleep(0.3)
        self.take()  # the pushes on connecting

    def take(self) -> tuple[list[list[str]], list[int]]:
        """Each phone's messages and wire bytes since the last call."""
        for phone in self.phones:
            phone.read()
        texts = [phone.take() for phone in self.phones]
        wire = [phone.wire for phone in self.phones]
        for phone in self.phones:
            phone.wire = 0
        return texts, wire

    def wait_all(self, t0: float, timeout: float = 5.0) -> float:
        """Ms from `t0` until every phone has read a new message (infinity past `timeout`)."""
        waiting = {k for k, phone in enumerate(self.phones) if not phone.texts}
        while waiting and time.perf_counter() - t0 < timeout:
            for key, _ in self.sel.select(timeout=0.2):
                if self.phones[key.data].read():
                    waiting.discard(key.data)
        return (time.perf_counter() - t0) * 1000 if not waiting else float("inf")

    def close(self) -> None:
        self.sel.close()
        for phone in self.phones:
            phone.close()


def table_phones(port: int, table: dict, seated: int, phones: int, deflate: bool = True) -> list[Phone]:
    """`phones` phones on `table` (a create's reply): the first `seated` took seats as players do,
    the rest watch."""
    tid = table["id"]
    return [Phone(port, f"/t/{tid}/ws?since=0", seated_cookie(port, table, k), deflate) if k < seated
            else Phone(port, f"/t/{tid}/ws?mode=watch&since=0", deflate=deflate) for k in range(phones)]


def seated_cookie(port: int, table: dict, seat: int) -> str:
    """A phone's session cookie after a player's journey on `table` (a create's reply): the play
    link, the table page, then "I am <player>" (a form post with the page's CSRF token)."""
    conn, cookie = http.client.HTTPConnection("127.0.0.1", port, timeout=10), ""
    play_path, table_id = "/" + table["urls"]["play"].split("/", 3)[3], table["id"]

    def request(method: str, path: str, body: str | None = None, headers: dict | None = None) -> str:
        nonlocal cookie
        conn.request(method, path, body=body, headers={**(headers or {}), **({"Cookie": cookie} if cookie else {})})
        resp = conn.getresponse()
        text = resp.read().decode()
        for name, value in resp.getheaders():
            if name.lower() == "set-cookie" and value.startswith("session="):
                cookie = value.split(";", 1)[0]
        return text

    request("GET", play_path)
    csrf = re.search(r'"X-CSRF-Token": "([^"]+)"', request("GET", f"/t/{table_id}")).group(1)
    request("POST", f"/t/{table_id}/seat", urlencode({"seat": seat, "_csrf": csrf}),
            {"Content-Type": "application/x-www-form-urlencoded"})
    conn.close()
    return cookie
