"""Fuzzing the two doors an action comes in by: the JSON API and the table page's form posts.

The promise: no hostile action answers 5xx. An API call is accepted (200) or
refused with {"error": sentence}; a form post is accepted or refused with a sentence; either way a
refused action leaves the table exactly as it was. The engines get 10,000 actions a game in
test_fuzz_engines.py; here fewer go through the whole web stack (a request costs milliseconds).
"""
from __future__ import annotations

import json
import random
import re
import reprlib
from urllib.parse import urlencode, urlsplit

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games import get_game

from ..conftest import CSRF
from ..engine_checks import UNICODE_DIGITS, hostile_value
from ..offers_checks import draw_action
from ..rules.test_fuzz_engines import SPECS, spoil

API_ACTIONS_PER_GAME = 500
FORM_POSTS_PER_GAME = 300
EXAMPLES = 5  # hypothesis's first seed is always 0; the other four differ from run to run
PLAYED = 12  # legal moves played before the fuzzing starts, so it meets a game in progress
HEALTH = [HealthCheck.function_scoped_fixture, HealthCheck.too_slow]


def auth(token: str) -> dict:
    return {"Authorization": f"Bearer {token}"}


def body(action: object) -> str:
    """The action as a JSON body; a nest too deep for json.dumps is written out by hand."""
    try:
        return json.dumps(action)
    except RecursionError:
        return '{"type": "give", "card": ' + "[" * 5000 + "]" * 5000 + "}"


def played_table(api, game_id: str, rnd: random.Random) -> tuple[dict, dict]:
    """A table of `game_id` a few legal moves into a game, and its state as the host sees it."""
    spec = SPECS[game_id]
    n = spec.players[rnd.randrange(len(spec.players))]
    table = api.create(game_id, [f"P{i}" for i in range(n)], seed=rnd.randrange(1000))
    state = table["state"]
    for _ in range(PLAYED):
        if state["over"]:
            break
        state = api.act(table, draw_action(get_game(game_id), state, rnd))["state"]
    return table, state


def host_state(client, table: dict) -> dict:
    return client.get(f"/api/tables/{table['id']}", headers=auth(table["token"])).json


def check_refusal_changed_nothing(client, table: dict, before: dict, status: int, what: str) -> dict:
    """After a reply below 500: accepted (the version moved on by one) or nothing changed at all."""
    assert status < 500, f"{status} for {what}"
    now = host_state(client, table)
    if now["version"] == before["version"]:
        assert now == before, f"a refused action changed the table: {what}"
    else:
        assert now["version"] == before["version"] + 1
    return now


