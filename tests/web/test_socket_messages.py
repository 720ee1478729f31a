"""A live websocket holds no message it is sent: a message over 4 KiB closes
the socket with 1009 before it is buffered, smaller ones are dropped, and the worker's memory does
not grow, under both ways of running the server (the Procfile's command and `companion serve`).

The clients are raw sockets, so that they can send what no browser would: one 48 MiB frame, the
same in 1 MiB fragments, a compressed message that inflates to 48 MiB, and 48 MiB of small
messages. The worker's resident memory is read from /proc before and after.
"""
from __future__ import annotations

import base64
import os
import select
import socket
import struct
import subprocess
import sys
import threading
import time
import zlib

import pytest

from tests.raw_phones import handshake_answer
from tests.servers import free_port, server_command, wait_until_answering
from tests.table_client import new_table, push_arrives

MIB = 1 << 20
MAX_MESSAGE_BYTES = 4096  # docs/api.md, *Live updates*: the largest message a socket takes
BIG = 48 * MIB
GROWTH_MB = 5  # "a few MB": what the worker may grow by while refusing 48 MiB
CLOSE_SECONDS = 2.0
pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")


@pytest.fixture(scope="module", params=["procfile", "companion serve"])
def server(request, tmp_path_factory):
    """A running server: (its port, the pid of its worker process)."""
    port, data = free_port(), tmp_path_factory.mktemp("data")
    env = {**os.environ, "COMPANION_DATA": str(data), "PORT": str(port), "PYTHONUNBUFFERED": "1"}
    if request.param == "procfile":
        command = ["bash", "-c", f"exec {server_command()}"]
    else:
        command = [sys.executable, "-m", "companion.cli", "serve", "--host", "127.0.0.1", "--port", str(port)]
    proc = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    wait_until_answering(proc, f"http://127.0.0.1:{port}/api/games")
    if request.param == "procfile":
        with open(f"/proc/{proc.pid}/task/{proc.pid}/children") as fh:
            worker = int(fh.read().split()[0])  # gunicorn's master forks one worker
    else:
        worker = proc.pid  # gevent's own server: one process serves
    yield port, worker
    proc.terminate()
    proc.communicate(timeout=15)


def resident_mb(pid: int) -> float:
    """The process's resident memory (VmRSS), in MB."""
    with open(f"/proc/{pid}/status") as fh:
        line = next(l for l in fh if l.startswith("VmRSS:"))
    return int(line.split()[1]) / 1024


def open_live(port: int, path: str, deflate: bool = False) -> socket.socket:
    """A blocking raw websocket to `path` (asking for permessage-deflate if `deflate`)."""
    sock = socket.create_connection(("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16)).decode()
    extension = "Sec-WebSocket-Extensions: permessage-deflate\r\n" if deflate else ""
    sock.sendall((f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                  f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
                  f"{extension}\r\n").encode())
    answer = handshake_answer(sock)
    assert b" 101 " in answer.split(b"\r\n")[0] and (not deflate or b"permessage-deflate" in answer)
    return sock


def frame(payload_length: int, opcode: int = 0x2, fin: bool = True, compressed: bool = False) -> bytes:
    """A client frame's header announcing `payload_length` bytes, with a zero mask (a valid mask
    that leaves the payload as it is, so the test needs not mask 48 MiB)."""
    first = (0x80 if fin else 0) | (0x40 if compressed else 0) | opcode
    if payload_length < 126:
        head = struct.pack("!BB", first, 0x80 | payload_length)
    elif payload_length < 65536:
        head = struct.pack("!BBH", first, 0x80 | 126, payload_length)
    else:
        head = struct.pack("!BBQ", first, 0x80 | 127, payload_length)
    return head + b"\0\0\0\0"


def close_code(sock: socket.socket, seconds: float) -> int | None:
    """The code of the close frame the server sends within `seconds` (pushes skipped); None if
    none came."""
    data, deadline = b"", time.monotonic() + seconds
    while time.monotonic() < deadline:
        if not select.select([sock], [], [], 0.1)[0]:
            continue
        try:
            chunk = sock.recv(MIB)
        except OSError:
            return None
        if not chunk:
            return None
        data += chunk
        while len(data) >= 2:
            length, start = data[1] & 0x7F, 2
            if length >= 126:
                start = 4 if length == 126 else 10
                length = int.from_bytes(data[2:start], "big")
            if len(data) < start + length:
                break
            if data[0] & 0x0F == 0x8:
                return struct.unpack("!H", data[start:start + 2])[0]
            data = data[start + length:]
    return None


def refused(server, chunks: list[bytes], deflate: bool = False) -> tuple[int | None, float, float]:
    """Send `chunks` on a fresh watching socket: (the close code, seconds until it came, MB the
    worker grew by one second later)."""
    port, worker = server
    table = new_table(port)
    sock = open_live(port, f"/t/{table['id']}/ws?mode=watch&since=0", deflate)
    time.sleep(0.5)  # the first push has gone out
    before = resident_mb(worker)

    def send():
        try:
            for chunk in chunks:
                sock.sendall(chunk)
        except OSError:
            pass  # the server closed the socket: what is hoped for

    start = time.monotonic()
    sender = threading.Thread(target=send, daemon=True)
    sender.start()
    code = close_code(sock, 5)
    took = time.monotonic() - start
    sock.close()
    sender.join(10)
    time.sleep(1)
    return code, took, resident_mb(worker) - before


@pytest.mark.slow
def test_one_48_mib_frame_closes_the_socket_with_1009_at_once_and_the_worker_does_not_grow(server):
    payload = b"x" * MIB
    code, took, grew = refused(server, [frame(BIG)] + [payload] * (BIG // MIB))
    assert (code, took < CLOSE_SECONDS, grew < GROWTH_MB) == (1009, True, True), (code, took, grew)


def test_a_48_mib_message_in_fragments_closes_the_socket_with_1009_and_the_worker_does_not_grow(server):
    payload = b"x" * MIB
    fragments = [frame(MIB, 0x2 if i == 0 else 0x0, fin=i == 47) + payload for i in range(48)]
    code, took, grew = refused(server, fragments)
    assert (code, took < CLOSE_SECONDS, grew < GROWTH_MB) == (1009, True, True), (code, took, grew)


def test_a_compressed_message_inflating_to_48_mib_closes_the_socket_and_the_worker_does_not_grow(server):
    deflate = zlib.compressobj(9, zlib.DEFLATED, -15)
    body = b"".join(deflate.compress(b"x" * MIB) for _ in range(48)) + deflate.flush(zlib.Z_SYNC_FLUSH)
    body = body[:-4]  # permessage-deflate leaves out the sync flush's empty block
    code, took, grew = refused(server, [frame(len(body), compressed=True) + body], deflate=True)
    assert (code, took < CLOSE_SECONDS, grew < GROWTH_MB) == (1009, True, True), (code, took, grew)


@pytest.mark.slow
def test_48_mib_of_messages_within_the_limit_are_not_kept_and_the_page_still_gets_its_pushes(server):
    port, worker = server
    table = new_table(port)
    sock = open_live(port, f"/t/{table['id']}/ws?mode=watch&since=0")
    small = b"y" * MAX_MESSAGE_BYTES  # the largest a socket takes: no close
    block = (frame(len(small)) + small) * 256
    time.sleep(0.5)
    before = resident_mb(worker)
    for _ in range(BIG // len(block)):
        sock.sendall(block)
    time.sleep(1)
    grew = resident_mb(worker) - before
    sock.setblocking(False)
    try:
        assert grew < GROWTH_MB and push_arrives(port, table, sock), grew
    finally:
        sock.close()
