"""A table's change allowance belongs to its players: requests without a right to change it (no
token, a wrong one, a watcher's page, an unknown table) never use it up, are limited apart per
address, and leave nothing behind; taking and freeing seats are changes like any other."""
from __future__ import annotations

import gc
import tracemalloc
import urllib.parse

import pytest

from companion import create_app
from tests.conftest import PhoneClient

GANGS = {"game": "gangs", "players": ["Ann", "Bob"], "options": {"first_player": 0}}
GIVE = {"type": "give", "to": 1, "card": {"value": 1, "kind": "plain"}}
CAFE = "198.51.100.4"  # one address for the whole venue: a café's NAT


def make_app(tmp_path, **config):
    app = create_app({"TESTING": True, "DATA_DIR": str(tmp_path / "data"), "CREATE_LIMIT": "1000 per minute", "TABLES_LIMIT": "1000 per minute", **config})
    app.test_client_class = PhoneClient
    return app


def phone(app, address=CAFE):
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = address
    return client


def auth(token):
    return {"Authorization": f"Bearer {token}"}


def flood_without_rights(app, table_id, each):
    """What anyone who saw the watch link can send, `each` times of each kind, from the venue's address."""
    stranger, watcher = phone(app), phone(app)
    watcher.get(f"/t/{table_id}/watch")
    statuses = set()
    for _ in range(each):
        statuses.add(stranger.post(f"/api/tables/{table_id}/actions", json=GIVE).status_code)
        statuses.add(stranger.post(f"/api/tables/{table_id}/actions", json=GIVE, headers=auth("guessed")).status_code)
        statuses.add(stranger.post(f"/api/tables/{table_id}/undo", headers=auth("guessed")).status_code)
        statuses.add(watcher.post(f"/t/{table_id}/act", data={"type": "give", "to": "1", "card.value": "1"},
                                  headers={"HX-Request": "true"}).status_code)
        statuses.add(watcher.post(f"/t/{table_id}/undo", data={}).status_code)
    return statuses


def test_requests_without_a_right_to_change_never_stop_the_tables_players(tmp_path):
    app = make_app(tmp_path, ACTION_LIMIT=6)
    host = phone(app)
    table = host.post("/api/tables", json=GANGS).json
    statuses = flood_without_rights(app, table["id"], 40)  # 200 refused requests, far past the table's 6
    assert statuses <= {401, 403, 302, 429}
    # The players, behind the same address, still have their whole allowance.
    token = auth(table["token"])
    codes = [host.post(f"/api/tables/{table['id']}/actions", json=GIVE, headers=token).status_code,
             host.post(f"/api/tables/{table['id']}/undo", headers=token).status_code,
             host.post(f"/api/tables/{table['id']}/redo", headers=token).status_code]
    assert codes == [200, 200, 200]
    assert host.get(f"/api/tables/{table['id']}").json["version"] == 3


def test_refused_requests_are_limited_apart_per_address_and_the_players_there_play_on(tmp_path):
    app = make_app(tmp_path, ACTION_LIMIT=6, REFUSED_LIMIT="10 per minute")
    host = phone(app)
    table = host.post("/api/tables", json=GANGS).json
    stranger = phone(app)
    codes = [stranger.post(f"/api/tables/{table['id']}/actions", json=GIVE, headers=auth("guessed")).status_code
             for _ in range(12)]
    assert codes[:10] == [401] * 10 and codes[10:] == [429, 429]
    refused = stranger.post(f"/api/tables/{table['id']}/undo")
    assert refused.status_code == 429 and "without the right to change" in refused.json["error"]
    assert int(refused.headers["Retry-After"]) > 0
    # Another address is not held up, and the venue's own players are not either.
    assert phone(app, "203.0.113.50").post(f"/api/tables/{table['id']}/undo").status_code == 401
    assert host.post(f"/api/tables/{table['id']}/actions", json=GIVE, headers=auth(table["token"])).status_code == 200


def test_a_players_own_changes_still_count_against_the_tables_limit(tmp_path):
    app = make_app(tmp_path, ACTION_LIMIT=3)
    host = phone(app)
    table = host.post("/api/tables", json=GANGS).json
    token = auth(table["token"])
    # A move the rules refuse (Bob has had his card) was still the players' own try: it counts.
    codes = [host.post(f"/api/tables/{table['id']}/actions", json=GIVE, headers=token).status_code for _ in range(2)]
    codes.append(host.post(f"/api/tables/{table['id']}/undo", headers=token).status_code)
    codes.append(host.post(f"/api/tables/{table['id']}/undo", headers=token).status_code)
    assert codes == [200, 422, 200, 429]


