"""Rewind (api.md, "Groups, statistics and rewind"): a past version of a table, read-only, with
the caller's hidden information rules holding. Two tables are played alike but for one hidden
fact (the bells on the Bell card Ann gives Bob, face down to his VP pile); at every past version,
every reader but Bob's seat gets the same replies and pages from both."""
from __future__ import annotations

import re

import pytest

from .test_hidden_channels import auth, play, scrub

MORE = [{"type": "give", "to": 1, "card": {"value": 2, "kind": "plain"}},
        {"type": "give", "to": 0, "card": {"value": 1, "kind": "plain"}}]


def played_on(api, client, bells):
    """The hidden-bell table with two more plain cards given after it (version 4)."""
    table, tokens = play(api, client, bells)
    for action in MORE:
        api.act(table, action)
    return table, tokens


def past(client, app, table, token, version):
    """The table after `version` as a reader with `token` sees it: the API's reply and the page."""
    tid = table["id"]
    phone = app.test_client()
    if token:
        with phone.session_transaction() as sess:
            sess["tokens"] = {tid: token}
    return {"api": client.get(f"/api/tables/{tid}/at/{version}", headers=auth(token)).get_data(as_text=True),
            "page": phone.get(f"/t/{tid}/at/{version}").get_data(as_text=True),
            "watch page": phone.get(f"/t/{tid}/at/{version}?mode=watch").get_data(as_text=True)}


@pytest.mark.parametrize("who", ["watcher", "play", "ann"])
def test_no_past_board_tells_anyone_but_its_owner_a_hidden_card(api, client, app, who):
    one, tokens_one = played_on(api, client, 1)
    two, tokens_two = played_on(api, client, 2)
    for version in range(0, 5):
        seen_one = past(client, app, one, tokens_one[who], version)
        seen_two = past(client, app, two, tokens_two[who], version)
        for channel in seen_one:
            assert scrub(seen_one[channel], one, tokens_one) == scrub(seen_two[channel], two, tokens_two), (version, channel)


def test_the_owner_sees_their_own_hidden_card_in_the_past(api, client, app):
    one, tokens_one = played_on(api, client, 1)
    two, tokens_two = played_on(api, client, 2)
    bob_one = past(client, app, one, tokens_one["bob"], 1)
    bob_two = past(client, app, two, tokens_two["bob"], 1)
    assert scrub(bob_one["api"], one, tokens_one) != scrub(bob_two["api"], two, tokens_two)
    assert scrub(bob_one["page"], one, tokens_one) != scrub(bob_two["page"], two, tokens_two)
    # On the watch page the owner's phone is a watcher like any other.
    assert scrub(bob_one["watch page"], one, tokens_one) == scrub(bob_two["watch page"], two, tokens_two)


def test_a_past_version_is_the_table_as_it_stood_then_and_takes_nothing(api, client):
    table, tokens = played_on(api, client, 1)
    host = auth(table["token"])
    then = client.get(f"/api/tables/{table['id']}/at/2", headers=host).json
    assert then["version"] == 2 and then["offers"] == [] and then["withheld"] == []
    assert set(then) == {"id", "game", "version", "state", "offers", "withheld"}
    now = client.get(f"/api/tables/{table['id']}", headers=host).json
    assert now["version"] == 4 and now["offers"]
    # After two gives, Bob's row holds nothing yet and Ann's the plain 3 she kept (PLAIN).
    assert [c["value"] for c in then["state"]["players"][0]["row"]] == [3]
    assert [c["value"] for c in now["state"]["players"][0]["row"]] == [3, 1]
    start = client.get(f"/api/tables/{table['id']}/at/0", headers=host).json["state"]
    assert all(p["row"] == [] for p in start["players"])
    assert client.get(f"/api/tables/{table['id']}/at/4", headers=host).json["state"] == now["state"]


def test_a_version_not_reached_is_refused_with_a_sentence(api, client):
    table, _ = played_on(api, client, 1)
    reply = client.get(f"/api/tables/{table['id']}/at/9")
    assert reply.status_code == 422 and "version 4" in reply.json["error"]
    assert client.get(f"/api/tables/{table['id']}/at/-1").status_code == 404


def test_an_undone_move_is_no_part_of_the_past_and_versions_keep_their_order(api, client):
    table, _ = played_on(api, client, 1)
    host = auth(table["token"])
    client.post(f"/api/tables/{table['id']}/undo", json={}, headers=host)  # version 5: the last give undone
    api.act(table, {"type": "give", "to": 0, "card": {"value": 4, "kind": "plain"}})  # version 6
    rows = {v: [c["value"] for c in client.get(f"/api/tables/{table['id']}/at/{v}", headers=host).json["state"]["players"][0]["row"]]
            for v in (3, 4, 5, 6)}
    # The 1 given at version 4 was taken back: the game as played now never had it.
    assert rows == {3: [3], 4: [3], 5: [3], 6: [3, 4]}


def test_a_history_line_opens_the_board_after_it_and_one_tap_goes_back(api, client, app):
    table, tokens = played_on(api, client, 1)
    phone = app.test_client()
    with phone.session_transaction() as sess:
        sess["tokens"] = {table["id"]: tokens["ann"]}
    history = phone.get(f"/t/{table['id']}/history").get_data(as_text=True)
    link = re.search(rf'href="(/t/{table["id"]}/history/2)"', history)
    assert link, "each line of the whole history links to its board"
    page = phone.get(link.group(1), follow_redirects=True).get_data(as_text=True)
    assert "After #2" in page and "Ann keeps a 3" in page and "Bob gives a 1 to Ann" not in page
    assert re.search(r'id="back-to-now" href="/t/' + table["id"] + '"', page)
    assert 'hx-post' not in page and "ws-connect" not in page and 'action="/t/' not in page  # nothing to enter
    # A line of the live history: its number links to ?at=<n>, on the play and the watch page.
    assert '<li id="h-2"><a class="seq" href="?at=2">#2</a>' in phone.get(f"/t/{table['id']}").get_data(as_text=True)
    assert phone.get(f"/t/{table['id']}?at=2").location == f"/t/{table['id']}/history/2"
    assert phone.get(f"/t/{table['id']}/watch?at=2").location == f"/t/{table['id']}/history/2?mode=watch"
    assert phone.get(f"/t/{table['id']}/history/2").location == f"/t/{table['id']}/at/2"
    assert phone.get(f"/t/{table['id']}/history/2?mode=watch").location == f"/t/{table['id']}/at/2?mode=watch"
