"""The organiser's desk without reloads: every form answers with the desk's
regions swapped in place and a message strip; a correction is confirmed before anything is
replaced; nothing is preselected as a result; seats read as seats; the night's end shows a podium;
a round that cannot start says why."""
from __future__ import annotations

import html
import re

from tests.web.test_events import auth

HX = {"HX-Request": "true"}
NAMES = ["Aiko", "Botan", "Chika", "Daichi"]


def words(page: str) -> str:
    """A page's text as read (tags dropped, spaces collapsed)."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


def region(page: str, name: str) -> str:
    """One region of a page or reply: from its tag to the next region's."""
    starts = [m.start() for m in re.finditer(r'<[a-z]+ id="(?:event-[a-z]+|flash)"', page)]
    start = page.rindex("<", 0, page.index(f'id="{name}"'))
    return page[start:min([s for s in starts if s > start], default=len(page))]


def desk_night(client, rounds="2", names="\n".join(NAMES)):
    made = client.post("/events", data={"name": "Friday", "games": ["gangs"], "rounds": rounds})
    eid = made.headers["Location"].split("/e/")[1].split("/")[0]
    client.post(f"/e/{eid}/admin/players", data={"names": names})
    with client.session_transaction() as sess:
        token = sess["events"][eid]
    return eid, auth(token)


def test_a_desk_form_sent_by_htmx_answers_with_the_regions_in_place_not_a_reload(client):
    eid, h = desk_night(client)
    reply = client.post(f"/e/{eid}/admin/players", data={"names": "Emi"}, headers=HX)
    page = reply.get_data(as_text=True)
    assert reply.status_code == 200 and "Location" not in reply.headers
    for name in ("event-round", "event-start", "event-standings", "event-players", "event-results", "event-desks", "event-history", "flash", "event-confirm"):
        assert re.search(f'id="{name}"[^>]*hx-swap-oob="true"', page), name
    assert "Emi" in region(page, "event-players") and "Players (5 checked in of 5)" in words(page)
    assert words(region(page, "flash")) == ""


def test_a_refused_desk_form_answers_with_its_sentence_in_the_strip_and_changes_nothing(client):
    eid, h = desk_night(client)
    reply = client.post(f"/e/{eid}/admin/players", data={"names": "aiko"}, headers=HX)
    assert reply.status_code == 422
    assert "Aiko is already registered (typed “aiko”)" in words(region(reply.get_data(as_text=True), "flash"))
    stranger = client.application.test_client()
    with stranger.session_transaction() as sess:
        sess["csrf"] = "t"
    refused = stranger.post(f"/e/{eid}/admin/players", data={"names": "Mallory", "_csrf": "t"}, headers=HX)
    assert refused.status_code == 403 and "Only the organiser" in refused.get_data(as_text=True)


def test_a_result_entered_at_the_desk_needs_every_place_and_may_hold_a_tie(client):
    eid, h = desk_night(client)
    table = client.post(f"/api/events/{eid}/rounds", json={"game": "gangs"}, headers=h).json["tables"][0]
    page = client.get(f"/e/{eid}/admin").get_data(as_text=True)
    assert "selected" not in region(page, "event-round"), "no place is chosen for the organiser"
    players = table["players"]
    blank = client.post(f"/e/{eid}/admin/result", data={"table_id": table["table_id"], "player": players, "place": ["", "", "", ""]}, headers=HX)
    assert blank.status_code == 422
    assert f"Table 1 of round 1: {players[0]}, {players[1]}, {players[2]} and {players[3]} have no place yet" in words(blank.get_data(as_text=True))
    tie = client.post(f"/e/{eid}/admin/result", data={"table_id": table["table_id"], "player": players, "place": ["1", "1", "2", "3"]}, headers=HX)
    assert tie.status_code == 200
    assert f"1st {players[0]} 1st {players[1]} 3rd {players[2]} 4th {players[3]}" in words(region(tie.get_data(as_text=True), "event-round"))


def test_a_correction_is_confirmed_before_anything_is_replaced(client):
    eid, h = desk_night(client)
    table = client.post(f"/api/events/{eid}/rounds", json={"game": "gangs"}, headers=h).json["tables"][0]
    players = table["players"]
    client.post(f"/api/events/{eid}/results", json={"table_id": table["table_id"], "placings": players}, headers=h)
    before = client.get(f"/api/events/{eid}/standings").json
    fields = {"table_id": table["table_id"], "player": players, "place": ["4", "3", "2", "1"]}
    asked = client.post(f"/e/{eid}/admin/correct", data=fields, headers=HX)
    ask = words(region(asked.get_data(as_text=True), "event-confirm"))
    assert asked.status_code == 200 and "Replace the result of table 1, round 1" in ask
    assert f"Now: 1st {players[0]}" in ask and f"New: 1st {players[3]}" in ask and "Yes, replace it" in ask
    assert client.get(f"/api/events/{eid}/standings").json == before, "nothing replaced yet"
    kept = client.post(f"/e/{eid}/admin/cancel", data={}, headers=HX)
    assert 'id="event-confirm"' in kept.get_data(as_text=True) and "Replace the result" not in kept.get_data(as_text=True)
    assert client.get(f"/api/events/{eid}/standings").json == before
    # The confirmation's own button sends the new result as a confirmed correction.
    confirm = region(asked.get_data(as_text=True), "event-confirm")
    assert f'action="/e/{eid}/admin/result"' in confirm and 'name="confirmed" value="1"' in confirm
    done = client.post(f"/e/{eid}/admin/result", data={**fields, "correction": "1", "confirmed": "1"}, headers=HX)
    assert done.status_code == 200
    assert {r["name"]: r["wins"] for r in client.get(f"/api/events/{eid}/standings").json}[players[3]] == 1
    history = client.get(f"/api/events/{eid}", headers=h).json["history"]
    assert [e["what"] for e in history] == ["result", "correction"]
    same = client.post(f"/e/{eid}/admin/correct", data=fields, headers=HX)
    assert same.status_code == 422 and "has that result already" in words(same.get_data(as_text=True))


