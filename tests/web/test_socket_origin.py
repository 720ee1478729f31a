"""Live connections come only from this server's own pages: a websocket
handshake sent by another site's page is refused, the server's own pages (by the address they
were opened at, or by COMPANION_PUBLIC_URL) and clients that are not browsers connect, and the
pages' Content-Security-Policy lets them open live connections to their own server only."""
from __future__ import annotations

import base64
import json
import os
import socket
import subprocess
import sys
import time
import urllib.request

import pytest

from tests.servers import free_port

PUBLIC_URL = "https://tables.example.org"


@pytest.fixture(scope="module")
def port(tmp_path_factory):
    """`companion serve` behind a (pretend) proxy whose public address is PUBLIC_URL."""
    port = free_port()
    data = tmp_path_factory.mktemp("origin")
    proc = subprocess.Popen(
        [sys.executable, "-m", "companion.cli", "serve", "--host", "127.0.0.1", "--port", str(port), "--data", str(data)],
        env={**os.environ, "COMPANION_PUBLIC_URL": PUBLIC_URL}, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 20
    while True:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=1).read()
            break
        except OSError:
            if time.monotonic() > deadline:
                proc.kill()
                pytest.fail("the server did not start")
            time.sleep(0.2)
    yield port
    proc.terminate()
    proc.wait(timeout=15)


def post(port: int, path: str, body: dict) -> dict:
    req = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=json.dumps(body).encode(),
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=5) as resp:
        return json.loads(resp.read())


@pytest.fixture(scope="module")
def live_paths(port):
    table = post(port, "/api/tables", {"game": "gangs", "players": ["Ann", "Bob"]})
    event = post(port, "/api/events", {"name": "Friday", "games": ["gangs"], "rounds": 1})
    league = post(port, "/api/leagues", {"name": "Thursday Club"})
    return [f"/t/{table['id']}/ws?mode=watch&since=0", f"/e/{event['id']}/ws?mode=screen", f"/leagues/{league['id']}/ws"]


def handshake(port: int, path: str, origin: str | None, host: str | None = None) -> tuple[int, bytes]:
    """Open a websocket as a browser would (with `origin`) or as a plain client (None): the
    status the server answered, and what it sent."""
    key = base64.b64encode(os.urandom(16)).decode()
    head = (f"GET {path} HTTP/1.1\r\nHost: {host or f'127.0.0.1:{port}'}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n")
    head += f"Origin: {origin}\r\n" if origin is not None else ""
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        sock.sendall((head + "\r\n").encode())
        reply = b""
        while b"\r\n\r\n" not in reply:
            chunk = sock.recv(65536)
            if not chunk:
                break
            reply += chunk
        if b" 101 " not in reply.split(b"\r\n", 1)[0]:
            time.sleep(0.1)  # the rest of the refusal page
            sock.settimeout(0.5)
            try:
                reply += sock.recv(65536)
            except OSError:
                pass
    return int(reply.split(b" ", 2)[1]), reply


@pytest.mark.parametrize("origin", ["https://evil.example", "null", "http://127.0.0.1:1", "https://tables.example.org.evil.example"])
def test_a_page_of_another_site_cannot_open_a_live_connection(port, live_paths, origin):
    for path in live_paths:
        status, reply = handshake(port, path, origin)
        assert status == 403, reply[:200]
        assert b"another site" in reply


def test_the_servers_own_pages_and_clients_without_a_browser_connect(port, live_paths):
    for path in live_paths:
        assert handshake(port, path, f"http://127.0.0.1:{port}")[0] == 101  # opened at the server's address
        assert handshake(port, path, PUBLIC_URL)[0] == 101  # opened at COMPANION_PUBLIC_URL, through the proxy
        assert handshake(port, path, "http://tables.local", host="tables.local")[0] == 101  # Host without a port
        assert handshake(port, path, None)[0] == 101  # no Origin: the benchmarks, scripts, other tools


def test_pages_may_open_live_connections_to_their_own_server_only(port):
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as resp:
        policy = resp.headers["Content-Security-Policy"]
    directives = {part.split()[0]: part.split()[1:] for part in policy.split(";") if part.strip()}
    sources = directives["connect-src"]
    assert "'self'" in sources
    # A scheme alone ("ws:", "wss:", "https:") or "*" would let a page's script talk to any host.
    assert not [s for s in sources if s == "*" or (s.endswith(":") and not s.startswith("'"))], sources
