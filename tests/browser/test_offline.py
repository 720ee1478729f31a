"""A phone that loses the connection: the table it opened reloads as it last saw it (from the first
visit, with the live changes it got since), and what is tapped meanwhile waits on the phone, is
sent when the connection is back, and is never lost without a word."""
from __future__ import annotations

import json
import re
import time
import urllib.request

from flask import request
from playwright.sync_api import expect

from .helpers import open_on, server_table, wait_for_version
from .test_journeys import give, row_of

PLAYERS = ["Ann", "Bob", "Cy"]


def new_table(live_server) -> dict:
    """A Gangs of Kyoto table made through the JSON API, Ann to start: the API's reply (id, token)."""
    body = json.dumps({"game": "gangs", "players": PLAYERS, "options": {"first_player": 0}}).encode()
    req = urllib.request.Request(live_server.url + "/api/tables", data=body, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req) as resp:
        return json.load(resp)


def api(live_server, path: str):
    """A JSON API read: what the server holds, whatever any page shows."""
    with urllib.request.urlopen(live_server.url + path) as resp:
        return json.load(resp)


def open_table(phone, live_server, table) -> tuple:
    """A fresh phone (its own cookies, no service worker yet) opens the table's play link."""
    ctx = phone()
    page = ctx.new_page()
    page.goto(live_server.url + f"/t/{table['id']}/play/{table['token']}")
    expect(page.locator("#netstate")).to_have_text("Live")
    return ctx, page


def go_offline(ctx, page):
    """Cut this phone's network and wait until the phone knows it (its banner says so), as a
    person sees it before tapping: a tap in the split second before would go out as usual."""
    ctx.set_offline(True)
    expect(page.locator("#netstate")).to_contain_text("Offline")


def wait_until_kept(page, version: int, timeout: float = 10.0):
    """Wait until this phone's saved copy of the page it shows is the table at `version` (the phone
    keeps it by itself; a person would not reload within the same split second)."""
    deadline = time.monotonic() + timeout
    script = "caches.match(location.href.split('#')[0]).then(r => r ? r.text() : '')"
    while time.monotonic() < deadline:
        if f'data-version="{version}"' in page.evaluate(script):
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"the phone never kept the table at version {version}")


def test_the_first_table_a_phone_opens_reloads_offline_with_the_latest_live_scores(live_server, phone):
    table = new_table(live_server)
    ctx, page = open_table(phone, live_server, table)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    # Another phone at the table enters a card: this phone sees it arrive live.
    _, other = open_table(phone, live_server, table)
    give(other, "Bob", 4)
    expect(row_of(page, 1)).to_contain_text("4")
    wait_until_kept(page, 1)

    ctx.set_offline(True)
    page.reload()
    expect(page.locator("#netstate")).to_contain_text("Offline")
    expect(page.locator("#netstate")).to_contain_text("as this phone last saw it")
    for name in PLAYERS:
        expect(page.locator("#board")).to_contain_text(name)
    expect(row_of(page, 1)).to_contain_text("4")
    expect(page.locator("#board article[data-player='1'] [data-sum]")).to_have_text("4")
    expect(page.locator("#status")).to_have_attribute("data-version", "1")

    # The table moves on while this phone is away; when the connection is back the saved copy
    # catches up by itself, no reload needed.
    give(other, "Cy", 2)
    ctx.set_offline(False)
    expect(row_of(page, 2)).to_contain_text("2")
    expect(page.locator("#netstate")).not_to_contain_text("Offline")


def test_a_page_never_opened_says_so_offline_and_claims_no_table(live_server, phone):
    table = new_table(live_server)
    ctx, page = open_table(phone, live_server, table)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    wait_until_kept(page, 0)
    ctx.set_offline(True)
    page.goto(live_server.url + "/t/never-opened-here")
    expect(page.locator("main")).to_contain_text("never opened on this phone")
    expect(page.locator("main")).not_to_contain_text("as this phone last saw it")


def test_a_tap_made_offline_waits_and_lands_once_when_the_connection_is_back(live_server, phone):
    table = new_table(live_server)
    ctx, page = open_table(phone, live_server, table)

    go_offline(ctx, page)
    give(page, "Bob", 3, legal=False)
    expect(page.locator("#outbox")).to_contain_text("1 action waiting")
    expect(page.locator("#outbox")).to_contain_text("Give to Bob")
    assert api(live_server, f"/api/tables/{table['id']}")["version"] == 0

    ctx.set_offline(False)
    expect(page.locator("#status")).to_have_attribute("data-version", "1")
    expect(page.locator("#outbox")).to_have_count(0)
    expect(row_of(page, 1)).to_contain_text("3")
    # Long enough for another try of the outbox: the action is in the log once, nothing else.
    page.wait_for_timeout(6000)
    log = api(live_server, f"/api/tables/{table['id']}/log")
    assert api(live_server, f"/api/tables/{table['id']}")["version"] == 1
    assert [entry["action"]["to"] for entry in log] == [1]
    assert log[0]["action"]["card"]["value"] == 3
    expect(page.locator("#outbox")).to_have_count(0)


