"""Clients of the project's JSON API: a keep-alive connection, and a table played through its
offers with its seats held by phones."""

from __future__ import annotations

import http.client
import json
import random
import time
from dataclasses import dataclass, field

from bench.lib.phones import Phones, table_phones
from tests.offer_fills import FILLS  # the property tests' moves: the engine's offers, filled in

SEATS = {"gangs": 5, "kyotoan": 5, "neko": 4, "bosskito": 5}  # each game's most players but Kyotoan's 6


class Api:
    """JSON calls on one keep-alive connection, opened again when the server closed it."""

    def __init__(self, port: int, headers: dict | None = None):
        self.port, self.headers = port, headers or {}
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)

    def call(self, method: str, path: str, body: object = None, token: str | None = None) -> tuple[int, bytes]:
        """The status and body of one call (JSON in, as a phone's fetch sends it)."""
        headers = {"Content-Type": "application/json", **self.headers,
                   **({"Authorization": f"Bearer {token}"} if token else {})}
        payload = json.dumps(body) if body is not None else None
        try:
            self.conn.request(method, path, body=payload, headers=headers)
            resp = self.conn.getresponse()
        except (OSError, http.client.HTTPException):
            self.conn.close()  # an idle keep-alive connection the server closed, or a timed-out one
            self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
            self.conn.request(method, path, body=payload, headers=headers)
            resp = self.conn.getresponse()
        return resp.status, resp.read()

    def json(self, method: str, path: str, body: object = None, token: str | None = None) -> dict:
        """The JSON reply of a call that must succeed."""
        status, raw = self.call(method, path, body, token)
        if status >= 300:
            raise RuntimeError(f"{method} {path}: {status} {raw[:200]!r}")
        return json.loads(raw)


def plain_gangs_action(state: dict, rnd: random.Random) -> dict:
    """A legal Gangs of Kyoto action with plain cards only, so the game never ends."""
    owed = state["pending"][0]
    card = {"value": rnd.choice((0, 1, 2, 3)), "kind": "plain"}
    if owed["type"] == "draw":
        return {"type": "draw", "card": card}
    return {"type": "give", "to": rnd.choice(owed["to"]), "card": card}


@dataclass
class Tap:
    """One action: its type, ms to the last phone, the reply's bytes, and each phone's messages
    and wire bytes (late messages of an action are added when the next one starts)."""
    kind: str
    ms: float
    reply: int
    texts: list[list[str]] = field(default_factory=list)
    wire: list[int] = field(default_factory=list)


class PlayedTable:
    """A table of `game_id` whose seats are held by phones that made a player's journey, and one
    watcher; every action is drawn from the offers of the API's last reply."""

    def __init__(self, port: int, game_id: str, seed: int, deflate: bool = True):
        self.port, self.game_id, self.deflate = port, game_id, deflate
        self.rnd = random.Random(seed)
        self.api = Api(port)
        self.phones: Phones | None = None
        self.last: Tap | None = None
        self.new_table(seed)

    def new_table(self, seed: int) -> None:
        """A fresh table (again when a game ends), its phones connected."""
        players = [f"P{k}" for k in range(SEATS[self.game_id])]
        self.info = self.api.json("POST", "/api/tables", {"game": self.game_id, "players": players, "seed": seed})
        self.reply = self.api.json("GET", f"/api/tables/{self.info['id']}", token=self.info["token"])
        if self.phones:
            self.phones.close()
        self.phones = Phones(table_phones(self.port, self.info, len(players), len(players) + 1, self.deflate))
        self.last = None

    def act(self) -> Tap:
        """One action drawn from the offers, timed from the POST to the last phone's message."""
        if self.reply["state"]["over"]:
            self.new_table(self.rnd.randrange(10**6))
        action = FILLS[self.game_id](self.rnd.choice(self.reply["offers"]), self.reply["state"], self.rnd)
        return self._tap(action["type"], "actions", action)

    def undo(self) -> Tap:
        """Take the last action back (the host's undo), timed as an action."""
        return self._tap("undo", "undo", {})

    def _tap(self, kind: str, what: str, body: dict) -> Tap:
        late_texts, late_wire = self.phones.take()
        if self.last:  # what came after the last tap's wait belongs to it
            for k, (texts, wire) in enumerate(zip(late_texts, late_wire, strict=True)):
                self.last.texts[k] += texts
                self.last.wire[k] += wire
        t0 = time.perf_counter()
        status, raw = self.api.call("POST", f"/api/tables/{self.info['id']}/{what}", body, self.info["token"])
        if status != 200:
            raise RuntimeError(f"{self.game_id}: {body} refused: {raw[:200]!r}")
        ms = self.phones.wait_all(t0)
        self.reply = json.loads(raw)
        texts, wire = self.phones.take()
        self.last = Tap(kind, ms, len(raw), texts, wire)
        return self.last

    @property
    def deflated(self) -> bool:
        """Whether the server compresses this table's pushes (permessage-deflate)."""
        return all(phone.deflated for phone in self.phones.phones)

    def close(self) -> None:
        self.phones.close()
