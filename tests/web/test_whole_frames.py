"""A push reaches a phone whole, however slowly the phone reads (a phone on poor wifi).

simple-websocket writes a frame with one `socket.send`, which may write part of it; the next
frame then follows the cut and the browser drops the connection as garbage. The live routes wrap
their socket so that each frame leaves whole and frames never interleave
(companion/web/live/whole_frames.py).
"""
from __future__ import annotations

import json
import random
import socket
import threading
import time
import urllib.request

import pytest

from companion.web.live.whole_frames import WholeFrames
from tests.raw_phones import open_socket
from tests.server.test_slow_clients import server  # noqa: F401  (the Procfile's server and `companion serve`)
from tests.table_client import new_table, plain_gangs_action, post_json

SMALL = 4096
ACTIONS = 800  # pushes of about 5 KB: more than the 4 MB a server's send buffer can grow to


@pytest.fixture(autouse=True)
def no_flood_limit(monkeypatch):
    """The servers below play faster than any table (their flood limit would refuse it)."""
    monkeypatch.setenv("COMPANION_ACTION_LIMIT", "0")


def slow_pair() -> tuple[socket.socket, socket.socket]:
    """A connected pair with small buffers; the sender has a timeout, as a server's socket does
    (non-blocking underneath: one `send` writes what fits and returns)."""
    sender, reader = socket.socketpair()
    for s in (sender, reader):
        s.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SMALL)
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, SMALL)
    sender.settimeout(10)
    return sender, reader


def read_slowly(reader: socket.socket, total: int, into: bytearray) -> threading.Thread:
    def run():
        while len(into) < total:
            time.sleep(0.001)
            chunk = reader.recv(1500)
            if not chunk:
                return
            into.extend(chunk)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread


def test_a_plain_send_to_a_slow_reader_writes_only_part_of_a_frame():
    # Why the wrapper exists: this is what simple-websocket's own send does with a push.
    sender, reader = slow_pair()
    with sender, reader:
        assert sender.send(b"x" * 1_000_000) < 1_000_000


@pytest.mark.slow
def test_each_frame_is_written_whole_to_a_slow_reader():
    sender, reader = slow_pair()
    frame = bytes(random.Random(1).randrange(256) for _ in range(300_000))
    got = bytearray()
    with sender, reader:
        thread = read_slowly(reader, len(frame), got)
        assert WholeFrames(sender).send(frame) == len(frame)
        thread.join(10)
    assert bytes(got) == frame


def test_frames_sent_at_once_from_two_threads_never_interleave():
    # The page's own thread and the library's ping thread write to one socket.
    sender, reader = slow_pair()
    a, b = b"a" * 200_000, b"b" * 200_000
    whole, got = WholeFrames(sender), bytearray()
    with sender, reader:
        thread = read_slowly(reader, len(a) + len(b), got)
        writers = [threading.Thread(target=whole.send, args=(x,)) for x in (a, b)]
        for w in writers:
            w.start()
        for w in writers:
            w.join(10)
        thread.join(10)
    assert bytes(got) in (a + b, b + a)


def test_a_frame_that_cannot_leave_whole_in_time_ends_the_connection():
    # A phone gone silent: nothing written after a cut frame could be read, so the phone is
    # disconnected (it reconnects and catches up) rather than sent garbage.
    sender, reader = slow_pair()
    sender.settimeout(0.3)
    whole = WholeFrames(sender)
    with sender, reader:
        with pytest.raises(socket.timeout):
            whole.send(b"x" * 1_000_000)
        reader.settimeout(5)
        got = b""
        while chunk := reader.recv(65536):
            got += chunk
        assert 0 < len(got) < 1_000_000  # the start of the frame, then the end of the connection


def test_the_wrapper_is_the_socket_for_everything_else():
    sender, reader = slow_pair()
    with sender, reader:
        whole = WholeFrames(sender)
        assert whole.fileno() == sender.fileno()
        assert whole.getsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF) == sender.getsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF)


def frames_of(data: bytes) -> list[tuple[int, bytes]]:
    """The server's frames in `data`, parsed strictly: (opcode, payload); a frame cut short or
    bytes that are no frame fail the test."""
    frames, at = [], 0
    while at < len(data):
        head, size, start = data[at], data[at + 1] & 0x7F, at + 2
        assert head & 0x80 and head & 0x0F in (0x1, 0x9), f"no frame starts at byte {at}: {data[at:at + 16]!r}"
        assert not data[at + 1] & 0x80, "a server's frame is never masked"
        if size == 126:
            size, start = int.from_bytes(data[at + 2:at + 4], "big"), at + 4
        elif size == 127:
            size, start = int.from_bytes(data[at + 2:at + 10], "big"), at + 10
        assert start + size <= len(data), f"the last frame was cut: {len(data) - start} of {size} bytes"
        frames.append((head & 0x0F, data[start:start + size]))
        at = start + size
    return frames


@pytest.mark.slow
def test_every_push_to_a_phone_that_reads_slowly_arrives_whole(server):  # noqa: F811
    port = server
    table = new_table(port)
    phone = open_socket(port, f"/t/{table['id']}/ws?mode=watch&since=0", receive_buffer=SMALL)
    rnd = random.Random(7)
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/tables/{table['id']}", timeout=5) as resp:
            state = json.loads(resp.read())["state"]
        for _ in range(ACTIONS):  # the phone reads nothing meanwhile: its buffers fill
            state = post_json(port, f"/api/tables/{table['id']}/actions", plain_gangs_action(state, rnd), table["token"])["state"]
        # Then it reads: everything the server wrote, until it has been quiet for 3 seconds.
        phone.setblocking(True)
        phone.settimeout(3)
        data = bytearray()
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                chunk = phone.recv(65536)
            except TimeoutError:
                break
            if not chunk:
                break
            data.extend(chunk)
    finally:
        phone.close()
    texts = [payload.decode() for opcode, payload in frames_of(bytes(data)) if opcode == 0x1]
    assert texts, "no push arrived"
    for text in texts:  # each a whole push: the status line first (every version changes it), then what changed
        assert text.startswith('<section id="status" hx-swap-oob="morph"') and text.rstrip().endswith(">"), text[-200:]
    assert f'data-version="{ACTIONS}"' in texts[-1], "the phone never caught up with the table"
