"""The tournament nights' and leagues' pages in the phone's language (docs/languages.md): the
printed pairings in the organiser's language, the desk's own refusals, places and lists of names
said as each language says them, the desk's "Check in" apart from the player's, the scoring
schemes' sentences, and a league's page."""
from __future__ import annotations

import re

from tests.web.test_event_rounds import night


def seated(client, lang: str, n: int = 8):
    """A night of `n` players with round 1 seated (gangs), the organiser's phone speaking `lang`."""
    eid, h, names = night(client, n=n, games=("gangs",), rounds=2)
    tables = client.post(f"/api/events/{eid}/rounds", json={"games": ["gangs"]}, headers=h).json["tables"]
    client.get(f"/?lang={lang}")  # the phone keeps its choice in the lang cookie
    return eid, h, names, tables


def test_the_printed_pairings_speak_the_organisers_language(client):
    eid, _, _, tables = seated(client, "ja")
    page = client.get(f"/e/{eid}/print").get_data(as_text=True)
    assert '<html lang="ja">' in page
    assert "第1ラウンド（全2ラウンド）" in page and "結果票" in page and "署名" in page
    assert "テーブル 1" in page and "1 番席" in page
    assert "Signature" not in page and "result slips" not in page


def test_the_desks_own_refusal_is_said_in_its_language(client):
    eid, h, _, tables = seated(client, "de")
    t = tables[0]
    client.post(f"/api/events/{eid}/results", json={"table_id": t["table_id"], "placings": [t["players"]]}, headers=h)
    with client.session_transaction() as s:  # this phone is the organiser's desk
        s["events"] = {eid: h["Authorization"].split()[1]}
    form = {"table_id": t["table_id"], "correction": "1", "player": t["players"], "place": ["1"] * len(t["players"])}
    reply = client.post(f"/e/{eid}/admin/correct", data={**form, "_csrf": csrf(client, eid)}, headers={"HX-Request": "true"})
    assert reply.status_code == 422
    assert "Tisch 1 in Runde 1 hat dieses Ergebnis schon: nichts zu ändern." in reply.get_data(as_text=True)


def csrf(client, eid: str) -> str:
    return re.search(r'name="_csrf" value="([^"]+)"', client.get(f"/e/{eid}/admin").get_data(as_text=True)).group(1)


def test_places_and_names_are_said_as_the_language_says_them(client):
    eid, _, _, tables = seated(client, "fr")
    first = tables[0]["players"][0]
    page = client.get(f"/e/{eid}/find?name={first}").get_data(as_text=True)
    others = tables[0]["players"][1:]
    assert f"avec {others[0]}, {others[1]} et {others[2]}." in page  # not "A, B and C"
    assert "place 1 sur 4" in page


def test_the_desks_check_in_button_is_not_the_players_check_in_page(client):
    eid, h, names, _ = seated(client, "fr")
    with client.session_transaction() as s:
        s["events"] = {eid: h["Authorization"].split()[1]}
    desk = client.get(f"/e/{eid}/admin").get_data(as_text=True)
    assert "Marquer absent" in desk  # every player is checked in: the button checks out
    assert "Barème" in desk and "Somme des points de chaque adversaire rencontré." in desk  # a tie-breaker said
    assert "Sum of the points" not in desk


def test_a_leagues_page_and_its_new_night_form_speak_german(client):
    client.get("/?lang=de")
    made = client.post("/api/leagues", json={"name": "Donnerstagsclub"}).json
    page = client.get(f"/leagues/{made['id']}/organiser/{made['token']}", follow_redirects=True).get_data(as_text=True)
    assert "Tabelle" in page and "Abende" in page and "Neuer Abend in dieser Liga" in page
    assert "1 für einen Sieg, sonst 0." in page  # the scoring scheme's own sentence
    assert "No night yet." not in page and "Noch kein Abend." in page
