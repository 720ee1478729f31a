"""A night planned with a final (api.md: POST /api/events with "final": n; the "Finish with a final
table of the top …" field of the new-night form): it is not over when its planned rounds are, so
no podium shows, the clock is not stopped and no phone says all rounds are played until the final
has its result; after the planned rounds the desk offers the final, filled with the planned number.
A night without one ends with its planned rounds, as before (tests/web/test_event_final.py)."""
from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest

from tests.web.test_event_desk_forms import HX, region, words
from tests.web.test_event_final import NAMES, played
from tests.web.test_events import auth
from tests.web.test_night_phone_pages import check_in


def planned(client, final=4, rounds=1):
    """A night of Gangs of Kyoto and Kyoto no Neko planned with a final of the top `final`, eight
    players registered (event id, auth headers)."""
    made = client.post("/api/events", json={"name": "Friday", "games": ["gangs", "neko"], "rounds": rounds, "final": final})
    assert made.status_code == 201, made.json
    eid, h = made.json["id"], auth(made.json["token"])
    client.post(f"/api/events/{eid}/players", json={"names": NAMES}, headers=h)
    return eid, h


def desk(client, eid, h):
    """The desk's page, opened in `client` with the organiser's token."""
    with client.session_transaction() as sess:
        sess["events"] = {eid: h["Authorization"].split()[1]}
    return client.get(f"/e/{eid}/admin").get_data(as_text=True)


def test_the_planned_final_is_kept_and_read_back(client):
    eid, h = planned(client, final=5)
    assert client.get(f"/api/events/{eid}", headers=h).json["final_planned"] == 5
    plain = client.post("/api/events", json={"name": "Saturday", "games": ["gangs"], "rounds": 2}).json
    assert client.get(f"/api/events/{plain['id']}", headers=auth(plain["token"])).json["final_planned"] is None


@pytest.mark.parametrize(("final", "sentence"), [
    ("4", "'final' is how many players the night's final seats: a whole number from 2 to 5 (Gangs of Kyoto 2–5 and "
          "Kyoto no Neko 2–4 players), or none for a night without a planned final."),
    (4.0, "'final' is how many players the night's final seats: a whole number from 2 to 5"),
    (True, "'final' is how many players the night's final seats: a whole number from 2 to 5"),
    (1, "A final of 1 fits no table of this night's games (Gangs of Kyoto 2–5 and Kyoto no Neko 2–4 players): "
        "plan one of 2 to 5 players, or none."),
    (6, "A final of 6 fits no table of this night's games"),
    (-4, "A final of -4 fits no table of this night's games"),
    (10 ** 30, "A final of 1000000000000000000000000000000 fits no table"),
])
def test_a_planned_final_that_no_table_seats_is_refused_with_a_sentence(client, app, monkeypatch, final, sentence):
    store, saved = app.extensions["companion.store"], []
    monkeypatch.setattr(store, "save_event", lambda record, base: saved.append(record))
    refused = client.post("/api/events", json={"name": "Friday", "games": ["gangs", "neko"], "rounds": 2, "final": final})
    assert refused.status_code == 422 and refused.json["error"].startswith(sentence), refused.json
    assert saved == [], "no night is made"


