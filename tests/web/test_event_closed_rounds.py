"""Once a tournament night seats its next round from the standings, the tables of earlier rounds
are closed: an undo (or any move) there is refused with a sentence and changes nothing, so a
phone holding an old play link cannot silently change the standings the new round was seated
from. Until then a finished table's last move can still be undone (a mistake at the table), and
after it the organiser corrects a result at the desk, where it is recorded."""
from __future__ import annotations

from tests.web.test_event_rounds import night
from tests.web.test_events import auth, play_gangs_to_a_win

CLOSED = ("Round 1 of Mixed is closed: the next round was seated from its results, so moves here no longer change "
          "them. The organiser corrects a result at the desk.")


def points(client, eid):
    return {r["name"]: r["points"] for r in client.get(f"/api/events/{eid}/standings").json}


def test_a_finished_table_can_be_undone_until_the_next_round_is_seated_then_never(client, app):
    eid, h, names = night(client, n=4, games=("gangs",), rounds=2)
    table = client.post(f"/api/events/{eid}/rounds", json={"game": "gangs"}, headers=h).json["tables"][0]
    tid, th = table["table_id"], auth(table["token"])
    winner = play_gangs_to_a_win(client, table)
    assert points(client, eid)[winner] == 3

    # The round is still open: a mistake at the table is undone there, and redone.
    assert client.post(f"/api/tables/{tid}/undo", json={}, headers=th).status_code == 200
    assert sum(points(client, eid).values()) == 0, "the table plays again: no result"
    assert client.post(f"/api/tables/{tid}/redo", json={}, headers=th).status_code == 200
    after_round_1 = points(client, eid)
    assert after_round_1[winner] == 3

    assert client.post(f"/api/events/{eid}/rounds", json={"game": "gangs"}, headers=h).status_code == 201
    before = client.get(f"/api/tables/{tid}", headers=th).json
    assert before["offers"] == []
    for path in ("undo", "redo", "actions"):
        body = {"type": "give", "to": 0, "card": {"value": 0, "kind": "plain"}} if path == "actions" else {}
        reply = client.post(f"/api/tables/{tid}/{path}", json=body, headers=th)
        assert (reply.status_code, reply.json) == (422, {"error": CLOSED}), path
    assert client.get(f"/api/tables/{tid}", headers=th).json == before
    assert points(client, eid) == after_round_1

    # The table's own page says so where its controls were, and offers no Undo.
    play = app.extensions["companion.tables"].get(tid).record["play_token"]
    page = client.get(f"/t/{tid}/play/{play}", follow_redirects=True).get_data(as_text=True)
    assert CLOSED in page and "↶ Undo" not in page

    # The organiser can still correct the result at the desk (recorded in the night's history).
    others = [n for n in table["players"] if n != winner]
    fixed = client.post(f"/api/events/{eid}/results", json={"table_id": tid, "placings": others + [winner], "correction": True}, headers=h)
    assert fixed.status_code == 200, fixed.json
    assert points(client, eid)[winner] == 0


def test_tables_of_the_round_being_played_stay_open(client):
    eid, h, names = night(client, n=4, games=("gangs",), rounds=2)
    play_gangs_to_a_win(client, client.post(f"/api/events/{eid}/rounds", json={"game": "gangs"}, headers=h).json["tables"][0])
    table = client.post(f"/api/events/{eid}/rounds", json={"game": "gangs"}, headers=h).json["tables"][0]
    state = client.get(f"/api/tables/{table['table_id']}", headers=auth(table["token"])).json
    assert state["offers"], "round 2's table plays"
    move = {"type": "give", "to": state["state"]["pending"][0]["to"][0], "card": {"value": 0, "kind": "plain"}}
    assert client.post(f"/api/tables/{table['table_id']}/actions", json=move, headers=auth(table["token"])).status_code == 200


def test_a_tournament_table_s_rematch_says_it_does_not_count(client, app):
    eid, h, names = night(client, n=4, games=("gangs",), rounds=2)
    table = client.post(f"/api/events/{eid}/rounds", json={"game": "gangs"}, headers=h).json["tables"][0]
    play_gangs_to_a_win(client, table)
    play = app.extensions["companion.tables"].get(table["table_id"]).record["play_token"]
    page = client.get(f"/t/{table['table_id']}/play/{play}", follow_redirects=True).get_data(as_text=True)
    assert "Rematch with the same players" in page and "it does not count for the tournament night" in page
    casual = client.post("/api/tables", json={"game": "gangs", "players": ["Ann", "Bob"], "options": {"first_player": 0}}).json
    assert "does not count" not in client.get(f"/t/{casual['id']}").get_data(as_text=True)


def test_a_table_page_says_when_the_desk_s_result_counts_over_its_game(client):
    eid, h, names = night(client, n=4, games=("gangs",), rounds=2)
    table = client.post(f"/api/events/{eid}/rounds", json={"game": "gangs"}, headers=h).json["tables"][0]
    assert "it counts for the night" not in client.get(f"/t/{table['table_id']}").get_data(as_text=True)
    order = list(reversed(table["players"]))
    client.post(f"/api/events/{eid}/results", json={"table_id": table["table_id"], "placings": order}, headers=h)
    page = " ".join(client.get(f"/t/{table['table_id']}").get_data(as_text=True).split())
    assert "The organiser entered this table's result, and it counts for the night: " in page
    assert f"<b>1st</b> {order[0]}" in page
