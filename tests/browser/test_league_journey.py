"""The league's journey: two nights of one league through the real pages. The organiser
(a laptop) starts a league from the home page, creates night 1 in it, registers and seats the
players, runs the round clock from the desk (start, pause, resume, extra minutes for one table,
which that table's play page shows on a phone and the other table's does not), enters the
results, prints the pairings to an A4 PDF; night 2 has some of the same people, one spelled
differently and merged on the league page; the league page's standings and ratings equal
openskill replayed by hand from the tables' results."""
from __future__ import annotations

import re
import shutil
import subprocess

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE
from tests.browser.test_event_clock import TIME, seconds
from tests.browser.test_event_journey import patient  # noqa: F401 (an autouse fixture: 10 s assertions)
from tests.league_helpers import auth, places, replay_by_hand

pytestmark = [pytest.mark.browser, pytest.mark.slow]

NIGHT_1 = ["Aiko", "Botan", "Chika", "Daichi", "Emi", "Fumi", "Goro", "Hana"]
NIGHT_2 = ["aiko", "Botan", "Chika", "Daichii", "Ivo", "Jun"]  # "aiko": the same person already (shown "Aiko"); "Daichii": merged
LAPTOP = {"viewport": {"width": 1280, "height": 800}}


def new_night(org, name: str, names: list[str]) -> str:
    """On the league page: a night in the league, its players registered and seated. Its id."""
    form = org.locator("#new-night")
    form.get_by_label("Name").fill(name)
    form.get_by_label("Gangs of Kyoto (2–5)").check()
    form.get_by_label("Rounds").fill("1")
    form.get_by_role("button", name="Create the night and open its desk").click()
    expect(org.locator("header")).to_contain_text("organiser")
    org.get_by_label("Register (one name per line, or a pasted list)").fill("\n".join(names))
    org.get_by_role("button", name="Register").click()
    expect(org.locator(".roster li")).to_have_count(len(names))
    org.get_by_role("button", name="Seat the players").click()
    expect(org.locator("#event-round")).to_contain_text("Round 1 of 1")
    return org.url.split("/e/")[1].split("/")[0]


def tables_of(app, event_id: str) -> list[dict]:
    return app.extensions["companion.events"].get(event_id)["rounds"][-1]["tables"]


def enter_by_api(app, event_id: str, table: dict) -> None:
    """A table's result through the JSON API (the desk's taps are shown once, on night 1): its
    players finish in seat order, the last two sharing a place."""
    token = app.extensions["companion.events"].get(event_id)["token"]
    table["placings"] = [*table["players"][:-2], table["players"][-2:]]
    reply = app.test_client().post(f"/api/events/{event_id}/results", json={"table_id": table["table_id"], "placings": table["placings"]},
                                   headers=auth(token))
    assert reply.status_code == 200, reply.json


