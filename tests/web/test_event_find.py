"""Players find their table: by name on the players' page, and every table of a
tournament night links back to the night."""
from __future__ import annotations

import html
import re

from companion.games.words import listed as and_list
from tests.web.test_events import auth

NAMES = ["Akira", "Ines", "Bo", "Cy", "Dee", "Eve", "Fay", "Gus"]


def night(client, rounds=True):
    event = client.post("/api/events", json={"name": "Friday at the Dojo", "games": ["gangs", "neko"], "rounds": 2}).json
    h = auth(event["token"])
    client.post(f"/api/events/{event['id']}/players", json={"names": NAMES}, headers=h)
    tables = client.post(f"/api/events/{event['id']}/rounds", json={"games": ["gangs", "neko"]}, headers=h).json["tables"] if rounds else []
    return event["id"], h, tables


def words(reply) -> str:
    """A page's text (tags dropped, spaces collapsed), then its markup."""
    page = reply.get_data(as_text=True)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", page)).split()) + page


def find(client, eid, name) -> str:
    reply = client.get(f"/e/{eid}/find", query_string={"name": name})
    assert reply.status_code == 200
    return words(reply)


def test_a_player_finds_their_table_seat_and_table_mates_by_name_whatever_the_case(client):
    eid, h, tables = night(client)
    number, table = next((k, t) for k, t in enumerate(tables, start=1) if "Akira" in t["players"])
    seat = table["players"].index("Akira") + 1
    others = and_list([n for n in table["players"] if n != "Akira"])
    title = {"gangs": "Gangs of Kyoto", "neko": "Kyoto no Neko"}[table["game"]]
    for typed in ("Akira", "  akira ", "AKIRA"):
        answer = find(client, eid, typed)
        assert f"Akira: table {number} · {title} · seat {seat} of 4, with {others}." in answer, typed
        assert f'data-tables="{number}"' in answer


def test_part_of_a_name_finds_every_player_it_could_mean(client):
    eid, h, tables = night(client)
    answer = find(client, eid, "e")  # Ines, Dee, Eve
    assert all(f"{name}: table" in answer for name in ("Ines", "Dee", "Eve")) and "Akira: table" not in answer


def test_a_name_nobody_has_or_a_player_without_a_seat_gets_a_sentence(client):
    eid, h, tables = night(client, rounds=False)
    assert "Akira is registered. No round has started yet" in find(client, eid, "akira")
    assert "No player called “Zed” is registered" in find(client, eid, "Zed")
    assert "find-result" in find(client, eid, "") and "No player" not in find(client, eid, "")
    client.post(f"/api/events/{eid}/checkin", json={"names": ["Gus", "Fay"], "present": False}, headers=h)
    client.post(f"/api/events/{eid}/rounds", json={"game": "gangs"}, headers=h)
    assert "Gus has no seat in round 1: ask the organiser." in find(client, eid, "gus")


def test_the_finished_table_tells_the_player_their_place(client):
    eid, h, tables = night(client)
    t = tables[0]
    client.post(f"/api/events/{eid}/results", json={"table_id": t["table_id"], "placings": t["players"]}, headers=h)
    assert "Your table has finished: 2nd." in find(client, eid, t["players"][1])


def test_the_players_page_finds_a_table_without_script_too(client):
    eid, h, tables = night(client)
    page = words(client.get(f"/e/{eid}", query_string={"name": "bo"}))
    assert "Bo: table" in page and 'value="bo"' in page and "Find my table" in page


def test_every_tournament_table_links_back_to_its_night_and_other_tables_do_not(client, api):
    eid, h, tables = night(client)
    page = client.get(f"/t/{tables[0]['table_id']}/watch").get_data(as_text=True)
    assert f'href="/e/{eid}"' in page and "Friday at the Dojo: all tables and standings" in page
    plain = api.create("gangs", ["Ann", "Bob"])
    assert "event-link" not in client.get(f"/t/{plain['id']}/watch").get_data(as_text=True)


def test_accents_are_forgiven_when_a_player_looks_for_their_table(client):
    event = client.post("/api/events", json={"name": "N", "games": ["gangs"], "rounds": 1}).json
    client.post(f"/api/events/{event['id']}/players", json={"names": ["Élodie", "Zoë", "Bo"]}, headers=auth(event["token"]))
    client.post(f"/api/events/{event['id']}/rounds", json={"game": "gangs"}, headers=auth(event["token"]))
    assert "Élodie: table 1" in find(client, event["id"], "elodie") and "Zoë: table 1" in find(client, event["id"], "ZOE")


def test_a_table_the_desk_replaced_says_its_moves_no_longer_count_and_where_to_go(client):
    eid, h, tables = night(client)
    old = tables[0]
    client.post(f"/api/events/{eid}/swap", json={"a": tables[0]["players"][0], "b": tables[1]["players"][0]}, headers=h)
    page = words(client.get(f"/t/{old['table_id']}/watch"))
    assert "The organiser replaced this table (seats or game changed): moves here no longer count." in page
    assert f'href="/e/{eid}"' in page
