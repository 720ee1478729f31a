"""Boss Kito's board after a round: who takes which benefit card, shown on every phone while the
next round's benefits are turned up (the table hands the cards over then), not only in the history."""
from __future__ import annotations

import re

ROUND = [{"type": "reveal", "row": [9, 8, 7, 6, 5], "symbols": [None] * 5}, {"type": "play", "colour": "red"}] + [{"type": "take"}] * 7


def board(client, table, mode="watch") -> str:
    page = client.get(f"/t/{table['id']}" + ("/watch" if mode == "watch" else "")).get_data(as_text=True)
    found = re.search(r'<div class="card handed-out">(.*?)</div>', page, re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]*>", "", found.group(1))).strip() if found else ""


def test_the_last_hand_out_is_on_the_board_until_the_next_round_is_played(api, client):
    table = api.create("bosskito", ("Ann", "Bob"))
    assert board(client, table) == ""  # no round has ended yet
    for action in ROUND:
        api.act(table, action)
    shown = board(client, table)
    assert shown.startswith("Round 1's benefits")
    assert "red Visitors (9): Ann, 3 bananas" in shown  # Ann's lone red card
    assert "yellow Romantic dinner (8): discarded (no banana card)" in shown
    api.act(table, {"type": "reveal", "row": [9, 8, 7, 6, 5], "symbols": [None] * 5})
    assert board(client, table) == ""  # round 2 is being played: the history keeps it
