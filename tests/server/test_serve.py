"""`companion serve` (the README's first command) end to end: gevent's own server in one process
(the Procfile's gunicorn where named), API and websocket."""
from __future__ import annotations

import http.client
import json
import os
import socket
import ssl
import subprocess
import sys
import time
import urllib.request

import pytest

from companion import ROOT
from companion.cli import phone_urls
from companion.server import network
from tests.live_client import connect
from tests.servers import free_port, wait_until_answering

pytestmark = pytest.mark.slow  # every test here starts server processes (or builds the wheel)


@pytest.fixture
def server(tmp_path):
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "companion.cli", "serve", "--host", "127.0.0.1", "--port", str(port), "--data", str(tmp_path / "d")],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    wait_until_answering(proc, f"http://127.0.0.1:{port}/api/games")
    yield f"127.0.0.1:{port}", tmp_path / "d"
    proc.terminate()
    proc.wait(timeout=15)


def post(url, body, token=None):
    req = urllib.request.Request(url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"})
    if token:
        req.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(req, timeout=5) as resp:
        return resp.status, json.loads(resp.read())


def test_serve_stores_actions_and_pushes_them_to_a_websocket(server):
    host, data = server
    status, table = post(f"http://{host}/api/tables", {"game": "gangs", "players": ["Ann", "Bob"], "options": {"first_player": 0}})
    assert status == 201
    ws = connect(f"ws://{host}/t/{table['id']}/ws?mode=watch&since=0")
    try:
        status, reply = post(
            f"http://{host}/api/tables/{table['id']}/actions",
            {"type": "give", "to": 1, "card": {"value": 4, "kind": "plain"}},
            table["token"],
        )
        assert status == 200 and reply["version"] == 1
        pushed = ws.receive(timeout=5)
        assert 'id="board" hx-swap-oob="morph"' in pushed and "Ann gives a 4 to Bob." in pushed
    finally:
        ws.close()
    # A phone that slept through a change reconnects with the version it last saw and catches up.
    late = connect(f"ws://{host}/t/{table['id']}/ws?mode=watch&since=0")
    try:
        assert 'data-version="1"' in late.receive(timeout=5)
    finally:
        late.close()
    assert (data / "tables" / f"{table['id']}.json").exists() and (data / "secret_key").exists()


def test_phone_urls():
    assert phone_urls("10.1.2.3", 9000) == ["http://10.1.2.3:9000/"]
    urls = phone_urls("0.0.0.0", 8000)
    assert urls[-1] == "http://127.0.0.1:8000/"  # loopback last: phones need the LAN address


def test_requests_on_one_kept_alive_connection_are_all_answered_pipelined_too(server):
    host, _ = server
    conn = http.client.HTTPConnection(*host.split(":"), timeout=5)
    for _ in range(3):  # one after another on the same connection
        conn.request("GET", "/api/games")
        resp = conn.getresponse()
        assert resp.status == 200 and resp.read()
    conn.close()
    name, port = host.split(":")
    with socket.create_connection((name, int(port)), timeout=5) as sock:  # two requests in one send
        sock.sendall(b"GET /api/games HTTP/1.1\r\nHost: x\r\n\r\nGET /nothing-here HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        replies = b""
        while chunk := sock.recv(65536):
            replies += chunk
    assert replies.startswith(b"HTTP/1.1 200") and b"HTTP/1.1 404" in replies


def wait_until_served(proc, port):
    deadline = time.time() + 20
    while time.time() < deadline:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=1).close()
            return
        except OSError:
            time.sleep(0.1)
    proc.kill()
    pytest.fail(proc.stdout.read())


def procfile_command() -> str:
    line = next(l for l in (ROOT / "Procfile").read_text().splitlines() if l.startswith("web:"))
    return line.removeprefix("web:").strip().replace("--bind 0.0.0.0:", "--bind 127.0.0.1:")


@pytest.mark.parametrize("how", ["companion serve", "Procfile"])
def test_the_server_writes_nothing_outside_its_data_folder(tmp_path, how):
    home, work = tmp_path / "home", tmp_path / "work"
    for folder in (home, work):
        folder.mkdir()
    port = free_port()
    env = {**os.environ, "HOME": str(home), "PORT": str(port), "PYTHONUNBUFFERED": "1",
           "PYTHONDONTWRITEBYTECODE": "1", "COMPANION_DATA": str(work / "companion-data")}
    env.pop("XDG_RUNTIME_DIR", None)  # gunicorn's control socket would go there before the home folder
    if how == "Procfile":
        command = ["sh", "-c", "exec " + procfile_command()]
        env["PATH"] = os.path.dirname(sys.executable) + os.pathsep + env.get("PATH", "")
    else:
        command = [sys.executable, "-m", "companion.cli", "serve", "--host", "127.0.0.1", "--port", str(port)]
    proc = subprocess.Popen(command, cwd=work, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        wait_until_served(proc, port)
        status, table = post(f"http://127.0.0.1:{port}/api/tables", {"game": "gangs", "players": ["Ann", "Bob"], "options": {}})
        assert status == 201
    finally:
        proc.terminate()
        output = proc.communicate(timeout=15)[0]
    assert sorted(p.name for p in home.rglob("*")) == [], output  # no ~/.gunicorn/gunicorn.ctl
    assert [p.name for p in work.iterdir()] == ["companion-data"]
    assert (work / "companion-data" / "tables" / f"{table['id']}.json").exists()


@pytest.fixture
def https_server(tmp_path):
    """`companion serve --certfile/--keyfile`; yields (port, client TLS context)."""
    import trustme

    ca = trustme.CA()
    cert = ca.issue_cert("127.0.0.1")
    cert.private_key_and_cert_chain_pem.write_to_path(tmp_path / "server.pem")
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "companion.cli", "serve", "--host", "127.0.0.1", "--port", str(port),
         "--data", str(tmp_path / "d"), "--certfile", str(tmp_path / "server.pem"), "--keyfile", str(tmp_path / "server.pem")],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    trusting = ssl.create_default_context()
    ca.configure_trust(trusting)
    wait_until_answering(proc, f"https://127.0.0.1:{port}/api/games", context=trusting)
    yield port, trusting
    proc.terminate()
    proc.communicate(timeout=15)


def test_over_https_slow_clients_do_not_keep_phones_out(https_server):
    """64 half-sent requests, some stalled in the TLS handshake
    itself: a phone's request is still answered and its open page still gets pushes."""
    port, trusting = https_server
    url = f"https://127.0.0.1:{port}"
    slow = []
    try:
        for i in range(64):
            raw = socket.create_connection(("127.0.0.1", port), timeout=5)
            if i % 4 == 0:
                raw.sendall(b"\x16\x03\x01")  # the first bytes of a TLS hello, and no more
                slow.append(raw)
                continue
            conn = trusting.wrap_socket(raw, server_hostname="127.0.0.1")
            conn.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # and never the blank line
            slow.append(conn)
        status, table = post_tls(f"{url}/api/tables", {"game": "gangs", "players": ["Ann", "Bob"], "options": {"first_player": 0}}, trusting)
        assert status == 201
        ws = connect(f"wss://127.0.0.1:{port}/t/{table['id']}/ws?mode=watch&since=0", ssl_context=trusting)
        try:
            started = time.monotonic()
            status, _ = post_tls(f"{url}/api/tables/{table['id']}/actions",
                                 {"type": "give", "to": 1, "card": {"value": 4, "kind": "plain"}}, trusting, table["token"])
            assert status == 200 and time.monotonic() - started < 2
            assert "Ann gives a 4 to Bob." in ws.receive(timeout=5)
        finally:
            ws.close()
    finally:
        for conn in slow:
            conn.close()


def post_tls(url, body, context, token=None):
    req = urllib.request.Request(url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"})
    if token:
        req.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(req, timeout=5, context=context) as resp:
        return resp.status, json.loads(resp.read())


def test_links_made_at_localhost_carry_the_lan_address_only_when_phones_can_reach_the_server(server, tmp_path):
    """`companion serve` listening on every interface (its default) hands a request to localhost
    links with this machine's LAN address; bound to loopback (the `server` fixture) it does not."""
    from companion.server import network

    host, _ = server
    status, table = post(f"http://{host}/api/tables", {"game": "gangs", "players": ["Ann", "Bob"], "options": {}})
    assert status == 201 and table["urls"]["watch"].startswith(f"http://{host}/t/")

    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "companion.cli", "serve", "--host", "0.0.0.0", "--port", str(port), "--data", str(tmp_path / "all")],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    try:
        wait_until_served(proc, port)
        status, table = post(f"http://127.0.0.1:{port}/api/tables", {"game": "gangs", "players": ["Ann", "Bob"], "options": {}})
    finally:
        proc.terminate()
        proc.communicate(timeout=15)
    lan = network.lan_address() or "127.0.0.1"  # this same machine's; none: the links stay on loopback
    assert status == 201 and table["urls"]["watch"].startswith(f"http://{lan}:{port}/t/")


def test_the_terminal_names_the_address_the_qr_codes_carry_on_a_laptop_whose_name_is_loopback(monkeypatch):
    # macOS-like: no interface ioctl, the machine's name resolving to 127.0.1.1; the default route
    # names the wifi address, which the start-up lines list first, as the QR codes carry it.
    monkeypatch.setattr(network, "interface_addresses", lambda: set())
    monkeypatch.setattr(network, "hostname_addresses", lambda: {"127.0.1.1"})
    monkeypatch.setattr(network, "route_address", lambda: "192.168.1.42")
    monkeypatch.delenv("COMPANION_PUBLIC_URL", raising=False)
    assert phone_urls("0.0.0.0", 8000) == ["http://192.168.1.42:8000/", "http://127.0.0.1:8000/"]
