"""Tournament nights and the secrets of their tables.

An event holds only tables that it created; nothing that anyone can open without a table's token
(the players' page, the big screen, their live regions and pushes, standings, CSV and JSON
exports, an import's reply) carries a table's token or join code: only the organiser's desk does.
Every way into an event (API, forms, imports) cleans names the same way and every CSV cell is
defused. A wrong import answers a sentence and leaves nothing behind.
"""
from __future__ import annotations

import copy
import csv
import html
import io
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.web.nights.regions import event_regions
from tests.browser.conftest import LiveServer
from tests.live_client import connect
from tests.web.test_events import auth, play_gangs_to_a_win

NAMES = ["Aiko", "Botan", "Chika", "Daichi", "Emi", "Fumi", "Goro", "Hana"]


def start_night(client, names=NAMES, rounds=2):
    """An event with registered players and round 1 of Gangs of Kyoto seated: (event, round reply)."""
    event = client.post("/api/events", json={"name": "Friday", "games": ["gangs"], "rounds": rounds}).json
    assert client.post(f"/api/events/{event['id']}/players", json={"names": names}, headers=auth(event["token"])).status_code == 200
    seated = client.post(f"/api/events/{event['id']}/rounds", json={"game": "gangs"}, headers=auth(event["token"]))
    assert seated.status_code == 201, seated.json
    return event, seated.json


def table_secrets(app, table_ids) -> dict[str, str]:
    """Every token and join code of these tables, by what it is."""
    service = app.extensions["companion.tables"]
    found = {}
    for tid in table_ids:
        rec = service.get(tid).record
        found.update({f"{tid} play token": rec["play_token"], f"{tid} host token": rec["host_token"],
                      f"{tid} join code": rec["join_code"]})
        found.update({f"{tid} seat token {i}": t for i, t in enumerate(rec["seat_tokens"]) if t})
    return found


def open_to_anyone(app, event_id) -> dict[str, str]:
    """Every page, region, push and export of an event that a phone without its organiser token
    can open, by address."""
    phone = app.test_client()  # no cookie: anyone who scanned the event QR code, or guessed
    replies = {}
    for url in (f"/e/{event_id}", f"/e/{event_id}/screen", f"/e/{event_id}/admin",
                f"/e/{event_id}/regions", f"/e/{event_id}/regions?mode=screen", f"/e/{event_id}/regions?mode=admin",
                f"/api/events/{event_id}/standings", f"/api/events/{event_id}/export.csv", f"/api/events/{event_id}/standings.csv",
                f"/api/events/{event_id}/export.json", f"/api/events/{event_id}/clock"):
        reply = phone.get(url)
        assert reply.status_code < 500, url
        replies[url] = reply.get_data(as_text=True)
    # What the websocket pushes to a phone that asks for the desk's view without the organiser's cookie.
    with app.test_request_context(f"/e/{event_id}/ws?mode=admin"):
        record = app.extensions["companion.events"].get(event_id)
        for mode in ("public", "screen", "admin"):
            replies[f"push {mode}"] = event_regions(record, mode)
    return replies


def leaks(replies: dict[str, str], secrets: dict[str, str]) -> list[str]:
    return [f"{what} in {where}" for where, text in replies.items() for what, secret in secrets.items() if secret in text]


# -- item 1: an event holds only tables that it created --------------------------------------
def test_an_imported_event_naming_another_tables_id_never_reaches_that_table(client, app, api):
    victim = api.create("gangs", ["Ann", "Bob", "Cy"])
    attack = {"name": "Innocent night", "games": ["gangs"], "rounds_planned": 1,
              "players": [{"name": n, "checked_in": True} for n in ("Ann", "Bob", "Cy")],
              "rounds": [{"round": 1, "game": "gangs", "tables": [{"table_id": victim["id"], "players": ["Ann", "Bob", "Cy"]}]}]}
    reply = client.post("/api/events/import", json=attack)
    secrets = table_secrets(app, [victim["id"]])
    assert not leaks({"import reply": reply.get_data(as_text=True)}, secrets)
    if reply.status_code == 201:
        event = reply.json
        record = app.extensions["companion.events"].get(event["id"])
        assert victim["id"] not in [t["table_id"] for r in record["rounds"] for t in r["tables"]]
        assert not leaks(open_to_anyone(app, event["id"]), secrets)
        desk = app.test_client()
        with desk.session_transaction() as sess:
            sess["tokens"] = {event["id"]: event["token"]}
        assert not leaks({"desk": desk.get(f"/e/{event['id']}/admin").get_data(as_text=True),
                          "organiser export": client.get(f"/api/events/{event['id']}/export.json", headers=auth(event["token"])).get_data(as_text=True)}, secrets)
    else:
        assert reply.status_code == 422


