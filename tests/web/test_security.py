"""Security promises (docs/security.md), each with a test that fails when it is broken."""
from __future__ import annotations

import pytest
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games import all_games

HX = {"HX-Request": "true"}


def auth(token):
    return {"Authorization": f"Bearer {token}"}


def test_security_headers_on_every_page(client):
    for url in ("/", "/join", "/api/games", "/manifest.webmanifest"):
        headers = client.get(url).headers
        csp = headers["Content-Security-Policy"]
        assert "script-src 'self'" in csp and "unsafe-inline" not in csp and "frame-ancestors 'none'" in csp
        assert headers["X-Content-Type-Options"] == "nosniff"
        assert headers["Referrer-Policy"] == "same-origin"


def test_no_inline_script_in_any_page(client, api):
    table = api.create()
    for url in ("/", "/join", f"/t/{table['id']}", f"/t/{table['id']}/watch", "/events/new", "/offline"):
        page = client.get(url).text
        assert "<script>" not in page and "<script >" not in page
        assert all('src="' in tag for tag in page.split("<script")[1:])
        assert " style=" not in page and " onclick=" not in page


def test_form_posts_without_the_csrf_token_are_refused_and_change_nothing(app, api):
    raw = app.test_client(use_cookies=True)
    raw.__class__ = FlaskClient  # a client that does not add the token, like a forged form
    table = api.create()
    raw.get(f"/t/{table['id']}/play/{table['urls']['play'].rsplit('/', 1)[-1]}")
    resp = raw.post(f"/t/{table['id']}/act", data={"type": "give", "card.value:int": "1", "_set": '{"to": 1}'})
    assert resp.status_code == 400 and "expired" in resp.text
    assert api.get(table)["version"] == 0
    assert raw.post("/tables", data={"game": "gangs", "players": ["A", "B"]}).status_code == 400


def test_cookies_are_httponly_and_samesite(client):
    resp = client.post("/tables", data={"game": "gangs", "players": ["A", "B"], "first_player": "0"})
    cookie = resp.headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie


def test_cookies_are_secure_behind_https(tmp_path):
    from companion import create_app

    app = create_app({"TESTING": True, "DATA_DIR": str(tmp_path), "PUBLIC_URL": "https://kyoto.example.org"})
    assert app.config["SESSION_COOKIE_SECURE"] is True


def test_secret_key_is_made_on_first_run_and_kept_in_the_data_folder(tmp_path):
    from companion import create_app

    first = create_app({"DATA_DIR": str(tmp_path)}).config["SECRET_KEY"]
    again = create_app({"DATA_DIR": str(tmp_path)}).config["SECRET_KEY"]
    assert first == again and len(first) >= 32
    assert (tmp_path / "secret_key").stat().st_mode & 0o077 == 0


def test_hostile_names_are_rendered_harmlessly(client):
    names = ["<script>alert(1)</script>", "=1+2", "\u202eevil", "🐱" * 10]
    table = client.post("/api/tables", json={"game": "gangs", "players": names, "options": {"first_player": 0}}).json
    page = client.get(f"/t/{table['id']}/watch").text
    assert "<script>alert(1)</script>" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "🐱" * 10 in page
    too_long = client.post("/api/tables", json={"game": "gangs", "players": ["x" * 41, "B"]})
    assert too_long.status_code == 422


def test_a_seat_answers_its_own_decisions_only(client, api):
    table = api.create("kyotoan", ["Ann", "Bob", "Cy"])
    token = table["token"]
    seats = [client.post(f"/api/tables/{table['id']}/seats", json={"seat": i}, headers=auth(token)).json["token"] for i in range(2)]
    api.act(table, {"type": "market", "cards": ["heal", "tank", "energize"]})
    for action in ({"type": "roll", "faces": ["1", "2", "3", "1", "2", "3"]}, {"type": "resolve"}, {"type": "end_turn"},
                   {"type": "roll", "faces": ["smash", "2", "3", "1", "2", "3"]}, {"type": "resolve"}):
        api.act(table, action)
    ann, bob = seats
    answer = {"type": "yield", "player": 0, "yield": True}
    refused = client.post(f"/api/tables/{table['id']}/actions", json=answer, headers=auth(bob))
    assert refused.status_code == 401 and "Ann answers this there" in refused.json["error"]
    assert client.post(f"/api/tables/{table['id']}/actions", json=answer, headers=auth(ann)).status_code == 200


def test_action_floods_are_limited(tmp_path):
    from companion import create_app

    app = create_app({"TESTING": True, "DATA_DIR": str(tmp_path), "ACTION_LIMIT": 5})
    client = app.test_client()
    table = client.post("/api/tables", json={"game": "gangs", "players": ["A", "B"], "options": {"first_player": 0}}).json
    codes = [client.post(f"/api/tables/{table['id']}/actions", json={"type": "nap"}, headers=auth(table["token"])).status_code for _ in range(7)]
    assert codes[:5] == [422] * 5 and codes[5:] == [429, 429]


def test_a_watcher_can_never_change_a_score(client, api):
    table = api.create()
    for url, body in ((f"/api/tables/{table['id']}/actions", {"type": "give", "to": 0, "card": {"value": 1}}),
                      (f"/api/tables/{table['id']}/undo", {}), (f"/api/tables/{table['id']}/seats", {"seat": 0})):
        assert client.post(url, json=body).status_code == 401
        assert client.post(url, json=body, headers=auth("watch")).status_code == 401
    assert api.get(table)["version"] == 0


# -- hostile input, automatically: every game's API -------------------------------------------
GAMES = [g.id for g in all_games()]
FIELDS = ["type", "to", "card", "player", "faces", "yield", "cards", "colour", "on", "count", "row", "skill", "objective",
          "die", "target", "attacker", "defender", "rolls", "purple", "teal", "below", "version", "symbols", "from"]
TYPES = ["give", "draw", "roll", "resolve", "yield", "market", "buy", "sweep", "end_turn", "auto_yield", "use", "play",
         "place", "take", "exchange", "reveal", "pass_start", "check", "kitten_fight", "crossed_road", "bike_card", "skill_up"]
values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 30) | st.sampled_from(["X", "red", "heart", "smash", "bug", "", "1"]) | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.sampled_from(FIELDS), inner, max_size=4),
    max_leaves=10,
)
actions = st.builds(lambda t, extra: {"type": t, **extra}, st.sampled_from(TYPES), st.dictionaries(st.sampled_from(FIELDS[1:]), values, max_size=4))


@pytest.mark.slow
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(game=st.sampled_from(GAMES), action=actions | values)
def test_fuzzed_actions_never_500_and_a_refusal_changes_nothing(client, game, action):
    table = client.post("/api/tables", json={"game": game, "players": ["A", "B", "C"], "seed": 3}).json
    before = client.get(f"/api/tables/{table['id']}", headers=auth(table["token"])).json
    resp = client.post(f"/api/tables/{table['id']}/actions", json=action, headers=auth(table["token"]))
    assert resp.status_code in (200, 409, 422), (resp.status_code, action)
    if resp.status_code != 200:
        assert resp.json["error"]
        assert client.get(f"/api/tables/{table['id']}", headers=auth(table["token"])).json == before
