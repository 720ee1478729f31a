"""The round clock on the night's pages (api.md, Round clock; v4: one clock on the big screen):
the desk's forms start, pause and lengthen it; every page shows the countdown and names the
tables given extra time, and no count-up beside it; "start again" is checked against the clock
the server holds (a desk drawn before another desk changed it is asked again); numbers typed
as anything but digits get a sentence, never a 500; once the night is over no clock runs."""
from __future__ import annotations

from tests.conftest import PhoneClient
from tests.web.test_event_clock import NAMES, Wall, read, stored
from tests.web.test_event_desk_forms import region, words
from tests.web.test_events import auth


def desk_night(client):
    """A night made on the desk's pages by this phone, its round seated: (event id, table ids)."""
    made = client.post("/events", data={"name": "Friday", "games": ["gangs"], "rounds": "2"})
    eid = made.headers["Location"].split("/e/")[1].split("/")[0]
    client.post(f"/e/{eid}/admin/players", data={"names": "\n".join(NAMES)})
    client.post(f"/e/{eid}/admin/round", data={"games": "gangs"})
    return eid, [t["table_id"] for t in client.application.extensions["companion.events"].get(eid)["rounds"][-1]["tables"]]


def drawn_key(client, eid) -> str:
    """The clock key the desk's start form carries as the desk draws it now."""
    page = client.get(f"/e/{eid}/admin").get_data(as_text=True)
    return page.split('name="clock_key" value="')[1].split('"')[0]


def desk_post(client, eid, form, status=200) -> str:
    """A desk's clock form; a start carries the key of the clock the desk shows now unless the
    test gives one (a desk drawn earlier)."""
    if form.get("action") == "start" and "clock_key" not in form:
        form = {**form, "clock_key": drawn_key(client, eid)}
    reply = client.post(f"/e/{eid}/admin/clock", data=form, headers={"HX-Request": "true"})
    assert reply.status_code == status
    return reply.get_data(as_text=True)


def test_the_desks_clock_forms_start_pause_resume_and_add_minutes(app):
    app.test_client_class = PhoneClient
    client = app.test_client()
    wall = Wall(app)
    eid, tables = desk_night(client)
    page = client.get(f"/e/{eid}/admin").get_data(as_text=True)
    assert 'id="event-clock"' in page and "Start the clock" in page and "js/clock.js" in page
    pushed = desk_post(client, eid, {"action": "start", "minutes": "25"})
    assert 'data-clock-state="running"' in pushed and "Pause" in pushed and f'data-up-table="{tables[0]}"' in pushed
    assert read(client, eid)["remaining_s"] == 1500
    wall += 60
    assert 'data-clock-state="paused"' in desk_post(client, eid, {"action": "pause"})
    assert 'data-clock-state="running"' in desk_post(client, eid, {"action": "resume"})
    desk_post(client, eid, {"action": "round", "add_minutes": "5"})
    pushed = desk_post(client, eid, {"action": "table", "table_id": tables[1], "add_minutes": "3"})
    assert "Table 2 (+3 min)" in pushed
    clock = read(client, eid)
    assert clock["remaining_s"] == 1740 and clock["tables"][tables[1]]["remaining_s"] == 1920
    before = stored(app, eid)
    for form, said in (({"action": "start", "minutes": "-3"}, "whole number"), ({"action": "start", "minutes": "9999"}, "whole number"),
                        ({"action": "table", "table_id": "nope", "add_minutes": "5"}, "not in round 1"),
                        ({"action": "explode"}, "no known change")):
        assert said in desk_post(client, eid, form, 422)
    assert stored(app, eid) == before


