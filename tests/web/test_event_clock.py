"""The round clock (api.md, Round clock): the organiser or a desk starts, pauses,
resumes and lengthens the current round's countdown, for the round or one table; anyone with the
event link reads the seconds left; bad input gets a sentence and changes nothing; the clock
survives a restart on both stores; a new round starts without one. The server's clock is replaced
by a function the test moves (`wall`), so no test sleeps."""
from __future__ import annotations

import pytest

from companion import create_app
from companion.events.clock import MINUTES_MAX
from tests.redis_server import redis_prefix, redis_server, redis_url  # noqa: F401 (fixtures)
from tests.server.test_redis_store import apps  # noqa: F401 (fixture: two apps on one Redis)
from tests.web.test_event_desk_handover import hand_over
from tests.web.test_events import auth

NAMES = ["Aiko", "Botan", "Chika", "Daichi", "Emi", "Fumi", "Goro", "Hana"]
T0 = 1_800_000_000.0  # 2027-01-15 08:00 UTC


class Wall:
    """The server's clock, moved by hand."""

    def __init__(self, app, at: float = T0):
        self.at = at
        app.extensions["companion.events"].wall = lambda: self.at

    def __iadd__(self, seconds: float):
        self.at += seconds
        return self


def night(client, rounds=2, seat=True):
    """A night of Gangs of Kyoto with eight players and, if `seat`, its first round seated:
    (event id, organiser token, the round's table ids)."""
    event = client.post("/api/events", json={"name": "Friday", "games": ["gangs"], "rounds": rounds}).json
    eid, token = event["id"], event["token"]
    assert client.post(f"/api/events/{eid}/players", json={"names": NAMES}, headers=auth(token)).status_code == 200
    tables = []
    if seat:
        reply = client.post(f"/api/events/{eid}/rounds", json={"game": "gangs"}, headers=auth(token))
        assert reply.status_code == 201, reply.json
        tables = [t["table_id"] for t in reply.json["tables"]]
        assert len(tables) >= 2
    return eid, token, tables


def post(client, eid, token, body, status=200):
    reply = client.post(f"/api/events/{eid}/clock", json=body, headers=auth(token) if token else {})
    assert reply.status_code == status, reply.json
    return reply.json["clock"] if status == 200 else reply.json


def read(client, eid) -> dict:
    reply = client.get(f"/api/events/{eid}/clock")
    assert reply.status_code == 200
    return reply.json


def stored(app, eid) -> dict:
    return app.extensions["companion.events"].get(eid)


def test_start_pause_resume_and_minutes_for_the_round_count_on_the_servers_clock(client, app):
    wall = Wall(app)
    eid, token, tables = night(client)
    assert read(client, eid) == {"round": 1, "running": False, "paused": False, "ends_at": None, "remaining_s": None,
                                 "minutes": None, "tables": {t: {"ends_at": None, "remaining_s": None, "extra_minutes": 0} for t in tables}}
    started = post(client, eid, token, {"minutes": 50})
    assert started["running"] and not started["paused"] and started["remaining_s"] == 3000
    assert started["ends_at"] == "2027-01-15T08:50:00.000+00:00"
    wall += 600.25
    assert read(client, eid)["remaining_s"] == 2399.75
    paused = post(client, eid, token, {"pause": True})
    assert paused["paused"] and not paused["running"] and paused["ends_at"] is None and paused["remaining_s"] == 2399.75
    wall += 300  # a paused clock keeps its seconds
    assert read(client, eid)["remaining_s"] == 2399.75 and all(t["remaining_s"] == 2399.75 for t in read(client, eid)["tables"].values())
    resumed = post(client, eid, token, {"pause": False})
    assert resumed["running"] and resumed["remaining_s"] == 2399.75
    assert resumed["ends_at"] == "2027-01-15T08:55:00.000+00:00"  # 08:15:00.25 + 2399.75 s
    wall += 100
    assert post(client, eid, token, {"add_minutes": 5})["remaining_s"] == 2599.75
    wall += 2599.75
    up = read(client, eid)
    assert up["remaining_s"] == 0 and up["running"]  # time is up; minutes may still be added
    wall += 60  # a minute past the end: minutes are added to the deadline
    assert post(client, eid, token, {"add_minutes": 5})["remaining_s"] == 240


