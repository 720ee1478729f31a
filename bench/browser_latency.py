"""A tap as people see it: ms from an action's POST until every other phone's page in Chromium
shows the new version, per game (five seated phones and a watcher at 360 px, the Procfile's server
with its limits on).

Each page notes (Date.now(), in the page) when its #status region says the new version, morphed in
by the push; the bench's own clock is the same machine's, so the difference is the time to that
phone. The seat acting is the host's API token, so no page's own tap is counted.
"""

from __future__ import annotations

import argparse
import random
import time

from playwright.sync_api import sync_playwright

from bench.lib.clients import SEATS, Api
from bench.lib.phones import seated_cookie
from bench.lib.servers import LIMITER_ON, serve
from bench.lib.stats import median, pct
from tests.offer_fills import FILLS

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
# Each page keeps, per version its #status showed, when it first showed it (ms since the epoch).
WATCH = """() => { window.__seen = {}; const note = () => { const v = document.querySelector('#status')?.dataset.version;
  if (v && !(v in window.__seen)) window.__seen[v] = Date.now(); };
  new MutationObserver(note).observe(document.body, {subtree: true, childList: true, attributes: true,
  attributeFilter: ['data-version']}); note(); }"""


def measure(port: int, browser, game_id: str, taps: int, seed: int) -> list[float]:
    """ms to each phone's page for `taps` actions of a fresh table of `game_id`."""
    api, rnd = Api(port), random.Random(seed)
    players = [f"P{k}" for k in range(SEATS[game_id])]
    info = api.json("POST", "/api/tables", {"game": game_id, "players": players, "seed": seed})
    tid, token = info["id"], info["token"]
    pages = []
    for k in range(len(players) + 1):
        context = browser.new_context(viewport={"width": 360, "height": 740})
        if k < len(players):  # a seated phone; the last one watches
            name, value = seated_cookie(port, info, k).split("=", 1)
            context.add_cookies([{"name": name, "value": value, "url": f"http://127.0.0.1:{port}"}])
        page = context.new_page()
        page.goto(f"http://127.0.0.1:{port}/t/{tid}" + ("" if k < len(players) else "/watch"))
        page.wait_for_selector("#netstate:text('Live')")
        page.evaluate(WATCH)
        pages.append(page)
    reply, times = api.json("GET", f"/api/tables/{tid}", token=token), []
    for _ in range(taps):
        if reply["state"]["over"]:
            break
        action = FILLS[game_id](rnd.choice(reply["offers"]), reply["state"], rnd)
        sent = time.time() * 1000
        reply = api.json("POST", f"/api/tables/{tid}/actions", action, token)
        version = str(reply["version"])
        for page in pages:
            page.wait_for_function(f"() => '{version}' in window.__seen", timeout=10_000)
            times.append(page.evaluate(f"() => window.__seen['{version}']") - sent)
        time.sleep(0.5)  # a table's pace, roughly: one action, then people look
    for page in pages:
        page.context.close()
    return times


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench browser-latency", description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="kyotoan,gangs,neko,bosskito")
    parser.add_argument("--taps", type=int, default=40, help="actions a game (default 40)")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)
    with serve(LIMITER_ON) as (port, _pid), sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        print("| game | taps | phones | p50 ms | p99 ms | worst ms |\n|---|---|---|---|---|---|")
        for game_id in args.games.split(","):
            times = measure(port, browser, game_id, args.taps, args.seed)
            print(f"| {game_id} | {len(times) // (SEATS[game_id] + 1)} | {SEATS[game_id] + 1} | {median(times):.0f} | "
                  f"{pct(times, 99):.0f} | {max(times):.0f} |")
        browser.close()
