"""A finished game's "Log this play in BG Stats" link (api.md, "Finished tables"): every game's
game-over page offers it, for the players and the watchers alike; its JSON is the contract's."""
from __future__ import annotations

import json
import random
import re
from datetime import datetime, timedelta
from html import unescape
from unittest.mock import ANY
from urllib.parse import parse_qs, urlsplit

import pytest

from companion.games import get_game
from companion.tables import play_log
from companion.tables.table import Table

from ..offers_checks import draw_action

PLAYERS = ["Ann", "Bob", "Cy"]
CREATED = "2025-12-02T19:00:00.000+00:00"
LINK = re.compile(r'<a href="(https://app\.bgstatsapp\.com/createPlay\.html\?data=[^"]+)" target="_blank" rel="noopener noreferrer">Log this play in BG Stats</a>')


def played(game, seed: int) -> tuple[list[dict], dict]:
    """A whole game through the engine's offers: its actions, a minute apart, and its last state."""
    state = game.setup(PLAYERS, {}, random.Random(seed))
    rnd, actions = random.Random(seed), []
    while not state["over"]:
        action = draw_action(game, state, rnd)
        state, _ = game.apply(state, action)
        actions.append(action)
    start = datetime.fromisoformat(CREATED)
    stamps = [(start + timedelta(minutes=k + 1)).isoformat(timespec="milliseconds") for k in range(len(actions))]
    return [{"action": a, "at": at} for a, at in zip(actions, stamps)], state


def imported(client, game_id: str, seed: int) -> tuple[dict, dict, list[dict]]:
    """A finished table stored by import (so its log's times are known): the reply, its state, its log."""
    entries, state = played(get_game(game_id), seed)
    body = {"game": game_id, "players": PLAYERS, "options": {}, "seed": seed, "created": CREATED, "actions": entries}
    reply = client.post("/api/tables/import", json=body)
    assert reply.status_code == 201, reply.json
    return reply.json, state, entries


def link_in(html: str) -> dict | None:
    """The play the page's BG Stats link carries, decoded, or None when the page has no link."""
    found = LINK.findall(html)
    assert len(found) <= 1
    if not found:
        return None
    query = parse_qs(urlsplit(unescape(found[0])).query)
    return json.loads(query["data"][0])


def expected(game, state: dict, entries: list[dict], seed: int, table_id: str) -> dict:
    """The contract's JSON for this finished game, built from the game's own places (the player
    ids, digests, are checked for what they promise in their own tests)."""
    places = game.places(state)
    first = game.setup(PLAYERS, {}, random.Random(seed))[game.start_field]
    end = entries[-1]["at"]
    # One action a minute; an import makes the table now, so the play starts at its first action.
    minutes = len(entries) - 1
    return {
        "game": {"name": game.title, "sourceGameId": game.id, "highestWins": True},
        "playDate": f"{end[:10]} {end[11:19]}",
        "durationMin": minutes,
        "players": [{"name": p["name"], "rank": places[i], "score": p[game.score_field],
                     "winner": places[i] == 1, "startPlayer": i == first, "sourcePlayerId": ANY}
                    for i, p in enumerate(state["players"])],
        "location": "Kyoto Table Companion",
        "sourceName": "Kyoto Table Companion",
        "sourcePlayId": table_id,
    }


@pytest.mark.slow
@pytest.mark.parametrize("game_id", ["gangs", "kyotoan", "neko", "bosskito"])
def test_every_game_over_page_links_its_play_to_bg_stats(client, game_id):
    seed = 3
    table, state, entries = imported(client, game_id, seed)
    game = get_game(game_id)
    want = expected(game, state, entries, seed, table["id"])
    play_page = client.get(urlsplit(table["urls"]["play"]).path, follow_redirects=True).text
    assert "Final standings" in play_page
    assert link_in(play_page) == want
    # A watcher sees the same link: the game is over, so the scores and places are public (the
    # final standings show them), and tapping it only opens BG Stats with what the page shows.
    assert link_in(client.get(f"/t/{table['id']}/watch").text) == want
    assert sorted(p["score"] for p in want["players"]) == sorted(p[game.score_field] for p in client.get(f"/api/tables/{table['id']}").json["state"]["players"])
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d", want["playDate"])
    assert sum(p["startPlayer"] for p in want["players"]) == 1


