"""Who is who in a league: the name shown is the organiser's (the first spelling, or the one a
merge names), a merge never makes one person of two players of one night (API, page, import),
and a night of the league never registers one person twice under two spellings."""
from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

from companion.leagues.service import LeagueService
from tests.league_helpers import auth, by_name, new_league, new_night, play_round

FOUR = ("Aiko", "Chika", "Daichi", "Emi")


def standings(client, league) -> list[dict]:
    return client.get(f"/api/leagues/{league['id']}/standings").json


def merge(client, league, names, into):
    return client.post(f"/api/leagues/{league['id']}/players/merge", json={"names": names, "into": into}, headers=auth(league["token"]))


def register(client, night, names):
    return client.post(f"/api/events/{night['id']}/players", json={"names": names}, headers=auth(night["token"]))


def test_a_careless_later_spelling_never_renames_a_player_anywhere(client):
    league = new_league(client)
    first = new_night(client, league, FOUR, name="Week 1")
    play_round(client, first, list)
    second = new_night(client, league, ("aiko", "CHIKA", "Daichi", "Emi"), name="Week 2")
    play_round(client, second, list)
    assert {r["name"] for r in standings(client, league)} == set(FOUR)
    assert client.get(f"/api/leagues/{league['id']}").json["players"] == list(FOUR)
    page = client.get(f"/leagues/{league['id']}").data.decode()
    screen = client.get(f"/leagues/{league['id']}/screen").data.decode()
    for html in (page, screen):
        assert '<td class="name-cell">Aiko</td>' in html and '<td class="name-cell">Chika</td>' in html
        assert ">aiko<" not in html and ">CHIKA<" not in html
    csv = client.get(f"/api/leagues/{league['id']}/export.csv").data.decode("utf-8-sig")
    players = [line.split(",")[3] for line in csv.splitlines()[1:]]
    assert players.count("Aiko") == 2 and players.count("Chika") == 2 and "aiko" not in players and "CHIKA" not in players


def test_the_name_merged_into_is_shown_week_one_included(client):
    league = new_league(client)
    play_round(client, new_night(client, league, FOUR, name="Week 1"), list)
    play_round(client, new_night(client, league, ("Aiko T.", "Chika", "Daichi", "Emi"), name="Week 2"), list)
    assert merge(client, league, ["Aiko", "Aiko T."], "Aiko Tanaka").status_code == 200
    rows = by_name(standings(client, league))
    assert "Aiko" not in rows and rows["Aiko Tanaka"]["nights"] == 2
    csv = client.get(f"/api/leagues/{league['id']}/export.csv").data.decode("utf-8-sig")
    assert [line.split(",")[3] for line in csv.splitlines()[1:]].count("Aiko Tanaka") == 2


def test_a_merge_of_two_players_of_one_night_is_refused_with_a_sentence(client):
    league = new_league(client)
    play_round(client, new_night(client, league, ("Daichi", "Daichii", "Emi", "Fumi"), name="Week 1"), list)
    reply = merge(client, league, ["Daichii"], "Daichi")
    assert reply.status_code == 422
    assert reply.json["error"] == ("Daichi and Daichii are both players of “Week 1”: they are two people, so they cannot be "
                                   "merged into Daichi. Nothing was merged.")
    # Registered but not seated yet counts too: two names one night holds are two people.
    waiting = new_night(client, league, ("Gen", "Gin"), name="Week 2")
    assert waiting and merge(client, league, ["Gin"], "Gen").status_code == 422
    assert len(standings(client, league)) == 6 and client.get(f"/api/leagues/{league['id']}").json["players"].count("Daichii") == 1


def test_the_merge_form_says_why_it_refused(client):
    made = client.post("/leagues", data={"name": "Club"})
    league_id = made.headers["Location"].rsplit("/", 1)[1]
    night = client.post(f"/leagues/{league_id}/nights", data={"name": "Week 1", "games": "gangs", "rounds": "2", "scoring": "relative"})
    event_id = night.headers["Location"].split("/")[2]
    assert client.post(f"/e/{event_id}/admin/players", data={"names": "Daichi\nDaichii\nEmi"}).status_code == 302
    page = client.post(f"/leagues/{league_id}/merge", data={"names": "Daichii", "into": "Daichi"}, follow_redirects=True).data.decode()
    assert "Daichi and Daichii are both players of “Week 1”: they are two people, so they cannot be merged into Daichi." in page
    assert "is one player from now on" not in page
    assert client.get(f"/api/leagues/{league_id}").json["players"] == ["Daichi", "Daichii", "Emi"]


def test_an_import_whose_merge_joins_four_players_of_one_night_is_refused_and_stores_nothing(client):
    league = new_league(client)
    play_round(client, new_night(client, league, FOUR, name="Week 1"), list)
    exported = client.get(f"/api/leagues/{league['id']}/export.json", headers=auth(league["token"])).json
    store = client.application.extensions["companion.store"]
    before = sorted(p.name for p in store.leagues_dir.iterdir()), sorted(p.name for p in store.events_dir.iterdir())
    exported["merges"] = [{"names": list(FOUR), "into": "Aiko", "at": "2027-01-01T20:00:00+00:00"}]
    reply = client.post("/api/leagues/import", json=exported)
    assert reply.status_code == 422
    assert reply.json["error"] == ("The export's merge into Aiko cannot be kept, so nothing was imported: Aiko and Chika are both "
                                   "players of “Week 1”: they are two people, so they cannot be merged into Aiko. Nothing was merged.")
    assert (sorted(p.name for p in store.leagues_dir.iterdir()), sorted(p.name for p in store.events_dir.iterdir())) == before


