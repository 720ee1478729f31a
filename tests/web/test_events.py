"""Tournament nights: seating, standings and tie-breakers, and a whole night through the API."""
from __future__ import annotations

import csv
import hashlib
import io
import json
import random
from collections import Counter
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.events.seating import seat, table_sizes
from companion.events.standings import placing_points, standings

GAME_LIMITS = [(2, 5), (2, 6), (2, 4)]  # Gangs / Boss Kito, Last Kyotoan Standing, Kyoto no Neko


def repeats(tables: list[list[str]], met: dict[frozenset, int]) -> int:
    """How many pairs at these tables have met before (counted with multiplicity): what seating
    keeps low (the app itself never needs the figure)."""
    return sum(met.get(frozenset(pair), 0) for table in tables for pair in combinations(table, 2))


# -- seating ------------------------------------------------------------------------------
@settings(max_examples=150, deadline=None)
@given(n=st.integers(2, 200), limits=st.sampled_from(GAME_LIMITS), seed=st.integers(0, 10**6))
def test_everyone_seated_once_at_legal_balanced_tables(n, limits, seed):
    low, high = limits
    sizes = table_sizes(n, low, high)
    assert sum(sizes) == n
    assert all(low <= s <= high for s in sizes)
    assert max(sizes) - min(sizes) <= 1, "as even as possible"
    assert max(sizes) <= 4 or n < 4 * 1, "4-player tables with 3-player ones"
    players = [f"p{i}" for i in range(n)]
    tables = seat(players, sizes, random.Random(seed))
    assert sorted(p for t in tables for p in t) == sorted(players)
    assert [len(t) for t in tables] == sizes


@settings(max_examples=40, deadline=None)
@given(n=st.integers(6, 60), seed=st.integers(0, 10**6))
def test_repeat_opponents_are_no_more_than_plain_grouping_by_standings(n, seed):
    rnd = random.Random(seed)
    players = [f"p{i}" for i in range(n)]
    sizes = table_sizes(n, 2, 5)
    first = seat(players, sizes, rnd)
    met = Counter()
    for t in first:
        for i, a in enumerate(t):
            for b in t[i + 1:]:
                met[frozenset((a, b))] += 1
    ranking = list(players)
    rnd.shuffle(ranking)
    naive, start = [], 0
    for size in sizes:
        naive.append(ranking[start:start + size])
        start += size
    ours = seat(ranking, sizes, rnd, dict(met), ranked=True)
    assert sorted(p for t in ours for p in t) == sorted(players)
    assert repeats(ours, met) <= repeats(naive, met)


def test_round_two_of_eight_avoids_every_repeat_when_possible():
    players = [f"p{i}" for i in range(8)]
    first = [players[:4], players[4:]]
    met = {frozenset((a, b)): 1 for t in first for i, a in enumerate(t) for b in t[i + 1:]}
    second = seat(players, [4, 4], random.Random(1), met, ranked=True)
    assert repeats(second, met) == 4  # 2 from each old table at each new table: the least possible
    assert all(len(set(t) & set(old)) == 2 for t in second for old in first)


def test_nights_are_seated_as_they_always_were():
    # Seating is recomputed from the record (a round's seed and the standings), so a night seated
    # before the seating was made incremental must seat alike now: the digest is the old code's.
    seatings = []
    for n, rounds in ((9, 2), (37, 3), (100, 4), (400, 4)):
        rng, players, met = random.Random(n), [f"Player {k}" for k in range(1, n + 1)], Counter()
        for number in range(rounds):
            tables = seat(rng.sample(players, n), table_sizes(n, 2, 5), random.Random(number), dict(met), ranked=number > 0)
            seatings.append(tables)
            met.update(frozenset(pair) for t in tables for pair in combinations(t, 2))
    digest = hashlib.sha256(json.dumps(seatings).encode()).hexdigest()
    assert digest == "d0945afeac8deb6e961696e29e0ce1c00f1e5b9a1dc63973d1126c6498faf40e"


def test_too_few_players_for_any_table():
    try:
        table_sizes(1, 2, 5)
    except ValueError as exc:
        assert "too few" in str(exc)
    else:
        raise AssertionError("one player cannot be seated")


