"""The organiser's pages and the big screen, which updates live when a table finishes."""
from __future__ import annotations

import csv
import io

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


@pytest.fixture(autouse=True)
def patient():
    """Assertions wait as long as actions (10 s): a long journey on a machine that may be shared."""
    expect.set_options(timeout=10_000)
    yield
    expect.set_options(timeout=5_000)


def test_organiser_runs_a_round_and_the_big_screen_follows(live_server, phone, browser):
    org = phone().new_page()
    org.goto(live_server.url + "/events/new")
    org.get_by_label("Name").fill("Friday at the Dojo")
    org.get_by_label("Gangs of Kyoto (2–5)").check()
    org.get_by_label("Rounds").fill("2")
    org.get_by_role("button", name="Create the event").click()
    expect(org.locator("header")).to_contain_text("organiser")
    event_id = org.url.split("/e/")[1].split("/")[0]

    org.get_by_label("Register (one name per line, or a pasted list)").fill("Aiko\nBotan\nChika\nDaichi\nEmi")
    org.get_by_role("button", name="Register").click()
    expect(org.locator(".roster li")).to_have_count(5)
    org.locator(".roster li", has_text="Emi").get_by_role("button", name="Check out").click()
    expect(org.locator("section.card h2", has_text="Players")).to_contain_text("4 checked in of 5")

    screen_ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    screen = screen_ctx.new_page()
    screen.goto(f"{live_server.url}/e/{event_id}/screen")
    expect(screen.locator("#netstate")).to_have_text("Live")
    expect(screen.locator("#event-round")).to_contain_text("Waiting for round 1")

    org.get_by_role("button", name="Seat the players").click()
    expect(org.locator("#event-round")).to_contain_text("Round 1 of 2")
    expect(screen.locator("#event-round")).to_contain_text("Round 1 of 2")  # live, no reload
    expect(screen.locator(".seat-card")).to_have_count(1)
    expect(screen.locator(".seat-card")).not_to_contain_text("Emi")

    # A player opens the event page: where everyone sits, but no table's way in (anyone may open it).
    public = phone().new_page()
    public.goto(f"{live_server.url}/e/{event_id}")
    expect(public.locator("#event-round")).to_contain_text("Round 1 of 2")
    expect(public.get_by_role("link", name="Play at table 1")).to_have_count(0)
    # The organiser's desk hands out the table's play link and join code; the table is played to
    # its end (through the API).
    expect(org.locator(".seat-card")).to_contain_text("join code")
    href = org.get_by_role("link", name="Play at table 1").get_attribute("href")
    winner_name = play_gangs_in_the_app(public.context.request, live_server.url, href)

    # The big screen shows the finished table and the new standings without a reload.
    expect(screen.locator(".seat-card")).to_contain_text("finished")
    expect(screen.locator("#event-standings tbody tr").first).to_contain_text(winner_name)
    expect(screen.locator("#event-standings tbody tr").first).to_contain_text("3")
    expect(org.locator("#event-round")).to_contain_text("finished")
    exported = org.context.request.get(f"{live_server.url}/api/events/{event_id}/export.csv")
    assert winner_name in exported.text()
    screen_ctx.close()


# -- a whole mixed night through the pages -------------------------------
NIGHT = ["Aiko", "Botan", "Chika", "Daichi", "Élodie", "Fumi", "Goro", "Hana",
         "Ines", "Jun", "Kenji", "Lena", "Mika", "Noa", "Oskar", "Pia"]


def tap_result(desk, number: int, order: list) -> None:
    """Enter table `number`'s result on a desk by tapping names in finishing order; a list inside
    `order` is a tie."""
    card = desk.locator(f'.seat-card[data-table="{number}"]')
    card.get_by_text("Played without the app? Enter the result").click()
    for k, entry in enumerate(order):
        group = entry if isinstance(entry, list) else [entry]
        for j, name in enumerate(group):
            if j:
                card.get_by_role("button", name="Tie with the last").click()
            card.locator(f'[data-tap-name="{name}"]').click()
    card.get_by_role("button", name=f"Enter the result of table {number}").click()
    expect(card.locator("ol.places li")).to_have_count(sum(len(e) if isinstance(e, list) else 1 for e in order))


