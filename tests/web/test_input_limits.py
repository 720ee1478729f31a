"""Every way in has the same limits: names, nesting, imports and backups."""
from __future__ import annotations

import stat

from companion import backup


def create(client, players):
    return client.post("/api/tables", json={"game": "gangs", "players": players})


def test_invisible_and_look_alike_names_are_refused_with_a_sentence(client):
    for players, words in ((["Ann", "\u200b"], "visible character"), (["Ann", "Ann\u200b"], "same name"),
                           (["Ann", "ANN"], "same name"), (["Ann", "x" * 41], "40 characters")):
        resp = create(client, players)
        assert resp.status_code == 422 and words in resp.json["error"], players
    form = client.post("/tables", data={"game": "gangs", "players": ["Ann", "Ann\u200d"]})
    assert form.status_code == 422 and "same name" in form.text


def test_names_are_stored_canonical_without_control_or_reordering_characters(client):
    resp = create(client, ["Ze\u0301 \u202eevil", "Bo\tb\x07"])
    assert resp.status_code == 201
    names = [p["name"] for p in resp.json["state"]["players"]]
    assert names == ["Z\u00e9 evil", "Bo b"]


def test_a_deeply_nested_body_is_refused_not_a_crash(client, api):
    table = api.create()
    for body in ("[" * 30000 + "]" * 30000, '{"type":"give","card":' + "[" * 200 + "]" * 200 + "}"):
        resp = client.post(f"/api/tables/{table['id']}/actions", data=body, content_type="application/json",
                           headers={"Authorization": f"Bearer {table['token']}"})
        assert resp.status_code == 422 and resp.json["error"]
    assert api.get(table)["version"] == 0


def test_an_import_beyond_what_a_game_can_reach_is_refused_and_leaves_nothing(client, app):
    store = app.extensions["companion.store"]
    huge = {"game": "gangs", "players": ["Ann", "Bob"], "actions": [{"action": {"type": "give"}}] * 2001}
    resp = client.post("/api/tables/import", json=huge)
    assert resp.status_code == 422 and "at most 2000 actions" in resp.json["error"]
    bad = {"game": "gangs", "players": ["Ann", "Bob"], "actions": [{"action": {"type": "nap"}}]}
    assert client.post("/api/tables/import", json=bad).status_code == 422
    for schema in ("2", [], None, 1.5, True):
        resp = client.post("/api/tables/import", json={**bad, "actions": [], "schema": schema})
        assert resp.status_code == 422 and "schema" in resp.json["error"], schema
    assert store.table_count() == 0  # nothing refused was stored or listed
    assert client.post("/api/tables/import", json={**bad, "actions": []}).status_code == 201
    assert store.table_count() == 1


def test_a_backup_is_readable_by_its_owner_only(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    (data / "secret_key").write_text("k")
    out = tmp_path / "night.tar.gz"
    out.write_bytes(b"old")
    out.chmod(0o644)
    backup.backup(data, out)
    assert stat.S_IMODE(out.stat().st_mode) == 0o600
