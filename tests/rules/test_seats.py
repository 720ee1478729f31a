"""Seats (api.md, Seats): a held seat stays its phone's; its decisions and settings are its own."""
from __future__ import annotations

from companion.games import get_game

MARKET = ["acid_attack", "alien_origin", "alpha_monster"]


def auth(token):
    return {"Authorization": f"Bearer {token}"}


def kyotoan(api):
    """A table and its play token (the last part of the play link a phone scans)."""
    table = api.create("kyotoan", ("Ann", "Bob", "Cy"))
    return table, table["urls"]["play"].rsplit("/", 1)[-1]


def claim(client, table, token, seat):
    return client.post(f"/api/tables/{table['id']}/seats", json={"seat": seat}, headers=auth(token))


def test_a_held_seat_is_refused_naming_whose_it_is(client, api):
    table, play = kyotoan(api)
    ann = claim(client, table, play, 0)
    assert ann.status_code == 200
    stolen = claim(client, table, play, 0)
    assert stolen.status_code == 409 and "Ann's seat is taken" in stolen.json["error"]
    # The holder asking again keeps its own token.
    again = claim(client, table, ann.json["token"], 0)
    assert again.status_code == 200 and again.json["token"] == ann.json["token"]


def test_the_host_takes_over_a_dead_phones_seat_and_the_old_token_stops_working(client, api):
    table, play = kyotoan(api)
    old = claim(client, table, play, 0).json["token"]
    new = claim(client, table, table["token"], 0)
    assert new.status_code == 200 and new.json["token"] != old
    refused = client.post(f"/api/tables/{table['id']}/actions", json={"type": "auto_yield", "player": 0, "below": 5},
                          headers=auth(old))
    assert refused.status_code == 401


def test_the_holder_or_the_host_frees_a_seat_and_nobody_else(client, api):
    table, play = kyotoan(api)
    ann = claim(client, table, play, 0).json["token"]
    bob = claim(client, table, play, 1).json["token"]
    assert client.delete(f"/api/tables/{table['id']}/seats/0", headers=auth(bob)).status_code == 401
    assert client.delete(f"/api/tables/{table['id']}/seats/0", headers=auth(play)).status_code == 401
    assert client.delete(f"/api/tables/{table['id']}/seats/0", headers=auth(ann)).status_code == 200
    assert claim(client, table, play, 0).status_code == 200  # free again for another phone
    assert client.delete(f"/api/tables/{table['id']}/seats/1", headers=auth(table["token"])).status_code == 200
    assert claim(client, table, play, 1).status_code == 200


def test_a_seats_settings_are_changed_only_from_that_seat_or_by_the_host(client, api):
    table, play = kyotoan(api)
    ann = claim(client, table, play, 0).json["token"]
    bob = claim(client, table, play, 1).json["token"]
    setting = {"type": "auto_yield", "player": 0, "below": 12}
    for intruder in (play, bob):
        resp = client.post(f"/api/tables/{table['id']}/actions", json=setting, headers=auth(intruder))
        assert resp.status_code == 401 and "Ann" in resp.json["error"]
    assert api.get(table, ann)["state"]["players"][0]["auto_yield"] is None
    assert api.get(table)["version"] == 0
    assert client.post(f"/api/tables/{table['id']}/actions", json=setting, headers=auth(ann)).status_code == 200
    host = {"type": "auto_yield", "player": 0, "below": 3}
    assert client.post(f"/api/tables/{table['id']}/actions", json=host, headers=auth(table["token"])).status_code == 200
    # A seat nobody took is set by any phone at the table (one shared phone is the usual table).
    cy = {"type": "auto_yield", "player": 2, "below": 4}
    assert client.post(f"/api/tables/{table['id']}/actions", json=cy, headers=auth(play)).status_code == 200


def test_the_pages_offer_leaving_a_seat_and_the_host_frees_a_dead_phones_seat(app, client):
    resp = client.post("/tables", data={"game": "kyotoan", "players": ["Ann", "Bob", "Cy"], "first_player": "0"})
    table_id = resp.headers["Location"].rsplit("/", 1)[-1]
    table = app.extensions["companion.tables"].get(table_id)
    lea = app.test_client()
    lea.get(f"/t/{table_id}/play/{table.record['play_token']}")
    lea.post(f"/t/{table_id}/seat", data={"seat": "0"})
    assert "Leave this seat" in lea.get(f"/t/{table_id}").text

    other = app.test_client()
    other.get(f"/t/{table_id}/play/{table.record['play_token']}")
    page = other.get(f"/t/{table_id}").text
    # Ann's seat is on another phone: tapping her name moves it here (test_seat_moves.py); the
    # plain claim of a held seat is still refused.
    assert "(on another phone: move <bdi>Ann</bdi>'s seat here)" in page and "Let another phone take" not in page
    taken = other.post(f"/t/{table_id}/seat", data={"seat": "0"}, follow_redirects=True)
    assert "Ann&#39;s seat is taken by another phone" in taken.text

    # The host (who also took Bob's seat) still frees Ann's seat when her phone died.
    client.post(f"/t/{table_id}/seat", data={"seat": "1"})
    host_page = client.get(f"/t/{table_id}").text
    assert "Let another phone take <bdi>Ann</bdi>'s seat" in host_page
    client.post(f"/t/{table_id}/seat/0/free", data={})
    assert other.post(f"/t/{table_id}/seat", data={"seat": "0"}).status_code == 302
    assert "This phone is <b><bdi>Ann</bdi></b>" in other.get(f"/t/{table_id}").text

    # Leaving keeps play rights: the phone can still act and take another free seat.
    other.post(f"/t/{table_id}/seat/leave", data={})
    page = other.get(f"/t/{table_id}").text
    assert "I am <bdi>Ann</bdi>" in page and "You are watching" not in page


