"""Boss Kito rules, quoting ../shared/rules/boss-kito.md."""
from __future__ import annotations

import random

import pytest

from companion.games import get_game
from companion.games.bosskito.rules import column_winner, scores

from ..engine_checks import assert_rejected, recorded_games, replay
from ..offers_checks import PLAYS

GAME = get_game("bosskito")
ROW = [9, 8, 7, 6, 5]
# What the starting player's phone is told the table owes before a round's turns.
ASKS = "turn up round {}'s five benefits and tap them in, left to right"


def new(n=3, first=0, row=ROW, **options):
    s = GAME.setup(["Aya", "Ben", "Cho", "Dai", "Emi"][:n], {"first_player": first, **options}, random.Random(0))
    return act(s, type="reveal", row=list(row)) if row else s


def act(state, **action):
    return GAME.apply(state, action)[0]


def rejected(state, action, words):
    assert_rejected(GAME, state, action, words)


def played(**colours):
    return {c: colours.get(c, []) for c in ("red", "yellow", "green", "blue", "purple")}


def test_setup_three_tokens_each_five_cards_each_the_rest_in_stock():
    s = new(4, row=None)
    assert [(p["tokens"], p["hand"]) for p in s["players"]] == [(3, 5)] * 4
    assert s["stock"] == 30 - 12 and s["draw_pile"] == 50 - 20
    assert s["pending"] == [{"type": "reveal", "player": 0, "asks": ASKS.format(1)}]
    rejected(s, {"type": "draw"}, "First tap in the five benefits")


def test_play_a_card_of_a_colour():
    s = act(new(), type="play", colour="green")
    assert s["players"][0]["played"]["green"] == [0] and s["players"][0]["hand"] == 4
    assert s["current"] == 1


def test_play_with_an_empty_hand_is_refused():
    s = new()
    s["players"][0]["hand"] = 0
    rejected(s, {"type": "play", "colour": "red"}, "has no banana card in hand")
    rejected(s, {"type": "play", "colour": "pink"}, "'pink' is not a colour")


@pytest.mark.parametrize("colour, words", [([], "'[]' is not a colour"), ({"red": 1}, "'{'red': 1}' is not a colour"),
                                           (1.0, "'1.0' is not a colour"), ("r" * 9000, "'rrrrr")])
def test_a_colour_of_another_type_is_refused_with_a_sentence(colour, words):
    rejected(new(), {"type": "play", "colour": colour}, words)
    rejected(new(), {"type": "place", "on": [colour]}, words)


def test_place_one_or_two_tokens_on_played_cards():
    # "place 1 or 2 banana tokens on already played banana cards: 1 or 2 banana tokens on 1 card
    # or 1 banana token on one card and 1 banana token on another"
    s = new(2)
    s["players"][0]["played"] = played(red=[0], blue=[0])
    s = act(s, type="place", on=["red", "blue"])
    assert s["players"][0]["played"]["red"] == [1] and s["players"][0]["played"]["blue"] == [1]
    assert s["players"][0]["tokens"] == 1
    s = act(s, type="take")
    s["players"][1]["played"] = played(red=[0])
    rejected(s, {"type": "place", "on": ["green"]}, "has no green banana card on the table")
    rejected(s, {"type": "place", "on": ["red", "red", "red"]}, "Place 1 or 2 banana tokens")
    # A page's Place tapped before any colour: the sentence says what is missing, not the field's shape.
    rejected(s, {"type": "place"}, "Place 1 or 2 banana tokens: pick the colour of the card each goes on.")
    s["players"][1]["tokens"] = 1
    rejected(s, {"type": "place", "on": ["red", "red"]}, "has 1 banana token")


def test_draw_reshuffles_the_discard_pile_and_is_impossible_when_both_are_empty():
    # "If the banana card draw pile runs out, shuffle the discard pile and form a new draw pile. If there
    # are no cards in the discard pile ..., the action "draw a banana card" cannot be chosen."
    s = new()
    s["draw_pile"], s["discard"] = 0, 4
    s = act(s, type="draw")
    assert s["draw_pile"] == 3 and s["discard"] == 0 and s["players"][0]["hand"] == 6
    s["draw_pile"] = 0
    rejected(s, {"type": "draw"}, "draw pile and the discard pile are both empty")


def test_take_three_or_what_is_left_but_not_from_an_empty_stock():
    # "If there are fewer than 3 banana tokens left, players may instead take the banana tokens remaining."
    s = new()
    s["stock"] = 2
    s = act(s, type="take")
    assert s["players"][0]["tokens"] == 5 and s["stock"] == 0
    rejected(s, {"type": "take"}, "The general stock is empty")


def test_exchange_any_number_of_cards():
    s = act(new(), type="exchange", count=3)
    assert s["players"][0]["hand"] == 5 and s["discard"] == 3 and s["draw_pile"] == 50 - 15 - 3
    rejected(s, {"type": "exchange", "count": 6}, "from 1 to 5")


