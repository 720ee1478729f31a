"""A table the desk replaced (seats swapped or its game changed before it started) refuses
actions, undos and redos with a sentence naming the night, and changes nothing; the new table
plays. Through the API, and through a second process on one Redis whose copy of the old table
was cached before the desk replaced it."""
from __future__ import annotations

import pytest

from companion.events.service import EventService
from companion.store.redis_store import RedisStore
from companion.tables import TableReplaced, TableService
from tests.redis_server import redis_prefix, redis_server, redis_url  # noqa: F401 (fixtures)
from tests.web.test_event_rounds import night
from tests.web.test_events import auth

REFUSED = "The organiser replaced this table (seats or game changed): moves here no longer count. Find your table at Mixed."


def first_move(client, table_id, token):
    """The Gangs table's first owed give, as the API takes it."""
    state = client.get(f"/api/tables/{table_id}", headers=auth(token)).json["state"]
    return {"type": "give", "to": state["pending"][0]["to"][0], "card": {"value": 0, "kind": "plain"}}


def refuses_everything(client, table_id, token):
    """Every change at the table is refused with the sentence, and the table stays as it was."""
    before = client.get(f"/api/tables/{table_id}", headers=auth(token)).json
    move = first_move(client, table_id, token)
    for path, body in (("actions", move), ("undo", {}), ("redo", {})):
        reply = client.post(f"/api/tables/{table_id}/{path}", json=body, headers=auth(token))
        assert (reply.status_code, reply.json) == (422, {"error": REFUSED}), path
    assert client.get(f"/api/tables/{table_id}", headers=auth(token)).json == before


def test_tables_replaced_by_a_swap_refuse_moves_and_their_new_tables_play(client):
    eid, h, _ = night(client, n=6, games=("gangs",))
    old = client.post(f"/api/events/{eid}/rounds", json={"game": "gangs"}, headers=h).json["tables"]
    swapped = client.post(f"/api/events/{eid}/swap", json={"a": old[0]["players"][0], "b": old[1]["players"][0]}, headers=h)
    assert swapped.status_code == 200, swapped.json
    for table in old:
        refuses_everything(client, table["table_id"], table["token"])
    page = client.get(f"/t/{old[0]['table_id']}", headers=auth(old[0]["token"]))
    assert page.status_code == 200 and "moves here no longer count" in page.get_data(as_text=True)
    new = swapped.json["round"]["tables"][0]["table_id"]
    host = client.get(f"/api/events/{eid}", headers=h).json  # the round as stored (the reply has no tokens)
    assert new in [t["table_id"] for t in host["rounds"][-1]["tables"]] and new != old[0]["table_id"]


def test_a_table_given_another_game_refuses_moves_with_the_nights_name(client, app):
    eid, h, _ = night(client, n=6, games=("gangs", "neko"))
    old = client.post(f"/api/events/{eid}/rounds", json={"game": "gangs"}, headers=h).json["tables"]
    changed = client.post(f"/api/events/{eid}/table-game", json={"table_id": old[1]["table_id"], "game": "neko"}, headers=h)
    assert changed.status_code == 200, changed.json
    refuses_everything(client, old[1]["table_id"], old[1]["token"])
    # The table left as it was still plays; the new one is a table of the event that plays too.
    assert client.post(f"/api/tables/{old[0]['table_id']}/actions", json=first_move(client, old[0]["table_id"], old[0]["token"]),
                       headers=auth(old[0]["token"])).status_code == 200
    new = app.extensions["companion.tables"].get(changed.json["round"]["tables"][1]["table_id"])
    assert new.record["game"] == "neko" and "replaced" not in new.record


def test_a_process_that_cached_the_old_table_refuses_its_moves_too(redis_url, redis_prefix):
    here, there = (TableService(RedisStore(redis_url, redis_prefix)) for _ in range(2))
    events = EventService(here.store, here)
    record = events.create("Mixed", ["gangs"], 2)
    events.register(record["id"], record["token"], ["Aiko", "Botan", "Chika", "Daisuke", "Emi", "Fumi"])
    old = events.start_round(record["id"], record["token"], "gangs")["tables"]
    cached = there.get(old[0]["table_id"])  # the other process's copy, from before the swap
    events.swap(record["id"], record["token"], old[0]["players"][0], old[1]["players"][0])
    move = {"type": "give", "to": cached.state["pending"][0]["to"][0], "card": {"value": 0, "kind": "plain"}}
    with pytest.raises(TableReplaced, match="Find your table at Mixed"):
        there.act(old[0]["table_id"], old[0]["token"], move)
    assert here.get(old[0]["table_id"]).record["actions"] == []
