"""No guest can starve `companion serve` (docs/security.md, *The server's bounds*): what the fourth
red team did from one address on the venue's wifi, each against a real server on 127.0.0.1. A
guest's connections come from other loopback addresses (127.0.0.2, ...: the server counts them
apart; 127.0.0.1, this machine, is the host's own and is not held to an address's share)."""
from __future__ import annotations

import base64
import json
import os
import resource
import socket
import ssl
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from companion.server.framing import HEAD_BYTES
from companion.server.loop import BODY_SECONDS, PER_ADDRESS, REQUEST_SECONDS
from companion.web.sockets import BUSY_CODE
from tests.servers import free_port, wait_until_answering

pytestmark = pytest.mark.slow  # starts server processes

CHECKOUT = Path(__file__).resolve().parents[2]
GUEST, OTHER = "127.0.0.2", "127.0.0.3"


@pytest.fixture
def serve(tmp_path):
    """Start `companion serve` on a free loopback port (extra arguments, environment, a lower
    open-file limit); yields a function returning (process, port)."""
    procs = []

    def start(*args: str, files: int | None = None, scheme: str = "http", context=None, **env: str):
        port = free_port()
        limit = (lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (files, files))) if files else None
        # The open-file limit is set in the child before exec, where no thread runs.
        proc = subprocess.Popen(
            [sys.executable, "-m", "companion.cli", "serve", "--host", "127.0.0.1", "--port", str(port),
             "--data", str(tmp_path / f"data{port}"), *args], preexec_fn=limit,  # noqa: PLW1509
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL, env={**os.environ, "COMPANION_ACTION_LIMIT": "0", "PYTHONPATH": str(CHECKOUT), **env})
        procs.append(proc)
        wait_until_answering(proc, f"{scheme}://127.0.0.1:{port}/api/games", context=context)
        return proc, port

    yield start
    for proc in procs:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()


def connect(port: int, source: str = "127.0.0.1") -> socket.socket:
    return socket.create_connection(("127.0.0.1", port), timeout=5, source_address=(source, 0))


def closed_at_once(sock: socket.socket, seconds: float = 2.0) -> bool:
    """Whether the server closes `sock` within `seconds` (sending nothing first)."""
    sock.settimeout(seconds)
    try:
        return sock.recv(4096) == b""
    except TimeoutError:
        return False
    except ConnectionResetError:
        return True


def answered(port: int, path: str = "/api/games", source: str = "127.0.0.1", seconds: float = 2.0) -> int:
    """The status a fresh connection's GET gets within `seconds`."""
    with connect(port, source) as sock:
        sock.settimeout(seconds)
        sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".encode())
        return int(sock.recv(64).split()[1])


