"""The night's final (api.md, v4: POST /api/events/<id>/final): one table of the top n by the
standings, seated by standing (seat 0 is the leader), within the game's player limits; it may
follow the night's planned rounds (or be planned with the night: test_event_final_planned.py),
and the night ends with it. Bad input gets a sentence and changes nothing; the desk seats it
from a form; the big screen and paper call it the final."""
from __future__ import annotations

import pytest

from tests.web.test_event_desk_forms import HX, region, words
from tests.web.test_events import auth

NAMES = ["Aiko", "Botan", "Chika", "Daichi", "Emi", "Fumi", "Goro", "Hana"]


def night(client, rounds=1):
    """A night of Gangs of Kyoto and Kyoto no Neko, eight players, round 1 played on paper with
    known placings: the standings then read Aiko, Emi, Botan, Fumi, … (event id, auth headers)."""
    event = client.post("/api/events", json={"name": "Friday", "games": ["gangs", "neko"], "rounds": rounds}).json
    eid, h = event["id"], auth(event["token"])
    client.post(f"/api/events/{eid}/players", json={"names": NAMES}, headers=h)
    played(client, eid, h)
    return eid, h


def played(client, eid, h):
    """Seat a round and enter its tables' results: at each table, the players in name order."""
    tables = client.post(f"/api/events/{eid}/rounds", json={"game": "gangs"}, headers=h).json["tables"]
    for t in tables:
        order = sorted(t["players"])
        assert client.post(f"/api/events/{eid}/results", json={"table_id": t["table_id"], "placings": order}, headers=h).status_code == 200


def final(client, eid, h, body, status=201):
    reply = client.post(f"/api/events/{eid}/final", json=body, headers=h)
    assert reply.status_code == status, reply.json
    return reply.json


def test_the_final_seats_the_top_n_by_standing_after_the_planned_rounds(client, app):
    eid, h = night(client, rounds=1)
    standings = [r["name"] for r in client.get(f"/api/events/{eid}/standings").json]
    # Planned without a final, the night ended with its round; a final may still follow it (a night
    # planned with one stays open until the final's result: tests/web/test_event_final_planned.py).
    assert "Final standings" in client.get(f"/e/{eid}").get_data(as_text=True), "the planned round was the last"
    reply = final(client, eid, h, {"top": 4, "game": "neko"})
    assert reply["round"] == 2 and reply["final"] is True and len(reply["tables"]) == 1
    table = reply["tables"][0]
    assert table["game"] == "neko" and table["players"] == standings[:4] and table["token"]
    seats = app.extensions["companion.tables"].get(table["table_id"]).record["players"]
    assert seats == standings[:4], "seat 0 is the leader, seat 1 the second, …"
    event = client.get(f"/api/events/{eid}", headers=h).json
    assert event["rounds"][-1]["final"] is True and event["history"][-1]["text"] == f"seated the final: Kyoto no Neko for {', '.join(standings[:3])} and {standings[3]}"
    # The night is not over while the final plays: its clock runs; once it has a result, it is.
    assert client.post(f"/api/events/{eid}/clock", json={"minutes": 30}, headers=h).status_code == 200
    assert "Final standings" not in client.get(f"/e/{eid}").get_data(as_text=True)
    refused = client.post(f"/api/events/{eid}/rounds", json={"game": "gangs"}, headers=h)
    assert refused.status_code == 422 and refused.json["error"] == "The final is playing: the night ends when it finishes."
    client.post(f"/api/events/{eid}/results", json={"table_id": table["table_id"], "placings": table["players"]}, headers=h)
    assert "Final standings" in client.get(f"/e/{eid}").get_data(as_text=True)
    again = client.post(f"/api/events/{eid}/final", json={"top": 2, "game": "gangs"}, headers=h)
    assert again.status_code == 422 and again.json["error"] == "The night's final has been seated already: the night ends with it."