@pytest.mark.slow
@pytest.mark.parametrize("game_id", sorted(SPECS))
@settings(max_examples=EXAMPLES, deadline=None, database=None, suppress_health_check=HEALTH)
@given(seed=st.integers(0, 2**32 - 1))
def test_fuzzed_api_actions_never_answer_5xx_and_a_refusal_changes_nothing(client, api, game_id, seed):
    """Hostile actions through POST /api/tables/<id>/actions: 200, or 4xx with a sentence."""
    rnd = random.Random(seed)
    spec = SPECS[game_id]
    table, _ = played_table(api, game_id, rnd)
    before = host_state(client, table)
    for _ in range(API_ACTIONS_PER_GAME // EXAMPLES):
        if before["state"]["over"]:
            table, _ = played_table(api, game_id, rnd)
            before = host_state(client, table)
        action = spoil(rnd, spec, draw_action(get_game(spec.game_id), before["state"], rnd))
        resp = client.post(f"/api/tables/{table['id']}/actions", data=body(action),
                           content_type="application/json", headers=auth(table["token"]))
        if resp.status_code != 200:
            assert resp.is_json and resp.json["error"].endswith((".", "!")), (resp.status_code, resp.data[:200])
        before = check_refusal_changed_nothing(client, table, before, resp.status_code, reprlib.repr(action))


# -- form posts ------------------------------------------------------------------------------
def form_fields(rnd: random.Random, name: str, value: object) -> list[tuple[str, str]]:
    """One action field as a page could post it (a plain value, :int, :json, a list, a path), or mangled."""
    how = rnd.randrange(8)
    text = value if isinstance(value, str) else body(value)[:100]
    if how == 0 or isinstance(value, str):
        return [(name, text)]
    if how == 1:
        return [(f"{name}:int", text)]
    if how == 2 and isinstance(value, list):
        return [(f"{name}[]" + rnd.choice(["", ":int", ":json"]), json.dumps(v) if not isinstance(v, str) else v)
                for v in value if not isinstance(v, (list, dict))]
    if how == 3 and isinstance(value, dict):
        return [(f"{name}.{k}" + rnd.choice(["", ":int", ":json"]), body(v)) for k, v in value.items()]
    if how == 4 and isinstance(value, list):
        return [(f"{name}.{i}:json", body(v)) for i, v in enumerate(value)]
    return [(f"{name}:json", body(value))]


def hostile_form_fields(rnd: random.Random, names: list[str]) -> list[tuple[str, str]]:
    """Field names and values that once crashed the form reader, and their cousins."""
    name = rnd.choice(names)
    digit = rnd.choice(UNICODE_DIGITS)
    number = rnd.choice(["1.0", digit, "1e3", "9" * 5000, "99999999999999999999", "-0", " 3 ", "", "x", "NaN"])
    return rnd.choice([
        [(f"{name}.{digit}", "1")],
        [(f"{name}.{digit}:int", "1")],
        [(f"{name}.{digit}.0", "1")],
        [(f"{name}.0.{digit}:json", "3")],
        [(f"{name}:int", number)],
        [(f"{name}[]:int", number)],
        [(f"{name}:repeat.heart", number)],
        [(f"{name}:repeat.{digit}", "2")],
        [(f"{name}.{rnd.choice(['21', '99999999999999999999', '9' * 5000])}", "1")],
        [(f"{name}:json", rnd.choice(["[" * 15000, "{" * 3000, "NaN", "1e999", "[1,", '"' + "x" * 5000 + '"']))],
        [(".".join([name] * rnd.randint(7, 500)), "1")],
        [(f"{name}..x", "1")], [(f"{name}.", "1")],
        [(f"{name}:{rnd.choice(['float', 'weird', 'repeat', 'json:int', digit])}", "1")],
        [(f"{name}.0", "1"), (f"{name}.x", "2")],
        [(f"{name}[]", "1"), (f"{name}.0", "2")],
        [(f"{name}:json", "[1]"), (f"{name}.value:int", "2")],
        [("_set", rnd.choice(["[]", "1", "null", '{"a..b": 1}', '{"' + digit + '": 1}', '{"to.' + digit + '": 1}', "[" * 20000]))],
        [("version", rnd.choice(["²", "１", "9" * 5000, "1.5", "-1"]))],
    ])


def fuzzed_form(rnd: random.Random, spec, move: dict) -> list[tuple[str, str]]:
    """A legal move, spoiled, written out as form fields; now and then with a hostile field added."""
    action = spoil(rnd, spec, move)
    if not isinstance(action, dict):
        action = {"type": move["type"], rnd.choice(spec.fields): action}
    pairs = [("type", action["type"] if isinstance(action.get("type"), str) else body(action.get("type")))]
    for name, value in action.items():
        if name != "type":
            pairs += form_fields(rnd, name, value)
    if rnd.random() < 0.5:
        pairs += hostile_form_fields(rnd, spec.fields)
    if rnd.random() < 0.2:
        pairs.append(("_set", body({rnd.choice(spec.fields): hostile_value(rnd, spec.words, spec.fields)})))
    return pairs


def post_form(client, table: dict, pairs: list[tuple[str, str]], htmx: bool):
    headers = {"HX-Request": "true"} if htmx else {}
    return client.post(f"/t/{table['id']}/act", data=urlencode(pairs + [("_csrf", CSRF)]),
                       content_type="application/x-www-form-urlencoded", headers=headers)


def phone_at(client, table: dict) -> None:
    """This test client becomes a phone at the table: its cookie gets play rights from the play link."""
    with client.session_transaction() as sess:
        sess["csrf"] = CSRF
    assert client.get(urlsplit(table["urls"]["play"]).path).status_code == 302


@pytest.mark.slow
@pytest.mark.parametrize("game_id", sorted(SPECS))
@settings(max_examples=EXAMPLES, deadline=None, database=None, suppress_health_check=HEALTH)
@given(seed=st.integers(0, 2**32 - 1))
def test_fuzzed_form_posts_never_answer_5xx_and_a_refusal_changes_nothing(client, api, game_id, seed):
    """Hostile form posts to /t/<id>/act (Unicode digits in names, bad :int/:json/:repeat values,
    huge indexes, deep paths): accepted or refused with a sentence, never a 500."""
    rnd = random.Random(seed)
    spec = SPECS[game_id]
    table, _ = played_table(api, game_id, rnd)
    phone_at(client, table)
    before = host_state(client, table)
    for _ in range(FORM_POSTS_PER_GAME // EXAMPLES):
        if before["state"]["over"]:
            table, _ = played_table(api, game_id, rnd)
            phone_at(client, table)
            before = host_state(client, table)
        pairs = fuzzed_form(rnd, spec, draw_action(get_game(spec.game_id), before["state"], rnd))
        htmx = rnd.random() < 0.5
        resp = post_form(client, table, pairs, htmx)
        assert resp.status_code in ((200, 409, 413, 422, 429) if htmx else (302, 413, 429)), resp.status_code
        before = check_refusal_changed_nothing(client, table, before, resp.status_code, reprlib.repr(pairs))


# -- what the black-box attack found, by name ------------------------------------------------
@pytest.mark.parametrize("game_id, action", [
    ("gangs", {"type": "give", "to": 1, "card": {"value": 4, "kind": []}}),
    ("gangs", {"type": "give", "to": 1, "card": {"value": 4, "kind": {}}}),
    ("gangs", {"type": "give", "to": 1, "card": {"value": 4, "kind": "bell", "bells": 1.0}}),
    ("neko", {"type": "check", "player": 0, "skill": "hunting", "objective": 3, "die": 3, "target": []}),
    ("neko", {"type": "check", "player": 0, "skill": "hunting", "objective": 3, "die": 3, "target": {}}),
    ("neko", {"type": "check", "player": 0, "skill": "hunting", "objective": 3, "die": 3.0}),
])
def test_the_actions_that_once_answered_500_get_a_sentence_and_change_nothing(client, api, game_id, action):
    table = api.create(game_id, ["Ann", "Bob", "Cy"])
    before = host_state(client, table)
    assert "error" in api.act(table, action, status=422)
    assert host_state(client, table) == before


@pytest.mark.parametrize("name, value", [
    ("faces.²", "1"), ("faces.0.²:int", "1"), ("to:int", "²"), ("to:int", "1.0"), ("to:int", "9" * 5000),
    ("card:json", "[" * 15000), ("rolls.99999999999999999999", "1"), ("card.kind:float", "1"),
], ids=lambda v: reprlib.repr(v))
def test_the_form_fields_that_once_answered_500_get_a_sentence_and_change_nothing(client, api, name, value):
    table = api.create("gangs", ["Ann", "Bob", "Cy"])
    phone_at(client, table)
    before = host_state(client, table)
    resp = post_form(client, table, [("type", "give"), (name, value)], htmx=True)
    sentence = re.search(r'<p class="flash-error">([^<]+)</p>', resp.get_data(as_text=True))
    assert resp.status_code == 422 and sentence and sentence.group(1).endswith("."), resp.data[:300]
    assert host_state(client, table) == before
