"""Hidden information reaches only those entitled to it, through every channel.

Two tables are played alike except for one hidden fact: the bells on the Bell card Ann gives Bob
(face down to his VP pile: 1 on one table, 2 on the other). Everyone but Bob's seat and the host's
backup must get byte-for-byte the same pages, titles, pushes, replies, logs and exports from both.
"""
from __future__ import annotations

import re

import pytest

from companion.tables.seat_moves import mark

GIVE = {"type": "give", "to": 1, "card": {"value": 0, "kind": "bell_card", "bells": None}}
PLAIN = {"type": "give", "to": 0, "card": {"value": 3, "kind": "plain"}}


def auth(token):
    return {"Authorization": f"Bearer {token}"} if token else {}


def play(api, client, bells):
    table = api.create("gangs", ("Ann", "Bob"), seed=7)
    play_token = table["urls"]["play"].rsplit("/", 1)[-1]
    seats = [client.post(f"/api/tables/{table['id']}/seats", json={"seat": s}, headers=auth(play_token)).json["token"]
             for s in (0, 1)]
    api.act(table, {**GIVE, "card": {**GIVE["card"], "bells": bells}})
    api.act(table, PLAIN)
    return table, {"watcher": None, "play": play_token, "ann": seats[0], "bob": seats[1]}


def scrub(text: str, table: dict, tokens: dict) -> str:
    """The text with what differs between any two tables anyway (ids, secrets and the seat tokens'
    fingerprints, times) blanked."""
    for secret in [table["id"], table["token"], table["join_code"], *filter(None, tokens.values())]:
        text = text.replace(secret, "<secret>").replace(mark(secret), "<mark>")
    text = re.sub(r"\d{4}-\d\d-\d\dT[\d:.]+(\+00:00|Z)?", "<time>", text)
    text = re.sub(r'"X-CSRF-Token": "[^"]+"', "", text)  # each phone's session token
    return re.sub(r'name="_csrf" value="[^"]+"', "", text)


def channels(client, app, table, token):
    """Every way a reader with `token` sees the table: API replies, log, export, and the pages."""
    tid = table["id"]
    seen = {"state": client.get(f"/api/tables/{tid}", headers=auth(token)).get_data(as_text=True),
            "log": client.get(f"/api/tables/{tid}/log", headers=auth(token)).get_data(as_text=True),
            "export": client.get(f"/api/tables/{tid}/export", headers=auth(token)).get_data(as_text=True)}
    phone = app.test_client()
    if token:
        phone.get(f"/t/{tid}/play/{token}")  # a phone's cookie (a seat token works as a play link)
        with phone.session_transaction() as sess:
            sess["tokens"] = {tid: token}
    for name, url in (("page", f"/t/{tid}"), ("watch", f"/t/{tid}/watch"), ("history", f"/t/{tid}/history"),
                      ("push", f"/t/{tid}/regions"), ("watch push", f"/t/{tid}/regions?mode=watch")):
        seen[name] = phone.get(url).get_data(as_text=True)
    return seen


@pytest.mark.parametrize("who", ["watcher", "play", "ann"])
def test_a_hidden_bell_count_reaches_nobody_but_its_owner(api, client, app, who):
    one, tokens_one = play(api, client, 1)
    two, tokens_two = play(api, client, 2)
    seen_one = channels(client, app, one, tokens_one[who])
    seen_two = channels(client, app, two, tokens_two[who])
    for channel in seen_one:
        assert scrub(seen_one[channel], one, tokens_one) == scrub(seen_two[channel], two, tokens_two), channel
    title = re.search(r"<title>(.*?)</title>", seen_one["page"], re.S).group(1)
    assert "Ann" in title and "{" not in title


def test_the_owner_and_the_hosts_backup_do_see_it(api, client, app):
    # The comparison above can fail: Bob's own seat, and the host's export, tell the two tables apart.
    one, tokens_one = play(api, client, 1)
    two, tokens_two = play(api, client, 2)
    bob_one, bob_two = channels(client, app, one, tokens_one["bob"]), channels(client, app, two, tokens_two["bob"])
    assert scrub(bob_one["state"], one, tokens_one) != scrub(bob_two["state"], two, tokens_two)
    assert scrub(bob_one["page"], one, tokens_one) != scrub(bob_two["page"], two, tokens_two)
    host_one = client.get(f"/api/tables/{one['id']}/export", headers=auth(one["token"])).json
    assert host_one["actions"][0]["action"]["card"]["bells"] == 1 and "redacted" not in host_one
