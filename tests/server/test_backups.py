"""Backups: one table exported and imported, the whole data folder backed up and restored
(older data folders: test_migrate.py)."""
from __future__ import annotations

import json

from companion import create_app
from companion.cli import main
from companion.store.schema import SCHEMA

from ..engine_checks import DATA


def auth(token):
    return {"Authorization": f"Bearer {token}"}


def test_export_and_import_one_table(client, api):
    rec = json.loads((DATA / "kyotoan_game_five_with_bay.json").read_text())
    table = api.create("kyotoan", rec["players"], options=rec["options"], seed=rec["seed"])
    for action in rec["actions"]:
        api.act(table, action)
    assert client.get(f"/api/tables/{table['id']}/export").status_code == 401
    exported = client.get(f"/api/tables/{table['id']}/export", headers=auth(table["token"])).json
    assert exported["schema"] == SCHEMA and len(exported["actions"]) == len(rec["actions"])
    copy = client.post("/api/tables/import", json=exported)
    assert copy.status_code == 201
    assert copy.json["id"] != table["id"] and copy.json["version"] == exported["version"]
    assert copy.json["state"] == api.get(table, table["token"])["state"]
    tampered = {**exported, "actions": exported["actions"] + [{"action": {"type": "fly"}}]}
    bad = client.post("/api/tables/import", json=tampered)
    assert bad.status_code == 422 and f"Action {len(exported['actions']) + 1} of the import is refused" in bad.json["error"]


def test_backup_and_restore_the_data_folder(tmp_path, capsys):
    data = tmp_path / "data"
    app = create_app({"DATA_DIR": str(data), "ACTION_LIMIT": 0})
    client = app.test_client()
    table = client.post("/api/tables", json={"game": "gangs", "players": ["A", "B"], "options": {"first_player": 0}}).json
    client.post(f"/api/tables/{table['id']}/actions", json={"type": "give", "to": 1, "card": {"value": 2}}, headers=auth(table["token"]))
    archive = tmp_path / "night.tar.gz"
    assert main(["backup", "--data", str(data), "--out", str(archive)]) == 0
    restored = tmp_path / "restored"
    assert main(["restore", str(archive), "--data", str(restored)]) == 0
    assert main(["restore", str(archive), "--data", str(restored)]) == 1  # not into a non-empty folder
    assert "not empty" in capsys.readouterr().err
    again = create_app({"DATA_DIR": str(restored)}).test_client()
    state = again.get(f"/api/tables/{table['id']}").json
    assert state["version"] == 1 and state["state"]["players"][1]["row"][0]["value"] == 2


def test_export_and_import_an_event(client):
    event = client.post("/api/events", json={"name": "Night", "games": ["gangs"], "rounds": 2}).json
    h = auth(event["token"])
    client.post(f"/api/events/{event['id']}/players", json={"names": ["A", "B", "C", "D"]}, headers=h)
    rnd = client.post(f"/api/events/{event['id']}/rounds", json={"game": "gangs"}, headers=h).json
    for t in rnd["tables"]:
        client.post(f"/api/events/{event['id']}/results", json={"table_id": t["table_id"], "placings": t["players"]}, headers=h)
    exported = client.get(f"/api/events/{event['id']}/export.json").json
    copy = client.post("/api/events/import", json=exported)
    assert copy.status_code == 201 and copy.json["id"] != event["id"] and copy.json["token"] != event["token"]
    assert client.get(f"/api/events/{copy.json['id']}/standings").json == client.get(f"/api/events/{event['id']}/standings").json
    assert client.post("/api/events/import", json={"name": "x", "rounds": [], "players": [{"nom": 1}]}).status_code == 422


def wings_log():
    """A game where Ann (Wings, 6ϟ) is smashed in Kyoto City: rules 2 ask her about Wings."""
    energy, numbers = ["energy"] * 6, ["1", "2", "3", "1", "2", "3"]
    return [
        {"type": "market", "cards": ["wings", "heal", "tank"]},
        {"type": "roll", "faces": energy}, {"type": "resolve"}, {"type": "end_turn"},
        {"type": "roll", "faces": numbers}, {"type": "resolve"}, {"type": "end_turn"},
        {"type": "roll", "faces": energy}, {"type": "resolve"}, {"type": "buy", "card": "wings"},
        {"type": "market", "cards": ["heal", "tank", "energize"]}, {"type": "end_turn"},
        {"type": "roll", "faces": ["smash"] * 3 + ["1", "2", "3"]}, {"type": "resolve"},
        {"type": "yield", "player": 0, "yield": False},
    ]
