"""Boss Kito at the table, counted in taps: a round's reveal on the 1–9 pad, the
controls a seated phone owes on its first screen, and a refused reveal explained beside it."""
from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from .helpers import open_on, wait_for_version
from .taps import assert_on_first_screen, assert_refusal_beside, count_taps, taps

pytestmark = pytest.mark.browser
SCREENS = [{"width": 390, "height": 844}, {"width": 360, "height": 740}]
# BOSSKITO_SCREENSHOTS=1 saves the seated phone mid-turn to docs/screenshots/ (the picture in the docs).
SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


def new_table(live_server, names=("Aya", "Ben"), first=1):
    """A Boss Kito table made on the server, and a way to play moves on it as the table does."""
    service = live_server.app.extensions["companion.tables"]
    table = service.create("bosskito", list(names), {"first_player": first}, seed=3)

    def act(*actions):
        for action in actions:
            service.act(table.id, table.record["host_token"], action)
        return service.get(table.id).version

    return table, act


def tap_row(page, numbers):
    pad = page.locator("form.reveal [data-pad]")
    for n in numbers:
        pad.locator(f"[data-number='{n}']").click()


def slot_numbers(page):
    return [s.strip() or "–" for s in page.locator("form.reveal [data-number-text]").all_inner_texts()]


def test_tap_budget_a_rounds_reveal(live_server, phone):
    table, act = new_table(live_server)
    aya, ben = open_on(phone(), live_server, table, 0), open_on(phone(), live_server, table, 1)
    # Nobody's turn while the benefits are turned up: the status strip names no one.
    for page in (aya, ben):
        expect(page.locator("#status .turn")).not_to_contain_text("turn")
        expect(page.locator("#status")).to_contain_text("Round 1 of 9 · turning up the benefits")

    # At the game's start the table says once which symbol each number's cards carry.
    panel = aya.locator("details.symbols")
    expect(panel).to_have_attribute("open", "")
    count_taps(aya)
    for number, word in ((9, "card: draw a banana card"), (3, "double arrow: pass the starting player card")):
        before = aya.locator("#status").get_attribute("data-version")
        panel.get_by_role("button", name=f"{number}: {word}").click()
        expect(aya.locator("#status")).not_to_have_attribute("data-version", before)
    assert taps(aya) == 2
    expect(aya.locator("#history")).to_contain_text("Benefit 3 cards carry the double arrow")
    expect(aya.locator("[data-number='9']")).to_contain_text("+card")  # the pad shows it with its number

    # Round 1's reveal: five numbers on the pad, then Reveal.
    count_taps(aya)
    pad = aya.locator("form.reveal [data-pad]")
    tap_row(aya, [9, 8, 3, 9])
    expect(pad.locator("[data-number='9']")).to_contain_text("7 left")  # two of the nine are in the row
    expect(pad.locator("[data-number='1']")).to_be_enabled()
    tap_row(aya, [1])
    expect(pad.locator("[data-number='2']")).to_be_disabled()  # the row is full
    assert slot_numbers(aya) == ["9", "8", "3", "9", "1"]
    aya.get_by_role("button", name="Reveal").click()
    wait_for_version(ben, 3)
    assert taps(aya) <= 6, f"{taps(aya)} taps"
    for page in (aya, ben):
        expect(page.locator(".column.red .benefit")).to_contain_text("9+card")
        expect(page.locator(".column.green .benefit")).to_contain_text("3⇄")
        expect(page.locator(".column.purple .benefit")).to_have_text("1")
        expect(page.locator("#status .turn")).to_contain_text("Ben's turn")

    # Round 2, on Ben's phone: the pad counts what the first row took; the 1 is gone.
    version = act(*[{"type": "draw"}] * 8)
    wait_for_version(ben, version)
    ben_pad = ben.locator("form.reveal [data-pad]")
    expect(ben_pad.locator("[data-number='1']")).to_be_disabled()
    expect(ben_pad.locator("[data-number='1']")).to_contain_text("0 left")
    expect(ben_pad.locator("[data-number='9']")).to_contain_text("7 left")
    count_taps(ben)
    tap_row(ben, [7, 6, 5, 4, 2])
    ben.get_by_role("button", name="Reveal").click()
    wait_for_version(aya, version + 1)
    assert taps(ben) <= 6, f"{taps(ben)} taps"
    expect(aya.locator("#history")).to_contain_text("Round 2 benefits: red 7, yellow 6, green 5, blue 4, purple 2.")


