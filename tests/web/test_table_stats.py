"""A finished table's statistics through the API and at game over on its page (api.md, "Groups,
statistics and rewind"): the figures the table's own log gives (tests/rules/test_stats.py checks
them against the history's words), for every reader of the table."""
from __future__ import annotations

import json
import re

import pytest

from companion.tables import stats

from ..engine_checks import DATA


def imported(client, name: str) -> dict:
    """A recorded game stored as a table by import."""
    rec = json.loads((DATA / name).read_text())
    body = {"game": rec["game"], "players": rec["players"], "options": rec["options"], "seed": rec["seed"],
            "actions": [{"action": a, "at": "2026-01-01T20:00:00.000+00:00"} for a in rec["actions"]]}
    reply = client.post("/api/tables/import", json=body)
    assert reply.status_code == 201, reply.json
    return reply.json


@pytest.mark.parametrize("name", ["gangs_game_two_players.json", "neko_game_two_kittens.json",
                                  "bosskito_game_two_players.json", "kyotoan_game_last_standing.json"])
def test_a_finished_table_gives_its_figures_to_any_reader(client, name):
    table = imported(client, name)
    reply = client.get(f"/api/tables/{table['id']}/stats")
    assert reply.status_code == 200
    record = client.get(f"/api/tables/{table['id']}/export", headers={"Authorization": f"Bearer {table['token']}"}).json
    assert reply.json == stats.counted({**record, "id": table["id"]})
    assert [p["name"] for p in reply.json["players"]] == record["players"]


def test_gangs_figures_through_the_api(client):
    table = imported(client, "gangs_game_two_players.json")
    assert client.get(f"/api/tables/{table['id']}/stats").json == {"players": [
        {"name": "Ann", "bells": 13, "cards_received": 10, "refused": 0},
        {"name": "Bob", "bells": 0, "cards_received": 12, "refused": 1}]}


def test_a_table_still_played_has_no_statistics_yet(api, client):
    table = api.create("gangs")
    reply = client.get(f"/api/tables/{table['id']}/stats")
    assert reply.status_code == 422 and "not over" in reply.json["error"]
    assert "Statistics" not in client.get(f"/t/{table['id']}/watch").get_data(as_text=True)


def test_the_game_over_page_shows_the_figures_beside_the_standings(client):
    table = imported(client, "neko_game_two_kittens.json")
    page = client.get(f"/t/{table['id']}/watch").get_data(as_text=True)
    ending = page[page.index('id="ending"'):]
    assert ending.index("Final standings") < ending.index("Statistics")
    rows = re.findall(r'<tr><th scope="row"><bdi>(\w+)</bdi></th>((?:<td>\d+</td>)+)</tr>', ending)
    cells = {name: [int(v) for v in re.findall(r"<td>(\d+)</td>", tds)] for name, tds in rows}
    # Checks, critical failures, Medals: as the game's history tells them (tests/rules/test_stats.py).
    assert cells == {"Ann": [4, 0, 5], "Bob": [5, 1, 2]}
    assert "Critical failures" in ending