def test_a_stored_event_naming_a_table_it_did_not_create_shows_none_of_its_secrets_and_never_crashes(client, app, api):
    # An event stored before this fix (its import took any table id): the victim's table finished
    # with three players while the event's round lists two, once an IndexError on every page.
    event, seated = start_night(client, names=NAMES[:4], rounds=1)
    victim = api.create("gangs", ["Ann", "Bob", "Cy"])
    play_gangs_to_a_win(client, {"table_id": victim["id"], "token": victim["token"], "players": ["Ann", "Bob", "Cy"]})
    events = app.extensions["companion.events"]
    record = events.get(event["id"])
    record["rounds"][0]["tables"].append({"table_id": victim["id"], "game": "gangs", "players": ["Aiko", "Botan"]})
    app.extensions["companion.store"].save_event(record, record["revision"])
    secrets = table_secrets(app, [victim["id"]])
    replies = open_to_anyone(app, event["id"])
    desk = app.test_client()
    with desk.session_transaction() as sess:
        sess["tokens"] = {event["id"]: event["token"]}
    replies["desk"] = desk.get(f"/e/{event['id']}/admin").get_data(as_text=True)
    replies["organiser export"] = client.get(f"/api/events/{event['id']}/export.json", headers=auth(event["token"])).get_data(as_text=True)
    assert not leaks(replies, secrets)
    assert all(r["played"] == 0 for r in client.get(f"/api/events/{event['id']}/standings").json), "its result is not the event's"


def test_an_event_table_listed_with_fewer_players_than_it_seats_breaks_no_page(client, app):
    # A damaged record: the round lists two of the finished table's four players.
    event, seated = start_night(client, names=NAMES[:4], rounds=1)
    winner = play_gangs_to_a_win(client, seated["tables"][0])
    record = app.extensions["companion.events"].get(event["id"])
    record["rounds"][0]["tables"][0]["players"] = [n for n in NAMES[:4] if n != winner][:2]
    app.extensions["companion.store"].save_event(record, record["revision"])
    open_to_anyone(app, event["id"])  # every page, region and export answers (no 500)
    rows = client.get(f"/api/events/{event['id']}/standings").json
    assert [r["name"] for r in rows if r["wins"]] == [winner], "places come from the table's own seating"


def test_only_the_organisers_desk_hands_out_a_tables_play_link_and_join_code(client, app):
    event, seated = start_night(client)
    play_gangs_to_a_win(client, seated["tables"][0])  # one finished table, one still playing
    ids = [t["table_id"] for t in seated["tables"]]
    secrets = table_secrets(app, ids)
    assert not leaks(open_to_anyone(app, event["id"]), secrets)
    # Another event's organiser is not this event's organiser.
    other = client.post("/api/events", json={"name": "Other", "games": ["gangs"], "rounds": 1}).json
    stranger = app.test_client()
    with stranger.session_transaction() as sess:
        sess["tokens"] = {other["id"]: other["token"], event["id"]: "guess"}
    assert not leaks({"stranger's poll": stranger.get(f"/e/{event['id']}/regions?mode=admin").get_data(as_text=True)}, secrets)
    assert stranger.get(f"/e/{event['id']}/admin").status_code == 403
    # The organiser's desk (and its live regions) shows the playing table's way in.
    desk = app.test_client()
    with desk.session_transaction() as sess:
        sess["tokens"] = {event["id"]: event["token"]}
    playing = app.extensions["companion.tables"].get(ids[1]).record
    for url in (f"/e/{event['id']}/admin", f"/e/{event['id']}/regions?mode=admin"):
        page = desk.get(url).get_data(as_text=True)
        assert f"/t/{ids[1]}/play/{playing['play_token']}" in page and playing["join_code"] in page, url


