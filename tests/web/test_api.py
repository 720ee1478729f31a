"""The JSON API contract (../shared/design/api.md) for tables, with Gangs of Kyoto."""
from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

GIVE = {"type": "give", "to": 1, "card": {"value": 3, "kind": "plain"}}


def auth(token):
    return {"Authorization": f"Bearer {token}"}


def test_games_lists_ids_titles_counts_and_option_defaults(client):
    games = {g["id"]: g for g in client.get("/api/games").json}
    assert games["gangs"] == {
        "id": "gangs",
        "title": "Gangs of Kyoto",
        "min_players": 2,
        "max_players": 5,
        "options": {"first_player": None, "open_vp": False, "whole_deck": False},
    }


def test_create_replies_201_with_the_fixed_fields(client):
    resp = client.post("/api/tables", json={"game": "gangs", "players": ["Ann", "Bob"], "seed": 4})
    assert resp.status_code == 201
    body = resp.json
    assert set(body) == {"id", "game", "version", "join_code", "token", "state", "urls"}
    assert body["version"] == 0 and body["game"] == "gangs"
    assert len(body["join_code"]) == 6 and not set(body["join_code"]) & set("0O1IL")
    assert set(body["urls"]) == {"play", "watch", "qr"}
    state = body["state"]
    for key in ("players", "current", "pending", "over", "winner", "standings", "first_player", "round"):
        assert key in state
    assert {"row", "sum", "limit", "bells", "received", "name"} <= set(state["players"][0])
    # The seed makes the draw of the first player repeatable.
    again = client.post("/api/tables", json={"game": "gangs", "players": ["Ann", "Bob"], "seed": 4}).json
    assert again["state"]["first_player"] == state["first_player"]
    assert again["id"] != body["id"] and again["token"] != body["token"]


def test_create_rejects_bad_setups_with_a_sentence(client):
    cases = [
        ({"game": "chess", "players": ["A", "B"]}, "Unknown game 'chess'"),
        ({"game": "gangs", "players": ["A"]}, "2 to 5 players"),
        ({"game": "gangs", "players": "A,B"}, "list of names"),
        ({"game": "gangs", "players": ["A", "B"], "colour": "red"}, "Unknown field 'colour'"),
        ({"game": "gangs", "players": ["A", "B"], "options": {"open_vp": "yes"}}, "true or false"),
        ({"game": "gangs", "players": ["A", "B"], "seed": "x"}, "'seed' must be"),
        ({"players": ["A", "B"]}, "'game' is required"),
    ]
    for body, words in cases:
        resp = client.post("/api/tables", json=body)
        assert resp.status_code == 422, body
        assert words in resp.json["error"]
    assert client.post("/api/tables", data="not json", content_type="application/json").status_code == 422
    assert client.post("/api/tables", json=[1, 2]).status_code == 422


def test_actions_need_a_token(api, client):
    table = api.create()
    url = f"/api/tables/{table['id']}/actions"
    assert client.post(url, json=GIVE).status_code == 401
    assert client.post(url, json=GIVE, headers=auth("guess")).status_code == 401
    assert client.post(url, json=GIVE, headers={"Authorization": table["token"]}).status_code == 401
    assert api.get(table)["version"] == 0


def test_an_action_replies_with_version_state_and_log(api):
    table = api.create()
    reply = api.act(table, GIVE)
    assert reply["version"] == 1
    assert reply["log"] == ["Ann gives a 3 to Bob."]
    assert reply["state"]["players"][1]["row"] == [{"value": 3, "kind": "plain", "bells": 0}]


def test_a_stale_version_is_409_and_changes_nothing(api, client):
    table = api.create()
    api.act(table, GIVE)
    resp = client.post(
        f"/api/tables/{table['id']}/actions",
        json={**GIVE, "to": 2, "version": 0},
        headers=auth(table["token"]),
    )
    assert resp.status_code == 409
    assert resp.json["version"] == 1 and "changed" in resp.json["error"]
    assert api.get(table)["version"] == 1
    assert api.act(table, {**GIVE, "to": 2, "version": 1})["version"] == 2


def test_an_illegal_action_is_422_and_the_table_is_exactly_as_before(api, client):
    table = api.create()
    api.act(table, GIVE)
    before = api.get(table, table["token"])
    for bad in (
        GIVE,  # Bob already has a card this turn
        {"type": "give", "to": 0, "card": {"value": 7}},
        {"type": "draw", "card": {"value": 1}},
        {"type": "nap"},
        {"to": 0},
        {"type": "give", "to": 0, "card": {"value": 1}, "version": "one"},
    ):
        resp = client.post(f"/api/tables/{table['id']}/actions", json=bad, headers=auth(table["token"]))
        assert resp.status_code == 422, bad
        assert resp.json["error"].endswith(".")
    assert api.get(table, table["token"]) == before
    assert len(client.get(f"/api/tables/{table['id']}/log").json) == 1


