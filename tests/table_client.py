"""A table driven over real HTTP for server tests: made, played and timed as a phone would."""
from __future__ import annotations

import json
import random
import socket
import time
import urllib.request

from tests.raw_phones import Frames


def plain_gangs_action(state: dict, rnd: random.Random) -> dict:
    """A legal Gangs of Kyoto action with plain cards only, so the game never ends."""
    owed = state["pending"][0]
    card = {"value": rnd.choice((0, 1, 2, 3)), "kind": "plain"}
    if owed["type"] == "draw":
        return {"type": "draw", "card": card}
    return {"type": "give", "to": rnd.choice(owed["to"]), "card": card}


def timed_get(port: int, path: str, timeout: float = 5.0) -> float:
    """Seconds until `GET path` answered 200 (infinity when it did not within `timeout`)."""
    start = time.monotonic()
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=timeout) as resp:
            resp.read()
            return time.monotonic() - start if resp.status == 200 else float("inf")
    except OSError:
        return float("inf")


def post_json(port: int, path: str, body: dict, token: str | None = None, timeout: float = 5.0) -> dict:
    """POST a JSON body to the API; its JSON reply."""
    headers = {"Content-Type": "application/json", **({"Authorization": f"Bearer {token}"} if token else {})}
    req = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=json.dumps(body).encode(), headers=headers)
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return json.loads(resp.read())


def new_table(port: int) -> dict:
    """A fresh Gangs of Kyoto table (id and host token)."""
    return post_json(port, "/api/tables", {"game": "gangs", "players": ["Ann", "Bob"], "options": {"first_player": 0}})


def push_arrives(port: int, table: dict, sock: socket.socket, timeout: float = 5.0) -> bool:
    """Whether an action on `table` reaches the open websocket `sock` within `timeout`."""
    frames = Frames(sock)
    while frames.read():  # what the socket sent on connect
        pass
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/tables/{table['id']}", timeout=timeout) as resp:
            state = json.loads(resp.read())["state"]
        post_json(port, f"/api/tables/{table['id']}/actions", plain_gangs_action(state, random.Random()), table["token"], timeout)
    except OSError:
        return False
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if frames.read():
                return True
        except OSError:
            return False
        time.sleep(0.02)
    return False
