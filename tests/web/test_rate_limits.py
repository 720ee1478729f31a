"""Rate limits as a host, a phone and an attacker meet them: creation, changes, join codes, proxies."""
from __future__ import annotations

import pytest

from companion import create_app
from tests.conftest import PhoneClient

GANGS = {"game": "gangs", "players": ["Ann", "Bob"], "options": {"first_player": 0}}


def make_app(tmp_path, **config):
    app = create_app({"TESTING": True, "DATA_DIR": str(tmp_path / "data"), **config})
    app.test_client_class = PhoneClient
    return app


def from_address(client, address):
    client.environ_base["REMOTE_ADDR"] = address
    return client


def auth(token):
    return {"Authorization": f"Bearer {token}"}


def test_creating_tables_is_limited_per_address_and_says_when_to_come_back(tmp_path):
    app = make_app(tmp_path, CREATE_LIMIT="3 per minute")
    flooder = from_address(app.test_client(), "10.0.0.7")
    codes = [flooder.post("/api/tables", json=GANGS).status_code for _ in range(3)]
    refused = flooder.post("/api/tables", json=GANGS)
    assert codes == [201, 201, 201] and refused.status_code == 429
    assert "Too many new tables" in refused.json["error"] and int(refused.headers["Retry-After"]) > 0
    # Imports and the home page's form draw on the same allowance.
    assert flooder.post("/api/tables/import", json={"game": "gangs", "actions": []}).status_code == 429
    assert flooder.post("/tables", data={"game": "gangs", "players": ["Ann", "Bob"]}).status_code == 429
    assert app.extensions["companion.store"].table_count() == 3
    # Another address is not held up by the flood.
    assert from_address(app.test_client(), "10.0.0.8").post("/api/tables", json=GANGS).status_code == 201


def test_undo_and_redo_count_like_actions(tmp_path):
    app = make_app(tmp_path, ACTION_LIMIT=4, CREATE_LIMIT="100 per minute")
    client = app.test_client()
    table = client.post("/api/tables", json=GANGS).json
    base = f"/api/tables/{table['id']}"
    give = {"type": "give", "to": 1, "card": {"value": 1, "kind": "plain"}}
    codes = [client.post(f"{base}/actions", json=give, headers=auth(table["token"])).status_code,
             client.post(f"{base}/undo", headers=auth(table["token"])).status_code,
             client.post(f"{base}/redo", headers=auth(table["token"])).status_code,
             client.post(f"{base}/undo", headers=auth(table["token"])).status_code,
             client.post(f"{base}/redo", headers=auth(table["token"])).status_code]
    assert codes == [200, 200, 200, 200, 429]
    assert client.get(base).json["version"] == 4


def test_a_phone_that_mistypes_locks_only_itself_not_the_venue(tmp_path):
    app = make_app(tmp_path, CREATE_LIMIT="100 per minute")
    host = app.test_client()
    table = host.post("/api/tables", json=GANGS).json
    clumsy = from_address(app.test_client(), "192.168.1.20")
    for _ in range(app.config["JOIN_ATTEMPTS"]):
        assert clumsy.post("/join", data={"code": "ZZZZZZ"}).status_code == 404
    locked = clumsy.post("/join", data={"code": table["join_code"]})
    assert locked.status_code == 429 and "Too many wrong codes" in locked.text
    # Another phone behind the same address (a venue's NAT) still joins with the right code.
    friend = from_address(app.test_client(), "192.168.1.20")
    assert friend.post("/join", data={"code": table["join_code"]}).status_code == 302


def test_a_guesser_that_drops_its_cookie_meets_the_address_limit(tmp_path):
    app = make_app(tmp_path, CREATE_LIMIT="100 per minute")
    table = app.test_client().post("/api/tables", json=GANGS).json
    statuses = []
    for _ in range(3 * app.config["JOIN_ATTEMPTS"] + 1):
        fresh = from_address(app.test_client(), "203.0.113.9")  # a new session each guess
        statuses.append(fresh.post("/join", data={"code": "ZZZZZZ"}).status_code)
    assert statuses[:-1] == [404] * (3 * app.config["JOIN_ATTEMPTS"]) and statuses[-1] == 429
    late = from_address(app.test_client(), "203.0.113.9").post("/join", data={"code": table["join_code"]})
    assert late.status_code == 429


def test_forwarded_addresses_are_believed_only_from_a_configured_proxy(tmp_path):
    direct = make_app(tmp_path / "a", CREATE_LIMIT="1 per minute")
    client = direct.test_client()
    # Without a trusted proxy a forged header changes nothing: the peer's address is counted.
    assert client.post("/api/tables", json=GANGS, headers={"X-Forwarded-For": "1.1.1.1"}).status_code == 201
    assert client.post("/api/tables", json=GANGS, headers={"X-Forwarded-For": "2.2.2.2"}).status_code == 429
    proxied = make_app(tmp_path / "b", CREATE_LIMIT="1 per minute", TRUSTED_PROXIES=1)
    proxy = proxied.test_client()
    assert proxy.post("/api/tables", json=GANGS, headers={"X-Forwarded-For": "1.1.1.1"}).status_code == 201
    # Behind the proxy each phone is counted on its own address.
    assert proxy.post("/api/tables", json=GANGS, headers={"X-Forwarded-For": "2.2.2.2"}).status_code == 201
    assert proxy.post("/api/tables", json=GANGS, headers={"X-Forwarded-For": "2.2.2.2"}).status_code == 429


@pytest.mark.parametrize("finish", [True, False])
def test_a_finished_tables_join_code_opens_nothing(tmp_path, finish):
    app = make_app(tmp_path, CREATE_LIMIT="100 per minute")
    host = app.test_client()
    table = host.post("/api/tables", json=GANGS).json
    if finish:
        while not host.get(f"/api/tables/{table['id']}").json["state"]["over"]:
            state = host.get(f"/api/tables/{table['id']}").json["state"]
            to = next(i for i, p in enumerate(state["players"]) if not p["received"])
            host.post(f"/api/tables/{table['id']}/actions", headers=auth(table["token"]),
                      json={"type": "give", "to": to, "card": {"value": 0, "kind": "bell_card", "bells": 2}})
    joined = app.test_client().post("/join", data={"code": table["join_code"]})
    assert joined.status_code == (404 if finish else 302)


def test_an_ipv6_network_counts_as_one_address(tmp_path):
    app = make_app(tmp_path, CREATE_LIMIT="2 per minute")
    statuses = [from_address(app.test_client(), f"2001:db8:1:2::{n:x}").post("/api/tables", json=GANGS).status_code
                for n in range(1, 4)]
    assert statuses == [201, 201, 429]  # three addresses of one /64: one home, one phone
    assert from_address(app.test_client(), "2001:db8:1:3::1").post("/api/tables", json=GANGS).status_code == 201
