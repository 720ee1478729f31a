"""Groups (api.md, "Groups, statistics and rewind"): friends who play casually. Tables made with
the group's token belong to it; its JSON and its page add their plays up (plays, wins, win rate,
by game, who beats whom), with the spreadsheet; on both stores."""
from __future__ import annotations

import csv
import io
import json
from urllib.parse import urlsplit

import pytest

from companion import create_app
from companion.store.base import StaleGroup
from companion.tables import play_log
from tests.conftest import PhoneClient
from tests.redis_server import redis_prefix, redis_server, redis_url  # noqa: F401 (fixtures)

from ..engine_checks import DATA


def auth(token):
    return {"Authorization": f"Bearer {token}"}


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
        app.extensions["companion.live"].close()


def new_group(client, name="Friday friends") -> dict:
    reply = client.post("/api/groups", json={"name": name})
    assert reply.status_code == 201, reply.json
    return reply.json


def play_recorded(client, group: dict, name: str, players: list[str] | None = None) -> dict:
    """A recorded game played through the API at a table made in the group (its names replaced
    by `players`, seat for seat, when given). The table's creation reply."""
    rec = json.loads((DATA / name).read_text())
    table = client.post("/api/tables", json={"game": rec["game"], "players": players or rec["players"], "options": rec["options"],
                                             "seed": rec["seed"], "group": group["id"]}, headers=auth(group["token"]))
    assert table.status_code == 201, table.json
    for action in rec["actions"]:
        assert client.post(f"/api/tables/{table.json['id']}/actions", json=action, headers=auth(table.json["token"])).status_code == 200
    return table.json


def three_plays(client):
    """Ann and Bob at Gangs (Ann wins), Ann, Bob and Cy at Gangs (Ann and Bob tie on bells; Bob
    wins the tie-break), and Kyoto no Neko for "ann" and Bob (the same Ann: ann wins)."""
    group = new_group(client)
    first = play_recorded(client, group, "gangs_game_two_players.json", ["Ann", "Bob"])
    second = play_recorded(client, group, "gangs_game_tie_break.json", ["Ann", "Bob", "Cy"])
    third = play_recorded(client, group, "neko_game_two_kittens.json", ["ann", "Bob"])
    return group, [first, second, third]


def test_a_group_adds_its_tables_plays_up(any_app):
    client = any_app.test_client()
    group, tables = three_plays(client)
    read = client.get(f"/api/groups/{group['id']}").json
    assert set(read) == {"id", "name", "plays", "players"} and read["name"] == "Friday friends"
    assert [p["table_id"] for p in read["plays"]] == [t["id"] for t in reversed(tables)]  # the latest first
    assert read["plays"][1]["places"] == [["Bob", 1], ["Ann", 2], ["Cy", 3]]
    assert read["plays"][0]["game"] == "neko" and read["plays"][0]["ended_at"].startswith("20")
    players = {p["name"]: p for p in read["players"]}
    # "ann" is Ann, as the forgiving comparison reads names, shown as last spelled.
    assert set(players) == {"ann", "Bob", "Cy"}
    assert players["ann"] == {"name": "ann", "plays": 3, "wins": 2, "win_rate": 0.667,
                              "by_game": {"gangs": {"plays": 2, "wins": 1}, "neko": {"plays": 1, "wins": 1}}}
    assert players["Bob"]["wins"] == 1 and players["Bob"]["win_rate"] == 0.333 and players["Cy"]["wins"] == 0
    assert [p["name"] for p in read["players"]] == ["ann", "Bob", "Cy"]


def test_tables_played_or_of_another_group_are_no_play_of_it(client):
    group, other = new_group(client), new_group(client, "Others")
    play_recorded(client, other, "gangs_game_two_players.json")
    started = client.post("/api/tables", json={"game": "gangs", "players": ["Ann", "Bob"], "group": group["id"]},
                          headers=auth(group["token"])).json
    read = client.get(f"/api/groups/{group['id']}").json
    assert read["plays"] == [] and read["players"] == []
    assert started["id"] in client.get(f"/g/{group['id']}").get_data(as_text=True)  # listed as being played


def test_a_table_joins_a_group_only_with_its_token(client):
    group, other = new_group(client), new_group(client, "Others")
    body = {"game": "gangs", "players": ["Ann", "Bob"], "group": group["id"]}
    assert client.post("/api/tables", json=body).status_code == 401
    wrong = client.post("/api/tables", json=body, headers=auth(other["token"]))
    assert wrong.status_code == 403 and "not this group's" in wrong.json["error"]
    assert client.post("/api/tables", json={**body, "group": "nosuchgroup"}, headers=auth(group["token"])).status_code == 404
    assert client.get("/api/groups/nosuchgroup").status_code == 404
    assert client.post("/api/groups", json={"name": " "}).status_code == 422


def test_an_undo_at_a_table_is_in_the_next_read(client):
    group = new_group(client)
    table = play_recorded(client, group, "gangs_game_two_players.json")
    assert len(client.get(f"/api/groups/{group['id']}").json["plays"]) == 1
    client.post(f"/api/tables/{table['id']}/undo", json={}, headers=auth(table["token"]))
    assert client.get(f"/api/groups/{group['id']}").json["plays"] == []


def test_the_group_is_kept_on_both_stores_with_its_revision(any_app):
    client = any_app.test_client()
    group, tables = three_plays(client)
    store = any_app.extensions["companion.store"]
    record = store.load_group(group["id"])
    assert record["tables"] == [t["id"] for t in tables] and record["revision"] == 3
    with pytest.raises(StaleGroup):
        store.save_group({**record, "name": "Stale"}, record["revision"] - 1)
    assert store.load_group(group["id"])["name"] == "Friday friends"
    assert store.load_group("nosuchgroup") is None and store.load_group("../../etc") is None


