"""Two phones tap at once, or a phone's queued tap reaches a table another phone moved: the tap
that came second is refused (the version check is the guard), and its reply names in the
history's words the move that came first, and says whether its own entry is still possible
(the outbox offers "Enter it again" only then). An accepted tap's reply says which version it
produced, which this phone's next queued tap is sent on."""
from __future__ import annotations

import re
from html import unescape

from .test_named_undo import gangs as seated_gangs
from .test_pages import HX, create_from_form, give_form, words


def said(html: str) -> str:
    """The reply's message strip as a person reads it (the history beside it names moves too)."""
    found = re.search(r'<div id="flash".*?</div>', html, re.S)
    return unescape(words(found.group(0))) if found else ""


def again_flag(html: str) -> str | None:
    found = re.search(r'id="flash"[^>]*data-again="(yes|no)"', html)
    return found.group(1) if found else None


def test_an_accepted_tap_says_the_version_it_produced(client):
    table_id = create_from_form(client)
    first = client.post(f"/t/{table_id}/act", data=give_form(0, 1), headers=HX)
    assert first.status_code == 200 and first.headers["X-Table-Version"] == "1"
    # The next tap built on the same page, sent on the version the first produced, lands.
    second = client.post(f"/t/{table_id}/act", data=give_form(first.headers["X-Table-Version"], 2, value=2), headers=HX)
    assert second.status_code == 200 and second.headers["X-Table-Version"] == "2"
    assert again_flag(second.text) is None


def test_a_tap_that_lost_the_race_names_the_move_that_came_first_and_may_be_entered_again(client):
    table_id = create_from_form(client)
    assert client.post(f"/t/{table_id}/act", data=give_form(0, 1), headers=HX).status_code == 200
    # A second phone tapped "Give to Cy" on the same page at the same moment.
    late = client.post(f"/t/{table_id}/act", data=give_form(0, 2, value=1), headers=HX)
    assert late.status_code == 409
    strip = said(late.text)
    assert "Another phone entered first: Ann gives a 3 to Bob." in strip
    assert "This tap was not recorded." in strip and "It is still possible" in strip
    assert again_flag(late.text) == "yes"


def test_a_tap_the_move_that_came_first_made_impossible_is_not_offered_again(client):
    table_id = create_from_form(client)
    assert client.post(f"/t/{table_id}/act", data=give_form(0, 1), headers=HX).status_code == 200
    # Both phones gave Ann's card to Bob: Bob already has this turn's card.
    late = client.post(f"/t/{table_id}/act", data=give_form(0, 1, value=2), headers=HX)
    assert late.status_code == 409
    assert "Another phone entered first: Ann gives a 3 to Bob." in said(late.text)
    assert "no longer possible" in said(late.text) and again_flag(late.text) == "no"


def test_a_stale_undo_names_the_move_and_is_not_offered_again(client):
    # An undo sent again after another phone's move would take back that other move instead.
    table_id = create_from_form(client)
    client.post(f"/t/{table_id}/act", data=give_form(0, 1), headers=HX)
    client.post(f"/t/{table_id}/act", data=give_form(1, 2), headers=HX)
    late = client.post(f"/t/{table_id}/undo", data={"version": "1"}, headers=HX)
    assert late.status_code == 409 and again_flag(late.text) == "no"
    assert "Another phone entered first: Ann gives a 3 to Cy." in said(late.text)


def test_a_phone_several_moves_behind_is_told_the_newest_ones(client):
    table_id = create_from_form(client)
    for version, to in enumerate((1, 2, 0)):
        assert client.post(f"/t/{table_id}/act", data=give_form(version, to, value=version), headers=HX).status_code == 200
    late = client.post(f"/t/{table_id}/act", data=give_form(0, 1), headers=HX)
    strip = said(late.text)
    assert late.status_code == 409
    assert "Another phone entered first: Ann gives a 0 to Bob. Ann gives a 1 to Cy. Ann keeps" in strip


def test_a_seated_phones_move_that_came_first_is_named_with_its_phone(app):
    # Ann's and Ben's phones, each in its seat, tap at the same moment on version 0.
    made, (ann, ben) = seated_gangs(app)
    assert ann.post(f"/t/{made['id']}/act", data=give_form(0, 2), headers=HX).status_code == 200
    late = ben.post(f"/t/{made['id']}/act", data=give_form(0, 1, value=1), headers=HX)
    assert late.status_code == 409
    assert "Ann's phone entered first: Ann gives a 3 to Cat. This tap was not recorded." in said(late.text)


def test_an_undo_that_came_first_is_named_as_the_undo_not_as_the_move_before_it(app):
    made, (ann, ben) = seated_gangs(app)
    tid = made["id"]
    assert ann.post(f"/t/{tid}/act", data=give_form(0, 2), headers=HX).status_code == 200
    assert ann.post(f"/t/{tid}/undo", data={"version": "1"}, headers=HX).status_code == 200
    # Ben's page still showed version 1 (Ann's card given) when he tapped.
    late = ben.post(f"/t/{tid}/act", data=give_form(1, 1, value=1), headers=HX)
    assert late.status_code == 409
    assert "Ann's phone undid first: Ann gives a 3 to Cat. This tap was not recorded." in said(late.text)
