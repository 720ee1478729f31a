"""Last Kyotoan Standing says why the market's buttons are missing: the engine
lists, beside its offers, the face-up cards the active monster cannot pay and the sweep it cannot,
in the rulebook's words: "Three cards are face up at Nishiki Market. Buy any you can afford, or pay
2ϟ to sweep all three and reveal new ones." The page shows that line where the buttons would be."""
from __future__ import annotations

import re
from html import unescape
from urllib.parse import urlsplit

from companion.games.kyotoan.withheld import BUY_OR_SWEEP

from ..kyotoan_helpers import GAME, new, turn
from ..offers_checks import PLAYS

RULEBOOK = "Buy any you can afford, or pay 2ϟ to sweep all three and reveal new ones."


def test_the_cards_a_monster_cannot_afford_are_withheld_with_their_prices_and_never_offered():
    s = turn(new(market=["corner_store", "energize", "acid_attack"]), "123 eee", end=False)
    assert BUY_OR_SWEEP == RULEBOOK
    entries = GAME.withheld(s, PLAYS)
    dear = [e for e in entries if e["type"] == "buy"]
    assert dear == [{"type": "buy", "player": 0, "field": "card", "values": ["energize", "acid_attack"],
                     "why": "Alienoid (Ann) has 3ϟ: Energize costs 8ϟ and Acid Attack costs 6ϟ.",
                     "rule": RULEBOOK, "source": "rulebook"}]
    offered = [c["card"] for o in GAME.offers(s, PLAYS) if o["type"] == "buy" for c in o["cards"]]
    assert offered == ["corner_store"]
    assert not [e for e in entries if e["type"] == "sweep"], "3ϟ pays a sweep"


def test_a_sweep_under_2_energy_is_withheld_with_the_rulebooks_price():
    s = turn(new(), "123 e hh", end=False)
    assert s["players"][0]["energy"] == 1
    sweep = [e for e in GAME.withheld(s, PLAYS) if e["type"] == "sweep"]
    assert sweep == [{"type": "sweep", "player": 0, "why": "Alienoid (Ann) has 1ϟ; a sweep costs 2ϟ.",
                      "rule": RULEBOOK, "source": "rulebook"}]
    assert not [o for o in GAME.offers(s, PLAYS) if o["type"] == "sweep"]


def test_nothing_is_withheld_outside_the_buy_step():
    assert GAME.withheld(new(), PLAYS) == []


def test_the_page_says_why_a_card_has_no_buy_button(client):
    made = client.post("/api/tables", json={"game": "kyotoan", "players": ["Ann", "Bob", "Cy"],
                                            "options": {"first_player": 0}}).json
    tid, bearer = made["id"], {"Authorization": f"Bearer {made['token']}"}
    client.post(f"/api/tables/{tid}/actions", json={"type": "market", "cards": ["corner_store", "energize", "acid_attack"]}, headers=bearer)
    client.post(f"/api/tables/{tid}/actions", json={"type": "roll", "faces": ["1", "2", "3", "heart", "heart", "energy"]}, headers=bearer)
    client.post(f"/api/tables/{tid}/actions", json={"type": "resolve"}, headers=bearer)
    assert [e["type"] for e in client.get(f"/api/tables/{tid}", headers=bearer).json["withheld"]] == ["buy", "sweep"]
    client.get(urlsplit(made["urls"]["play"]).path)
    page = " ".join(unescape(re.sub(r"<[^>]*>", " ", client.get(f"/t/{tid}").get_data(as_text=True))).split())
    assert "Alienoid (Ann) has 1ϟ: Corner Store costs 3ϟ, Energize costs 8ϟ and Acid Attack costs 6ϟ." in page
    assert "Alienoid (Ann) has 1ϟ; a sweep costs 2ϟ. " + RULEBOOK in page
