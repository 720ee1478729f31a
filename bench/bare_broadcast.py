"""The yardstick of the project's pushes (issue 18, item 4): a bare flask-sock app that sends one
message of a given size to every open websocket, served by the same gunicorn worker as the
project, against the project's push of one action to a table's phones of the same number and
size. Both are timed the same way: from the HTTP request that causes the send to the moment the
last phone has the message. The ratio of the two p50s is the project's overhead (goal <= 1.5).

The bare app is `bench.bare_broadcast:create_app()`; `push_ratio` runs both and is called by
bench/capacity.py, so both figures come from the same run. Run alone:
python bench/bare_broadcast.py [--phones 200 300] [--rounds 30]
"""
from __future__ import annotations

import argparse
import contextlib
import http.client
import os
import random
import selectors
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from flask import Flask, request
from flask_sock import Sock

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.bench_actions import Api, free_port, legal_action, procfile_command  # noqa: E402
from bench.phones import Frames, open_socket  # noqa: E402


def create_app() -> Flask:
    """The bare app: `/ws` holds a websocket open; `POST /broadcast/<size>` sends every open one
    a message of `size` characters from the request (as the project's changing request does);
    `POST /broadcast-each/<reply>` sends the k-th socket opened the k-th size of its body
    ("3512,3512,1200") and answers with `reply` characters (bench/tap_cost.py: the project's own
    bytes, phone by phone, and its reply's length)."""
    app = Flask(__name__)
    app.config["SOCK_SERVER_OPTIONS"] = {"ping_interval": 25}
    sock = Sock(app)
    open_sockets: dict = {}  # in the order they opened

    @sock.route("/ws")
    def hold(ws):
        open_sockets[ws] = True
        try:
            while ws.connected:
                ws.receive(timeout=10)
        finally:
            open_sockets.pop(ws, None)

    @app.post("/broadcast/<int:size>")
    def broadcast(size: int):
        message = "x" * size
        for ws in list(open_sockets):
            ws.send(message)
        return "", 204

    @app.post("/broadcast-each/<int:reply>")
    def broadcast_each(reply: int):
        sizes = [int(s) for s in request.get_data(as_text=True).split(",")]
        for ws, size in zip(list(open_sockets), sizes):
            ws.send("x" * size)
        return "x" * reply, 200

    return app


@contextlib.contextmanager
def serving_process(app_spec: str, env: dict):
    """The Procfile's command (its worker, on loopback) serving `app_spec`, for the block: its port
    and the gunicorn master's process."""
    port = free_port()
    command = procfile_command().replace("--bind 0.0.0.0:", "--bind 127.0.0.1:").replace("'companion:create_app()'", f"'{app_spec}'")
    proc = subprocess.Popen(["bash", "-c", f"exec {command}"], cwd=ROOT, env={**os.environ, **env, "PORT": str(port)},
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(400):
            try:
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=1)
                conn.request("GET", "/api/games" if app_spec.startswith("companion") else "/ws")
                conn.getresponse().read()
                break
            except OSError:
                time.sleep(0.05)
        else:
            raise RuntimeError(f"{app_spec} did not start")
        yield port, proc
    finally:
        proc.terminate()
        proc.wait()


@contextlib.contextmanager
def serving(app_spec: str, env: dict):
    """`serving_process`, for the block: its port."""
    with serving_process(app_spec, env) as (port, _):
        yield port


def to_last(sockets: list, send, rounds: int) -> tuple[list[float], int]:
    """Times (ms) from `send()` to the last socket's message, and the size of the last message."""
    sel = selectors.DefaultSelector()
    frames = [Frames(s) for s in sockets]
    for k, s in enumerate(sockets):
        sel.register(s, selectors.EVENT_READ, k)
    time.sleep(1.0)
    for f in frames:
        f.read()  # what each socket got on connect
    times, size = [], 0
    for _ in range(rounds):
        waiting = set(range(len(sockets)))
        t0 = time.perf_counter()
        send()
        while waiting and time.perf_counter() - t0 < 5:
            for key, _ in sel.select(timeout=0.5):
                if frames[key.data].read():
                    waiting.discard(key.data)
        times.append((time.perf_counter() - t0) * 1000)
        size = frames[0].last_length
        time.sleep(0.2)
    sel.close()
    for s in sockets:
        s.close()
    return times, size


def push_ratio(phones: int, rounds: int) -> dict:
    """The project's push to `phones` watchers of one table, then the bare broadcast of the same
    size to as many sockets: p50 of each (ms) and their ratio."""
    with tempfile.TemporaryDirectory() as data, \
            serving("companion:create_app()", {"COMPANION_DATA": data, "COMPANION_ACTION_LIMIT": "0"}) as port:
        api = Api(port)
        _, table = api.call("POST", "/api/tables", {"game": "gangs", "players": ["A", "B", "C"], "seed": 1})
        state, rnd = {"now": table["state"]}, random.Random(1)

        def act():
            _, reply = api.call("POST", f"/api/tables/{table['id']}/actions", legal_action(state["now"], rnd), table["token"])
            state["now"] = reply["state"]

        project, size = to_last([open_socket(port, f"/t/{table['id']}/ws?mode=watch&since=0") for _ in range(phones)], act, rounds)
    with serving("bench.bare_broadcast:create_app()", {}) as port:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)

        def send():
            conn.request("POST", f"/broadcast/{size}")
            conn.getresponse().read()

        bare, _ = to_last([open_socket(port, "/ws") for _ in range(phones)], send, rounds)
    p50, bare50 = statistics.median(project), statistics.median(bare)
    return {"phones": phones, "bytes": size, "project_p50": p50, "bare_p50": bare50, "ratio": p50 / bare50}


def describe(r: dict) -> str:
    """One line for a `push_ratio` result."""
    return (f"push to the last of {r['phones']} phones ({r['bytes']} bytes): project p50 {r['project_p50']:.1f} ms, "
            f"bare flask-sock broadcast p50 {r['bare_p50']:.1f} ms, ratio {r['ratio']:.2f} (load average {os.getloadavg()[0]:.1f})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--phones", type=int, nargs="+", default=[200, 300])
    parser.add_argument("--rounds", type=int, default=30)
    args = parser.parse_args()
    for phones in args.phones:
        print(describe(push_ratio(phones, args.rounds)))


if __name__ == "__main__":
    main()