def test_the_clock_is_a_live_region_of_every_night_page_and_shown_on_the_rounds_table_pages(app):
    app.test_client_class = PhoneClient
    client = app.test_client()
    Wall(app)
    eid, tables = desk_night(client)
    public = client.get(f"/e/{eid}").get_data(as_text=True)
    assert 'id="event-clock"' in public and 'data-clock-state="none"' in public
    key = public.split('data-clock-key="')[1].split('"')[0]
    desk_post(client, eid, {"action": "start", "minutes": "25"})
    for page in (f"/e/{eid}", f"/e/{eid}/screen", f"/e/{eid}/regions?mode=public", f"/e/{eid}/regions?mode=screen"):
        text = client.get(page).get_data(as_text=True)
        assert 'data-clock-state="running"' in text and f'data-clock-url="/api/events/{eid}/clock"' in text, page
        assert f'data-clock-key="{key}"' not in text and "Start the clock" not in text, page
    # The region holds no seconds: it is pushed again only when the clock changes.
    assert client.get(f"/e/{eid}/regions?mode=public").data == client.get(f"/e/{eid}/regions?mode=public").data
    for page in (f"/t/{tables[0]}/watch",):
        text = client.get(page).get_data(as_text=True)
        assert f'data-clock-url="/api/events/{eid}/clock" data-table-id="{tables[0]}"' in text and "js/clock.js" in text
    other = client.post("/api/tables", json={"game": "gangs", "players": ["A", "B", "C"]}).json
    assert "table-clock" not in client.get(f"/t/{other['id']}/watch").get_data(as_text=True)


def test_starting_the_clock_again_at_the_desk_asks_before_it_clears_a_tables_extra_time(app):
    app.test_client_class = PhoneClient
    client = app.test_client()
    Wall(app)
    eid, tables = desk_night(client)
    desk_post(client, eid, {"action": "start", "minutes": "25"})
    pushed = desk_post(client, eid, {"action": "table", "table_id": tables[0], "add_minutes": "4"})
    assert 'name="clear_extra" value="1" required' in pushed
    before = stored(app, eid)
    refused = desk_post(client, eid, {"action": "start", "minutes": "30"}, 422)
    assert "clears the extra time given to tables" in refused
    assert stored(app, eid) == before
    desk_post(client, eid, {"action": "start", "minutes": "30", "clear_extra": "1"})
    clock = read(client, eid)
    assert clock["remaining_s"] == 1800 and clock["tables"][tables[0]]["remaining_s"] == 1800


def test_start_again_from_a_desk_drawn_before_another_desk_gave_extra_time_is_asked_again(app):
    app.test_client_class = PhoneClient
    client = app.test_client()
    Wall(app)
    eid, tables = desk_night(client)
    desk_post(client, eid, {"action": "start", "minutes": "25"})
    old_key = drawn_key(client, eid)  # the first desk's page, drawn now
    other = auth(stored(app, eid)["token"])  # another desk gives table 1 four more minutes meanwhile
    assert client.post(f"/api/events/{eid}/clock", json={"table_id": tables[0], "add_minutes": 4}, headers=other).status_code == 200
    before = stored(app, eid)
    for form in ({"action": "start", "minutes": "30", "clock_key": old_key}, {"action": "start", "minutes": "30", "clock_key": old_key,
                                                                             "clear_extra": "1"}, {"action": "start", "minutes": "30", "clock_key": ""}):
        refused = desk_post(client, eid, form, 422)
        assert ("The clock changed since this desk showed it (another desk started, paused or gave extra time): look at it as it "
                "is now and start it again if you still mean to. The clock was not changed.") in words(region(refused, "flash"))
    assert stored(app, eid) == before and read(client, eid)["tables"][tables[0]]["extra_minutes"] == 4
    # Drawn again, the desk shows the extra time and asks for the tick before it clears it.
    again = desk_post(client, eid, {"action": "start", "minutes": "30"}, 422)
    assert "clears the extra time given to tables" in again and stored(app, eid) == before
    desk_post(client, eid, {"action": "start", "minutes": "30", "clear_extra": "1"})
    assert read(client, eid)["tables"][tables[0]]["extra_minutes"] == 0


