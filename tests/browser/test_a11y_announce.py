"""What a screen reader hears at a table: every phone's polite live region (#news) says
each move as the history words it (scores and round ends included), what an undo took back, and
whose turn it is now; a seated phone's own turn is left to its cue; the page as loaded, and the
same table brought again (a poll, a reconnect), say nothing. Errors stay in the assertive #flash."""
from __future__ import annotations

import random
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from tests.offer_fills import fill_gangs as fill

pytestmark = pytest.mark.browser

# Notes when the next regions are all swapped (the page says its news right after).
NEXT_SWAP = """window.swapped = false;
  document.addEventListener('htmx:oobAfterSwap', () => setTimeout(() => { window.swapped = true; }, 50), {once: true});"""


@pytest.fixture
def table(live_server):
    """A Gangs of Kyoto table for Ann, Bob and Cy, and a way to enter its next offered move."""
    client = live_server.app.test_client()
    made = client.post("/api/tables", json={"game": "gangs", "players": ["Ann", "Bob", "Cy"], "options": {"first_player": 0}}).json
    auth = {"Authorization": f"Bearer {made['token']}"}
    rnd = random.Random(4)

    def move(kind: str = "act") -> list[str]:
        """Enter a move (or an undo); returns the newest history entry's words afterwards."""
        if kind == "undo":
            assert client.post(f"/api/tables/{made['id']}/undo", headers=auth).status_code == 200
        else:
            now = client.get(f"/api/tables/{made['id']}", headers=auth).json
            offer = rnd.choice(now["offers"])
            assert client.post(f"/api/tables/{made['id']}/actions", json=fill(offer, now["state"], rnd), headers=auth).status_code == 200
        log = client.get(f"/api/tables/{made['id']}/log").json
        return log[-1]["log"] if log else []

    return made, move


def live(phone, url):
    page = phone().new_page()
    page.goto(url)
    expect(page.locator("#netstate")).to_have_text("Live")
    return page


def test_every_phone_hears_each_move_an_undo_and_the_next_turn_once(live_server, phone, table):
    made, move = table
    watcher = live(phone, f"{live_server.url}/t/{made['id']}/watch")
    news = watcher.locator("#news")
    assert news.get_attribute("aria-live") == "polite" and news.get_attribute("role") == "status"
    expect(news).to_have_text("")  # the page as loaded is not read out

    turn = watcher.locator("#status .turn").inner_text()
    first = move()
    expect(news).to_contain_text(" ".join(first))
    now = watcher.locator("#status .turn").inner_text()
    expect(news).to_have_text(" ".join(first) + (f" {now}." if now != turn else ""))
    second = move()
    expect(news).to_contain_text(" ".join(second))

    news.evaluate("e => { e.textContent = ''; }")
    watcher.evaluate(NEXT_SWAP)
    # The regions again, as a reconnecting phone gets them (asked "since version 0": the same table).
    watcher.evaluate("htmx.ajax('GET', document.getElementById('status').dataset.poll.replace(/since=\\d+/, 'since=0'), {swap: 'none'})")
    watcher.wait_for_function("() => window.swapped")
    expect(news).to_have_text("")

    move("undo")
    expect(news).to_contain_text("The host's phone undid: " + second[0])  # whose phone, and the tap by its name
    expect(watcher.locator("#flash")).to_have_attribute("aria-live", "assertive")


def test_a_seated_phone_hears_its_own_turn_from_its_cue_and_the_others_from_the_news(live_server, phone, table):
    made, move = table
    bob = live(phone, live_server.url + urlsplit(made["urls"]["play"]).path)
    bob.get_by_role("button", name="I am Bob").click()
    expect(bob.locator("header .you")).to_have_text("You are Bob")
    for _ in range(40):  # until the turn passes to Bob and on from him
        before = bob.locator("#status").get_attribute("data-version")
        words = move()
        expect(bob.locator("#status")).not_to_have_attribute("data-version", before)
        if bob.locator("#status").get_attribute("data-current") == "1":
            expect(bob.locator("#cue")).to_have_text("Your turn, Bob.")
            expect(bob.locator("#news")).to_have_text(" ".join(words))  # not "Bob's turn." twice
            break
    else:
        pytest.fail("the turn never came to Bob")


def test_symbols_are_heard_by_name(live_server, phone):
    client = live_server.app.test_client()
    made = client.post("/api/tables", json={"game": "kyotoan", "players": ["Ann", "Bob"], "options": {"first_player": 0}}).json
    auth = {"Authorization": f"Bearer {made['token']}"}
    watcher = live(phone, f"{live_server.url}/t/{made['id']}/watch")
    for action in ({"type": "market", "cards": ["acid_attack", "alien_origin", "alpha_monster"]},
                   {"type": "roll", "faces": ["1", "1", "2", "heart", "energy", "smash"]}):
        assert client.post(f"/api/tables/{made['id']}/actions", json=action, headers=auth).status_code == 200
    expect(watcher.locator("#history")).to_contain_text("1 1 2 ♥ ϟ ✸")  # drawn as symbols
    expect(watcher.locator("#news")).to_contain_text("1 1 2 heart energy smash")  # said as words
