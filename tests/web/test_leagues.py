"""Leagues through the JSON API (api.md, "Leagues: a season across nights"): every call, the
standings and ratings against openskill replayed by hand, merges, corrections and undos flowing
in at the next read, and bad input answered with a sentence that changes nothing."""
from __future__ import annotations

import itertools

import pytest

from companion.events import records
from tests.league_helpers import auth, by_name, new_league, new_night, places, play_round, replay_by_hand
from tests.web.test_events import play_gangs_to_a_win

FOUR = ("Ann", "Bo", "Cy", "Dee")


def standings(client, league):
    reply = client.get(f"/api/leagues/{league['id']}/standings")
    assert reply.status_code == 200
    return reply.json


def test_a_league_is_created_and_read(client):
    league = new_league(client)
    assert set(league) == {"id", "token", "urls"} and set(league["urls"]) == {"league", "screen"}
    assert league["urls"]["league"].endswith(f"/leagues/{league['id']}")
    got = client.get(f"/api/leagues/{league['id']}").json
    assert got == {"id": league["id"], "name": "Thursday Club 2027", "events": [], "players": []}
    assert standings(client, league) == []
    night = new_night(client, league, FOUR, name="Week 1")
    got = client.get(f"/api/leagues/{league['id']}").json
    assert [e["id"] for e in got["events"]] == [night["id"]] and got["events"][0]["name"] == "Week 1"
    assert got["players"] == list(FOUR)


@pytest.mark.parametrize("body, words", [
    ({}, "'name' is required"), ({"name": ""}, "visible character"), ({"name": "x" * 81}, "longer than 80"),
    ({"name": "Club", "colour": "red"}, "Unknown field 'colour'"), ({"name": 7}, "is text"),
])
def test_a_bad_league_gets_a_sentence(client, body, words):
    reply = client.post("/api/leagues", json=body)
    assert reply.status_code == 422 and words in reply.json["error"]


def test_an_unknown_league_is_404_with_a_sentence(client):
    for path in ("", "/standings", "/export.csv"):
        reply = client.get(f"/api/leagues/nosuchleague{path}")
        assert reply.status_code == 404 and "There is no league" in reply.json["error"]


def test_a_night_in_a_league_needs_its_token(client):
    league, other = new_league(client), new_league(client, "Other club")
    body = {"name": "Week 1", "games": ["gangs"], "rounds": 2, "league": league["id"]}
    missing = client.post("/api/events", json=body)
    wrong = client.post("/api/events", json=body, headers=auth(other["token"]))
    unknown = client.post("/api/events", json={**body, "league": "nosuchleague"}, headers=auth(league["token"]))
    assert missing.status_code == 401 and "league's token" in missing.json["error"]
    assert wrong.status_code == 403 and "not this league's" in wrong.json["error"]
    assert unknown.status_code == 404 and "no league" in unknown.json["error"]
    bad = client.post("/api/events", json={**body, "name": ""}, headers=auth(league["token"]))
    assert bad.status_code == 422
    assert client.get(f"/api/leagues/{league['id']}").json["events"] == []  # nothing was made
    night = new_night(client, league, FOUR)
    assert client.get(f"/api/events/{night['id']}", headers=auth(night["token"])).status_code == 200


def test_standings_and_ratings_equal_openskill_replayed_by_hand(client):
    league = new_league(client)
    first = new_night(client, league, FOUR, name="Week 1")
    r1 = play_round(client, first, lambda p: [[p[0], p[1]], p[2], p[3]])  # a tie for first
    r2 = play_round(client, first, lambda p: [p[3], p[2], p[1], p[0]])
    # The same people typed otherwise the next week (case, accents, full-width letters), and Eve.
    second = new_night(client, league, ("ann", "Bó", "ＣＹ", "Dee", "Eve"), name="Week 2")
    r3 = play_round(client, second, lambda p: [p[-1], *p[:-1]] if len(p) > 2 else p)
    person = lambda n: {"ann": "ann", "bó": "bo", "ｃｙ": "cy"}.get(n.casefold(), n.casefold())  # noqa: E731
    expected = replay_by_hand([places(t["placings"]) for t in r1 + r2 + r3], person)
    rows = by_name(standings(client, league))
    assert {r["name"] for r in rows.values()} == {"Ann", "Bo", "Cy", "Dee", "Eve"}  # the first night's spelling
    nights = [client.get(f"/api/events/{n['id']}/standings").json for n in (first, second)]
    for shown, key in (("Ann", "ann"), ("Bo", "bo"), ("Cy", "cy"), ("Dee", "dee"), ("Eve", "eve")):
        row = rows[shown]
        mine = [r for night in nights for r in night if person(r["name"]) == key]
        assert row["points"] == pytest.approx(sum(r["points"] for r in mine))
        assert row["wins"] == sum(r["wins"] for r in mine) and row["nights"] == len(mine)
        rating = expected[key]
        assert row["rating"] == pytest.approx({"mu": rating.mu, "sigma": rating.sigma, "ordinal": rating.ordinal()})
    listed = standings(client, league)
    assert listed == sorted(listed, key=lambda r: (-r["points"], -r["rating"]["ordinal"]))
    assert [r["rank"] for r in listed][0] == 1


