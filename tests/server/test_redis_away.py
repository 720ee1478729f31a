"""With Redis away, every route answers 503 with a sentence, limits on (as deployed): the rate
limits' own storage is the same Redis, and its failure must not turn into "Something went wrong"."""
from __future__ import annotations

import signal
import time

import pytest

from companion import create_app
from tests.conftest import PhoneClient
from tests.redis_server import RedisServer

GANGS = {"game": "gangs", "players": ["Ann", "Bob", "Cy"], "options": {"first_player": 0}}
GIVE = {"type": "give", "to": 1, "card": {"value": 4, "kind": "plain"}}
NIGHT = {"name": "Thursday", "games": ["gangs"], "rounds": 3}


@pytest.fixture
def venue(tmp_path):
    """An app on a Redis that holds its tables and its limits (the production settings), a table
    and a night on it, and the Redis server to stop."""
    server = RedisServer(tmp_path / "redis").start()
    app = create_app({"TESTING": True, "DATA_DIR": str(tmp_path / "d"), "REDIS_URL": server.url})
    app.test_client_class = PhoneClient
    client = app.test_client()
    table = client.post("/api/tables", json=GANGS).json
    night = client.post("/api/events", json=NIGHT).json
    yield app, client, table, night, server
    app.extensions["companion.live"].close()
    server.stop()


def test_every_change_answers_503_with_a_sentence_while_redis_is_unreachable(venue):
    app, client, table, night, server = venue
    tid, bearer = table["id"], {"Authorization": f"Bearer {table['token']}"}
    host = {"Authorization": f"Bearer {night['token']}"}
    client.get(f"/t/{tid}/play/{app.extensions['companion.tables'].get(tid).record['play_token']}")
    server.kill()
    api_calls = [
        ("post", f"/api/tables/{tid}/actions", GIVE, bearer),
        ("post", f"/api/tables/{tid}/undo", {}, bearer),
        ("post", f"/api/tables/{tid}/redo", {}, bearer),
        ("post", f"/api/tables/{tid}/seats", {"seat": 0}, bearer),
        ("delete", f"/api/tables/{tid}/seats/0", None, bearer),
        ("post", "/api/tables", GANGS, {}),
        ("post", "/api/tables/import", {"game": "gangs", "players": ["Ann", "Bob"], "actions": []}, {}),
        ("post", "/api/events", NIGHT, {}),
        ("post", f"/api/events/{night['id']}/players", {"names": ["Ann", "Bob"]}, host),
        ("get", f"/api/tables/{tid}", None, {}),
        ("get", f"/api/events/{night['id']}/standings", None, {}),
    ]
    for method, url, body, headers in api_calls:
        resp = getattr(client, method)(url, json=body, headers=headers)
        assert resp.status_code == 503, (url, resp.status_code, resp.get_data(as_text=True)[:200])
        assert "Redis" in resp.json["error"] and "Something went wrong" not in resp.json["error"], url
    htmx = {"HX-Request": "true"}
    pages = [(f"/t/{tid}/act", {"type": "give", "to": "1", "card.value": "4"}), (f"/t/{tid}/undo", {}),
             (f"/t/{tid}/redo", {}), ("/tables", {"game": "gangs", "players": ["Ann", "Bob"]}),
             ("/join", {"code": table["join_code"]})]
    for url, form in pages:
        resp = client.post(url, data=form, headers=htmx)
        assert resp.status_code == 503, (url, resp.status_code)
        assert "Redis" in resp.get_data(as_text=True), url


def test_a_redis_that_stops_answering_gets_a_sentence_within_seconds_not_a_hung_request(venue):
    # Its machine frozen or cut off: connections are neither refused nor answered.
    app, client, table, night, server = venue
    server.proc.send_signal(signal.SIGSTOP)
    try:
        began = time.monotonic()
        resp = client.post(f"/api/tables/{table['id']}/actions", json=GIVE, headers={"Authorization": f"Bearer {table['token']}"})
        waited = time.monotonic() - began
        created = client.post("/api/tables", json=GANGS)
    finally:
        server.proc.send_signal(signal.SIGCONT)
    assert resp.status_code == 503 and "Redis" in resp.json["error"]
    assert created.status_code == 503 and "Redis" in created.json["error"]
    assert waited < 30, f"a change waited {waited:.0f} s for a Redis that does not answer"
