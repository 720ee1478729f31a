"""Input that forgives: what an organiser types or pastes is read the way they
meant it, and what cannot be read is answered with a sentence in players' words that changes nothing."""
from __future__ import annotations

import html

import pytest

from companion.events.checks import rounds_from_form
from companion.events.placings import places_from_numbers, places_from_placings
from companion.events.registration import pasted_names
from companion.games import RuleViolation
from tests.web.test_events import auth


@pytest.mark.parametrize("text, names", [
    ("Aiko\nBotan\r\nChika", ["Aiko", "Botan", "Chika"]),
    ("Dot\tEd", ["Dot", "Ed"]),  # a row copied from a spreadsheet
    ("Fumi, Goro; Hana", ["Fumi", "Goro", "Hana"]),
    ("1. Flo\n2) Gus\n(3) Hana\n#4 Ivo\n5 Jo\n10.Ken", ["Flo", "Gus", "Hana", "Ivo", "Jo", "Ken"]),
    ("- Lu\n• Mia\n* Noa", ["Lu", "Mia", "Noa"]),
    ("1\tOto\n2\tPia", ["Oto", "Pia"]),  # a numbered spreadsheet column: the numbers are no players
    ("2Pac\nR2-D2\n\n  \n", ["2Pac", "R2-D2"]),  # digits that belong to the name stay
])
def test_a_pasted_list_splits_on_lines_tabs_and_commas_without_its_numbering(text, names):
    assert [n.strip() for n in pasted_names(text)] == names


@pytest.mark.parametrize("typed, words", [
    ("two", "in digits, such as 2"),
    ("Twelve ", "in digits, such as 12"),
    ("lots", "in digits, such as 3"),
    ("", "how many rounds"),
    ("0", "from 1 to 20"),
    ("21", "from 1 to 20"),
])
def test_rounds_typed_as_words_or_out_of_range_get_a_sentence(typed, words):
    with pytest.raises(RuleViolation, match=words):
        rounds_from_form(typed)
    assert rounds_from_form(" 4 ") == 4


def test_the_create_form_answers_rounds_in_words_with_a_sentence_and_keeps_what_was_typed(client):
    page = client.post("/events", data={"name": "Friday", "games": ["gangs"], "rounds": "two"})
    text = html.unescape(page.get_data(as_text=True))
    assert page.status_code == 422 and "such as 2" in text and "invalid literal" not in text
    assert 'value="Friday"' in text and 'value="two"' in text


def night(client, names=("Akira", "Ines", "Bo", "Cy")):
    event = client.post("/api/events", json={"name": "N", "games": ["gangs"], "rounds": 2}).json
    assert client.post(f"/api/events/{event['id']}/players", json={"names": list(names)}, headers=auth(event["token"])).status_code == 200
    return event["id"], auth(event["token"])


@pytest.mark.parametrize("typed", ["akira", " Akira ", "AKIRA", "Akira"])
def test_a_name_already_registered_is_refused_with_a_sentence_whatever_its_case_or_spaces(client, typed):
    eid, h = night(client)
    reply = client.post(f"/api/events/{eid}/players", json={"names": ["Dee", typed]}, headers=h)
    assert reply.status_code == 422 and reply.json["error"].startswith("Akira is already registered")
    assert "Nobody was registered" in reply.json["error"]
    names = [r["name"] for r in client.get(f"/api/events/{eid}/standings").json]
    assert sorted(names) == ["Akira", "Bo", "Cy", "Ines"], "not even Dee"


def test_the_desk_registers_a_pasted_spreadsheet_column(client):
    made = client.post("/events", data={"name": "Friday", "games": ["gangs"], "rounds": "2"})
    eid = made.headers["Location"].split("/e/")[1].split("/")[0]
    client.post(f"/e/{eid}/admin/players", data={"names": "1.\tDot\tEd\n2. Flo\n3) akira, Gus"})
    assert [r["name"] for r in client.get(f"/api/events/{eid}/standings").json] == ["akira", "Dot", "Ed", "Flo", "Gus"]
    client.post(f"/e/{eid}/admin/players", data={"names": "Hana\nAKIRA"})
    assert "akira is already registered (typed “AKIRA”)" in html.unescape(client.get(f"/e/{eid}/admin").get_data(as_text=True))


# -- results: placings read as meant, errors naming the table ---------------------------------
PLAYERS = ["Akira", "Ines", "Bo", "Cy"]


def test_placings_are_read_best_first_with_ties_as_lists_and_case_forgiven():
    assert places_from_placings(["ines", "Akira", " bo ", "Cy"], PLAYERS, "T") == {"Ines": 1, "Akira": 2, "Bo": 3, "Cy": 4}
    assert places_from_placings([["Ines", "Akira"], "Bo", "Cy"], PLAYERS, "T") == {"Ines": 1, "Akira": 1, "Bo": 3, "Cy": 4}
    assert places_from_placings(["Cy", ["Ines", "Akira", "Bo"]], PLAYERS, "T") == {"Cy": 1, "Ines": 2, "Akira": 2, "Bo": 2}