def test_tables_are_rated_in_the_order_they_finished_across_nights(client, monkeypatch):
    # Every result the desks enter is stamped a day after the one before.
    days = itertools.count(1)
    monkeypatch.setattr(records, "now", lambda: f"2027-01-{next(days):02d}T20:00:00+00:00")
    league = new_league(client)
    first, second = new_night(client, league, FOUR, name="A"), new_night(client, league, FOUR, name="B")
    early = play_round(client, second, lambda p: sorted(p, reverse=True))  # the later night's table finished first
    late = play_round(client, first, lambda p: sorted(p))
    rows = by_name(standings(client, league))
    want = replay_by_hand([places(t["placings"]) for t in early + late])
    assert rows["Ann"]["rating"]["mu"] == pytest.approx(want["ann"].mu)
    by_nights = replay_by_hand([places(t["placings"]) for t in late + early])
    assert rows["Ann"]["rating"]["mu"] != pytest.approx(by_nights["ann"].mu)


def test_a_merge_joins_two_spellings_history_included(client):
    league = new_league(client)
    first = new_night(client, league, ("Anne", "Bo", "Cy"), name="Week 1")
    r1 = play_round(client, first, lambda p: [p[0], p[1], p[2]])
    second = new_night(client, league, ("Ann", "Bo", "Cy"), name="Week 2")
    r2 = play_round(client, second, lambda p: [p[2], p[1], p[0]])
    assert len(standings(client, league)) == 4  # Anne and Ann: two players until merged
    h = auth(league["token"])
    reply = client.post(f"/api/leagues/{league['id']}/players/merge", json={"names": ["Anne", "ann"], "into": "Ann"}, headers=h)
    assert reply.status_code == 200 and reply.json == {"players": ["Ann", "Bo", "Cy"]}
    rows = by_name(standings(client, league))
    same = lambda n: "ann" if n.casefold() in ("anne", "ann") else n.casefold()  # noqa: E731
    expected = replay_by_hand([places(t["placings"]) for t in r1 + r2], same)
    assert rows["Ann"]["nights"] == 2
    assert rows["Ann"]["rating"]["mu"] == pytest.approx(expected["ann"].mu)
    assert rows["Bo"]["rating"]["sigma"] == pytest.approx(expected["bo"].sigma)
    csv = client.get(f"/api/leagues/{league['id']}/export.csv").data.decode("utf-8-sig").splitlines()
    assert sum(1 for line in csv if ",Ann," in line) == 2 and not any(",Anne," in line for line in csv)


def test_a_bad_merge_gets_a_sentence_and_changes_nothing(client):
    league = new_league(client)
    night = new_night(client, league, ("Anne", "Ann", "Bo"))
    play_round(client, night, lambda p: list(p))
    url, h = f"/api/leagues/{league['id']}/players/merge", auth(league["token"])
    before = standings(client, league)
    cases = [
        (client.post(url, json={"names": ["Anne"], "into": "Ann"}), 401, "league's token"),
        (client.post(url, json={"names": ["Anne"], "into": "Ann"}, headers=auth(night["token"])), 403, "not this league's"),
        (client.post(url, json={"names": ["Zed", "Bo"], "into": "Bo"}, headers=h), 422, "Zed is not a player of this league"),
        (client.post(url, json={"names": ["Anne", "Ann"], "into": "Ann"}, headers=h), 422, "are both players of “Week”: they are two people"),
        (client.post(url, json={"names": [], "into": "Ann"}, headers=h), 422, "spellings to merge"),
        (client.post(url, json={"names": ["Bo"], "into": ""}, headers=h), 422, "visible character"),
        (client.post(url, json={"names": ["Bo"], "into": "Bo", "why": 1}, headers=h), 422, "Unknown field"),
        (client.post("/api/leagues/nosuchleague/players/merge", json={"names": ["Bo"], "into": "Bo"}, headers=h), 404, "no league"),
    ]
    for reply, status, words in cases:
        assert reply.status_code == status and words in reply.json["error"], reply.json
    assert standings(client, league) == before


