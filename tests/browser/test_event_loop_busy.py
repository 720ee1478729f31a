"""A phone past the server's cap on live pages, in Chromium: the page says the
server is busy, in the server's own words, and still shows the table's changes (it polls)."""
from __future__ import annotations

import json
import subprocess
import sys
import urllib.request

import pytest

from companion.web.live.push import BUSY
from tests.servers import free_port, wait_until_answering

pytestmark = pytest.mark.browser


def post(url: str, body: dict, token: str | None = None) -> dict:
    headers = {"Content-Type": "application/json", **({"Authorization": f"Bearer {token}"} if token else {})}
    with urllib.request.urlopen(urllib.request.Request(url, data=json.dumps(body).encode(), headers=headers), timeout=10) as resp:
        return json.loads(resp.read())


@pytest.fixture
def one_phone_server(tmp_path):
    """`companion serve --max-phones 1`; yields its base URL."""
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "companion.cli", "serve", "--host", "127.0.0.1", "--port", str(port),
                             "--data", str(tmp_path / "d"), "--max-phones", "1"],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    base = f"http://127.0.0.1:{port}"
    wait_until_answering(proc, base + "/api/games")
    yield base
    proc.terminate()
    proc.wait(timeout=15)


def test_a_phone_past_the_cap_says_the_server_is_busy_and_still_shows_the_tables_changes(one_phone_server, phone):
    table = post(one_phone_server + "/api/tables", {"game": "gangs", "players": ["Ann", "Bob", "Cy"], "options": {"first_player": 0}})
    url = f"{one_phone_server}/t/{table['id']}?mode=watch"
    first = phone().new_page()
    first.goto(url)
    first.wait_for_selector("body[data-live=open]", timeout=15000)
    late = phone().new_page()
    late.goto(url)
    late.wait_for_selector("body[data-live=busy]", timeout=15000)
    assert late.locator("#netstate").inner_text() == BUSY
    # Its live connection is retried (and refused again) meanwhile: the banner never says "Live".
    late.evaluate("""() => { window.said = []; new MutationObserver(() => window.said.push(
        document.getElementById('netstate').textContent)).observe(document.getElementById('netstate'),
        {childList: true, characterData: true, subtree: true}); }""")
    post(f"{one_phone_server}/api/tables/{table['id']}/actions",
         {"type": "give", "to": 1, "card": {"value": 2, "kind": "plain"}}, table["token"])
    first.wait_for_selector("#status[data-version='1']", timeout=10000)  # pushed
    late.wait_for_selector("#status[data-version='1']", timeout=25000)  # polled (every 15 s)
    assert late.locator("#netstate").inner_text() == BUSY  # still said after the redraw
    assert "Live" not in late.evaluate("window.said"), late.evaluate("window.said")
