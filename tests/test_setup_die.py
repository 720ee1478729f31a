"""Setup of a Kyoto no Neko table from the home page: a table whose Skill die differs from the
app's (1 to 5 and X, docs/rulings.md) ticks its faces, and the table offers exactly those."""
from __future__ import annotations

NEKO = {"game": "neko", "players": ["Ann", "Bob"], "first_player": "0"}


def created(client, **extra):
    resp = client.post("/tables", data={**NEKO, **extra})
    assert resp.status_code == 302, resp.text
    table_id = resp.location.rsplit("/", 1)[-1]
    return client.application.extensions["companion.tables"].get(table_id)


def test_the_home_page_asks_for_the_die_with_the_apps_faces_ticked(client):
    page = client.get("/").text
    assert "the faces of your Skill die" in page
    for face in ("1", "2", "3", "4", "5", "X"):
        assert f'name="die_faces" value="{face}" checked' in page
    assert 'name="die_faces" value="0" >' in page and 'name="die_faces" value="6" >' in page


def test_the_faces_ticked_are_the_tables_die(client):
    table = created(client, die_faces=["2", "3", "4", "5", "6", "X"])
    assert table.state["die"] == [2, 3, 4, 5, 6, "X"]
    check = next(o for o in table.game.offers(table.state, table.viewer_for(table.record["host_token"])) if o["type"] == "check")
    assert check["faces"] == [2, 3, 4, 5, 6, "X"]


def test_the_default_die_when_nothing_is_ticked_differently(client):
    assert created(client, die_faces=["1", "2", "3", "4", "5", "X"]).state["die"] == [1, 2, 3, 4, 5, "X"]


def test_a_die_without_its_x_is_refused_with_a_sentence_and_the_ticks_kept(client):
    resp = client.post("/tables", data={**NEKO, "die_faces": ["1", "2", "3", "4", "5", "6"]})
    assert resp.status_code == 422
    assert "numbers 0 to 6 and &#34;X&#34;, each once" in resp.text or 'numbers 0 to 6 and "X", each once' in resp.text
    assert 'name="die_faces" value="6" checked' in resp.text and 'name="die_faces" value="X" >' in resp.text