# -- standings (hand-checked) ---------------------------------------------------------------
def test_relative_points_are_fair_across_table_sizes_and_ties_share():
    assert placing_points({"a": 1, "b": 2, "c": 3, "d": 4}, "relative") == {"a": 3, "b": 2, "c": 1, "d": 0}
    assert placing_points({"a": 1, "b": 2, "c": 3}, "relative") == {"a": 3, "b": 1.5, "c": 0}
    assert placing_points({"a": 1, "b": 1, "c": 3}, "relative") == {"a": 2.25, "b": 2.25, "c": 0}
    assert placing_points({"a": 1, "b": 2, "c": 3, "d": 4}, "fixed") == {"a": 4, "b": 2, "c": 1, "d": 0}


def test_standings_order_and_every_tie_breaker():
    # Round 1: A beats B, C beats D.  Round 2: A beats C, B beats D.  Round 3: D beats A, C beats B.
    results = [
        {"A": 1, "B": 2}, {"C": 1, "D": 2},
        {"A": 1, "C": 2}, {"B": 1, "D": 2},
        {"D": 1, "A": 2}, {"C": 1, "B": 2},
    ]
    rows = {r["name"]: r for r in standings(["A", "B", "C", "D"], results, "relative")}
    # Points: A 6, C 6, B 3, D 3.  Wins: A 2, C 2, B 1, D 1.
    assert (rows["A"]["points"], rows["C"]["points"], rows["B"]["points"], rows["D"]["points"]) == (6, 6, 3, 3)
    # Opponents: A met B, C, D (3, 6, 3): Solkoff 12, Median-Buchholz 3 (6 and 3 left out).
    assert rows["A"]["solkoff"] == 12 and rows["A"]["median_buchholz"] == 3
    # C met D, A, B (3, 6, 3): the same 12 and 3.  A placed above C when they met: head-to-head.
    assert rows["C"]["solkoff"] == 12 and rows["A"]["h2h"] == 1 and rows["C"]["h2h"] == 0
    assert rows["A"]["rank"] == 1 and rows["C"]["rank"] == 2
    # B met A, D, C (6, 3, 6): Solkoff 15 beats D's (C 6, B 3, A 6) 15? equal, M-Buch 6 each; B beat D.
    assert rows["B"]["solkoff"] == 15 and rows["D"]["solkoff"] == 15
    assert rows["B"]["h2h"] == 1 and rows["B"]["rank"] == 3 and rows["D"]["rank"] == 4


def test_players_tied_on_everything_share_a_rank():
    rows = standings(["A", "B"], [{"A": 1, "B": 2}, {"B": 1, "A": 2}], "relative")
    assert [r["rank"] for r in rows] == [1, 1]


# -- a whole night through the API ----------------------------------------------------------
def auth(token):
    return {"Authorization": f"Bearer {token}"}


def play_gangs_to_a_win(client, table):
    """Give the table's first player a 2-bell Bell card every turn: 7 turns, 14 bells."""
    h = auth(table["token"])
    state = client.get(f"/api/tables/{table['table_id']}", headers=h).json["state"]
    winner = (state["first_player"] + 1) % len(state["players"])
    while not state["over"]:
        owed = state["pending"][0]
        to = winner if winner in owed["to"] else owed["to"][0]
        card = {"value": 0, "kind": "bell_card", "bells": 2} if to == winner else {"value": 0, "kind": "plain"}
        state = client.post(f"/api/tables/{table['table_id']}/actions", json={"type": "give", "to": to, "card": card}, headers=h).json["state"]
    return table["players"][winner]


def play_bosskito_to_the_end(client, table):
    """Everyone plays red, only the table's first seat also places a token: it wins every red benefit."""
    h = auth(table["token"])
    url = f"/api/tables/{table['table_id']}/actions"
    rows = [[9, 8, 7, 6, 5]] * 5 + [[9, 8, 7, 6, 4], [9, 8, 7, 4, 3], [9, 8, 4, 3, 2], [9, 4, 3, 2, 1]]
    state = client.get(f"/api/tables/{table['table_id']}", headers=h).json["state"]
    while not state["over"]:
        owed = state["pending"][0]
        if owed["type"] == "reveal":
            action = {"type": "reveal", "row": rows[state["round"] - 1]}
        else:
            me = state["players"][owed["player"]]
            turn, first_seat = owed["turn"], owed["player"] == 0
            if turn == 1:
                action = {"type": "play", "colour": "red"}
            elif turn == 2:
                action = {"type": "draw"}  # one drawn a round for the one played: the piles last
            elif first_seat and turn == 3 and state["stock"]:
                action = {"type": "take"}
            elif first_seat and turn == 4 and me["tokens"]:
                action = {"type": "place", "on": ["red"]}  # 4 bananas against everyone's 3
            else:
                action = {"type": "exchange", "count": 1}
        reply = client.post(url, json=action, headers=h)
        assert reply.status_code == 200, reply.json
        state = reply.json["state"]
    return table["players"][0]


