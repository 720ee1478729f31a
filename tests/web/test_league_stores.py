"""Leagues on both stores (TinyDB and Redis), their export and import with their nights, and
their pages (the organiser's forms as a browser posts them)."""
from __future__ import annotations

import time

import pytest

from companion import create_app
from companion.store.base import StaleLeague
from tests.conftest import PhoneClient
from tests.league_helpers import auth, new_league, new_night, play_round
from tests.redis_server import redis_prefix, redis_server, redis_url  # noqa: F401 (fixtures)

FOUR = ("Ann", "Bo", "Cy", "Dee")


@pytest.fixture(params=["tinydb", "redis"])
def any_app(request, tmp_path):
    """An app on the embedded store, then on Redis."""
    config = {"TESTING": True, "DATA_DIR": str(tmp_path / "data"), "ACTION_LIMIT": 0, "CREATE_LIMIT": "100000 per minute",
              "TABLES_LIMIT": "100000 per minute", "EVENT_IMPORT_LIMIT": "100000 per minute"}
    if request.param == "redis":
        config.update(REDIS_URL=request.getfixturevalue("redis_url"), REDIS_PREFIX=request.getfixturevalue("redis_prefix"))
    app = create_app(config)
    app.test_client_class = PhoneClient
    yield app
    if request.param == "redis":
        app.extensions["companion.live"].close()  # its listener thread


def a_season(client):
    league = new_league(client)
    first = new_night(client, league, FOUR, name="Week 1")
    play_round(client, first, lambda p: [[p[0], p[1]], p[2], p[3]])
    second = new_night(client, league, ("anne", "Bo", "Cy", "Dee"), name="Week 2")
    play_round(client, second, lambda p: list(reversed(p)))
    assert client.post(f"/api/leagues/{league['id']}/players/merge", json={"names": ["anne"], "into": "Ann"},
                       headers=auth(league["token"])).status_code == 200
    return league, first, second


def test_a_league_is_kept_on_both_stores_with_its_revision(any_app):
    client = any_app.test_client()
    league, first, second = a_season(client)
    store = any_app.extensions["companion.store"]
    record = store.load_league(league["id"])
    assert record["events"] == [first["id"], second["id"]] and record["revision"] == 3 and record["merges"][0]["into"] == "Ann"
    with pytest.raises(StaleLeague):
        store.save_league({**record, "name": "Stale"}, record["revision"] - 1)
    assert store.load_league(league["id"])["name"] == "Thursday Club 2027"
    assert store.load_league("nosuchleague") is None and store.load_league("../../etc") is None
    rows = client.get(f"/api/leagues/{league['id']}/standings").json
    assert {r["name"] for r in rows} == set(FOUR) and next(r for r in rows if r["name"] == "Ann")["nights"] == 2


def test_an_export_and_its_import_carry_the_league_and_its_nights(any_app):
    client = any_app.test_client()
    league, first, _ = a_season(client)
    url = f"/api/leagues/{league['id']}/export.json"
    assert client.get(url).status_code == 401 and client.get(url, headers=auth(first["token"])).status_code == 403
    exported = client.get(url, headers=auth(league["token"])).json
    assert "token" not in exported and len(exported["nights"]) == 2
    reply = client.post("/api/leagues/import", json=exported)
    assert reply.status_code == 201, reply.json
    copy = reply.json
    assert copy["id"] != league["id"] and copy["token"] != league["token"]
    standings = lambda lid: client.get(f"/api/leagues/{lid}/standings").json  # noqa: E731
    assert standings(copy["id"]) == standings(league["id"])
    nights = client.get(f"/api/leagues/{copy['id']}").json["events"]
    assert [n["name"] for n in nights] == ["Week 1", "Week 2"] and first["id"] not in [n["id"] for n in nights]
    for night in nights:
        assert any_app.extensions["companion.events"].get(night["id"])["league"] == copy["id"]


@pytest.mark.parametrize("change, words", [
    (lambda e: {**e, "colour": 1}, "no field 'colour'"), (lambda e: {**e, "name": ""}, "visible character"),
    (lambda e: {**e, "nights": [{**e["nights"][0], "games": ["chess"]}]}, "Night 1 of the export"),
    (lambda e: {**e, "merges": "all"}, "'merges'"), (lambda e: [], "JSON object"),
])
def test_a_bad_import_gets_a_sentence_and_stores_nothing(client, change, words):
    league, _, _ = a_season(client)
    exported = client.get(f"/api/leagues/{league['id']}/export.json", headers=auth(league["token"])).json
    store = client.application.extensions["companion.store"]
    before = sorted(p.name for p in store.leagues_dir.iterdir()), sorted(p.name for p in store.events_dir.iterdir())
    reply = client.post("/api/leagues/import", json=change(exported))
    assert reply.status_code == 422 and words in reply.json["error"]
    assert (sorted(p.name for p in store.leagues_dir.iterdir()), sorted(p.name for p in store.events_dir.iterdir())) == before


