"""A night from the players' side, through the API (api.md, v4 "Nights from the players' side"):
checking in with the check-in link's key, and a phone's own night ("me") with one tap to its seat."""
from __future__ import annotations

import copy
from urllib.parse import parse_qs, urlsplit

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.events import checkin


def bearer(token):
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture
def night(client):
    """A night of Gangs of Kyoto with Ann and Bob registered by the organiser, and its check-in key."""
    made = client.post("/api/events", json={"name": "Club night", "games": ["gangs"], "rounds": 3}).json
    assert client.post(f"/api/events/{made['id']}/players", json={"names": ["Ann", "Bob"]},
                       headers=bearer(made["token"])).status_code == 200
    whole = client.get(f"/api/events/{made['id']}", headers=bearer(made["token"])).json
    url = whole["urls"]["checkin"]
    return {**made, "checkin": url, "key": parse_qs(urlsplit(url).query)["key"][0]}


def join(client, night, name, token=None, key=None):
    return client.post(f"/api/events/{night['id']}/join", json={"name": name, "key": key or night["key"]},
                       headers=bearer(token) if token else {})


def players(client, night):
    return client.get(f"/api/events/{night['id']}", headers=bearer(night["token"])).json["players"]


def test_the_organiser_reads_the_check_in_link_with_its_key(client, night):
    assert urlsplit(night["checkin"]).path == f"/e/{night['id']}/checkin"
    assert len(night["key"]) >= 16
    # Only the organiser reads it: the players' page and the API without the token do not give it.
    assert client.get(f"/api/events/{night['id']}").status_code == 401


def test_a_new_name_is_registered_and_checked_in_with_a_token_of_its_own(client, night):
    reply = join(client, night, "  Cy  ")
    assert reply.status_code == 201
    assert reply.json["name"] == "Cy" and len(reply.json["token"]) >= 20
    assert {"name": "Cy", "checked_in": True} in [{k: p[k] for k in ("name", "checked_in")} for p in players(client, night)]
    assert reply.json["token"] not in str(client.get(f"/api/events/{night['id']}", headers=bearer(night["token"])).json)


def test_a_name_the_organiser_registered_is_claimed_by_the_first_phone(client, night):
    client.post(f"/api/events/{night['id']}/checkin", json={"names": ["Ann"], "present": False}, headers=bearer(night["token"]))
    reply = join(client, night, "ann")  # as registration compares names: case forgiven
    assert reply.status_code == 201 and reply.json["name"] == "Ann"
    assert [p["name"] for p in players(client, night)] == ["Ann", "Bob"], "claimed, not registered twice"
    assert players(client, night)[0]["checked_in"] is True


def test_a_name_another_phone_holds_is_refused_with_a_sentence_and_nothing_changes(client, night):
    first = join(client, night, "Ann").json
    before = players(client, night)
    reply = join(client, night, "ANN")
    assert reply.status_code == 409
    assert "Ann is checked in on another phone already" in reply.json["error"]
    assert players(client, night) == before
    # The phone that holds it, checking in again under it, keeps its token.
    again = join(client, night, "Ann", token=first["token"])
    assert again.status_code == 201 and again.json["token"] == first["token"]


def test_accents_are_forgiven_when_only_one_registered_name_matches(client, night):
    client.post(f"/api/events/{night['id']}/players", json={"names": ["Élodie"]}, headers=bearer(night["token"]))
    assert join(client, night, "elodie").json["name"] == "Élodie"


@pytest.mark.parametrize("body, status, words", [
    ({"name": "Dee", "key": "wrong-key-wrong-key"}, 403, "not this night's"),
    ({"name": "Dee"}, 422, "'key' is required"),
    ({"name": "   ", "key": None}, 422, "visible character"),
    ({"name": 7, "key": None}, 422, "is text"),
    ({"name": "Dee", "key": None, "seat": 2}, 422, "Unknown field 'seat'"),
    ({"name": "x" * 41, "key": None}, 422, "longer than 40"),
])
def test_bad_input_gets_a_sentence_and_registers_nobody(client, night, body, status, words):
    before = players(client, night)
    if "key" in body and body["key"] is None:
        body = {**body, "key": night["key"]}
    reply = client.post(f"/api/events/{night['id']}/join", json=body)
    assert reply.status_code == status
    assert words in reply.json["error"]
    assert players(client, night) == before