def test_undo_and_redo_with_versions_that_only_grow(api, client):
    table = api.create()
    url = f"/api/tables/{table['id']}"
    h = auth(table["token"])
    empty = client.post(url + "/undo", headers=h)
    assert empty.status_code == 422 and "nothing to undo" in empty.json["error"]
    api.act(table, GIVE)
    undone = client.post(url + "/undo", json={"version": 1}, headers=h)
    assert undone.status_code == 200 and undone.json["version"] == 2
    assert undone.json["state"]["players"][1]["row"] == []
    redone = client.post(url + "/redo", headers=h).json
    assert redone["version"] == 3 and redone["state"]["players"][1]["row"][0]["value"] == 3
    assert client.post(url + "/redo", headers=h).status_code == 422
    client.post(url + "/undo", headers=h)
    api.act(table, {**GIVE, "to": 2})  # a new action clears what could be redone
    assert client.post(url + "/redo", headers=h).status_code == 422
    assert api.get(table)["version"] == 5
    assert client.post(url + "/undo", json={"version": 2}, headers=h).status_code == 409
    assert client.post(url + "/undo", json={"versio": 5}, headers=h).status_code == 422
    assert client.post(url + "/undo").status_code == 401


def test_log_lists_every_action_in_words(api, client):
    table = api.create()
    api.act(table, GIVE)
    api.act(table, {"type": "give", "to": 2, "card": {"value": 2, "kind": "draw"}})
    log = client.get(f"/api/tables/{table['id']}/log").json
    assert [e["seq"] for e in log] == [1, 2]
    assert set(log[0]) == {"seq", "action", "log", "at"}
    assert log[1]["log"] == ["Ann gives a 2 Draw to Cy.", "Cy must take the next card from the deck."]


def test_vp_piles_are_hidden_in_the_api_except_from_their_owner(api, client):
    table = api.create()
    api.act(table, {"type": "give", "to": 1, "card": {"value": 0, "kind": "bell_card", "bells": 2}})
    assert [p["bells"] for p in api.get(table)["state"]["players"]] == [None, None, None]
    assert [p["bells"] for p in api.get(table, table["token"])["state"]["players"]] == [None, None, None]
    seat = client.post(f"/api/tables/{table['id']}/seats", json={"seat": 1}, headers=auth(table["token"]))
    assert seat.status_code == 200
    bob = seat.json["token"]
    assert [p["bells"] for p in api.get(table, bob)["state"]["players"]] == [None, 2, None]
    assert api.get(table, bob)["state"]["players"][1]["vp"][0]["bells"] == 2
    # The log does not tell a watcher how many bells the Bell card carried.
    log = client.get(f"/api/tables/{table['id']}/log").json
    assert "bells" not in log[0]["action"]["card"] and "2" not in " ".join(log[0]["log"])
    # A seat token can act too; the reply is redacted for that seat.
    reply = api.act(table, {**GIVE, "to": 2}, token=bob)
    assert [p["bells"] for p in reply["state"]["players"]] == [None, 2, None]
    # Without a play token no seat can be taken.
    assert client.post(f"/api/tables/{table['id']}/seats", json={"seat": 0}).status_code == 401
    assert client.post(f"/api/tables/{table['id']}/seats", json={"seat": 9}, headers=auth(bob)).status_code == 422


def test_unknown_tables_are_404_in_json(client):
    assert client.get("/api/tables/nope").status_code == 404
    resp = client.post("/api/tables/nope/actions", json=GIVE, headers=auth("x"))
    assert resp.status_code == 404 and "no table" in resp.json["error"]
    assert client.get("/api/tables/../../etc/passwd").status_code == 404


def test_a_huge_body_is_refused(client):
    resp = client.post("/api/tables", data=json.dumps({"game": "gangs", "players": ["A" * 100_000, "B"]}), content_type="application/json")
    assert resp.status_code == 413 and "too large" in resp.json["error"]


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 200) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(["type", "to", "card", "value", "kind", "bells", "refuse", "version", "x"]), inner, max_size=5),
    max_leaves=12,
)


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=json_values)
def test_any_json_body_gets_a_clear_4xx_and_never_changes_the_table_wrongly(api, client, body):
    table = api.create(seed=1)
    before = api.get(table, table["token"])
    resp = client.post(f"/api/tables/{table['id']}/actions", json=body, headers=auth(table["token"]))
    assert resp.status_code in (200, 409, 422), resp.status_code
    if resp.status_code != 200:
        assert resp.json["error"]
        assert api.get(table, table["token"]) == before