def test_the_event_websocket_pushes_the_desks_view_only_to_the_organiser(tmp_path):
    server = LiveServer(tmp_path / "data")
    try:
        client = server.app.test_client()
        event, seated = start_night(client)
        secrets = table_secrets(server.app, [t["table_id"] for t in seated["tables"]])
        host = server.url.removeprefix("http://")

        def first_push(cookie=None):
            headers = {"Origin": server.url, **({"Cookie": cookie} if cookie else {})}
            ws = connect(f"ws://{host}/e/{event['id']}/ws?mode=admin", headers=headers)
            try:
                return ws.receive(timeout=5)
            finally:
                ws.close()

        anyone = first_push()
        assert "Round 1" in anyone and not leaks({"push": anyone}, secrets)
        with client.session_transaction() as sess:
            sess["tokens"] = {event["id"]: event["token"]}
        organiser = first_push(f"session={client.get_cookie('session').value}")
        assert leaks({"push": organiser}, secrets), "the organiser's own desk gets the play links"
    finally:
        server.stop()


def test_an_event_export_and_import_recreate_its_tables_from_their_logs(client, app):
    event, seated = start_night(client)
    winner = play_gangs_to_a_win(client, seated["tables"][0])
    old = seated["tables"]
    whole = client.get(f"/api/events/{event['id']}/export.json", headers=auth(event["token"])).json
    assert set(whole["tables"]) == {t["table_id"] for t in old}
    reply = client.post("/api/events/import", json=whole)
    assert reply.status_code == 201, reply.json
    assert set(reply.json) == {"id", "token", "urls"}
    events, tables = app.extensions["companion.events"], app.extensions["companion.tables"]
    copy_ = events.get(reply.json["id"])
    new_ids = [t["table_id"] for t in copy_["rounds"][0]["tables"]]
    assert not set(new_ids) & {t["table_id"] for t in old}, "new tables, never the old ones"
    for before, after in zip(old, new_ids):
        table = tables.get(after)
        assert table.record["event"] == copy_["id"] and table.record["players"] == before["players"]
        assert table.state == tables.get(before["table_id"]).state and table.version == tables.get(before["table_id"]).version
    assert client.get(f"/api/events/{reply.json['id']}/standings").json == client.get(f"/api/events/{event['id']}/standings").json
    assert [r["name"] for r in client.get(f"/api/events/{reply.json['id']}/standings").json if r["wins"]] == [winner]
    # The imported night goes on: its unfinished table is played to the end on this server.
    play_gangs_to_a_win(client, {"table_id": new_ids[1], "token": tables.get(new_ids[1]).record["host_token"], "players": old[1]["players"]})
    assert sum(r["wins"] for r in client.get(f"/api/events/{reply.json['id']}/standings").json) == 2


def test_results_of_tables_without_a_log_are_kept_as_entered_results_under_ids_of_no_table(client, app):
    event, seated = start_night(client)
    play_gangs_to_a_win(client, seated["tables"][0])
    public = app.test_client().get(f"/api/events/{event['id']}/export.json").json
    assert "tables" not in public, "only the organiser's export carries the logs"
    reply = client.post("/api/events/import", json=public)
    assert reply.status_code == 201, reply.json
    copy_ = app.extensions["companion.events"].get(reply.json["id"])
    tables = app.extensions["companion.tables"]
    for t in copy_["rounds"][0]["tables"]:
        assert app.extensions["companion.events"].own_table(copy_, t["table_id"]) is None
        with pytest.raises(LookupError):
            tables.get(t["table_id"])
    assert client.get(f"/api/events/{reply.json['id']}/standings").json == client.get(f"/api/events/{event['id']}/standings").json
    # The organiser enters the other table's result by hand.
    unplayed = copy_["rounds"][0]["tables"][1]
    entered = client.post(f"/api/events/{reply.json['id']}/results", json={"table_id": unplayed["table_id"], "placings": unplayed["players"]},
                          headers=auth(reply.json["token"]))
    assert entered.status_code == 200 and sum(r["wins"] for r in entered.json["standings"]) == 2


