"""The event-loop worker: open phones cost no thread, so hundreds of live pages
on one process leave ordinary requests answered and pushes arriving; past the configured cap a
phone is told the server is busy (close code 1013, which the page's client treats as closed:
it polls) while the phones already in keep their pushes."""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import time

import pytest

from companion.web.live.push import BUSY, BUSY_CODE
from tests.raw_phones import Frames, open_socket
from tests.servers import free_port, wait_until_answering
from tests.table_client import new_table, push_arrives, timed_get

pytestmark = pytest.mark.slow  # every test here starts server processes (or builds the wheel)

OPEN_PHONES = 300


@pytest.fixture
def serve(tmp_path):
    """Start `companion serve` (gevent's own server, one process) with extra arguments; yields the port."""
    procs = []

    def start(*extra: str) -> int:
        port = free_port()
        proc = subprocess.Popen(
            [sys.executable, "-m", "companion.cli", "serve", "--host", "127.0.0.1", "--port", str(port),
             "--data", str(tmp_path / f"data{port}"), *extra],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env={**os.environ, "COMPANION_ACTION_LIMIT": "0"})
        procs.append(proc)
        wait_until_answering(proc, f"http://127.0.0.1:{port}/api/games")
        return port

    yield start
    for proc in procs:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()


def close_frame(sock: socket.socket, timeout: float = 5.0) -> tuple[int, str] | None:
    """The (code, reason) of the close frame the server sends on a raw websocket, or None if
    the socket stays open (or sends anything else first) for `timeout`."""
    sock.setblocking(True)
    sock.settimeout(timeout)
    data = b""
    try:
        while len(data) < 2 or len(data) < 2 + (data[1] & 0x7F):
            chunk = sock.recv(4096)
            if not chunk:
                break
            data += chunk
    except (TimeoutError, OSError):
        return None
    if len(data) < 4 or data[0] & 0x0F != 0x8:
        return None
    length = data[1] & 0x7F
    return int.from_bytes(data[2:4], "big"), data[4:2 + length].decode()


def test_300_open_phones_on_one_process_leave_requests_answered_and_every_phone_gets_its_push(serve):
    port = serve()
    tables = [new_table(port) for _ in range(OPEN_PHONES // 50)]
    phones = [open_socket(port, f"/t/{t['id']}/ws?mode=watch&since=0") for t in tables for _ in range(50)]
    try:
        time.sleep(1.0)  # every page had its catch-up push
        for _ in range(3):
            assert timed_get(port, "/api/games", timeout=5) < 1.0
        # An action on the first table reaches all 50 of its phones, the last of them within 5 s.
        watcher, *others = phones[:50]
        assert push_arrives(port, tables[0], watcher)
        frames = [Frames(p) for p in others]
        deadline, waiting = time.monotonic() + 5, set(range(len(others)))
        while waiting and time.monotonic() < deadline:
            waiting = {k for k in waiting if not frames[k].read()}
            time.sleep(0.02)
        assert not waiting
        assert timed_get(port, "/", timeout=5) < 1.0  # a page, rendered while 300 phones are open
    finally:
        for p in phones:
            p.close()


def test_a_phone_past_the_cap_is_told_the_server_is_busy_and_the_others_keep_their_pushes(serve):
    port = serve("--max-phones", "4")
    table = new_table(port)
    phones = [open_socket(port, f"/t/{table['id']}/ws?mode=watch&since=0") for _ in range(4)]
    try:
        refused = open_socket(port, f"/t/{table['id']}/ws?mode=watch&since=0")
        assert close_frame(refused) == (BUSY_CODE, BUSY)
        refused.settimeout(2)
        assert refused.recv(4096) == b""  # and its connection ends at once: a browser's close completes
        assert timed_get(port, "/api/games") < 1.0
        assert push_arrives(port, table, phones[0])
        # The other phones got that push too; none of them was closed.
        assert all(close_frame(p, timeout=0.5) is None for p in phones[1:])
        phones.pop().close()  # a phone leaves: its place is free for the next one
        time.sleep(0.5)
        again = open_socket(port, f"/t/{table['id']}/ws?mode=watch&since=0")
        phones.append(again)
        assert close_frame(again, timeout=1.0) is None
    finally:
        for p in phones:
            p.close()