def test_a_checked_out_player_is_passed_over_and_the_next_moves_up(client):
    eid, h = night(client, rounds=2)
    standings = [r["name"] for r in client.get(f"/api/events/{eid}/standings").json]
    gone = standings[4:] + [standings[1]]
    client.post(f"/api/events/{eid}/checkin", json={"names": gone, "present": False}, headers=h)
    refused = final(client, eid, h, {"top": 4, "game": "gangs"}, status=422)
    assert refused["error"] == "Only 3 players are checked in: a final of 4 cannot be seated."
    client.post(f"/api/events/{eid}/checkin", json={"names": standings[4:], "present": True}, headers=h)
    table = final(client, eid, h, {"top": 3, "game": "gangs"})["tables"][0]
    assert table["players"] == [standings[0], standings[2], standings[3]]


@pytest.mark.parametrize(("body", "sentence"), [
    ({"top": 6, "game": "neko"}, "Kyoto no Neko is for 2 to 4 players: a final of 6 cannot play it. Choose another number or another game."),
    ({"top": 1, "game": "gangs"}, "Gangs of Kyoto is for 2 to 5 players: a final of 1 cannot play it. Choose another number or another game."),
    ({"top": "4", "game": "gangs"}, "'top' is how many players the final seats: a whole number from 2 to 5 for Gangs of Kyoto."),
    ({"top": "²", "game": "gangs"}, "'top' is how many players the final seats: a whole number from 2 to 5 for Gangs of Kyoto."),
    ({"top": 4.0, "game": "gangs"}, "'top' is how many players the final seats: a whole number from 2 to 5 for Gangs of Kyoto."),
    ({"top": True, "game": "gangs"}, "'top' is how many players the final seats: a whole number from 2 to 5 for Gangs of Kyoto."),
    ({"top": -4, "game": "gangs"}, "Gangs of Kyoto is for 2 to 5 players: a final of -4 cannot play it. Choose another number or another game."),
    ({"top": 10 ** 30, "game": "gangs"}, "Gangs of Kyoto is for 2 to 5 players"),
    ({"top": 4, "game": "bosskito"}, "This night plays Gangs of Kyoto and Kyoto no Neko, not Boss Kito."),
    ({"top": 4}, "The field 'game' is required."),
    ({"top": 4, "game": "gangs", "round": 3}, "Unknown field 'round'; this call takes: game, top."),
])
def test_a_bad_final_gets_a_sentence_and_changes_nothing(client, app, body, sentence):
    eid, h = night(client)
    before = app.extensions["companion.events"].get(eid)
    refused = final(client, eid, h, body, status=422)
    assert refused["error"].startswith(sentence)
    assert app.extensions["companion.events"].get(eid) == before


def test_no_final_before_a_round_or_while_tables_play_nor_for_a_stranger(client, app):
    event = client.post("/api/events", json={"name": "Friday", "games": ["gangs"], "rounds": 2}).json
    eid, h = event["id"], auth(event["token"])
    client.post(f"/api/events/{eid}/players", json={"names": NAMES}, headers=h)
    early = final(client, eid, h, {"top": 4, "game": "gangs"}, status=422)
    assert early["error"] == "No round has been played yet: a final seats the best of the standings, so play a round first."
    tables = client.post(f"/api/events/{eid}/rounds", json={"game": "gangs"}, headers=h).json["tables"]
    client.post(f"/api/events/{eid}/results", json={"table_id": tables[0]["table_id"], "placings": tables[0]["players"]}, headers=h)
    playing = final(client, eid, h, {"top": 4, "game": "gangs"}, status=422)
    assert playing["error"] == ("Round 1 still has 1 table without a result (2): the final is seated from the standings once "
                                "every table has one.")
    assert client.post(f"/api/events/{eid}/final", json={"top": 4, "game": "gangs"}).status_code == 401
    assert len(app.extensions["companion.events"].get(eid)["rounds"]) == 1