def stored(app) -> tuple[int, int]:
    data = Path(app.config["DATA_DIR"])
    return len(list((data / "events").glob("*.json"))), len(list((data / "tables").glob("*.json")))


def test_a_refused_import_leaves_no_event_and_no_table_behind(client, app):
    event, seated = start_night(client)
    play_gangs_to_a_win(client, seated["tables"][0])
    whole = client.get(f"/api/events/{event['id']}/export.json", headers=auth(event["token"])).json
    last = whole["tables"][seated["tables"][-1]["table_id"]]
    last["actions"].append({"action": {"type": "give", "to": 99, "card": {"value": 0}}, "at": "x"})  # no such player
    before = stored(app)
    reply = client.post("/api/events/import", json=whole)
    assert reply.status_code == 422 and "nothing" in reply.json["error"]
    assert stored(app) == before, "no event, and not even the first table (whose log was fine)"


# -- item 8: every way in has the same limits ------------------------------------------------
def paper_export(names=NAMES[:4], **changes):
    """An export of a night played on paper, as a hand-made file might be: one table, its result."""
    hostile_id = "=cmd|' /C calc'!A0"
    export = {"name": "Night", "games": ["gangs"], "rounds_planned": 2,
              "players": [{"name": n, "checked_in": True} for n in names],
              "rounds": [{"round": 1, "game": "gangs", "tables": [{"table_id": hostile_id, "players": names}]}],
              "results": [{"round": 1, "game": "gangs", "table_id": hostile_id, "players": names, "source": "@organiser",
                           "places": {n: k for k, n in enumerate(names, start=1)}}]}
    return {**export, **changes}


def test_no_cell_of_an_events_csv_is_a_formula_whatever_came_in(client):
    reply = client.post("/api/events/import", json=paper_export(["=1+1", "-2", "Chika", "@Daichi"], name="@SUM(1)"))
    assert reply.status_code == 201, reply.json
    for sheet in ("export.csv", "standings.csv"):
        text = client.get(f"/api/events/{reply.json['id']}/{sheet}").text
        cells = [c for row in csv.reader(io.StringIO(text)) for c in row]
        assert len(cells) > 40 and not [c for c in cells if c[:1] in ("=", "+", "-", "@", "\t", "\r")]
        assert "cmd|" not in text, "the table id of the file is not kept"


@pytest.mark.parametrize("change, words", [
    ({"players": [{"name": "x" * 5000, "checked_in": True}]}, "longer than 40"),
    ({"name": "N" * 81}, "longer than 80"),
    ({"name": "\u200b\u202e"}, "visible"),
    ({"players": [{"name": "Ann"}, {"name": "Ann\u200b"}]}, "twice"),
    ({"players": [{"name": "Ann"}, {"name": "ANN"}]}, "same player"),
])
def test_an_import_refuses_the_names_registration_refuses(client, app, change, words):
    before = stored(app)
    reply = client.post("/api/events/import", json=paper_export(rounds=[], results=[], **change))
    assert reply.status_code == 422 and words in reply.json["error"], reply.json
    assert stored(app) == before


def test_two_players_are_never_registered_under_names_that_look_the_same(client):
    event = client.post("/api/events", json={"name": "N", "games": ["gangs"], "rounds": 1}).json
    url, h = f"/api/events/{event['id']}/players", auth(event["token"])
    for pair in (["Ann", "Ann\u200b"], ["Ann", "ANN"], ["Ann", " Ann "]):
        reply = client.post(url, json={"names": pair}, headers=h)
        assert reply.status_code == 422 and reply.json["error"].endswith("give each player a different name."), pair
    assert client.post(url, json={"names": ["Ann\u2060"]}, headers=h).json["players"] == [{"name": "Ann", "checked_in": True}]
    again = client.post(url, json={"names": ["ann\u200b", "Bob"]}, headers=h)
    assert again.status_code == 422 and "Ann is already registered (typed “ann”)" in again.json["error"]
    assert [p["name"] for p in client.post(url, json={"names": ["Bob"]}, headers=h).json["players"]] == ["Ann", "Bob"]
    assert client.post(url, json={"names": ["x" * 41]}, headers=h).status_code == 422