def table_players(desk, number: int) -> list[str]:
    return desk.locator(f'.seat-card[data-table="{number}"] .seat-list li').evaluate_all(
        "items => items.map(li => li.querySelector('button, .name').textContent.trim())")


def app_winner(request, base: str, href: str) -> str:
    """Who `play_gangs_in_the_app` will make win the table behind this play link: its first player."""
    table_id, token = href.split("/")[2], href.split("/")[4]
    state = request.get(f"{base}/api/tables/{table_id}", headers={"Authorization": f"Bearer {token}"}).json()["state"]
    return state["players"][state["first_player"]]["name"]


def play_gangs_in_the_app(request, base: str, href: str) -> str:
    """Play a Gangs of Kyoto table to its end through the API with the play link's token; the
    first player wins. Returns the winner's name."""
    table_id, token = href.split("/")[2], href.split("/")[4]
    headers = {"Authorization": f"Bearer {token}"}
    state = request.get(f"{base}/api/tables/{table_id}", headers=headers).json()["state"]
    winner = state["first_player"]
    while not state["over"]:
        owed = state["pending"][0]
        to = winner if winner in owed["to"] else owed["to"][0]
        card = {"value": 0, "kind": "bell_card", "bells": 2} if to == winner else {"value": 0, "kind": "plain"}
        reply = request.post(f"{base}/api/tables/{table_id}/actions", data={"type": "give", "to": to, "card": card}, headers=headers)
        assert reply.ok, reply.text()
        state = reply.json()["state"]
    return state["players"][winner]["name"]


