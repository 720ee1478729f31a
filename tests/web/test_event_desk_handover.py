"""Handing the desk over: a second organiser link that opens the desk on another
device, revocable; the home page lists the nights this phone runs; a wrong or expired address says
what went wrong and what to do. Revoking a desk revokes every desk made from it, and from those in
turn; what a revoked desk was handed at the tables: test_event_desk_revoked.py."""
from __future__ import annotations

import html
import re

from tests.web.test_event_security import leaks, open_to_anyone
from tests.web.test_events import auth

API_NAMES = ["Aiko", "Botan", "Chika", "Daichi"]


def text(reply) -> str:
    return html.unescape(reply.get_data(as_text=True))


def new_night(client, names="Aiko\nBotan\nChika\nDaichi"):
    """A night made on the desk's pages by this phone: its id."""
    made = client.post("/events", data={"name": "Friday at the Dojo", "games": ["gangs"], "rounds": "2", "date": "2026-12-04"})
    event_id = made.headers["Location"].split("/e/")[1].split("/")[0]
    client.post(f"/e/{event_id}/admin/players", data={"names": names})
    return event_id


def api_night(client, rounds=3):
    """A night of Gangs of Kyoto with four players: (event id, organiser token)."""
    event = client.post("/api/events", json={"name": "Friday", "games": ["gangs"], "rounds": rounds}).json
    assert client.post(f"/api/events/{event['id']}/players", json={"names": API_NAMES}, headers=auth(event["token"])).status_code == 200
    return event["id"], event["token"]


def hand_over(client, eid, by, label) -> dict:
    """A desk handed over by the desk of token `by`: {"id", "label", "token", "url"}."""
    made = client.post(f"/api/events/{eid}/desks", json={"label": label}, headers=auth(by))
    assert made.status_code == 201, made.json
    return made.json


def desk_link(page: str) -> str:
    """The newest desk link on a desk page."""
    return re.findall(r'href="(/e/[^"/]+/desk/[^"/]+)"', page)[-1]


def desk_of(page: str) -> str:
    """The id of the newest desk on a desk page."""
    return re.findall(r'data-desk="([^"]+)"', page)[-1]


def test_the_desk_hands_over_to_a_second_phone_which_runs_the_night_under_its_own_name(client, app):
    eid = new_night(client)
    assert client.post(f"/e/{eid}/admin/handover", data={"label": "Ines's phone"}).status_code in (200, 302)
    page = text(client.get(f"/e/{eid}/admin"))
    assert "Ines's phone" in page and "desk-qr" in page
    link, desk_id = desk_link(page), desk_of(page)
    qr = client.get(f"/e/{eid}/desk/{desk_id}/qr.svg")
    assert qr.status_code == 200 and qr.mimetype == "image/svg+xml"

    second = app.test_client()
    opened = second.get(link)
    assert opened.status_code == 302 and opened.headers["Location"].endswith(f"/e/{eid}/admin")
    assert second.get(f"/e/{eid}/admin").status_code == 200
    with second.session_transaction() as sess:
        sess["csrf"] = "t"
    second.post(f"/e/{eid}/admin/players", data={"names": "Emi", "_csrf": "t"})
    assert "Emi" in [r["name"] for r in client.get(f"/api/events/{eid}/standings").json]
    assert "this phone" in text(second.get(f"/e/{eid}/admin"))
    whole = client.get(f"/api/events/{eid}")  # the desk's cookie reads the whole event too
    assert whole.status_code == 200 and [e["what"] for e in whole.json["history"]] == ["handover"]
    assert whole.json["history"][0]["who"] == "organiser" and "Ines's phone" in whole.json["history"][0]["text"]


def test_a_revoked_desk_opens_nothing_and_its_phone_is_told_when_and_by_whom(client, app):
    eid = new_night(client)
    client.post(f"/e/{eid}/admin/handover", data={"label": "Laptop"})
    page = text(client.get(f"/e/{eid}/admin"))
    link, desk_id = desk_link(page), desk_of(page)
    second = app.test_client()
    second.get(link)
    client.post(f"/e/{eid}/admin/revoke", data={"desk": desk_id})

    refused = second.get(f"/e/{eid}/admin")
    assert refused.status_code == 403
    words = text(refused)
    assert "This desk link was revoked" in words and "“Laptop” was revoked at" in words and "by organiser" in words
    assert "Hand the desk over" in words and f'href="/e/{eid}"' in words
    with second.session_transaction() as sess:
        sess["csrf"] = "t"
    second.post(f"/e/{eid}/admin/players", data={"names": "Mallory", "_csrf": "t"})
    assert "Mallory" not in [r["name"] for r in client.get(f"/api/events/{eid}/standings").json]
    assert "was revoked" in text(app.test_client().get(link))
    assert second.get(f"/e/{eid}/desk/{desk_id}/qr.svg").status_code == 403
    history = client.get(f"/api/events/{eid}").json["history"]
    assert [e["what"] for e in history] == ["handover", "revoked"]


