"""A table page says where the phone is: one <h1> naming the game, on the play page and on the
watch page, and the regions pushed to phones (websocket, htmx reply, polling) bring no other."""
from __future__ import annotations

import html
import re

import pytest

from companion.games import all_games

from .test_pages import HX, create_from_form, give_form

GAMES = sorted(all_games(), key=lambda g: g.id)


def headings(page: str) -> list[str]:
    """The text of each <h1> of a page, as a screen reader reads it."""
    found = re.findall(r"<h1\b[^>]*>(.*?)</h1>", page, re.S)
    return [" ".join(html.unescape(re.sub(r"<[^>]*>", "", h)).split()) for h in found]


def new_table(client, game) -> str:
    data = {"game": game.id, "players": ["Ann", "Bob", "Cy"][: max(2, game.min_players)], "first_player": "0"}
    resp = client.post("/tables", data=data)
    assert resp.status_code == 302, resp.text
    return resp.location.rsplit("/", 1)[-1]


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_the_play_and_watch_pages_each_have_one_h1_with_the_games_name(client, game):
    table_id = new_table(client, game)
    play = headings(client.get(f"/t/{table_id}").text)
    watch = headings(client.get(f"/t/{table_id}/watch").text)
    assert play == [game.title]
    assert len(watch) == 1 and watch[0].startswith(game.title) and "watching" in watch[0]


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_the_regions_a_page_is_pushed_hold_no_second_h1(client, game):
    table_id = new_table(client, game)
    for mode in ("play", "watch"):
        regions = client.get(f"/t/{table_id}/regions?mode={mode}")
        assert regions.status_code == 200 and 'hx-swap-oob="true"' in regions.text
        assert headings(regions.text) == [], mode


def test_after_an_action_the_page_still_has_one_h1(client):
    table_id = create_from_form(client)
    reply = client.post(f"/t/{table_id}/act", data=give_form(0, 1), headers=HX)
    assert reply.status_code == 200 and 'id="board" hx-swap-oob="true"' in reply.text
    assert headings(reply.text) == []
    assert headings(client.get(f"/t/{table_id}").text) == ["Gangs of Kyoto"]
