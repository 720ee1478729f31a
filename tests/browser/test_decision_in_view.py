"""A decision owed to a phone finds it wherever its page is scrolled: Ben reads
the history at the bottom of his page when Cat smashes him in Kyoto. His yield choices come into his
screen by themselves (pinned to its bottom, his page not moved), his page's title says it, and his
phone buzzes once; Cat's phone, which owes nothing, is not moved at all."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import PHONE
from .helpers import open_on, server_table, submit, wait_for_version

pytestmark = pytest.mark.browser
SMALL = {**PHONE, "viewport": {"width": 360, "height": 740}}
MARKET = ["acid_attack", "alien_origin", "alpha_monster"]
NOTHING = ["1", "1", "2", "2", "3", "energy"]
# Each call of navigator.vibrate, kept where the test can read it (the phone's own is replaced),
# and each time the page's script scrolls it (what a push then does to the page besides is the
# browser's: the regions above grow and shrink).
SPIES = """window.__buzz = []; navigator.vibrate = function (pattern) { window.__buzz.push(pattern); return true; };
  window.__scrolled = [];
  [[window, "scrollTo"], [window, "scrollBy"], [window, "scroll"], [Element.prototype, "scrollIntoView"],
   [Element.prototype, "scrollTo"], [Element.prototype, "scrollBy"]].forEach(function (spied) {
    var own = spied[0][spied[1]];
    spied[0][spied[1]] = function () { window.__scrolled.push(spied[1]); return own.apply(this, arguments); };
  });"""


def phone_at_360(browser):
    context = browser.new_context(**SMALL)
    context.add_init_script(SPIES)
    return context


def at_the_bottom(page):
    """Scroll to the end of the page, under the history, as the reader does (then no script has
    scrolled the page since)."""
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    page.wait_for_function("() => window.scrollY > 0")
    page.evaluate("window.__scrolled = []")


def moved(page):
    """How often the page's own script scrolled it since the reader last did."""
    return page.evaluate("window.__scrolled")


def off_screen(page, locator):
    box = locator.bounding_box()
    return box["y"] + box["height"] <= 0 or box["y"] >= page.viewport_size["height"]


def settled(locator):
    """Once the pin's slide (if any) is over."""
    locator.evaluate("f => Promise.all(f.getAnimations().map(a => a.finished))")


def in_viewport(page, locator):
    box = locator.bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= page.viewport_size["height"]


@pytest.fixture
def smashed_in_kyoto(live_server, browser):
    """Ben in Kyoto City on his phone, Cat on hers, both scrolled to their history; then Cat's
    smash, entered at the table, asks Ben whether he yields."""
    table, act = server_table(live_server, "kyotoan", ["Ann", "Ben", "Cat"], {"first_player": 1})
    act({"type": "market", "cards": MARKET}, {"type": "roll", "faces": NOTHING}, {"type": "resolve"}, {"type": "end_turn"})
    contexts = [phone_at_360(browser), phone_at_360(browser)]
    ben, cat = open_on(contexts[0], live_server, table, 1), open_on(contexts[1], live_server, table, 2)
    title = ben.title()
    at_the_bottom(ben)
    at_the_bottom(cat)
    prompt = ben.locator("#controls form.yield-prompt")
    version = act({"type": "roll", "faces": ["smash"] + NOTHING[1:]}, {"type": "resolve"})
    wait_for_version(ben, version)
    wait_for_version(cat, version)
    yield table, ben, cat, prompt, title
    for context in contexts:
        context.close()


