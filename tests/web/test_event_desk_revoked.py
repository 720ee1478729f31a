"""What a desk was handed dies with the desk: a revoked desk's round tokens
no longer take a seat, undo, redo, act or read a table's whole backup, while the players' phones,
the organiser's tokens and other live desks' tokens keep working. Through the JSON API (one
process, and two processes on one Redis). Desks made by a revoked desk: test_event_desk_handover.py."""
from __future__ import annotations

from companion.store import StoreError
from tests.redis_server import redis_prefix, redis_server, redis_url  # noqa: F401 (fixtures)
from tests.server.test_redis_store import apps  # noqa: F401 (fixture: two apps on one Redis)
from tests.web.test_event_desk_handover import api_night as night
from tests.web.test_event_desk_handover import hand_over
from tests.web.test_events import auth

BELL = {"value": 0, "kind": "bell_card", "bells": 2}


def seat_round(client, eid, token) -> dict:
    """The round the desk of `token` seats: its one table as the reply gives it."""
    reply = client.post(f"/api/events/{eid}/rounds", json={"game": "gangs"}, headers=auth(token))
    assert reply.status_code == 201, reply.json
    return reply.json["tables"][0]


def finish_by_hand(client, eid, token, table) -> None:
    """The desk enters the table's result, so that the next round can start."""
    assert client.post(f"/api/events/{eid}/results", json={"table_id": table["table_id"], "placings": table["players"]},
                       headers=auth(token)).status_code == 200


def play_token(app, table_id) -> str:
    """The play token the desk page's "Play at table" link carries (the players' way in)."""
    return app.extensions["companion.tables"].get(table_id).record["play_token"]


def first_give(client, table_id, token, card=None) -> dict:
    """The give the table owes now, from the player whose turn it is."""
    state = client.get(f"/api/tables/{table_id}", headers=auth(token)).json["state"]
    return {"type": "give", "to": state["pending"][0]["to"][0], "card": card or {"value": 1, "kind": "plain"}}


def current_seat(client, table_id) -> int:
    return client.get(f"/api/tables/{table_id}").json["state"]["current"]


def claims(client, table_id, token, seat) -> int:
    return client.post(f"/api/tables/{table_id}/seats", json={"seat": seat}, headers=auth(token)).status_code


def whole_export(client, table_id, token):
    """The table's export with this token: (status, whether it is the whole, unredacted one)."""
    reply = client.get(f"/api/tables/{table_id}/export", headers=auth(token))
    return reply.status_code, reply.status_code == 200 and not reply.json.get("redacted")


def refuses_the_host_rights_of(client, table_id, token) -> None:
    """`token` takes no seat (not even a held one), undoes, redoes, acts and reads no backup."""
    tid = table_id
    assert claims(client, tid, token, current_seat(client, tid)) == 401
    assert claims(client, tid, token, 3) == 401
    for what in ("undo", "redo"):
        assert client.post(f"/api/tables/{tid}/{what}", json={}, headers=auth(token)).status_code == 401, what
    move = first_give(client, tid, play_token(client.application, tid))
    assert client.post(f"/api/tables/{tid}/actions", json=move, headers=auth(token)).status_code == 401
    assert whole_export(client, tid, token) == (401, False)
    seen = client.get(f"/api/tables/{tid}", headers=auth(token)).json
    assert seen["offers"] == [] and all(p["bells"] is None for p in seen["state"]["players"])


