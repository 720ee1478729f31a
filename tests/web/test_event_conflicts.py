"""Results never disagree in silence: a table played in the app that also has a
hand-entered result shows both on the desk (and on the big screen the organiser opens) until the
organiser settles it; every result and correction is recorded with who, when, before and after."""
from __future__ import annotations

import csv
import html
import io
import json

from tests.web.test_events import auth, play_gangs_to_a_win

NAMES = ["Akira", "Ines", "Bo", "Cy"]


def night(client):
    """Four players at one table of Gangs of Kyoto: (event id, organiser headers, table)."""
    event = client.post("/api/events", json={"name": "Friday", "games": ["gangs"], "rounds": 2}).json
    h = auth(event["token"])
    client.post(f"/api/events/{event['id']}/players", json={"names": NAMES}, headers=h)
    table = client.post(f"/api/events/{event['id']}/rounds", json={"game": "gangs"}, headers=h).json["tables"][0]
    return event["id"], h, table


def desk(app, eid, token):
    """A phone whose cookie holds the event's organiser token."""
    phone = app.test_client()
    with phone.session_transaction() as sess:
        sess["tokens"] = {eid: token}
    return phone


def future_winner(client, table) -> str:
    """Who `play_gangs_to_a_win` will make win this table: the first player's left neighbour."""
    state = client.get(f"/api/tables/{table['table_id']}", headers=auth(table["token"])).json["state"]
    return table["players"][(state["first_player"] + 1) % len(table["players"])]


def conflicted(client):
    """A table whose result was entered by hand, then played in the app to another winner:
    (event id, organiser headers, table, the entered placings)."""
    eid, h, table = night(client)
    winner = future_winner(client, table)
    hand = [n for n in table["players"] if n != winner] + [winner]
    assert client.post(f"/api/events/{eid}/results", json={"table_id": table["table_id"], "placings": hand}, headers=h).status_code == 200
    assert client.get(f"/api/events/{eid}", headers=h).json["conflicts"] == [], "no conflict while the table plays"
    assert play_gangs_to_a_win(client, table) == winner
    return eid, h, table, hand


def text(reply) -> str:
    return html.unescape(reply.get_data(as_text=True))


def test_a_hand_entered_result_that_the_app_contradicts_is_a_conflict_until_settled(client, app):
    eid, h, table, hand = conflicted(client)
    winner = hand[-1]

    whole = client.get(f"/api/events/{eid}", headers=h).json
    assert set(whole) >= {"id", "name", "games", "rounds", "players", "conflicts"}
    [conflict] = whole["conflicts"]
    assert conflict["table_id"] == table["table_id"] and conflict["played"][winner] == 1 and conflict["entered"][winner] != 1
    assert (conflict["round"], conflict["table"]) == (1, 1)
    rows = {r["name"]: r for r in client.get(f"/api/events/{eid}/standings").json}
    assert rows[winner]["wins"] == 0, "the entered result counts until the organiser chooses"

    organiser = desk(app, eid, h["Authorization"].split()[1])
    page = text(organiser.get(f"/e/{eid}/admin"))
    assert "Results that disagree (1)" in page and "Entered at the desk" in page and "Played in the app" in page
    assert "Results that disagree" in text(organiser.get(f"/e/{eid}/screen")), "the organiser's big screen shows it"
    for url in (f"/e/{eid}/screen", f"/e/{eid}", f"/e/{eid}/regions?mode=admin"):
        assert "Results that disagree" not in text(app.test_client().get(url)), url
    assert app.test_client().get(f"/api/events/{eid}").status_code == 401

    # The organiser takes the app's result (a correction): settled, counted, and in the history.
    settled = client.post(f"/api/events/{eid}/results", json={"table_id": table["table_id"], "placings": sorted(conflict["played"], key=conflict["played"].get), "correction": True}, headers=h)
    assert settled.status_code == 200
    assert {r["name"]: r["wins"] for r in settled.json["standings"]}[winner] == 1
    after = client.get(f"/api/events/{eid}", headers=h).json
    assert after["conflicts"] == []
    last = after["history"][-1]
    assert last["what"] == "settled" and last["who"] == "organiser" and last["at"]
    assert last["before"] == conflict["entered"] and last["after"] == conflict["played"] == last["played"]
    assert "conflict settled" in text(organiser.get(f"/e/{eid}/admin"))


def test_keeping_the_entered_result_settles_the_conflict_for_good(client):
    eid, h, table, hand = conflicted(client)
    assert len(client.get(f"/api/events/{eid}", headers=h).json["conflicts"]) == 1
    kept = client.post(f"/api/events/{eid}/results", json={"table_id": table["table_id"], "placings": hand, "correction": True}, headers=h)
    assert kept.status_code == 200
    whole = client.get(f"/api/events/{eid}", headers=h).json
    assert whole["conflicts"] == [] and whole["history"][-1]["what"] == "settled"
    assert {r["name"]: r["wins"] for r in kept.json["standings"]}[hand[0]] == 1