def test_extra_minutes_for_one_table_only_and_paused_with_the_round(client, app):
    wall = Wall(app)
    eid, token, (first, second, *_) = night(client)
    post(client, eid, token, {"minutes": 30})
    clock = post(client, eid, token, {"table_id": second, "add_minutes": 7})
    assert clock["remaining_s"] == 1800 and clock["tables"][first] == {"ends_at": clock["ends_at"], "remaining_s": 1800, "extra_minutes": 0}
    assert clock["tables"][second] == {"ends_at": "2027-01-15T08:37:00.000+00:00", "remaining_s": 2220, "extra_minutes": 7}
    clock = post(client, eid, token, {"table_id": second, "add_minutes": 3})
    assert clock["tables"][second]["extra_minutes"] == 10 and clock["tables"][second]["remaining_s"] == 2400
    wall += 1900  # the round's time is up; the second table plays on
    clock = read(client, eid)
    assert clock["remaining_s"] == 0 and clock["tables"][first]["remaining_s"] == 0 and clock["tables"][second]["remaining_s"] == 500
    post(client, eid, token, {"pause": True})
    wall += 1000
    clock = post(client, eid, token, {"pause": False})
    assert clock["tables"][second]["remaining_s"] == 500 and clock["remaining_s"] == 0
    clock = post(client, eid, token, {"add_minutes": 5})  # the round's minutes reach every table
    assert clock["remaining_s"] == 200 and clock["tables"][second]["remaining_s"] == 800


def test_a_desk_token_runs_the_clock_and_nobody_else_does(client, app):
    Wall(app)
    eid, token, _ = night(client)
    desk = hand_over(client, eid, token, "Bar")
    assert post(client, eid, desk["token"], {"minutes": 40})["remaining_s"] == 2400
    before = stored(app, eid)
    for other in (None, "not-a-token", client.post("/api/events", json={"name": "Other", "games": ["gangs"], "rounds": 1}).json["token"]):
        assert "organiser" in post(client, eid, other, {"pause": True}, status=401)["error"]
    assert stored(app, eid) == before
    assert stored(app, eid)["history"][-1]["who"] == "Bar" and "40 minutes" in stored(app, eid)["history"][-1]["text"]


TOO_LONG = f"from 1 to {MINUTES_MAX}"


@pytest.mark.parametrize("body, words", [
    ({"minutes": -5}, TOO_LONG), ({"minutes": 0}, TOO_LONG), ({"minutes": 2.5}, TOO_LONG), ({"minutes": "50"}, TOO_LONG),
    ({"minutes": True}, TOO_LONG), ({"minutes": None}, TOO_LONG), ({"minutes": MINUTES_MAX + 1}, TOO_LONG),
    ({"minutes": 10 ** 12}, TOO_LONG), ({"add_minutes": -1}, TOO_LONG), ({"add_minutes": 0}, TOO_LONG),
    ({"add_minutes": 1.5}, TOO_LONG), ({"add_minutes": 10 ** 9}, TOO_LONG),
    ({"add_minutes": MINUTES_MAX}, "more than"), ({"table_id": "FIRST", "add_minutes": MINUTES_MAX}, "more than"),
    ({"table_id": "nope", "add_minutes": 5}, "not in round 1"), ({"table_id": 7, "add_minutes": 5}, "not in round 1"),
    ({"table_id": "FIRST", "add_minutes": "5"}, TOO_LONG),
    ({"pause": "yes"}, "true (pause"), ({"pause": 1}, "true (pause"), ({"pause": False}, "running already"),
    ({"colour": "red"}, "Unknown field 'colour'"), ({}, "one change at a time"), ({"minutes": 5, "pause": True}, "one change at a time"),
    ({"minutes": 5, "add_minutes": 5}, "one change at a time"), ({"table_id": "FIRST"}, "one change at a time"),
    ({"table_id": "FIRST", "pause": True}, "one change at a time"),
])
def test_bad_input_to_a_running_clock_gets_a_sentence_and_changes_nothing(client, app, body, words):
    Wall(app)
    eid, token, tables = night(client)
    post(client, eid, token, {"minutes": 50})
    body = {k: tables[0] if v == "FIRST" else v for k, v in body.items()}
    before = stored(app, eid)
    error = post(client, eid, token, body, status=422)["error"]
    assert words in error and error.endswith(".")
    assert stored(app, eid) == before


