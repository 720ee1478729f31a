"""Charts are drawn when a phone asks for them, not in every push. While a game runs, the
board every phone is pushed holds a closed "Show the charts" (partials/_charts.html) instead of
the charts, and opening it fetches them (GET /t/<id>/charts?mode=play|watch) as that page's
viewer may see the table; a finished game draws them in its board, where no more pushes come."""
from __future__ import annotations

import pytest

from companion.games import WATCHER, Viewer
from companion.web.tables.render import RenderCache, regions

from .test_chart_contents import GANGS_ROUND_1, GANGS_ROUND_2, KYOTOAN_TURNS, chart, give, opened, play, watch

FIGURE = '<figure class="card chart"'
CONTROL = '<details id="charts"'


def service_table(app, table: dict):
    return app.extensions["companion.tables"].get(table["id"])


def pushes(app, table: dict) -> dict[str, str]:
    """What a push carries to a watcher, a phone with play rights and a seat: rendered alone and
    through the render cache, as a push is."""
    found = {}
    with app.test_request_context("/"):
        t = service_table(app, table)
        for name, viewer, mode in (("watcher", WATCHER, "watch"), ("play", Viewer(None, True), "play"),
                                   ("seat", Viewer(0, True), "play")):
            found[name] = regions(t, viewer, mode)
            found[name + " cached"] = "".join(RenderCache().regions(t, viewer, mode))
    return found


def seated_phone(app, client, table: dict, seat: int):
    """A phone holding `seat` (its token in the cookie, as the play link leaves it)."""
    play_token = table["urls"]["play"].rsplit("/", 1)[-1]
    token = client.post(f"/api/tables/{table['id']}/seats", json={"seat": seat},
                        headers={"Authorization": f"Bearer {play_token}"}).json["token"]
    phone = app.test_client()
    phone.get(f"/t/{table['id']}/play/{token}")
    return phone


def test_a_running_games_pushes_carry_the_closed_control_and_no_chart(api, app, client):
    table = api.create("kyotoan", ("Ann", "Bob"))
    play(api, table, KYOTOAN_TURNS)
    for who, html in pushes(app, table).items():
        assert FIGURE not in html and "<svg viewBox" not in html, who
        assert html.count(CONTROL) == 1 and "<summary>Show the charts</summary>" in html, who
        assert f'{CONTROL} class="card charts" open' not in html  # closed: nothing fetched until a tap
    for page in (watch(client, table), client.get(f"/t/{table['id']}").get_data(as_text=True)):
        assert FIGURE not in page and CONTROL in page


def test_the_charts_route_draws_them_for_the_play_and_the_watch_page(api, app, client):
    table = api.create("kyotoan", ("Ann", "Bob"))
    play(api, table, KYOTOAN_TURNS)
    host_phone = app.test_client()
    host_phone.get(f"/t/{table['id']}/play/{table['urls']['play'].rsplit('/', 1)[-1]}")  # play rights, no seat
    seat_phone = seated_phone(app, client, table, 1)
    expected = [["start", "0", "0"], ["1", "2", "0"], ["2", "2", "2"], ["3", "7", "2"]]
    for phone in (client, host_phone, seat_phone):
        for mode in ("play", "watch"):
            drawn = opened(phone, table, mode)
            assert chart(drawn, "Stars per turn")[1][1:] == expected, mode
            assert chart(drawn, "Hearts per turn") is not None
            assert "<html" not in drawn and CONTROL not in drawn  # the charts alone, for the control's inside


def test_a_games_control_names_its_chart_or_charts(api, client):
    table = api.create("bosskito", ("Ann", "Bob"))
    play(api, table, [{"type": "reveal", "row": [9, 8, 7, 6, 5], "symbols": [None] * 5}, {"type": "play", "colour": "red"}]
         + [{"type": "take"}] * 7)
    assert "<summary>Show the chart</summary>" in watch(client, table)
    assert chart(opened(client, table), "Score per round") is not None


@pytest.mark.parametrize("mode", ["watch", "play"])
def test_gangs_charts_show_no_hidden_bells_to_anyone_before_the_end(api, app, client, mode):
    # Two tables alike but for the bells of one Bell card, face down in Ann's VP pile.
    seen = []
    for bells in (1, 2):
        table = api.create("gangs", ("Ann", "Bob"))
        play(api, table, [give(0, 0, "bell_card", bells) if a == give(0, 0, "bell_card", 2) else a for a in GANGS_ROUND_1])
        readers = [client, seated_phone(app, client, table, 0), seated_phone(app, client, table, 1)]
        seen.append([opened(phone, table, mode) for phone in readers])
        for who, html in pushes(app, table).items():
            assert CONTROL not in html and FIGURE not in html, who  # nothing to show before the end
    assert seen[0] == seen[1]
    assert all(FIGURE not in html and "Bells per round" not in html for html in seen[0])


def test_a_finished_game_keeps_its_charts_behind_their_control(api, app, client):
    # "The charts stay on demand", at the end too (drawn into a game over's push they
    # grew with the game: 21 KB of a long Kyotoan one's 41). Gangs' bells are seen at last.
    table = api.create("gangs", ("Ann", "Bob"))
    assert play(api, table, GANGS_ROUND_1 + GANGS_ROUND_2)["state"]["over"]
    for who, html in {**pushes(app, table), "page": watch(client, table)}.items():
        board = html[html.index('<section id="board"'):]
        assert board.count(CONTROL) == 1 and FIGURE not in board, who
        assert "/static/css/charts.css" in board, who  # for the charts it opens to
    assert chart(opened(client, table), "Bells per round")[1][-1] == ["2", "14", "0"]


def test_pages_that_draw_no_chart_load_no_chart_style(api, client):
    table = api.create("kyotoan", ("Ann", "Bob"))
    assert "charts.css" not in client.get(f"/t/{table['id']}").get_data(as_text=True)  # a new table
    assert "charts.css" not in client.get("/").get_data(as_text=True)
    play(api, table, KYOTOAN_TURNS)
    assert "charts.css" in watch(client, table)  # with the control, for the charts it opens to
