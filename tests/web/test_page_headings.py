"""Every whole page says where the phone is: exactly one <h1>, with words that name the place (a
table page: the game's name, on the play and the watch page). The live regions of a table's and a
tournament night's pages, which a push, a poll or an htmx reply swaps in, bring no second one."""
from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from flask import template_rendered

from companion import asset_folder
from companion.events.checkin import checkin_key
from companion.games import all_games

from .test_event_desk_forms import HX, NAMES
from .test_pages import create_from_form, give_form

TEMPLATES = Path(asset_folder("templates"))
# The templates that draw a whole page (the others are parts of one).
WHOLE_PAGES = sorted(str(p.relative_to(TEMPLATES)) for p in TEMPLATES.rglob("*.html")
                     if p.read_text().startswith('{% extends "base.html" %}'))

GAMES = sorted(all_games(), key=lambda g: g.id)


def headings(page: str) -> list[str]:
    """The text of each <h1> of a page, as a screen reader reads it."""
    found = re.findall(r"<h1\b[^>]*>(.*?)</h1>", page, re.S)
    return [" ".join(html.unescape(re.sub(r"<[^>]*>", "", h)).split()) for h in found]


def new_table(client, game) -> str:
    data = {"game": game.id, "players": ["Ann", "Bob", "Cy"][: max(2, game.min_players)], "first_player": "0"}
    resp = client.post("/tables", data=data)
    assert resp.status_code == 302, resp.text
    return resp.location.rsplit("/", 1)[-1]


def night(client, date: str = "") -> str:
    """A tournament night ("Friday", on `date` when given) made on this phone (its desk), four
    players registered."""
    made = client.post("/events", data={"name": "Friday", "games": ["gangs"], "rounds": "2", "date": date})
    assert made.status_code == 302, made.text
    event_id = made.headers["Location"].split("/e/")[1].split("/")[0]
    client.post(f"/e/{event_id}/admin/players", data={"names": "\n".join(NAMES)})
    return event_id


def a_result_to_correct(client) -> str:
    """The address of the page correcting a result entered at the desk of a night on this phone."""
    event_id = night(client)
    client.post(f"/e/{event_id}/admin/round", data={"games": ["gangs"]})
    table = client.application.extensions["companion.events"].get(event_id)["rounds"][0]["tables"][0]
    names = table["players"]
    entered = client.post(f"/e/{event_id}/admin/result", data={"table_id": table["table_id"], "player": names,
                                                               "place": [str(k) for k in range(1, len(names) + 1)]})
    assert entered.status_code == 302, entered.text
    return f"/e/{event_id}/admin/correct/{table['table_id']}"


def checked_in(client) -> str:
    """The address of "my night" on a phone checked in as Ann (by the check-in page)."""
    event_id = night(client)
    client.post(f"/e/{event_id}/checkin", data={"name": "Ann", "key": _key(client, event_id)})
    return f"/e/{event_id}/me"


def _key(client, event_id: str) -> str:
    return checkin_key(client.application.extensions["companion.events"].get(event_id))


def returning(client):
    """The home page of a phone that made a table and runs a night."""
    create_from_form(client)
    night(client)
    return client.get("/")


def stranger(client):
    """Another phone (its own cookies)."""
    return client.application.test_client()


