"""Slow clients: hundreds of connections from one address that send their
headers a line at a time do not stop the server answering everyone else, under both ways of
running it (the Procfile's command and `companion serve`)."""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import time

import pytest

from tests.raw_phones import open_socket
from tests.servers import free_port, server_command
from tests.slowloris import SlowClients
from tests.table_client import new_table, push_arrives, timed_get

pytestmark = pytest.mark.slow  # every test here starts server processes (or builds the wheel)

SLOW_CONNECTIONS = 400


def start(command: list[str], port: int, data) -> subprocess.Popen:
    env = {**os.environ, "COMPANION_DATA": str(data), "PORT": str(port), "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen(command, cwd=os.path.dirname(os.path.dirname(os.path.dirname(__file__))), env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 20
    while timed_get(port, "/api/games", 0.5) == float("inf"):
        if time.monotonic() > deadline or proc.poll() is not None:
            proc.kill()
            pytest.fail("the server did not start")
        time.sleep(0.2)
    return proc


@pytest.fixture(params=["procfile", "companion serve"])
def server(request, tmp_path):
    port = free_port()
    if request.param == "procfile":
        command = ["bash", "-c", f"exec {server_command()}"]
    else:
        command = [sys.executable, "-m", "companion.cli", "serve", "--host", "127.0.0.1", "--port", str(port),
                   "--data", str(tmp_path / "d")]
    proc = start(command, port, tmp_path / "d")
    yield port
    proc.terminate()
    try:
        proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def test_400_slow_connections_from_one_address_leave_requests_and_live_pages_working(server):
    port = server
    table = new_table(port)
    live = open_socket(port, f"/t/{table['id']}/ws?mode=watch&since=0")
    try:
        with SlowClients(port, SLOW_CONNECTIONS // 2) as fresh, \
                SlowClients(port, SLOW_CONNECTIONS // 2, after_request=True) as kept_alive:
            time.sleep(1.5)  # every slow connection has sent a line or two by now
            for _ in range(3):
                for path in ("/api/games", "/"):
                    assert timed_get(port, path, timeout=3.0) < 1.0, f"GET {path} took a second or more"
            assert fresh.open_count() + kept_alive.open_count() == SLOW_CONNECTIONS  # all still held open
            # A page opened before the attack gets its pushes; one opened during it connects and gets them too.
            assert push_arrives(port, table, live, timeout=3.0)
            late = open_socket(port, f"/t/{table['id']}/ws?mode=watch&since=1")
            try:
                assert push_arrives(port, table, late, timeout=3.0)
            finally:
                late.close()
    finally:
        live.close()


@pytest.mark.parametrize("how", ["procfile", "companion serve"])
def test_a_server_with_fewer_file_descriptors_than_slow_connections_keeps_answering_and_its_live_pages(tmp_path, how):
    # An operating system's open-file limit (here 300) is a ceiling below the server's own.
    port = free_port()
    command = server_command() if how == "procfile" else f"{sys.executable} -m companion.cli serve --host 127.0.0.1 --port {port}"
    proc = start(["bash", "-c", f"ulimit -n 300; exec {command}"], port, tmp_path / "d")
    try:
        table = new_table(port)
        live = open_socket(port, f"/t/{table['id']}/ws?mode=watch&since=0")
        try:
            with SlowClients(port, SLOW_CONNECTIONS):
                time.sleep(1.5)
                for _ in range(3):
                    assert timed_get(port, "/api/games", timeout=3.0) < 1.0
                assert push_arrives(port, table, live, timeout=3.0)  # the same worker: the page stayed live
        finally:
            live.close()
    finally:
        proc.terminate()
        proc.wait(timeout=15)


def test_a_phone_on_poor_wifi_that_sends_its_request_slowly_is_still_answered(server):
    port = server
    body = b'{"game": "gangs", "players": ["Ann", "Bob"]}'
    requests = {
        b"HTTP/1.1 200": (b"GET /api/ga", b"mes HTTP/1.1\r\nHost: 127.0.0.1\r\n", b"Accept: */*\r\n", b"\r\n"),
        b"HTTP/1.1 201": (b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n",
                          b"Content-Length: %d\r\n\r\n" % len(body), body[:20], body[20:]),
    }
    for answer, pieces in requests.items():
        with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
            for piece in pieces:
                sock.sendall(piece)
                time.sleep(0.6)
            assert sock.recv(65536).startswith(answer)