def test_a_freed_seats_open_live_page_stops_seeing_its_hidden_information(app, client, api):
    """Bob's phone keeps its page open; the host frees Bob's seat, another phone takes it, and Bob
    gets a Bell card: the old phone's next push is a watcher's, without the bells."""
    import threading
    import time

    from werkzeug.serving import make_server

    from tests.live_client import connect

    server = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        table = api.create("gangs", ("Ann", "Bob"))
        play = table["urls"]["play"].rsplit("/", 1)[-1]
        bob = claim(client, table, play, 1).json["token"]
        cookie = app.session_interface.get_signing_serializer(app).dumps({"tokens": {table["id"]: bob}})
        ws = connect(f"ws://127.0.0.1:{server.server_port}/t/{table['id']}/ws?since=-1",
                     headers={"Cookie": f"session={cookie}"})
        first = ws.receive(timeout=5)
        assert "data-bells>0<" in first  # Bob's own seat sees his (empty) pile
        assert client.delete(f"/api/tables/{table['id']}/seats/1", headers=auth(table["token"])).status_code == 200
        assert claim(client, table, play, 1).status_code == 200
        api.act(table, {"type": "give", "to": 1, "card": {"value": 0, "kind": "bell_card", "bells": 2}})
        deadline, pushed = time.time() + 5, ""
        while time.time() < deadline and "data-bells" not in pushed:
            pushed = ws.receive(timeout=1) or ""
        assert "data-bells>hidden<" in pushed and "data-bells>2<" not in pushed
        ws.close()
    finally:
        server.shutdown()


def test_a_decision_is_its_seats_whether_or_not_the_action_names_the_player(client, api):
    table, play = kyotoan(api)
    api.act(table, {"type": "market", "cards": MARKET})
    for action in ({"type": "roll", "faces": ["1", "1", "2", "2", "3", "energy"]}, {"type": "resolve"},
                   {"type": "end_turn"}, {"type": "roll", "faces": ["smash", "1", "1", "2", "2", "3"]},
                   {"type": "resolve"}):
        api.act(table, action)
    assert api.get(table)["state"]["pending"][0] == {"type": "yield", "player": 0, "damage": 1}
    ann = claim(client, table, play, 0).json["token"]
    for answer in ({"type": "yield", "yield": True}, {"type": "yield", "player": 0, "yield": True}):
        resp = client.post(f"/api/tables/{table['id']}/actions", json=answer, headers=auth(play))
        assert resp.status_code == 401 and "Ann" in resp.json["error"]
    assert client.post(f"/api/tables/{table['id']}/actions", json={"type": "yield", "player": 0, "yield": False},
                       headers=auth(ann)).status_code == 200


def test_a_power_used_out_of_turn_is_its_owners(client, api):
    table, play = kyotoan(api)  # Ann's turn; Bob's seat is taken on Bob's phone
    api.act(table, {"type": "market", "cards": MARKET})
    bob = claim(client, table, play, 1).json["token"]
    out_of_turn = {"type": "use", "card": "rapid_healing", "player": 1}
    resp = client.post(f"/api/tables/{table['id']}/actions", json=out_of_turn, headers=auth(play))
    assert resp.status_code == 401 and "Bob" in resp.json["error"]
    # From Bob's own phone the rules decide (Bob owns no Rapid Healing): a sentence, not a seat refusal.
    resp = client.post(f"/api/tables/{table['id']}/actions", json=out_of_turn, headers=auth(bob))
    assert resp.status_code == 422


