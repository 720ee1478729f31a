"""A night on a player's phone, as pages: the check-in code on the desk, the big screen and the
paper; the check-in form (refusals said on it); my night, and its regions pushed to the phone."""
from __future__ import annotations

import re
from html import unescape
from urllib.parse import urlsplit

import pytest

from tests.web.test_event_security import leaks, open_to_anyone


def bearer(token):
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture
def night(client):
    made = client.post("/api/events", json={"name": "Club night", "games": ["gangs"], "rounds": 2}).json
    client.post(f"/api/events/{made['id']}/players", json={"names": ["Ann", "Bob"]}, headers=bearer(made["token"]))
    url = client.get(f"/api/events/{made['id']}", headers=bearer(made["token"])).json["urls"]["checkin"]
    return {**made, "checkin": urlsplit(url).path + "?" + urlsplit(url).query}


def check_in(phone, night, name):
    page = phone.get(night["checkin"])
    key = re.search(r'name="key" value="([^"]+)"', page.get_data(as_text=True)).group(1)
    return phone.post(f"/e/{night['id']}/checkin", data={"name": name, "key": key})


def text(resp):
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", resp.get_data(as_text=True))).split())


def test_the_desk_the_big_screen_and_the_paper_show_the_check_in_code(client, night):
    with client.session_transaction() as sess:
        sess["events"] = {night["id"]: night["token"]}
    qr = f"/e/{night['id']}/checkin/qr.svg"
    for page in ("admin", "screen", "print"):
        html = client.get(f"/e/{night['id']}/{page}").get_data(as_text=True)
        assert qr in html, page
    assert night["checkin"] in unescape(client.get(f"/e/{night['id']}/admin").get_data(as_text=True))
    svg = client.get(qr)
    assert svg.status_code == 200 and svg.mimetype == "image/svg+xml"


def test_checking_in_opens_my_night_which_waits_for_round_one(app, night):
    phone = app.test_client()
    done = check_in(phone, night, "Cy")
    assert done.status_code == 302 and done.headers["Location"].endswith(f"/e/{night['id']}/me")
    page = text(phone.get(f"/e/{night['id']}/me"))
    assert "Cy" in page and "Your table shows here as soon as the organiser draws round 1" in page
    # The players' page leads this phone back to its night; another phone's does not.
    event_id = night["id"]
    mine = f'href="/e/{event_id}/me"'
    assert mine in phone.get(f"/e/{night['id']}").get_data(as_text=True)
    assert mine not in app.test_client().get(f"/e/{night['id']}").get_data(as_text=True)
    # The check-in page, opened again, says whom this phone holds.
    assert "This phone is checked in as Cy" in text(phone.get(night["checkin"]))


def test_a_taken_name_is_refused_on_the_form_which_keeps_what_was_typed(app, night):
    check_in(app.test_client(), night, "Ann")
    other = app.test_client()
    refused = check_in(other, night, "ann")
    assert refused.status_code == 409
    assert "Ann is checked in on another phone already" in text(refused)
    assert 'value="ann"' in refused.get_data(as_text=True)
    assert other.get(f"/e/{night['id']}/me").status_code == 403


def test_a_wrong_key_says_what_to_do(client, night):
    page = client.get(f"/e/{night['id']}/checkin?key=nope")
    assert page.status_code == 403
    assert "scan the check-in code" in text(page)
    refused = client.post(f"/e/{night['id']}/checkin", data={"name": "Dee", "key": "nope"})
    assert refused.status_code == 403 and "not this night's" in text(refused)


def test_my_night_without_checking_in_says_how(client, night):
    page = client.get(f"/e/{night['id']}/me")
    assert page.status_code == 403 and "scan the check-in code" in text(page)
    assert client.get(f"/e/{night['id']}/me/regions").get_data(as_text=True) == ""


