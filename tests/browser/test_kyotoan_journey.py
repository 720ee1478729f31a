"""A five-monster Last Kyotoan Standing game through the pages, on two phones."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import expect

from .helpers import enter_dice, submit

pytestmark = pytest.mark.browser
GAME = json.loads((Path(__file__).parent.parent / "data" / "kyotoan_game_five_with_bay.json").read_text())


def version(page):
    return page.locator("#status").get_attribute("data-version")


def play_action(host, ann_phone, action):
    kind = action["type"]
    if kind == "market":
        picker = host.locator(".card-picker")
        new = action["cards"][-int(host.locator("#market-head").get_attribute("data-slots")):]
        for card in new[:-1]:
            picker.locator(f"#mk-{card}").click()
        submit(host, picker.locator(f"#mk-{new[-1]}"))  # the last slot filled sends the form
    elif kind == "roll":
        enter_dice(host, action["faces"])
    elif kind == "resolve":
        resolve = host.get_by_role("button", name="Resolve the dice")
        if resolve.count():  # else the last roll's "Final dice" resolved it in the same tap
            submit(host, resolve)
    elif kind == "end_turn":
        submit(host, host.get_by_role("button", name="End "))
    elif kind == "buy":
        submit(host, host.get_by_role("button", name="Buy Flame Thrower"))
    elif kind == "yield":
        label = "Yield" if action["yield"] else "Stay in Kyoto"
        if action["player"] == 0:
            # Ann took her seat on her own phone: the prompt is there, not on the entering phone.
            expect(host.locator("#controls")).to_contain_text("Waiting for Ann")
            # Ann's phone shows the host's last move before she answers (under load its push may
            # lag: her answer's own version would then not be the first new one her page shows).
            expect(ann_phone.locator("#status")).to_have_attribute("data-version", version(host))
            prompt = ann_phone.locator(".yield-prompt", has_text="Alienoid (Ann)")
            submit(ann_phone, prompt.get_by_role("button", name=label, exact=True))
            expect(host.locator("#status")).to_have_attribute("data-version", version(ann_phone))
        else:
            prompt = host.locator(".yield-prompt").filter(has_text=f"({GAME['players'][action['player']]})")
            submit(host, prompt.get_by_role("button", name=label, exact=True))


def test_five_monsters_with_the_bay_a_yield_on_a_second_phone_and_the_bay_closing(live_server, phone):
    host = phone().new_page()
    host.goto(live_server.url + "/")
    host.locator("label[for=game-kyotoan]").click()
    for i, name in enumerate(GAME["players"]):
        host.locator("input[name=players]").nth(i).fill(name)
    host.locator("select[name=first_player]").select_option("0")
    host.get_by_role("button", name="Create the table").click()
    expect(host.locator("#netstate")).to_have_text("Live")
    play_url = host.locator("a.play-link").get_attribute("href")  # …/t/<id>/play/<token>

    ann_phone = phone().new_page()
    ann_phone.goto(play_url)
    ann_phone.get_by_role("button", name="I am Ann").click()
    expect(ann_phone.locator("#seat")).to_contain_text("Ann's seat")
    expect(ann_phone.locator("#netstate")).to_have_text("Live")

    for step, action in enumerate(GAME["actions"]):
        play_action(host, ann_phone, action)
        if step == 6:  # Bob's first turn resolved: the Bay is in use
            expect(ann_phone.locator(".seat.bay")).to_contain_text("Cyber Kitty")
    # Cy fell with five alive: the Bay closed and Dee (in it) left Kyoto; Ann fell last.
    expect(ann_phone.locator(".seat.bay")).to_contain_text("closed")
    expect(ann_phone.locator(".seat.city")).to_contain_text("Space Penguin")
    expect(ann_phone.locator("#history")).to_contain_text("Kyoto Bay closes: Meka Dragon (Dee) leaves Kyoto.")
    expect(ann_phone.locator("#board article[data-player='0']")).to_contain_text("out")
    expect(host.locator("#status")).to_contain_text("Bob's turn")
    assert host.locator("#board article[data-player='4'] [data-hp]").inner_text() == "7"
