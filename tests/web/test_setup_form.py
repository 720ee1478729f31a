"""The home page's setup form: the choices per slot ("Player 3" starts, Player 3's monster) go to
that player's seat, also when a slot above was left blank (a blank slot seats nobody); a Kyoto no
Neko table whose Skill die differs from the app's (1 to 5 and X, docs/rulings.md) ticks its
faces, and the table offers exactly those."""
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


NEKO = {"game": "neko", "players": ["Ann", "Bob"], "first_player": "0"}


def neko_created(client, **extra):
    return created(client, client.application, {**NEKO, **extra})


def test_the_home_page_asks_for_the_die_with_the_apps_faces_ticked(client):
    page = client.get("/").text
    assert "the faces of your Skill die" in page
    for face in ("1", "2", "3", "4", "5", "X"):
        assert f'name="die_faces" value="{face}" checked' in page
    assert 'name="die_faces" value="0" >' in page and 'name="die_faces" value="6" >' in page


def test_the_faces_ticked_are_the_tables_die(client):
    table = neko_created(client, die_faces=["2", "3", "4", "5", "6", "X"])
    assert table.state["die"] == [2, 3, 4, 5, 6, "X"]
    check = next(o for o in table.game.offers(table.state, table.viewer_for(table.record["host_token"])) if o["type"] == "check")
    assert check["faces"] == [2, 3, 4, 5, 6, "X"]


def test_the_default_die_when_nothing_is_ticked_differently(client):
    assert neko_created(client, die_faces=["1", "2", "3", "4", "5", "X"]).state["die"] == [1, 2, 3, 4, 5, "X"]


def test_a_die_without_its_x_is_refused_with_a_sentence_and_the_ticks_kept(client):
    resp = client.post("/tables", data={**NEKO, "die_faces": ["1", "2", "3", "4", "5", "6"]})
    assert resp.status_code == 422
    assert "numbers 0 to 6 and &#34;X&#34;, each once" in resp.text or 'numbers 0 to 6 and "X", each once' in resp.text
    assert 'name="die_faces" value="6" checked' in resp.text and 'name="die_faces" value="X" >' in resp.text
