"""The page's Undo takes back the last move of the game, not a player's setting (
"settings are not undo steps"): Ann's auto-yield, set after Bob's roll, stays when the roll is
undone. The JSON API's undo keeps the contract's meaning: the last action, whatever it is."""
from __future__ import annotations

from companion.store.redis_store import RedisStore
from companion.tables import TableService
from companion.tables.table import fold
from tests.redis_server import redis_prefix, redis_server, redis_url  # noqa: F401 (fixtures)

from .test_pages import HX, words

MARKET = {"type": "market", "cards": ["heal", "alien_origin", "corner_store"]}
ROLL = {"type": "roll", "faces": ["1", "1", "2", "2", "3", "energy"]}
SETTING = {"type": "auto_yield", "player": 1, "below": 5}


def table_with_a_setting_after_a_roll(api, client):
    """Ann's market and roll, then Bob's auto-yield setting; this client holds the host's phone."""
    table = api.create("kyotoan", ("Ann", "Bob"))
    for action in (MARKET, ROLL, SETTING):
        api.act(table, action)
    client.get(table["urls"]["play"])
    return table


def test_the_pages_undo_names_and_takes_back_the_roll_and_keeps_the_setting(api, client, app):
    table = table_with_a_setting_after_a_roll(api, client)
    page = words(client.get(f"/t/{table['id']}").text)
    assert "↶ UndoAlienoid (Ann) rolls" in page  # the button names the roll (its second line), not Bob's setting
    # The host's phone entered Ann's roll: this phone (no seat) says so before it takes it back.
    reply = client.post(f"/t/{table['id']}/undo", data={"version": "3", "confirmed": "1"}, headers=HX)
    assert reply.status_code == 200, reply.text
    assert "The shared phone undid: Alienoid (Ann) rolls" in words(reply.text).replace("&#39;", "'")
    state = api.get(table, table["token"])
    assert state["version"] == 4
    assert state["state"]["rolls"] == 0 and state["state"]["players"][1]["auto_yield"] == 5
    service = app.extensions["companion.tables"]
    log = service.get(table["id"]).record["actions"]
    assert [(e["seq"], e["action"]["type"]) for e in log] == [(1, "market"), (2, "auto_yield")]
    # Read afresh from the store (a restart): the same table, a whole replay agreeing.
    service._cache.clear()
    again = service.get(table["id"])
    assert again.state == fold(again.record) and again.state["players"][1]["auto_yield"] == 5

    # Redo puts the roll back, after the setting, and the log reads in order.
    redone = client.post(f"/t/{table['id']}/redo", data={"version": "4"}, headers=HX)
    assert redone.status_code == 200, redone.text
    service._cache.clear()
    table_now = service.get(table["id"])
    assert [(e["seq"], e["action"]["type"]) for e in table_now.record["actions"]] == [(1, "market"), (2, "auto_yield"), (3, "roll")]
    assert table_now.state["rolls"] == 1 and table_now.state == fold(table_now.record)


def test_with_only_settings_since_the_start_the_page_says_so_and_changes_nothing(api, client):
    table = api.create("kyotoan", ("Ann", "Bob"))
    api.act(table, SETTING)
    client.get(table["urls"]["play"])
    reply = client.post(f"/t/{table['id']}/undo", data={"version": "1"}, headers=HX)
    assert reply.status_code == 422 and "only settings were entered" in reply.text
    assert api.get(table, table["token"])["version"] == 1


def test_the_apis_undo_still_takes_back_the_last_action_whatever_it_is(api, client):
    table = table_with_a_setting_after_a_roll(api, client)
    reply = client.post(f"/api/tables/{table['id']}/undo", json={}, headers={"Authorization": f"Bearer {table['token']}"})
    assert reply.status_code == 200
    state = api.get(table, table["token"])["state"]
    assert state["players"][1]["auto_yield"] is None and state["rolls"] == 1


def test_on_redis_the_other_process_reads_the_undo_that_kept_the_setting(redis_url, redis_prefix):  # noqa: F811
    first, second = TableService(RedisStore(redis_url, redis_prefix)), TableService(RedisStore(redis_url, redis_prefix))
    table = first.create("kyotoan", ["Ann", "Bob"], {"first_player": 0})
    token = table.record["host_token"]
    for action in (MARKET, ROLL, SETTING):
        table, _ = first.act(table.id, token, action)
    second.get(table.id)  # the second process has the table cached at version 3
    first.undo(table.id, token, keep_settings=True)
    seen = second.get(table.id)
    assert seen.version == 4 and seen.state["rolls"] == 0 and seen.state["players"][1]["auto_yield"] == 5
    assert [e["seq"] for e in seen.record["actions"]] == [1, 2] and seen.state == fold(seen.record)
    redone = second.redo(table.id, token)
    assert first.get(table.id).state == redone.state == fold(redone.record)