def test_a_key_of_another_night_does_not_check_in_here(client, night):
    other = client.post("/api/events", json={"name": "Other", "games": ["gangs"], "rounds": 1}).json
    other_key = parse_qs(urlsplit(client.get(f"/api/events/{other['id']}", headers=bearer(other["token"])).json
                                  ["urls"]["checkin"]).query)["key"][0]
    assert other_key != night["key"]
    assert join(client, night, "Dee", key=other_key).status_code == 403


def test_a_phone_that_corrects_its_typo_leaves_no_ghost_behind(client, night):
    typo = join(client, night, "Cyy").json
    fixed = join(client, night, "Cy", token=typo["token"])
    assert fixed.status_code == 201
    assert [p["name"] for p in players(client, night)] == ["Ann", "Bob", "Cy"]
    assert client.get(f"/api/events/{night['id']}/me", headers=bearer(typo["token"])).status_code == 401


def test_me_before_round_one_then_the_seat_and_one_tap_to_it(app, client, night):
    phones = {n: join(client, night, n).json["token"] for n in ("Ann", "Bob", "Cy", "Dee")}
    me = client.get(f"/api/events/{night['id']}/me", headers=bearer(phones["Cy"])).json
    assert me["name"] == "Cy" and me["round"] is None and me["table"] is None
    assert me["clock"]["remaining_s"] is None
    rnd = client.post(f"/api/events/{night['id']}/rounds", json={"game": "gangs"}, headers=bearer(night["token"])).json
    client.post(f"/api/events/{night['id']}/clock", json={"minutes": 30}, headers=bearer(night["token"]))
    for name, token in phones.items():
        me = client.get(f"/api/events/{night['id']}/me", headers=bearer(token)).json
        table = me["table"]
        entry = rnd["tables"][table["number"] - 1]
        assert me["round"] == 1 and table["game"] == "gangs"
        assert table["players"] == entry["players"] and table["players"][table["seat"]] == name
        assert 1790 < me["clock"]["remaining_s"] <= 1800
        # One tap: the play_url seats this phone at its own seat (no join code, no "I am …").
        sat = client.get(urlsplit(table["play_url"]).path)
        assert sat.status_code == 302 and sat.headers["Location"].endswith(f"/t/{entry['table_id']}")
        assert seat_of(app, client, entry["table_id"]) == table["seat"]


def seat_of(app, client, table_id):
    """The seat the phone (test client) holds at a table, as the table itself sees its token."""
    with client.session_transaction() as sess:
        token = sess["tokens"][table_id]
    return app.extensions["companion.tables"].get(table_id).viewer_for(token).seat


def test_after_a_swap_the_same_link_seats_the_phone_where_its_player_sits_now(app, client, night):
    phones = {n: join(client, night, n).json["token"] for n in ("Ann", "Bob", "Cy", "Dee", "Eve", "Flo")}
    rnd = client.post(f"/api/events/{night['id']}/rounds", json={"game": "gangs"}, headers=bearer(night["token"])).json
    first, second = rnd["tables"]
    a, b = first["players"][0], second["players"][1]
    link = urlsplit(client.get(f"/api/events/{night['id']}/me", headers=bearer(phones[a])).json["table"]["play_url"]).path
    swapped = client.post(f"/api/events/{night['id']}/swap", json={"a": a, "b": b}, headers=bearer(night["token"])).json
    now = swapped["round"]["tables"][1]  # a sits at the second table now, at b's old seat, under a new table id
    assert now["players"][1] == a and now["table_id"] != second["table_id"]
    sat = client.get(link)  # the link drawn before the swap
    assert sat.headers["Location"].endswith(f"/t/{now['table_id']}")
    assert seat_of(app, client, now["table_id"]) == 1


def test_a_second_phone_of_the_player_takes_the_seat_over(app, client, night):
    token = join(client, night, "Ann").json["token"]
    for n in ("Bob", "Cy"):
        join(client, night, n)
    rnd = client.post(f"/api/events/{night['id']}/rounds", json={"game": "gangs"}, headers=bearer(night["token"])).json
    link = urlsplit(client.get(f"/api/events/{night['id']}/me", headers=bearer(token)).json["table"]["play_url"]).path
    table_id = rnd["tables"][0]["table_id"]
    client.get(link)
    seat = seat_of(app, client, table_id)
    other = app.test_client()
    assert other.get(link).status_code == 302
    assert seat_of(app, other, table_id) == seat
    assert seat_of(app, client, table_id) is None, "the first phone's seat token no longer holds the seat"
    assert client.get(link).status_code == 302 and seat_of(app, client, table_id) == seat


