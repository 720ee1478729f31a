"""A desk result for a table still being played in the app (api.md, v4: Nights from the players'
side): refused with a sentence (409) and nothing changed unless it says "override"; the desk asks
first; with override the table ends with that result and its phones are told it (the table's
controls say so and its moves are refused). A table nobody played in the app, or one whose game
ended, takes a desk result as before."""
from __future__ import annotations

import html
import re

from tests.web.test_event_desk_forms import HX, desk_night, region, words
from tests.web.test_events import auth, play_gangs_to_a_win

IN_PLAY = ("is still being played in the app (1 move so far): its phones would play on. Send the result with override "
           "to end the table with it; its phones are told. Nothing was changed.")


def one_move(client, table) -> None:
    """A first move at a night's table, as its phones would send it."""
    h = auth(table["token"])
    state = client.get(f"/api/tables/{table['table_id']}", headers=h).json["state"]
    move = {"type": "give", "to": state["pending"][0]["to"][0], "card": {"value": 0, "kind": "plain"}}
    assert client.post(f"/api/tables/{table['table_id']}/actions", json=move, headers=h).status_code == 200


def seated_phone(app, table_id):
    """A phone that opened the table's play link (the table's own phone: it may act)."""
    phone = app.test_client()
    play = app.extensions["companion.tables"].get(table_id).record["play_token"]
    phone.get(f"/t/{table_id}/play/{play}")
    return phone


def page_words(client, url) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", client.get(url).get_data(as_text=True))).split())


def test_the_api_refuses_a_result_for_a_table_in_play_unless_it_says_override_and_then_its_phones_are_told(client, app):
    eid, h = desk_night(client)
    table = client.post(f"/api/events/{eid}/rounds", json={"game": "gangs"}, headers=h).json["tables"][0]
    one_move(client, table)
    tid, players = table["table_id"], table["players"]
    phone = seated_phone(app, tid)
    before = app.extensions["companion.events"].get(eid)
    refused = client.post(f"/api/events/{eid}/results", json={"table_id": tid, "placings": players}, headers=h)
    assert refused.status_code == 409 and refused.json["error"] == f"Table 1 of round 1 {IN_PLAY}"
    assert app.extensions["companion.events"].get(eid) == before
    assert "desk entered" not in page_words(phone, f"/t/{tid}")

    version = app.extensions["companion.tables"].get(tid).version
    taken = client.post(f"/api/events/{eid}/results", json={"table_id": tid, "placings": players, "override": True}, headers=h)
    assert taken.status_code == 200
    assert [r["name"] for r in taken.json["standings"]][:1] == [players[0]]
    table_now = app.extensions["companion.tables"].get(tid)
    assert table_now.version == version + 1, "a new version: the table's phones are pushed it"
    told = (f"The organiser's desk entered this table's result for round 1 of Friday: 1st {players[0]}, 2nd {players[1]}, "
            f"3rd {players[2]}, 4th {players[3]}. The table is finished: moves here no longer count.")
    assert told in page_words(phone, f"/t/{tid}") and "Finished at the organiser's desk" in page_words(phone, f"/t/{tid}")
    move = {"type": "give", "to": 0, "card": {"value": 0, "kind": "plain"}}
    again = client.post(f"/api/tables/{tid}/actions", json=move, headers=auth(table["token"]))
    assert again.status_code == 422 and "The organiser's desk entered this table's result" in again.json["error"]
    history = client.get(f"/api/events/{eid}", headers=h).json["history"]
    assert history[-1]["what"] == "result" and history[-1]["in_play"] is True


def test_a_correction_of_a_table_the_desk_ended_tells_its_phones_the_new_result(client, app):
    eid, h = desk_night(client)
    table = client.post(f"/api/events/{eid}/rounds", json={"game": "gangs"}, headers=h).json["tables"][0]
    one_move(client, table)
    tid, players = table["table_id"], table["players"]
    client.post(f"/api/events/{eid}/results", json={"table_id": tid, "placings": players, "override": True}, headers=h)
    phone = seated_phone(app, tid)
    fixed = list(reversed(players))
    assert client.post(f"/api/events/{eid}/results", json={"table_id": tid, "placings": fixed, "correction": True},
                       headers=h).status_code == 200, "no longer in play: no override needed"
    assert f"round 1 of Friday: 1st {fixed[0]}, 2nd {fixed[1]}" in page_words(phone, f"/t/{tid}")


