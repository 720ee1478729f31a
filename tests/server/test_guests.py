"""No guest can starve `companion serve` (docs/security.md, *The server's bounds*): what the fourth
red team did from one address on the venue's wifi, each against a real server on 127.0.0.1. A
guest's connections come from other loopback addresses (127.0.0.2, ...: the server counts them
apart; 127.0.0.1, this machine, is the host's own and is not held to an address's share)."""
from __future__ import annotations

import os
import resource
import socket
import subprocess
import sys
import time

import pytest

from companion.server.loop import PER_ADDRESS
from companion.web.live.push import BUSY_CODE
from tests.guests import (
    CHECKOUT,
    GUEST,
    OTHER,
    a_move,
    answered,
    closed_at_once,
    connect,
    create_table,
    open_live_page,
    serve,
)
from tests.servers import free_port, wait_until_answering

pytestmark = pytest.mark.slow  # starts server processes
__all__ = ["serve"]  # the fixture, used by name


@pytest.mark.parametrize("how", ["companion serve", "procfile"])
def test_one_address_holds_at_most_its_share_of_connections_and_everyone_else_is_served(serve, how):
    _, port = serve(how=how)
    held = [connect(port, GUEST) for _ in range(PER_ADDRESS)]  # silent: a slowloris's
    try:
        time.sleep(0.3)
        assert closed_at_once(connect(port, GUEST))  # one more from the same address: closed at once
        assert answered(port, source=OTHER) == 200  # another phone of the venue
        assert answered(port) == 200  # the host's own laptop
        held.pop().close()
        time.sleep(0.3)
        again = connect(port, GUEST)
        held.append(again)
        assert not closed_at_once(again, 0.5)  # a place freed is a place taken
    finally:
        for sock in held:
            sock.close()


def test_behind_the_proxy_each_forwarded_address_holds_its_share_of_live_pages(serve):
    _, port = serve(COMPANION_TRUSTED_PROXIES="1")
    table = create_table(port)
    pages = []
    try:
        for _ in range(PER_ADDRESS):
            sock, head = open_live_page(port, table, forwarded="203.0.113.9")
            pages.append(sock)
            assert head.startswith(b"HTTP/1.1 101")
        sock, head = open_live_page(port, table, forwarded="203.0.113.9")
        sock.close()
        assert head.startswith(b"HTTP/1.1 429") and b"Too many connections from this address" in head
        sock, head = open_live_page(port, table, forwarded="203.0.113.10")  # another phone behind the proxy
        pages.append(sock)
        assert head.startswith(b"HTTP/1.1 101")
    finally:
        for sock in pages:
            sock.close()


def close_code(sock: socket.socket, first: bytes, seconds: float = 0.2) -> int | None:
    """The close code of a websocket whose first bytes (the 101 and maybe a frame) are `first`,
    if it is closed within `seconds`."""
    data = first.split(b"\r\n\r\n", 1)[1]
    sock.settimeout(seconds)
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        while len(data) >= 2:
            length = data[1] & 0x7F
            start = 2 + (2 if length == 126 else 8 if length == 127 else 0)
            if length >= 126:
                length = int.from_bytes(data[2:start], "big")
            if len(data) < start + length:
                break
            if data[0] & 0x0F == 0x8:
                return int.from_bytes(data[start:start + 2], "big")
            data = data[start + length:]
        try:
            more = sock.recv(4096)
        except TimeoutError:
            return None
        if not more:
            return None
        data += more
    return None


def test_past_the_file_budget_live_pages_are_told_the_server_is_busy_and_moves_and_pages_still_work(serve):
    # 256 files: room for (256 - 64) / 2 = 96 connections, of which 48 live pages.
    _, port = serve(files=256)
    table = create_table(port)
    pages = []
    try:
        for _ in range(70):
            pages.append(open_live_page(port, table))
            assert pages[-1][1].startswith(b"HTTP/1.1 101")
        time.sleep(1)
        codes = [close_code(sock, head) for sock, head in pages]
        # Every page past the budget, and no other, is told the server is busy.
        assert codes == [None] * 48 + [BUSY_CODE] * 22
        assert a_move(port, table) == 200
        assert answered(port, "/") == 200
        assert answered(port, "/static/vendor/htmx/htmx.min.js") == 200
        assert answered(port, f"/t/{table['id']}") == 200
    finally:
        for sock, _ in pages:
            sock.close()


def test_a_live_page_cap_the_open_file_limit_lowers_is_said_at_start(tmp_path):
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "companion.cli", "serve", "--host", "127.0.0.1", "--port", str(port),
         "--data", str(tmp_path / "data"), "--max-phones", "1000"],
        preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (256, 256)),  # noqa: PLW1509
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT, text=True, env={**os.environ, "PYTHONPATH": str(CHECKOUT), "PYTHONUNBUFFERED": "1"})
    try:
        wait_until_answering(proc, f"http://127.0.0.1:{port}/api/games")
    finally:
        proc.terminate()
        out = proc.communicate(timeout=15)[0]
    assert "Live pages: 48 at most, not 1000: the system's open-file limit allows no more" in out
