"""One tap, one Undo: "Final dice: resolve" enters a roll and resolves it in the same tap (two
actions in the log), so the page's Undo takes both back and its Redo puts both back. Before, one
Undo left the roll in place with the pad saying "roll 2": fixing a die and resolving then recorded
a reroll that never happened (a newcomer's play-through). The JSON API still undoes one action."""
from __future__ import annotations

import re
from urllib.parse import urlsplit

from companion.store.tinydb_store import TinyDBStore
from companion.tables import TableService
from tests.web.test_events import auth

ROLL = {"type": "roll", "faces:repeat.1": "3", "faces:repeat.2": "3", "_then": "resolve"}


def kyotoan_table(client):
    made = client.post("/api/tables", json={"game": "kyotoan", "players": ["Ann", "Bob", "Cy"], "options": {"first_player": 0}}).json
    h = auth(made["token"])
    market = client.post(f"/api/tables/{made['id']}/actions", json={"type": "market", "cards": ["corner_store", "heal", "acid_attack"]}, headers=h)
    assert market.status_code == 200, market.json
    client.get(urlsplit(made["urls"]["play"]).path)  # the play QR code: this phone's cookie
    return made["id"], h


def log(client, tid, h):
    return [e["action"]["type"] for e in client.get(f"/api/tables/{tid}/log", headers=h).json]


def test_final_dice_resolve_is_one_tap_and_one_undo_and_one_redo(client):
    tid, h = kyotoan_table(client)
    assert client.post(f"/t/{tid}/act", data=ROLL).status_code == 302  # without script: back to the page
    state = client.get(f"/api/tables/{tid}", headers=h).json
    assert log(client, tid, h) == ["market", "roll", "resolve"] and state["state"]["phase"] != "roll"
    version = state["version"]

    client.post(f"/t/{tid}/undo", data={"version": str(version)})
    after_undo = client.get(f"/api/tables/{tid}", headers=h).json
    assert log(client, tid, h) == ["market"], "the tap's roll went with its resolve"
    assert after_undo["version"] == version + 1
    assert after_undo["state"]["rolls"] == 0 and [o["type"] for o in after_undo["offers"]][:1] == ["roll"]

    client.post(f"/t/{tid}/redo", data={"version": str(version + 1)})
    again = client.get(f"/api/tables/{tid}", headers=h).json
    assert log(client, tid, h) == ["market", "roll", "resolve"] and again["version"] == version + 2
    assert again["state"] == state["state"]


def test_the_json_api_undoes_one_action_at_a_time(client):
    tid, h = kyotoan_table(client)
    client.post(f"/t/{tid}/act", data=ROLL)
    assert client.post(f"/api/tables/{tid}/undo", json={}, headers=h).status_code == 200
    assert log(client, tid, h) == ["market", "roll"]
    assert client.post(f"/api/tables/{tid}/redo", json={}, headers=h).status_code == 200
    assert log(client, tid, h) == ["market", "roll", "resolve"]


def test_a_roll_entered_to_roll_again_is_undone_alone(client):
    tid, h = kyotoan_table(client)
    client.post(f"/t/{tid}/act", data={k: v for k, v in ROLL.items() if k != "_then"})
    client.post(f"/t/{tid}/act", data=ROLL)
    assert log(client, tid, h) == ["market", "roll", "roll", "resolve"]
    client.post(f"/t/{tid}/undo", data={})
    assert log(client, tid, h) == ["market", "roll"]
    client.post(f"/t/{tid}/undo", data={})
    assert log(client, tid, h) == ["market"]


def test_a_backup_keeps_the_tap_whole(client):
    tid, h = kyotoan_table(client)
    client.post(f"/t/{tid}/act", data=ROLL)
    export = client.get(f"/api/tables/{tid}/export", headers=h).json
    assert [bool(a.get("joined")) for a in export["actions"]] == [False, False, True]
    restored = client.post("/api/tables/import", json=export).json
    log_ = client.get(f"/api/tables/{restored['id']}/export", headers=auth(restored["token"])).json["actions"]
    assert [bool(a.get("joined")) for a in log_] == [False, False, True]


def test_the_tap_s_second_step_is_taken_under_the_same_lock_and_published_once(tmp_path):
    published = []
    svc = TableService(TinyDBStore(tmp_path), publish=lambda tid, v: published.append(v))
    table = svc.create("kyotoan", ["Ann", "Bob", "Cy"], {"first_player": 0}, 1)
    host = table.record["host_token"]
    svc.act(table.id, host, {"type": "market", "cards": ["corner_store", "heal", "acid_attack"]})
    roll = {"type": "roll", "faces": ["1", "1", "1", "2", "2", "2"]}
    new, _ = svc.act(table.id, host, roll, then="resolve")
    assert new.version == 3 and published == [1, 3]
    assert [e.get("joined", False) for e in new.record["actions"]] == [False, False, True]
    # A step the engine does not offer now leaves the first action standing alone, as the page then shows.
    svc.undo(table.id, host, keep_settings=True, whole_tap=True)
    alone, _ = svc.act(table.id, host, roll, then="buy")
    assert [e["action"]["type"] for e in alone.record["actions"]] == ["market", "roll"]


def test_the_dice_pad_counts_rolls_as_the_status_line_does(client):
    tid, h = kyotoan_table(client)
    page = " ".join(re.sub(r"<[^>]*>", " ", client.get(f"/t/{tid}").get_data(as_text=True)).split())
    assert "rolls 6 dice (roll 1 of 3)" in page and "roll 1 of 3 · deck" in page
    client.post(f"/t/{tid}/act", data={k: v for k, v in ROLL.items() if k != "_then"})
    page = " ".join(re.sub(r"<[^>]*>", " ", client.get(f"/t/{tid}").get_data(as_text=True)).split())
    assert "(roll 2 of 3)" in page and "left)" not in page
