"""Browser fixtures: the app served on a free loopback port, and Debian's Chromium via Playwright.

Playwright's own browser download does not work here, so Chromium comes from Debian
(`apt-get install chromium`) and is launched by path. In CI (CI=true) a missing browser is
a failure, never a skip.
"""
from __future__ import annotations

import logging
import os
import shutil
import threading

import pytest
from werkzeug.serving import make_server

from companion import create_app

CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}


def chromium_path() -> str | None:
    for candidate in (os.environ.get("CHROMIUM_PATH"), "/usr/bin/chromium", shutil.which("chromium")):
        if candidate and os.path.exists(candidate):
            return candidate
    return None


class LiveServer:
    """The real app (websockets included) on werkzeug's threaded server, in a thread."""

    def __init__(self, data_dir):
        logging.getLogger("werkzeug").setLevel(logging.WARNING)  # no request lines in test output
        self.app = create_app({"DATA_DIR": str(data_dir)})
        self.server = make_server("127.0.0.1", 0, self.app, threaded=True)
        self.url = f"http://127.0.0.1:{self.server.server_port}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def stop(self):
        self.server.shutdown()


@pytest.fixture
def live_server(tmp_path):
    server = LiveServer(tmp_path / "data")
    yield server
    server.stop()


@pytest.fixture(scope="session")
def playwright_chromium():
    """Playwright's Chromium launcher and the path of Debian's Chromium binary."""
    path = chromium_path()
    if path is None:
        if os.environ.get("CI"):
            pytest.fail("Chromium is not installed: CI must run the browser tests (apt-get install chromium).")
        pytest.skip("Debian Chromium not installed (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        yield pw.chromium, path


@pytest.fixture(scope="session")
def browser(playwright_chromium):
    chromium, path = playwright_chromium
    browser = chromium.launch(executable_path=path, args=CHROMIUM_FLAGS)
    yield browser
    browser.close()


@pytest.fixture
def phone(browser):
    """A factory of fresh phone-sized browser contexts (each its own cookies)."""
    contexts = []

    def make():
        ctx = browser.new_context(**PHONE)
        ctx.set_default_timeout(10_000)
        contexts.append(ctx)
        return ctx

    yield make
    for ctx in contexts:
        ctx.close()
