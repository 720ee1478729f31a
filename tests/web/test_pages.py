"""The HTMX pages through the Flask test client: create, join, act, undo, watch, QR, PWA."""
from __future__ import annotations

import re
from urllib.parse import urlsplit

HX = {"HX-Request": "true"}


def create_from_form(client, players=("Ann", "Bob", "Cy"), **extra):
    data = {"game": "gangs", "players": list(players), "first_player": "0", **extra}
    resp = client.post("/tables", data=data)
    assert resp.status_code == 302, resp.text
    return resp.location.rsplit("/", 1)[-1]


def words(html: str) -> str:
    """A page's text as a person reads it (a control's words may be split by markup)."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]*>", "", html))


def give_form(version, to, value=3, kind='{"kind":"plain"}'):
    return {"version": str(version), "type": "give", "card:json": kind, "card.value:int": str(value), "_set": f'{{"to": {to}}}'}


def test_home_offers_every_game_and_variants(client):
    page = client.get("/").text
    assert "Gangs of Kyoto" in page and 'name="open_vp"' in page and 'name="whole_deck"' in page
    assert 'rel="manifest"' in page and "vendor/htmx/htmx.min.js" in page and "cdn" not in page.lower()


def test_create_a_table_from_the_form_and_see_its_share_codes(client, app):
    table_id = create_from_form(client, open_vp="on")
    page = client.get(f"/t/{table_id}").text
    table = app.extensions["companion.tables"].get(table_id)
    assert table.state["options"]["open_vp"] is True and table.state["options"]["whole_deck"] is False
    assert table.record["join_code"] in page
    assert f"/t/{table_id}/qr/play.svg" in page and f"/t/{table_id}/qr/watch.svg" in page
    assert "Ann reveals a card" in words(page) and "Give to Bob" in words(page)
    assert 'ws-connect="/t/' in page


def test_a_bad_form_keeps_what_was_typed_and_says_why(client):
    resp = client.post("/tables", data={"game": "gangs", "players": ["Ann", "", ""], "first_player": "random"})
    assert resp.status_code == 422
    assert "2 to 5 players" in resp.text and 'value="Ann"' in resp.text


def test_act_undo_redo_through_htmx(client, app):
    table_id = create_from_form(client)
    resp = client.post(f"/t/{table_id}/act", data=give_form(0, 1), headers=HX)
    assert resp.status_code == 200
    assert 'id="board" hx-swap-oob="morph"' in resp.text and "Ann gives a 3 to Bob." in resp.text
    bad = client.post(f"/t/{table_id}/act", data=give_form(1, 1), headers=HX)
    assert bad.status_code == 422 and "Bob already received a card this turn" in bad.text
    assert 'id="controls"' not in bad.text, "a refusal leaves the form as it was entered"
    stale = client.post(f"/t/{table_id}/act", data=give_form(0, 2), headers=HX)
    assert stale.status_code == 409 and "Another phone entered first: Ann gives a 3 to Bob." in words(stale.text)
    plain5 = client.post(f"/t/{table_id}/act", data=give_form(1, 2, value=5), headers=HX)
    assert "A card without a symbol has a value from 0 to 4." in plain5.text
    assert '<small class="what" id="undo-what">Ann gives a 3 to Bob.</small>' in resp.text, "Undo says what it takes back"
    undone = client.post(f"/t/{table_id}/undo", data={"version": "1"}, headers=HX)
    assert undone.status_code == 200 and "The host&#39;s phone undid: Ann gives a 3 to Bob." in undone.text
    assert app.extensions["companion.tables"].get(table_id).state["players"][1]["row"] == []
    assert client.post(f"/t/{table_id}/redo", data={"version": "2"}, headers=HX).status_code == 200
    assert app.extensions["companion.tables"].get(table_id).version == 3


def test_plain_form_posts_work_without_javascript(client):
    table_id = create_from_form(client)
    resp = client.post(f"/t/{table_id}/act", data=give_form(0, 1))
    assert resp.status_code == 302
    resp = client.post(f"/t/{table_id}/act", data=give_form(1, 1), follow_redirects=True)
    assert "Bob already received a card this turn" in resp.text


def test_a_watcher_sees_no_controls_no_secrets_and_cannot_act(client, app):
    table_id = create_from_form(client)
    table = app.extensions["companion.tables"].get(table_id)
    client.post(f"/t/{table_id}/act", data=give_form(0, 1, 0, '{"kind":"bell_card","bells":2}'), headers=HX)
    watcher = app.test_client()
    for url in (f"/t/{table_id}/watch", f"/t/{table_id}"):
        page = watcher.get(url).text
        assert table.record["play_token"] not in page and table.record["host_token"] not in page
        assert table.record["join_code"] not in page
        assert "Give to" not in page and "Undo" not in page
        assert "2-bell" not in page
        assert re.search(r"data-bells>hidden", page)
    resp = watcher.post(f"/t/{table_id}/act", data=give_form(1, 2), headers=HX)
    assert resp.status_code == 403 and "play code" in resp.text
    assert app.extensions["companion.tables"].get(table_id).version == 1
    assert watcher.get(f"/t/{table_id}/qr/play.svg").status_code == 404


def test_the_play_link_and_the_join_code_give_play_rights(client, app):
    table_id = create_from_form(client)
    table = app.extensions["companion.tables"].get(table_id)
    phone = app.test_client()
    assert phone.get(f"/t/{table_id}/play/{table.record['play_token']}").status_code == 302
    assert "Give to Bob" in words(phone.get(f"/t/{table_id}").text)
    other = app.test_client()
    code = table.record["join_code"]
    resp = other.post("/join", data={"code": f" {code[:3].lower()} {code[3:]} "})
    assert resp.status_code == 302 and resp.location.endswith(f"/t/{table_id}")
    assert "Give to Bob" in words(other.get(f"/t/{table_id}").text)


def test_a_wrong_play_link_says_what_to_do_and_gives_nothing(client, app):
    table_id = create_from_form(client)
    phone = app.test_client()
    resp = phone.get(f"/t/{table_id}/play/not-the-token")
    assert resp.status_code == 403
    assert "not (or no longer) valid" in resp.text and "join code" in resp.text
    assert f'href="/t/{table_id}/watch"' in resp.text
    assert 'name="type"' not in phone.get(f"/t/{table_id}").text, "the phone only watches"


def test_join_code_guessing_is_rate_limited(app):
    guesser = app.test_client()
    for _ in range(app.config["JOIN_ATTEMPTS"]):
        assert guesser.post("/join", data={"code": "ZZZZZZ"}).status_code == 404
    blocked = guesser.post("/join", data={"code": "ZZZZZZ"})
    assert blocked.status_code == 429 and "Too many wrong codes" in blocked.text
    assert int(blocked.headers["Retry-After"]) > 0


def test_a_seat_sees_its_own_vp_pile_only(client, app):
    table_id = create_from_form(client)
    client.post(f"/t/{table_id}/act", data=give_form(0, 1, 0, '{"kind":"bell_card","bells":2}'), headers=HX)
    bob = app.test_client()
    table = app.extensions["companion.tables"].get(table_id)
    bob.get(f"/t/{table_id}/play/{table.record['play_token']}")
    assert bob.post(f"/t/{table_id}/seat", data={"seat": "1"}).status_code == 302
    page = bob.get(f"/t/{table_id}").text
    assert "This phone is <b><bdi>Bob</bdi></b>" in page
    assert re.findall(r"data-bells>([^<]+)<", page) == ["hidden", "2", "hidden"]


def test_polling_fallback_returns_regions_only_when_the_table_moved(client):
    table_id = create_from_form(client)
    assert client.get(f"/t/{table_id}/regions?since=0").status_code == 204
    client.post(f"/t/{table_id}/act", data=give_form(0, 1), headers=HX)
    resp = client.get(f"/t/{table_id}/regions?since=0")
    assert resp.status_code == 200 and 'hx-swap-oob="morph"' in resp.text and 'data-version="1"' in resp.text


def test_qr_codes_are_svg(client, app):
    table_id = create_from_form(client)
    for url in (f"/t/{table_id}/qr/watch.svg", f"/t/{table_id}/qr/play.svg"):
        resp = client.get(url)
        assert resp.status_code == 200 and resp.mimetype == "image/svg+xml"
        assert resp.text.startswith("<svg") and "viewBox" in resp.text


def test_public_url_is_used_in_share_links(tmp_path):
    from companion import create_app

    app = create_app({"TESTING": True, "DATA_DIR": str(tmp_path), "PUBLIC_URL": "https://kyoto.example.org/"})
    body = app.test_client().post("/api/tables", json={"game": "gangs", "players": ["A", "B"]}).json
    assert body["urls"]["watch"] == f"https://kyoto.example.org/t/{body['id']}/watch"


def test_pwa_manifest_and_service_worker(client):
    manifest = client.get("/manifest.webmanifest")
    assert manifest.mimetype == "application/manifest+json"
    body = manifest.json
    assert body["display"] == "standalone" and body["theme_color"] and body["name"]
    sizes = {(i["sizes"], i["purpose"]) for i in body["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("192x192", "maskable"), ("512x512", "maskable")} <= sizes
    for icon in body["icons"]:
        png = client.get(icon["src"])
        assert png.status_code == 200 and png.data[:8] == b"\x89PNG\r\n\x1a\n"
    sw = client.get("/sw.js")
    assert sw.status_code == 200 and "javascript" in sw.mimetype and "caches" in sw.text
    assert client.get("/offline").status_code == 200


def test_errors_are_pages_without_tracebacks(client):
    resp = client.get("/t/does-not-exist")
    assert resp.status_code == 404 and "There is no table" in resp.text and "Traceback" not in resp.text
    assert client.get("/nowhere").status_code == 404


def test_reading_pages_never_resends_the_cookie(client, app):
    # A slow read racing a seat claim must not put back the older cookie.
    table_id = create_from_form(client)
    assert "Set-Cookie" not in client.get(f"/t/{table_id}").headers
    assert "Set-Cookie" not in client.get(f"/t/{table_id}/regions?since=0").headers
    assert "Set-Cookie" in client.post(f"/t/{table_id}/seat", data={"seat": "1"}).headers


def test_the_live_history_shows_the_latest_entries_and_links_to_all(client, app):
    table_id = create_from_form(client, players=("A", "B"))
    service = app.extensions["companion.tables"]
    token = service.get(table_id).record["host_token"]
    for _ in range(40):
        owed = service.get(table_id).state["pending"][0]
        service.act(table_id, token, {"type": "give", "to": owed["to"][0], "card": {"value": 0}})
    page = client.get(f"/t/{table_id}").text
    assert "#40" in page and "#10<" not in page and "The whole history (40 entries)" in page
    full = client.get(f"/t/{table_id}/history").text
    assert "#1<" in full and "#40" in full


def test_kyotoan_mimic_is_placed_from_the_page_and_counters_show(client, app):
    table_id = create_from_form(client, players=("Ann", "Bob"), game="kyotoan")
    service = app.extensions["companion.tables"]
    host = service.get(table_id).record["host_token"]
    energy = ["energy"] * 6
    for action in (
        {"type": "market", "cards": ["mimic", "smoke_cloud", "tank"]},
        {"type": "roll", "faces": energy}, {"type": "resolve"}, {"type": "end_turn"},
        {"type": "roll", "faces": ["1", "2", "3", "1", "2", "3"]}, {"type": "resolve"}, {"type": "end_turn"},
        {"type": "roll", "faces": energy}, {"type": "resolve"}, {"type": "buy", "card": "mimic"},
        {"type": "market", "cards": ["smoke_cloud", "tank", "heal"]}, {"type": "buy", "card": "smoke_cloud"}, {"type": "market", "cards": ["tank", "heal", "energize"]},
    ):
        service.act(table_id, host, action)
    page = client.get(f"/t/{table_id}").text
    option = '{"of": 0, "target": "smoke_cloud"}'
    assert "Mimic</b>: put the token on" in page and f"value='{option}'" in page
    assert 'aria-label="3 counters left"' in page  # Smoke Cloud's own counters
    version = service.get(table_id).version
    resp = client.post(f"/t/{table_id}/act", headers=HX,
                       data={"version": str(version), "type": "use", "card": "mimic", "_set": option})
    assert resp.status_code == 200, resp.text
    assert "puts its Mimic token on its own Smoke Cloud" in resp.text
    assert "→ Smoke Cloud of Alienoid" in resp.text and 'aria-label="3 counters on the Mimic"' in resp.text
    assert service.get(table_id).state["players"][0]["mimic"] == {"card": "smoke_cloud", "of": 0}


def test_pushed_regions_carry_no_session_token_and_htmx_posts_with_the_page_header(client, app):
    from urllib.parse import urlencode

    table_id = create_from_form(client)
    page = client.get(f"/t/{table_id}").text
    token = re.search(r'"X-CSRF-Token": "([^"]+)"', page).group(1)
    assert f'name="_csrf" value="{token}"' in page  # the full page works without script too
    form = urlencode({k: v for k, v in give_form(0, 1).items()})
    plain = {"Content-Type": "application/x-www-form-urlencoded"}
    refused = client.post(f"/t/{table_id}/act", data=form, headers={**HX, **plain})
    assert refused.status_code == 400  # neither the field nor the header: refused
    reply = client.post(f"/t/{table_id}/act", data=form, headers={**HX, **plain, "X-CSRF-Token": token})
    assert reply.status_code == 200 and "Ann gives a 3 to Bob." in reply.text
    assert "_csrf" not in reply.text and token not in reply.text
    # Another phone with play rights (its own session and token) is served the very same render.
    other = app.test_client()
    other.get(f"/t/{table_id}/play/{app.extensions['companion.tables'].get(table_id).record['play_token']}")
    regions_only = reply.text[:reply.text.index('<div id="flash"')]
    assert other.get(f"/t/{table_id}/regions?since=0").text == regions_only


def test_a_seat_or_first_player_of_5000_digits_gets_a_sentence(client, api):
    table = api.create()
    client.get(urlsplit(table["urls"]["play"]).path)
    assert client.post(f"/t/{table['id']}/seat", data={"seat": "9" * 5000}).status_code == 302
    assert client.post("/tables", data={"game": "gangs", "players": ["A", "B"], "first_player": "9" * 5000}).status_code == 422
