"""Helpers of the league tests: a league, its nights and their results through the JSON API, and
openskill replayed by hand (PlackettLuce called directly) to check the league's ratings against."""
from __future__ import annotations

from openskill.models import PlackettLuce


def auth(token: str) -> dict:
    return {"Authorization": f"Bearer {token}"}


def new_league(client, name="Thursday Club 2027") -> dict:
    reply = client.post("/api/leagues", json={"name": name})
    assert reply.status_code == 201, reply.json
    return reply.json


def new_night(client, league, players, name="Week", games=("gangs",), rounds=3) -> dict:
    """A night of `league` with `players` registered (its organiser token in "token")."""
    reply = client.post("/api/events", json={"name": name, "games": list(games), "rounds": rounds, "league": league["id"]},
                        headers=auth(league["token"]))
    assert reply.status_code == 201, reply.json
    night = reply.json
    assert client.post(f"/api/events/{night['id']}/players", json={"names": list(players)}, headers=auth(night["token"])).status_code == 200
    return night


def play_round(client, night, placings_for) -> list[dict]:
    """Start a round and enter each table's result by hand: `placings_for(table players)` gives
    its placings best first (a list inside is a tie). Returns the tables with their placings."""
    reply = client.post(f"/api/events/{night['id']}/rounds", json={"game": "gangs"}, headers=auth(night["token"]))
    assert reply.status_code == 201, reply.json
    tables = reply.json["tables"]
    for t in tables:
        t["placings"] = placings_for(t["players"])
        done = client.post(f"/api/events/{night['id']}/results", json={"table_id": t["table_id"], "placings": t["placings"]},
                           headers=auth(night["token"]))
        assert done.status_code == 200, done.json
    return tables


def places(placings: list) -> dict[str, int]:
    """Placings best first (a list inside is a tie) as {name: place}, 1 2 2 4 (competition ranking)."""
    out, place = {}, 1
    for entry in placings:
        group = entry if isinstance(entry, list) else [entry]
        for name in group:
            out[name] = place
        place += len(group)
    return out


def replay_by_hand(tables: list[dict[str, int]], same=lambda name: name.casefold()) -> dict:
    """openskill's PlackettLuce over `tables` ({name: place} each) in order, each seat a team of
    one, ranked by place; `same(name)` says who is who. Returns {person: rating}."""
    model = PlackettLuce()
    ratings = {}
    for table in tables:
        people = [same(n) for n in table]
        teams = [[ratings.get(p, model.rating())] for p in people]
        rated = model.rate(teams, ranks=list(table.values()))
        ratings.update({p: team[0] for p, team in zip(people, rated)})
    return ratings


def by_name(rows: list[dict]) -> dict[str, dict]:
    return {r["name"]: r for r in rows}
