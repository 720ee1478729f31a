"""Groups' "done when" journey, at 360 px: a group of friends starts a group on the home page,
a second phone opens the group's link, and they play three tables made from the group's page (a
break taken at the first: paused and played on), each move entered as the host's phone would.
At each game over the statistics stand beside the final standings; a tap on a history line shows
the board as it stood then, on a seat's phone and on a watcher's, and one tap goes back to now.
The group's page then reads every play, each player's plays, wins and win rate, the games and who
beats whom, with its chart and spreadsheet, and every figure on it is the one the tables' logs
give (GET /api/tables/<id>/stats, checked against the history's words in tests/rules/test_stats.py)."""
from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from companion.games import get_game
from tests.browser.conftest import PHONE

from ..engine_checks import DATA

pytestmark = [pytest.mark.browser, pytest.mark.slow]

SMALL = {**PHONE, "viewport": {"width": 360, "height": 740}}
# Three recorded games, the names as the friends typed them (seat for seat): Ann wins the first,
# Ann the tie-break of the second (seat 1), Bob the last (Ann's monster is eliminated).
TABLES = [("gangs", "gangs_game_two_players.json", ["Ann", "Bob"]),
          ("gangs", "gangs_game_tie_break.json", ["Cy", "Ann", "Bob"]),
          ("kyotoan", "kyotoan_game_last_standing.json", ["Ann", "Bob"])]


def fits(page) -> None:
    """Nothing on the page is wider than the phone."""
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def expect_figures(where, figures: dict, game: str) -> None:
    """The statistics table in `where` shows these figures (the API's reply, its keys sorted):
    a row a player, in seating order, the game's figures in the game's order."""
    rows = where.locator("tbody tr")
    expect(rows.locator("th")).to_have_text([p["name"] for p in figures["players"]])
    for k, player in enumerate(figures["players"]):
        expect(rows.nth(k).locator("td")).to_have_text([str(player[name]) for name in get_game(game).figures.names])


def new_table_on(page, game: str, players: list[str]) -> str:
    """A table made from the group page's form; its id, once its page is live."""
    form = page.locator("#new-table")
    form.locator(f"label[for=group-game-{game}]").click()
    for i, name in enumerate(players):
        form.locator("input[name=players]").nth(i).fill(name)
    form.locator("select[name=first_player]").select_option("0")
    form.get_by_role("button", name="Create the table").click()
    expect(page.locator("#netstate")).to_have_text("Live")
    return page.url.rsplit("/", 1)[-1]


