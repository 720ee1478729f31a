"""Rounds of several games: a venue seats whatever boxes it has, so one round
may hold tables of each of several games, each seated within its own game's player limits, with
repeat opponents avoided across the games; the organiser may change an untouched table's game."""
from __future__ import annotations

from collections import Counter
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.events.seating import mixed_tables
from companion.games import all_games
from tests.web.test_events import auth, play_gangs_to_a_win, repeats

GAMES = {g.id: (g.id, g.min_players, g.max_players) for g in all_games()}


@settings(max_examples=200, deadline=None)
@given(n=st.integers(2, 80), chosen=st.lists(st.sampled_from(sorted(GAMES)), min_size=1, max_size=4, unique=True))
def test_every_player_sits_once_at_a_table_of_a_game_that_seats_that_many(n, chosen):
    games = [GAMES[g] for g in chosen]
    try:
        plan = mixed_tables(n, games)
    except ValueError as exc:
        assert n < 2 * len(games) and "too few" in str(exc)
        return
    assert sum(size for _, size in plan) == n
    for game, size in plan:
        assert GAMES[game][1] <= size <= GAMES[game][2]
    per_game = Counter(game for game, _ in plan)
    assert set(per_game) == set(chosen), "a table of each game"
    assert max(per_game.values()) - min(per_game.values()) <= 1, "the games take turns"
    sizes = [size for _, size in plan]
    assert max(sizes) - min(sizes) <= 1 and (max(sizes) <= 4 or len(plan) == len(chosen)), "even, 4 where possible"


def night(client, n=16, games=("gangs", "neko"), rounds=3):
    event = client.post("/api/events", json={"name": "Mixed", "games": list(games), "rounds": rounds}).json
    names = [f"P{i:02d}" for i in range(n)]
    assert client.post(f"/api/events/{event['id']}/players", json={"names": names}, headers=auth(event["token"])).status_code == 200
    return event["id"], auth(event["token"]), names


def test_a_round_of_two_games_seats_tables_of_each_and_creates_them_as_such(client, app):
    eid, h, names = night(client)
    reply = client.post(f"/api/events/{eid}/rounds", json={"games": ["gangs", "neko"]}, headers=h)
    assert reply.status_code == 201, reply.json
    tables = reply.json["tables"]
    assert [t["game"] for t in tables] == ["gangs", "neko", "gangs", "neko"] and [len(t["players"]) for t in tables] == [4] * 4
    assert sorted(p for t in tables for p in t["players"]) == names
    service = app.extensions["companion.tables"]
    assert [service.get(t["table_id"]).record["game"] for t in tables] == ["gangs", "neko", "gangs", "neko"]
    assert client.get(f"/api/events/{eid}/export.json").json["rounds"][0]["games"] == ["gangs", "neko"]


def test_later_rounds_avoid_repeat_opponents_across_the_games(client):
    eid, h, names = night(client)
    first = client.post(f"/api/events/{eid}/rounds", json={"games": ["gangs", "neko"]}, headers=h).json["tables"]
    # Every table a four-way tie: everyone has the same points, so the standings order is close to
    # the names' order and plain grouping by it would seat many who just met.
    for t in first:
        client.post(f"/api/events/{eid}/results", json={"table_id": t["table_id"], "placings": [t["players"]]}, headers=h)
    met = dict(Counter(frozenset(pair) for t in first for pair in combinations(t["players"], 2)))
    order = [r["name"] for r in client.get(f"/api/events/{eid}/standings").json]
    plain = [order[k:k + 4] for k in range(0, 16, 4)]
    second = client.post(f"/api/events/{eid}/rounds", json={"games": ["neko", "gangs"]}, headers=h).json["tables"]
    assert [t["game"] for t in second] == ["neko", "gangs", "neko", "gangs"]
    ours = repeats([t["players"] for t in second], met)
    assert ours <= repeats(plain, met) and ours <= 2, ours


def test_a_round_names_its_games_as_the_contract_says_and_refuses_with_sentences(client):
    eid, h, names = night(client, n=3, games=("gangs", "neko"))
    url = f"/api/events/{eid}/rounds"
    cases = [
        ({"games": []}, "Choose at least one game"),
        ({"game": "gangs", "games": ["neko"]}, "either 'game'"),
        ({}, "either 'game'"),
        ({"games": ["gangs", "bosskito"]}, "This night plays Gangs of Kyoto and Kyoto no Neko, not Boss Kito."),
        ({"games": ["gangs", "neko"]}, "3 players are too few for a table of each of the 2 games"),
    ]
    for body, words in cases:
        reply = client.post(url, json=body, headers=h)
        assert reply.status_code == 422 and words in reply.json["error"], (body, reply.json)
    assert client.post(url, json={"games": ["gangs", "gangs"]}, headers=h).json["tables"][0]["game"] == "gangs"


