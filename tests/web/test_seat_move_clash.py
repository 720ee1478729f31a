"""A tap sent on the version before a seat moved is told so, not given an old move as what came first."""
from __future__ import annotations

from companion.games import Viewer
from companion.web.tables.clash import came_first


def test_a_tap_overtaken_by_a_seat_move_names_the_move(app):
    service = app.extensions["companion.tables"]
    table = service.create("gangs", ["Ann", "Ben", "Cy"], {"first_player": 0})
    play = table.record["play_token"]
    service.act(table.id, play, {"type": "give", "to": 2, "card": {"kind": "plain", "bells": 0, "value": 3}})
    service.claim_seat(table.id, play, 1)
    moved, _ = service.move_seat(table.id, play, 1)
    said = came_first(moved, Viewer(None, True), moved.version - 1)
    assert said == "Ben's seat moved to another phone first. This tap was not recorded."