def test_the_yield_comes_into_view_on_the_scrolled_phone_it_is_owed_to_and_nowhere_else(smashed_in_kyoto):
    table, ben, cat, prompt, title = smashed_in_kyoto
    yield_button = prompt.get_by_role("button", name="Yield", exact=True)
    stay = prompt.get_by_role("button", name="Stay in Kyoto", exact=True)
    expect(prompt).to_have_class("card yield-prompt pinned")
    settled(prompt)
    assert in_viewport(ben, yield_button) and in_viewport(ben, stay), "the choices are on Ben's screen"
    spot = ben.locator(".decision-spot")
    assert spot.count() == 1 and off_screen(ben, spot), "their place in the page is kept, where it was, off the screen"
    assert moved(ben) == [], "Ben's page was not moved to reach them"
    expect(ben).to_have_title(f"Your decision: {prompt.locator('h2').inner_text()} · {title}")
    expect(ben.locator("#cue")).to_contain_text("Ben: a decision waits for you")
    assert ben.evaluate("window.__buzz") == [150], "one buzz for one new decision"

    # Cat owes nothing: her page is where she left it, nothing pinned, her title her table's.
    assert moved(cat) == []
    expect(cat.locator(".pinned")).to_have_count(0)
    expect(cat).to_have_title(title)
    assert cat.evaluate("window.__buzz") == []

    # One tap on the pinned choice answers it; the pin, the title and the cue go with it.
    submit(ben, yield_button)
    expect(ben.locator(".pinned")).to_have_count(0)
    expect(ben.locator(".decision-spot")).to_have_count(0)
    expect(ben).to_have_title(title)
    expect(cat.locator("#history")).to_contain_text("yields Kyoto")
    assert ben.evaluate("window.__buzz") == [150]


def test_scrolled_back_to_its_place_the_decision_sits_there_again(smashed_in_kyoto):
    table, ben, cat, prompt, title = smashed_in_kyoto
    expect(prompt).to_have_class("card yield-prompt pinned")
    ben.evaluate("window.scrollTo(0, 0)")
    expect(prompt).not_to_have_class("card yield-prompt pinned")
    expect(ben.locator(".decision-spot")).to_have_count(0)
    assert in_viewport(ben, prompt)
    at_the_bottom(ben)  # away again: pinned again, and no second buzz for the same decision
    expect(prompt).to_have_class("card yield-prompt pinned")
    assert ben.evaluate("window.__buzz") == [150]


def test_a_phone_that_asks_for_less_motion_gets_the_pin_without_its_slide(smashed_in_kyoto):
    table, ben, cat, prompt, title = smashed_in_kyoto
    expect(prompt).to_have_class("card yield-prompt pinned")
    assert prompt.evaluate("f => getComputedStyle(f).animationName") == "pin-in"
    ben.emulate_media(reduced_motion="reduce")
    assert prompt.evaluate("f => getComputedStyle(f).animationName") == "none"


def test_boss_kitos_pass_of_the_starting_card_comes_into_view_on_its_owners_scrolled_phone(live_server, browser):
    # Found by a newcomer's play-through: "Dee may pass the starting player card" stayed 1,957 px
    # above Dee's screen, her title unchanged. A double arrow's owner decides it, on her own phone.
    table, act = server_table(live_server, "bosskito", ["Aya", "Ben", "Cho", "Dee"], {"first_player": 3})
    act({"type": "reveal", "row": [9, 8, 7, 6, 5], "symbols": ["pass"] + [None] * 4})
    context = phone_at_360(browser)
    dee = open_on(context, live_server, table, 3)
    title = dee.title()
    plays = [{"type": "play", "colour": c} for _ in range(4) for c in ("red", "blue", "green", "yellow")]
    # Dee plays red each turn (red's 9 and its double arrow are hers); her turns buzz her phone too,
    # so the buzzes are counted from the last turn of the round, Cho's.
    wait_for_version(dee, act(*plays[:-1]))
    at_the_bottom(dee)
    dee.evaluate("window.__buzz = []")
    wait_for_version(dee, act(plays[-1]))
    prompt = dee.locator("#controls form.pass-start")
    expect(prompt).to_have_class("card pass-start pinned")
    settled(prompt)
    assert in_viewport(dee, prompt.get_by_role("button", name="gives it to Ben")), "the choices are on Dee's screen"
    assert moved(dee) == []
    expect(dee).to_have_title(f"Your decision: Dee may pass the starting player card · {title}")
    assert dee.evaluate("window.__buzz") == [150]
    context.close()