def test_a_slow_read_never_brings_back_an_older_seat_list(tmp_path):
    """A table read from disk while a phone takes a seat (and the cache forgot it meanwhile): the
    seat stays taken, in memory and after a restart."""
    import threading

    from companion.store import TinyDBStore
    from companion.tables import TableService

    store = TinyDBStore(tmp_path)
    service = TableService(store, cache_size=1)
    table = service.create("gangs", ["Ann", "Bob"])
    other = service.create("gangs", ["Cy", "Di"])  # the cache now holds only this one
    real_load, paused, go = store.load_table, threading.Event(), threading.Event()

    def slow_load(table_id):
        record = real_load(table_id)
        if threading.current_thread().name == "slow reader":
            paused.set()
            go.wait(5)
        return record

    store.load_table = slow_load
    reader = threading.Thread(target=lambda: service.get(table.id), name="slow reader")
    reader.start()
    assert paused.wait(5)
    claimed = {}
    claimer = threading.Thread(target=lambda: claimed.update(token=service.claim_seat(table.id, table.record["play_token"], 0)[1]))
    claimer.start()
    claimer.join(0.3)
    service.get(other.id)  # another table's request: the cache forgets this table
    go.set()
    reader.join(5)
    claimer.join(5)
    ann = claimed["token"]
    assert service.get(table.id).viewer_for(ann).seat == 0
    assert TableService(TinyDBStore(tmp_path)).get(table.id).viewer_for(ann).seat == 0


def test_a_held_seats_decision_is_undone_only_from_that_seat_or_by_the_host(client, api):
    table, play = kyotoan(api)
    ann = claim(client, table, play, 0).json["token"]
    for action in ({"type": "market", "cards": MARKET}, {"type": "roll", "faces": ["smash", "1", "1", "2", "2", "3"]},
                   {"type": "resolve"}, {"type": "end_turn"}, {"type": "roll", "faces": ["smash", "1", "1", "2", "2", "3"]},
                   {"type": "resolve"}):
        api.act(table, action)  # Ann enters Kyoto City; Bob smashes her: she decides
    api.act(table, {"type": "yield", "player": 0, "yield": False}, token=ann)
    undo = f"/api/tables/{table['id']}/undo"
    refused = client.post(undo, json={}, headers=auth(play))
    assert refused.status_code == 401 and "only that phone or the host's can undo it" in refused.json["error"]
    assert api.get(table, play)["version"] == 7, "a refused undo changes nothing"
    assert client.post(undo, json={}, headers=auth(ann)).status_code == 200
    api.act(table, {"type": "yield", "player": 0, "yield": False}, token=ann)
    assert client.post(undo, json={}, headers=auth(table["token"])).status_code == 200
    # An ordinary move is undone from any phone that plays.
    assert client.post(undo, json={}, headers=auth(play)).status_code == 200


def test_the_shared_phone_is_this_phones_answer_kept_until_it_takes_a_seat_and_no_seat_of_anyone(app, client):
    resp = client.post("/tables", data={"game": "kyotoan", "players": ["Ann", "Bob", "Cy"], "first_player": "0"})
    table_id = resp.headers["Location"].rsplit("/", 1)[-1]
    table = app.extensions["companion.tables"].get(table_id)
    watcher = app.test_client()
    refused = watcher.post(f"/t/{table_id}/shared", data={}, follow_redirects=True)
    assert "Only a phone that joined with the play code" in refused.text
    assert client.get(f"/t/{table_id}").text.count("Who holds this phone?") == 1
    client.post(f"/t/{table_id}/shared", data={})
    page = client.get(f"/t/{table_id}").text
    assert "Who holds this phone?" not in page and "shared phone</b>" in page and "data-shared" in page
    assert app.extensions["companion.tables"].get(table_id).record["seat_tokens"] == table.record["seat_tokens"]
    # Taking a seat makes it that player's phone; leaving it asks again.
    client.post(f"/t/{table_id}/seat", data={"seat": "1"})
    held = client.post(f"/t/{table_id}/shared", data={}, follow_redirects=True).text
    assert "This phone holds a seat: leave it first" in held and "data-shared" not in held
    client.post(f"/t/{table_id}/seat/leave", data={})
    assert "Who holds this phone?" in client.get(f"/t/{table_id}").text


def test_the_decisions_a_player_owes_are_listed_apart_from_the_turns_own_steps(client, api):
    # What a phone is brought wherever its page is scrolled (static/js/cue.js): a yield owed by the
    # monster in Kyoto, never the roll the player whose turn it is owes.
    table = api.create("kyotoan", ("Ann", "Bob", "Cy"), options={"first_player": 1})
    nothing = ["1", "1", "2", "2", "3", "energy"]
    for action in ({"type": "market", "cards": MARKET}, {"type": "roll", "faces": nothing}, {"type": "resolve"}, {"type": "end_turn"}):
        api.act(table, action)
    game = get_game("kyotoan")
    rolling = api.get(table)["state"]
    assert rolling["pending"][0]["type"] == "roll" and game.decisions(rolling) == []
    api.act(table, {"type": "roll", "faces": ["smash"] + nothing[1:]})
    api.act(table, {"type": "resolve"})  # Cy smashes Bob in Kyoto City
    asked = api.get(table)["state"]
    assert [(d["type"], d["player"]) for d in game.decisions(asked)] == [("yield", 1)]
    page = client.get(f"/t/{table['id']}/watch").text
    assert 'data-decisions="1:yield"' in page
