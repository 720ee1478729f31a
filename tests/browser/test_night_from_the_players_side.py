"""The whole night from the players' side, as one journey (the acceptance test of check-in by QR,
my night, one tap to sit and the final): the organiser's desk at 1280 px, the big screen at
1920 px and eight phones at 360 px.

The organiser creates the night on its page, two rounds and a final of the top 4; each phone opens
the check-in link the desk shows (the QR code's link), types its name and is checked in, and the
desk and the big screen show it at once; round 1 is seated (two tables of four) and pushed to each
phone, which sits with one tap at a table page that knows who holds it; one table is played to its
end in the app (through the JSON API with its token), the other entered at the desk; round 2 is
pushed likewise, each phone's seat as `GET /api/events/<id>/me` says, with the table's own extra
time, and the desk entering the result of a table in play is asked first (the player sitting there
is told, and that table's page stops counting the clock); the planned rounds played, the night is
not over (no podium, the clock runs on) and the desk offers the planned final, filled with 4, and
seats it: the top 4, whose phones are told their seats in standing order while the others are told
they are not at a table; the final's result ends the night: the podium, and no clock anywhere.
Screenshots go to $SHOTS_DIR when it is set, else to the test's own temporary folder."""
from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.test_event_journey import patient, play_gangs_in_the_app, tap_result  # noqa: F401 (patient: 10 s assertions)

pytestmark = pytest.mark.browser