def test_my_night_shows_the_table_seat_and_one_tap_to_sit(app, client, night):
    phones = {}
    for name in ("Ann", "Bob", "Cy"):
        phones[name] = app.test_client()
        check_in(phones[name], night, name)
    rnd = client.post(f"/api/events/{night['id']}/rounds", json={"game": "gangs"}, headers=bearer(night["token"])).json
    table = rnd["tables"][0]
    for name, phone in phones.items():
        regions = phone.get(f"/e/{night['id']}/me/regions").get_data(as_text=True)
        seat = table["players"].index(name)
        assert f'data-seat-key="1:{table["table_id"]}:{seat}"' in regions
        assert 'id="event-clock"' in regions and f'data-table-id="{table["table_id"]}"' in regions
        page = text(phone.get(f"/e/{night['id']}/me"))
        assert "Table 1" in page and f"Seat {seat + 1} of 3" in page and f"{name} (you)" in page
        link = re.search(r'class="button sit" href="([^"]+)"', phone.get(f"/e/{night['id']}/me").get_data(as_text=True)).group(1)
        assert phone.get(urlsplit(link).path).headers["Location"].endswith(f"/t/{table['table_id']}")
        # The table page sees this phone at its seat: it is not asked who holds it.
        seated = text(phone.get(f"/t/{table['table_id']}"))
        assert f"You are {name}" in seated and "Who holds this phone" not in seated


def test_an_old_seat_link_of_a_name_taken_off_is_explained(app, client, night):
    phone = app.test_client()
    check_in(phone, night, "Cy")
    with phone.session_transaction() as sess:
        token = sess["players"][night["id"]]
    client.post(f"/api/events/{night['id']}/players/remove", json={"names": ["Cy"]}, headers=bearer(night["token"]))
    page = phone.get(f"/e/{night['id']}/sit/{token}")
    assert page.status_code == 403 and "not checked in" in text(page)


def test_a_players_token_reaches_no_page_but_its_own_phones(app, client, night):
    phones = {name: app.test_client() for name in ("Ann", "Bob", "Cy")}
    for name, phone in phones.items():
        check_in(phone, night, name)
    client.post(f"/api/events/{night['id']}/rounds", json={"game": "gangs"}, headers=bearer(night["token"]))
    tokens = {}
    for name, phone in phones.items():
        with phone.session_transaction() as sess:
            tokens[f"{name}'s player token"] = sess["players"][night["id"]]
    replies = open_to_anyone(app, night["id"])
    with client.session_transaction() as sess:
        sess["events"] = {night["id"]: night["token"]}  # the organiser's own desk and reads
    for url in (f"/e/{night['id']}/admin", f"/e/{night['id']}/regions?mode=admin", f"/api/events/{night['id']}",
                f"/api/events/{night['id']}/export.json", f"/e/{night['id']}/print"):
        replies[f"organiser {url}"] = client.get(url).get_data(as_text=True)
    for name, phone in phones.items():
        for url in (f"/e/{night['id']}/me", f"/e/{night['id']}/me/regions"):
            replies[f"{name}'s {url}"] = phone.get(url).get_data(as_text=True)
    found = leaks(replies, tokens)
    # Each phone's own night carries its own token (the one-tap seat link), and no other.
    assert sorted(found) == sorted(f"{n}'s player token in {n}'s /e/{night['id']}/{page}"
                                   for n in phones for page in ("me", "me/regions"))


def test_the_desk_lets_a_new_phone_check_in_for_a_player_whose_phone_died(app, client, night):
    first, second = app.test_client(), app.test_client()
    check_in(first, night, "Ann")
    with client.session_transaction() as sess:
        sess["events"] = {night["id"]: night["token"]}
    desk = text(client.get(f"/e/{night['id']}/admin"))
    assert "Ann ✓ here · by phone" in desk and "Bob ✓ here New phone" not in desk
    assert 'aria-label="Let another phone check in as Ann"' in client.get(f"/e/{night['id']}/admin").get_data(as_text=True)
    assert check_in(second, night, "Ann").status_code == 409
    # A phone without the desk's cookie cannot let go of anyone.
    assert second.post(f"/e/{night['id']}/phones/release", data={"name": "Ann"}, headers={"HX-Request": "true"}).status_code == 403
    freed = client.post(f"/e/{night['id']}/phones/release", data={"name": "Ann"}, headers={"HX-Request": "true"})
    assert freed.status_code == 200 and 'id="event-players"' in freed.get_data(as_text=True)
    assert "Ann ✓ here · by phone" not in text(client.get(f"/e/{night['id']}/admin"))
    assert check_in(second, night, "Ann").status_code == 302
    assert first.get(f"/e/{night['id']}/me").status_code == 403
    assert "This phone no longer follows a player of this night" in text(first.get(f"/e/{night['id']}/me/regions"))


