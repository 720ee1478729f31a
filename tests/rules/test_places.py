"""Places at the end of a game: players whom the game's own tie-breakers cannot separate share a
place, below the winner as at the top, so a tournament night never gives one of them a point more
for where they sat (docs/rulings.md, "Placings from the app")."""
from __future__ import annotations

import csv
import io
import random

from companion.games import get_game

from ..web.test_events import auth, play_bosskito_to_the_end


def finished(game_id: str, names: list[str], change) -> dict:
    """A game of `names` ended after `change(state)` set its players' scores; standings as the
    engine computes them."""
    game = get_game(game_id)
    state = game.setup(names, {"first_player": 0}, random.Random(1))
    change(state)
    state["over"] = True
    state["standings"] = game.standings(state)
    return state


def scores(state, **by_name):
    for p in state["players"]:
        p.update(by_name[p["name"]])


def test_boss_kito_players_equal_on_score_and_tokens_share_their_place():
    state = finished("bosskito", ["Ann", "Bob", "Cy", "Dee"], lambda s: (scores(s, Ann={"score": 40, "tokens": 1}, Bob={"score": 34, "tokens": 0},
                                                                              Cy={"score": 34, "tokens": 0}, Dee={"score": 34, "tokens": 2}),
                                                                       s.update(winner=0)))
    # Dee has more tokens than Bob and Cy: the rulebook's tie-break makes Dee 2nd; Bob and Cy are equal.
    assert get_game("bosskito").places(state) == [1, 3, 3, 2]


def test_a_shared_win_is_first_for_all_and_the_next_place_counts_them():
    state = finished("bosskito", ["Ann", "Bob", "Cy"], lambda s: (scores(s, Ann={"score": 20, "tokens": 1}, Bob={"score": 20, "tokens": 1},
                                                                        Cy={"score": 5, "tokens": 0}),
                                                                 s.update(winner=[0, 1])))
    assert get_game("bosskito").places(state) == [1, 1, 3]


def test_kyoto_no_neko_kittens_who_lost_the_tie_fight_are_second_and_equal_kittens_below_share():
    def end(s):
        scores(s, Ann={"medals": 5, "skills": {**s["players"][0]["skills"], "friendship": 3}},
               Bob={"medals": 5, "skills": {**s["players"][1]["skills"], "friendship": 3}},
               Cy={"medals": 2, "skills": {**s["players"][2]["skills"], "friendship": 1}},
               Dee={"medals": 2, "skills": {**s["players"][3]["skills"], "friendship": 1}})
        s["winner"] = 1  # Bob won the fight between the two tied kittens
    state = finished("neko", ["Ann", "Bob", "Cy", "Dee"], end)
    assert state["standings"][0] == 1
    assert get_game("neko").places(state) == [2, 1, 3, 3]


def test_gangs_of_kyoto_never_ties_the_seat_after_the_first_player_decides():
    state = finished("gangs", ["Ann", "Bob", "Cy"], lambda s: (scores(s, Ann={"bells": 13}, Bob={"bells": 4}, Cy={"bells": 4}), s.update(winner=0)))
    # Equal bells: "the player who is furthest in turn order from the First Player card" (Cy).
    assert get_game("gangs").places(state) == [1, 3, 2]


def test_last_kyotoan_standing_monsters_equal_on_stars_and_hearts_share_their_place():
    state = finished("kyotoan", ["Ann", "Bob", "Cy"], lambda s: (scores(s, Ann={"stars": 20, "hp": 3}, Bob={"stars": 7, "hp": 5},
                                                                        Cy={"stars": 7, "hp": 5}),
                                                                 s.update(winner=0)))
    assert get_game("kyotoan").places(state) == [1, 2, 2]


def tied_night(client):
    """A one-round Boss Kito night of four, played in the app: the first seat wins every benefit and
    the other three end equal (no score, the same tokens)."""
    event = client.post("/api/events", json={"name": "Ties", "games": ["bosskito"], "rounds": 1}).json
    eid, h = event["id"], auth(event["token"])
    client.post(f"/api/events/{eid}/players", json={"names": ["Aiko", "Botan", "Chika", "Daichi"]}, headers=h)
    table = client.post(f"/api/events/{eid}/rounds", json={"game": "bosskito"}, headers=h).json["tables"][0]
    return eid, h, table, play_bosskito_to_the_end(client, table)


def test_a_nights_points_for_players_tied_below_the_winner_are_shared_not_given_by_seat(client):
    eid, h, table, winner = tied_night(client)
    state = client.get(f"/api/tables/{table['table_id']}", headers=auth(table["token"])).json["state"]
    others = [n for n in table["players"] if n != winner]
    assert len({(p["score"], p["tokens"]) for p in state["players"] if p["name"] in others}) == 1, "the three are equal"
    points = {r["name"]: r["points"] for r in client.get(f"/api/events/{eid}/standings").json}
    # A four-player table gives 3, 2, 1 and 0; three players tied for 2nd share 2 + 1 + 0.
    assert points == {winner: 3, **{n: 1 for n in others}}
    rows = csv.DictReader(io.StringIO(client.get(f"/api/events/{eid}/export.csv").text.removeprefix("\ufeff")))
    assert {r["player"]: (r["placing"], r["points"]) for r in rows} == {winner: ("1", "3"), **{n: ("2", "1") for n in others}}
    # The table's own end screen numbers them alike.
    page = client.get(f"/t/{table['table_id']}/watch").text
    assert page.count('<li value="2">') == 3 and page.count('<li value="1" class="first">') == 1


def test_a_nights_shared_places_come_through_an_export_and_its_import(client):
    eid, h, table, winner = tied_night(client)
    export = client.get(f"/api/events/{eid}/export.json", headers=h).json
    again = client.post("/api/events/import", json=export).json
    shared = {r["name"]: r["points"] for r in client.get(f"/api/events/{again['id']}/standings").json}
    assert sorted(shared.values()) == [1, 1, 1, 3]
