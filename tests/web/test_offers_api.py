"""Offers through the JSON API (api.md, "Offers"): who gets which, and every reply carries them."""
from __future__ import annotations

from companion.games import get_game

MARKET = ["acid_attack", "alien_origin", "alpha_monster"]


def auth(token):
    return {"Authorization": f"Bearer {token}"}


def kinds(offers):
    return {(o["type"], o.get("player")) for o in offers}


def test_a_phone_that_plays_gets_offers_and_a_watcher_none(client, api):
    table = api.create("gangs", ("Ann", "Bob", "Cy"))
    play = table["urls"]["play"].rsplit("/", 1)[-1]
    for token in (table["token"], play):
        offers = api.get(table, token)["offers"]
        assert offers and all(o["type"] in get_game("gangs").actions for o in offers)
        assert all(o["player"] == 0 for o in offers), "Ann starts: only her move is offered"
    assert api.get(table)["offers"] == []
    assert api.get(table, "not-a-token")["offers"] == []


def test_every_reply_that_changes_the_table_carries_the_next_offers(client, api):
    table = api.create("kyotoan", ("Ann", "Bob"))
    first = api.get(table, table["token"])["offers"]
    assert ("market", 0) in kinds(first), "the market is tapped in before anything else"
    acted = api.act(table, {"type": "market", "cards": MARKET})
    assert ("roll", 0) in kinds(acted["offers"]) and ("market", 0) not in kinds(acted["offers"])
    undone = client.post(f"/api/tables/{table['id']}/undo", json={}, headers=auth(table["token"])).json
    assert undone["offers"] == first
    redone = client.post(f"/api/tables/{table['id']}/redo", json={}, headers=auth(table["token"])).json
    assert redone["offers"] == acted["offers"]


def test_a_finished_game_offers_nothing(client, api):
    table = api.create("kyotoan", ("Ann", "Bob"))
    api.act(table, {"type": "market", "cards": MARKET})
    state = api.get(table, table["token"])
    assert state["offers"]
    # Ann smashes with six dice every turn from Kyoto City; Bob (10♥) rolls none and falls.
    last = None
    for _ in range(3):
        api.act(table, {"type": "roll", "faces": ["smash"] * 6})
        last = api.act(table, {"type": "resolve"})
        if last["state"]["over"]:
            break
        api.act(table, {"type": "end_turn"})
        api.act(table, {"type": "roll", "faces": ["1", "1", "2", "2", "3", "energy"]})
        api.act(table, {"type": "resolve"})
        api.act(table, {"type": "end_turn"})
    assert last["state"]["over"] and last["offers"] == []


def test_a_held_seats_decision_is_offered_to_its_phone_and_the_host_only(client, api):
    table = api.create("kyotoan", ("Ann", "Bob", "Cy"))
    play = table["urls"]["play"].rsplit("/", 1)[-1]
    ann = client.post(f"/api/tables/{table['id']}/seats", json={"seat": 0}, headers=auth(play)).json["token"]
    api.act(table, {"type": "market", "cards": MARKET})
    api.act(table, {"type": "roll", "faces": ["1", "1", "2", "2", "3", "smash"]})
    api.act(table, {"type": "resolve"})  # Ann enters Kyoto City
    api.act(table, {"type": "end_turn"})
    api.act(table, {"type": "roll", "faces": ["smash", "1", "1", "2", "2", "3"]})
    api.act(table, {"type": "resolve"})  # Bob smashes Ann: she decides whether to yield
    assert ("yield", 0) in kinds(api.get(table, ann)["offers"])
    assert ("yield", 0) in kinds(api.get(table, table["token"])["offers"])
    other = kinds(api.get(table, play)["offers"])
    assert ("yield", 0) not in other and ("auto_yield", 0) not in other
    assert ("auto_yield", 1) in other, "a free seat's setting is open to any phone that plays"
    refused = client.post(f"/api/tables/{table['id']}/actions", json={"type": "yield", "player": 0, "yield": True},
                          headers=auth(play))
    assert refused.status_code == 401
