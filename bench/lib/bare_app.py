"""The yardstick of a tap: a bare flask-sock app under the same worker as the project, which
sends each phone the texts it is given and answers with a reply as long as the project's.

`POST /stage` (outside the measured window) takes a JSON list, one item an action: the reply's
length and, per phone, the texts the project pushed it. `POST /send/<n>` then sends item n:
phone k (the one that opened `/ws/<k>`) gets its texts, and the request gets its reply.
"""

from __future__ import annotations

from flask import Flask, request
from flask_sock import Sock


def create_app() -> Flask:
    """The bare broadcast app."""
    app = Flask(__name__)
    app.config["SOCK_SERVER_OPTIONS"] = {"ping_interval": 25}
    sock = Sock(app)
    phones: dict[int, object] = {}
    staged: list[dict] = []

    @sock.route("/ws/<int:k>")
    def hold(ws, k: int):
        phones[k] = ws
        try:
            while ws.connected:
                ws.receive(timeout=10)
        finally:
            phones.pop(k, None)

    @app.post("/stage")
    def stage():
        staged[:] = request.get_json()
        return "", 204

    @app.post("/send/<int:n>")
    def send(n: int):
        item = staged[n]
        for k, texts in enumerate(item["texts"]):
            for text in texts:
                phones[k].send(text)
        return "x" * item["reply"], 200

    return app
