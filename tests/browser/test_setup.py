"""The setup form shows only the chosen game's options and seats, and offers the last names again."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .helpers import create_from_home

pytestmark = pytest.mark.browser


def test_the_setup_shows_only_the_chosen_games_options(live_server, phone):
    page = phone().new_page()
    page.goto(live_server.url + "/")
    page.locator("label[for=game-gangs]").click()
    expect(page.locator(".for-gangs")).to_be_visible()
    expect(page.locator(".for-kyotoan")).to_be_hidden()
    expect(page.locator("input[name=players]").nth(4)).to_be_visible()  # Gangs seats five
    expect(page.locator("input[name=players]").nth(5)).to_be_hidden()
    gangs_height = page.locator("form.card").bounding_box()["height"]
    page.locator("label[for=game-kyotoan]").click()
    expect(page.locator(".for-kyotoan")).to_be_visible()
    expect(page.locator(".for-gangs")).to_be_hidden()
    expect(page.locator("input[name=players]").nth(5)).to_be_visible()  # six monsters
    assert gangs_height < 1400, f"the Gangs setup is {gangs_height:.0f} px tall"


def test_the_players_of_the_last_table_are_one_tap_away(live_server, phone):
    page = phone().new_page()
    create_from_home(page, live_server.url, "gangs", ["Ann", "Bob", "Cy"])
    page.goto(live_server.url + "/")
    page.get_by_role("button", name="Same players as last time: Ann, Bob, Cy").click()
    names = [page.locator("input[name=players]").nth(i).input_value() for i in range(4)]
    assert names == ["Ann", "Bob", "Cy", ""]


def test_who_starts_offers_the_players_by_the_names_typed(live_server, phone):
    page = phone().new_page()
    page.goto(live_server.url + "/")
    page.locator("label[for=game-gangs]").click()
    starts = page.locator("select[name=first_player]")
    names = page.locator("input[name=players]")

    def offered():
        return [o.strip() for o in starts.locator("option:not([disabled])").all_inner_texts()]

    assert offered() == ["Let the app draw"]  # nobody named yet
    names.nth(0).fill("Ann")
    names.nth(2).fill("Cy")  # the second slot left blank: it seats nobody
    assert offered() == ["Let the app draw", "Ann", "Cy"]
    starts.select_option(label="Cy")
    names.nth(1).fill("Bob")
    assert offered() == ["Let the app draw", "Ann", "Bob", "Cy"] and starts.input_value() == "2"  # still Cy
    names.nth(2).fill("")  # Cy left the table: the choice cannot stand
    assert starts.input_value() == "random"
    names.nth(2).fill("Cy")
    starts.select_option(label="Cy")
    page.get_by_role("button", name="Create the table").click()
    expect(page.locator("#netstate")).to_have_text("Live")
    expect(page.locator("#status")).to_contain_text("Cy")