def test_a_correction_at_the_desk_flows_in_at_the_next_read(client):
    league = new_league(client)
    night = new_night(client, league, FOUR)
    tables = play_round(client, night, lambda p: [p[0], p[1], p[2], p[3]])
    t = tables[0]
    fixed = [t["players"][3], [t["players"][1], t["players"][2]], t["players"][0]]
    reply = client.post(f"/api/events/{night['id']}/results", json={"table_id": t["table_id"], "placings": fixed, "correction": True},
                        headers=auth(night["token"]))
    assert reply.status_code == 200
    rows = by_name(standings(client, league))
    expected = replay_by_hand([places(fixed)])
    for name in FOUR:
        assert rows[name]["rating"]["mu"] == pytest.approx(expected[name.casefold()].mu)
    assert rows[t["players"][3]]["wins"] == 1 and rows[t["players"][0]]["wins"] == 0


def test_an_undo_at_a_table_flows_in_at_the_next_read(client):
    league = new_league(client)
    night = new_night(client, league, ("Ann", "Bo", "Cy"))
    table = client.post(f"/api/events/{night['id']}/rounds", json={"game": "gangs"}, headers=auth(night["token"])).json["tables"][0]
    winner = play_gangs_to_a_win(client, table)
    assert by_name(standings(client, league))[winner]["wins"] == 1
    assert by_name(standings(client, league))[winner]["rating"]["mu"] > 25
    assert client.post(f"/api/tables/{table['table_id']}/undo", json={}, headers=auth(table["token"])).status_code == 200
    row = by_name(standings(client, league))[winner]
    assert row["wins"] == 0 and row["points"] == 0 and row["rating"] == pytest.approx({"mu": 25, "sigma": 25 / 3, "ordinal": 0})


def test_a_night_outside_a_league_rates_nobody(client):
    league = new_league(client)
    new_night(client, league, FOUR)
    alone = client.post("/api/events", json={"name": "Alone", "games": ["gangs"], "rounds": 1}).json
    client.post(f"/api/events/{alone['id']}/players", json={"names": list(FOUR)}, headers=auth(alone["token"]))
    play_round(client, alone, lambda p: list(p))
    assert client.get(f"/api/events/{alone['id']}/standings").json[0]["points"] > 0
    for row in standings(client, league):
        assert row["points"] == 0 and row["rating"] == pytest.approx({"mu": 25, "sigma": 25 / 3, "ordinal": 0})


def test_the_spreadsheet_has_a_row_per_player_per_night(client):
    league = new_league(client)
    night = new_night(client, league, FOUR, name="Week 1")
    play_round(client, night, lambda p: [[p[0], p[1]], p[2], p[3]])
    reply = client.get(f"/api/leagues/{league['id']}/export.csv")
    assert reply.status_code == 200 and reply.mimetype == "text/csv"
    lines = reply.data.decode("utf-8-sig").splitlines()
    assert lines[0] == "league,event,date,player,points,placings,rating_ordinal" and len(lines) == 5
    cells = [line.split(",") for line in lines[1:]]
    assert {c[3] for c in cells} == set(FOUR) and {c[0] for c in cells} == {"Thursday Club 2027"}
    assert sorted(c[5] for c in cells) == ["1=", "1=", "3", "4"]
    rows = by_name(standings(client, league))
    assert all(float(c[6]) == pytest.approx(rows[c[3]]["rating"]["ordinal"], abs=1e-4) for c in cells)


def test_a_nights_pages_link_back_to_its_league_and_a_night_alone_links_nowhere(client):
    league = new_league(client, "Thursday Club 2027")
    night = new_night(client, league, FOUR)
    alone = client.post("/api/events", json={"name": "Alone", "games": ["gangs"], "rounds": 1}).json
    back = f'<a href="/leagues/{league["id"]}">Thursday Club 2027</a>'
    for page in (f"/e/{night['id']}", f"/e/{night['id']}/screen"):
        assert back in client.get(page).get_data(as_text=True), page
    for page in (f"/e/{alone['id']}", f"/e/{alone['id']}/screen"):
        assert "A night of" not in client.get(page).get_data(as_text=True), page