def test_without_script_a_correction_shows_its_confirmation_on_the_desk_page(client):
    eid, h = desk_night(client)
    table = client.post(f"/api/events/{eid}/rounds", json={"game": "gangs"}, headers=h).json["tables"][0]
    client.post(f"/api/events/{eid}/results", json={"table_id": table["table_id"], "placings": table["players"]}, headers=h)
    page = client.post(f"/e/{eid}/admin/correct", data={"table_id": table["table_id"], "player": table["players"], "place": ["2", "1", "3", "4"]})
    assert page.status_code == 200 and "Replace the result of table 1, round 1" in words(page.get_data(as_text=True))


def test_seats_read_as_seats_and_the_round_says_why_it_cannot_start(client):
    eid, h = desk_night(client, names="\n".join(NAMES + ["Emi", "Fumi", "Goro", "Hana"]))
    tables = client.post(f"/api/events/{eid}/rounds", json={"game": "gangs"}, headers=h).json["tables"]
    page = client.get(f"/e/{eid}/admin").get_data(as_text=True)
    seats = words(region(page, "event-round"))
    assert f"seat 1 {tables[0]['players'][0]} seat 2 {tables[0]['players'][1]}" in seats
    assert "<ol" not in region(page, "event-round").split("result-form")[0], "no numbered list before a result"
    start = words(region(page, "event-start"))
    assert "Round 1 still has 2 tables without a result (1 and 2)." in start
    assert re.search(r"<button disabled[^>]*>Seat the players", region(page, "event-start"))
    for t in tables:
        client.post(f"/api/events/{eid}/results", json={"table_id": t["table_id"], "placings": t["players"]}, headers=h)
    assert "without a result" not in words(region(client.get(f"/e/{eid}/admin").get_data(as_text=True), "event-start"))


def test_the_last_rounds_end_shows_a_podium_everywhere_and_the_timer_stops(client):
    eid, h = desk_night(client, rounds="1")
    public = client.application.test_client().get(f"/e/{eid}").get_data(as_text=True)
    assert "Final standings" not in public
    table = client.post(f"/api/events/{eid}/rounds", json={"game": "gangs"}, headers=h).json["tables"][0]
    # The desk says how long the round has played; the big screen shows one clock, the countdown.
    assert "data-started" in client.get(f"/e/{eid}/admin").get_data(as_text=True)
    assert "data-started" not in client.get(f"/e/{eid}/screen").get_data(as_text=True)
    # While the last round plays, the desk does not call the night played (an organiser took it so).
    playing = words(region(client.get(f"/e/{eid}/admin").get_data(as_text=True), "event-start"))
    assert "The last round is playing" in playing and "Round 1 is the night's last: the night ends when its tables finish." in playing
    assert "played" not in playing
    client.post(f"/api/events/{eid}/results", json={"table_id": table["table_id"], "placings": [table["players"][0], table["players"][1:3], table["players"][3]]}, headers=h)
    players = table["players"]
    for url in (f"/e/{eid}", f"/e/{eid}/screen", f"/e/{eid}/admin"):
        page = client.get(url).get_data(as_text=True)
        podium = words(region(page, "event-podium"))
        tied = " = ".join(sorted(players[1:3], key=str.casefold))
        assert f"Final standings 1st {players[0]} 3 points 2nd {tied} 1.5 points" in podium, url
        assert players[3] not in podium
        assert "data-started" not in page and "every table finished" in words(page), url
    start = words(region(client.get(f"/e/{eid}/admin").get_data(as_text=True), "event-start"))
    assert "All rounds played" in start and "The night's only round has been played." in start


def test_exports_download_instead_of_replacing_the_desk(client):
    eid, h = desk_night(client)
    page = client.get(f"/e/{eid}/admin").get_data(as_text=True)
    for what in ("export.csv", "standings.csv", "export.json"):
        assert re.search(rf'href="/api/events/{eid}/{what}" download', page), what
    assert re.search(r'href="/e/[^"]+/screen" target="_blank"', page)