def test_the_desk_seats_the_final_from_its_form_and_every_page_calls_it_the_final(client):
    made = client.post("/events", data={"name": "Friday", "games": ["gangs", "neko"], "rounds": "1"})
    eid = made.headers["Location"].split("/e/")[1].split("/")[0]
    client.post(f"/e/{eid}/admin/players", data={"names": "\n".join(NAMES)})
    with client.session_transaction() as sess:
        h = auth(sess["events"][eid])
    played(client, eid, h)
    start = words(region(client.get(f"/e/{eid}/admin").get_data(as_text=True), "event-start"))
    assert "A final table The top players by the standings at one table, seated by standing (the leader in seat 1)." in start
    assert "Seat the final" in start
    for top, sentence in (("²", "'top' is how many players the final seats"), ("", "'top' is how many players the final seats"),
                          ("9", "Kyoto no Neko is for 2 to 4 players: a final of 9 cannot play it.")):
        refused = client.post(f"/e/{eid}/admin/final", data={"top": top, "game": "neko"}, headers=HX)
        assert refused.status_code == 422 and sentence in words(region(refused.get_data(as_text=True), "flash")), top
    seated = client.post(f"/e/{eid}/admin/final", data={"top": " 4 ", "game": "neko"}, headers=HX)
    assert seated.status_code == 200
    standings = [r["name"] for r in client.get(f"/api/events/{eid}/standings").json]
    shown = words(region(seated.get_data(as_text=True), "event-round"))
    assert shown.startswith("The final · Kyoto no Neko Playing for Table 1 Kyoto no Neko not started")
    assert " ".join(f"seat {k} {name}" for k, name in enumerate(standings[:4], start=1)) in shown
    assert "The final · Kyoto no Neko" in words(client.get(f"/e/{eid}/screen").get_data(as_text=True))
    paper = words(client.get(f"/e/{eid}/print").get_data(as_text=True))
    assert "The final · where to sit, by table" in paper and "Friday · The final · Table 1 · Kyoto no Neko" in paper
    assert "Seat the final" not in words(region(client.get(f"/e/{eid}/admin").get_data(as_text=True), "event-start"))


def test_a_night_with_its_final_exports_and_imports_whole(client):
    eid, h = night(client, rounds=1)
    table = final(client, eid, h, {"top": 3, "game": "gangs"})["tables"][0]
    client.post(f"/api/events/{eid}/results", json={"table_id": table["table_id"], "placings": table["players"]}, headers=h)
    export = client.get(f"/api/events/{eid}/export.json", headers=h).json
    made = client.post("/api/events/import", json=export)
    assert made.status_code == 201, made.json
    copy = client.get(f"/api/events/{made.json['id']}", headers=auth(made.json["token"])).json
    assert [r.get("final", False) for r in copy["rounds"]] == [False, True]
    assert copy["rounds"][-1]["tables"][0]["players"] == table["players"]
    assert client.get(f"/api/events/{made.json['id']}/standings").json == client.get(f"/api/events/{eid}/standings").json
    # A "final" anywhere but the last round, or not true, is no export of this app.
    for rounds in ([{**export["rounds"][0], "final": True}, export["rounds"][1]], [export["rounds"][0], {**export["rounds"][1], "final": 1}]):
        refused = client.post("/api/events/import", json={**export, "rounds": rounds})
        assert refused.status_code == 422, rounds


def test_the_finals_result_decides_the_top_of_the_standings_and_the_podium(client):
    eid, h = night(client, rounds=1)
    before = [r["name"] for r in client.get(f"/api/events/{eid}/standings").json]
    table = final(client, eid, h, {"top": 4, "game": "gangs"})["tables"][0]
    order = [table["players"][3], [table["players"][2], table["players"][0]], table["players"][1]]  # the 4th seed wins, a tie for 2nd
    client.post(f"/api/events/{eid}/results", json={"table_id": table["table_id"], "placings": order}, headers=h)
    rows = client.get(f"/api/events/{eid}/standings").json
    assert [(r["rank"], r["name"], r.get("final")) for r in rows[:4]] == [
        (1, before[3], 1), (2, before[0], 2), (2, before[2], 2), (4, before[1], 4)], "final places; the standings' order within a tie"
    assert sorted(r["name"] for r in rows[4:]) == sorted(before[4:]) and rows[4]["rank"] == 5
    assert all("final" not in r and r["rank"] >= 5 for r in rows[4:])
    podium = words(region(client.get(f"/e/{eid}").get_data(as_text=True), "event-podium"))
    assert podium.startswith(f"Final standings 1st {before[3]}") and "won the final" in podium
    assert f"2nd {before[0]} = {before[2]}" in podium and "2nd at the final" in podium
    assert "The final decides the top: its players come first, in their places at the final table." in words(
        client.get(f"/e/{eid}/screen").get_data(as_text=True))