def test_four_turns_each_then_a_fifth_is_impossible_and_the_round_ends():
    s = new(2)
    for _ in range(7):
        s = act(s, type="take")
    assert s["pending"] == [{"type": "turn", "player": 1, "turn": 4}]
    s = act(s, type="take")
    assert s["round"] == 2 and s["pending"] == [{"type": "reveal", "player": 0, "asks": ASKS.format(2)}]
    rejected(s, {"type": "take"}, "First tap in the five benefits")


def test_a_banana_card_is_worth_3_bananas_and_tokens_add_one_each():
    players = [{"played": played(red=[2])}, {"played": played(red=[0, 0])}]
    assert column_winner(players, "red") == 1  # 6 beats 5
    players[0]["played"]["red"] = [3]
    assert column_winner(players, "red") is None  # 6 = 6: tie, discarded
    assert column_winner(players, "green") is None  # no cards: discarded


def test_hand_out_column_by_column_with_ties_and_empty_columns():
    s = new(3)
    s["players"][0]["played"] = played(red=[1], yellow=[0])
    s["players"][1]["played"] = played(red=[0, 0], yellow=[0])
    s["players"][2]["played"] = played(blue=[0])
    s["turns_left"] = [0, 0, 1]
    s["current"] = 2
    s = act(s, type="take")
    assert [p["benefits"] for p in s["players"]] == [[], [9], [6]]  # red to Ben (6 > 4), yellow tie, blue to Cho
    # "All played banana tokens go back to the general stock and all played banana cards are discarded."
    assert all(p["played"] == played() for p in s["players"])
    assert s["stock"] == 30 - 9 - 3 + 1 and s["discard"] == 6
    # The hand-out stays on the table's state until the next one: who takes which benefit card.
    assert s["handed_out"]["round"] == 1
    assert [(h["colour"], h["benefit"], h["player"], h.get("bananas"), h.get("discarded")) for h in s["handed_out"]["columns"]] == [
        ("red", 9, 1, 6, None), ("yellow", 8, None, None, "a tie"), ("green", 7, None, None, "no banana card"),
        ("blue", 6, 2, 3, None), ("purple", 5, None, None, "no banana card")]


def test_additional_actions_card_banana_and_pass():
    s = GAME.setup(["Aya", "Ben"], {"first_player": 0}, random.Random(0))
    s = act(s, type="reveal", row=[9, 8, 7, 6, 5], symbols=["card", "banana", "pass", None, None])
    s["players"][0]["played"] = played(red=[0], green=[0])
    s["players"][1]["played"] = played(yellow=[0])
    s["turns_left"] = [0, 1]
    s["current"] = 1
    s = act(s, type="take")
    aya, ben = s["players"]
    assert aya["hand"] == 6 and ben["tokens"] == 3 + 3 + 1
    assert s["pending"] == [{"type": "pass_start", "player": 0}] and s["current"] is None
    rejected(s, {"type": "reveal", "row": [9, 8, 7, 6, 5]}, "already on the table")
    s = act(s, type="pass_start", to=1)
    assert s["starting_player"] == 1 and s["round"] == 2
    # Nobody's turn until the new benefits are up: then Ben, who now holds the card, begins.
    assert s["current"] is None and s["pending"] == [{"type": "reveal", "player": 1, "asks": ASKS.format(2)}]
    rejected(s, {"type": "pass_start", "to": 0}, "Nobody may pass")
    s = act(s, type="reveal", row=[9, 8, 7, 6, 5])
    assert s["current"] == 1 and s["pending"] == [{"type": "turn", "player": 1, "turn": 1}]


def test_a_double_arrow_won_in_the_last_round_asks_nobody_to_pass():
    # "After 9 rounds all benefits will have been handed out ... and all the points of the players
    # are counted"; the double arrow passes the card that starts the next round ("This is the only
    # way to change the starting player"), and no round follows the ninth (docs/rulings.md).
    s = GAME.setup(["Aya", "Ben"], {"first_player": 0}, random.Random(0))
    s["round"] = 9
    s = act(s, type="reveal", row=[1, 2, 3, 4, 5], symbols=["pass", None, None, None, None])
    s["players"][0]["played"] = played(red=[0])
    s["turns_left"] = [0, 1]
    s["current"] = 1
    s, lines = GAME.apply(s, {"type": "take"})
    assert s["over"] and s["pending"] == [] and 1 in s["players"][0]["benefits"]
    assert "No round follows the last: the double arrow passes no starting player card." in lines
    assert GAME.offers(s, PLAYS) == []


def test_symbols_default_from_the_option():
    s = new(2, symbols={"9": "banana"})
    assert s["row_symbols"] == ["banana", None, None, None, None]


