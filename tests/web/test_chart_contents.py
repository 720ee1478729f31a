"""Every game's board has its chart (templates/_chart.html), drawn from the timeline
the engine records as the game is played: ★ and ♥ per turn, bells per round (only once the VP
piles are seen), Medals and skills per round, score per round. Each test plays known moves and
reads the chart's table of numbers (its text alternative) and its spoken summary.

While a game runs, its charts are not in the board every push carries: the board holds a
closed "Show the charts" (partials/_charts.html), and opening it fetches them from
GET /t/<id>/charts, as the page's viewer may see the table. A finished game draws them in its board."""
from __future__ import annotations

import html
import re

from companion.web.tables.charts import NAME_GAP, layout

MARKET = {"type": "market", "cards": ["corner_store", "heal", "acid_attack"]}


def roll(*faces: str) -> dict:
    return {"type": "roll", "faces": list(faces)}


# Ann (Alienoid) scores 1★ for three 1s and 1★ for entering Kyoto; Bob (Cyber Kitty) 2★ for three
# 2s; Ann 2★ for starting her turn in Kyoto and 3★ for three 3s, and smashes Bob for 1♥.
KYOTOAN_TURNS = [MARKET, roll("1", "1", "1", "energy", "energy", "energy"), {"type": "resolve"}, {"type": "end_turn"},
                 roll("2", "2", "2", "energy", "energy", "energy"), {"type": "resolve"}, {"type": "end_turn"},
                 roll("3", "3", "3", "smash", "energy", "energy"), {"type": "resolve"}, {"type": "end_turn"}]


def chart(page: str, title: str) -> tuple[str, list[list[str]]] | None:
    """The chart called `title` on a page: its summary for a screen reader and the rows of its
    numbers' table (the header row first), or None when the page has no such chart."""
    found = re.search(r'<figure class="card chart" data-chart="' + re.escape(title) + r'">(.*?)</figure>', page, re.S)
    if found is None:
        return None
    body = found.group(1)
    summary = html.unescape(re.search(r'<svg [^>]*role="img" aria-label="([^"]*)"', body).group(1))
    rows = [[html.unescape(re.sub(r"<[^>]+>", "", cell)).strip() for cell in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, re.S)]
            for row in re.findall(r"<tr>(.*?)</tr>", body, re.S)]
    return summary, rows


def watch(client, table: dict) -> str:
    return client.get(f"/t/{table['id']}/watch").get_data(as_text=True)


def opened(client, table: dict, mode: str = "watch") -> str:
    """The charts a phone gets when it opens "Show the charts" on its play or watch page."""
    resp = client.get(f"/t/{table['id']}/charts?mode={mode}")
    assert resp.status_code == 200
    return resp.get_data(as_text=True)


def play(api, table: dict, actions: list[dict]) -> dict:
    reply = {}
    for action in actions:
        reply = api.act(table, action)
    return reply


def test_kyotoan_charts_stars_and_hearts_per_turn(api, client):
    table = api.create("kyotoan", ("Ann", "Bob"))
    play(api, table, KYOTOAN_TURNS)
    summary, rows = chart(opened(client, table), "Stars per turn")
    assert rows == [["Turn", "Alienoid", "Cyber Kitty"], ["start", "0", "0"], ["1", "2", "0"], ["2", "2", "2"], ["3", "7", "2"]]
    assert summary == "Stars per turn. After turn 3: Alienoid leads with 7 stars; then Cyber Kitty 2."
    summary, rows = chart(opened(client, table), "Hearts per turn")
    assert rows[1:] == [["start", "10", "10"], ["1", "10", "10"], ["2", "10", "10"], ["3", "10", "9"]]
    assert summary == "Hearts per turn. After turn 3: Alienoid leads with 10 hearts; then Cyber Kitty 9."


def test_a_point_says_its_value_on_hover_and_the_hearts_scale_is_the_monsters_maximum(api, client):
    table = api.create("kyotoan", ("Ann", "Bob"))
    play(api, table, KYOTOAN_TURNS)
    page = opened(client, table)
    assert "<title>Cyber Kitty, turn 3: 9 hearts</title>" in page and "<title>Alienoid, turn 1: 2 stars</title>" in page
    hearts = re.search(r'data-chart="Hearts per turn">.*?<g class="ticks" text-anchor="end">(.*?)</g>', page, re.S).group(1)
    assert re.findall(r">(\d+)</text>", hearts)[-1] == "10"  # the top of the ♥ axis: the monsters' 10, not 12


