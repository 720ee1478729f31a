"""Real journeys in Debian Chromium at phone size: two phones, one enters, the other sees it live."""
from __future__ import annotations

from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def create_table(page, base, players=("Ann", "Bob", "Cy")):
    page.goto(base + "/")
    page.locator("label[for=game-gangs]").click()
    for i, name in enumerate(players):
        page.locator("input[name=players]").nth(i).fill(name)
    page.locator("select[name=first_player]").select_option("0")
    page.get_by_role("button", name="Create the table").click()
    expect(page.locator("#status")).to_contain_text(f"{players[0]}'s turn")
    expect(page.locator("#netstate")).to_have_text("Live")
    return page.url.rsplit("/", 1)[-1]


def tile(page, value, kind="plain", bells=0):
    """The picker's tile of one card (its kind, bells and value are one tap)."""
    return page.locator(f"#controls label[for=card-{kind.lower()}-{bells}-{value}]")


def give(page, to_name, value, kind="plain", legal=True, bells=0):
    """Tap a card's tile, then its recipient; a legal give waits until this page shows the new version."""
    version = page.locator("#status").get_attribute("data-version")
    tile(page, value, kind, bells).click()
    page.get_by_role("button", name=f"Give to {to_name}", exact=True).click()
    if legal:
        expect(page.locator("#status")).not_to_have_attribute("data-version", version)


def row_of(page, index):
    return page.locator(f"#board article[data-player='{index}'] .cards")


def test_play_a_round_while_a_watcher_follows_live_then_undo(live_server, phone):
    host = phone().new_page()
    table_id = create_table(host, live_server.url)
    watch_url = host.get_by_role("link", name="Watch link").get_attribute("href")

    watcher = phone().new_page()
    watcher.goto(live_server.url + watch_url)
    expect(watcher.locator("#netstate")).to_have_text("Live")
    watcher.evaluate("window.__sameDocument = true")
    expect(watcher.locator("#controls")).not_to_contain_text("Give to")

    # Ann's turn: one card to each player; the watcher sees each one arrive.
    give(host, "Bob", 4)
    expect(row_of(watcher, 1)).to_contain_text("4")
    expect(watcher.locator("#history")).to_contain_text("Ann gives a 4 to Bob.")
    give(host, "Ann", 3, "Draw")
    expect(host.locator("#controls")).to_contain_text("Ann draws from the deck")
    tile(host, 2).click()
    host.get_by_role("button", name="Ann takes it").click()
    expect(host.locator("#status")).to_have_attribute("data-version", "3")
    expect(row_of(watcher, 0)).to_contain_text("3")
    expect(row_of(watcher, 0)).to_contain_text("2")
    give(host, "Cy", 1)
    expect(watcher.locator("#status")).to_contain_text("Bob's turn")

    # Bob's turn: Bob's row goes to 13, the round ends and the First Player card passes to Bob.
    give(host, "Bob", 4)
    give(host, "Ann", 0)
    give(host, "Cy", 0)
    give(host, "Cy", 2)  # Cy's turn
    give(host, "Ann", 0)
    give(host, "Bob", 4)
    expect(watcher.locator("#status")).to_contain_text("Round 1")
    tile(host, 1, "draw").click()
    host.get_by_role("button", name="Give to Bob").click()  # Bob's turn: 4+4+4+1 = 13
    expect(watcher.locator("#status")).to_contain_text("Round 2")
    expect(watcher.locator("#history")).to_contain_text("Bob stayed out too late")
    expect(watcher.locator("#board article[data-player='1'] .badge.first")).to_be_visible()

    # A wrong tap is undone with one button; the watcher sees the round come back.
    host.get_by_role("button", name="↶ Undo").click()
    expect(watcher.locator("#status")).to_contain_text("Round 1")
    expect(row_of(watcher, 1)).to_contain_text("4")
    # A tap on a recipient before a card gets a sentence and changes nothing.
    host.get_by_role("button", name="Give to Bob", exact=True).click()
    expect(host.locator("#flash")).to_contain_text("Which card was revealed?")
    assert watcher.evaluate("window.__sameDocument") is True  # never reloaded
    assert table_id in watcher.url


def test_a_second_phone_joins_by_code_and_both_see_each_other(live_server, phone):
    host = phone().new_page()
    create_table(host, live_server.url)
    code = host.locator("details .code").first.inner_text().strip()
    guest = phone().new_page()
    guest.goto(live_server.url + "/join")
    guest.get_by_label("Join code").fill(code.lower())
    guest.get_by_role("button", name="Join").click()
    expect(guest.locator("#netstate")).to_have_text("Live")
    expect(host.locator("#invite")).to_have_attribute("open", "")  # the host invites the table
    expect(guest.locator("#invite")).not_to_have_attribute("open", "")  # a phone that joined needs no invite
    give(guest, "Cy", 2)
    expect(row_of(host, 2)).to_contain_text("2")
    # The first action folds the invite away on every phone, live: closed, below the history.
    for p in (host, guest):
        expect(p.locator("#invite")).not_to_have_attribute("open", "")
        assert p.locator("#history ~ #invite").count() == 1
    give(host, "Bob", 1)
    expect(row_of(guest, 1)).to_contain_text("1")
    # Bob takes his seat on the guest phone and sees his own VP pile only.
    guest.get_by_role("button", name="I am Bob").click()
    expect(guest.locator("#seat")).to_contain_text("Bob's seat")


