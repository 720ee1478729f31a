import pytest
from playwright.sync_api import expect
from .test_languages_fit import SMALL, GAMES, in_progress

@pytest.mark.parametrize("lang", ["de", "ja"])
@pytest.mark.parametrize("game", list(GAMES))
def test_shot(live_server, browser, game, lang):
    table = in_progress(live_server, game)
    ctx = browser.new_context(**{**SMALL, "device_scale_factor": 1})
    page = ctx.new_page()
    page.goto(f"{live_server.url}/t/{table.id}/play/{table.record['play_token']}?lang={lang}")
    page.locator('#seat button[name="seat"][value="0"]').first.click()
    expect(page.locator("#netstate")).to_have_attribute("data-state", "live")
    h = page.evaluate("document.documentElement.scrollHeight")
    for k, y in enumerate(range(0, min(h, 2960), 740)):
        page.screenshot(path=f"/tmp/i18n-shots/{game}-{lang}-{k}.png", full_page=True, clip={"x": 0, "y": y, "width": 360, "height": min(740, h - y)})
    ctx.close()
