"""The floor of the stack itself (issue 18, item 0): how many tables one process serves when an
action costs nothing but the stack, measured by bench/capacity.py as configuration `bare`.

The bare app (`bench.stack_floor:create_app()`) runs under the Procfile's worker exactly as the
project does and does for each action what the stack must: it takes the HTTP request with its JSON
body, sends each of the table's open websockets a message, and answers JSON. No rules, no store,
no render: every message and reply is a string made once. Their sizes are the project's own,
measured in the same run by `project_sizes` (one Gangs table with 5 seated phones and a watcher,
as the capacity load plays it), so the two servers move the same bytes. The project's capacity
against this one is what the project's own work costs; the floor's capacity is the most any
code on this stack, worker and machine could reach.
"""
from __future__ import annotations

import json
import random
import selectors
import statistics
import sys
import threading
import time
from pathlib import Path

from flask import Flask, Response, request
from flask_sock import Sock

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.bench_actions import Api, legal_action  # noqa: E402
from bench.phones import Frames, open_socket  # noqa: E402
from bench.load import PLAYERS, Table  # noqa: E402
from companion.web.whole_frames import whole_frames  # noqa: E402

# A Gangs state the load generator reads its next action from: always a draw.
_STATE = {"pending": [{"type": "draw"}], "over": False}


def create_app() -> Flask:
    """The bare app: `/ws/<table>` holds a phone's websocket; `POST /api/tables/<table>/actions`
    sends each of that table's sockets the push (`?push=` bytes) and answers `?reply=` bytes."""
    app = Flask(__name__)
    app.config["SOCK_SERVER_OPTIONS"] = {"ping_interval": 25}
    sock = Sock(app)
    rooms: dict[str, set] = {}
    lock = threading.Lock()  # the registry is shared by every connection's greenlet
    made: dict[tuple[str, int], str] = {}

    def text(kind: str, size: int) -> str:
        if (kind, size) not in made:
            body = json.dumps({"state": _STATE, "filler": ""}) if kind == "reply" else ""
            made[kind, size] = (body[:-2] + "x" * max(0, size - len(body)) + '"}') if body else "x" * size
        return made[kind, size]

    # A phone of the load opens its page at the table's version: nothing to catch up on connect.
    @sock.route("/ws/<table>")
    @whole_frames  # as the project's routes: simple-websocket alone may cut a frame short
    def hold(ws, table: str):
        with lock:
            rooms.setdefault(table, set()).add(ws)
        try:
            while ws.connected:
                ws.receive(timeout=10)
        finally:
            with lock:
                rooms[table].discard(ws)

    @app.post("/api/tables/<table>/actions")
    def act(table: str):
        request.get_json()  # the project parses its action too
        push = text("push", int(request.args["push"]))
        with lock:
            phones = list(rooms.get(table, ()))
        for ws in phones:
            ws.send(push)
        return Response(text("reply", int(request.args["reply"])), mimetype="application/json")

    return app


class BareTable(Table):
    """A table of the bare app: 6 phones, actions as the project's load sends them (`Table.act`)."""

    count = 0

    def __init__(self, port: int, push: int, reply: int):  # noqa: super().__init__ creates a project table
        BareTable.count += 1
        self.info = {"id": str(BareTable.count), "token": ""}
        self.address = f"/api/tables/{BareTable.count}/actions?push={push}&reply={reply}"
        self.state = _STATE
        self.sockets = [open_socket(port, f"/ws/{BareTable.count}") for _ in range(6)]
        self.arrived, self.done, self.lock = set(), threading.Event(), threading.Lock()


def project_sizes(port: int, actions: int = 40) -> tuple[int, int]:
    """Mean bytes a phone receives per action, and mean bytes of the action's reply, at one
    Gangs table of the project with 5 seated phones and a watcher (the capacity load's table)."""
    table = Table(Api(port), port, 6, len(PLAYERS), 10_000 + random.randrange(1 << 20))
    frames = [Frames(s) for s in table.sockets]
    sel = selectors.DefaultSelector()
    for k, s in enumerate(table.sockets):
        sel.register(s, selectors.EVENT_READ, k)
    time.sleep(1.0)
    for f in frames:
        f.read()
    api, rnd, pushed, replies = Api(port), random.Random(3), [], []
    for _ in range(actions):
        before = [f.received for f in frames]
        waiting = set(range(6))
        payload = legal_action(table.state, rnd)
        api.conn.request("POST", f"/api/tables/{table.info['id']}/actions", body=json.dumps(payload),
                         headers={"Content-Type": "application/json", "Authorization": f"Bearer {table.info['token']}"})
        body = api.conn.getresponse().read()
        replies.append(len(body))
        table.state = json.loads(body)["state"]
        deadline = time.time() + 5
        while waiting and time.time() < deadline:
            for key, _ in sel.select(timeout=0.5):
                if frames[key.data].read():
                    waiting.discard(key.data)
        pushed.append(statistics.mean(f.received - b for f, b in zip(frames, before)))
    sel.close()
    for s in table.sockets:
        s.close()
    return round(statistics.mean(pushed)), round(statistics.mean(replies))