def test_refusal_bosskito(live_server, phone):
    # Every tap on the pad is one the rules allow (a number runs out, the row fills), so the refusal
    # is a Reveal tapped with a column left empty: what a hurried player does.
    table, _ = new_table(live_server)
    page = open_on(phone(), live_server, table, 1)
    form = page.locator("form.reveal")
    tap_row(page, [9, 8, 7, 6])
    page.get_by_role("button", name="Reveal").click()
    assert_refusal_beside(page, form, "Enter all 5 benefits, left to right: 4 of 5 entered.")
    # Everything entered is still there, and the next tap goes on where it stopped.
    assert slot_numbers(page) == ["9", "8", "7", "6", "–"]
    assert [form.get_by_label(f"{c} benefit").input_value() for c in ("red", "yellow", "green", "blue")] == ["9", "8", "7", "6"]
    expect(page.locator("#status")).to_have_attribute("data-version", "0")
    # The sentence counted what was entered: the next number makes it untrue, so it goes.
    tap_row(page, [5])
    expect(form.locator(".refusal")).to_have_count(0)
    expect(page.locator("#flash")).to_have_text("")
    page.get_by_role("button", name="Reveal").click()
    wait_for_version(page, 1)
    expect(page.locator("#history")).to_contain_text("Round 1 benefits: red 9, yellow 8, green 7, blue 6, purple 5.")
    expect(form.locator(".refusal")).to_have_count(0)


@pytest.mark.parametrize("screen", SCREENS, ids=lambda s: f"{s['width']}x{s['height']}")
def test_first_screen_bosskito(live_server, browser, screen):
    table, act = new_table(live_server, ("Alexandrina-Wilhelmina", "Ben", "Cho", "Dee"), first=1)
    context = browser.new_context(viewport=screen, device_scale_factor=1, is_mobile=True, has_touch=True)
    try:
        page = open_on(context, live_server, table, 1)

        def owed(locator, version):
            wait_for_version(page, version)
            page.evaluate("window.scrollTo(0, 0)")
            assert_on_first_screen(page, locator)

        def turn_owed(version):
            # A turn is one card of three forms (its player named once): all three on the first screen.
            owed(page.locator("#bk-turn"), version)
            for part in ("#bk-place", "#bk-turn-more"):
                assert_on_first_screen(page, page.locator(part))

        # The reveal, owed by the table: the whole pad and its Reveal button.
        owed(page.locator("form.reveal"), 0)
        # Ben's first turn: every action of the turn, each button read with his name (said once, in the heading).
        version = act({"type": "reveal", "row": [9, 8, 7, 6, 5], "symbols": ["pass", None, None, None, None]})
        turn_owed(version)
        expect(page.locator("#bk-turn").get_by_role("button", name="Ben plays red")).to_be_enabled()
        expect(page.locator("#bk-turn-more").get_by_role("button", name="Ben exchanges 1 card", exact=True)).to_be_enabled()
        # Mid-round: Ben's 3rd turn, with red and blue cards on the table and tokens to put on them.
        draw = {"type": "draw"}
        version = act({"type": "play", "colour": "red"}, draw, draw, draw, {"type": "play", "colour": "blue"}, draw, draw, draw)
        turn_owed(version)
        expect(page.locator("form.turn-card.place").get_by_role("button", name="Ben places tokens")).to_be_visible()
        if os.environ.get("BOSSKITO_SCREENSHOTS"):
            SHOTS.mkdir(exist_ok=True)
            page.screenshot(path=str(SHOTS / f"bosskito-seated-{screen['width']}.png"))
        # Ben wins red's 9 and its double arrow: his decision, on his first screen.
        version = act({"type": "take"}, *[draw] * 7)
        owed(page.locator("form.pass-start"), version)
        expect(page.locator("form.pass-start").get_by_role("button", name="Ben keeps it")).to_be_enabled()
        expect(page.locator("#status .turn")).not_to_contain_text("turn")
    finally:
        context.close()


def test_the_reveal_works_without_script(live_server, browser):
    # The pad needs the script; the five lists under it are the form, each starting empty.
    table, _ = new_table(live_server)
    context = browser.new_context(viewport=SCREENS[0], java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(f"{live_server.url}/t/{table.id}/play/{table.record['play_token']}")
        form = page.locator("form.reveal")
        expect(form.locator("[data-number='9']")).to_be_hidden()
        for colour, number in zip(("red", "yellow", "green", "blue", "purple"), ("9", "8", "7", "6", "5")):
            list_ = form.get_by_label(f"{colour} benefit")
            assert list_.input_value() == ""
            list_.select_option(number)
        form.get_by_role("button", name="Reveal").click()
        expect(page.locator("#history")).to_contain_text("Round 1 benefits: red 9, yellow 8, green 7, blue 6, purple 5.")
    finally:
        context.close()


def test_a_turn_tapped_offline_waits_under_the_players_name(live_server, phone):
    # The player is named once, in the turn's heading: the outbox still says whose turn's move waits.
    table, act = new_table(live_server)
    version = act({"type": "reveal", "row": [9, 8, 7, 6, 5]})
    context = phone()
    page = open_on(context, live_server, table, 1)
    wait_for_version(page, version)
    expect(page.locator("#netstate")).to_have_text("Live")
    context.set_offline(True)
    expect(page.locator("#netstate")).to_contain_text("Offline")
    page.get_by_role("button", name="Ben plays red").click()
    expect(page.locator("#outbox")).to_contain_text("1 action waiting")
    expect(page.locator("#outbox")).to_contain_text("red (Ben's turn)")
    context.set_offline(False)
    wait_for_version(page, version + 1)
    expect(page.locator("#history")).to_contain_text("Ben plays a red banana card")