def test_a_planned_night_is_not_over_until_its_final_has_its_result(app, client):
    eid, h = planned(client, final=4, rounds=1)
    phone = app.test_client()
    url = urlsplit(client.get(f"/api/events/{eid}", headers=h).json["urls"]["checkin"])
    assert check_in(phone, {"id": eid, "checkin": f"{url.path}?{url.query}"}, "Aiko").status_code == 302
    with phone.session_transaction() as sess:
        token = sess["players"][eid]
    played(client, eid, h)
    assert "Round 1 of 1, then the final" in words(client.get(f"/e/{eid}/screen").get_data(as_text=True))
    # The planned round has every result: the night goes on to its final.
    for page in ("", "/screen"):
        assert "Final standings" not in client.get(f"/e/{eid}{page}").get_data(as_text=True), page
    assert client.post(f"/api/events/{eid}/clock", json={"minutes": 20}, headers=h).status_code == 200, "the clock still runs"
    assert client.get(f"/api/events/{eid}/clock").json["running"] is True
    me = client.get(f"/api/events/{eid}/me", headers=auth(token)).json
    assert me["over"] is False and me["clock"]["running"] is True
    mine = words(phone.get(f"/e/{eid}/me").get_data(as_text=True))
    assert "Sit at my seat" in mine and "All rounds are played" not in mine
    refused = client.post(f"/api/events/{eid}/rounds", json={"game": "gangs"}, headers=h)
    assert refused.status_code == 422 and refused.json["error"] == "The night's only round has been played: the final of the top 4 is next."
    # The desk offers the final as the next step, filled with the planned number; no podium, no round form.
    page = desk(client, eid, h)
    start = region(page, "event-start")
    assert words(start).startswith("The final The night's only round has been played: the final of the top 4 is next.")
    assert re.search(r'name="top"[^>]*value="4"', start) and re.search(r'<option value="gangs" selected', start)
    assert "Seat the players" not in start and 'class="secondary"' not in start
    assert "Final standings" not in page
    seated = client.post(f"/e/{eid}/admin/final", data={"top": "4", "game": "gangs"}, headers=HX)
    assert seated.status_code == 200
    table = client.get(f"/api/events/{eid}", headers=h).json["rounds"][-1]["tables"][0]
    assert "Final standings" not in client.get(f"/e/{eid}").get_data(as_text=True)
    client.post(f"/api/events/{eid}/results", json={"table_id": table["table_id"], "placings": table["players"]}, headers=h)
    # Now, and only now, the night is over.
    assert "Final standings" in client.get(f"/e/{eid}/screen").get_data(as_text=True)
    assert client.get(f"/api/events/{eid}/clock").json["running"] is False
    assert client.get(f"/api/events/{eid}/me", headers=auth(token)).json["over"] is True
    assert "All rounds are played" in words(phone.get(f"/e/{eid}/me").get_data(as_text=True))


def test_while_the_planned_last_round_plays_the_blocker_names_the_final(client):
    eid, h = planned(client, final=3, rounds=2)
    played(client, eid, h)
    start = region(desk(client, eid, h), "event-start")
    assert "Planned: the top 3 after round 2." in words(start) and re.search(r'name="top"[^>]*value="3"', start)
    client.post(f"/api/events/{eid}/rounds", json={"game": "gangs"}, headers=h)
    refused = client.post(f"/api/events/{eid}/rounds", json={"game": "gangs"}, headers=h)
    assert refused.json["error"] == "Round 2 is the night's last planned round: the final of the top 3 follows once its tables finish."


def test_the_new_night_form_plans_the_final(client):
    form = {"name": "Friday", "games": ["gangs", "neko"], "rounds": "2"}
    assert "Finish with a final table of the top" in words(client.get("/events/new").get_data(as_text=True))
    for typed, want in ((" 4 ", 4), ("", None)):
        made = client.post("/events", data={**form, "final": typed})
        assert made.status_code == 302, typed
        eid = made.headers["Location"].split("/e/")[1].split("/")[0]
        with client.session_transaction() as sess:
            h = auth(sess["events"][eid])
        assert client.get(f"/api/events/{eid}", headers=h).json["final_planned"] == want
    for typed, sentence in (("four", "'final' is how many players the night's final seats"), ("²", "'final' is how many"),
                            ("9", "A final of 9 fits no table of this night's games")):
        refused = client.post("/events", data={**form, "final": typed})
        page = refused.get_data(as_text=True)
        assert refused.status_code == 422 and sentence in words(page), typed
        assert re.search(r'name="final"[^>]*value="' + re.escape(typed) + '"', page), "what was typed stays"


def test_the_planned_final_goes_with_the_nights_export(client):
    eid, h = planned(client, final=4, rounds=2)
    played(client, eid, h)
    export = client.get(f"/api/events/{eid}/export.json", headers=h).json
    assert export["final_planned"] == 4
    made = client.post("/api/events/import", json=export)
    assert made.status_code == 201, made.json
    assert client.get(f"/api/events/{made.json['id']}", headers=auth(made.json["token"])).json["final_planned"] == 4
    refused = client.post("/api/events/import", json={**export, "final_planned": 9})
    assert refused.status_code == 422 and refused.json["error"].startswith("A final of 9 fits no table")
    older = {k: v for k, v in export.items() if k != "final_planned"}  # an export made before the field
    made = client.post("/api/events/import", json=older)
    assert client.get(f"/api/events/{made.json['id']}", headers=auth(made.json["token"])).json["final_planned"] is None
