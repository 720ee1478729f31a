"""Kill the server (SIGKILL) at random moments during a stream of actions, many times, and after
its disk filled up: every acknowledged action is there after a restart, and the store opens.
The same on Redis (`appendfsync always`): the server killed, and Redis itself killed."""
from __future__ import annotations

import http.client
import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request

import pytest

from tests.redis_server import RedisServer
from tests.server.test_durability import fill, small_disk  # noqa: F401 (a fixture)
from tests.servers import free_port

pytestmark = pytest.mark.slow  # every test here starts server processes (or builds the wheel)

KILLS = 6


def start(data, port, redis_url=None):
    """The server on `port` with its data in the folder `data`, or in Redis at `redis_url`."""
    store = ["--redis", redis_url] if redis_url else []
    proc = subprocess.Popen(
        [sys.executable, "-m", "companion.cli", "serve", "--host", "127.0.0.1", "--port", str(port), "--data", str(data),
         *store],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
        env={**os.environ, "COMPANION_ACTION_LIMIT": "0"},
    )
    deadline = time.time() + 20
    while time.time() < deadline:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=0.5).read()
            return proc
        except (OSError, urllib.error.URLError):
            time.sleep(0.05)
    os.killpg(proc.pid, signal.SIGKILL)
    raise RuntimeError("server did not start")


def call(port, path, body=None, token=None):
    req = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=json.dumps(body).encode() if body is not None else None,
                                 headers={"Content-Type": "application/json", **({"Authorization": f"Bearer {token}"} if token else {})})
    with urllib.request.urlopen(req, timeout=5) as resp:
        return json.loads(resp.read())


def next_action(state, rnd):
    owed = state["pending"][0]
    card = {"value": rnd.choice((0, 1, 2)), "kind": "plain"}
    if owed["type"] == "draw":
        return {"type": "draw", "card": card}
    return {"type": "give", "to": rnd.choice(owed["to"]), "card": card}


@pytest.fixture(params=["tinydb", "redis"])
def store_url(request, tmp_path):
    """None for the embedded store, else the URL of a redis-server of this test's own."""
    if request.param == "tinydb":
        yield None
        return
    server = RedisServer(tmp_path / "redis").start()
    yield server.url
    server.stop()


def test_sigkill_loses_no_acknowledged_action(tmp_path, store_url):
    data, port, rnd = tmp_path / "data", free_port(), random.Random(7)
    proc = start(data, port, store_url)
    table = call(port, "/api/tables", {"game": "gangs", "players": ["A", "B", "C", "D"], "options": {"first_player": 0}})
    acknowledged = []  # (version, action) of every 200 reply
    state = table["state"]
    try:
        for _ in range(KILLS):
            stream_until_killed(port, table, state, acknowledged, rnd, lambda: os.killpg(proc.pid, signal.SIGKILL))
            proc.wait()
            proc = start(data, port, store_url)
            state = check_acknowledged(port, table["id"], acknowledged)
            assert not list(data.rglob("*.tmp"))  # leftovers were cleaned when the store opened
        assert len(acknowledged) > KILLS
    finally:
        os.killpg(proc.pid, signal.SIGKILL)


def stream_until_killed(port, table, state, acknowledged, rnd, kill) -> None:
    """Send actions one after another until `kill` (called at a random moment) stops the server or
    its store; each 200 reply's (version, action) is added to `acknowledged`."""
    stop = threading.Event()
    killer = threading.Timer(rnd.uniform(0.2, 0.8), lambda: (kill(), stop.set()))
    killer.start()
    while not stop.is_set():
        action = next_action(state, rnd)
        try:
            reply = call(port, f"/api/tables/{table['id']}/actions", {**action, "version": len(acknowledged)}, table["token"])
        except (OSError, urllib.error.URLError, http.client.HTTPException):
            break  # the server died (or answered 503) before a whole answer arrived: not acknowledged
        acknowledged.append((reply["version"], action))
        state = reply["state"]
    killer.join()


def check_acknowledged(port, table_id, acknowledged) -> dict:
    """Assert every acknowledged action is stored, in order, with at most the one in flight extra
    (stored, but its reply was lost: it is adopted); returns the stored state."""
    stored = call(port, f"/api/tables/{table_id}")
    log = call(port, f"/api/tables/{table_id}/log")
    assert [e["action"] for e in log[: len(acknowledged)]] == [a for _, a in acknowledged]
    assert stored["version"] in (len(acknowledged), len(acknowledged) + 1)
    if stored["version"] > len(acknowledged):
        acknowledged.append((stored["version"], log[-1]["action"]))
    return stored["state"]


def test_redis_killed_mid_stream_loses_no_acknowledged_action(tmp_path):
    """Redis itself dies (SIGKILL) while actions stream in, and starts again from its append-only
    file: with `appendfsync always` every action the server acknowledged is there."""
    redis = RedisServer(tmp_path / "redis").start()
    port, rnd = free_port(), random.Random(11)
    proc = start(tmp_path / "data", port, redis.url)
    try:
        table = call(port, "/api/tables", {"game": "gangs", "players": ["A", "B", "C", "D"], "options": {"first_player": 0}})
        acknowledged, state = [], table["state"]
        for _ in range(KILLS):
            stream_until_killed(port, table, state, acknowledged, rnd, redis.kill)
            redis.start()  # the same folder and port: the server finds it again by itself
            state = check_acknowledged(port, table["id"], acknowledged)
        assert len(acknowledged) > KILLS
    finally:
        os.killpg(proc.pid, signal.SIGKILL)
        redis.stop()


def test_a_full_disk_then_sigkill_loses_no_acknowledged_action_and_reuses_no_version(small_disk):
    """The attack's scenario against a real server: the disk fills mid-game (actions answer 503),
    space comes back, more actions, then the server is killed and restarted."""
    data, port, rnd = small_disk / "data", free_port(), random.Random(3)
    proc = start(data, port)
    try:
        table = call(port, "/api/tables", {"game": "gangs", "players": ["A", "B", "C", "D"], "options": {"first_player": 0}})
        acknowledged, state, refused = [], table["state"], 0

        def act():
            nonlocal state, refused
            action = next_action(state, rnd)
            try:
                reply = call(port, f"/api/tables/{table['id']}/actions", action, table["token"])
            except urllib.error.HTTPError as exc:
                assert exc.code == 503 and "disk is full" in json.loads(exc.read())["error"]
                refused += 1
                return
            assert reply["version"] == len(acknowledged) + 1
            acknowledged.append(action)
            state = reply["state"]

        for _ in range(3):
            act()
        filler = fill(small_disk)
        for _ in range(200):
            act()
            if refused == 5:
                break
        assert refused == 5 and len(acknowledged) > 3
        filler.unlink()
        for _ in range(5):
            act()
        assert refused == 5  # space again: every action is kept
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
        proc = start(data, port)
        stored = call(port, f"/api/tables/{table['id']}")
        assert stored["version"] == len(acknowledged)
        assert [e["action"] for e in call(port, f"/api/tables/{table['id']}/log")] == acknowledged
        reply = call(port, f"/api/tables/{table['id']}/actions", next_action(stored["state"], rnd), table["token"])
        assert reply["version"] == len(acknowledged) + 1
    finally:
        os.killpg(proc.pid, signal.SIGKILL)