def test_a_twelve_player_three_round_night_with_two_games(client):
    event = client.post("/api/events", json={"name": "Friday", "games": ["gangs", "bosskito"], "rounds": 3}).json
    eid, h = event["id"], auth(event["token"])
    names = [f"Player {i:02d}" for i in range(12)]
    assert client.post(f"/api/events/{eid}/players", json={"names": names[:11]}, headers=h).status_code == 200
    twice = client.post(f"/api/events/{eid}/players", json={"names": [names[11], names[0]]}, headers=h)
    assert twice.status_code == 422 and f"{names[0]} is already registered" in twice.json["error"]
    late = client.post(f"/api/events/{eid}/players", json={"names": [names[11]]}, headers=h).json
    assert len(late["players"]) == 12  # the refused list registered nobody
    assert client.post(f"/api/events/{eid}/players", json={"names": ["X"]}).status_code == 401

    # Round 1: Gangs of Kyoto, three tables of four, every one played in the app.
    r1 = client.post(f"/api/events/{eid}/rounds", json={"game": "gangs"}, headers=h)
    assert r1.status_code == 201 and r1.json["round"] == 1
    tables = r1.json["tables"]
    assert sorted(len(t["players"]) for t in tables) == [4, 4, 4]
    assert sorted(p for t in tables for p in t["players"]) == sorted(names)
    busy = client.post(f"/api/events/{eid}/rounds", json={"game": "gangs"}, headers=h)
    assert busy.status_code == 422 and "without a result" in busy.json["error"]
    winners = [play_gangs_to_a_win(client, t) for t in tables]
    rows = client.get(f"/api/events/{eid}/standings").json
    assert sorted(r["name"] for r in rows if r["wins"] == 1) == sorted(winners)
    assert sum(r["points"] for r in rows) == 3 * 6
    again = client.post(f"/api/events/{eid}/results", json={"table_id": tables[0]["table_id"], "placings": tables[0]["players"]}, headers=h)
    assert again.status_code == 422 and "correction" in again.json["error"]

    # Round 2: Boss Kito; one table in the app, two played on paper and entered by the organiser.
    r2 = client.post(f"/api/events/{eid}/rounds", json={"game": "bosskito"}, headers=h).json
    met = Counter(frozenset((a, b)) for t in tables for i, a in enumerate(t["players"]) for b in t["players"][i + 1:])
    assert repeats([t["players"] for t in r2["tables"]], met) <= 12  # far fewer than re-seating the same tables (18)
    app_winner = play_bosskito_to_the_end(client, r2["tables"][0])
    for t in r2["tables"][1:]:
        reply = client.post(f"/api/events/{eid}/results", json={"table_id": t["table_id"], "placings": t["players"]}, headers=h)
        assert reply.status_code == 200
    bad = client.post(f"/api/events/{eid}/results", json={"table_id": r2["tables"][1]["table_id"], "placings": ["Nobody"]}, headers=h)
    assert bad.status_code == 422

    # A late correction recomputes the standings.
    t = r2["tables"][1]
    before = {r["name"]: r["points"] for r in client.get(f"/api/events/{eid}/standings").json}
    fixed = client.post(f"/api/events/{eid}/results", json={"table_id": t["table_id"], "placings": list(reversed(t["players"])), "correction": True}, headers=h)
    after = {r["name"]: r["points"] for r in fixed.json["standings"]}
    assert after[t["players"][-1]] == before[t["players"][-1]] + 3 and after[t["players"][0]] == before[t["players"][0]] - 3

    # A player drops out: round 3 seats the other eleven (4 + 4 + 3).
    client.post(f"/api/events/{eid}/checkin", json={"names": [names[5]], "present": False}, headers=h)
    r3 = client.post(f"/api/events/{eid}/rounds", json={"game": "gangs"}, headers=h).json
    assert sorted(len(t["players"]) for t in r3["tables"]) == [3, 4, 4]
    assert names[5] not in [p for t in r3["tables"] for p in t["players"]]
    for t in r3["tables"]:
        play_gangs_to_a_win(client, t)
    over = client.post(f"/api/events/{eid}/rounds", json={"game": "gangs"}, headers=h)
    assert over.status_code == 422 and "All 3 rounds" in over.json["error"]

    rows = client.get(f"/api/events/{eid}/standings").json
    assert sum(r["points"] for r in rows) == 3 * 6 + 3 * 6 + (6 + 6 + 4.5)
    assert {r["name"]: r["played"] for r in rows}[names[5]] == 2
    assert app_winner in [r["name"] for r in rows if r["wins"] >= 1]
    assert [r["rank"] for r in rows] == sorted(r["rank"] for r in rows)

    exported = client.get(f"/api/events/{eid}/export.csv")
    assert exported.mimetype == "text/csv"
    lines = list(csv.DictReader(io.StringIO(exported.text.removeprefix("\ufeff"))))
    assert [len([r for r in lines if r["round"] == str(n)]) for n in (1, 2, 3)] == [12, 12, 11]
    assert {r["dropped"] for r in lines if r["player"] == names[5]} == {"yes"}
    whole = client.get(f"/api/events/{eid}/export.json").json
    assert "token" not in whole and len(whole["rounds"]) == 3


