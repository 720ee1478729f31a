"""A seated phone is told when the table waits for it, live: its turn, or a decision it owes, with
the control for that decision on its first screen."""
from __future__ import annotations

import json
import urllib.request

import pytest
from playwright.sync_api import expect

from .taps import assert_on_first_screen, count_taps, taps

pytestmark = pytest.mark.browser
MARKET = ["acid_attack", "alien_origin", "alpha_monster"]
NOTHING = ["1", "1", "2", "2", "3", "energy"]


def call(base, path, body, token=None):
    headers = {"Content-Type": "application/json", **({"Authorization": f"Bearer {token}"} if token else {})}
    req = urllib.request.Request(base + path, data=json.dumps(body).encode(), headers=headers)
    with urllib.request.urlopen(req, timeout=5) as resp:
        return json.loads(resp.read())


def test_a_seated_phone_hears_its_turn_and_answers_its_decision_in_one_tap_without_scrolling(live_server, phone):
    base = live_server.url
    table = call(base, "/api/tables", {"game": "kyotoan", "players": ["Ann", "Bob", "Cy"], "options": {"first_player": 1}})
    tid, host = table["id"], table["token"]

    def act(action):
        return call(base, f"/api/tables/{tid}/actions", action, host)

    ann = phone().new_page()
    ann.goto(table["urls"]["play"])
    ann.get_by_role("button", name="I am Ann").click()
    expect(ann.locator("header .you")).to_have_text("You are Ann")
    expect(ann.locator("#netstate")).to_have_text("Live")
    cue = ann.locator("#cue")
    expect(cue).to_be_hidden()  # Bob starts
    for action in ({"type": "market", "cards": MARKET}, {"type": "roll", "faces": NOTHING}, {"type": "resolve"},
                   {"type": "end_turn"}, {"type": "roll", "faces": NOTHING}, {"type": "resolve"}, {"type": "end_turn"}):
        act(action)  # Bob enters Kyoto City; Cy's turn passes
    expect(cue).to_have_text("Your turn, Ann.")
    for action in ({"type": "roll", "faces": ["smash"] + NOTHING[1:]}, {"type": "resolve"},
                   {"type": "yield", "player": 1, "yield": True}, {"type": "end_turn"}):
        act(action)  # Ann smashes Bob, who yields Kyoto City to her
    expect(cue).to_be_hidden()
    act({"type": "roll", "faces": ["smash"] + NOTHING[1:]})
    act({"type": "resolve"})  # Bob smashes Ann in Kyoto City: she decides, on her phone
    expect(cue).to_have_text("Ann: a decision waits for you: " + ann.locator(".yield-prompt h2").inner_text())
    stay = ann.locator(".yield-prompt").get_by_role("button", name="Stay in Kyoto", exact=True)
    assert_on_first_screen(ann, stay)
    count_taps(ann)
    before = ann.locator("#status").get_attribute("data-version")
    stay.click()
    expect(ann.locator("#status")).not_to_have_attribute("data-version", before)
    assert taps(ann) == 1
    expect(cue).to_be_hidden()
