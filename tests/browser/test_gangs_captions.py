"""Gangs of Kyoto's words on its tiles and cards, read at arm's length on a 360 px phone: every caption at 12 px at least (they were 9.9 px), each whole inside its tile or card; the
picker still fits the first screen (test_gangs_taps.py::test_first_screen_gangs)."""
from __future__ import annotations

import pytest

from .conftest import PHONE
from .helpers import open_on, wait_for_version
from .test_gangs_taps import card, new_table

pytestmark = pytest.mark.browser

CAPTIONS = """[...document.querySelectorAll('.gtile small, .gcard small')].map(e => {
  const box = e.getBoundingClientRect(), card = e.parentNode.getBoundingClientRect();
  return {word: e.textContent, px: parseFloat(getComputedStyle(e).fontSize),
          inside: box.left >= card.left && box.right <= card.right && e.scrollWidth <= e.parentNode.clientWidth};
})"""


def test_every_tile_and_card_caption_is_at_least_12px_and_whole_at_360px(live_server, browser):
    table, act = new_table(live_server)
    context = browser.new_context(**{**PHONE, "viewport": {"width": 360, "height": 740}})
    bob = open_on(context, live_server, table, 1)
    wait_for_version(bob, act({"type": "give", "to": 1, "card": card(4, "refuse")}, {"type": "give", "to": 0, "card": card(2, "stay_late")}))
    captions = bob.evaluate(CAPTIONS)
    words = {c["word"] for c in captions}
    assert {"Discard", "Refuse", "Stay Late", "Bell card", "Draw"} <= words, words
    assert [c for c in captions if c["px"] < 12] == [], "a caption under 12 px"
    assert [c["word"] for c in captions if not c["inside"]] == [], "a caption wider than its tile"
    context.close()