def test_a_night_of_the_league_refuses_a_second_spelling_of_one_merged_person(client):
    league = new_league(client)
    play_round(client, new_night(client, league, ("Daichi", "Emi", "Fumi", "Gen"), name="Week 1"), list)
    play_round(client, new_night(client, league, ("Daichii", "Emi", "Fumi", "Gen"), name="Week 2"), list)
    assert merge(client, league, ["Daichii"], "Daichi").status_code == 200
    night = new_night(client, league, ("Daichi", "Emi"), name="Week 3")
    reply = register(client, night, ["Fumi", "Daichii"])
    assert reply.status_code == 422
    assert reply.json["error"] == ("Daichii is Daichi in the league “Thursday Club 2027”: its organiser merged the two spellings, "
                                   "and Daichi is registered already. One person plays once a night; nobody was registered.")
    both = new_night(client, league, ("Emi",), name="Week 4")
    reply = register(client, both, ["Daichi", "Daichii"])
    assert reply.status_code == 422 and "Daichi is in this list too" in reply.json["error"]
    names = [p["name"] for p in client.get(f"/api/events/{night['id']}/standings").json]
    assert sorted(names) == ["Daichi", "Emi"]  # Fumi neither: nobody was registered
    # At the desk's form the same sentence, and the same refusal.
    client.get(f"/e/{night['id']}/desk/{night['token']}")  # this phone opens the night's desk
    page = client.post(f"/e/{night['id']}/admin/players", data={"names": "Daichii"}, headers={"HX-Request": "true"}).data.decode()
    assert "Daichii is Daichi in the league" in page
    # A phone checking in by the night's QR code is held to the same.
    key = parse_qs(urlsplit(client.get(f"/api/events/{night['id']}", headers=auth(night["token"])).json["urls"]["checkin"]).query)["key"][0]
    reply = client.post(f"/api/events/{night['id']}/join", json={"name": "daichii", "key": key})
    assert reply.status_code == 422 and reply.json["error"].startswith("daichii is Daichi in the league")
    # A night outside the league registers both: they are only names there.
    alone = client.post("/api/events", json={"name": "Alone", "games": ["gangs"], "rounds": 1}).json
    assert register(client, alone, ["Daichi", "Daichii"]).status_code == 200


def test_a_kept_read_follows_every_change_after_it(client):
    """Each change is made after a read, so a read kept from before it would show the old one."""
    league = new_league(client)
    night = new_night(client, league, FOUR, name="Week 1")
    assert all(r["points"] == 0 for r in standings(client, league))
    tables = play_round(client, night, list)
    first = by_name(standings(client, league))
    assert first[tables[0]["players"][0]]["wins"] == 1
    fixed = list(reversed(tables[0]["players"]))
    assert client.post(f"/api/events/{night['id']}/results", json={"table_id": tables[0]["table_id"], "placings": fixed,
                       "correction": True}, headers=auth(night["token"])).status_code == 200
    assert by_name(standings(client, league))[fixed[0]]["wins"] == 1
    second = new_night(client, league, ("aiko", "Hana"), name="Week 2")
    assert len(standings(client, league)) == 5
    register(client, second, ["Ivo"])
    assert by_name(standings(client, league))["Ivo"]["nights"] == 0
    assert merge(client, league, ["Ivo"], "Emi").status_code == 200
    assert "Ivo" not in by_name(standings(client, league))
    assert client.post(f"/api/events/{second['id']}/players/remove", json={"names": ["Hana"]},
                       headers=auth(second["token"])).status_code == 200
    kept = standings(client, league)
    assert "Hana" not in by_name(kept)
    # The kept read, after all these changes, is the read made from nothing.
    app = client.application
    fresh = LeagueService(app.extensions["companion.store"], app.extensions["companion.events"])
    assert kept == fresh.table(fresh.get(league["id"]))["standings"]


def test_a_merge_stored_before_merges_were_checked_never_seats_one_person_twice(client):
    """A league file from before the check, whose merge joined two players of one night: the two
    stay two people at that night (one row each, each their own nights and wins)."""
    league = new_league(client)
    play_round(client, new_night(client, league, ("Daichi", "Daichii", "Emi", "Fumi"), name="Week 1"), list)
    play_round(client, new_night(client, league, ("Daichi", "Emi", "Fumi", "Gen"), name="Week 2"), list)
    store = client.application.extensions["companion.store"]
    record = store.load_league(league["id"])
    base = record["revision"]
    record.update(merges=[{"names": ["Daichii"], "into": "Daichi", "at": "2027-01-01T20:00:00+00:00"}], revision=base + 1)
    store.save_league(record, base)
    rows = by_name(standings(client, league))
    assert rows["Daichi"]["nights"] == 2 and rows["Daichii"]["nights"] == 1
    assert sum(r["nights"] for r in rows.values()) == 8  # four seats a night, two nights
