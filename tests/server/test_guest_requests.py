"""No guest can starve `companion serve`, request by request (docs/security.md, *The server's
bounds*): a TLS handshake counted and timed, a body's deadline, a head's bytes and its framing,
each against a real server on 127.0.0.1 (guests on 127.0.0.2 and .3: tests/guests.py)."""
from __future__ import annotations

import json
import ssl
import time
import urllib.request

import pytest

from companion.server.framing import HEAD_BYTES
from companion.server.loop import BODY_SECONDS, PER_ADDRESS, REQUEST_SECONDS
from tests.guests import GUEST, OTHER, answered, closed_at_once, connect, serve

pytestmark = pytest.mark.slow  # starts server processes
__all__ = ["serve"]  # the fixture, used by name


def client_hello() -> bytes:
    """The first bytes a browser sends over TLS (a real ClientHello)."""
    incoming, outgoing = ssl.MemoryBIO(), ssl.MemoryBIO()
    tls = ssl.create_default_context().wrap_bio(incoming, outgoing, server_hostname="localhost")
    with pytest.raises(ssl.SSLWantReadError):
        tls.do_handshake()
    return outgoing.read()


@pytest.mark.parametrize("how", ["companion serve", "procfile"])
def test_tls_handshakes_are_counted_like_any_connection_and_a_stalled_one_is_closed_on_time(serve, tmp_path, how):
    trustme = pytest.importorskip("trustme")
    authority = trustme.CA()
    cert = authority.issue_cert("127.0.0.1", "localhost")
    cert.private_key_and_cert_chain_pem.write_to_path(str(tmp_path / "cert.pem"))
    context = ssl.create_default_context()
    authority.configure_trust(context)
    _, port = serve("--certfile", str(tmp_path / "cert.pem"), "--keyfile", str(tmp_path / "cert.pem"),
                    scheme="https", context=context, how=how)
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
        assert closed_after is not None and REQUEST_SECONDS - 1 < closed_after < REQUEST_SECONDS + 5
    finally:
        for sock in held:
            sock.close()


@pytest.mark.parametrize("how", ["companion serve", "procfile"])
def test_a_body_trickled_a_byte_at_a_time_is_cut_off_at_its_deadline_unanswered(serve, how):
    _, port = serve(how=how)
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
