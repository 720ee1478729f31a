"""The end of a game: final standings for everyone, and a rematch every phone joins with one tap,
as it was at the finished table (the host as host, a seat in its own seat)."""
from __future__ import annotations

MARKET = ["acid_attack", "alien_origin", "alpha_monster"]
NOTHING = ["1", "1", "2", "2", "3", "energy"]
HX = {"HX-Request": "true"}


def finished_kyotoan(client, app):
    """A two-monster game Ann wins by smashing Bob from Kyoto City; returns (table id, host client)."""
    resp = client.post("/tables", data={"game": "kyotoan", "players": ["Ann", "Bob"], "first_player": "0"})
    table_id = resp.location.rsplit("/", 1)[-1]
    service = app.extensions["companion.tables"]
    host = service.get(table_id).record["host_token"]
    service.act(table_id, host, {"type": "market", "cards": MARKET})
    while not service.get(table_id).state["over"]:
        for action in ({"type": "roll", "faces": ["smash"] * 6}, {"type": "resolve"}, {"type": "end_turn"},
                       {"type": "roll", "faces": NOTHING}, {"type": "resolve"}, {"type": "end_turn"}):
            if service.get(table_id).state["over"]:
                break
            service.act(table_id, host, action)
    return table_id


def test_the_end_shows_the_final_standings_to_players_and_watchers(client, app):
    table_id = finished_kyotoan(client, app)
    for path in (f"/t/{table_id}", f"/t/{table_id}/watch"):
        page = client.get(path).text
        assert "Final standings" in page
        assert page.index("<bdi>Ann</bdi></b>") < page.index("<bdi>Bob</bdi></b>"), "the winner first"
        assert "The whole game, turn by turn" in page
    assert "Rematch with the same players" in client.get(f"/t/{table_id}").text
    assert "Rematch with the same players" not in client.get(f"/t/{table_id}/watch").text


def test_every_phone_joins_the_same_rematch_as_it_was(client, app):
    table_id = finished_kyotoan(client, app)
    service = app.extensions["companion.tables"]
    old = service.get(table_id)
    bob = app.test_client()
    bob.get(f"/t/{table_id}/play/{old.record['play_token']}")
    assert bob.post(f"/t/{table_id}/seat", data={"seat": "1"}).status_code == 302
    other = app.test_client()
    other.get(f"/t/{table_id}/play/{old.record['play_token']}")

    first = client.post(f"/t/{table_id}/rematch", data={}, headers=HX)
    new_path = first.headers["HX-Redirect"]
    new_id = new_path.rsplit("/", 1)[-1]
    assert new_id != table_id
    assert bob.post(f"/t/{table_id}/rematch", data={}).location.endswith(new_path), "one rematch for every phone"
    assert other.post(f"/t/{table_id}/rematch", data={}).location.endswith(new_path)

    new = service.get(new_id)
    assert new.record["players"] == ["Ann", "Bob"] and new.record["game"] == "kyotoan" and new.version == 0
    assert new.record["seat_tokens"][1] is not None and new.record["seat_tokens"][0] is None
    assert "You are <b><bdi>Bob</bdi></b>" in bob.get(new_path).text, "Bob is in his seat again"
    assert "Let another phone take" in client.get(new_path).text, "the host is the host again"
    assert "You are" not in other.get(new_path).text, "a phone without a seat has none there either"
    assert 'name="type" value="market"' in other.get(new_path).text, "a phone that played plays again"


def test_no_rematch_before_the_end_nor_for_a_watcher(client, app):
    resp = client.post("/tables", data={"game": "gangs", "players": ["Ann", "Bob"], "first_player": "0"})
    table_id = resp.location.rsplit("/", 1)[-1]
    early = client.post(f"/t/{table_id}/rematch", data={}, headers=HX)
    assert early.status_code == 422 and "The game is not over yet" in early.text
    table_id = finished_kyotoan(client, app)
    watcher = app.test_client()
    refused = watcher.post(f"/t/{table_id}/rematch", data={}, headers=HX)
    assert refused.status_code == 422 and "Only a phone that plays" in refused.text
