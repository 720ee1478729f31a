"""Phones for server tests: raw websockets whose frames are counted, not parsed into text.

The client handshake is made by hand, so a test holds hundreds of phones on the 2-core machine
cheaply, can shrink a phone's receive buffer, and reads exactly what the server sent after its
handshake answer.
"""
from __future__ import annotations

import base64
import os
import socket
import time


def open_socket(port: int, path: str, cookie: str | None = None, receive_buffer: int | None = None) -> socket.socket:
    """A raw websocket: the client handshake by hand, then frames are only counted, not parsed
    (`receive_buffer`: the kernel's receive buffer for it, in bytes, as a phone on poor wifi).
    """
    sock = socket.socket()
    if receive_buffer:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)  # before connecting: it sets the window
    sock.connect(("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall(
        (f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
         f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
         + (f"Cookie: {cookie}\r\n" if cookie else "") + "\r\n").encode()
    )
    head = handshake_answer(sock)
    if b" 101 " not in head.split(b"\r\n", 1)[0]:
        raise RuntimeError(head[:80])
    sock.setblocking(False)
    return sock


class Frames:
    """Reads server frames from one raw websocket: counts messages, answers pings with pongs
    (as a browser does; the server closes sockets that never answer)."""

    def __init__(self, sock: socket.socket):
        self.sock = sock
        self.buffer = b""
        self.last_length = 0  # bytes of the last data frame read
        self.received = 0  # bytes of every data frame read

    def read(self) -> int:
        """Read what arrived; returns how many data messages completed."""
        try:
            chunk = self.sock.recv(1 << 20)
        except BlockingIOError:
            return 0
        self.buffer += chunk
        messages = 0
        while len(self.buffer) >= 2:
            opcode, length, start = self.buffer[0] & 0x0F, self.buffer[1] & 0x7F, 2
            if length == 126:
                if len(self.buffer) < 4:
                    break
                length, start = int.from_bytes(self.buffer[2:4], "big"), 4
            elif length == 127:
                if len(self.buffer) < 10:
                    break
                length, start = int.from_bytes(self.buffer[2:10], "big"), 10
            if len(self.buffer) < start + length:
                break
            payload, fin = self.buffer[start:start + length], self.buffer[0] & 0x80
            self.buffer = self.buffer[start + length:]
            if opcode == 0x9:
                self._send(0xA, payload)
            elif opcode in (0x1, 0x2, 0x0) and fin:
                messages += 1
                self.last_length = length
                self.received += length
        return messages

    def _send(self, opcode: int, payload: bytes) -> None:
        mask = os.urandom(4)
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        self.sock.setblocking(True)
        self.sock.sendall(bytes([0x80 | opcode, 0x80 | len(payload)]) + mask + masked)
        self.sock.setblocking(False)


def handshake_answer(sock: socket.socket) -> bytes:
    """Read the server's answer to the handshake and nothing after it: the push a server sends
    straight after its answer (the table's state, to a page that reconnects) often arrives in the
    same segment, and is left in the socket for `Frames` to read."""
    while True:
        seen = sock.recv(65536, socket.MSG_PEEK)
        if not seen:
            raise RuntimeError("handshake refused")
        end = seen.find(b"\r\n\r\n")
        if end >= 0:
            return sock.recv(end + 4)
        time.sleep(0.001)  # the rest of the answer is on its way: peeking again at once would spin
