"""What a held seat's phone is told of a move another phone entered for its player
(tables.taps.entered_for): the newest such tap since that phone last entered one, named, and
whether the page's Undo takes it back now."""
from __future__ import annotations

from companion.tables import entered_for


def give(to, value=3):
    return {"type": "give", "to": to, "card": {"kind": "plain", "bells": 0, "value": value}}


def test_a_move_entered_for_a_held_seat_by_another_phone_is_told_until_that_phone_acts(app):
    service = app.extensions["companion.tables"]
    table = service.create("gangs", ["Ann", "Ben", "Cy"], {"first_player": 0})
    play = table.record["play_token"]
    _, ann = service.claim_seat(table.id, play, 0)
    _, ben = service.claim_seat(table.id, play, 1)
    t, _ = service.act(table.id, ben, give(2))  # Ben's phone gives Ann's card (her turn)
    assert entered_for(t) == [{"seat": 0, "by": "Ben's phone", "name": "Ann gives a 3 to Cy.",
                               "what": "your give", "undo": True}]
    t, _ = service.act(table.id, play, give(1, 4))  # the shared phone, the next card
    told = entered_for(t)
    assert [(x["by"], x["undo"]) for x in told] == [("The shared phone", True)]
    t, _ = service.act(table.id, ann, give(0, 2))  # Ann's own phone: nothing more to tell her
    assert entered_for(t) == []


def test_a_seat_no_phone_holds_is_told_nothing(app):
    service = app.extensions["companion.tables"]
    table = service.create("gangs", ["Ann", "Ben", "Cy"], {"first_player": 0})
    t, _ = service.act(table.id, table.record["play_token"], give(2))
    assert entered_for(t) == []
