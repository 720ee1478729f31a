"""Two real server processes (`companion serve --redis`, each with its own data folder) on one
redis-server: a table made through one is the same table on the other, writers through both get
one gapless sequence of versions, and a phone watching through the second sees an action made
through the first without reloading. And without Redis, more than one worker is refused."""
from __future__ import annotations

import http.cookiejar
import json
import os
import random
import re
import subprocess
import sys
import threading
import urllib.error
import urllib.parse
import urllib.request

import pytest

from tests.live_client import connect
from tests.redis_server import redis_prefix, redis_server, redis_url  # noqa: F401 (fixtures)
from tests.server.test_crash import next_action
from tests.server.test_serve import procfile_command
from tests.servers import free_port, wait_until_answering

pytestmark = pytest.mark.slow  # every test here starts server processes (or builds the wheel)

GANGS = {"game": "gangs", "players": ["Ann", "Bob", "Cy", "Dee"], "options": {"first_player": 0}}


def serve(data, redis_url, prefix, *extra):
    """Start `companion serve --redis` on a free port; returns (process, base URL)."""
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "companion.cli", "serve", "--host", "127.0.0.1", "--port", str(port), "--data", str(data),
         "--redis", redis_url, *extra],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1", "COMPANION_ACTION_LIMIT": "0", "COMPANION_REDIS_PREFIX": prefix})
    wait_until_answering(proc, f"http://127.0.0.1:{port}/api/games")
    return proc, f"http://127.0.0.1:{port}"


@pytest.fixture
def servers(tmp_path, redis_url, redis_prefix):
    """Two server processes on one Redis (base URLs)."""
    started = [serve(tmp_path / name, redis_url, redis_prefix) for name in ("one", "two")]
    yield [base for _, base in started]
    for proc, _ in started:
        proc.terminate()
        proc.communicate(timeout=15)