def test_a_tap_waiting_through_a_reload_offline_is_still_shown_and_sent(live_server, phone):
    # Chromium lifts its offline emulation from a page as it goes away (the dying page is told
    # it is online and may send), which no phone does: while this phone is offline the table's
    # writes are answered as by a proxy whose app is down, so such a send changes nothing.
    writes_down = {"on": False}

    @live_server.app.before_request
    def app_down():
        if writes_down["on"] and request.method == "POST" and request.path.startswith("/t/"):
            return "The app is down.", 503
        return None

    table = new_table(live_server)
    ctx, page = open_table(phone, live_server, table)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    wait_until_kept(page, 0)

    writes_down["on"] = True
    go_offline(ctx, page)
    give(page, "Cy", 2, legal=False)
    expect(page.locator("#outbox")).to_contain_text("1 action waiting")
    page.reload()
    expect(page.locator("#netstate")).to_contain_text("Offline")
    expect(page.locator("#outbox")).to_contain_text("1 action waiting")
    expect(page.locator("#outbox")).to_contain_text("Give to Cy")

    writes_down["on"] = False
    ctx.set_offline(False)
    expect(page.locator("#status")).to_have_attribute("data-version", "1")
    expect(page.locator("#outbox")).to_have_count(0)
    assert [entry["action"]["to"] for entry in api(live_server, f"/api/tables/{table['id']}/log")] == [2]


def test_a_waiting_tap_the_table_moved_past_is_shown_as_not_applied_and_can_be_entered_again(live_server, phone):
    table = new_table(live_server)
    ctx, page = open_table(phone, live_server, table)
    _, other = open_table(phone, live_server, table)

    go_offline(ctx, page)
    give(page, "Bob", 3, legal=False)
    expect(page.locator("#outbox")).to_contain_text("1 action waiting")
    # Meanwhile another phone enters Ann's card for Cy: the table moves on to version 1.
    give(other, "Cy", 1)

    ctx.set_offline(False)
    outbox = page.locator("#outbox")
    expect(outbox).to_contain_text("Not applied")
    expect(outbox).to_contain_text(re.compile(r"Give to Bob \(3\)"))
    expect(outbox).to_contain_text("Another phone entered first: Ann gives a 1 to Cy.")
    expect(outbox).not_to_contain_text("waiting")
    expect(page.locator("#status")).to_have_attribute("data-version", "1")
    assert [e["action"]["to"] for e in api(live_server, f"/api/tables/{table['id']}/log")] == [2]

    # Entered again on the table as it is now: it lands, and the notice goes.
    outbox.get_by_role("button", name="Enter it again").click()
    expect(page.locator("#status")).to_have_attribute("data-version", "2")
    expect(page.locator("#outbox")).to_have_count(0)
    log = api(live_server, f"/api/tables/{table['id']}/log")
    assert [(e["action"]["to"], e["action"]["card"]["value"]) for e in log] == [(2, 1), (1, 3)]


def test_a_refused_tap_dismissed_goes_only_when_the_person_says_so(live_server, phone):
    table = new_table(live_server)
    ctx, page = open_table(phone, live_server, table)
    _, other = open_table(phone, live_server, table)
    go_offline(ctx, page)
    give(page, "Bob", 3, legal=False)
    give(other, "Bob", 2)
    ctx.set_offline(False)
    outbox = page.locator("#outbox")
    expect(outbox).to_contain_text("Not applied")
    # More pushes from the table do not wipe the notice.
    give(other, "Cy", 0)
    expect(page.locator("#status")).to_have_attribute("data-version", "2")
    page.reload()
    expect(page.locator("#outbox")).to_contain_text("Give to Bob")
    page.locator("#outbox").get_by_role("button", name="Dismiss").click()
    expect(page.locator("#outbox")).to_have_count(0)
    page.reload()
    expect(page.locator("#netstate")).to_have_text("Live")
    expect(page.locator("#outbox")).to_have_count(0)