def test_the_table_page_reloads_offline_and_says_so(live_server, phone):
    ctx = phone()
    page = ctx.new_page()
    create_table(page, live_server.url)
    give(page, "Bob", 3)
    expect(row_of(page, 1)).to_contain_text("3")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()  # now controlled by the service worker, which caches the page as it loads
    expect(page.locator("#netstate")).to_have_text("Live")
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    ctx.set_offline(True)
    page.reload()
    expect(page.locator("#netstate")).to_contain_text("Offline")
    expect(row_of(page, 1)).to_contain_text("3")
    ctx.set_offline(False)
    page.reload()
    expect(page.locator("#netstate")).to_have_text("Live")


def test_no_horizontal_scrolling_at_360_px_and_big_tap_targets(live_server, browser):
    ctx = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True)
    page = ctx.new_page()
    create_table(page, live_server.url, ("Alexandrina-Wilhelmina", "Bob", "Cy", "Dee", "Eve"))
    for url in ("/", "/join", page.url):
        page.goto(url if url.startswith("http") else live_server.url + url)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 360, f"{url} scrolls sideways ({width}px)"
    heights = page.locator("#controls button").evaluate_all("els => els.map(e => e.getBoundingClientRect().height)")
    assert heights and min(heights) >= 44
    ctx.close()


@pytest.mark.parametrize("game", ["kyotoan", "bosskito", "neko"])
def test_every_game_page_fits_360_px(live_server, browser, game):
    service = live_server.app.extensions["companion.tables"]
    table = service.create(game, ["Alexandrina-Wilhelmina", "Bob", "Cy", "Dee"], {"first_player": 0}, seed=1)
    ctx = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True)
    page = ctx.new_page()
    for url in (f"/t/{table.id}/play/{table.record['play_token']}", f"/t/{table.id}/watch", "/events/new"):
        page.goto(live_server.url + url)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 360, f"{url} scrolls sideways ({width}px)"
    ctx.close()


def test_the_app_is_installable(live_server, playwright_chromium, tmp_path):
    # A persistent profile: Chromium never offers to install from an incognito context.
    from .conftest import CHROMIUM_FLAGS, PHONE

    chromium, path = playwright_chromium
    ctx = chromium.launch_persistent_context(str(tmp_path / "profile"), executable_path=path, args=CHROMIUM_FLAGS, **PHONE)
    try:
        page = ctx.new_page()
        page.goto(live_server.url + "/")
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        cdp = ctx.new_cdp_session(page)
        errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
        assert errors == [], errors
        manifest = cdp.send("Page.getAppManifest")
        assert manifest["url"].endswith("/manifest.webmanifest") and not manifest["errors"]
        # What Chromium made of the install sheet's and the icon's extras.
        read = manifest["manifest"]
        assert read["launchHandler"] == {"clientMode": "kNavigateExisting"}
        assert read["screenshots"] and {shot["formFactor"] for shot in read["screenshots"]} == {"kNarrow"}
        assert [urlsplit(s["url"]).path for s in read["shortcuts"]] == ["/join", "/events/new"]
    finally:
        ctx.close()


def test_a_card_picked_after_the_push_stays_when_the_tap_s_own_reply_comes_later(live_server, phone):
    # A phone's own tap comes back twice: as the live push (only what changed) and as the reply
    # (whole regions). When the push lands first and a card is picked meanwhile, the late reply
    # must not redraw the controls and drop it (seen in CI: "Give to Cy" then sent no card).
    host = phone().new_page()
    create_table(host, live_server.url)
    host.evaluate("""() => { window.__pushes = 0;
      document.addEventListener("htmx:wsAfterMessage", () => window.__pushes++); }""")
    give(host, "Cy", 1)
    host.wait_for_function("window.__pushes >= 1")  # pushed whole; from now on, only what changed
    held = []

    def reply_later(route):
        if held:
            route.continue_()
        else:  # the move is recorded and pushed; its reply waits
            held.append((route, route.fetch()))

    host.route("**/act", reply_later)
    tile(host, 4).click()
    host.get_by_role("button", name="Give to Bob", exact=True).click()
    expect(host.locator("#status")).to_have_attribute("data-version", "2")  # from the push
    expect(row_of(host, 1)).to_contain_text("4")
    # The card given is no longer picked; one picked now stays through the reply.
    assert not host.locator("#controls input[id=card-plain-0-4]").is_checked()
    tile(host, 3).click()
    route, response = held[0]
    route.fulfill(response=response)
    host.wait_for_timeout(300)  # the reply's swaps are done
    assert host.locator("#controls input[id=card-plain-0-3]").is_checked()
    host.get_by_role("button", name="Give to Ann", exact=True).click()
    expect(host.locator("#status")).to_have_attribute("data-version", "3")
    expect(row_of(host, 0)).to_contain_text("3")
