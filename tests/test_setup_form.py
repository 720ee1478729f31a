"""The setup form's choices per slot ("Player 3" starts, Player 3's monster) go to that player's
seat, also when a slot above was left blank (a blank slot seats nobody)."""
from __future__ import annotations


def created(client, app, data):
    resp = client.post("/tables", data=data)
    assert resp.status_code == 302, resp.text
    return app.extensions["companion.tables"].get(resp.location.rsplit("/", 1)[-1])


def test_the_chosen_starter_is_the_player_named_in_that_slot(client, app):
    table = created(client, app, {"game": "gangs", "players": ["Ann", "", "Cy", "Dee"], "first_player": "2"})
    assert [p["name"] for p in table.state["players"]] == ["Ann", "Cy", "Dee"]
    assert table.state["players"][table.state["current"]]["name"] == "Cy"


def test_each_monster_goes_to_the_player_of_its_slot(client, app):
    table = created(client, app, {"game": "kyotoan", "players": ["Ann", "", "Cy"], "first_player": "0",
                                  "monsters": ["Meka Dragon", "Alienoid", "Giga Zaur"]})
    assert [(p["name"], p["monster"]) for p in table.state["players"]] == [("Ann", "Meka Dragon"), ("Cy", "Giga Zaur")]


def test_a_starter_without_a_name_is_refused_with_a_sentence_and_makes_no_table(client, app):
    before = app.extensions["companion.store"].table_count()
    resp = client.post("/tables", data={"game": "gangs", "players": ["Ann", "Bob", ""], "first_player": "2"})
    assert resp.status_code == 422
    assert "Player 3 was chosen to start but has no name" in resp.text and 'value="Bob"' in resp.text
    assert app.extensions["companion.store"].table_count() == before