def test_a_desk_cannot_revoke_itself_and_the_first_desk_cannot_be_revoked(client, app):
    event = client.post("/api/events", json={"name": "N", "games": ["gangs"], "rounds": 1}).json
    made = client.post(f"/api/events/{event['id']}/desks", json={"label": "Two"}, headers=auth(event["token"]))
    assert made.status_code == 201 and set(made.json) == {"id", "label", "token", "url"}
    assert made.json["url"].endswith(f"/e/{event['id']}/desk/{made.json['token']}")
    as_two = auth(made.json["token"])
    assert client.post(f"/api/events/{event['id']}/players", json={"names": ["Ann", "Bo"]}, headers=as_two).status_code == 200
    itself = client.post(f"/api/events/{event['id']}/desks/{made.json['id']}/revoke", headers=as_two)
    assert itself.status_code == 422 and "the desk you are using" in itself.json["error"]
    first = client.post(f"/api/events/{event['id']}/desks/organiser/revoke", headers=as_two)
    assert first.status_code == 422
    same = client.post(f"/api/events/{event['id']}/desks", json={"label": "two"}, headers=as_two)
    assert same.status_code == 422 and "called “two” already" in same.json["error"]
    gone = client.post(f"/api/events/{event['id']}/desks/{made.json['id']}/revoke", headers=auth(event["token"]))
    assert gone.status_code == 200 and gone.json == {"desks": []}
    assert client.post(f"/api/events/{event['id']}/players", json={"names": ["Cy"]}, headers=as_two).status_code == 401


def test_wrong_addresses_explain_themselves(client, app):
    eid = new_night(client)
    stranger = app.test_client()
    for url, status, words in [
        (f"/e/{eid}/admin", 403, "This phone is not a desk of this night"),
        (f"/e/{eid}/desk/not-a-token", 403, "This desk link does not open the desk"),
        ("/e/nope", 404, "There is no tournament night at this address"),
        ("/e/nope/admin", 404, "There is no tournament night at this address"),
        ("/e/nope/screen", 404, "Scan the event's QR code again"),
        ("/e/nope/desk/x", 404, "There is no tournament night at this address"),
    ]:
        reply = stranger.get(url)
        assert reply.status_code == status and words in text(reply), url
        assert "What to do:" in text(reply) and "Request failed" not in text(reply)


def test_the_home_page_lists_the_nights_this_phone_runs_even_after_many_tables(client, app):
    eid = new_night(client)
    for _ in range(35):  # more tables than the cookie remembers: they must not push the night out
        client.post("/tables", data={"game": "gangs", "players": ["A", "B"]})
    home = text(client.get("/"))
    assert "Your tournament nights" in home and "Friday at the Dojo" in home and f'href="/e/{eid}/admin"' in home
    assert "2026-12-04 · round 0 of 2" in home
    assert "Your tournament nights" not in text(app.test_client().get("/"))


def test_no_desk_link_reaches_anything_open_to_anyone(client, app):
    eid = new_night(client)
    client.post(f"/e/{eid}/admin/round", data={"games": "gangs"})
    client.post(f"/e/{eid}/admin/handover", data={"label": "Laptop"})
    record = app.extensions["companion.events"].get(eid)
    secrets = {f"desk {d['label']}": d["token"] for d in record["desks"]} | {"organiser": record["token"]}
    assert not leaks(open_to_anyone(app, eid), secrets)


def test_desks_made_by_a_revoked_desk_open_nothing_and_desks_made_by_others_stay(client, app):
    eid, organiser = api_night(client)
    door = hand_over(client, eid, organiser, "Door")
    made = hand_over(client, eid, door["token"], "Made by the door")
    deeper = hand_over(client, eid, made["token"], "Made by that one")
    bar = hand_over(client, eid, organiser, "Bar")
    by_bar = hand_over(client, eid, bar["token"], "Made by the bar")
    reply = client.post(f"/api/events/{eid}/desks/{door['id']}/revoke", headers=auth(organiser))
    assert reply.status_code == 200 and [d["label"] for d in reply.json["desks"]] == ["Bar", "Made by the bar"]
    for desk in (door, made, deeper):
        token = desk["token"]
        assert client.post(f"/api/events/{eid}/players", json={"names": ["Mallory"]}, headers=auth(token)).status_code == 401
        assert client.get(f"/api/events/{eid}", headers=auth(token)).status_code == 401
        assert client.post(f"/api/events/{eid}/desks/{bar['id']}/revoke", headers=auth(token)).status_code == 401
        assert client.post(f"/api/events/{eid}/rounds", json={"game": "gangs"}, headers=auth(token)).status_code == 401
        phone = app.test_client()
        page = phone.get(f"/e/{eid}/desk/{token}")
        assert page.status_code == 403 and "This desk link was revoked" in page.get_data(as_text=True)
    for desk, name in ((bar, "Emi"), (by_bar, "Fumi")):
        assert client.post(f"/api/events/{eid}/players", json={"names": [name]}, headers=auth(desk["token"])).status_code == 200
        assert client.get(f"/api/events/{eid}", headers=auth(desk["token"])).status_code == 200
    history = client.get(f"/api/events/{eid}", headers=auth(organiser)).json["history"]
    assert history[-1]["text"] == "revoked the desk “Door” and the desks made from it: Made by the door, Made by that one"
    refused = client.post(f"/api/events/{eid}/desks/{bar['id']}/revoke", headers=auth(by_bar["token"]))
    assert refused.status_code == 422 and "handed over from “Bar”" in refused.json["error"], "it would revoke itself"


def test_a_handed_over_desk_is_headed_with_its_own_name_not_organiser(client, app):
    eid = new_night(client)
    client.post(f"/e/{eid}/admin/handover", data={"label": "Ines's phone"})
    page = text(client.get(f"/e/{eid}/admin"))
    assert "<h1 class=\"sub\">Friday at the Dojo · organiser</h1>" in page  # the first desk is the organiser's
    ines = app.test_client()
    ines.get(desk_link(page))
    hers = text(ines.get(f"/e/{eid}/admin"))
    assert "<h1 class=\"sub\">Friday at the Dojo · desk “Ines's phone”</h1>" in hers
    assert "<title>Friday at the Dojo — desk “Ines's phone”</title>" in hers