def test_a_correction_that_agrees_with_the_app_leaves_no_conflict_and_reads_as_the_apps(client):
    eid, h, table = night(client)
    play_gangs_to_a_win(client, table)
    played = client.get(f"/api/events/{eid}/export.json", headers=h).json["results"][0]["played"]
    client.post(f"/api/events/{eid}/results", json={"table_id": table["table_id"], "placings": sorted(played, key=played.get), "correction": True}, headers=h)
    whole = client.get(f"/api/events/{eid}", headers=h).json
    assert whole["conflicts"] == [] and whole["history"][-1]["what"] == "correction"
    assert client.get(f"/api/events/{eid}/export.json", headers=h).json["results"][0]["source"] == "app"


def test_every_result_and_correction_is_recorded_with_who_when_before_and_after(client, app):
    eid, h, table = night(client)
    first, _second = table["players"], list(reversed(table["players"]))
    client.post(f"/api/events/{eid}/results", json={"table_id": table["table_id"], "placings": first}, headers=h)
    client.post(f"/api/events/{eid}/results", json={"table_id": table["table_id"], "placings": [[first[0], first[1]], first[2], first[3]], "correction": True}, headers=h)
    history = client.get(f"/api/events/{eid}", headers=h).json["history"]
    assert [e["what"] for e in history] == ["result", "correction"]
    assert history[0]["before"] is None and history[0]["after"] == {n: k for k, n in enumerate(first, start=1)}
    assert history[1]["before"] == history[0]["after"]
    assert history[1]["after"] == {first[0]: 1, first[1]: 1, first[2]: 3, first[3]: 4}, "a tie"
    assert all(e["who"] == "organiser" and e["at"].endswith("+00:00") for e in history)
    page = text(desk(app, eid, h["Authorization"].split()[1]).get(f"/e/{eid}/admin"))
    assert "corrected:" in page and "1st</b> " + f"{first[0]} = {first[1]}" in page


def test_the_desk_settles_a_conflict_with_a_tap(client, app):
    eid, h, table, hand = conflicted(client)
    organiser = desk(app, eid, h["Authorization"].split()[1])
    conflict = client.get(f"/api/events/{eid}", headers=h).json["conflicts"][0]
    played = conflict["played"]
    data = {"table_id": table["table_id"], "correction": "1", "confirmed": "1", "player": list(played), "place": [str(p) for p in played.values()]}
    assert organiser.post(f"/e/{eid}/admin/result", data=data).status_code in (200, 302)
    assert client.get(f"/api/events/{eid}", headers=h).json["conflicts"] == []


def test_an_export_keeps_the_history_and_the_settled_conflicts(client):
    eid, h, table, hand = conflicted(client)
    client.post(f"/api/events/{eid}/results", json={"table_id": table["table_id"], "placings": hand, "correction": True}, headers=h)
    whole = client.get(f"/api/events/{eid}/export.json", headers=h).json
    copy = client.post("/api/events/import", json=whole)
    assert copy.status_code == 201, copy.json
    again = client.get(f"/api/events/{copy.json['id']}", headers=auth(copy.json["token"])).json
    assert again["conflicts"] == [] and [e["what"] for e in again["history"]] == ["result", "settled"]


def test_an_anonymous_export_carries_no_history_and_no_conflicts_and_the_organisers_does(client, app):
    # Anyone with the event link reads in an export only what the open pages show.
    eid, h, table, hand = conflicted(client)
    entered = {name: place for place, name in enumerate(hand, start=1)}
    anonymous = app.test_client().get(f"/api/events/{eid}/export.json")
    assert anonymous.status_code == 200
    public = anonymous.json
    assert not {"history", "manual", "settled", "conflicts", "tables"} & set(public)
    [row] = public["results"]
    assert set(row) == {"round", "table", "game", "table_id", "players", "places"} and row["places"] == entered
    words = json.dumps(public)
    assert '"conflict"' not in words and '"entered"' not in words and '"who"' not in words and "organiser" not in words
    for what in ("export.csv", "standings.csv"):  # the spreadsheets: the placings that count, nothing else
        sheet = list(csv.reader(io.StringIO(app.test_client().get(f"/api/events/{eid}/{what}").text.removeprefix("\ufeff"))))
        assert not {"history", "conflict", "entered", "who"} & set(sheet[0]), what
    placings = {r[5]: int(r[7]) for r in csv.reader(io.StringIO(client.get(f"/api/events/{eid}/export.csv").text.removeprefix("\ufeff"))) if r[7].isdigit()}
    assert placings == entered

    second = client.post(f"/api/events/{eid}/desks", json={"label": "Bar"}, headers=h).json
    handed = app.test_client()
    with handed.session_transaction() as sess:
        sess["events"] = {eid: second["token"]}
    for reader, headers in ((client, h), (handed, {})):  # the organiser's bearer token, a desk's cookie
        whole = reader.get(f"/api/events/{eid}/export.json", headers=headers).json
        assert [e["what"] for e in whole["history"]] == ["result", "handover"] and whole["manual"][table["table_id"]] == entered
        [row] = whole["results"]
        assert row["conflict"] and row["entered"] == entered and row["played"] != entered and table["table_id"] in whole["tables"]