def test_friends_play_three_tables_from_their_group_and_read_its_page(live_server, browser):
    app, url = live_server.app, live_server.url
    service = app.extensions["companion.tables"]
    ann_phone, bob_phone, watcher_phone = (browser.new_context(**SMALL) for _ in range(3))
    try:
        ann = ann_phone.new_page()
        ann.goto(url + "/")
        ann.get_by_role("link", name="Start a group").click()
        ann.get_by_label("Name").fill("Friday friends")
        ann.get_by_role("button", name="Create the group").click()
        expect(ann.locator("h1")).to_have_text("Friday friends")
        fits(ann)
        group_url = ann.url
        link = ann.get_by_label("The link to send").input_value()

        bob = bob_phone.new_page()
        bob.goto(link)
        expect(bob.locator("#new-table")).to_be_visible()

        made = []
        for k, (game, recorded, names) in enumerate(TABLES):
            phone = (ann, bob)[k % 2]
            phone.goto(group_url if phone is ann else bob.url)
            table_id = new_table_on(phone, game, names)
            made.append(table_id)
            table = service.get(table_id)
            actions = json.loads((DATA / recorded).read_text())["actions"]
            service.act(table_id, table.record["host_token"], actions[0])
            if k == 0:  # a break once the game is under way: paused and played on, from the table's page
                phone.reload()
                phone.get_by_role("button", name="Pause (a break)").click()
                expect(phone.locator("#paused")).to_contain_text("Paused.")
                phone.get_by_role("button", name="Play on").click()
                expect(phone.locator("#paused")).to_have_count(0)
                paused = service.get(table_id).record["paused"]
                assert len(paused) == 1 and paused[0]["to"] is not None
            expect(phone.locator("#netstate")).to_have_text("Live")
            for action in actions[1:]:
                service.act(table_id, table.record["host_token"], action)
            ending = phone.locator("#board .ending")
            expect(ending).to_contain_text("Final standings")
            # The statistics beside the standings: the figures of the table's own log.
            figures = app.test_client().get(f"/api/tables/{table_id}/stats").json
            stats = ending.locator(".figures")
            expect(stats).to_contain_text("Statistics")
            expect_figures(stats, figures, game)
            fits(phone)

        # Rewind on a seat's phone at the first table: the line "#3" tapped, the board then, back to now.
        ann.goto(f"{url}/t/{made[0]}")
        expect(ann.locator("#netstate")).to_have_text("Live")
        ann.locator("#history-log li#h-3 a.seq").click()
        expect(ann.locator("#rewind h2")).to_have_text("After #3")
        expect(ann.locator("#board .ending")).to_have_count(0)  # the game was not over then
        expect(ann.locator("#controls")).to_have_count(0)
        fits(ann)
        ann.get_by_role("link", name="Later →").click()
        expect(ann.locator("#rewind h2")).to_have_text("After #4")
        ann.get_by_role("link", name="Back to now").click()
        expect(ann.locator("#board .ending")).to_contain_text("Final standings")

        # And on a watcher's phone: the watch page's line opens the watcher's past board.
        watcher = watcher_phone.new_page()
        watcher.goto(f"{url}/t/{made[1]}/watch")
        expect(watcher.locator("#netstate")).to_have_text("Live")
        watcher.locator("#history-log li#h-1 a.seq").click()
        expect(watcher.locator("#rewind h2")).to_have_text("After #1")
        expect(watcher.locator("#rewind")).to_contain_text("Cy keeps a Bell card.")
        watcher.get_by_role("link", name="Back to now").click()
        expect(watcher).to_have_url(f"{url}/t/{made[1]}/watch")

        # The group's page: what the three tables say, added up.
        ann.goto(group_url)
        read = app.test_client().get(f"/api/groups/{group_url.rsplit('/', 1)[-1]}").json
        assert [p["table_id"] for p in read["plays"]] == made[::-1]
        wins = {p["name"]: (p["plays"], p["wins"]) for p in read["players"]}
        assert wins == {"Ann": (3, 2), "Bob": (3, 1), "Cy": (1, 0)}
        players = ann.locator("table.group-players tbody tr")
        expect(players).to_have_count(3)
        expect(players.nth(0)).to_contain_text("Ann")
        expect(players.nth(0).locator("td")).to_have_text(["3", "2", "67%"])
        expect(players.nth(1).locator("td")).to_have_text(["3", "1", "33%"])
        expect(ann.locator(".group-chart svg")).to_have_count(3)
        expect(ann.locator("ul.beats")).to_contain_text("Ann 2 – 1 Bob")
        expect(ann.locator("ul.plays li, ol.plays li")).to_have_count(3)
        # Each play's statistics, opened: the table's own figures.
        for k, table_id in enumerate(made[::-1]):
            play = ann.locator("ol.plays > li").nth(k)
            play.locator("summary").click()
            figures = app.test_client().get(f"/api/tables/{table_id}/stats").json
            expect_figures(play, figures, TABLES[::-1][k][0])
        fits(ann)
        with ann.expect_download() as download:
            ann.get_by_role("link", name="Download the plays (CSV)").click()
        assert download.value.suggested_filename.startswith("friday-friends")
    finally:
        for ctx in (ann_phone, bob_phone, watcher_phone):
            ctx.close()
