"""A table import refuses what no export carries, as docs/api.md says of
every request: an unknown field is a 422 whose sentence names it, and nothing is stored; every
field a real export carries is known, so a host's export still imports whole."""
from __future__ import annotations

import os

import pytest

from tests.web.test_events import auth, play_gangs_to_a_win
from tests.web.test_one_tap_undo import ROLL, kyotoan_table


def host_export(client) -> dict:
    """A real host export of a Last Kyotoan Standing table whose last tap entered two actions (so
    it carries every field an export has, 'joined' too)."""
    tid, h = kyotoan_table(client)
    assert client.post(f"/t/{tid}/act", data=ROLL).status_code == 302
    export = client.get(f"/api/tables/{tid}/export", headers=h).json
    assert [bool(a.get("joined")) for a in export["actions"]] == [False, False, True]
    return export


def stored_tables(app) -> int:
    """How many tables the data folder holds."""
    return len({name.split(".")[0] for name in os.listdir(os.path.join(app.config["DATA_DIR"], "tables"))})


@pytest.mark.parametrize("field", ["bogus", "id", "host_token", "join_code"])
def test_a_table_import_with_a_field_no_export_has_is_refused_with_422_naming_it(app, client, field):
    export = host_export(client)
    assert client.post("/api/tables/import", json=export).status_code == 201  # the export as it is
    before = stored_tables(app)
    refused = client.post("/api/tables/import", json={**export, field: "x"})
    assert refused.status_code == 422 and f"'{field}'" in refused.json["error"], refused.json
    assert stored_tables(app) == before


def test_an_action_of_a_table_import_with_a_field_no_export_has_is_refused_naming_it_and_the_action(app, client):
    export = host_export(client)
    actions = [dict(a) for a in export["actions"]]
    actions[1]["seq"] = 2  # the stored log's own numbering: an export never carries it
    before = stored_tables(app)
    refused = client.post("/api/tables/import", json={**export, "actions": actions})
    assert refused.status_code == 422, refused.json
    assert "'seq'" in refused.json["error"] and "action 2" in refused.json["error"].lower(), refused.json
    assert stored_tables(app) == before


def test_an_event_import_whose_table_export_has_a_field_no_export_has_is_refused_naming_it(client):
    event = client.post("/api/events", json={"name": "Night", "games": ["gangs"], "rounds": 1}).json
    h = auth(event["token"])
    client.post(f"/api/events/{event['id']}/players", json={"names": ["Aiko", "Botan"]}, headers=h)
    table = client.post(f"/api/events/{event['id']}/rounds", json={"game": "gangs"}, headers=h).json["tables"][0]
    play_gangs_to_a_win(client, table)
    whole = client.get(f"/api/events/{event['id']}/export.json", headers=h).json
    assert client.post("/api/events/import", json=whole).status_code == 201  # the export as it is
    whole["tables"][table["table_id"]]["host_token"] = "x"
    refused = client.post("/api/events/import", json=whole)
    assert refused.status_code == 422 and "'host_token'" in refused.json["error"], refused.json