def test_the_league_pages_and_the_organisers_forms(client):
    assert client.get("/leagues/new").status_code == 200
    assert client.post("/leagues", data={"name": ""}).status_code == 422
    made = client.post("/leagues", data={"name": "Club"})
    assert made.status_code == 302
    league_url = made.headers["Location"]
    league_id = league_url.rsplit("/", 1)[1]
    page = client.get(league_url).data.decode()
    assert 'name="names"' in page and 'name="into"' in page and "New night in this league" in page and "export.csv" in page
    night = client.post(f"/leagues/{league_id}/nights", data={"name": "Week 1", "games": "gangs", "rounds": "2", "scoring": "relative"})
    assert night.status_code == 302 and "/admin" in night.headers["Location"]
    event_id = night.headers["Location"].split("/")[2]
    assert client.get(f"/api/leagues/{league_id}").json["events"][0]["id"] == event_id
    assert client.post(f"/e/{event_id}/admin/players", data={"names": "Anne\nBo\nCy"}).status_code == 302
    merged = client.post(f"/leagues/{league_id}/merge", data={"names": "anne", "into": "Ann"}, follow_redirects=True)
    assert "Ann is one player from now on" in merged.data.decode()
    assert client.get(f"/api/leagues/{league_id}").json["players"] == ["Ann", "Bo", "Cy"]
    refused = client.post(f"/leagues/{league_id}/merge", data={"names": "Zed", "into": "Ann"}, follow_redirects=True)
    assert "Zed is not a player of this league" in refused.data.decode()
    bad_night = client.post(f"/leagues/{league_id}/nights", data={"name": "", "games": "gangs", "rounds": "2"}, follow_redirects=True)
    assert "visible character" in bad_night.data.decode() and len(client.get(f"/api/leagues/{league_id}").json["events"]) == 1
    screen = client.get(f"/leagues/{league_id}/screen").data.decode()
    assert "Bo" in screen and f"/leagues/{league_id}/ws" in screen and "hx-trigger" not in screen and client.get(f"/leagues/{league_id}/qr.svg").status_code == 200
    stranger = client.application.test_client()
    other = stranger.get(league_url).data.decode()
    assert 'name="into"' not in other and "Bo" in other
    assert stranger.post(f"/leagues/{league_id}/merge", data={"names": "Bo", "into": "Bob"}).status_code == 302
    assert client.get(f"/api/leagues/{league_id}").json["players"] == ["Ann", "Bo", "Cy"]
    assert stranger.get("/leagues/nosuchleague").status_code == 404


def test_a_read_kept_by_one_process_follows_a_correction_made_through_another(redis_url, redis_prefix, tmp_path):  # noqa: F811
    """Two processes on one Redis: the first keeps its read of the league (leagues/cache.py), the
    second corrects a result; the first's next reads show the correction once Redis relays it."""
    config = {"TESTING": True, "DATA_DIR": str(tmp_path / "data"), "ACTION_LIMIT": 0, "CREATE_LIMIT": "100000 per minute",
              "TABLES_LIMIT": "100000 per minute", "REDIS_URL": redis_url, "REDIS_PREFIX": redis_prefix}
    apps = [create_app(config), create_app(config)]
    try:
        one, other = (app.test_client() for app in apps)
        league = new_league(one)
        night = new_night(one, league, FOUR, name="Week 1")
        table = play_round(one, night, list)[0]
        standings = lambda client: {r["name"]: r["wins"] for r in client.get(f"/api/leagues/{league['id']}/standings").json}  # noqa: E731
        winner = table["players"][0]
        assert standings(one)[winner] == 1
        fixed = list(reversed(table["players"]))
        assert other.post(f"/api/events/{night['id']}/results", json={"table_id": table["table_id"], "placings": fixed, "correction": True},
                          headers=auth(night["token"])).status_code == 200
        deadline = time.monotonic() + 10
        while standings(one)[winner] == 1 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert standings(one)[winner] == 0 and standings(one)[fixed[0]] == 1
    finally:
        for app in apps:
            app.extensions["companion.live"].close()
