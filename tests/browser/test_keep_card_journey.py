"""A Keep card with a choice, bought at the table and used on its owner's own phone."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .helpers import enter_dice, submit

pytestmark = pytest.mark.browser


def test_rapid_healing_bought_then_used_on_the_owners_phone(live_server, phone):
    service = live_server.app.extensions["companion.tables"]
    table = service.create("kyotoan", ["Ann", "Bob"], {"first_player": 0}, seed=5)
    host_token = table.record["host_token"]
    for action in (
        {"type": "market", "cards": ["rapid_healing", "heal", "tank"]},
        {"type": "roll", "faces": ["1", "2", "3", "1", "2", "3"]}, {"type": "resolve"}, {"type": "end_turn"},
        {"type": "roll", "faces": ["energy"] * 6},
    ):
        service.act(table.id, host_token, action)
    play = f"{live_server.url}/t/{table.id}/play/{table.record['play_token']}"

    host = phone().new_page()
    host.goto(play)
    expect(host.locator("#netstate")).to_have_text("Live")
    bob = phone().new_page()
    bob.goto(play)
    bob.get_by_role("button", name="I am Bob").click()
    expect(bob.locator("#seat")).to_contain_text("Bob's seat")
    expect(bob.locator("#netstate")).to_have_text("Live")

    # Bob's turn, entered on the table's phone: resolve six ϟ, buy Rapid Healing, end the turn.
    submit(host, host.get_by_role("button", name="Resolve the dice"))
    submit(host, host.get_by_role("button", name="Buy Rapid Healing (3ϟ)"))
    submit(host, host.locator(".card-picker #mk-energize"))
    submit(host, host.get_by_role("button", name="End Cyber Kitty's turn"))

    # Ann's turn: from Kyoto City her two smashes hit Bob, outside.
    for step in ({"type": "roll", "faces": ["smash", "smash", "1", "2", "3", "1"]}, {"type": "resolve"}):
        service.act(table.id, host_token, step)
    expect(bob.locator("#board article[data-player='1'] [data-hp]")).to_have_text("8")

    # The choice is offered on Bob's own phone, not on the table's phone, and it is Ann's turn.
    use = bob.get_by_role("button", name="Cyber Kitty: Rapid Healing, +1♥ for 2ϟ")
    expect(use).to_be_enabled()
    expect(host.get_by_role("button", name="Cyber Kitty: Rapid Healing, +1♥ for 2ϟ")).to_have_count(0)
    submit(bob, use)
    expect(host.locator("#board article[data-player='1'] [data-hp]")).to_have_text("9")
    expect(host.locator("#history")).to_contain_text("Cyber Kitty (Bob) heals 1♥ (Rapid Healing, 2ϟ).")
    assert host.locator("#status").inner_text().startswith("Ann's turn")


def test_wings_is_offered_on_the_owners_phone_when_a_smash_comes(live_server, phone):
    service = live_server.app.extensions["companion.tables"]
    table = service.create("kyotoan", ["Ann", "Bob"], {"first_player": 0}, seed=5)
    host_token = table.record["host_token"]
    energy, numbers = ["energy"] * 6, ["1", "2", "3", "1", "2", "3"]
    for action in (
        {"type": "market", "cards": ["wings", "heal", "tank"]},
        {"type": "roll", "faces": energy}, {"type": "resolve"}, {"type": "end_turn"},  # Ann enters Kyoto City
        {"type": "roll", "faces": numbers}, {"type": "resolve"}, {"type": "end_turn"},
        {"type": "roll", "faces": energy}, {"type": "resolve"}, {"type": "buy", "card": "wings"},
        {"type": "market", "cards": ["heal", "tank", "energize"]}, {"type": "end_turn"},
    ):
        service.act(table.id, host_token, action)
    play = f"{live_server.url}/t/{table.id}/play/{table.record['play_token']}"
    host = phone().new_page()
    host.goto(play)
    ann = phone().new_page()
    ann.goto(play)
    ann.get_by_role("button", name="I am Ann").click()
    expect(ann.locator("#seat")).to_contain_text("Ann's seat")
    expect(ann.locator("#netstate")).to_have_text("Live")
    expect(host.locator("#netstate")).to_have_text("Live")

    # Bob's three smashes, entered on the table's phone, hit Ann in Kyoto City.
    enter_dice(host, ["smash", "smash", "smash", "1", "1", "2"], final=True)  # entered and resolved in one tap
    submit(ann, ann.get_by_role("button", name="Stay in Kyoto"))

    # Wings is asked on Ann's phone only; the table's phone waits for her.
    expect(host.locator("#controls")).to_contain_text("Waiting for Ann to decide about Alienoid's loss of ♥")
    expect(host.get_by_role("button", name="Wings (2ϟ)")).to_have_count(0)
    submit(ann, ann.get_by_role("button", name="Wings (2ϟ)"))
    expect(host.locator("#board article[data-player='0'] [data-hp]")).to_have_text("10")
    expect(host.locator("#board article[data-player='0'] [data-energy]")).to_have_text("4")
    expect(host.locator("#history")).to_contain_text("Alienoid (Ann) spends 2ϟ on Wings: it loses no ♥ this turn.")
    expect(host.get_by_role("button", name="End Cyber Kitty's turn")).to_be_visible()