def test_in_the_final_the_finalists_phones_show_their_seat_and_the_others_why_they_have_none(app, client, night):
    phones = {name: app.test_client() for name in ("Ann", "Bob", "Cy", "Dee")}
    for name, phone in phones.items():
        check_in(phone, night, name)
    h = bearer(night["token"])
    for t in client.post(f"/api/events/{night['id']}/rounds", json={"game": "gangs"}, headers=h).json["tables"]:
        assert "Round 1" in text(phones[t["players"][0]].get(f"/e/{night['id']}/me"))
        client.post(f"/api/events/{night['id']}/results", json={"table_id": t["table_id"], "placings": sorted(t["players"])}, headers=h)
    top = client.post(f"/api/events/{night['id']}/final", json={"top": 2, "game": "gangs"}, headers=h).json["tables"][0]["players"]
    for name, phone in phones.items():
        with phone.session_transaction() as sess:
            token = sess["players"][night["id"]]
        me = client.get(f"/api/events/{night['id']}/me", headers=bearer(token)).json
        page = text(phone.get(f"/e/{night['id']}/me"))
        assert me["final"] is True and "The final" in page and "Round 2" not in page
        if name in top:
            assert me["table"]["seat"] == top.index(name)
            assert f"Seat {top.index(name) + 1} of 2" in page and "Sit at my seat" in page
        else:
            assert me["table"] is None
            assert "You are not at a table this round: the final seats the top 2 of the standings." in page
            assert "checked in after it was drawn" not in page and "Sit at my seat" not in page


def test_the_big_screen_counts_each_phone_that_checks_in_in_its_pushed_regions(app, client, night):
    assert "2 players" in text(client.get(f"/e/{night['id']}/screen"))
    check_in(app.test_client(), night, "Cy")
    pushed = client.get(f"/e/{night['id']}/regions?mode=screen").get_data(as_text=True)
    assert re.search(r'<span id="event-count" hx-swap-oob="true">3 players</span>', pushed)


def test_once_the_night_is_over_my_night_has_no_clock_and_says_so(app, client, night):
    phones = {name: app.test_client() for name in ("Ann", "Bob")}
    for phone, name in zip(phones.values(), phones):
        check_in(phone, night, name)
    h = bearer(night["token"])
    for number in (1, 2):
        table = client.post(f"/api/events/{night['id']}/rounds", json={"game": "gangs"}, headers=h).json["tables"][0]
        assert client.post(f"/api/events/{night['id']}/clock", json={"minutes": 30}, headers=h).status_code == 200
        with phones["Ann"].session_transaction() as sess:
            token = sess["players"][night["id"]]
        me = client.get(f"/api/events/{night['id']}/me", headers=bearer(token)).json
        assert me["clock"]["running"] is True and me["over"] is False
        assert "Sit at my seat" in text(phones["Ann"].get(f"/e/{night['id']}/me"))
        client.post(f"/api/events/{night['id']}/results", json={"table_id": table["table_id"], "placings": ["Ann", "Bob"]}, headers=h)
    # The last round has its result: the clock stops here as everywhere (GET …/clock says so too).
    assert client.get(f"/api/events/{night['id']}/clock").json["running"] is False
    me = client.get(f"/api/events/{night['id']}/me", headers=bearer(token)).json
    assert me["over"] is True and me["clock"]["running"] is False and me["clock"]["remaining_s"] is None
    page = phones["Ann"].get(f"/e/{night['id']}/me").get_data(as_text=True)
    assert re.search(r'<section id="event-clock"[^>]*data-clock-state="over"[^>]*hidden', page)
    assert 'role="timer"' not in page
    said = text(phones["Ann"].get(f"/e/{night['id']}/me"))
    assert "All rounds are played" in said and "Standing: 1st of 2" in said and "Sit at my seat" not in said