def test_the_spreadsheet_has_a_row_per_player_per_play_with_the_statistics(client):
    group, tables = three_plays(client)
    reply = client.get(f"/api/groups/{group['id']}/export.csv")
    assert reply.mimetype == "text/csv" and "friday-friends" in reply.headers["Content-Disposition"]
    rows = list(csv.DictReader(io.StringIO(reply.get_data(as_text=True).lstrip("\ufeff"))))
    assert len(rows) == 2 + 3 + 2
    neko = [r for r in rows if r["table_id"] == tables[2]["id"]]
    assert [(r["player"], r["place"], r["winner"], r["checks"], r["criticals"], r["medals"], r["bells"]) for r in neko] == [
        ("ann", "1", "1", "4", "0", "5", ""), ("Bob", "2", "0", "5", "1", "2", "")]


def test_a_players_bg_stats_id_is_one_across_the_groups_tables(client):
    group, tables = three_plays(client)
    ids = []
    for table in tables:
        path = urlsplit(table["urls"]["watch"]).path
        record = client.application.extensions["companion.tables"].get(table["id"])
        found = play_log.play(record)
        assert found["sourcePlayId"] == table["id"], path
        ids.append({p["name"].casefold(): p["sourcePlayerId"] for p in found["players"]})
    assert ids[0]["ann"] == ids[1]["ann"] == ids[2]["ann"] and ids[0]["bob"] == ids[2]["bob"]


def test_the_group_page_shows_players_games_rivalries_and_plays(client, app):
    group, tables = three_plays(client)
    stranger = app.test_client()
    page = stranger.get(f"/g/{group['id']}").get_data(as_text=True)
    assert "<h1" in page and "Friday friends" in page
    assert "New table in this group" not in page and group["token"] not in page  # no link: read only
    for words in ("Players", "By game", "Who beats whom", "Plays", "Statistics", "Download the plays (CSV)",
                  "Wins (dark) out of plays (light)"):
        assert words in page, words
    assert '<li><bdi>ann</bdi> <b>2 – 1</b> <bdi>Bob</bdi></li>' in page
    assert '<li><bdi>ann</bdi> <b>1 – 0</b> <bdi>Cy</bdi></li>' in page and '<bdi>Bob</bdi> <b>1 – 0</b> <bdi>Cy</bdi>' in page
    assert '<th scope="row"><bdi>ann</bdi></th><td>3</td><td>2</td><td>67%</td>' in page


def test_the_group_link_lets_a_phone_make_tables_in_the_group(client, app):
    group = new_group(client)
    phone = app.test_client()
    assert phone.get(urlsplit(group["urls"]["group"]).path).status_code == 302
    assert phone.get(f"/g/{group['id']}/join/wrong-token").status_code == 403
    page = phone.get(f"/g/{group['id']}").get_data(as_text=True)
    assert "New table in this group" in page and group["urls"]["group"] in page
    qr = phone.get(f"/g/{group['id']}/qr.svg")
    assert qr.status_code == 200 and qr.mimetype == "image/svg+xml"
    assert app.test_client().get(f"/g/{group['id']}/qr.svg").status_code in (401, 403)  # it carries the token
    made = phone.post(f"/g/{group['id']}/tables", data={"game": "gangs", "players": ["Ann", "Bob", ""], "first_player": "0"})
    assert made.status_code == 302 and made.location.startswith("/t/")
    table_id = made.location.rsplit("/", 1)[-1]
    assert app.extensions["companion.groups"].get(group["id"])["tables"] == [table_id]
    assert "Gangs of Kyoto" in phone.get(made.location).get_data(as_text=True)
    # A phone without the link cannot.
    refused = app.test_client().post(f"/g/{group['id']}/tables", data={"game": "gangs", "players": ["Ann", "Bob"]})
    assert refused.status_code == 302 and app.extensions["companion.groups"].get(group["id"])["tables"] == [table_id]


def test_a_group_is_started_from_the_home_page(client):
    assert "Start a group" in client.get("/").get_data(as_text=True)
    made = client.post("/groups", data={"name": "Board game Sundays"})
    assert made.status_code == 302
    page = client.get(made.location).get_data(as_text=True)
    assert "Board game Sundays" in page and "New table in this group" in page
    assert client.post("/groups", data={"name": ""}).status_code == 422


def test_a_rematch_of_a_groups_table_is_played_in_the_group(client, app):
    group = new_group(client)
    first = play_recorded(client, group, "gangs_game_two_players.json")
    phone = app.test_client()
    with phone.session_transaction() as sess:
        sess["tokens"] = {first["id"]: first["token"]}
    made = phone.post(f"/t/{first['id']}/rematch", data={})
    assert made.status_code in (302, 303), made.status_code
    again_id = made.location.rstrip("/").rsplit("/", 1)[-1]
    again = app.extensions["companion.tables"].get(again_id)
    assert again.record["group"] == group["id"] and again_id != first["id"]
    rec = json.loads((DATA / "gangs_game_two_players.json").read_text())
    for action in rec["actions"]:
        assert client.post(f"/api/tables/{again_id}/actions", json=action, headers=auth(again.record["host_token"])).status_code == 200
    read = client.get(f"/api/groups/{group['id']}").json
    assert [p["table_id"] for p in read["plays"]] == [again_id, first["id"]]
    assert {p["name"]: p["plays"] for p in read["players"]} == {"Ann": 2, "Bob": 2}
