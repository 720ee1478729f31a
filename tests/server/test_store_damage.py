"""Damaged files: a table whose file is damaged gets a page and a reply that say so and how to
restore it, nothing else is affected, and a damaged or missing index is rebuilt from the tables."""
from __future__ import annotations

import pytest

from companion import create_app
from companion.store import TinyDBStore
from tests.conftest import PhoneClient

GIVE = {"type": "give", "to": 1, "card": {"value": 1, "kind": "plain"}}


def start(data):
    """A freshly started app on the data folder (as after a restart) and a phone's client."""
    app = create_app({"TESTING": True, "DATA_DIR": str(data), "ACTION_LIMIT": 0, "CREATE_LIMIT": "100000 per minute", "TABLES_LIMIT": "100000 per minute"})
    app.test_client_class = PhoneClient
    return app.test_client()


def create(client, players=("Ann", "Bob")):
    resp = client.post("/api/tables", json={"game": "gangs", "players": list(players), "options": {"first_player": 0}})
    assert resp.status_code == 201, resp.json
    return resp.json


def act(client, table):
    return client.post(f"/api/tables/{table['id']}/actions", json=GIVE, headers={"Authorization": f"Bearer {table['token']}"})


def assert_everything_else_works(client, other):
    """Another table reads and acts, and home, creation and joining by code all work."""
    assert client.get(f"/api/tables/{other['id']}").status_code == 200
    assert client.get(f"/t/{other['id']}").status_code == 200
    assert act(client, other).status_code == 200
    assert client.get("/").status_code == 200
    assert create(client, ("Cy", "Dee"))["version"] == 0
    joined = client.post("/join", data={"code": other["join_code"]})
    assert joined.status_code == 302 and other["id"] in joined.headers["Location"]


