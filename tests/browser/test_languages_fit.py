"""A table's page in German (the longest words), Japanese (no spaces to break at) and French fits a
360 px phone: nothing is wider than the screen, for each game in progress, on a seated phone, nor
on home, join and a new group; and the page speaks the language (its <html lang> and its words).
Screenshots of the tables go to $SHOTS_DIR when it is set (docs/languages.md shows one)."""
from __future__ import annotations

import os
import random
from pathlib import Path

import pytest
from playwright.sync_api import expect

from ..offers_checks import draw_action
from .conftest import PHONE
from .helpers import server_table

pytestmark = pytest.mark.browser

SMALL = {**PHONE, "viewport": {"width": 360, "height": 740}}
GAMES = {"gangs": ["Annemarie", "Bartholomäus", "Cy"], "kyotoan": ["Annemarie", "Bartholomäus", "Cy", "Dee"],
         "neko": ["Annemarie", "Bartholomäus", "Cy"], "bosskito": ["Annemarie", "Bartholomäus", "Cy", "Dee"]}
SAYS = {"de": "Verlauf", "ja": "履歴", "fr": "Historique"}  # the history's heading
MOVES = 14


def in_progress(live_server, game):
    """A table of `game` a few moves in (each an offer of the engine, filled at random)."""
    table, _ = server_table(live_server, game, GAMES[game], {"first_player": 0})
    service, rnd = live_server.app.extensions["companion.tables"], random.Random(7)
    for _ in range(MOVES):
        now = service.get(table.id)
        if now.state.get("over"):
            break
        service.act(table.id, table.record["host_token"], draw_action(now.game, now.state, rnd))
    assert not service.get(table.id).state.get("over")
    return table


def widest(page) -> list[str]:
    """The elements wider than the screen (none, on a page that fits)."""
    return page.evaluate("""() => [...document.querySelectorAll('body *')].filter(e => {
        const r = e.getBoundingClientRect();
        return r.width > 0 && (r.right > innerWidth + 0.5 || r.left < -0.5) && !e.closest('.figures, .chart-table, [hidden], .vh, details:not([open]) > :not(summary)');
      }).map(e => e.tagName + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right))""")


@pytest.mark.parametrize("lang", ["de", "ja", "fr"])
@pytest.mark.parametrize("game", list(GAMES))
def test_a_table_in_progress_fits_360_px_in_german_and_japanese(live_server, browser, game, lang):
    table = in_progress(live_server, game)
    ctx = browser.new_context(**SMALL)
    page = ctx.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))  # a script's sentence gone wrong shows here
    page.goto(f"{live_server.url}/t/{table.id}/play/{table.record['play_token']}?lang={lang}")
    page.locator('#seat button[name="seat"][value="0"]').first.click()
    expect(page.locator("header .you")).to_contain_text("Annemarie")
    expect(page.locator("#netstate")).to_have_attribute("data-state", "live")
    assert page.evaluate("document.documentElement.lang") == lang
    expect(page.locator("#history h2")).to_have_text(SAYS[lang])
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert widest(page) == []
    assert errors == []
    if os.environ.get("SHOTS_DIR"):
        page.screenshot(path=str(Path(os.environ["SHOTS_DIR"]) / f"table-{game}-{lang}-360.png"))
    ctx.close()


@pytest.mark.parametrize("lang", ["de", "ja", "fr"])
def test_the_other_pages_fit_360_px(live_server, browser, lang):
    """Home (the longest form), join and a new group, each in the language, nothing wider than the screen."""
    ctx = browser.new_context(**SMALL)
    page = ctx.new_page()
    for path in ("/", "/join", "/groups/new"):
        page.goto(f"{live_server.url}{path}?lang={lang}")
        assert page.evaluate("document.documentElement.lang") == lang
        assert page.evaluate("document.documentElement.scrollWidth") <= 360, path
        assert widest(page) == [], path
    ctx.close()


def test_the_scripts_speak_the_page_s_language(live_server, browser):
    """The seated phone whose turn it is is cued in German (cue.js), and the live banner says so (app.js)."""
    table, _ = server_table(live_server, "gangs", GAMES["gangs"], {"first_player": 0})
    ctx = browser.new_context(**SMALL)
    page = ctx.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{live_server.url}/t/{table.id}/play/{table.record['play_token']}?lang=de")
    page.locator('#seat button[name="seat"][value="0"]').first.click()
    expect(page.locator("#netstate")).to_have_text("Live")
    expect(page.locator("#cue")).to_have_text("Du bist dran, Annemarie.")
    page.context.set_offline(True)
    page.evaluate("window.dispatchEvent(new Event('offline'))")
    expect(page.locator("#netstate")).to_contain_text("Offline: So sah dieses Handy den Tisch zuletzt.")
    assert errors == []
    ctx.close()