def test_tables_not_in_play_take_a_desk_result_without_a_question(client, app):
    eid, h = desk_night(client, names="\n".join(["Aiko", "Botan", "Chika", "Daichi", "Emi", "Fumi", "Goro", "Hana"]))
    untouched, finished = client.post(f"/api/events/{eid}/rounds", json={"game": "gangs"}, headers=h).json["tables"]
    winner = play_gangs_to_a_win(client, finished)
    for t, correction in ((untouched, False), (finished, True)):  # a finished game's result is corrected, as before
        order = [n for n in t["players"] if n != winner] + ([winner] if winner in t["players"] else [])
        reply = client.post(f"/api/events/{eid}/results", json={"table_id": t["table_id"], "placings": order,
                                                                "correction": correction}, headers=h)
        assert reply.status_code == 200, reply.json
    assert client.get(f"/api/events/{eid}", headers=h).json["conflicts"] == []
    assert app.extensions["companion.tables"].get(untouched["table_id"]).version == 0, "an untouched table is not marked"
    assert app.extensions["companion.tables"].get(finished["table_id"]).locked is None, "a finished game is not marked"


def test_a_bad_override_gets_a_sentence_and_changes_nothing(client, app):
    eid, h = desk_night(client)
    table = client.post(f"/api/events/{eid}/rounds", json={"game": "gangs"}, headers=h).json["tables"][0]
    one_move(client, table)
    before = app.extensions["companion.events"].get(eid)
    for value in ("yes", 1, None, [True]):
        reply = client.post(f"/api/events/{eid}/results", json={"table_id": table["table_id"], "placings": table["players"],
                                                                 "override": value}, headers=h)
        assert reply.status_code == 422 and reply.json["error"] == "'override' must be true or false.", value
    assert app.extensions["companion.events"].get(eid) == before
    assert app.extensions["companion.tables"].get(table["table_id"]).version == 1


def test_the_desk_asks_first_then_ends_the_table_with_the_result(client, app):
    eid, h = desk_night(client)
    table = client.post(f"/api/events/{eid}/rounds", json={"game": "gangs"}, headers=h).json["tables"][0]
    one_move(client, table)
    tid, players = table["table_id"], table["players"]
    form = {"table_id": tid, "player": players, "place": ["1", "2", "3", "4"]}
    before = app.extensions["companion.events"].get(eid)
    asked = client.post(f"/e/{eid}/admin/result", data=form, headers=HX)
    assert asked.status_code == 200
    confirm = words(region(asked.get_data(as_text=True), "event-confirm"))
    assert confirm.startswith("Table 1 of round 1 (Gangs of Kyoto) is still being played in the app. Its phones would play on. "
                              "Enter this result anyway? The table ends with it, and its phones are told.")
    assert f"Result: 1st {players[0]} 2nd {players[1]}" in confirm
    assert "Yes, end table 1 with this result" in confirm and "Let the table play on" in confirm
    assert app.extensions["companion.events"].get(eid) == before, "asking changes nothing"

    kept = client.post(f"/e/{eid}/admin/cancel", data={}, headers=HX)
    assert words(region(kept.get_data(as_text=True), "event-confirm")) == ""
    assert app.extensions["companion.events"].get(eid)["manual"] == {}

    done = client.post(f"/e/{eid}/admin/result", data={**form, "override": "1"}, headers=HX)
    page = done.get_data(as_text=True)
    assert done.status_code == 200 and words(region(page, "event-confirm")) == ""
    assert f"1st {players[0]} 2nd {players[1]} 3rd {players[2]} 4th {players[3]}" in words(region(page, "event-round"))
    assert "(entered while it was played in the app: the table was ended with it)" in words(region(page, "event-history"))
    assert app.extensions["companion.tables"].get(tid).locked.startswith("The organiser's desk entered this table's result")


def test_the_desk_without_script_is_asked_on_a_page_of_its_own(client, app):
    eid, h = desk_night(client)
    table = client.post(f"/api/events/{eid}/rounds", json={"game": "gangs"}, headers=h).json["tables"][0]
    one_move(client, table)
    reply = client.post(f"/e/{eid}/admin/result", data={"table_id": table["table_id"], "player": table["players"],
                                                         "place": ["1", "2", "3", "4"]})
    assert reply.status_code == 200 and "Yes, end table 1 with this result" in reply.get_data(as_text=True)
    assert app.extensions["companion.events"].get(eid)["manual"] == {}