def test_a_game_in_progress_shows_no_link(client, api):
    table = api.create("gangs")
    page = client.get(urlsplit(table["urls"]["play"]).path, follow_redirects=True).text
    assert "BG Stats" not in page and link_in(client.get(f"/t/{table['id']}/watch").text) is None


def test_players_the_game_cannot_separate_share_their_rank():
    game = get_game("bosskito")
    entries, state = played(game, 5)
    # Everyone behind the winner level on points and bananas: they share second place.
    winner = state["standings"][0]
    for i, p in enumerate(state["players"]):
        if i != winner:
            p.update(score=0, tokens=0)
    state["standings"] = game.standings(state)
    record = {"id": "x", "game": game.id, "players": PLAYERS, "options": game.validate_options({}, 3), "seed": 5,
              "created": CREATED, "actions": entries, "version": len(entries)}
    ranks = [p["rank"] for p in play_log.play(Table(record, state))["players"]]
    assert sorted(ranks) == [1, 2, 2] and ranks[winner] == 1


def test_times_a_log_cannot_read_leave_the_duration_zero():
    game = get_game("gangs")
    entries, state = played(game, 1)
    entries[-1]["at"] = "yesterday"
    record = {"id": "x", "game": "gangs", "players": PLAYERS, "options": game.validate_options({}, 3), "seed": 1,
              "created": CREATED, "actions": entries, "version": len(entries)}
    found = play_log.play(Table(record, state))
    assert found["durationMin"] == 0 and found["playDate"] == "2025-12-02 19:00:00"
    assert play_log.play(Table({**record, "created": "?"}, state))["durationMin"] == 0


def test_a_table_played_live_starts_when_it_was_made(client, api):
    game = get_game("gangs")
    table = api.create("gangs", players=PLAYERS, seed=7)
    state = game.setup(PLAYERS, {"first_player": 0}, random.Random(7))
    rnd = random.Random(7)
    while not state["over"]:
        action = draw_action(game, state, rnd)
        state, _ = game.apply(state, action)
        api.act(table, action)
    found = link_in(client.get(f"/t/{table['id']}/watch").text)
    assert found["durationMin"] == 0  # played in well under a minute
    assert [p["startPlayer"] for p in found["players"]] == [True, False, False]
    assert [p["rank"] for p in found["players"]] == game.places(state)


def test_a_play_is_known_to_bg_stats_by_its_table_and_its_players_by_name(client):
    first, _, _ = imported(client, "gangs", 3)
    again, _, _ = imported(client, "gangs", 3)
    one = link_in(client.get(f"/t/{first['id']}/watch").text)
    # A second tap carries the same play: BG Stats matches it by source and logs it once.
    assert link_in(client.get(f"/t/{first['id']}/watch").text) == one
    assert (one["sourceName"], one["sourcePlayId"]) == ("Kyoto Table Companion", first["id"])
    ids = [p["sourcePlayerId"] for p in one["players"]]
    assert len(set(ids)) == len(PLAYERS) and all(re.fullmatch(r"[0-9a-f]{16}", i) for i in ids)
    # Without a group, a player's id is the table's own: another table's Ann is another id.
    other = link_in(client.get(f"/t/{again['id']}/watch").text)
    assert other["sourcePlayId"] == again["id"] and not set(ids) & {p["sourcePlayerId"] for p in other["players"]}


def test_the_same_name_in_a_group_is_one_player_id_case_and_accents_forgiven():
    assert play_log.player_id("g1", "Élodie") == play_log.player_id("g1", "elodie") == play_log.player_id("g1", "ＥＬＯＤＩＥ")
    assert play_log.player_id("g1", "Élodie") != play_log.player_id("g2", "Élodie")
    assert play_log.player_id("g1", "Ann") != play_log.player_id("g1", "Anna")
