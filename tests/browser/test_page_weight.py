"""Page weight as a phone on the venue's wifi sees it: a first visit to a table page is under
60 KB on the wire, and later table pages fetch none of its scripts or styles again.

Bytes are the browser's own account of each response (headers plus the body as it crossed the
wire, compressed or not), from Playwright's network events of a fresh browser context.
"""
from __future__ import annotations

from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from companion.web.http import assets

from . import conftest

pytestmark = pytest.mark.browser

LIMIT = 60_000
# What Chrome offers on a plain-HTTP wifi address (zstd and br only on secure origins; the test's
# 127.0.0.1 counts as one, so the offer is set to the phone's). Without it: Chrome's own offer on
# a secure origin (HTTPS, or this machine).
WIFI_OFFER = {"Accept-Encoding": "gzip, deflate"}
SECURE_OFFER: dict = {}
PLAYERS = {"gangs": 5, "kyotoan": 6, "bosskito": 5, "neko": 4}
VISITS = [(game, "wifi") for game in sorted(PLAYERS)] + [("kyotoan", "secure")]
NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]


@pytest.fixture
def light_server(tmp_path, monkeypatch):
    """The live server with the asset hooks (init_app does nothing more once create_app has run it)."""
    made = conftest.create_app
    monkeypatch.setattr(conftest, "create_app", lambda config: _wired(made(config)))
    server = conftest.LiveServer(tmp_path / "data")
    yield server
    server.stop()


def _wired(app):
    assets.init_app(app)
    return app


def play_link(server, game: str) -> str:
    """A new table's play link (the QR code every seated phone scans), on the test server."""
    body = {"game": game, "players": NAMES[: PLAYERS[game]], "options": {"first_player": 0}}
    resp = server.app.test_client().post("/api/tables", json=body)
    assert resp.status_code == 201, resp.json
    return server.url + urlsplit(resp.json["urls"]["play"]).path


class Wire:
    """Bytes received by one browser context: each finished response, and websocket frames."""

    def __init__(self, context):
        self.responses = []  # (url, from the service worker, encoding, bytes)
        self.frames = 0
        context.on("requestfinished", self._finished)

    def _finished(self, request):
        sizes = request.sizes()
        response = request.response()
        # A response taken from the browser's cache reports no body and is not on the wire.
        wire = max(0, sizes["responseHeadersSize"] + sizes["responseBodySize"])
        encoding = response.headers.get("content-encoding") if response else None
        self.responses.append((request.url, request.service_worker is not None, encoding, wire))

    def watch_frames(self, page):
        page.on("websocket", lambda ws: ws.on("framereceived", self._frame))

    def _frame(self, payload):
        self.frames += len(payload.encode() if isinstance(payload, str) else payload)

    def page_bytes(self) -> int:
        return sum(n for _, by_worker, _, n in self.responses if not by_worker) + self.frames

    def worker_bytes(self) -> int:
        return sum(n for _, by_worker, _, n in self.responses if by_worker)

    def count(self, by_worker: bool) -> int:
        return sum(1 for _, w, _, n in self.responses if w == by_worker and n)

    def report(self) -> str:
        lines = [f"{n:>7} {enc or '-':>8} {'worker' if w else 'page':>6} {url}" for url, w, enc, n in self.responses]
        return "\n".join(lines + [f"{self.frames:>7} websocket frames"])


def open_live(page, url):
    page.goto(url)
    expect(page.locator("#netstate")).to_have_text("Live")
    page.wait_for_load_state("networkidle")


@pytest.mark.parametrize("game, origin", VISITS)
def test_a_phones_first_visit_to_a_table_page_is_under_60_kb(light_server, browser, game, origin, capsys):
    offer = WIFI_OFFER if origin == "wifi" else SECURE_OFFER
    context = browser.new_context(**conftest.PHONE, extra_http_headers=offer)
    try:
        wire = Wire(context)
        page = context.new_page()
        wire.watch_frames(page)
        open_live(page, play_link(light_server, game))
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        page.wait_for_timeout(500)  # the worker's own fetches after install: reported, not judged
        with capsys.disabled():
            print(f"\n{game} ({origin}): page {wire.page_bytes()} B in {wire.count(False)} responses, "
                  f"service worker {wire.worker_bytes()} B in {wire.count(True)}")
        assert wire.page_bytes() < LIMIT, wire.report()
    finally:
        context.close()


def test_later_table_pages_fetch_no_script_or_style_again(light_server, browser):
    # The service worker is kept out: this is the browser's own cache, as on a phone whose
    # worker is not installed (plain HTTP on the wifi address).
    context = browser.new_context(**conftest.PHONE, extra_http_headers=WIFI_OFFER, service_workers="block")
    try:
        first = context.new_page()
        open_live(first, play_link(light_server, "gangs"))
        first.close()
        wire = Wire(context)
        later = context.new_page()
        open_live(later, play_link(light_server, "gangs"))
        fetched = [(url, n) for url, _, _, n in wire.responses if urlsplit(url).path.startswith("/static/") and n]
        assert fetched == [], wire.report()
        # Another game's first page fetches that game's own style and script, nothing shared again.
        other = context.new_page()
        open_live(other, play_link(light_server, "kyotoan"))
        fetched = {urlsplit(url).path for url, _, _, n in wire.responses if urlsplit(url).path.startswith("/static/") and n}
        assert fetched == {"/static/css/games/kyotoan.css", "/static/js/games/kyotoan.js"}, wire.report()
    finally:
        context.close()