@pytest.mark.parametrize("body", [{"pause": True}, {"pause": False}, {"add_minutes": 5}, {"table_id": "FIRST", "add_minutes": 5}])
def test_pausing_or_adding_minutes_with_no_clock_is_refused(client, app, body):
    eid, token, tables = night(client)
    body = {k: tables[0] if v == "FIRST" else v for k, v in body.items()}
    before = stored(app, eid)
    assert "has not been started" in post(client, eid, token, body, status=422)["error"]
    assert stored(app, eid) == before


def test_a_paused_clock_is_not_paused_again_and_a_night_without_a_round_has_no_clock(client, app):
    Wall(app)
    eid, token, _ = night(client)
    post(client, eid, token, {"minutes": 50})
    post(client, eid, token, {"pause": True})
    before = stored(app, eid)
    assert post(client, eid, token, {"pause": True}, status=422)["error"] == "The clock is paused already."
    assert stored(app, eid) == before
    empty, token2, _ = night(client, seat=False)
    assert "No round has started" in post(client, empty, token2, {"minutes": 50}, status=422)["error"]
    assert read(client, empty) == {"round": 0, "running": False, "paused": False, "ends_at": None, "remaining_s": None,
                                   "minutes": None, "tables": {}}
    assert client.get("/api/events/nope/clock").status_code == 404


def test_a_new_round_starts_without_a_clock_and_the_old_rounds_tables_get_no_extra_time(client, app):
    Wall(app)
    eid, token, tables = night(client)
    post(client, eid, token, {"minutes": 50})
    post(client, eid, token, {"table_id": tables[0], "add_minutes": 5})
    for t in stored(app, eid)["rounds"][-1]["tables"]:
        tid, names = t["table_id"], t["players"]
        assert client.post(f"/api/events/{eid}/results", json={"table_id": tid, "placings": names}, headers=auth(token)).status_code == 200
    second = client.post(f"/api/events/{eid}/rounds", json={"game": "gangs"}, headers=auth(token)).json
    clock = read(client, eid)
    assert clock["round"] == 2 and not clock["running"] and not clock["paused"] and clock["remaining_s"] is None
    assert set(clock["tables"]) == {t["table_id"] for t in second["tables"]}
    assert "not in round 2" in post(client, eid, token, {"table_id": tables[0], "add_minutes": 5}, status=422)["error"]
    assert "has not been started" in post(client, eid, token, {"add_minutes": 5}, status=422)["error"]
    assert post(client, eid, token, {"minutes": 45})["tables"][second["tables"][0]["table_id"]]["extra_minutes"] == 0


def test_the_clock_survives_a_restart_on_the_data_folder(tmp_path):
    config = {"TESTING": True, "DATA_DIR": str(tmp_path / "data"), "ACTION_LIMIT": 0}
    first = create_app(config)
    client = first.test_client()
    wall = Wall(first)
    eid, token, tables = night(client)
    post(client, eid, token, {"minutes": 20})
    post(client, eid, token, {"table_id": tables[1], "add_minutes": 4})
    wall += 200
    paused = post(client, eid, token, {"pause": True})
    again = create_app(config)
    Wall(again, wall.at + 5000)
    assert read(again.test_client(), eid) == paused
    post(again.test_client(), eid, token, {"pause": False})
    assert read(again.test_client(), eid)["tables"][tables[1]]["remaining_s"] == 1000 + 240


def test_the_clock_survives_a_restart_on_redis_and_every_process_reads_the_same_seconds(apps):
    a, b = apps()
    wall_a, wall_b = Wall(a), Wall(b)
    ca, cb = a.test_client(), b.test_client()
    eid, token, tables = night(ca)
    started = post(ca, eid, token, {"minutes": 15})
    post(cb, eid, token, {"table_id": tables[0], "add_minutes": 2})  # the other process, on the same record
    wall_a += 90
    wall_b += 90
    assert read(ca, eid) == read(cb, eid)
    assert read(cb, eid)["ends_at"] == started["ends_at"] and read(cb, eid)["tables"][tables[0]]["remaining_s"] == 900 - 90 + 120
    c, _ = apps()  # a restart: new processes, the same Redis
    Wall(c, wall_a.at)
    assert read(c.test_client(), eid) == read(ca, eid)
