"""Kyoto no Neko's road on the page: the caption says each bike's space as the row draws it."""
from __future__ import annotations

import re


def test_the_bikes_caption_counts_spaces_as_the_road_row_draws_them(api, client):
    table = api.create("neko", ("Ann", "Bob"), options={"first_player": 0})
    api.act(table, {"type": "crossed_road", "player": 0})
    api.act(table, {"type": "bike_card", "purple": 2, "teal": 5})  # from spaces 1 and 9 of 16
    page = client.get(f"/t/{table['id']}/watch").get_data(as_text=True)
    assert "Bikes: purple on space 3, teal on space 14 of 16" in page
    cells = re.findall(r'<span class="cell([^"]*)">', re.search(r'<div class="road".*?</div>', page, re.S).group(0))
    assert len(cells) == 16 and "purple" in cells[2] and "teal" in cells[13]