def create_table(port: int) -> dict:
    body = json.dumps({"game": "gangs", "players": ["Ann", "Bob", "Cy"], "options": {"first_player": 0}}).encode()
    request = urllib.request.Request(f"http://127.0.0.1:{port}/api/tables", data=body,
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as reply:
        return json.load(reply)


def a_move(port: int, table: dict) -> int:
    """The status of a real move at `table` (Ann gives a 4 to Bob)."""
    request = urllib.request.Request(f"http://127.0.0.1:{port}/api/tables/{table['id']}/actions",
                                     data=json.dumps({"type": "give", "to": 1, "card": {"value": 4, "kind": "plain"}}).encode(),
                                     headers={"Content-Type": "application/json", "Authorization": f"Bearer {table['token']}"})
    try:
        with urllib.request.urlopen(request, timeout=10) as reply:
            return reply.status
    except urllib.error.HTTPError as exc:
        return exc.code


def open_live_page(port: int, table: dict, source: str = "127.0.0.1", forwarded: str | None = None) -> tuple[socket.socket, bytes]:
    """A watcher's websocket; the socket and the first bytes of its answer."""
    sock = connect(port, source)
    key = base64.b64encode(os.urandom(16)).decode()
    extra = f"X-Forwarded-For: {forwarded}\r\n" if forwarded else ""
    sock.sendall((f"GET /t/{table['id']}/ws?mode=watch&since=0 HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                  f"Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                  f"Sec-WebSocket-Version: 13\r\n{extra}\r\n").encode())
    sock.settimeout(5)
    return sock, sock.recv(4096)


def test_one_address_holds_at_most_its_share_of_connections_and_everyone_else_is_served(serve):
    _, port = serve()
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


def client_hello() -> bytes:
    """The first bytes a browser sends over TLS (a real ClientHello)."""
    incoming, outgoing = ssl.MemoryBIO(), ssl.MemoryBIO()
    tls = ssl.create_default_context().wrap_bio(incoming, outgoing, server_hostname="localhost")
    with pytest.raises(ssl.SSLWantReadError):
        tls.do_handshake()
    return outgoing.read()


def test_tls_handshakes_are_counted_like_any_connection_and_a_stalled_one_is_closed_on_time(serve, tmp_path):
    trustme = pytest.importorskip("trustme")
    authority = trustme.CA()
    cert = authority.issue_cert("127.0.0.1", "localhost")
    cert.private_key_and_cert_chain_pem.write_to_path(str(tmp_path / "cert.pem"))
    context = ssl.create_default_context()
    authority.configure_trust(context)
    _, port = serve("--certfile", str(tmp_path / "cert.pem"), "--keyfile", str(tmp_path / "cert.pem"),
                    scheme="https", context=context)
    held = [connect(port, GUEST) for _ in range(PER_ADDRESS)]  # handshakes never begun
    try:
        time.sleep(0.3)
        assert closed_at_once(connect(port, GUEST))  # counted before the handshake
        hello = client_hello()
        trickle = connect(port, OTHER)
        began = time.monotonic()
        closed_after = None
        for byte in hello:  # a byte every 2 s: each read is quick, the whole is not
            try:
                trickle.sendall(bytes([byte]))
            except OSError:
                closed_after = time.monotonic() - began
                break
            if closed_at_once(trickle, 2.0):
                closed_after = time.monotonic() - began
                break
            with urllib.request.urlopen(f"https://127.0.0.1:{port}/api/games", context=context, timeout=2) as reply:
                assert reply.status == 200  # a phone meanwhile
        assert closed_after is not None and REQUEST_SECONDS - 1 < closed_after < REQUEST_SECONDS + 3
    finally:
        for sock in held:
            sock.close()


def test_a_body_trickled_a_byte_at_a_time_is_cut_off_at_its_deadline_unanswered(serve):
    _, port = serve()
    body = json.dumps({"game": "gangs", "players": ["Ann", "Bob", "Cy"], "options": {"first_player": 0}}).encode()
    sock = connect(port, GUEST)
    sock.sendall(f"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                 f"Content-Length: {len(body)}\r\n\r\n".encode())
    began, reply = time.monotonic(), None
    for byte in body:
        try:
            sock.sendall(bytes([byte]))
        except OSError:
            break
        sock.settimeout(2.0)
        try:
            reply = sock.recv(4096)
            break
        except TimeoutError:
            assert answered(port, source=OTHER) == 200  # every other phone meanwhile
    took = time.monotonic() - began
    assert reply in (None, b"") and BODY_SECONDS - 1 < took < BODY_SECONDS + 4


def rss_kb(pid: int) -> int:
    return int(next(line.split()[1] for line in open(f"/proc/{pid}/status") if line.startswith("VmRSS")))


def test_a_request_head_past_its_byte_cap_is_refused_and_the_server_does_not_grow(serve):
    proc, port = serve()
    before = rss_kb(proc.pid)
    line = b"X-Filler: " + b"a" * 65000 + b"\r\n"
    replies = []
    for _ in range(20):  # unfinished heads of 98 lines of 65 KB grew the server by 121 MB
        with connect(port, GUEST) as sock:
            sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            try:
                for _ in range(98):
                    sock.sendall(line)
            except OSError:
                pass  # the server answered and closed once the cap was passed
            replies.append(sock.recv(4096))
    assert all(reply.startswith(b"HTTP/1.1 431") for reply in replies)
    assert rss_kb(proc.pid) - before < 10_000
    fits = b"".join(b"X-Cookie-%d: %s\r\n" % (i, b"b" * 1000) for i in range((HEAD_BYTES - 1024) // 1020))
    with connect(port) as sock:  # a big but honest head is still read
        sock.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n" + fits + b"\r\n")
        assert sock.recv(64).startswith(b"HTTP/1.1 200")


HIDDEN = b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"


@pytest.mark.parametrize("framing", [
    b"Content-Length: 4\r\nContent-Length: %d\r\n" % len(HIDDEN),
    b"Content-Length: %d\r\nTransfer-Encoding: chunked\r\n" % len(HIDDEN),
    b"Transfer-Encoding: xchunked\r\nContent-Length: %d\r\n" % len(HIDDEN),
    b"Transfer-Encoding: xchunked\r\n",
    b"Transfer-Encoding: gzip, chunked\r\n",
], ids=["two lengths", "length and chunked", "xchunked and length", "xchunked", "an unknown coding before chunked"])
def test_ambiguous_framing_is_refused_with_400_and_the_request_hidden_in_the_body_is_never_answered(serve, framing):
    _, port = serve()
    with connect(port, GUEST) as sock:
        sock.sendall(b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\n" + framing + b"\r\n0\r\n\r\n" + HIDDEN)
        reply = b""
        while chunk := sock.recv(4096):  # until the server closes the connection
            reply += chunk
    assert reply.startswith(b"HTTP/1.1 400") and reply.count(b"HTTP/1.1 ") == 1


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
