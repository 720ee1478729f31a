"""Write rights come only from the tokens a table's creator hands out: nothing reachable without
a table's token carries it, and the pages load no address that carries one (access logs)."""
from __future__ import annotations

import re

from flask.testing import FlaskClient

from tests.conftest import CSRF


def secrets_of(app, table_id):
    rec = app.extensions["companion.tables"].get(table_id).record
    return [rec["host_token"], rec["play_token"], rec["join_code"]] + [t for t in rec["seat_tokens"] if t]


def create(client, game="gangs", players=("Ann", "Bob")):
    resp = client.post("/tables", data={"game": game, "players": list(players), "first_player": "0"})
    assert resp.status_code == 302
    return resp.headers["Location"].rsplit("/", 1)[-1]


def test_the_home_page_shows_a_phone_only_the_tables_it_created_or_joined(app, client):
    mine = create(client, players=("Ann", "Bob"))
    stranger = app.test_client()
    theirs = create(stranger, players=("Zed", "Yan"))
    home = client.get("/").text
    assert f"/t/{mine}" in home and theirs not in home and "Zed" not in home
    fresh = app.test_client().get("/").text
    assert mine not in fresh and theirs not in fresh
    # Joining by code lists the table on the joining phone too.
    joiner = app.test_client()
    with joiner.session_transaction() as sess:
        sess["csrf"] = CSRF
    code = app.extensions["companion.tables"].get(theirs).record["join_code"]
    joiner.post("/join", data={"code": code})
    assert f"/t/{theirs}" in joiner.get("/").text


def test_no_page_or_reply_without_a_token_carries_one(app, client):
    table_id = create(client)
    watcher = app.test_client()
    secrets = secrets_of(app, table_id)
    for url in ("/", f"/t/{table_id}", f"/t/{table_id}/watch", f"/t/{table_id}/history", f"/t/{table_id}/regions",
                f"/t/{table_id}/qr/watch.svg", f"/api/tables/{table_id}", f"/api/tables/{table_id}/log",
                f"/api/tables/{table_id}/export", f"/t/{table_id}/qr/play.svg"):
        body = watcher.get(url).get_data(as_text=True)
        assert not [s for s in secrets if s in body], url


def test_no_address_a_page_loads_by_itself_carries_a_token(app, client):
    table_id = create(client)
    secrets = secrets_of(app, table_id)
    page = client.get(f"/t/{table_id}").text
    loaded = re.findall(r'(?:src|ws-connect|hx-get|hx-post|action)="([^"]+)"', page)
    assert loaded and not [u for u in loaded for s in secrets if s in u]
    # The play QR image is served to a phone with play rights from its cookie alone.
    qr = client.get(f"/t/{table_id}/qr/play.svg")
    assert qr.status_code == 200 and qr.mimetype == "image/svg+xml"
    assert app.test_client().get(f"/t/{table_id}/qr/play.svg").status_code == 404


def test_a_token_or_form_key_with_non_ascii_characters_is_refused_not_a_crash(app, client, api):
    table = api.create()
    bad = {"Authorization": "Bearer été"}
    assert client.get(f"/api/tables/{table['id']}", headers=bad).status_code == 200  # read as a watcher
    assert client.post(f"/api/tables/{table['id']}/actions", json={"type": "give"}, headers=bad).status_code == 401
    assert client.get(f"/api/tables/{table['id']}/export", headers=bad).status_code == 401
    assert client.post(f"/api/tables/{table['id']}/seats", json={"seat": 0}, headers=bad).status_code == 401
    assert client.get(f"/t/{table['id']}/play/%C3%A9t%C3%A9").status_code == 403
    phone = FlaskClient(app, app.response_class, use_cookies=True)  # sends only what the test gives
    with phone.session_transaction() as sess:
        sess["csrf"] = CSRF
    assert phone.post(f"/t/{table['id']}/act", data={"type": "give", "_csrf": "é"}).status_code == 400
    assert phone.post(f"/t/{table['id']}/act", data={"type": "give"}, headers={"X-CSRF-Token": "é"}).status_code == 400
