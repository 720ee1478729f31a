"""A tournament night and its league in German (the longest words) and Japanese (no spaces to break
at) fit a 360 px phone and speak the language: the organiser makes the league and its night on
their pages in the language, registers the players and seats round 1; a phone checks in by the
check-in link, and its check-in page, its night (table, seat, clock), the players' page, the desk
and the league's page are each drawn in the language with nothing wider than the screen.
Screenshots go to $SHOTS_DIR when it is set (docs/languages.md shows three of them)."""
from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from .test_languages_fit import SMALL, widest

pytestmark = pytest.mark.browser

NAMES = ["Bartholomäus", "Cy", "Dee", "Eberhard", "Franziska", "Gottfried", "Hildegard"]
# A word each page says in the language (none of them is English).
SAYS = {
    "de": {"checkin": "Einchecken", "me": "Auf meinen Platz", "public": "Meinen Tisch finden",
           "desk": "Turnierleitung übergeben", "league": "Abende"},
    "ja": {"checkin": "チェックイン", "me": "自分の席に着く", "public": "自分のテーブルを探す",
           "desk": "本部を引き継ぐ", "league": "大会"},
}


def fits(page, lang: str, where: str) -> None:
    """The page speaks `lang` and nothing on it is wider than the 360 px screen."""
    assert page.evaluate("document.documentElement.lang") == lang, where
    assert page.evaluate("document.documentElement.scrollWidth") <= 360, where
    assert widest(page) == [], where


def shot(page, name: str) -> None:
    if os.environ.get("SHOTS_DIR"):
        Path(os.environ["SHOTS_DIR"]).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(os.environ["SHOTS_DIR"]) / name))


@pytest.mark.parametrize("lang", ["de", "ja"])
def test_a_night_and_its_league_fit_360_px_in_the_language(live_server, browser, lang):
    base, says = live_server.url, SAYS[lang]
    desk_ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    desk_ctx.set_default_timeout(10_000)
    desk = desk_ctx.new_page()
    errors = []
    desk.on("pageerror", lambda e: errors.append(str(e)))
    desk.goto(f"{base}/leagues/new?lang={lang}")
    desk.locator("form.card input[name=name]").fill("Donnerstagsclub")
    desk.locator("form.card button").click()
    league = desk.url
    desk.locator("#new-night input[name=name]").fill("Woche 1")
    desk.locator("#new-night input[name=games][value=gangs]").check()
    desk.locator("#new-night input[name=games][value=kyotoan]").check()
    desk.locator("#new-night input[name=rounds]").fill("2")
    desk.locator("#new-night button").click()
    desk.wait_for_url(re.compile(r"/e/[^/]+/admin"))
    eid = desk.url.split("/e/")[1].split("/")[0]
    expect(desk.locator("#netstate")).to_have_attribute("data-state", "live")
    desk.locator("#register-names").fill("\n".join(NAMES))
    desk.locator("#event-players form button").first.click()
    expect(desk.locator("#event-players .roster li")).to_have_count(len(NAMES))

    ctx = browser.new_context(**SMALL)
    ctx.set_default_timeout(10_000)
    phone = ctx.new_page()
    phone.on("pageerror", lambda e: errors.append(str(e)))
    phone.goto(desk.locator(".checkin-share a").get_attribute("href") + f"&lang={lang}")
    expect(phone.locator("h1")).to_have_text(says["checkin"])
    fits(phone, lang, "check-in")
    phone.locator("input[name=name]").fill("Annemarie")
    phone.locator("form.checkin-form button").click()
    phone.wait_for_url(re.compile(r"/me$"))
    desk.locator(".start-form button").click()
    expect(phone.locator(".my-table .table-no")).to_be_visible()
    expect(phone.locator("a.sit")).to_have_text(says["me"])
    fits(phone, lang, "my night")
    shot(phone, f"nights-me-{lang}-360.png")

    phone.goto(f"{base}/e/{eid}")
    expect(phone.locator("#event-find h2")).to_have_text(says["public"])
    fits(phone, lang, "players' page")
    desk_phone = browser.new_context(**SMALL)
    desk_phone.add_cookies(desk_ctx.cookies())
    small_desk = desk_phone.new_page()
    small_desk.goto(f"{base}/e/{eid}/admin")
    expect(small_desk.locator("#event-desks h2")).to_have_text(says["desk"])
    fits(small_desk, lang, "desk")
    phone.goto(league)
    expect(phone.locator("#league-nights")).to_have_text(says["league"])
    fits(phone, lang, "league")
    desk.goto(f"{base}/e/{eid}/admin")
    shot(desk, f"nights-desk-{lang}.png")
    assert errors == []
    for c in (desk_ctx, ctx, desk_phone):
        c.close()
