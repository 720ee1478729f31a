"""The event's spreadsheets: one tidy table per file, read by csv.DictReader
as a spreadsheet would: one header row, one row per player per round (results) or per player
(standings), event name and date on every row, tables numbered, games by title, a byte-order mark
for Excel, drop-outs marked."""
from __future__ import annotations

import csv
import io

from companion.events.spreadsheets import RESULT_COLUMNS, STANDING_COLUMNS
from tests.web.test_events import auth, play_gangs_to_a_win

NAMES = ["Élodie", "Zoë", "Ana", "Bo", "Chen", "Dai", "Ema"]


def read(reply) -> list[dict]:
    """A CSV reply as DictReader rows, after checking it is UTF-8 with a byte-order mark."""
    assert reply.mimetype == "text/csv" and reply.data.startswith("\ufeff".encode())
    assert reply.headers["Content-Disposition"].startswith("attachment; filename=")
    rows = csv.DictReader(io.StringIO(reply.data.decode("utf-8-sig")))
    return list(rows)


def test_results_and_standings_read_as_two_tidy_tables(client):
    event = client.post("/api/events", json={"name": "Nuit d'été", "games": ["gangs"], "rounds": 2, "date": "2026-07-14"}).json
    eid, h = event["id"], auth(event["token"])
    client.post(f"/api/events/{eid}/players", json={"names": NAMES}, headers=h)
    r1 = client.post(f"/api/events/{eid}/rounds", json={"game": "gangs"}, headers=h).json["tables"]  # 4 + 3
    winner = play_gangs_to_a_win(client, r1[0])
    second = r1[1]
    client.post(f"/api/events/{eid}/results", json={"table_id": second["table_id"], "placings": [second["players"][1], second["players"][0], second["players"][2]]}, headers=h)
    client.post(f"/api/events/{eid}/checkin", json={"names": ["Zoë"], "present": False}, headers=h)
    client.post(f"/api/events/{eid}/rounds", json={"game": "gangs"}, headers=h)  # round 2: six players, still playing

    results = client.get(f"/api/events/{eid}/export.csv")
    assert results.headers["Content-Disposition"] == 'attachment; filename="nuit-d-ete-2026-07-14-results.csv"'
    rows = read(results)
    assert tuple(rows[0]) == RESULT_COLUMNS
    assert len(rows) == 7 + 6, "one row per player per round, nothing else"
    assert {(r["event"], r["date"]) for r in rows} == {("Nuit d'été", "2026-07-14")}
    assert {r["game"] for r in rows} == {"Gangs of Kyoto"} and {r["table"] for r in rows} == {"1", "2"}
    first = [r for r in rows if r["round"] == "1" and r["table"] == "1"]
    assert [r["player"] for r in first] == r1[0]["players"] and [r["seat"] for r in first] == ["1", "2", "3", "4"]
    won = next(r for r in first if r["player"] == winner)
    assert won["placing"] == "1" and won["points"] == "3"
    entered = {r["player"]: (r["placing"], r["points"]) for r in rows if r["round"] == "1" and r["table"] == "2"}
    assert entered == {second["players"][1]: ("1", "3"), second["players"][0]: ("2", "1.5"), second["players"][2]: ("3", "0")}
    playing = [r for r in rows if r["round"] == "2"]
    assert playing and all(r["placing"] == r["points"] == "" for r in playing)
    assert {r["dropped"] for r in rows if r["player"] == "Zoë"} == {"yes"} and "Zoë" not in [r["player"] for r in playing]
    assert {r["dropped"] for r in rows if r["player"] != "Zoë"} == {"no"}

    standings = read(client.get(f"/api/events/{eid}/standings.csv"))
    assert tuple(standings[0]) == STANDING_COLUMNS and len(standings) == 7
    assert [r["player"] for r in standings] == [r["name"] for r in client.get(f"/api/events/{eid}/standings").json]
    assert {r["player"]: r["dropped"] for r in standings}["Zoë"] == "yes"
    assert standings[0]["rank"] == "1" and standings[0]["points"] == "3"


def test_an_event_without_a_date_is_dated_by_the_day_it_was_made_and_a_name_without_letters_still_makes_a_file(client):
    event = client.post("/api/events", json={"name": "東京の夜", "games": ["neko"], "rounds": 1}).json
    reply = client.get(f"/api/events/{event['id']}/standings.csv")
    created = client.application.extensions["companion.events"].get(event["id"])["created"][:10]
    assert reply.headers["Content-Disposition"] == f'attachment; filename="{created}-standings.csv"'
    assert read(reply) == []
    assert reply.data.decode("utf-8-sig").splitlines() == [",".join(STANDING_COLUMNS)], "the header row alone"