def test_the_organisers_forms_clean_names_and_say_what_is_wrong(client):
    page = client.post("/events", data={"name": "Friday", "games": ["gangs"], "rounds": "two"})
    assert page.status_code == 422 and "in digits, such as 2" in html.unescape(page.get_data(as_text=True))
    assert "invalid literal" not in page.get_data(as_text=True)
    assert client.post("/events", data={"name": "Friday", "games": ["gangs"], "rounds": "²"}).status_code == 422
    made = client.post("/events", data={"name": "Fri\u200bday", "games": ["gangs"], "rounds": "2"})
    assert made.status_code == 302
    event_id = made.headers["Location"].split("/e/")[1].split("/")[0]
    client.post(f"/e/{event_id}/admin/players", data={"names": "Ann\nAnn\u200b"})
    assert "different name" in client.get(f"/e/{event_id}/admin").get_data(as_text=True)
    assert client.get(f"/api/events/{event_id}/standings").json == []
    public = client.get(f"/e/{event_id}").get_data(as_text=True)
    assert "Friday" in public and "Fri\u200bday" not in public


# -- item 9: no 500s, and a refused import leaves nothing behind -----------------------------
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 2**70) | st.floats(allow_nan=False) | st.text(max_size=8)
    | st.sampled_from(["gangs", "2", "١", "Aiko", "", "relative"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(
        ["name", "games", "rounds_planned", "players", "rounds", "manual", "tables", "table_id", "places", "schema", "x"]), inner, max_size=4),
    max_leaves=12)


def mutate(value, path, new):
    """`value` with the item at `path` (keys and indexes, as far as they reach) replaced by `new`."""
    if not path or not isinstance(value, (dict, list)) or not value:
        return new
    keys = list(value) if isinstance(value, dict) else list(range(len(value)))
    key = keys[path[0] % len(keys)]
    value[key] = mutate(value[key], path[1:], new)
    return value


@pytest.fixture
def good_export(client):
    event, seated = start_night(client, names=NAMES[:5])
    play_gangs_to_a_win(client, seated["tables"][0])
    return client.get(f"/api/events/{event['id']}/export.json", headers=auth(event["token"])).json


@pytest.mark.parametrize("body", ['{"schema": "2"}', "[]", "null", '"x"', "1.5", "{}", "[" * 30000, json.dumps({"schema": 2})])
def test_imports_of_the_wrong_shape_answer_a_sentence(client, app, body):
    before = stored(app)
    reply = client.post("/api/events/import", data=body, content_type="application/json")
    assert reply.status_code == 422 and reply.json["error"].endswith("."), reply.json
    assert stored(app) == before


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(path=st.lists(st.integers(0, 50), max_size=6), new=json_values, whole=json_values)
def test_fuzzed_event_imports_never_500_and_a_refusal_leaves_nothing(client, app, good_export, path, new, whole):
    for body in (mutate(copy.deepcopy(good_export), path, new), whole):
        before = stored(app)
        reply = client.post("/api/events/import", json=body)
        assert reply.status_code in (201, 422), (reply.status_code, reply.get_data(as_text=True)[:300])
        if reply.status_code == 422:
            assert stored(app) == before and reply.json["error"]


form_values = st.lists(st.text(max_size=6) | st.sampled_from(["gangs", "1", "²", "two", "Aiko", "Ann\u200b", "x" * 50]), max_size=3)
FORM_FIELDS = ["names", "name", "present", "game", "a", "b", "table_id", "player", "place", "correction", "confirmed", "label",
               "desk", "rounds", "games", "scoring", "date"]