def test_offline_works_when_static_addresses_carry_a_fingerprint(live_server, phone):
    # Pages load /static/js/app.js?v=<hash of the file>: a saved copy must still find its scripts
    # and styles, also after a new release changed the hashes and the phone kept the new files.
    # The two releases are played by stamping the static addresses with hashes of our own.
    release = {"hash": "f1"}

    @live_server.app.url_defaults
    def fingerprint(endpoint, values):
        if endpoint == "static":
            values["v"] = release["hash"]

    first, second = new_table(live_server), new_table(live_server)
    ctx, page = open_table(phone, live_server, first)
    assert page.locator("script[src*='app.js?v=f1']").count() == 1
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    wait_until_kept(page, 0)
    release["hash"] = "f2"
    later = ctx.new_page()
    later.goto(live_server.url + f"/t/{second['id']}/play/{second['token']}")
    assert later.locator("script[src*='app.js?v=f2']").count() == 1
    wait_until_kept(later, 0)
    later.close()

    ctx.set_offline(True)
    page.reload()  # the first table's copy asks for the f1 files, which the phone replaced by f2
    expect(page.locator("#netstate")).to_contain_text("Offline")  # app.js ran
    expect(page.locator("#board")).to_contain_text("Bob")
    assert page.evaluate("getComputedStyle(document.querySelector('header.bar')).display") == "flex"  # app.css applied
    give(page, "Bob", 1, legal=False)
    expect(page.locator("#outbox")).to_contain_text("1 action waiting")
    ctx.set_offline(False)
    expect(page.locator("#status")).to_have_attribute("data-version", "1")
    expect(page.locator("#outbox")).to_have_count(0)


def test_a_tap_that_lost_the_race_online_stays_listed_when_the_next_push_arrives(live_server, phone):
    table = new_table(live_server)
    _, page = open_table(phone, live_server, table)
    _, other = open_table(phone, live_server, table)
    give(other, "Cy", 1)
    expect(page.locator("#status")).to_have_attribute("data-version", "1")
    # This phone's tap was made on version 0 and reached the server after the other phone's.
    page.locator("#controls input[name=version]").first.evaluate("input => input.value = '0'")
    give(page, "Bob", 3, legal=False)
    outbox = page.locator("#outbox")
    expect(outbox).to_contain_text("Not applied")
    expect(outbox).to_contain_text("Give to Bob (3)")
    # The push of the table's next change clears the message strip, not this notice.
    give(other, "Bob", 2)
    expect(page.locator("#status")).to_have_attribute("data-version", "2")
    expect(outbox).to_contain_text("Give to Bob (3)")
    assert [e["action"]["to"] for e in api(live_server, f"/api/tables/{table['id']}/log")] == [2, 1]


def test_three_cards_given_offline_all_land_in_order_and_none_is_refused(live_server, phone):
    table = new_table(live_server)
    ctx, page = open_table(phone, live_server, table)

    go_offline(ctx, page)
    give(page, "Bob", 3, legal=False)
    give(page, "Cy", 2, legal=False)
    give(page, "Ann", 1, legal=False)
    outbox = page.locator("#outbox")
    expect(outbox).to_contain_text("3 actions waiting")
    # The pad cannot play the rules offline: the phone says its buttons are the table before these.
    expect(outbox).to_contain_text("The buttons below are the table as it was before them")
    for line in ("Give to Bob (3)", "Give to Cy (2)", "Give to Ann (1)"):
        expect(outbox).to_contain_text(line)

    ctx.set_offline(False)
    # Each was sent on the version the one before it produced: all three land, none refused.
    wait_for_version(page, 3)
    expect(outbox).to_have_count(0)
    log = api(live_server, f"/api/tables/{table['id']}/log")
    assert [(e["action"]["to"], e["action"]["card"]["value"]) for e in log] == [(1, 3), (2, 2), (0, 1)]
    expect(page.locator("#history")).to_contain_text("Ann keeps")


def test_a_queued_tap_another_phones_move_overtook_is_refused_and_those_after_it_with_it(live_server, phone):
    # The version check stays the guard: a move of another phone before the queue is sent
    # refuses what this phone queued on the old page, naming that move, and nothing is doubled.
    table = new_table(live_server)
    ctx, page = open_table(phone, live_server, table)
    _, other = open_table(phone, live_server, table)
    go_offline(ctx, page)
    give(page, "Bob", 3, legal=False)
    give(page, "Cy", 2, legal=False)
    give(other, "Bob", 4)
    ctx.set_offline(False)
    outbox = page.locator("#outbox")
    expect(outbox).to_contain_text("2 actions not applied")
    expect(outbox).to_contain_text("Another phone entered first: Ann gives a 4 to Bob.")
    # Bob has his card of the turn: only the card for Cy may still be entered.
    expect(outbox.get_by_role("button", name="Enter it again")).to_have_count(1)
    outbox.get_by_role("button", name="Enter it again").click()
    wait_for_version(page, 2)
    log = api(live_server, f"/api/tables/{table['id']}/log")
    assert [(e["action"]["to"], e["action"]["card"]["value"]) for e in log] == [(1, 4), (2, 2)]