def test_a_chart_appears_from_its_second_point(api, client):
    table = api.create("kyotoan", ("Ann", "Bob"))
    play(api, table, KYOTOAN_TURNS[:3])  # the first turn not ended yet: the start is the only point
    assert chart(opened(client, table), "Stars per turn") is None
    assert '<details id="charts"' not in watch(client, table)  # nothing to chart: no control
    api.act(table, {"type": "end_turn"})
    assert chart(opened(client, table), "Stars per turn")[1][-1] == ["1", "2", "0"]
    assert '<details id="charts"' in watch(client, table)


def test_an_undo_takes_the_last_point_away_and_a_redo_puts_it_back(api, client):
    table = api.create("kyotoan", ("Ann", "Bob"))
    play(api, table, KYOTOAN_TURNS)
    auth = {"Authorization": f"Bearer {table['token']}"}
    client.post(f"/api/tables/{table['id']}/undo", json={}, headers=auth)
    assert chart(opened(client, table), "Stars per turn")[1][-1] == ["2", "2", "2"]
    client.post(f"/api/tables/{table['id']}/redo", json={}, headers=auth)
    assert chart(opened(client, table), "Stars per turn")[1][-1] == ["3", "7", "2"]


def give(to: int, value: int = 0, kind: str = "plain", bells: int = 0) -> dict:
    return {"type": "give", "to": to, "card": {"value": value, "kind": kind, "bells": bells}}


# Round 1 (Ann first): Ann's row holds a 5 with 2 bells, a Bell card puts 2 bells in her pile, and
# Bob's row of 4s passes 13 on the fourth turn: Ann banks her 2 bells (4 in all). Round 2 (Bob
# first): a Bell card of 2 on each turn takes Ann to 14, and the game ends there.
GANGS_ROUND_1 = [give(0, 5, "bell", 2), give(1, 4), give(1, 4), give(0, 0, "bell_card", 2),
                 give(1, 4), give(0, 1), give(1, 4)]
GANGS_ROUND_2 = [a for _ in range(5) for a in (give(0, 0, "bell_card", 2), give(1, 0))][:-1]


def test_gangs_bells_per_round_stay_hidden_during_play_from_every_reader(api, client, app):
    table = api.create("gangs", ("Ann", "Bob"))
    play(api, table, GANGS_ROUND_1)
    play_token = table["urls"]["play"].rsplit("/", 1)[-1]
    seat = client.post(f"/api/tables/{table['id']}/seats", json={"seat": 0}, headers={"Authorization": f"Bearer {play_token}"}).json
    for token in (None, play_token, seat["token"], table["token"]):
        assert api.get(table, token)["state"]["timeline"] == []
    assert chart(watch(client, table), "Bells per round") is None
    assert "Bells per round" not in client.get(f"/t/{table['id']}/regions?mode=watch").get_data(as_text=True)
    phone = app.test_client()
    phone.get(f"/t/{table['id']}/play/{seat['token']}")  # Ann's own phone: her pile, but no chart of everyone's
    assert "Bells per round" not in phone.get(f"/t/{table['id']}").get_data(as_text=True)


def test_gangs_bells_per_round_are_charted_at_the_end(api, client):
    table = api.create("gangs", ("Ann", "Bob"))
    reply = play(api, table, GANGS_ROUND_1 + GANGS_ROUND_2)
    assert reply["state"]["over"]
    summary, rows = chart(opened(client, table), "Bells per round")
    assert rows == [["Round", "Ann", "Bob"], ["start", "0", "0"], ["1", "4", "0"], ["2", "14", "0"]]
    assert summary == "Bells per round. After round 2: Ann leads with 14 bells; then Bob 0."


def test_gangs_open_game_charts_the_bells_during_play(api, client):
    table = api.create("gangs", ("Ann", "Bob"), options={"first_player": 0, "open_vp": True})
    play(api, table, GANGS_ROUND_1)
    assert chart(opened(client, table), "Bells per round")[1][1:] == [["start", "0", "0"], ["1", "4", "0"]]
    assert '<details id="charts"' in watch(client, table)  # the piles are open: the control is there