def test_taking_and_freeing_seats_count_as_changes_of_the_table(tmp_path):
    app = make_app(tmp_path, ACTION_LIMIT=4)
    host = phone(app)
    table = host.post("/api/tables", json=GANGS).json
    token = auth(table["token"])
    base = f"/api/tables/{table['id']}/seats"
    codes = []
    for _ in range(3):
        codes.append(host.post(base, json={"seat": 0}, headers=token).status_code)
        codes.append(host.delete(f"{base}/0", headers=token).status_code)
    assert codes[:4] == [200, 200, 200, 200] and codes[4:] == [429, 429]
    # The pages' seat buttons draw on the same allowance.
    page = phone(app)
    page.get(f"/t/{table['id']}/play/{app.extensions['companion.tables'].get(table['id']).record['play_token']}")
    assert page.post(f"/t/{table['id']}/seat", data={"seat": "1"}).status_code == 429


@pytest.mark.slow
def test_an_unknown_table_leaves_nothing_behind_and_a_long_id_is_refused_at_once(tmp_path):
    app = make_app(tmp_path, ACTION_WINDOW_SECONDS=600)  # nothing expires while this runs
    client = phone(app)

    def flood(start, count, length):
        for n in range(start, start + count):
            name = f"{n:011d}"[:11] if length <= 11 else f"{n}".rjust(length, "x")
            client.post(f"/api/tables/{name}/actions", json=GIVE, headers=auth("x"))
            client.post(f"/api/tables/{name}/undo", headers=auth("x"))

    flood(0, 200, 11)  # warm-up: compiled templates, routing, logging
    flood(0, 200, 3000)
    urllib.parse.clear_cache()
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.take_snapshot()
    flood(10_000, 1000, 11)
    flood(20_000, 1000, 3000)
    urllib.parse.clear_cache()  # the test client's own cache of the last 128 addresses it parsed
    gc.collect()
    after = tracemalloc.take_snapshot()
    tracemalloc.stop()
    grown = sum(s.size_diff for s in after.compare_to(before, "filename"))
    assert grown < 200_000, f"{grown} bytes kept after 2,000 unknown table ids"
    resp = client.post("/api/tables/" + "x" * 3000 + "/actions", json=GIVE, headers=auth("x"))
    assert resp.status_code == 404 and "no table" in resp.json["error"].lower()
    assert client.get("/t/" + "y" * 3000).status_code == 404


def night(client, players):
    made = client.post("/api/events", json={"name": "Thursday", "games": ["gangs"], "rounds": 3}).json
    token = auth(made["token"])
    names = [f"Player {n}" for n in range(players)]
    assert client.post(f"/api/events/{made['id']}/players", json={"names": names}, headers=token).status_code == 200
    return made["id"], token


def test_a_nights_rounds_and_swaps_count_every_table_they_store_against_the_create_limit(tmp_path):
    # Two creations one by one, but twelve tables whichever route stores them.
    app = make_app(tmp_path, CREATE_LIMIT="2 per 10 minutes", TABLES_LIMIT="12 per 10 minutes")
    organiser = phone(app)
    store = app.extensions["companion.store"]
    event_id, token = night(organiser, 16)  # the event: 1 of 12
    seated = organiser.post(f"/api/events/{event_id}/rounds", json={"game": "gangs"}, headers=token)
    assert seated.status_code == 201 and len(seated.json["tables"]) == 4  # 5 of 12
    tables = seated.json["tables"]
    pair = {"a": tables[0]["players"][0], "b": tables[1]["players"][0]}
    codes = [organiser.post(f"/api/events/{event_id}/swap", json=pair, headers=token).status_code for _ in range(5)]
    assert codes == [200, 200, 200, 429, 429]  # two tables a swap: 7, 9, 11 of 12, then no room for two
    refused = organiser.post(f"/api/events/{event_id}/swap", json=pair, headers=token)
    assert "new tables" in refused.json["error"] and int(refused.headers["Retry-After"]) > 0
    assert store.table_count() == 4 + 3 * 2
    # The home page's form and the API draw on the same allowance: one table still fits, then none.
    assert organiser.post("/api/tables", json=GANGS).status_code == 201
    assert organiser.post("/api/tables", json=GANGS).status_code == 429
    # Another address is not held up.
    assert phone(app, "203.0.113.9").post("/api/tables", json=GANGS).status_code == 201


def test_a_round_that_needs_more_tables_than_the_address_may_still_create_stores_none(tmp_path):
    app = make_app(tmp_path, TABLES_LIMIT="8 per 10 minutes")
    organiser = phone(app)
    event_id, token = night(organiser, 40)  # 10 tables of 4 (or more of fewer): more than 7
    refused = organiser.post(f"/api/events/{event_id}/rounds", json={"game": "gangs"}, headers=token)
    assert refused.status_code == 429 and "new tables" in refused.json["error"]
    assert app.extensions["companion.store"].table_count() == 0
    assert organiser.get(f"/api/events/{event_id}", headers=token).json["rounds"] == []
