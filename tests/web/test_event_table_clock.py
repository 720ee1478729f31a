"""A night's table page and the round clock: it shows the table's own time while the table plays,
and no running clock once the table is finished, its game over in the app or its result decided
at the desk. The page is drawn without it; an open page is pushed its status marked finished
(partials/_status.html), on which static/js/clock.js stops drawing and asking for the clock."""
from __future__ import annotations

import re

from tests.conftest import PhoneClient
from tests.web.test_event_clock import Wall
from tests.web.test_event_desk_in_play import one_move
from tests.web.test_events import auth, play_gangs_to_a_win

CLOCK = 'class="round-clock table-clock"'


def clock_night(client):
    """A night of Gangs of Kyoto, round 1 seated with the clock started (event id, headers, tables)."""
    made = client.post("/api/events", json={"name": "Friday", "games": ["gangs"], "rounds": 2}).json
    eid, h = made["id"], auth(made["token"])
    client.post(f"/api/events/{eid}/players", json={"names": ["Aiko", "Botan", "Chika", "Daichi", "Emi", "Fumi"]}, headers=h)
    tables = client.post(f"/api/events/{eid}/rounds", json={"game": "gangs"}, headers=h).json["tables"]
    assert client.post(f"/api/events/{eid}/clock", json={"minutes": 40}, headers=h).status_code == 200
    return eid, h, tables


def status(page: str) -> str:
    """The opening tag of the table's status region (what a push carries to an open page)."""
    return re.search(r'<section id="status"[^>]*>', page).group(0)


def test_a_table_whose_game_ended_in_the_app_shows_no_round_clock(app):
    app.test_client_class = PhoneClient
    client = app.test_client()
    Wall(app)
    eid, h, tables = clock_night(client)
    played, playing = tables
    before = client.get(f"/t/{played['table_id']}/watch").get_data(as_text=True)
    assert CLOCK in before and "data-finished" not in status(before), "while it plays, its time counts"
    play_gangs_to_a_win(client, played)
    assert client.get(f"/api/events/{eid}/clock").json["running"] is True, "the round's clock runs on for the others"
    for url in (f"/t/{played['table_id']}/watch", f"/t/{played['table_id']}/regions?mode=watch"):
        page = client.get(url).get_data(as_text=True)
        assert CLOCK not in page and "data-finished" in status(page), url
    assert CLOCK in client.get(f"/t/{playing['table_id']}/watch").get_data(as_text=True)


def test_a_table_the_desk_decided_shows_no_round_clock(app):
    app.test_client_class = PhoneClient
    client = app.test_client()
    Wall(app)
    eid, h, tables = clock_night(client)
    in_play, on_paper = tables
    one_move(client, in_play)
    for t in tables:
        taken = client.post(f"/api/events/{eid}/results", json={"table_id": t["table_id"], "placings": t["players"],
                                                                "override": t is in_play}, headers=h)
        assert taken.status_code == 200, taken.json
    # Round 2 is still to come: the night is not over and the round's clock has not stopped.
    assert client.get(f"/api/events/{eid}/clock").json["running"] is True
    pushed = client.get(f"/t/{in_play['table_id']}/regions?mode=watch").get_data(as_text=True)
    assert "data-finished" in status(pushed), "an open page is told the table is finished"
    for t in tables:
        page = client.get(f"/t/{t['table_id']}/watch").get_data(as_text=True)
        assert CLOCK not in page and "The organiser entered this table's result" in page, t["table_id"]