def test_me_without_a_players_token_is_refused(client, night):
    assert client.get(f"/api/events/{night['id']}/me").status_code == 401
    assert client.get(f"/api/events/{night['id']}/me", headers=bearer(night["token"])).status_code == 401


def test_the_organiser_lets_a_new_phone_check_in_as_a_player_whose_phone_died(client, night):
    old = join(client, night, "Ann").json["token"]
    assert "ask the organiser to let this phone check in as Ann" in join(client, night, "Ann").json["error"]
    release = f"/api/events/{night['id']}/phones/release"
    assert client.post(release, json={"name": "ann"}).status_code == 401, "the organiser's alone"
    assert client.post(release, json={"name": "ann"}, headers=bearer(night["token"])).status_code == 200
    new = join(client, night, "Ann")
    assert new.status_code == 201 and new.json["token"] != old
    assert client.get(f"/api/events/{night['id']}/me", headers=bearer(old)).status_code == 401
    assert client.get(f"/api/events/{night['id']}/me", headers=bearer(new.json["token"])).json["name"] == "Ann"
    history = client.get(f"/api/events/{night['id']}", headers=bearer(night["token"])).json["history"]
    assert history[-2]["text"] == "let another phone check in as Ann" and history[-2]["who"] == "organiser"


@pytest.mark.parametrize("name, words", [("Bob", "No phone is checked in as Bob"), ("Zed", "'Zed' is not registered"),
                                         ("", "visible character")])
def test_releasing_a_name_no_phone_holds_is_refused_with_a_sentence(client, night, name, words):
    before = client.get(f"/api/events/{night['id']}", headers=bearer(night["token"])).json
    reply = client.post(f"/api/events/{night['id']}/phones/release", json={"name": name}, headers=bearer(night["token"]))
    assert reply.status_code == 422 and words in reply.json["error"]
    assert client.get(f"/api/events/{night['id']}", headers=bearer(night["token"])).json == before


def test_a_player_taken_off_the_night_frees_the_name(client, night):
    first = join(client, night, "Cy").json
    client.post(f"/api/events/{night['id']}/players/remove", json={"names": ["Cy"]}, headers=bearer(night["token"]))
    assert client.get(f"/api/events/{night['id']}/me", headers=bearer(first["token"])).status_code == 401
    assert join(client, night, "Cy").status_code == 201


# -- the rules of a claim, over any order of check-ins ---------------------------------------
@settings(max_examples=200, deadline=None)
@given(steps=st.lists(st.tuples(st.integers(0, 3), st.sampled_from(["Ann", "ann", "ANN ", "Bob", "Élodie", "elodie", "Cy"])),
                      max_size=12))
def test_any_order_of_check_ins_keeps_one_player_a_name_and_one_phone_a_player(steps):
    record = {"id": "night", "token": "t" * 24, "rounds": [], "players": [
        {"name": "Bob", "checked_in": False, "since_round": 1}, {"name": "Élodie", "checked_in": True, "since_round": 1}]}
    held: dict[int, str] = {}
    for phone, typed in steps:
        before = copy.deepcopy(record)
        try:
            name, token = checkin.join(record, typed, held.get(phone))
        except checkin.NameTaken:
            assert record == before, "a refusal changes nothing"
            continue
        held[phone] = token
        assert checkin.holder(record, token) == name
        assert next(p for p in record["players"] if p["name"] == name)["checked_in"] is True
        folded = [p["name"].casefold() for p in record["players"]]
        assert len(folded) == len(set(folded)), "one player a name"
        names = [p["name"] for p in record["phones"]]
        assert len(names) == len(set(names)) and set(names) <= {p["name"] for p in record["players"]}, "one phone a name"
    assert len({checkin.holder(record, t) for t in held.values()} - {None}) == len({t for t in held.values() if checkin.holder(record, t)})
    assert {"Bob", "Élodie"} <= {p["name"] for p in record["players"]}, "the organiser's names stay"