def test_place_numbers_per_player_allow_ties_and_read_dense_numbering_as_competition_ranks():
    assert places_from_numbers({"Akira": "2", "Ines": "1", "Bo": "3", "Cy": "4"}, PLAYERS, "T") == {"Ines": 1, "Akira": 2, "Bo": 3, "Cy": 4}
    assert places_from_numbers({"Akira": "1", "Ines": "1", "Bo": "2", "Cy": "3"}, PLAYERS, "T") == {"Akira": 1, "Ines": 1, "Bo": 3, "Cy": 4}


@pytest.mark.parametrize("placings, words", [
    (lambda p: [p[0], p[1], p[2], "Zed"], "“Zed” does not play there; its players are"),
    (lambda p: p[:2], "have no place yet"),
    (lambda p: [p[0], p[0].lower(), p[2], p[3]], "is placed twice"),
    (lambda p: [], "list its players best first"),
    (lambda p: p[0], "list its players best first"),
])
def test_a_wrong_result_is_answered_in_players_words_naming_the_table(client, placings, words):
    eid, h = night(client)
    table = client.post(f"/api/events/{eid}/rounds", json={"game": "gangs"}, headers=h).json["tables"][0]
    reply = client.post(f"/api/events/{eid}/results", json={"table_id": table["table_id"], "placings": placings(table["players"])}, headers=h)
    assert reply.status_code == 422
    error = reply.json["error"]
    assert error.startswith("Table 1 of round 1: ") and words in error and "'placings'" not in error, error
    assert all(r["played"] == 0 for r in client.get(f"/api/events/{eid}/standings").json), "nothing was recorded"


def test_a_second_result_without_correction_names_the_table(client):
    eid, h = night(client, names=[f"P{i}" for i in range(8)])
    tables = client.post(f"/api/events/{eid}/rounds", json={"game": "gangs"}, headers=h).json["tables"]
    second = tables[1]
    assert client.post(f"/api/events/{eid}/results", json={"table_id": second["table_id"], "placings": second["players"]}, headers=h).status_code == 200
    again = client.post(f"/api/events/{eid}/results", json={"table_id": second["table_id"], "placings": second["players"]}, headers=h)
    assert again.status_code == 422 and again.json["error"].startswith("Table 2 of round 1 already has a result")


def test_a_player_who_left_and_is_typed_again_is_told_to_check_in_not_renamed(client):
    eid, h = night(client)
    client.post(f"/api/events/{eid}/checkin", json={"names": ["Ines"], "present": False}, headers=h)
    reply = client.post(f"/api/events/{eid}/players", json={"names": ["ines"]}, headers=h)
    assert reply.status_code == 422
    assert reply.json["error"] == ("Ines is already registered (typed “ines”), and checked out: if it is the same player back, "
                                   "tap Check in beside Ines; if not, give the new player a different name. Nobody was registered.")


def test_a_name_typed_wrong_is_removed_and_a_player_who_has_sat_is_not(client):
    eid, h = night(client)
    client.post(f"/api/events/{eid}/players", json={"names": ["Hnaa"]}, headers=h)
    gone = client.post(f"/api/events/{eid}/players/remove", json={"names": ["hnaa"]}, headers=h)
    assert gone.status_code == 200 and "Hnaa" not in [p["name"] for p in gone.json["players"]]
    assert "removed Hnaa (never seated)" in client.get(f"/api/events/{eid}", headers=h).json["history"][-1]["text"]
    assert client.post(f"/api/events/{eid}/players/remove", json={"names": ["Hnaa"]}).status_code == 401

    client.post(f"/api/events/{eid}/rounds", json={"game": "gangs"}, headers=h)
    client.post(f"/api/events/{eid}/players", json={"names": ["Late"]}, headers=h)  # sits from round 2
    refused = client.post(f"/api/events/{eid}/players/remove", json={"names": ["Late", "Ines"]}, headers=h)
    assert (refused.status_code, refused.json["error"]) == (
        422, "Ines has sat at a table tonight, so their results stay: check them out instead. Nobody was removed.")
    unknown = client.post(f"/api/events/{eid}/players/remove", json={"names": ["Zed"]}, headers=h)
    assert unknown.json["error"] == "'Zed' is not registered for this night: check the spelling. Nobody was removed."
    assert "Late" in [r["name"] for r in client.get(f"/api/events/{eid}/standings").json]


def test_the_desk_offers_remove_beside_players_who_never_sat_only(client):
    made = client.post("/events", data={"name": "Friday", "games": ["gangs"], "rounds": "2"})
    eid = made.headers["Location"].split("/e/")[1].split("/")[0]
    client.post(f"/e/{eid}/admin/players", data={"names": "Aiko\nBotan\nChika"})
    with client.session_transaction() as sess:
        h = auth(sess["events"][eid])
    client.post(f"/api/events/{eid}/rounds", json={"game": "gangs"}, headers=h)
    client.post(f"/e/{eid}/admin/players", data={"names": "Hnaa"})
    page = html.unescape(client.get(f"/e/{eid}/admin").get_data(as_text=True))
    assert 'aria-label="Remove Hnaa"' in page and 'aria-label="Remove Aiko"' not in page
    client.post(f"/e/{eid}/admin/remove", data={"name": "Hnaa"}, headers={"HX-Request": "true"})
    assert "Hnaa" not in [p["name"] for p in client.get(f"/api/events/{eid}", headers=h).json["players"]]