def neko_round_one(api, table: dict) -> None:
    """Ann crosses the road and climbs a tree (2 Medals: Growth 1, every kitten's skills move up,
    all into hunting here); Bob ends his turn, and round 1 with it."""
    reply = play(api, table, [{"type": "crossed_road", "player": 0},
                              {"type": "check", "player": 0, "skill": "agility", "objective": 1, "die": 5, "target": "tree"},
                              {"type": "end_turn"}])
    for owed in reply["state"]["pending"]:
        api.act(table, {"type": "skill_up", "player": owed["player"], "skill": "hunting"})
    api.act(table, {"type": "end_turn"})


def test_neko_charts_medals_and_each_kittens_skills_per_round(api, client):
    table = api.create("neko", ("Ann", "Bob"))
    start = api.get(table)["state"]["players"]
    neko_round_one(api, table)
    page = opened(client, table)
    summary, rows = chart(page, "Medals per round")
    assert rows == [["Round", "Ann", "Bob"], ["start", "0", "0"], ["1", "2", "0"]]
    assert summary == "Medals per round. After round 1: Ann leads with 2 medals; then Bob 0."
    now = api.get(table)["state"]["players"]
    for name, before, after in zip(("Ann", "Bob"), start, now):
        _, rows = chart(page, f"Skills of {name} per round")
        assert rows[0] == ["Round", "Agility", "Friendship", "Fighting", "Hunting"]
        assert rows[1:] == [["start", *(str(before["skills"][s]) for s in ("agility", "friendship", "fighting", "hunting"))],
                            ["1", *(str(after["skills"][s]) for s in ("agility", "friendship", "fighting", "hunting"))]]
        assert after["skills"]["hunting"] > before["skills"]["hunting"]  # the Growth shows on the chart


BOSS_ROUND = [{"type": "reveal", "row": [9, 8, 7, 6, 5], "symbols": [None] * 5}, {"type": "play", "colour": "red"}] + [{"type": "take"}] * 7


def test_boss_kito_charts_the_score_per_round_on_an_axis_of_nine_rounds(api, client):
    table = api.create("bosskito", ("Ann", "Bob"))
    play(api, table, BOSS_ROUND)  # Ann's red card wins Visitors (9)
    page = opened(client, table)
    summary, rows = chart(page, "Score per round")
    assert rows == [["Round", "Ann", "Bob"], ["start", "0", "0"], ["1", "9", "0"]]
    assert summary == "Score per round. After round 1: Ann leads with 9 points; then Bob 0."
    ticks = re.search(r'<g class="ticks" text-anchor="middle">(.*?)</g>', page, re.S).group(1)
    assert re.findall(r">(\w+)</text>", ticks) == ["start"] + [str(r) for r in range(1, 10)]


def test_a_shared_lead_is_said_as_shared(api, client):
    table = api.create("bosskito", ("Ann", "Bob"))
    play(api, table, [BOSS_ROUND[0]] + [{"type": "take"}] * 8)  # nobody plays a card: nobody scores
    summary, _ = chart(opened(client, table), "Score per round")
    assert summary == "Score per round. After round 1: Ann and Bob lead with 0 points."


def test_names_at_the_lines_ends_never_overlap_even_when_every_line_ends_alike():
    points = [{"round": r, "bells": [0] * 6} for r in range(3)]
    drawn = layout("Bells per round", "round", points, "round", [(f"P{k}", f"bells.{k}") for k in range(6)], unit="bells")
    heights = sorted(float(line["end"][1]) for line in drawn["lines"])
    assert all(b - a >= NAME_GAP for a, b in zip(heights, heights[1:]))
    assert heights[0] >= drawn["top"] and heights[-1] <= drawn["bottom"] + 4


def test_a_long_game_keeps_a_readable_axis_and_a_scale_the_rules_fix():
    points = [{"turn": t, "stars": [min(t, 20)]} for t in range(60)]
    drawn = layout("Stars per turn", "turn", points, "turn", [("Ann", "stars.0")], y_max=20, unit="stars")
    assert [v for _, _, v in drawn["y_ticks"]] == [0, 5, 10, 15, 20]
    assert len(drawn["x_ticks"]) <= 13 and drawn["x_ticks"][-1][1] == "59"
    assert len(drawn["rows"]) == 60 and len(drawn["lines"][0]["marks"]) <= 13  # every value in the table
    medals = layout("Medals per round", "round", [{"round": 0, "m": [0]}, {"round": 1, "m": [2]}], "round", [("Ann", "m.0")], y_max=7)
    assert [v for _, _, v in medals["y_ticks"]] == [0, 2, 4, 6, 7]  # up to the seven Medals a sheet holds
