"""The pages the accessibility checks cover (axe-core, target sizes): home, join, a game's whole history, each
game's table page as a playing phone, a seated phone and a watcher, with the game in progress and
at its end, and a tournament night's new-night form, desk, players' page, big screen, check-in
page and a player's own night.

`site` builds them once per test module on a server of its own (no action limit: whole games
are played through the API, each move an offer filled in by that game's own offers test), and
`visit` opens one of them in a fresh phone, ready to be checked."""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from tests.offer_fills import FILLS

from . import conftest

GAMES = ("gangs", "kyotoan", "neko", "bosskito")
STAGES = {"playing": 12, "over": 5000}  # actions entered (a game that ends sooner stops there)
WHO = ("play", "seated", "watch")
PAGES = (["home", "home-returning", "join", "history"]
         + [f"{game}-{stage}-{who}" for game in GAMES for stage in STAGES for who in WHO]
         + ["event-new", "event-desk", "event-players", "event-screen", "event-checkin", "event-me", "group", "rewind"])
NAMES = ["Ann", "Bob", "Cy", "Dee"]
SMALL = {"width": 360, "height": 740}


@dataclass
class Site:
    server: conftest.LiveServer
    tables: dict[str, dict] = field(default_factory=dict)  # "<game>-<stage>": the API's creation reply
    event: dict = field(default_factory=dict)
    group: dict = field(default_factory=dict)  # a group of friends with two finished tables


def play(client, game: str, steps: int, seed: int, group: dict | None = None) -> dict:
    """A new table of `game` (in `group`, when given) with `steps` random offered moves entered
    (fewer if it ends first)."""
    fill = FILLS[game]
    body = {"game": game, "players": NAMES[:3], "options": {"first_player": 0}, "seed": seed}
    made = {"json": {**body, "group": group["id"]}, "headers": {"Authorization": f"Bearer {group['token']}"}} if group else {"json": body}
    table = client.post("/api/tables", **made).json
    auth = {"Authorization": f"Bearer {table['token']}"}
    reply = client.get(f"/api/tables/{table['id']}", headers=auth).json
    rnd = random.Random(seed)
    for _ in range(steps):
        if reply["state"]["over"]:
            break
        offer = rnd.choice(reply["offers"])
        resp = client.post(f"/api/tables/{table['id']}/actions", json=fill(offer, reply["state"], rnd), headers=auth)
        assert resp.status_code == 200, resp.json
        reply = resp.json
    return table


def night(client) -> dict:
    """A two-game night of 12 players in round 2, round 1 entered and half of round 2, its clock running."""
    event = client.post("/api/events", json={"name": "Friday at the Dojo", "games": ["gangs", "neko"], "rounds": 3}).json
    auth = {"Authorization": f"Bearer {event['token']}"}
    client.post(f"/api/events/{event['id']}/players", json={"names": [f"Player {k:02d}" for k in range(12)]}, headers=auth)
    for number in (1, 2):
        tables = client.post(f"/api/events/{event['id']}/rounds", json={"games": ["gangs", "neko"]}, headers=auth).json["tables"]
        for t in tables if number == 1 else tables[: len(tables) // 2]:
            client.post(f"/api/events/{event['id']}/results", json={"table_id": t["table_id"], "placings": t["players"]}, headers=auth)
    client.post(f"/api/events/{event['id']}/clock", json={"minutes": 8}, headers=auth)  # the round clock shown, amber, and its controls
    checkin = client.get(f"/api/events/{event['id']}", headers=auth).json["urls"]["checkin"]
    # Player 00's own phone (night_phone.py): its token opens "my night" on any phone of the checks.
    me = client.post(f"/api/events/{event['id']}/join", json={"name": "Player 00", "key": checkin.split("key=")[1]}).json
    return {**event, "checkin": checkin, "player_token": me["token"]}


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    made = conftest.create_app
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(conftest, "create_app", lambda config: made({**config, "ACTION_LIMIT": 0}))
        server = conftest.LiveServer(tmp_path_factory.mktemp("a11y") / "data")
    built = Site(server)
    client = server.app.test_client()
    for n, game in enumerate(GAMES):
        for stage, steps in STAGES.items():
            built.tables[f"{game}-{stage}"] = play(client, game, steps, seed=n + 3)
    built.event = night(client)
    built.group = client.post("/api/groups", json={"name": "Friday friends"}).json
    for seed, game in enumerate(("gangs", "kyotoan")):
        play(client, game, STAGES["over"], seed=seed, group=built.group)
    yield built
    server.stop()


def path(url: str) -> str:
    return urlsplit(url).path


def address(site: Site, page_id: str, phone) -> str:
    """Where `page_id` is, after whatever the phone must do first (open a play link, a desk link)."""
    base = site.server.url
    event, over = site.event, site.tables["gangs-over"]
    if page_id == "home-returning":
        phone.goto(base + path(over["urls"]["play"]))  # this phone now has a table of its own
        return "/"
    if page_id == "history":
        return f"/t/{over['id']}/history"
    if page_id == "group":  # as a friend who opened the group's link: its forms too
        phone.goto(base + path(site.group["urls"]["group"]))
        return f"/g/{site.group['id']}"
    if page_id == "rewind":
        return f"/t/{over['id']}/at/5"
    if page_id.startswith("event-"):
        if page_id == "event-desk":
            phone.goto(f"{base}/e/{event['id']}/desk/{event['token']}")
        if page_id == "event-checkin":
            return urlsplit(event["checkin"]).path + "?" + urlsplit(event["checkin"]).query
        if page_id == "event-me":  # the one-tap seat link keeps the player's token in this phone's cookie
            phone.goto(f"{base}/e/{event['id']}/sit/{event['player_token']}")
            return f"/e/{event['id']}/me"
        return {"event-new": "/events/new", "event-desk": f"/e/{event['id']}/admin", "event-players": f"/e/{event['id']}",
                "event-screen": f"/e/{event['id']}/screen"}[page_id]
    if page_id in ("home", "join"):
        return {"home": "/", "join": "/join"}[page_id]
    game, stage, who = page_id.split("-")
    table = site.tables[f"{game}-{stage}"]
    if who == "watch":
        return f"/t/{table['id']}/watch"
    if who == "seated":  # Ann's seat, freed by the host from the phone that held it before
        host = {"Authorization": f"Bearer {table['token']}"}
        site.server.app.test_client().delete(f"/api/tables/{table['id']}/seats/0", headers=host)
    phone.goto(base + path(table["urls"]["play"]))
    if who == "seated":
        phone.get_by_role("button", name="I am Ann").click()
        expect(phone.locator("header .you")).to_have_text("You are Ann")
    return f"/t/{table['id']}"


def visit(browser, site: Site, page_id: str, scheme: str = "light", viewport: dict = SMALL):
    """A fresh phone (360 px wide unless told) on `page_id`, live where the page is; returns
    (context, page): the caller closes the context."""
    ctx = browser.new_context(viewport=viewport, device_scale_factor=2, is_mobile=True, has_touch=True, color_scheme=scheme)
    ctx.set_default_timeout(15_000)
    page = ctx.new_page()
    page.goto(site.server.url + address(site, page_id, page))
    if page.locator("#netstate").count():
        expect(page.locator("#netstate")).to_have_text("Live", timeout=15_000)
    return ctx, page