def test_a_sixteen_player_mixed_night_with_a_conflict_settled_and_a_handover(live_server, phone, browser):
    base = live_server.url
    org = phone().new_page()
    org.goto(base + "/events/new")
    org.get_by_label("Name").fill("Friday at the Dojo")
    org.get_by_label("Date").fill("2026-12-04")
    org.get_by_label("Gangs of Kyoto (2–5)").check()
    org.get_by_label("Kyoto no Neko (2–4)").check()
    org.get_by_label("Rounds").fill("3")
    org.get_by_role("button", name="Create the event").click()
    event_id = org.url.split("/e/")[1].split("/")[0]
    # A list pasted from a spreadsheet: numbered, tab-separated cells.
    pasted = "\n".join(f"{k}.\t{a}\t{b}" for k, (a, b) in enumerate(zip(NIGHT[::2], NIGHT[1::2]), start=1))
    org.get_by_label("Register (one name per line, or a pasted list)").fill(pasted)
    org.get_by_role("button", name="Register").click()
    expect(org.locator("#event-players h2")).to_contain_text("16 checked in of 16")
    expect(org.locator("#netstate")).to_have_text("Live")

    screen_ctx = browser.new_context(viewport={"width": 1920, "height": 1080})
    screen = screen_ctx.new_page()
    screen.goto(f"{base}/e/{event_id}/screen")
    expect(screen.locator("#event-round")).to_contain_text("Waiting for round 1")

    # Round 1: both games, four tables of four.
    org.get_by_role("button", name="Seat the players").click()
    expect(org.locator(".seat-card")).to_have_count(4)
    expect(screen.locator("#event-round")).to_contain_text("Round 1 of 3 · Gangs of Kyoto · Kyoto no Neko")
    expect(screen.locator(".seat-card .game-name")).to_have_text(["Gangs of Kyoto", "Kyoto no Neko"] * 2)

    # A player finds their table by name on the players' page.
    player = phone().new_page()
    player.goto(f"{base}/e/{event_id}")
    player.get_by_label("Your name").fill("elodie")
    player.get_by_role("button", name="Find my table").click()
    expect(player.locator(".you-sit")).to_contain_text("Élodie: table")
    expect(player.locator(".seat-card.mine")).to_have_count(1)

    # Table 1 (Gangs of Kyoto) is entered by hand, then played in the app to another ending:
    # the desk shows both until the organiser settles it.
    href = org.locator('.seat-card[data-table="1"]').get_by_role("link", name="Play at table 1").get_attribute("href")
    winner = app_winner(org.context.request, base, href)
    tap_result(org, 1, [n for n in table_players(org, 1) if n != winner] + [winner])
    assert play_gangs_in_the_app(org.context.request, base, href) == winner
    expect(org.locator("#event-conflicts")).to_contain_text("Results that disagree (1)")
    expect(org.locator("#event-conflicts")).to_contain_text(f"Played in the app: 1st {winner}")
    org.get_by_role("button", name="Use the app's result").click()
    expect(org.locator("#event-conflicts")).to_be_hidden()
    expect(org.locator('.seat-card[data-table="1"] ol.places li').first).to_contain_text(winner)
    expect(org.locator("#event-history")).to_contain_text("conflict settled")
    for number in (2, 3, 4):
        names = table_players(org, number)
        tap_result(org, number, [names[0], [names[1], names[2]], names[3]] if number == 2 else names)
    expect(screen.locator(".round-title")).to_contain_text("every table finished")
    expect(screen.locator(".round-title .timer")).to_have_count(0)

    # The desk is handed over to a second phone, which runs rounds 2 and 3.
    org.get_by_label("Name of the other desk (optional)").fill("Ines's phone")
    org.get_by_role("button", name="Make a desk link").click()
    link = org.locator(".desk-link a").last.get_attribute("href")
    desk = phone().new_page()
    desk.goto(base + link)
    expect(desk.locator("header h1")).to_have_text("Friday at the Dojo · desk “Ines's phone”")  # whose desk it is
    expect(desk.locator("#event-desks")).to_contain_text("this phone")
    for number in (2, 3):
        desk.get_by_role("button", name="Seat the players").click()
        expect(desk.locator(".round-title")).to_contain_text(f"Round {number} of 3 · Gangs of Kyoto · Kyoto no Neko")
        expect(screen.locator(".round-title")).to_contain_text(f"Round {number} of 3")
        if number == 3:  # two taps swap two seats before the tables start
            a, b = table_players(desk, 1)[0], table_players(desk, 2)[0]
            desk.locator(f'button.swap-name[data-swap="{a}"]').click()
            desk.locator(f'button.swap-name[data-swap="{b}"]').click()
            expect(desk.locator('.seat-card[data-table="2"] .seat-list')).to_contain_text(a)
        for table in (1, 2, 3, 4):
            tap_result(desk, table, table_players(desk, table))
    expect(player.locator(".you-sit")).to_contain_text("Your table has finished")  # followed the player round to round

    # The night's end: a podium everywhere, the desks' history, and two tidy spreadsheets.
    expect(screen.locator("#event-podium")).to_contain_text("Final standings")
    expect(org.locator("#event-podium")).to_contain_text("1st")
    expect(org.locator("#event-start")).to_contain_text("All 3 rounds have been played.")
    expect(org.locator("#event-history")).to_contain_text("Ines's phone")
    request = org.context.request
    results = request.get(base + org.get_by_role("link", name="Results (CSV)").get_attribute("href"))
    standings = request.get(base + org.get_by_role("link", name="Standings (CSV)").get_attribute("href"))
    assert results.body().startswith("\ufeff".encode()) and standings.body().startswith("\ufeff".encode())
    rows = list(csv.DictReader(io.StringIO(results.body().decode("utf-8-sig"))))
    assert len(rows) == 16 * 3 and {r["round"] for r in rows} == {"1", "2", "3"}
    assert all(r["event"] == "Friday at the Dojo" and r["date"] == "2026-12-04" and r["placing"] for r in rows)
    assert {(r["round"], r["game"]) for r in rows} == {(str(n), g) for n in (1, 2, 3) for g in ("Gangs of Kyoto", "Kyoto no Neko")}
    assert {r["table"] for r in rows} == {"1", "2", "3", "4"} and "Élodie" in {r["player"] for r in rows}
    ranked = list(csv.DictReader(io.StringIO(standings.body().decode("utf-8-sig"))))
    assert len(ranked) == 16 and ranked[0]["rank"] == "1" and {r["played"] for r in ranked} == {"3"}

    # Every table links back to its night.
    table = player.context.new_page()
    table.goto(base + player.locator(".seat-card a", has_text="watch").first.get_attribute("href"))
    table.get_by_role("link", name="Friday at the Dojo: all tables and standings").click()
    expect(table.locator("#event-podium")).to_contain_text("Final standings")
    screen_ctx.close()