# Each page: how a phone gets there -> (response, the words of its one <h1>).
PAGES = {
    "home, a first visit": lambda c: (c.get("/"), "Kyoto Table Companion"),
    "home, a phone with tables and a night": lambda c: (returning(c), "Kyoto Table Companion"),
    "join": lambda c: (c.get("/join"), "Join a table"),
    "join, a wrong code": lambda c: (c.post("/join", data={"code": "ZZZZZZ"}), "Join a table"),
    "not found": lambda c: (c.get("/t/no-such-table"), "Not found"),
    "a wrong play link": lambda c: (stranger(c).get(f"/t/{create_from_form(c)}/play/not-the-token"), "Sorry"),
    "offline": lambda c: (c.get("/offline"), "Offline"),
    "a table's whole history": lambda c: (c.get(f"/t/{create_from_form(c)}/history"),
                                          "The whole history of this Gangs of Kyoto table"),
    "a table's past board": lambda c: (c.get(f"/t/{create_from_form(c)}/at/0"), "Gangs of Kyoto · as it stood"),
    "a new night": lambda c: (c.get("/events/new"), "New tournament night"),
    "a new night, refused": lambda c: (c.post("/events", data={"name": "", "games": ["gangs"], "rounds": "1"}),
                                       "New tournament night"),
    "the organiser's desk": lambda c: (c.get(f"/e/{night(c)}/admin"), "Friday · organiser"),
    "a result's correction, without script": lambda c: (c.get(a_result_to_correct(c)), "Friday · organiser"),
    "the players' page": lambda c: (c.get(f"/e/{night(c)}"), "Friday"),
    "the players' page, a dated night": lambda c: (c.get(f"/e/{night(c, '2026-12-05')}"), "Friday · 2026-12-05"),
    "the big screen": lambda c: (c.get(f"/e/{night(c, '2026-12-05')}/screen"), "Friday"),
    "the check-in page": lambda c: (c.get(f"/e/{(e := night(c))}/checkin?key={_key(c, e)}"), "Check in"),
    "my night": lambda c: (c.get(checked_in(c)), "Ann"),
    "no such night": lambda c: (c.get("/e/no-such-night"), "There is no tournament night at this address"),
    "not a desk": lambda c: (stranger(c).get(f"/e/{night(c)}/admin"), "This phone is not a desk of this night"),
    "a new group": lambda c: (c.get("/groups/new"), "New group"),
    "a group's page": lambda c: (c.get(c.post("/groups", data={"name": "Friday friends"}).headers["Location"]), "Friday friends"),
    "a new league": lambda c: (c.get("/leagues/new"), "New league"),
    "a new league, refused": lambda c: (c.post("/leagues", data={"name": ""}), "New league"),
    "a league's page": lambda c: (c.get(c.post("/leagues", data={"name": "Club"}).headers["Location"]), "Club"),
    "a league's big screen": lambda c: (c.get(c.post("/leagues", data={"name": "Club"}).headers["Location"] + "/screen"), "Club"),
}


@pytest.mark.parametrize("name", PAGES)
def test_each_page_has_one_h1_that_says_where_the_phone_is(client, name):
    resp, expected = PAGES[name](client)
    assert resp.status_code in (200, 403, 404, 422), resp.status_code
    assert headings(resp.text) == [expected]


def test_every_template_of_a_whole_page_is_checked_here(app, client):
    drawn = set()

    def record(sender, template, context, **extra):
        drawn.add(template.name)

    with template_rendered.connected_to(record, app):
        for name, visit in PAGES.items():
            visit(client)
        table_id = create_from_form(client)
        client.get(f"/t/{table_id}")  # table.html: the table pages above
    assert set(WHOLE_PAGES) - drawn == set()
    assert "history.html" in WHOLE_PAGES and "events/admin.html" in WHOLE_PAGES


def test_the_home_page_keeps_its_section_titles_below_its_heading(client):
    page = returning(client).text
    for title in ("Your tournament nights", "Your tables", "Start a table"):
        assert f'<h2 class="as-h1">{title}</h2>' in page
    assert page.index("<h1") < page.index("<h2")


@pytest.mark.parametrize("mode", ["admin", "public", "screen"])
def test_the_regions_a_night_is_pushed_hold_no_h1(client, mode):
    event_id = night(client)
    regions = client.get(f"/e/{event_id}/regions?mode={mode}")
    assert regions.status_code == 200 and 'hx-swap-oob="true"' in regions.text
    assert headings(regions.text) == []


def test_after_a_desk_form_the_desk_still_has_one_h1(client):
    event_id = night(client)
    reply = client.post(f"/e/{event_id}/admin/players", data={"names": "Emi"}, headers=HX)
    assert reply.status_code == 200 and 'hx-swap-oob="true"' in reply.text
    assert headings(reply.text) == []
    assert headings(client.get(f"/e/{event_id}/find?name=Emi").text) == []
    assert headings(client.get(f"/e/{event_id}/admin").text) == ["Friday · organiser"]


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_the_play_and_watch_pages_each_have_one_h1_with_the_games_name(client, game):
    table_id = new_table(client, game)
    play = headings(client.get(f"/t/{table_id}").text)
    watch = headings(client.get(f"/t/{table_id}/watch").text)
    assert play == [game.title]
    assert len(watch) == 1 and watch[0].startswith(game.title) and "watching" in watch[0]


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_the_regions_a_page_is_pushed_hold_no_second_h1(client, game):
    table_id = new_table(client, game)
    for mode in ("play", "watch"):
        regions = client.get(f"/t/{table_id}/regions?mode={mode}")
        assert regions.status_code == 200 and 'hx-swap-oob="morph"' in regions.text
        assert headings(regions.text) == [], mode


def test_after_an_action_the_page_still_has_one_h1(client):
    table_id = create_from_form(client)
    reply = client.post(f"/t/{table_id}/act", data=give_form(0, 1), headers=HX)
    assert reply.status_code == 200 and 'id="board" hx-swap-oob="morph"' in reply.text
    assert headings(reply.text) == []
    assert headings(client.get(f"/t/{table_id}").text) == ["Gangs of Kyoto"]