def test_bad_event_input(client):
    assert client.post("/api/events", json={"name": "", "games": ["gangs"], "rounds": 3}).status_code == 422
    assert client.post("/api/events", json={"name": "N", "games": ["chess"], "rounds": 3}).status_code == 422
    assert client.post("/api/events", json={"name": "N", "games": ["gangs"], "rounds": 3, "scoring": "elo"}).status_code == 422
    event = client.post("/api/events", json={"name": "N", "games": ["neko"], "rounds": 2}).json
    h = auth(event["token"])
    client.post(f"/api/events/{event['id']}/players", json={"names": ["Solo"]}, headers=h)
    few = client.post(f"/api/events/{event['id']}/rounds", json={"game": "neko"}, headers=h)
    assert few.status_code == 422 and "too few" in few.json["error"]
    assert client.post(f"/api/events/{event['id']}/rounds", json={"game": "gangs"}, headers=h).status_code == 422
    assert client.post(f"/api/events/{event['id']}/rounds", json={"game": "neko"}).status_code == 401
    assert client.post(f"/api/events/{event['id']}/checkin", json={"names": ["Ghost"], "present": True}, headers=h).status_code == 422
    assert client.get("/api/events/nope/standings").status_code == 404


def test_csv_export_defuses_formulas(client):
    event = client.post("/api/events", json={"name": "N", "games": ["gangs"], "rounds": 1}).json
    client.post(f"/api/events/{event['id']}/players", json={"names": ["=HYPERLINK(\"x\")", "Bob"]}, headers=auth(event["token"]))
    text = client.get(f"/api/events/{event['id']}/standings.csv").text
    assert "'=HYPERLINK" in text and ",=" not in text


def test_the_organiser_swaps_two_seats_before_the_tables_start(client):
    event = client.post("/api/events", json={"name": "N", "games": ["gangs"], "rounds": 2}).json
    eid, h = event["id"], auth(event["token"])
    client.post(f"/api/events/{eid}/players", json={"names": list("ABCDEFGH")}, headers=h)
    tables = client.post(f"/api/events/{eid}/rounds", json={"game": "gangs"}, headers=h).json["tables"]
    a, b = tables[0]["players"][0], tables[1]["players"][0]
    swapped = client.post(f"/api/events/{eid}/swap", json={"a": a, "b": b}, headers=h)
    assert swapped.status_code == 200
    seats = {name: i for i, t in enumerate(swapped.json["round"]["tables"]) for name in t["players"]}
    assert seats[a] == 1 and seats[b] == 0
    assert client.post(f"/api/events/{eid}/swap", json={"a": a, "b": "Z"}, headers=h).status_code == 422
    # Once a table has started, its players are fixed.
    table = swapped.json["round"]["tables"][0]
    record = client.application.extensions["companion.events"].get(eid)
    service = client.application.extensions["companion.tables"]
    host = service.get(table["table_id"]).record["host_token"]
    owed = service.get(table["table_id"]).state["pending"][0]
    service.act(table["table_id"], host, {"type": "give", "to": owed["to"][0], "card": {"value": 1}})
    late = client.post(f"/api/events/{eid}/swap", json={"a": table["players"][1], "b": b if seats[b] == 1 else a}, headers=h)
    assert late.status_code == 422 and "started" in late.json["error"]
    assert record["rounds"][-1]["tables"][0]["table_id"] == table["table_id"]
