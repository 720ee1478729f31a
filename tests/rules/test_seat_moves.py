"""A seat moved to a new phone in one step (docs/api.md, Seats: `"move": true`): the table sees it
(a new version), the old phone loses the seat but keeps play rights, and any phone may undo it."""
from __future__ import annotations

from .test_seats import auth, claim, kyotoan


def move(client, table, token, seat):
    return client.post(f"/api/tables/{table['id']}/seats", json={"seat": seat, "move": True}, headers=auth(token))


def test_a_new_phone_moves_a_held_seat_and_the_old_phone_loses_it(client, api):
    table, play = kyotoan(api)
    old = claim(client, table, play, 1).json["token"]
    before = client.get(f"/api/tables/{table['id']}").json["version"]
    moved = move(client, table, play, 1)
    assert moved.status_code == 200 and moved.json["token"] != old
    assert moved.json["version"] == before + 1  # a new version: every phone is pushed the news
    # The old token answers for Bob no more (his setting is his seat's), but still plays.
    setting = {"type": "auto_yield", "player": 1, "below": 5}
    refused = client.post(f"/api/tables/{table['id']}/actions", json=setting, headers=auth(old))
    assert refused.status_code == 401 and "took a seat on their own phone" in refused.json["error"]
    done = client.post(f"/api/tables/{table['id']}/actions", json=setting, headers=auth(moved.json["token"]))
    assert done.status_code == 200
    assert client.get(f"/api/tables/{table['id']}/export", headers=auth(old)).status_code == 200  # still plays


def test_the_move_is_undone_and_the_old_phone_holds_the_seat_again(client, api):
    table, play = kyotoan(api)
    old = claim(client, table, play, 1).json["token"]
    new = move(client, table, play, 1).json["token"]
    back = client.post(f"/api/tables/{table['id']}/seats/1/back", headers=auth(old))
    assert back.status_code == 200
    assert claim(client, table, old, 1).json["token"] == old  # the old phone's seat again
    refused = client.post(f"/api/tables/{table['id']}/actions", json={"type": "auto_yield", "player": 1, "below": 5},
                          headers=auth(new))
    assert refused.status_code == 401 and "took a seat on their own phone" in refused.json["error"]
    again = client.post(f"/api/tables/{table['id']}/seats/1/back", headers=auth(old))
    assert again.status_code == 422 and "no move of it to undo" in again.json["error"]


def test_moving_a_free_seat_takes_it_and_a_watcher_cannot_move_one(client, api):
    table, play = kyotoan(api)
    free = move(client, table, play, 2)
    assert free.status_code == 200
    assert client.get(f"/api/tables/{table['id']}").json["version"] == 0  # a plain claim: no version
    assert move(client, table, "nonsense", 2).status_code in (401, 403)