def test_a_revoked_desks_round_tokens_can_no_longer_take_a_seat_undo_act_or_read_the_backup(client, app):
    eid, organiser = night(client)
    other = hand_over(client, eid, organiser, "Bar")
    revoked = hand_over(client, eid, organiser, "Door")
    first = seat_round(client, eid, organiser)  # round 1 by the organiser, round 2 by a live desk
    finish_by_hand(client, eid, organiser, first)
    second = seat_round(client, eid, other["token"])
    finish_by_hand(client, eid, other["token"], second)
    third = seat_round(client, eid, revoked["token"])  # round 3 by the desk about to be revoked
    tid, handed = third["table_id"], third["token"]

    # Before: the desk's token is the host's (a bell card given face down, undone and redone, the whole backup).
    assert client.post(f"/api/tables/{tid}/actions", json=first_give(client, tid, handed, BELL), headers=auth(handed)).status_code == 200
    assert client.post(f"/api/tables/{tid}/undo", json={}, headers=auth(handed)).status_code == 200
    assert client.post(f"/api/tables/{tid}/redo", json={}, headers=auth(handed)).status_code == 200
    assert whole_export(client, tid, handed) == (200, True)
    play = play_token(app, tid)
    seat = current_seat(client, tid)
    phone = client.post(f"/api/tables/{tid}/seats", json={"seat": seat}, headers=auth(play)).json["token"]

    assert client.post(f"/api/events/{eid}/desks/{revoked['id']}/revoke", headers=auth(organiser)).status_code == 200
    refuses_the_host_rights_of(client, tid, handed)
    assert claims(client, tid, phone, seat) == 200, "the player's phone keeps its seat"

    # The players' phones play on: the seat's token acts, undoes and redoes; the play link takes a free seat.
    assert client.post(f"/api/tables/{tid}/actions", json=first_give(client, tid, phone), headers=auth(phone)).status_code == 200
    assert client.post(f"/api/tables/{tid}/undo", json={}, headers=auth(phone)).status_code == 200
    assert client.post(f"/api/tables/{tid}/redo", json={}, headers=auth(phone)).status_code == 200
    free = next(i for i in range(4) if i != seat)
    assert claims(client, tid, play, free) == 200

    # The organiser's and the live desk's tokens keep their host rights at the tables they seated.
    for table in (first, second):
        held = client.post(f"/api/tables/{table['table_id']}/seats", json={"seat": 0}, headers=auth(play_token(app, table["table_id"])))
        assert held.status_code == 200
        assert claims(client, table["table_id"], table["token"], 0) == 200, "the host takes a held seat"
        assert whole_export(client, table["table_id"], table["token"]) == (200, True)

    # The organiser's desk page still opens the table for its players.
    desk = app.test_client()
    with desk.session_transaction() as sess:
        sess["events"] = {eid: organiser}
    page = desk.get(f"/e/{eid}/admin").get_data(as_text=True)
    assert f"/t/{tid}/play/{play}" in page
    assert client.get(f"/api/events/{eid}/export.json", headers=auth(organiser)).json["tables"][tid]["actions"]
    assert handed != app.extensions["companion.tables"].get(tid).record["host_token"], "a desk is never handed the table's own host token"


def test_a_revoked_desks_tokens_stop_working_in_every_process_on_one_redis(apps):
    one, two = (app.test_client() for app in apps())
    eid, organiser = night(one, rounds=1)
    door = hand_over(one, eid, organiser, "Door")
    table = seat_round(one, eid, door["token"])
    tid, handed = table["table_id"], table["token"]
    assert two.post(f"/api/tables/{tid}/actions", json=first_give(two, tid, handed, BELL), headers=auth(handed)).status_code == 200
    assert whole_export(two, tid, handed) == (200, True)  # the second process holds the table now

    assert one.post(f"/api/events/{eid}/desks/{door['id']}/revoke", headers=auth(organiser)).status_code == 200
    refuses_the_host_rights_of(two, tid, handed)
    play = play_token(one.application, tid)
    assert two.post(f"/api/tables/{tid}/actions", json=first_give(two, tid, play), headers=auth(play)).status_code == 200


def test_a_revocation_a_table_could_not_take_says_so_and_revoking_again_finishes_it(client, app, monkeypatch):
    eid, organiser = night(client)
    desk = hand_over(client, eid, organiser, "Door")
    tid, handed = (table := seat_round(client, eid, desk["token"]))["table_id"], table["token"]
    service = app.extensions["companion.tables"]
    real = service.revoke_hosts

    def store_away(*args, **kwargs):
        raise StoreError("The server could not save the table: the disk is full.")
    monkeypatch.setattr(service, "revoke_hosts", store_away)
    first = client.post(f"/api/events/{eid}/desks/{desk['id']}/revoke", headers=auth(organiser))
    assert first.status_code == 503 and "revoke it again" in first.json["error"]
    assert client.post(f"/api/events/{eid}/players", json={"names": ["Zed"]}, headers=auth(desk["token"])).status_code == 401
    monkeypatch.setattr(service, "revoke_hosts", real)
    again = client.post(f"/api/events/{eid}/desks/{desk['id']}/revoke", headers=auth(organiser))
    assert again.status_code == 200
    refuses_the_host_rights_of(client, tid, handed)
