"""Kyoto no Neko at 360 px, every word at 12 px or more (a newcomer's play-through measured the
check pad's labels at 11.7 px): the seated phone's whole page, its folded parts opened, at several
points of a game played through the engine's offers, and the watcher's page at the end."""
from __future__ import annotations

import random

import pytest
from playwright.sync_api import expect

from ..offers_checks import draw_action
from .conftest import PHONE
from .helpers import open_on, server_table

pytestmark = pytest.mark.browser
SMALL = {**PHONE, "viewport": {"width": 360, "height": 740}}
MIN_PX = 12
# Every element that lays out words of its own (a text node that is not blank) and is drawn on the
# screen: its size as the phone computes it (a chart's words as its drawing is scaled to the
# screen). A hidden-for-sight label (.vh, 1 px) is read, not seen.
SIZES = """
() => [...document.querySelectorAll('body *')].filter((e) => {
  if (!e.getClientRects().length || e.closest('.vh, [hidden], script, style, template')) return false;
  const box = e.getBoundingClientRect();
  if (box.width <= 1 || box.height <= 1) return false;
  return [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
}).map((e) => ({px: parseFloat(getComputedStyle(e).fontSize) * (e.ownerSVGElement ? e.getScreenCTM().a : 1),
  what: e.tagName.toLowerCase() + (e.className && typeof e.className === 'string' ? '.' + e.className.trim().replace(/\\s+/g, '.') : '')
        + ' ' + [...e.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent.trim()).join(' ').slice(0, 30)}))
"""


def wait_for_version(page, version):
    """As helpers.wait_for_version, with the time a push of many moves takes on a busy machine."""
    expect(page.locator("#status")).to_have_attribute("data-version", str(version), timeout=30_000)


def small_words(page) -> list[str]:
    """The words on the page drawn under MIN_PX, once every folded part is open."""
    page.evaluate("document.querySelectorAll('details').forEach((d) => { d.open = true; })")
    return sorted({f"{s['what']} ({s['px']:.1f} px)" for s in page.evaluate(SIZES) if s["px"] < MIN_PX - 0.01})


def test_every_word_of_neko_s_pages_is_12_px_or_more(live_server, browser):
    table, act = server_table(live_server, "neko", ["Ann", "Bob", "Cho"], {"first_player": 0}, seed=4)
    rnd, state, moves = random.Random(4), table.state, []
    while not state["over"]:  # a whole game through the offers, entered on the server step by step
        moves.append(draw_action(table.game, state, rnd))
        state = table.game.apply(state, moves[-1])[0]
    context = browser.new_context(**SMALL)
    page = open_on(context, live_server, table, 0)
    found: dict[str, int] = {}
    done, stops = 0, sorted({0, 3, 8, len(moves) // 3, len(moves) // 2, len(moves) - 1})
    for stop in stops:
        if stop > done:
            wait_for_version(page, act(*moves[done:stop]))
            done = stop
        # The check pad as a player fills it in: a target tapped (its labels and skills drawn).
        target = page.locator("#controls form.checkpad .targets-pad label").first
        if target.count() and target.is_visible():
            target.click()
        for word in small_words(page):
            found.setdefault(word, done)
    wait_for_version(page, act(*moves[done:]))
    watcher = context.new_page()
    watcher.goto(f"{live_server.url}/t/{table.id}/watch")
    for word in small_words(page) + small_words(watcher):
        found.setdefault(word, len(moves))
    context.close()
    assert not found, "words under 12 px (after move n): " + "; ".join(f"{w} @{n}" for w, n in sorted(found.items()))