def test_the_organiser_gives_an_untouched_table_another_game_that_fits_its_players(client, app):
    eid, h, names = night(client, n=9, games=("gangs", "neko"))
    tables = client.post(f"/api/events/{eid}/rounds", json={"game": "gangs"}, headers=h).json["tables"]  # 3 + 3 + 3
    url = f"/api/events/{eid}/table-game"
    changed = client.post(url, json={"table_id": tables[1]["table_id"], "game": "neko"}, headers=h)
    assert changed.status_code == 200, changed.json
    new = changed.json["round"]["tables"][1]
    assert new["game"] == "neko" and new["players"] == tables[1]["players"] and new["table_id"] != tables[1]["table_id"]
    assert app.extensions["companion.tables"].get(new["table_id"]).record["game"] == "neko"
    assert changed.json["round"]["games"] == ["gangs", "neko"]
    assert client.post(url, json={"table_id": new["table_id"], "game": "bosskito"}, headers=h).status_code == 422
    # A table that has started keeps its game, and so does one that has finished.
    first = tables[0]
    give = {"type": "give", "to": 1, "card": {"value": 0, "kind": "plain"}}
    assert client.post(f"/api/tables/{first['table_id']}/actions", json=give, headers=auth(first["token"])).status_code == 200
    started = client.post(url, json={"table_id": first["table_id"], "game": "neko"}, headers=h)
    assert started.status_code == 422 and started.json["error"] == "Table 1 has started: its players and game stay as they are."
    play_gangs_to_a_win(client, first)
    done = client.post(url, json={"table_id": first["table_id"], "game": "neko"}, headers=h)
    assert done.status_code == 422 and done.json["error"] == "Table 1 has a result: its players and game stay as they are."


def test_a_swap_that_names_the_wrong_players_says_which_and_changes_nothing(client):
    eid, h, names = night(client, n=9, games=("gangs",))
    client.post(f"/api/events/{eid}/players", json={"names": ["Late"]}, headers=h)
    client.post(f"/api/events/{eid}/checkin", json={"names": ["Late"], "present": False}, headers=h)
    tables = client.post(f"/api/events/{eid}/rounds", json={"game": "gangs"}, headers=h).json["tables"]
    a, b = tables[0]["players"][0], tables[0]["players"][1]
    url = f"/api/events/{eid}/swap"
    for body, sentence in (({"a": a, "b": a.lower()}, "Those are the same player: name two players to swap."),
                           ({"a": a, "b": "Zed"}, "'Zed' is not registered for this night: check the spelling."),
                           ({"a": "late", "b": a}, "Late has no seat in round 1."),
                           ({"a": a, "b": b}, "They sit at the same table already.")):
        reply = client.post(url, json=body, headers=h)
        assert (reply.status_code, reply.json) == (422, {"error": sentence}), body
    assert client.get(f"/api/events/{eid}", headers=h).json["rounds"][0]["tables"][0]["players"] == tables[0]["players"]


def test_a_table_keeps_a_game_its_players_fit(client):
    # Seating never makes a table of five (4 where the games allow); an imported night can have one.
    names = ["Ann", "Bo", "Cy", "Dee", "Eve"]
    export = {"name": "N", "games": ["gangs", "neko"], "rounds_planned": 2, "players": [{"name": n} for n in names],
              "rounds": [{"round": 1, "games": ["gangs"], "tables": [{"table_id": "t1", "game": "gangs", "players": names}]}]}
    made = client.post("/api/events/import", json=export).json
    table_id = client.get(f"/api/events/{made['id']}/export.json").json["rounds"][0]["tables"][0]["table_id"]
    reply = client.post(f"/api/events/{made['id']}/table-game", json={"table_id": table_id, "game": "neko"}, headers=auth(made["token"]))
    assert reply.status_code == 422 and reply.json["error"] == "Table 1 seats 5; Kyoto no Neko is for 2 to 4 players."


def test_a_mixed_night_exports_and_imports_with_each_tables_game(client):
    eid, h, names = night(client, n=8)
    tables = client.post(f"/api/events/{eid}/rounds", json={"games": ["gangs", "neko"]}, headers=h).json["tables"]
    play_gangs_to_a_win(client, tables[0])
    whole = client.get(f"/api/events/{eid}/export.json", headers=h).json
    copy = client.post("/api/events/import", json=whole)
    assert copy.status_code == 201, copy.json
    again = client.get(f"/api/events/{copy.json['id']}/export.json", headers=auth(copy.json["token"])).json
    assert [t["game"] for t in again["rounds"][0]["tables"]] == ["gangs", "neko"]
    assert client.get(f"/api/events/{copy.json['id']}/standings").json == client.get(f"/api/events/{eid}/standings").json