def tap_dice(page, faces, button):
    """Enter a roll on the dice pad while the table cannot answer: every carried die taken back,
    each face tapped, then `button`."""
    chips = page.locator(".dice-entry .chip")
    while chips.count():
        chips.first.click()
    for face in faces:
        page.locator(f".dice-entry .face-key[data-face='{face}']").click()
    page.get_by_role("button", name=button).click()


def test_an_offline_roll_again_moves_the_pad_to_the_next_roll_and_its_line_shows_the_dice(live_server, phone):
    table, act = server_table(live_server, "kyotoan", ["Ann", "Bob"], {"first_player": 0})
    act({"type": "market", "cards": ["flame_thrower", "heal", "tank"]})
    ctx = phone()
    page = open_on(ctx, live_server, table)
    go_offline(ctx, page)
    pad = page.locator("#controls .dicepad")
    expect(pad).to_contain_text("roll 1 of 3")
    tap_dice(page, ["1", "1", "2", "3", "smash", "energy"], "Enter and roll again")
    outbox = page.locator("#outbox")
    expect(outbox).to_contain_text("1 action waiting")
    expect(outbox).to_contain_text(re.compile(r"Enter and roll again \(dice: 1 1 2 3 \S+ \S+\)"))
    # The pad moves on by itself: the next roll, the dice just entered carried to be kept or rerolled.
    expect(pad).to_contain_text("roll 2 of 3")
    expect(pad.locator(".chip")).to_have_count(6)
    tap_dice(page, ["3", "3", "3", "3", "3", "3"], "Final dice: resolve")
    expect(outbox).to_contain_text("2 actions waiting")

    ctx.set_offline(False)
    expect(outbox).to_have_count(0)
    log = api(live_server, f"/api/tables/{table.id}/log")
    # Both rolls, in order, each once; the final one resolved by the same tap.
    assert [e["action"]["type"] for e in log] == ["market", "roll", "roll", "resolve"]
    assert sorted(log[1]["action"]["faces"]) == ["1", "1", "2", "3", "energy", "smash"]
    assert log[2]["action"]["faces"] == ["3"] * 6


def tapped_at_once(live_server, page, table, to: int, value: int):
    """The next tap this page sends reaches the table just after another phone's "Give to"
    (`to`, a card of `value`) that was tapped at the same moment: the other phone's is recorded
    while this one is on its way."""
    service = live_server.app.extensions["companion.tables"]
    done = []

    def other_phone_first(route):
        # Once: the page's request and its service worker's may both pass here.
        if not done:
            done.append(True)
            action = {"type": "give", "card": {"kind": "plain", "value": value}, "to": to}
            service.act(table["id"], table["token"], action)
        route.continue_()

    page.route("**/act", other_phone_first)


def test_two_phones_at_once_the_loser_names_the_winning_move_and_can_send_its_own_again(live_server, phone):
    table = new_table(live_server)
    _, page = open_table(phone, live_server, table)
    _, winner = open_table(phone, live_server, table)
    tapped_at_once(live_server, page, table, to=2, value=1)
    give(page, "Bob", 3, legal=False)
    outbox = page.locator("#outbox")
    expect(outbox).to_contain_text("Give to Bob (3)")
    expect(outbox).to_contain_text("Another phone entered first: Ann gives a 1 to Cy.")
    expect(outbox).to_contain_text("It is still possible")
    # The winning phone shows its move as recorded, and no refusal of its own.
    expect(winner.locator("#history")).to_contain_text("Ann gives a 1 to Cy.")
    expect(winner.locator("#outbox")).to_have_count(0)
    outbox.get_by_role("button", name="Enter it again").click()
    wait_for_version(page, 2)
    expect(outbox).to_have_count(0)
    log = api(live_server, f"/api/tables/{table['id']}/log")
    assert [(e["action"]["to"], e["action"]["card"]["value"]) for e in log] == [(2, 1), (1, 3)]


def test_two_phones_giving_the_same_player_the_loser_is_not_offered_a_tap_the_rules_now_refuse(live_server, phone):
    table = new_table(live_server)
    _, page = open_table(phone, live_server, table)
    tapped_at_once(live_server, page, table, to=1, value=1)
    give(page, "Bob", 3, legal=False)
    outbox = page.locator("#outbox")
    expect(outbox).to_contain_text("Another phone entered first: Ann gives a 1 to Bob.")
    expect(outbox).to_contain_text("no longer possible")
    expect(outbox.get_by_role("button", name="Dismiss")).to_have_count(1)
    expect(outbox.get_by_role("button", name="Enter it again")).to_have_count(0)
    assert [e["action"]["card"]["value"] for e in api(live_server, f"/api/tables/{table['id']}/log")] == [1]
