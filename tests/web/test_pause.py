"""A table's pause (api.md, "Groups, statistics and rewind"): a break or a meal is no play time;
the BG Stats link's durationMin counts play time only."""
from __future__ import annotations

from datetime import datetime, timedelta

from companion.games import get_game
from companion.tables import play_log
from companion.tables.pause import paused_seconds
from companion.tables.table import Table
from tests.redis_server import redis_prefix, redis_server, redis_url  # noqa: F401 (fixtures)

from .test_groups import any_app  # noqa: F401 (a fixture: the app on each store)
from .test_play_log import PLAYERS, imported, played


def auth(token):
    return {"Authorization": f"Bearer {token}"}


def test_a_play_phone_pauses_and_plays_on(api, client):
    table = api.create("gangs")
    url = f"/api/tables/{table['id']}/pause"
    reply = client.post(url, json={"paused": True}, headers=auth(table["token"]))
    assert reply.status_code == 200 and reply.json["paused"] is True and reply.json["version"] == 0
    assert client.post(url, json={"paused": True}, headers=auth(table["token"])).json["paused"] is True  # already
    page = client.get(f"/t/{table['id']}/watch").get_data(as_text=True)
    assert "Paused." in page
    assert client.post(url, json={"paused": False}, headers=auth(table["token"])).json["paused"] is False
    assert "Paused." not in client.get(f"/t/{table['id']}/watch").get_data(as_text=True)


def test_a_pause_needs_play_rights_and_a_yes_or_no(api, client):
    table = api.create("gangs")
    url = f"/api/tables/{table['id']}/pause"
    assert client.post(url, json={"paused": True}).status_code == 401
    bad = client.post(url, json={"paused": "yes"}, headers=auth(table["token"]))
    assert bad.status_code == 422 and "true" in bad.json["error"]
    assert client.post(url, json={"paused": True, "why": "tea"}, headers=auth(table["token"])).status_code == 422


def record_of(entries: list[dict], paused: list[dict]) -> dict:
    game = get_game("gangs")
    return {"id": "x", "game": "gangs", "players": PLAYERS, "options": game.validate_options({}, 3), "seed": 1,
            "created": entries[0]["at"], "actions": entries, "version": len(entries), "paused": paused}


def stamp(start: str, minutes: float) -> str:
    return (datetime.fromisoformat(start) + timedelta(minutes=minutes)).isoformat(timespec="milliseconds")


def test_paused_time_is_left_out_of_the_play_time():
    game = get_game("gangs")
    entries, state = played(game, 1)  # one action a minute
    start = entries[0]["at"]
    whole = len(entries) - 1
    # A 30-minute meal between the second and third moves (nothing entered during it: the log's
    # minutes are spread out to make room for it).
    entries = [{**e, "at": stamp(start, k + (30 if k >= 2 else 0))} for k, e in enumerate(entries)]
    meal = [{"from": stamp(start, 1.5), "to": stamp(start, 31.5)}]
    found = play_log.play(Table(record_of(entries, meal), state))
    assert found["durationMin"] == whole


def test_a_move_entered_during_a_pause_ends_it_there():
    game = get_game("gangs")
    entries, state = played(game, 1)
    start = entries[0]["at"]
    # Paused after the first move and never resumed: the second move, a minute on, ended the break.
    record = record_of(entries, [{"from": stamp(start, 0.5), "to": None}])
    end = datetime.fromisoformat(entries[-1]["at"])
    assert paused_seconds(record, end) == 30
    assert play_log.play(Table(record, state))["durationMin"] == round(len(entries) - 1 - 0.5)


def test_a_finished_game_cannot_be_paused(client):
    table, _, _ = imported(client, "gangs", 3)
    reply = client.post(f"/api/tables/{table['id']}/pause", json={"paused": True}, headers=auth(table["token"]))
    assert reply.status_code == 422 and "over" in reply.json["error"]


def test_a_move_entered_while_paused_plays_on(api, client):
    table = api.create("gangs")
    url = f"/api/tables/{table['id']}/pause"
    client.post(url, json={"paused": True}, headers=auth(table["token"]))
    api.act(table, {"type": "give", "to": 0, "card": {"value": 3, "kind": "plain"}})
    assert "Paused." not in client.get(f"/t/{table['id']}/watch").get_data(as_text=True)
    again = client.post(url, json={"paused": True}, headers=auth(table["token"]))
    assert again.json["paused"] is True
    record = client.application.extensions["companion.tables"].get(table["id"]).record
    # The first break ended at the move; the second lasts.
    assert [p["to"] for p in record["paused"]] == [record["actions"][0]["at"], None]


def test_a_pause_is_kept_on_both_stores(any_app):
    client = any_app.test_client()
    table = client.post("/api/tables", json={"game": "gangs", "players": ["Ann", "Bob"]}).json
    assert client.post(f"/api/tables/{table['id']}/pause", json={"paused": True}, headers=auth(table["token"])).status_code == 200
    stored = any_app.extensions["companion.store"].load_table(table["id"])
    assert stored["paused"][0]["to"] is None and stored["version"] == 0