@pytest.fixture
def desk(client):
    """An organiser's phone (its cookie holds the event's token) at a night with round 1 seated."""
    made = client.post("/events", data={"name": "Friday", "games": ["gangs"], "rounds": "3"})
    event_id = made.headers["Location"].split("/e/")[1].split("/")[0]
    client.post(f"/e/{event_id}/admin/players", data={"names": "\n".join(NAMES[:6])})
    client.post(f"/e/{event_id}/admin/round", data={"games": "gangs"})
    with client.session_transaction() as sess:
        token = sess["events"][event_id]
    return client, event_id, token


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(what=st.sampled_from(["players", "checkin", "round", "swap", "result", "correct", "cancel", "table-game", "handover",
                             "revoke", "nope"]),
       fields=st.dictionaries(st.sampled_from(FORM_FIELDS), form_values, max_size=4),
       body=json_values)
@pytest.mark.slow
def test_fuzzed_organiser_forms_and_calls_never_500(desk, what, fields, body):
    client, event_id, token = desk
    assert client.post(f"/e/{event_id}/admin/{what}", data=fields).status_code in (200, 302, 404)
    assert client.post(f"/e/{event_id}/admin/{what}", data=fields, headers={"HX-Request": "true"}).status_code in (200, 403, 404, 422)
    assert client.post("/events", data=fields).status_code in (302, 422, 429)
    call = {"players": "players", "checkin": "checkin", "round": "rounds", "swap": "swap", "result": "results", "correct": "results",
            "cancel": "players", "table-game": "table-game", "handover": "desks", "revoke": "desks/x/revoke", "nope": "players"}[what]
    reply = client.post(f"/api/events/{event_id}/{call}", json=body, headers=auth(token))
    assert reply.status_code in (200, 201, 422), (reply.status_code, reply.get_data(as_text=True)[:300])
    assert client.get(f"/e/{event_id}").status_code == 200 and client.get(f"/api/events/{event_id}/export.csv").status_code == 200


def test_an_imported_tables_result_counts_for_the_registered_players_even_if_its_log_spells_them_otherwise(client):
    game = json.loads((Path(__file__).parent.parent / "data" / "gangs_game_two_players.json").read_text())
    export = {"name": "Night", "games": ["gangs"], "rounds_planned": 1, "players": [{"name": "Ann"}, {"name": "Bob"}],
              "rounds": [{"round": 1, "game": "gangs", "tables": [{"table_id": "old1", "players": ["Ann", "Bob"]}]}],
              "tables": {"old1": {"game": "gangs", "players": ["ANN", "bob"], "options": game["options"],
                                  "seed": game["seed"], "actions": [{"action": a} for a in game["actions"]]}}}
    reply = client.post("/api/events/import", json=export)
    assert reply.status_code == 201, reply.json
    rows = client.get(f"/api/events/{reply.json['id']}/standings").json
    assert {r["name"]: r["played"] for r in rows} == {"Ann": 1, "Bob": 1}


def test_an_event_import_creates_a_bounded_number_of_tables_and_imports_are_few_per_address(client, app):
    # 201 tables over two rounds (a night holds 400 players, so one round seats at most 200 tables).
    names = [f"P{n}" for n in range(202)]
    rounds = [[{"table_id": f"r{r}t{n}", "players": names[2 * n:2 * n + 2]} for n in range(101 - r)] for r in range(2)]
    tables = rounds[0] + rounds[1]
    export = {"name": "Flood", "games": ["gangs"], "rounds_planned": 2, "players": [{"name": n} for n in names],
              "rounds": [{"round": r + 1, "game": "gangs", "tables": seated} for r, seated in enumerate(rounds)],
              "tables": {t["table_id"]: {"game": "gangs", "players": t["players"], "actions": []} for t in tables}}
    before = app.extensions["companion.store"].table_count()
    reply = client.post("/api/events/import", json=export)
    assert reply.status_code == 422 and "at most 200 tables" in reply.json["error"]
    assert app.extensions["companion.store"].table_count() == before


def test_event_imports_are_few_per_address(tmp_path):
    from companion import create_app

    client = create_app({"TESTING": True, "DATA_DIR": str(tmp_path)}).test_client()
    statuses = [client.post("/api/events/import", json=paper_export()).status_code for _ in range(6)]
    assert statuses == [201] * 5 + [429]