@pytest.mark.parametrize("damage", [
    lambda raw: raw[: len(raw) // 2],  # cut short (a copy that stopped, a disk fault)
    lambda raw: b"",  # emptied: the table must not look as if it never existed
    lambda raw: b'{"_default": {}}',  # valid JSON holding no table
], ids=["truncated", "empty", "no-record"])
def test_a_damaged_table_file_says_so_and_how_to_restore_it_and_nothing_else_is_affected(tmp_path, damage):
    client = start(tmp_path)
    damaged, other = create(client), create(client, ("Eve", "Fay"))
    assert act(client, damaged).status_code == 200
    path = tmp_path / "tables" / f"{damaged['id']}.json"
    path.write_bytes(damage(path.read_bytes()))

    client = start(tmp_path)
    for resp in (client.get(f"/api/tables/{damaged['id']}"), act(client, damaged),
                 client.get(f"/api/tables/{damaged['id']}/log")):
        assert resp.status_code == 503
        assert "damaged" in resp.json["error"] and "companion restore" in resp.json["error"]
        assert f"tables/{damaged['id']}.json" in resp.json["error"]
    page = client.get(f"/t/{damaged['id']}")
    assert page.status_code == 503
    assert b"damaged" in page.data and b"companion restore" in page.data
    joined = client.post("/join", data={"code": damaged["join_code"]})
    assert joined.status_code == 503 and b"damaged" in joined.data
    assert_everything_else_works(client, other)


def test_a_damaged_line_inside_a_change_log_says_so(tmp_path):
    client = start(tmp_path)
    damaged, other = create(client), create(client, ("Eve", "Fay"))
    assert act(client, damaged).status_code == 200
    undone = client.post(f"/api/tables/{damaged['id']}/undo", json={}, headers={"Authorization": f"Bearer {damaged['token']}"})
    assert undone.status_code == 200
    log = tmp_path / "tables" / f"{damaged['id']}.log"
    first, second = log.read_bytes().splitlines(keepends=True)
    # A whole line that does not parse, with acknowledged lines after it: not a torn tail, and
    # showing the table without them would hand their versions out again.
    log.write_bytes(first[:10] + b"\x00garbage\n" + second)

    client = start(tmp_path)
    resp = client.get(f"/api/tables/{damaged['id']}")
    assert resp.status_code == 503 and "damaged" in resp.json["error"]
    assert_everything_else_works(client, other)


@pytest.mark.parametrize("damage", ["truncated", "empty", "garbage", "missing"])
def test_a_damaged_or_missing_index_is_rebuilt_from_the_table_files(tmp_path, damage):
    client = start(tmp_path)
    tables = [create(client, (f"P{n}", f"Q{n}")) for n in range(5)]
    index = tmp_path / "index" / "0.json"
    if damage == "truncated":
        index.write_bytes(index.read_bytes()[:-7])
    elif damage == "empty":
        index.write_bytes(b"")
    elif damage == "garbage":
        index.write_bytes(b'{"_default": [1, 2, 3]}')
    else:
        index.unlink()

    client = start(tmp_path)
    assert client.get("/").status_code == 200
    for table in tables:  # every join code works again
        joined = client.post("/join", data={"code": table["join_code"]})
        assert joined.status_code == 302 and table["id"] in joined.headers["Location"]
    new = create(client, ("Gus", "Hal"))
    assert client.post("/join", data={"code": new["join_code"]}).status_code == 302
    store = TinyDBStore(tmp_path)
    assert store.table_count() == 6 and store.table_for_code(new["join_code"]) == new["id"]


def test_a_damaged_tournament_night_file_says_so_and_its_tables_still_work(tmp_path):
    client = start(tmp_path)
    event = client.post("/api/events", json={"name": "Friday", "games": ["gangs"], "rounds": 2}).json
    table = create(client)
    path = tmp_path / "events" / f"{event['id']}.json"
    path.write_bytes(path.read_bytes()[:20])

    client = start(tmp_path)
    resp = client.get(f"/api/events/{event['id']}/standings")
    assert resp.status_code == 503 and "damaged" in resp.json["error"] and "companion restore" in resp.json["error"]
    page = client.get(f"/e/{event['id']}")
    assert page.status_code == 503 and b"damaged" in page.data
    assert_everything_else_works(client, table)


def test_following_the_restore_sentence_brings_the_table_back_and_a_half_restore_mixes_nothing(tmp_path):
    from tests.server.test_durability import next_action

    client = start(tmp_path)
    table, other = create(client, ("A", "B", "C")), create(client, ("Eve", "Fay"))
    auth = {"Authorization": f"Bearer {table['token']}"}
    state = table["state"]
    for n in range(2):
        state = client.post(f"/api/tables/{table['id']}/actions", json=next_action(state, n), headers=auth).json["state"]
    files = {p.name: p.read_bytes() for p in (tmp_path / "tables").glob(f"{table['id']}.*")}  # the backup
    for n in range(2, 20):
        state = client.post(f"/api/tables/{table['id']}/actions", json=next_action(state, n), headers=auth).json["state"]
    json_file = tmp_path / "tables" / f"{table['id']}.json"
    json_file.write_bytes(b"{")  # damaged

    client = start(tmp_path)
    assert client.get(f"/api/tables/{table['id']}").status_code == 503

    json_file.write_bytes(files[json_file.name])  # half a restore: the document beside the newer log
    client = start(tmp_path)
    assert client.get(f"/api/tables/{table['id']}").json["version"] == 20  # the log is its history: no mix

    for name, raw in files.items():  # the whole restore, as the sentence says
        (tmp_path / "tables" / name).write_bytes(raw)
    client = start(tmp_path)
    restored = client.get(f"/api/tables/{table['id']}")
    assert restored.status_code == 200 and restored.json["version"] == 2
    assert_everything_else_works(client, other)


def test_a_table_from_a_newer_version_of_the_app_says_so_and_nothing_else_is_affected(tmp_path):
    import json

    client = start(tmp_path)
    newer, other = create(client), create(client, ("Eve", "Fay"))
    path = tmp_path / "tables" / f"{newer['id']}.json"
    document = json.loads(path.read_bytes())
    document["_default"]["1"]["schema"] = 99  # as after going back to an older release
    path.write_text(json.dumps(document))
    (tmp_path / "index" / "0.json").unlink()  # and the index must be rebuilt beside it

    client = start(tmp_path)
    resp = client.get(f"/api/tables/{newer['id']}")
    assert resp.status_code == 503 and "newer version" in resp.json["error"]
    assert_everything_else_works(client, other)