def test_numbers_that_are_not_digits_get_a_sentence_in_every_clock_form_and_call(app):
    app.test_client_class = PhoneClient
    client = app.test_client()
    Wall(app)
    eid, tables = desk_night(client)
    sentence = "'{}' must be a whole number of minutes from 1 to 600."
    for typed in ("²", "５", "5.5", "", " ", "1e3", "10000000000", "٣"):
        reply = desk_post(client, eid, {"action": "start", "minutes": typed}, 422)
        assert sentence.format("minutes") in words(region(reply, "flash")), typed
    desk_post(client, eid, {"action": "start", "minutes": " 25 "})  # spaces around digits are forgiven
    before = stored(app, eid)
    for typed in ("²", "-5", "five"):
        for form in ({"action": "round", "add_minutes": typed}, {"action": "table", "table_id": tables[0], "add_minutes": typed}):
            assert sentence.format("add_minutes") in words(region(desk_post(client, eid, form, 422), "flash")), form
    h = auth(stored(app, eid)["token"])
    for body in ({"minutes": "²"}, {"minutes": "25"}, {"minutes": 25.0}, {"minutes": True}, {"add_minutes": None},
                 {"table_id": tables[0], "add_minutes": [5]}, {"minutes": 10 ** 40}):
        reply = client.post(f"/api/events/{eid}/clock", json=body, headers=h)
        field = "minutes" if "minutes" in body else "add_minutes"
        assert reply.status_code == 422 and reply.json["error"] == sentence.format(field), body
    assert stored(app, eid) == before


def test_the_big_screen_shows_one_countdown_and_each_tables_extra_time(app):
    app.test_client_class = PhoneClient
    client = app.test_client()
    Wall(app)
    eid, tables = desk_night(client)
    desk_post(client, eid, {"action": "start", "minutes": "25"})
    desk_post(client, eid, {"action": "table", "table_id": tables[1], "add_minutes": "4"})
    for url in (f"/e/{eid}/screen", f"/e/{eid}"):
        page = client.get(url).get_data(as_text=True)
        assert words(region(page, "event-clock")).startswith("Round 1 25 min Extra time: Table 2 +4 min"), url
        assert "Table 2 Gangs of Kyoto not started +4 min" in words(region(page, "event-round")), url
        assert page.count('role="timer"') == 1 and 'class="timer"' not in page, "one clock: the countdown"
    desk = client.get(f"/e/{eid}/admin").get_data(as_text=True)
    assert "Playing for" in words(region(desk, "event-round")), "the desk keeps how long the round has played, apart"


def test_once_the_night_is_over_no_clock_runs_anywhere(app):
    app.test_client_class = PhoneClient
    client = app.test_client()
    wall = Wall(app)
    made = client.post("/events", data={"name": "Friday", "games": ["gangs"], "rounds": "1"})
    eid = made.headers["Location"].split("/e/")[1].split("/")[0]
    client.post(f"/e/{eid}/admin/players", data={"names": "\n".join(NAMES[:4])})
    client.post(f"/e/{eid}/admin/round", data={"games": "gangs"})
    desk_post(client, eid, {"action": "start", "minutes": "25"})
    wall += 60
    table = stored(app, eid)["rounds"][0]["tables"][0]
    h = auth(stored(app, eid)["token"])
    client.post(f"/api/events/{eid}/results", json={"table_id": table["table_id"], "placings": table["players"]}, headers=h)
    clock = read(client, eid)
    assert not clock["running"] and not clock["paused"] and clock["remaining_s"] is None
    assert clock["tables"][table["table_id"]]["remaining_s"] is None, "the table pages stop too"
    for url in (f"/e/{eid}/screen", f"/e/{eid}", f"/e/{eid}/admin"):
        page = client.get(url).get_data(as_text=True)
        assert 'data-clock-state="over"' in page and "Start the clock" not in page and "Pause" not in page, url
        assert region(page, "event-clock").split(">")[0].rstrip().endswith("hidden"), url
    before = stored(app, eid)
    for body in ({"minutes": 10}, {"add_minutes": 5}, {"pause": True}):
        refused = client.post(f"/api/events/{eid}/clock", json=body, headers=h)
        assert refused.status_code == 422 and refused.json["error"] == ("The night is over: every table of its last round has a "
                                                                        "result, so no clock runs. The clock was not changed.")
    assert stored(app, eid) == before