def call(url, body=None, token=None, method=None):
    """(status, JSON reply) of one API call; error statuses are returned, not raised."""
    req = urllib.request.Request(url, data=json.dumps(body).encode() if body is not None else None, method=method,
                                 headers={"Content-Type": "application/json", **({"Authorization": f"Bearer {token}"} if token else {})})
    try:
        with urllib.request.urlopen(req, timeout=10) as resp:
            return resp.status, json.loads(resp.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


def test_a_table_created_through_one_is_the_same_table_on_the_other(servers):
    one, two = servers
    status, table = call(f"{one}/api/tables", GANGS)
    assert status == 201
    status, seen = call(f"{two}/api/tables/{table['id']}", token=table["token"])
    assert status == 200 and (seen["version"], seen["state"]) == (table["version"], table["state"])
    # Its join code, typed on a phone that opened the first server's join page, works on the
    # second (the session cookie and its form key are good on both), and a seat taken there counts here.
    phone = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
    form = phone.open(f"{one}/join", timeout=5).read().decode()
    csrf = re.search(r'name="_csrf" value="([^"]+)"', form).group(1)
    joined = phone.open(f"{two}/join", urllib.parse.urlencode({"code": table["join_code"], "_csrf": csrf}).encode(), timeout=5)
    assert joined.url.endswith(f"/t/{table['id']}") and joined.status == 200
    play = table["urls"]["play"].rsplit("/", 1)[1]  # a phone that joined, not the host
    status, seat = call(f"{two}/api/tables/{table['id']}/seats", {"seat": 2}, play)
    assert status == 200
    assert call(f"{one}/api/tables/{table['id']}/seats", {"seat": 2}, play)[0] == 409
    # An action through one is the other's next version, and both logs agree.
    status, acted = call(f"{two}/api/tables/{table['id']}/actions", next_action(table["state"], random.Random(1)), table["token"])
    assert status == 200 and acted["version"] == 1
    assert call(f"{one}/api/tables/{table['id']}/log")[1] == call(f"{two}/api/tables/{table['id']}/log")[1]
    # The seat's token, made by the second server, is its holder's on the first: it frees the seat there.
    assert call(f"{one}/api/tables/{table['id']}/seats/2", token=seat["token"], method="DELETE")[0] == 200
    assert call(f"{two}/api/tables/{table['id']}/seats", {"seat": 2}, play)[0] == 200


def test_writers_through_both_servers_get_one_gapless_sequence(servers):
    status, table = call(f"{servers[0]}/api/tables", {**GANGS, "players": ["A", "B", "C", "D", "E"]})
    assert status == 201
    url, token = f"/api/tables/{table['id']}", table["token"]
    acknowledged, statuses, lock = [], [], threading.Lock()

    def writer(base, seed):
        rnd = random.Random(seed)
        for _ in range(12):
            current = call(base + url)[1]
            kind = rnd.choices(["act", "undo", "redo"], [6, 1, 1])[0]
            if kind == "act":
                status, reply = call(base + url + "/actions", {**next_action(current["state"], rnd), "version": current["version"]}, token)
            else:
                status, reply = call(base + url + "/" + kind, {"version": current["version"]}, token)
            with lock:
                statuses.append(status)
                if status == 200:
                    acknowledged.append(reply["version"])

    threads = [threading.Thread(target=writer, args=(servers[n % 2], n)) for n in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    final = call(servers[1] + url)[1]
    log = call(servers[0] + url + "/log")[1]
    # Every 200 got its own version, no version is missing or given twice, and what is stored is
    # exactly the acknowledged changes; the rest were refused with a reason (stale copy, rule).
    assert sorted(acknowledged) == list(range(1, final["version"] + 1)) and len(acknowledged) >= 4
    assert set(statuses) <= {200, 409, 422}
    assert [e["seq"] for e in log] == list(range(1, len(log) + 1))


def test_a_phone_watching_through_the_second_sees_an_action_made_through_the_first(servers):
    one, two = servers
    table = call(f"{one}/api/tables", GANGS)[1]
    ws = connect(f"ws://{two.removeprefix('http://')}/t/{table['id']}/ws?mode=watch&since=0")
    try:
        # Settled: nothing to send yet (and the page re-reads only every 10 s by itself, so what
        # arrives below within 3 s came through Redis).
        assert ws.receive(timeout=1) is None
        status, reply = call(f"{one}/api/tables/{table['id']}/actions",
                             {"type": "give", "to": 1, "card": {"value": 4, "kind": "plain"}}, table["token"])
        assert status == 200 and reply["version"] == 1
        pushed = ws.receive(timeout=3)
        assert pushed is not None and "Ann gives a 4 to Bob." in pushed
    finally:
        ws.close()


def test_two_workers_on_redis_serve_one_table_and_without_redis_refuse_to_start(tmp_path, redis_url, redis_prefix):
    proc, base = serve(tmp_path / "d", redis_url, redis_prefix, "--workers", "2")
    try:
        table = call(f"{base}/api/tables", GANGS)[1]
        state, rnd = table["state"], random.Random(5)
        for n in range(1, 21):  # requests land on either worker: each sees the other's versions
            status, reply = call(f"{base}/api/tables/{table['id']}/actions", {**next_action(state, rnd), "version": n - 1}, table["token"])
            assert (status, reply["version"]) == (200, n)
            state = reply["state"]
    finally:
        proc.terminate()
        proc.communicate(timeout=15)
    env = {k: v for k, v in os.environ.items() if k != "COMPANION_REDIS_URL"}
    refused = subprocess.run([sys.executable, "-m", "companion.cli", "serve", "--workers", "2", "--data", str(tmp_path / "e")],
                             capture_output=True, text=True, env=env, timeout=60)
    assert refused.returncode != 0 and "Refusing to start 2 worker processes without Redis" in refused.stderr
    procfile = procfile_command().replace("--workers 1", "--workers 2")
    refused = subprocess.run(["sh", "-c", "exec " + procfile], capture_output=True, text=True, timeout=60, cwd=tmp_path,
                             env={**env, "PORT": str(free_port()), "COMPANION_DATA": str(tmp_path / "f"),
                                  "PATH": os.path.dirname(sys.executable) + os.pathsep + env.get("PATH", "")})
    assert refused.returncode != 0 and "Refusing to start 2 worker processes without Redis" in refused.stderr