NAMES = ["Aiko", "Botan", "Chika", "Daichi", "Emi", "Fumi", "Goro", "Hana"]
PHONE_360 = {"viewport": {"width": 360, "height": 740}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
DESK = {"width": 1280, "height": 900}
FULL_HD = {"width": 1920, "height": 1080}
ORDINALS = ["1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th"]


def shots(tmp_path) -> Path:
    where = Path(os.environ.get("SHOTS_DIR") or tmp_path)
    where.mkdir(parents=True, exist_ok=True)
    return where


def context(browser, **options):
    ctx = browser.new_context(**options)
    ctx.set_default_timeout(10_000)
    return ctx


def player_token(page) -> str:
    """The player's token, as the phone's "Sit at my seat" link (the API's `play_url`) carries it."""
    return page.get_by_role("link", name="Sit at my seat").get_attribute("href").rsplit("/", 1)[-1]


def my_night_api(page, base: str, eid: str, token: str) -> dict:
    """`GET /api/events/<id>/me` with the player's own token, from the player's phone."""
    reply = page.context.request.get(f"{base}/api/events/{eid}/me", headers={"Authorization": f"Bearer {token}"})
    assert reply.ok, reply.text()
    return reply.json()


def seat_shown_as_the_api_says(page, me: dict) -> None:
    """The phone's my night shows the table, game, seat and players `GET …/me` gives."""
    night, table = page.locator("#my-night"), me["table"]
    expect(night.locator(".table-no")).to_have_text(f"Table {table['number']}")
    expect(night.locator(".my-seat")).to_have_text(f"Seat {table['seat'] + 1} of {len(table['players'])}")
    expect(night.locator(".my-players li")).to_have_text(
        [f"{p} (you)" if k == table["seat"] else p for k, p in enumerate(table["players"])])


def fits_360(page) -> None:
    """Nothing on the phone's page is wider than its 360 px screen (no sideways scrolling)."""
    assert page.evaluate("document.documentElement.scrollWidth") <= 360, page.url


def host_token(live_server, table_id: str) -> str:
    """The table's own token (the desk's way to every seat), as the server keeps it."""
    return live_server.app.extensions["companion.tables"].get(table_id).record["host_token"]


def finish_round(live_server, desk, base: str, tables: list[dict]) -> None:
    """The round's Gangs of Kyoto tables played to their end in the app (through the JSON API,
    with each table's token); the others entered at the desk by tapping names in order."""
    for number, table in enumerate(tables, start=1):
        if table["game"] == "gangs":
            play_gangs_in_the_app(desk.context.request, base, f"/t/{table['table_id']}/play/{host_token(live_server, table['table_id'])}")
        else:
            tap_result(desk, number, list(reversed(table["players"])))
        expect(desk.locator(f'.seat-card[data-table="{number}"] .badge.got')).to_have_text("finished")


def one_move_in_the_app(request, base: str, table_id: str, token: str) -> None:
    """A Gangs of Kyoto table's first move: the card its state says is owed (a plain one) given."""
    headers = {"Authorization": f"Bearer {token}"}
    state = request.get(f"{base}/api/tables/{table_id}", headers=headers).json()["state"]
    move = {"type": "give", "to": state["pending"][0]["to"][0], "card": {"value": 0, "kind": "plain"}}
    assert request.post(f"{base}/api/tables/{table_id}/actions", data=move, headers=headers).ok


def desk_ends_a_table_in_play(desk, number: int, order: list[str]) -> None:
    """The desk taps a result for table `number`, still being played in the app: it is asked
    first, and says yes."""
    card = desk.locator(f'.seat-card[data-table="{number}"]')
    expect(card.locator(".badge").first).to_have_text("playing")
    card.get_by_text("Played without the app? Enter the result").click()
    for name in order:
        card.locator(f'[data-tap-name="{name}"]').click()
    card.get_by_role("button", name=f"Enter the result of table {number}").click()
    confirm = desk.locator("#event-confirm")
    expect(confirm).to_contain_text(f"Table {number} of round 2 (Gangs of Kyoto) is still being played in the app.")
    confirm.get_by_role("button", name=f"Yes, end table {number} with this result").click()
    expect(confirm).to_be_hidden()
    expect(card.locator("ol.places li")).to_have_text([f"{ORDINALS[k]} {n}" for k, n in enumerate(order)])


def test_a_night_from_the_players_side(live_server, browser, tmp_path):
    base, where = live_server.url, shots(tmp_path)
    contexts = []
    try:
        # The organiser creates the night on its page, as a person would.
        desk_ctx = context(browser, viewport=DESK)
        contexts.append(desk_ctx)
        desk = desk_ctx.new_page()
        desk.goto(base + "/events/new")
        desk.get_by_label("Name").fill("Thursday at the Dojo")
        desk.get_by_label("Gangs of Kyoto (2–5)").check()
        desk.get_by_label("Kyoto no Neko (2–4)").check()
        desk.get_by_label("Rounds").fill("2")
        desk.get_by_label("Finish with a final table of the top").fill("4")
        desk.get_by_role("button", name="Create the event").click()
        expect(desk.locator("header h1")).to_have_text("Thursday at the Dojo · organiser")
        expect(desk.locator("#netstate")).to_have_text("Live")
        eid = desk.url.split("/e/")[1].split("/")[0]
        desk_api = {"Authorization": "Bearer " + live_server.app.extensions["companion.events"].get(eid)["token"]}

        screen_ctx = context(browser, viewport=FULL_HD)
        contexts.append(screen_ctx)
        screen = screen_ctx.new_page()
        screen.goto(base + desk.get_by_role("link", name="Big screen").get_attribute("href"))
        expect(screen.locator("#netstate")).to_have_text("Live")
        expect(screen.locator("#event-round")).to_contain_text("Waiting for round 1")
        screen.evaluate("window.__kept = true")

        # Eight phones check in by the QR code's link: the desk's list and the big screen follow.
        checkin = desk.get_by_role("link", name="check-in link").get_attribute("href")
        assert "/checkin?key=" in checkin
        phones = {}
        for count, name in enumerate(NAMES, start=1):
            ctx = context(browser, **PHONE_360)
            contexts.append(ctx)
            page = ctx.new_page()
            page.goto(checkin)
            expect(page.get_by_role("heading", name="Check in")).to_be_visible()
            page.get_by_label("Your name").fill(name)
            page.get_by_role("button", name="Check in").click()
            expect(page.locator("#my-night h1")).to_have_text(name)
            expect(page.locator("#my-night")).to_contain_text("You are checked in. Your table shows here as soon as the organiser draws round 1.")
            expect(page.locator("#netstate")).to_have_text("Live")
            fits_360(page)
            expect(desk.locator(".roster li", has_text=name)).to_contain_text("✓ here · by phone")
            expect(desk.locator("#event-players h2")).to_contain_text(f"{count} checked in of {count}")
            expect(screen.locator("#event-standings tbody tr")).to_have_count(count)
            expect(screen.locator("#event-count")).to_have_text(f"{count} player" + ("s" if count > 1 else ""))
            phones[name] = page
        expect(screen.locator("#event-standings tbody")).to_contain_text("Hana")
        assert screen.evaluate("window.__kept === true"), "the big screen followed by its live pushes, not reloads"
        screen.screenshot(path=str(where / "journey-screen-eight-checked-in-1920.png"))
        phones["Aiko"].screenshot(path=str(where / "journey-phone-checked-in-360.png"), full_page=True)

        for number in (1, 2):
            # The organiser seats the round: each phone is pushed its table and seat, no reload.
            for page in phones.values():
                page.evaluate("window.__sameDocument = true")
            desk.get_by_role("button", name="Seat the players").click()
            expect(desk.locator("#event-round .round-title")).to_contain_text(f"Round {number} of 2")
            expect(desk.locator(".seat-card")).to_have_count(2)
            expect(screen.locator("#event-round .round-title")).to_contain_text(f"Round {number} of 2")
            expect(screen.locator(".seat-card")).to_have_count(2)
            tables = desk.context.request.get(f"{base}/api/events/{eid}", headers=desk_api).json()["rounds"][-1]["tables"]
            assert sorted(len(t["players"]) for t in tables) == [4, 4]
            for name, page in phones.items():
                expect(page.locator("#my-night .my-round")).to_have_text(f"Round {number}")
                me = my_night_api(page, base, eid, player_token(page))
                assert me["round"] == number and me["name"] == name
                assert me["table"]["players"] == next(t["players"] for t in tables if t["table_id"] == me["table"]["table_id"])
                seat_shown_as_the_api_says(page, me)
                fits_360(page)
                assert page.evaluate("window.__sameDocument") is True, "pushed over the websocket, not reloaded"
            if number == 1:
                # One tap to sit: the table page holds this player's seat (no code, nobody asked).
                for name, page in phones.items():
                    page.get_by_role("link", name="Sit at my seat").click()
                    expect(page.locator("header .you")).to_contain_text(name)
                    expect(page.get_by_role("button", name="Shared phone", exact=True)).to_have_count(0)
                    fits_360(page)
                    page.goto(f"{base}/e/{eid}/me")
                    expect(page.locator("#netstate")).to_have_text("Live")
                phones["Aiko"].screenshot(path=str(where / "journey-phone-round-1-360.png"), full_page=True)
            else:
                # The round's clock, started at the desk, with extra time for table 2: one countdown
                # on the big screen naming it, and each phone its own table's.
                desk.get_by_label("Minutes").fill("40")
                desk.get_by_role("button", name="Start the clock").click()
                desk.get_by_label("table given extra time").select_option(label="Table 2")
                desk.get_by_label("extra minutes for that table").fill("5")
                desk.get_by_role("button", name="Extra time for this table").click()
                expect(screen.locator("#event-clock .clock-extras")).to_have_text("Extra time: Table 2 +5 min")
                expect(screen.locator("#event-clock .clock-time")).to_have_text(re.compile(r"^(40:00|39:[0-5]\d)$"))
                timers = screen.locator("[role=timer]")
                assert [k for k in range(timers.count()) if timers.nth(k).is_visible()] == [0], "one clock on the big screen"
                for name, page in phones.items():
                    at_two = name in tables[1]["players"]
                    expect(page.locator("#event-clock .clock-note")).to_have_text("+5 min for this table" if at_two else "")
                    expect(page.locator("#event-clock .clock-time")).to_have_text(re.compile(r"^4[45]:\d\d$" if at_two else r"^(40:00|39:\d\d)$"))
                phones[tables[1]["players"][0]].screenshot(path=str(where / "journey-phone-round-2-360.png"), full_page=True)

            if number == 1:
                # The round is played: the table in the app ends by itself, the other at the desk.
                finish_round(live_server, desk, base, tables)
            else:
                # A player sits at the Gangs of Kyoto table, which makes its first move in the app;
                # it is then played on paper, and the desk, entering its result, is asked first.
                # The player's phone is told, without a reload.
                number_app = next(k for k, t in enumerate(tables, start=1) if t["game"] == "gangs")
                in_app = tables[number_app - 1]
                seated = phones[in_app["players"][0]]
                seated.get_by_role("link", name="Sit at my seat").click()
                expect(seated.locator("header .you")).to_contain_text(in_app["players"][0])
                expect(seated.locator("#netstate")).to_have_text("Live")
                expect(seated.locator(".table-clock .clock-time")).to_have_text(re.compile(r"^\d+:\d\d$"))
                seated.evaluate("window.__kept = true")
                one_move_in_the_app(desk.context.request, base, in_app["table_id"], host_token(live_server, in_app["table_id"]))
                desk_ends_a_table_in_play(desk, number_app, in_app["players"])
                expect(seated.locator("#status .turn")).to_have_text("Finished at the organiser's desk")
                expect(seated.locator(".table-clock")).to_be_hidden()  # a finished table counts no time
                expect(seated.locator(".locked")).to_contain_text(f"1st {in_app['players'][0]}, 2nd {in_app['players'][1]}")
                assert seated.evaluate("window.__kept === true"), "told by the live push, not a reload"
                fits_360(seated)
                seated.screenshot(path=str(where / "journey-phone-table-ended-at-desk-360.png"), full_page=True)
                seated.goto(f"{base}/e/{eid}/me")
                expect(seated.locator("#netstate")).to_have_text("Live")
                other = 3 - number_app
                tap_result(desk, other, list(reversed(tables[other - 1]["players"])))
            expect(screen.locator(".round-title")).to_contain_text("every table finished")
            standings = desk.context.request.get(f"{base}/api/events/{eid}/standings").json()
            for row in standings:
                expect(phones[row["name"]].locator(".my-standing")).to_contain_text(f"Standing: {ORDINALS[row['rank'] - 1]} of 8")

        # The night was planned with a final: its planned rounds played, it is not over (no podium,
        # the clock runs on, no phone says all rounds are played); the desk offers the final next,
        # filled with the planned 4. The top 4 by the standings at one table, seated by standing.
        expect(desk.locator("#event-start h2")).to_have_text("The final")
        expect(desk.locator("#event-start")).to_contain_text("All 2 rounds have been played: the final of the top 4 is next.")
        expect(screen.locator("#event-clock .clock-time")).to_have_text(re.compile(r"^\d+:\d\d$"))
        for page in (desk, screen):
            expect(page.locator("#event-podium")).to_be_hidden()
        for page in phones.values():
            expect(page.locator("#my-night .my-over")).to_have_count(0)
        top4 = [r["name"] for r in standings[:4]]
        for page in phones.values():
            page.evaluate("window.__sameDocument = true")
        form = desk.locator(".final-form")
        expect(form.get_by_label("how many players the final seats")).to_have_value("4")
        expect(form.get_by_label("the final's game")).to_have_value("gangs")
        desk.locator("#event-start").screenshot(path=str(where / "journey-desk-final-next-1280.png"))
        form.get_by_role("button", name="Seat the final").click()
        expect(desk.locator("#event-round .round-title")).to_contain_text("The final · Gangs of Kyoto")
        expect(desk.locator(".seat-card .seat-list li")).to_have_text([f"seat {k} {n}" for k, n in enumerate(top4, start=1)])
        expect(screen.locator("#event-round .round-title")).to_contain_text("The final · Gangs of Kyoto")
        expect(screen.locator("#event-podium")).to_be_hidden()
        for k, name in enumerate(top4):
            page = phones[name]
            expect(page.locator("#my-night .my-round")).to_have_text("The final")
            expect(page.locator("#my-night .my-seat")).to_have_text(f"Seat {k + 1} of 4")
            me = my_night_api(page, base, eid, player_token(page))
            assert (me["round"], me["table"]["seat"], me["table"]["players"]) == (3, k, top4)
            seat_shown_as_the_api_says(page, me)
            fits_360(page)
        for name in NAMES:
            if name not in top4:
                night = phones[name].locator("#my-night")
                expect(night.locator(".my-round")).to_have_text("The final")
                expect(night).to_contain_text("You are not at a table this round: the final seats the top 4 of the standings.")
                expect(night.get_by_role("link", name="Sit at my seat")).to_have_count(0)
                fits_360(phones[name])
        assert all(page.evaluate("window.__sameDocument") is True for page in phones.values())

        # The final is played against the clock; its result ends the night.
        desk.get_by_label("Minutes").fill("30")
        desk.get_by_role("button", name="Start the clock").click()
        expect(screen.locator("#event-clock .clock-time")).to_have_text(re.compile(r"^(30:00|29:[0-5]\d)$"))
        phones[top4[0]].screenshot(path=str(where / "journey-phone-final-360.png"), full_page=True)
        phones[NAMES[[n in top4 for n in NAMES].index(False)]].screenshot(path=str(where / "journey-phone-not-in-final-360.png"), full_page=True)
        final = desk.context.request.get(f"{base}/api/events/{eid}", headers=desk_api).json()["rounds"][-1]["tables"][0]
        winner = play_gangs_in_the_app(desk.context.request, base, f"/t/{final['table_id']}/play/{host_token(live_server, final['table_id'])}")
        podium = screen.locator("#event-podium")
        expect(podium).to_be_visible()
        expect(podium).to_contain_text("Final standings")
        expect(podium.locator(".step-1")).to_contain_text(f"1st {winner}")
        expect(podium.locator(".step-1 .why")).to_have_text("won the final")
        expect(screen.locator("#event-clock")).to_be_hidden()
        expect(screen.locator("[role=timer]:visible")).to_have_count(0)
        # Every phone is told the night is over, with its final standing and no clock.
        final_rows = desk.context.request.get(f"{base}/api/events/{eid}/standings").json()
        assert final_rows[0]["name"] == winner and {r["name"] for r in final_rows[:4]} == set(top4), "the finalists head the standings"
        for row in final_rows:
            page = phones[row["name"]]
            expect(page.locator("#my-night .my-over")).to_have_text("All rounds are played: thank you for playing.")
            expect(page.locator("#my-night .my-standing")).to_contain_text(f"Standing: {ORDINALS[row['rank'] - 1]} of 8")
            expect(page.locator("#event-clock")).to_be_hidden()
            expect(page.get_by_role("link", name="Sit at my seat")).to_have_count(0)
            fits_360(page)
        assert screen.evaluate("window.__kept === true")
        screen.screenshot(path=str(where / "journey-screen-podium-1920.png"))
        phones[winner].screenshot(path=str(where / "journey-phone-night-over-360.png"), full_page=True)
    finally:
        for ctx in contexts:
            ctx.close()