def test_a_numbers_symbol_set_once_comes_with_it_at_every_reveal():
    s = new(2, row=None)
    assert s["current"] is None  # nobody's turn while the benefits are turned up
    s, lines = GAME.apply(s, {"type": "symbol", "number": 3, "symbol": "pass"})
    assert lines == ["Benefit 3 cards carry the double arrow (pass the starting player card)."]
    s = act(s, type="symbol", number=8, symbol="card")
    s = act(s, type="reveal", row=[3, 8, 3, 1, 2])
    assert s["row_symbols"] == ["pass", "card", "pass", None, None]
    rejected(s, {"type": "symbol", "number": 3, "symbol": None}, "before a round's benefits are turned up")
    s["phase"], s["row"] = "reveal", [None] * 5
    s = act(s, type="symbol", number=3, symbol=None)  # a number's symbol can be taken back before a reveal
    s = act(s, type="reveal", row=[3, 8, 9, 9, 9])
    assert s["row_symbols"] == [None, "card", None, None, None]


@pytest.mark.parametrize("action, words", [
    ({"number": 0, "symbol": "pass"}, "'number' (a benefit number) must be a whole number from 1 to 9."),
    ({"number": "3", "symbol": "pass"}, "must be a whole number from 1 to 9"),
    ({"number": 3, "symbol": "arrow"}, "'arrow' is not a symbol; a benefit card shows pass, card, banana or none (null)."),
    ({"number": 3, "symbol": ["pass"]}, "is not a symbol"),
    ({"number": 3}, "needs the field 'symbol'"),
])
def test_a_symbol_outside_the_cards_is_refused(action, words):
    rejected(new(2, row=None), {"type": "symbol", **action}, words)


def test_a_row_with_benefits_missing_says_how_many_were_entered():
    s = new(2, row=None)
    rejected(s, {"type": "reveal", "row": [9, 8, 7]}, "Enter all 5 benefits, left to right: 3 of 5 entered.")
    rejected(s, {"type": "reveal", "row": []}, "0 of 5 entered")
    rejected(s, {"type": "reveal", "row": [9, 8, 7, 6, 5, 4]}, "'row' is the five benefit numbers")


def test_revealing_a_number_whose_cards_are_all_out_is_refused():
    s = new(2, row=None)
    rejected(s, {"type": "reveal", "row": [1, 1, 2, 3, 4]}, "Only 1 benefit card numbered 1 is left")
    s = act(s, type="reveal", row=[1, 2, 2, 3, 4])
    s["phase"] = "reveal"
    rejected(s, {"type": "reveal", "row": [2, 5, 5, 5, 5]}, "Only 0 benefit cards numbered 2 are left")
    rejected(s, {"type": "reveal", "row": [9, 9, 9]}, "Enter all 5 benefits")


def test_scoring_most_cards_scores_the_number_ties_all_score_others_one_per_card():
    # "if one player has the most benefits with number 9, he scores 9 points. If 2 players have 3
    # benefit cards with number 7, they both score 7 points. All other players score 1 point per card."
    players = [{"benefits": [9, 9, 7, 7, 7]}, {"benefits": [9, 7, 7, 7, 1]}, {"benefits": [7]}, {"benefits": []}]
    assert scores(players) == [9 + 7, 1 + 7 + 1, 1, 0]


def test_final_tie_goes_to_the_most_banana_tokens():
    s = new(2)
    s["round"] = 9
    s["players"][0]["benefits"] = [5]
    s["players"][1]["benefits"] = [5]
    s["players"][1]["tokens"] = 7
    s["turns_left"] = [0, 1]
    s["current"] = 1
    s = act(s, type="draw")
    assert s["over"] and s["winner"] == 1 and [p["score"] for p in s["players"]] == [5, 5]
    s2 = new(2)
    s2["round"] = 9
    s2["turns_left"] = [0, 1]
    s2["current"] = 1
    s2 = act(s2, type="exchange", count=1)
    assert s2["winner"] == [0, 1]  # equal scores and tokens: a shared win


@pytest.mark.parametrize("path", recorded_games("bosskito"), ids=lambda p: p.stem)
def test_recorded_game(path, api):
    state, rec = replay(path)
    expect = rec["expect"]
    for key in ("over", "winner", "standings", "round", "stock", "draw_pile", "discard"):
        assert state[key] == expect[key], key
    for got, want in zip(state["players"], expect["players"], strict=True):
        assert {k: got[k] for k in want} == want
    table = api.create("bosskito", rec["players"], options=rec["options"], seed=rec["seed"])
    for action in rec["actions"]:
        api.act(table, action)
    assert api.get(table)["state"]["winner"] == expect["winner"]


def test_a_player_who_can_take_none_of_the_five_actions_passes_the_turn():
    # The rulebook is silent (docs/rulings.md): no card in hand, none to draw, no token to take,
    # no card of theirs to put a token on.
    s = new(2)
    s["players"][1]["hand"] = 0
    s["draw_pile"], s["discard"], s["stock"] = 0, 0, 0
    before = s["players"][1]
    s, lines = GAME.apply(s, {"type": "exchange", "count": 1})  # Aya's card goes out and comes back
    assert lines[-1] == "Ben can take none of the five actions: the turn passes."
    assert s["current"] == 0 and s["turns_left"] == [3, 3] and s["players"][1] == before
    rejected(s, {"type": "take", "player": 1}, "Aya takes this turn now, not Ben.")