def test_two_nights_of_a_league_with_the_clock_paper_and_a_merge(live_server, browser, tmp_path):
    app, url = live_server.app, live_server.url
    laptop = browser.new_context(**LAPTOP)
    phones = [browser.new_context(**{**PHONE, "viewport": {"width": w, "height": 800}}) for w in (360, 390)]
    try:
        org = laptop.new_page()
        org.goto(url + "/")
        org.get_by_role("link", name="Start a league").click()
        org.get_by_label("Name").fill("Thursday Club 2027")
        org.get_by_role("button", name="Create the league").click()
        expect(org.locator("h1")).to_have_text("Thursday Club 2027")
        league_url = org.url

        # Night 1: the round clock from the desk.
        night1 = new_night(org, "Week 1", NIGHT_1)
        tables1 = tables_of(app, night1)
        assert len(tables1) == 2
        clock = org.locator("#event-clock")
        clock.get_by_label("Minutes").fill("30")
        clock.get_by_role("button", name="Start the clock").click()
        expect(clock.locator(".clock-time")).to_have_text(TIME)
        clock.get_by_role("button", name="Pause").click()
        expect(clock.locator(".clock-note")).to_have_text("paused")
        clock.get_by_role("button", name="Resume").click()
        expect(clock.locator(".clock-note")).to_have_text("")
        first, other = tables1
        clock.get_by_label("table given extra time").select_option(first["table_id"])
        clock.get_by_label("extra minutes for that table").fill("7")
        clock.get_by_role("button", name="Extra time for this table").click()
        expect(clock.locator(".clock-extras")).to_have_text("Extra time: Table 1 +7 min")

        # Each table's play page on a phone: its own time, the extra minutes only at the first.
        shown = {}
        for ctx, table, number in zip(phones, (first, other), (1, 2)):
            href = org.get_by_role("link", name=f"Play at table {number}").get_attribute("href")
            play = ctx.new_page()
            play.goto(url + href)
            face = play.locator(".table-clock")
            expect(face.locator(".clock-time")).to_have_text(TIME)
            # The round's time left as the server says it, read at the moment the phone is read.
            left = app.test_client().get(f"/api/events/{night1}/clock").json["remaining_s"]
            shown[table["table_id"]] = (seconds(play, ".table-clock .clock-time"), face.locator(".clock-note").inner_text(), left)
        assert org.locator(".seat-card").first.inner_text()  # the desk is still there
        mine, theirs = shown[first["table_id"]], shown[other["table_id"]]
        assert abs(mine[0] - (mine[2] + 7 * 60)) <= 3 and "+7 min for this table" in mine[1], mine
        assert abs(theirs[0] - theirs[2]) <= 3 and "+7" not in theirs[1], theirs

        # Table 1's result tapped in on the desk, table 2's through the API.
        card = org.locator(".seat-card").first
        card.get_by_text("Played without the app? Enter the result").click()
        order = first["players"][::-1]
        for name in order:
            card.locator(f'[data-tap-name="{name}"]').click()
        card.get_by_role("button", name="Enter the result of table 1").click()
        expect(card.locator("ol.places li")).to_have_count(4)
        first["placings"] = order
        enter_by_api(app, night1, other)

        # The night's pairings on A4 paper.
        paper = laptop.new_page()
        paper.goto(f"{url}/e/{night1}/print")
        paper.emulate_media(media="print")
        pdf = tmp_path / "night1.pdf"
        paper.pdf(path=str(pdf), format="A4", print_background=True)
        text = re.sub(r"\s+", " ", subprocess.run([shutil.which("pdftotext"), "-layout", str(pdf), "-"],
                                                   capture_output=True, text=True, check=True).stdout)
        assert "where to sit, by table" in text and "where to sit, by name" in text
        assert "Table 1" in text and "Table 2" in text and all(name in text for name in NIGHT_1)
        subprocess.run([shutil.which("pdftoppm"), "-png", "-r", "60", "-f", "1", "-l", "1", str(pdf), str(tmp_path / "page")], check=True)
        assert (tmp_path / "page-1.png").stat().st_size > 5_000

        # Night 2, from the league page the desk links back to.
        org.get_by_role("link", name="Thursday Club 2027").first.click()
        assert org.url == league_url
        night2 = new_night(org, "Week 2", NIGHT_2)
        tables2 = tables_of(app, night2)
        for table in tables2:
            enter_by_api(app, night2, table)
        org.goto(league_url)
        org.get_by_label("Spellings to merge (one a line, or separated by commas)").fill("Daichi, Daichii")
        org.get_by_label("Shown as").fill("Daichi")
        org.get_by_role("button", name="Merge").click()
        expect(org.locator("main")).to_contain_text("Merged: Daichi is one player")

        # The standings as the league page shows them, against the nights' own points and
        # openskill replayed by hand over the four tables in the order they finished.
        rows = org.locator("#league-standings tbody tr").evaluate_all(
            "rows => rows.map(r => [...r.cells].map(c => c.textContent.trim()))")
        page = {name: (float(points), int(n), int(wins), float(rating)) for _, name, points, n, wins, rating in rows}
        same = {"daichii": "daichi"}
        ratings = replay_by_hand([places(t["placings"]) for t in (*tables1, *tables2)], lambda n: same.get(n.casefold(), n.casefold()))
        client = app.test_client()
        expected: dict[str, list] = {}
        for night, tables in ((night1, tables1), (night2, tables2)):
            for row in client.get(f"/api/events/{night}/standings").json:
                person = same.get(row["name"].casefold(), row["name"].casefold())
                entry = expected.setdefault(person, [0.0, 0, 0])
                entry[0] += row["points"]
                entry[1] += 1
            for t in tables:
                winners = t["placings"][0] if isinstance(t["placings"][0], list) else [t["placings"][0]]
                for w in winners:
                    expected[same.get(w.casefold(), w.casefold())][2] += 1
        assert len(page) == len(expected) == 10, page
        shown_as = {name.casefold(): name for name in page}
        assert "Daichi" in page and "Daichii" not in page and "Aiko" in page and "aiko" not in page  # the first spelling
        for person, (points, nights, wins) in expected.items():
            got = page[shown_as[person]]
            assert got[:3] == (round(points, 2), nights, wins), (person, got, points, nights, wins)
            assert got[3] == round(ratings[person].ordinal(), 1), (person, got, ratings[person])
        assert page["Aiko"][1] == page["Daichi"][1] == 2 and page["Ivo"][1] == 1
    finally:
        laptop.close()
        for ctx in phones:
            ctx.close()
