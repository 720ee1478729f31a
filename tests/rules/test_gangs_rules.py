"""Gangs of Kyoto rules, one test per rule, quoting ../shared/rules/gangs-of-kyoto.md."""
from __future__ import annotations

import random

import pytest

from companion.games import WATCHER, RuleViolation, Viewer, get_game

from ..offers_checks import PLAYS

GAME = get_game("gangs")


def new(players=("Ann", "Bob", "Cy"), first=0, **options):
    return GAME.setup(list(players), {"first_player": first, **options}, random.Random(0))


def card(value=0, kind="plain", bells=None):
    c = {"value": value, "kind": kind}
    if bells is not None:
        c["bells"] = bells
    return c


def give(state, to, value=0, kind="plain", bells=None, refuse=None):
    action = {"type": "give", "to": to, "card": card(value, kind, bells)}
    if refuse is not None:
        action["refuse"] = refuse
    return GAME.apply(state, action)[0]


def draw(state, value=0, kind="plain", bells=None, refuse=None):
    action = {"type": "draw", "card": card(value, kind, bells)}
    if refuse is not None:
        action["refuse"] = refuse
    return GAME.apply(state, action)[0]


def rejected(state, action, words):
    with pytest.raises(RuleViolation) as err:
        GAME.apply(state, action)
    assert words in str(err.value)


def test_the_active_player_takes_as_many_cards_as_there_are_players():
    # "in a 2-player game take 2 cards, in a 5-player game take 5."
    assert new(("A", "B")).get("hand") == 2
    five = new(("A", "B", "C", "D", "E"))
    assert five["hand"] == 5 and five["deck"] == 109 - 5


def test_rulebook_example_row_4_1_2():
    # "On the first turn of the game, this player received a "4", and on the second turn a "1".
    # On the third turn of the game this player is the active player and decides to take a "2"."
    s = new(first=1)  # Bob, Cy, then Ann is active on the third turn
    s = give(s, 0, 4); s = give(s, 1, 0); s = give(s, 2, 0)
    s = give(s, 0, 1); s = give(s, 1, 0); s = give(s, 2, 0)
    assert s["current"] == 0
    s = give(s, 0, 2)
    assert [c["value"] for c in s["players"][0]["row"]] == [4, 1, 2]
    assert s["players"][0]["sum"] == 7


def test_every_player_receives_exactly_one_card_per_turn():
    # "If a player has already been given a card, they cannot receive another one this turn!"
    s = give(new(), 1, 2)
    rejected(s, {"type": "give", "to": 1, "card": card(1)}, "Bob already received a card this turn")
    s = give(s, 0, 1)
    s = give(s, 2, 1)
    # "Then the next player (clockwise) takes their turn."
    assert s["current"] == 1 and s["hand"] == 3 and not any(p["received"] for p in s["players"])


def test_rulebook_example_a_2_makes_14_and_the_round_ends():
    # "This player received a "2" and the sum of their cards became 14. They stayed in the city
    # too long and must discard their entire row of cards (including cards with bells)! All other
    # players put the cards with bells from their rows into their VP piles ..., and the remaining
    # cards (without bells) go to the discard pile."
    s = new()
    s = give(s, 0, 4, "bell", 1); s = give(s, 1, 3, "bell", 2); s = give(s, 2, 4)          # Ann's turn
    s = give(s, 0, 4); s = give(s, 1, 2); s = give(s, 2, 2, "bell", 1)                      # Bob's turn
    s = give(s, 0, 4); s = give(s, 1, 1)                                                    # Cy's turn
    assert s["players"][0]["sum"] == 12 and s["hand"] == 1
    s = give(s, 2, 0)
    s = give(s, 0, 2)  # Ann's turn again: 12 + 2 = 14
    ann, bob, cy = s["players"]
    assert ann["bells"] == 0 and ann["vp"] == []  # Ann's 4-with-a-bell went to the discard pile
    assert bob["bells"] == 2 and [c["value"] for c in bob["vp"]] == [3]
    assert cy["bells"] == 1
    assert all(p["row"] == [] and p["sum"] == 0 for p in s["players"])
    # Discarded: Ann's 4 cards, Bob's 2 and 1, Cy's 4 and 0. The 2 unrevealed cards went back on the deck.
    assert s["discard"] == 4 + 2 + 2
    assert s["deck"] == 109 - 12 + 2 - 3  # and Bob, the new First Player, drew 3


def test_unrevealed_cards_return_to_the_deck_and_the_first_player_card_passes_clockwise():
    # "If the active player still has unrevealed cards in front of them, they are returned to the
    # top of the deck." "The First Player card passes clockwise to the next player. The new holder
    # of the First Player card starts the new round ... even if they were not the next player."
    s = new(first=0)
    s = give(s, 0, 4); s = give(s, 1, 0); s = give(s, 2, 0)   # Ann
    s = give(s, 0, 4); s = give(s, 1, 0); s = give(s, 2, 0)   # Bob
    s = give(s, 0, 4)                                          # Cy gives Ann 12, 2 cards left
    s = give(s, 1, 0); s = give(s, 2, 0)
    s = give(s, 0, 1)                                          # Ann's turn: 13, round ends, 2 unrevealed
    assert s["round"] == 2 and s["first_player"] == 1 and s["current"] == 1
    assert s["deck"] == 109 - 12 + 2 - 3  # Bob drew 3 for the new round


def test_the_new_first_player_starts_even_if_not_next_in_turn():
    s = new(first=0)
    s = give(s, 1, 4); s = give(s, 0, 0); s = give(s, 2, 0)  # Ann's turn
    s = give(s, 1, 4); s = give(s, 0, 0); s = give(s, 2, 0)  # Bob's turn
    s = give(s, 1, 5, "bell", 1)                                   # Cy's turn: Bob reaches 13
    assert s["current"] == 1  # Bob holds the First Player card now; Ann would have been next in turn


def test_the_sum_is_checked_before_the_cards_effect():
    # "they must first check whether the sum ... has reached 13. If the sum has not reached 13,
    # they must resolve the effect of the symbol on the card."
    s = new()
    s = give(s, 0, 4); s = give(s, 1, 4); s = give(s, 2, 4)
    s = give(s, 0, 4); s = give(s, 1, 4); s = give(s, 2, 4)
    s = give(s, 0, 4)  # Cy's turn: Ann 12
    s = give(s, 1, 0); s = give(s, 2, 0)
    s = give(s, 0, 1, "draw")  # 13: the round ends, the Draw symbol is not resolved
    assert s["round"] == 2 and s["draw_owed"] is None and s["pending"][0]["type"] == "give"


def test_draw_symbol_takes_the_next_card_and_chains():
    # "they take a new card from the top of the deck and place it to the right ... This action may
    # trigger the effect of another card"
    s = new()
    s = give(s, 1, 2, "draw")
    assert s["pending"] == [{"type": "draw", "player": 1}]
    rejected(s, {"type": "give", "to": 0, "card": card(1)}, "Bob must first take a card from the deck")
    deck = s["deck"]
    s = draw(s, 0, "draw")
    assert s["pending"] == [{"type": "draw", "player": 1}] and s["deck"] == deck - 1
    s = draw(s, 3)
    assert [c["value"] for c in s["players"][1]["row"]] == [2, 0, 3] and s["deck"] == deck - 2
    assert s["pending"][0]["type"] == "give" and s["pending"][0]["to"] == [0, 2]


def test_a_draw_can_end_the_round():
    s = new()
    s = give(s, 1, 4, "draw")
    s = draw(s, 4, "draw")
    s = draw(s, 4, "draw")
    s = draw(s, 1)  # 13
    assert s["round"] == 2 and s["players"][1]["row"] == []


def test_draw_is_refused_when_nobody_owes_one():
    rejected(new(), {"type": "draw", "card": card(1)}, "Nobody owes a draw now")


def test_bell_cards_go_straight_to_the_vp_pile():
    # "Players who receive one of these cards do not place it in their row, but immediately send it
    # face down to their VP pile! Some cards add 1 bell ..., some add 2 bells."
    s = give(new(), 2, 0, "bell_card", 2)
    cy = s["players"][2]
    assert cy["row"] == [] and cy["sum"] == 0 and cy["bells"] == 2 and len(cy["vp"]) == 1


def test_discard_removes_the_rightmost_card_and_itself():
    # "Players who receive this card immediately discard the rightmost card of their row, as well as
    # this card. If the player has no cards in their row yet, this card is discarded without applying
    # its effect."
    s = new()
    s = give(s, 0, 3); s = give(s, 1, 0); s = give(s, 2, 0)
    s = give(s, 0, 2); s = give(s, 1, 0, "discard")
    assert [c["value"] for c in s["players"][1]["row"]] == []  # Bob's 0 and the Discard card
    assert s["discard"] == 2
    s = give(s, 2, 0)
    s = give(s, 0, 0, "discard")
    assert [c["value"] for c in s["players"][0]["row"]] == [3] and s["players"][0]["sum"] == 3
    assert s["discard"] == 4
    empty = give(new(), 1, 0, "discard")
    assert empty["discard"] == 1 and empty["players"][1]["row"] == []


def test_stay_late_raises_the_limit_to_18_once():
    # "this player will end the round only when the sum of the values of their cards reaches 18 or
    # more, not 13. If a player receives several of these cards, they give no additional benefit."
    s = new()
    s = give(s, 0, 4); s = give(s, 1, 0, "stay_late"); s = give(s, 2, 0)
    assert s["players"][1]["limit"] == 18
    s = give(s, 0, 0); s = give(s, 1, 4); s = give(s, 2, 0)
    s = give(s, 0, 0); s = give(s, 1, 4); s = give(s, 2, 0)
    s = give(s, 0, 0); s = give(s, 1, 4); s = give(s, 2, 0, "stay_late")
    s = give(s, 0, 0); s = give(s, 1, 1, "stay_late")  # Bob 13: no round end with Stay Late
    assert s["round"] == 1 and s["players"][1]["sum"] == 13 and s["players"][1]["limit"] == 18
    s = give(s, 2, 0)
    s = give(s, 0, 0); s = give(s, 1, 4)  # Bob 17
    assert s["round"] == 1
    s = give(s, 2, 0)
    s = give(s, 0, 0); s = give(s, 1, 1)  # Bob 18
    assert s["round"] == 2 and all(p["limit"] == 13 for p in s["players"])


def test_refuse_discards_a_later_card_together_with_the_refuse_card():
    # "This card allows the player to refuse any card given to them later - that card is discarded
    # together with this card. This card can be used to refuse any card, including an additional
    # card drawn from the deck by the effect of some card!"
    s = new()
    rejected(s, {"type": "give", "to": 0, "card": card(4), "refuse": True}, "Ann has no Refuse card")
    s = give(s, 0, 1, "refuse"); s = give(s, 1, 0); s = give(s, 2, 0)
    s = give(s, 0, 4, refuse=True)
    ann = s["players"][0]
    assert ann["row"] == [] and ann["sum"] == 0 and s["discard"] == 2 and ann["received"]
    # Refusing a card drawn for a Draw symbol ends the chain.
    s = give(s, 1, 1, "refuse"); s = give(s, 2, 0)
    s = give(s, 0, 0); s = give(s, 1, 2, "draw")
    assert s["pending"][0]["type"] == "draw"
    s = draw(s, 4, "draw", refuse=True)
    assert [c["kind"] for c in s["players"][1]["row"]] == ["plain", "draw"]
    assert s["pending"][0]["type"] == "give"


def test_refuse_can_refuse_a_bell_card():
    s = new()
    s = give(s, 0, 1, "refuse"); s = give(s, 1, 0); s = give(s, 2, 0)
    s = give(s, 0, 0, "bell_card", 2, refuse=True)
    assert s["players"][0]["bells"] == 0


def two_refuse_cards():
    """Ann's row: Refuse 4, a 1, Refuse 1 (rightmost); Ann's turn, nobody has a card yet."""
    s = new()
    s["players"][0].update(row=[card(4, "refuse"), card(1), card(1, "refuse")], sum=6)
    return s


def test_a_refusal_names_the_refuse_card_it_spends_by_its_value():
    # "This card allows the player to refuse any card given to them later - that card is discarded
    # together with this card." Each Refuse card is its own: the one spent is the one named.
    s, lines = GAME.apply(two_refuse_cards(), {"type": "give", "to": 0, "card": card(3), "refuse": 4})
    ann = s["players"][0]
    assert [(c["kind"], c["value"]) for c in ann["row"]] == [("plain", 1), ("refuse", 1)]
    assert ann["sum"] == 2 and s["discard"] == 2
    assert lines[-1] == "Ann refuses it with their Refuse card (4); both are discarded."
    # `true` keeps meaning the row's rightmost Refuse card.
    s = GAME.apply(two_refuse_cards(), {"type": "give", "to": 0, "card": card(3), "refuse": True})[0]
    assert [(c["kind"], c["value"]) for c in s["players"][0]["row"]] == [("refuse", 4), ("plain", 1)]


def test_a_draw_may_name_the_refuse_card_too():
    # "This card can be used to refuse any card, including an additional card drawn from the deck".
    s = two_refuse_cards()
    s = give(s, 0, 0, "draw")
    s = draw(s, 4, refuse=1)
    assert [(c["kind"], c["value"]) for c in s["players"][0]["row"]] == [("refuse", 4), ("plain", 1), ("draw", 0)]


@pytest.mark.parametrize("refuse, words", [
    (3, "Ann has no Refuse card of 3 in their row; their Refuse cards show 1 and 4."),
    (6, "'refuse' is true, false, or the value printed on the Refuse card spent (0 to 5)."),
    (-1, "'refuse' is true, false, or the value printed on the Refuse card spent (0 to 5)."),
    (1.0, "'refuse' is true, false, or the value printed on the Refuse card spent (0 to 5)."),
    ("4", "'refuse' is true, false, or the value printed on the Refuse card spent (0 to 5)."),
])
def test_a_refusal_by_a_value_the_row_does_not_hold_is_refused_and_changes_nothing(refuse, words):
    s = two_refuse_cards()
    before = repr(s)
    with pytest.raises(RuleViolation) as err:
        GAME.apply(s, {"type": "give", "to": 0, "card": card(3), "refuse": refuse})
    assert str(err.value) == words and repr(s) == before
    rejected(new(), {"type": "give", "to": 0, "card": card(3), "refuse": 2}, "Ann has no Refuse card in their row to refuse with.")


def test_the_offers_list_each_receiver_s_refuse_card_values():
    s = two_refuse_cards()
    s["players"][2]["row"] = [card(0, "refuse")]
    [give_offer] = GAME.offers(s, PLAYS)
    assert give_offer["refuse"] == [0, 2] and give_offer["refuse_values"] == [[1, 4], [], [0]]
    s = give(s, 2, 1, "draw")  # Cy owes a draw: offered Cy's one value
    [draw_offer] = GAME.offers(s, PLAYS)
    assert (draw_offer["refuse"], draw_offer["refuse_values"]) == (True, [0])


def test_deck_reshuffles_from_the_discard_pile_when_it_runs_out():
    # "When the deck runs out, all cards from the discard pile are thoroughly shuffled to form a new deck."
    s = new()
    s = dict(s, deck=1, discard=20, hand=3)
    s = give(s, 0, 0); s = give(s, 1, 0); s = give(s, 2, 0)  # Bob needs 3 cards, only 1 in the deck
    assert s["reshuffles"] == 1 and s["deck"] == 20 - 2 and s["discard"] == 0 and s["hand"] == 3


def test_thirteen_bells_win_immediately():
    # "As soon as any player has 13 bells in their VP pile, they immediately win the game!"
    s = new()
    s["players"][2]["bells"] = 11
    s = give(s, 2, 0, "bell_card", 2)
    assert s["over"] and s["winner"] == 2 and s["pending"] == []
    rejected(s, {"type": "give", "to": 0, "card": card(1)}, "The game is over")


def test_simultaneous_thirteen_most_bells_wins():
    # "If more than one player reaches a total of 13 bells at the same time, the player with the most bells wins."
    s = new()
    s["players"][0]["bells"] = 12
    s["players"][2]["bells"] = 11
    s = give(s, 0, 5, "bell", 1); s = give(s, 2, 5, "bell", 2); s = give(s, 1, 4)
    s = give(s, 1, 4); s = give(s, 0, 0); s = give(s, 2, 0)
    s = give(s, 1, 5, "bell", 1)  # Bob busts; Ann banks 1 (13), Cy banks 2 (13)
    assert s["over"] and s["players"][0]["bells"] == 13 and s["players"][2]["bells"] == 13
    # Equal: "the winner is the player who is furthest in turn order from the First Player card."
    assert s["winner"] == 2 and s["standings"] == [2, 0, 1]
    s2 = new()
    s2["players"][0]["bells"] = 12
    s2["players"][2]["bells"] = 12
    s2 = give(s2, 0, 5, "bell", 2); s2 = give(s2, 2, 5, "bell", 1); s2 = give(s2, 1, 4)
    s2 = give(s2, 1, 4); s2 = give(s2, 0, 0); s2 = give(s2, 2, 0)
    s2 = give(s2, 1, 5, "bell", 1)
    assert s2["winner"] == 0  # 14 beats 13


def test_variant_end_of_the_game_plays_through_the_deck():
    # "Do not end the game after any player gets 13 bells ... play through the whole deck. ... The
    # game continues until one of the players stays out too late in the city. At that moment the game ends."
    s = new(whole_deck=True)
    s["players"][0]["bells"] = 12
    s = give(s, 0, 0, "bell_card", 2)
    assert not s["over"] and s["players"][0]["bells"] == 14
    s = give(s, 1, 4); s = give(s, 2, 4)
    s = give(s, 1, 4); s = give(s, 0, 0); s = give(s, 2, 5, "bell", 2)
    s = give(s, 1, 5, "bell", 1)  # Bob busts before the deck ran out: only a round end
    assert not s["over"] and s["round"] == 2
    s = dict(s, deck=0, discard=30)
    s["reshuffles"] = 0
    s = give(s, 0, 4); s = give(s, 1, 0); s = give(s, 2, 0)  # Bob's turn starts with a reshuffle
    assert s["reshuffles"] == 1 and not s["over"]
    s = give(s, 0, 4); s = give(s, 1, 0); s = give(s, 2, 0)
    s = give(s, 0, 4); s = give(s, 1, 0); s = give(s, 2, 0)
    s = give(s, 0, 1)  # Ann busts after the deck ran out: the game ends
    assert s["over"] and s["winner"] == 0 and s["ended_by"] == "deck"


WHOLE_DECK = ("Do not end the game after any player gets 13 bells in their VP pile. Instead, play through the whole "
              "deck. When it runs out, thoroughly shuffle the cards from the discard pile and form a new deck. The game "
              "continues until one of the players stays out too late in the city. At that moment the game ends.")


def bust_ann(s):
    """Ann (first player, three seats) receives 4s on Ann's, Bob's and Cy's turns, then a 1: 13."""
    for _ in range(3):
        s = give(s, 0, 4); s = give(s, 1, 0); s = give(s, 2, 0)
    assert not s["over"] and s["players"][0]["sum"] == 12
    return give(s, 0, 1)


def test_variant_a_turn_that_takes_the_deck_s_last_card_reshuffles_at_once_and_the_next_bust_ends():
    # WHOLE_DECK: the deck "runs out" when the turn takes its last card; the reshuffle does not
    # wait for the next card wanted, and the first bust after it ends the game.
    assert "When it runs out" in WHOLE_DECK
    s = new(whole_deck=True)
    s = dict(s, deck=3, discard=30)  # Bob's turn will take exactly the deck's last 3 cards
    s, lines = GAME.apply(s, {"type": "give", "to": 0, "card": card(4)})
    s = give(s, 1, 0)
    s, lines = GAME.apply(s, {"type": "give", "to": 2, "card": card(0)})
    assert (s["deck"], s["discard"], s["reshuffles"], s["hand"]) == (30, 0, 1, 3)
    assert "The deck ran out: the discard pile is shuffled into a new one of 30." in lines
    for _ in range(2):
        s = give(s, 0, 4); s = give(s, 1, 0); s = give(s, 2, 0)
    s = give(s, 0, 1)  # Ann: 4+4+4+1 = 13, the first bust since the deck ran out
    assert s["over"] and s["ended_by"] == "deck"


def test_variant_a_draw_symbol_that_takes_the_deck_s_last_card_reshuffles_at_once_and_the_next_bust_ends():
    # WHOLE_DECK, and "Cards with a draw symbol: ... they take a new card from the top of the deck".
    s = new(whole_deck=True)
    s = dict(s, deck=1, discard=30)
    s = give(s, 1, 2, "draw")
    s, lines = GAME.apply(s, {"type": "draw", "card": card(3)})  # the deck's last card
    assert (s["deck"], s["discard"], s["reshuffles"]) == (30, 0, 1)
    assert lines == ["Bob draws a 3 for the Draw symbol.", "The deck ran out: the discard pile is shuffled into a new one of 30."]
    s = give(s, 0, 4); s = give(s, 2, 0)
    for _ in range(2):
        s = give(s, 0, 4); s = give(s, 1, 0); s = give(s, 2, 0)
    s = give(s, 0, 1)
    assert s["over"] and s["ended_by"] == "deck"


def test_variant_one_card_left_and_none_left_end_alike():
    # The same bust ends the game whether the turn found one card left or took the last one.
    for deck in (1, 3):
        s = new(whole_deck=True)
        s = dict(s, deck=deck, discard=30)
        s = give(s, 0, 4); s = give(s, 1, 0); s = give(s, 2, 0)
        s = give(s, 0, 4); s = give(s, 1, 0); s = give(s, 2, 0)
        s = give(s, 0, 4); s = give(s, 1, 0); s = give(s, 2, 0)
        s = give(s, 0, 1)
        assert s["over"] and s["ended_by"] == "deck", deck


def test_variant_a_bust_before_the_deck_runs_out_only_ends_the_round():
    s = new(whole_deck=True)
    s = dict(s, deck=10, discard=30)  # Bob's, Cy's and Ann's turns leave one card in the deck
    s = bust_ann(s)
    assert not s["over"] and s["round"] == 2
    assert s["reshuffles"] == 1  # round 2's first turn then takes the last card: from here a bust ends it


def test_variant_a_deck_emptied_with_nothing_to_reshuffle_has_still_run_out():
    # Nothing in the discard pile to shuffle when the last card goes: the deck has run out all the
    # same (docs/rulings.md), and the next bust ends the game.
    s = new(whole_deck=True)
    s = dict(s, deck=3, discard=0)
    s["players"][0].update(row=[card(4), card(4)], sum=8)
    s = give(s, 0, 4); s = give(s, 1, 0); s = give(s, 2, 0)  # Bob's turn takes the last 3 cards
    assert (s["deck"], s["discard"], s["reshuffles"]) == (0, 0, 0)
    s = give(s, 0, 1)  # Ann: 13
    assert s["over"] and s["ended_by"] == "deck"


def test_vp_piles_are_hidden_from_everyone_but_their_owner_until_the_end():
    s = give(new(), 1, 0, "bell_card", 2)
    watcher = GAME.view(s, WATCHER)
    assert [p["bells"] for p in watcher["players"]] == [None, None, None]
    assert watcher["standings"] == []
    bob = GAME.view(s, Viewer(seat=1, can_act=True))
    assert [p["bells"] for p in bob["players"]] == [None, 2, None]
    assert "2" not in " ".join(GAME.apply(new(), {"type": "give", "to": 1, "card": card(0, "bell_card", 2)})[1])
    assert "bells" not in GAME.redact_action({"type": "give", "card": card(0, "bell_card", 2)}, WATCHER, s)["card"]
    s["over"] = True
    assert [p["bells"] for p in GAME.view(s, WATCHER)["players"]] == [0, 2, 0]


def test_variant_open_game_shows_vp_piles():
    # "Instead of placing VP cards face down, each player keeps their VP cards face up next to them."
    s = give(new(open_vp=True), 1, 0, "bell_card", 2)
    assert [p["bells"] for p in GAME.view(s, WATCHER)["players"]] == [0, 2, 0]


@pytest.mark.parametrize(
    "bad, words",
    [
        ({"type": "give", "to": 5, "card": card(1)}, "a player index"),
        ({"type": "give", "to": 1, "card": card(5)}, "A card without a symbol has a value from 0 to 4"),
        ({"type": "give", "to": 1, "card": card(0, "bell", 1)}, "value from 1 to 5"),
        ({"type": "give", "to": 1, "card": card(3, "bell", 3)}, "carries 1 or 2 bells"),
        ({"type": "give", "to": 1, "card": card(3, "plain", 1)}, "carries 0 bell"),
        ({"type": "give", "to": 1, "card": card(1, "joker")}, "not a card kind"),
        ({"type": "give", "to": 1, "card": {"value": 1, "colour": "red"}}, "no field 'colour'"),
        ({"type": "give", "to": 1}, "Which card was revealed? A give needs the card"),
        ({"type": "give", "to": 1, "card": None}, "Which card was revealed? A give needs the card"),
        ({"type": "give", "to": 1, "card": card(1), "extra": 1}, "does not take a field 'extra'"),
        ({"type": "give", "to": True, "card": card(1)}, "a player index"),
        ({"type": "play", "card": card(1)}, "Unknown action 'play'"),
        ({"type": "give", "to": 1, "card": card(1), "refuse": "yes"}, "'refuse' is true, false, or the value printed on the Refuse card"),
        # What a black-box attack answered with a 500: a list or an object as a card's kind.
        ({"type": "give", "to": 1, "card": {"value": 4, "kind": []}}, "'[]' is not a card kind"),
        ({"type": "give", "to": 1, "card": {"value": 4, "kind": {}}}, "'{}' is not a card kind"),
        # A whole number means a whole number: not 1.0 (once shown as "1.0 bell"), "1" or true.
        ({"type": "give", "to": 1, "card": card(3, "bell", 1.0)}, "carries 1 or 2 bells"),
        ({"type": "give", "to": 1, "card": card(3, "bell", True)}, "carries 1 or 2 bells"),
        ({"type": "give", "to": 1, "card": card(3.0)}, "value from 0 to 4"),
        ({"type": "give", "to": 1, "card": card("3")}, "value from 0 to 4"),
        ({"type": "give", "to": 1.0, "card": card(1)}, "a player index"),
        ({"type": "give", "to": 2**64, "card": card(1)}, "a player index"),
        ({"type": "give", "to": 1, "card": {"value": 1, "kind": "x" * 50_000}}, "xxxxx…' is not a card kind"),
    ],
)
def test_bad_actions_get_a_clear_sentence_and_change_nothing(bad, words):
    s = new()
    before = repr(s)
    rejected(s, bad, words)
    assert repr(s) == before


def test_a_refusal_repeats_a_value_in_a_few_characters_only():
    s = new()
    for hostile in ("x" * 50_000, [[["deep"]]] * 100, "\u202eAnn"):
        with pytest.raises(RuleViolation) as err:
            GAME.apply(s, {"type": "give", "to": 1, "card": {"value": 1, "kind": hostile}})
        assert len(str(err.value)) < 200 and "\u202e" not in str(err.value)


def test_player_counts_and_options_are_checked():
    with pytest.raises(RuleViolation, match="2 to 5 players"):
        GAME.setup(["Solo"], {}, random.Random(0))
    with pytest.raises(RuleViolation, match="2 to 5 players"):
        GAME.setup(list("ABCDEF"), {}, random.Random(0))
    with pytest.raises(RuleViolation, match="Unknown option 'stay_late'"):
        GAME.setup(["A", "B"], {"stay_late": True}, random.Random(0))
    with pytest.raises(RuleViolation, match="same name"):
        GAME.setup(["Ann", "ann"], {}, random.Random(0))
    with pytest.raises(RuleViolation, match=r"first_player\) must be"):
        GAME.setup(["A", "B"], {"first_player": 2}, random.Random(0))


def test_the_first_player_is_drawn_repeatably_from_the_seed():
    firsts = {GAME.setup(list("ABCDE"), {}, random.Random(seed))["first_player"] for seed in range(40)}
    assert firsts == {0, 1, 2, 3, 4}
    assert GAME.setup(list("ABCDE"), {}, random.Random(9)) == GAME.setup(list("ABCDE"), {}, random.Random(9))


# -- rulings where the rulebook is silent (docs/rulings.md) ----------------------------------------
def test_ruling_stay_late_own_value_counts_against_13():
    s = new()
    s = give(s, 0, 4); s = give(s, 1, 0); s = give(s, 2, 0)
    s = give(s, 0, 4); s = give(s, 1, 0); s = give(s, 2, 0)
    s = give(s, 0, 4)  # Ann 12
    s = give(s, 1, 0); s = give(s, 2, 0)
    s = give(s, 0, 1, "stay_late")  # 13 before its effect: the round ends
    assert s["round"] == 2


def test_ruling_stay_late_lasts_the_round_even_if_discarded():
    s = new()
    s = give(s, 0, 0, "stay_late"); s = give(s, 1, 0); s = give(s, 2, 0)
    s = give(s, 0, 0, "discard"); s = give(s, 1, 0); s = give(s, 2, 0)
    assert s["players"][0]["row"] == [] and s["players"][0]["limit"] == 18


def test_ruling_bell_and_discard_cards_never_count_in_the_row():
    s = new()
    s = give(s, 0, 5, "bell_card", 1)
    s = give(s, 1, 5, "discard")
    assert s["players"][0]["sum"] == 0 and s["players"][1]["sum"] == 0


def test_ruling_an_empty_deck_skips_a_draw_and_shortens_a_turn():
    s = new()
    s = give(s, 0, 0); s = give(s, 2, 0)
    s = give(s, 1, 2, "draw")  # the turn's last card, with a Draw symbol
    s = dict(s, deck=0, discard=0, hand=s["hand"] + s["deck"] + s["discard"])  # nothing left to draw
    s["hand"] = 0
    state, lines = GAME.apply(s, {"type": "draw", "card": card(1)})
    assert state["draw_owed"] is None and "no card can be drawn" in " ".join(lines)
    assert state["current"] == 1  # and the turn still passes
    short = dict(new(), hand=1)
    short["deck"] += 2
    short = give(short, 2, 1)
    assert short["current"] == 1  # the one card taken was given: the turn ends


def test_ruling_a_turn_with_no_card_left_to_deal_ends_the_game():
    # Free entry can put every card in a row (a long run of 0s): nobody can receive one again.
    s = new(("Ann", "Bob"))
    s = give(s, 0, 0, "bell_card", 2)
    s["hand"] += s["deck"]  # the whole deck face down in Ann's hand…
    s["deck"] = 0
    while s["hand"] > 1:
        s["hand"] -= 1
        s["players"][1]["row"].append(card(0))  # …then in Bob's row, as if given one by one
    state, lines = GAME.apply(s, {"type": "give", "to": 1, "card": card(0)})
    assert state["over"] and state["ended_by"] == "cards" and state["winner"] == 0
    assert "no card is left to deal" in " ".join(lines) and GAME.offers(state, Viewer(can_act=True)) == []


def test_a_draw_without_its_card_is_refused_with_a_question():
    s = give(new(), 1, 2, "draw")
    before = repr(s)
    rejected(s, {"type": "draw"}, "Which card was drawn? A draw needs the card.")
    assert repr(s) == before


def test_ruling_a_card_that_never_enters_a_row_is_offered_with_one_value():
    # Bell cards "do not place it in their row"; a Discard card is discarded at once: their value
    # is never added to anything, so the offer asks none. A value sent through the API still counts
    # as entered (older logs hold them).
    [offer] = GAME.offers(new(), Viewer(seat=None, can_act=True))
    values = {(c["kind"], c["bells"]): c["values"] for c in offer["cards"]}
    assert values[("bell_card", 1)] == values[("bell_card", 2)] == values[("discard", 0)] == [0]
    assert values[("stay_late", 0)] == values[("refuse", 0)] == [0, 1, 2, 3, 4, 5]
    assert values[("plain", 0)] == [0, 1, 2, 3, 4] and values[("bell", 2)] == [1, 2, 3, 4, 5]
    s = give(new(), 1, 3, "bell_card", 1)
    assert s["players"][1]["bells"] == 1 and s["players"][1]["sum"] == 0


def test_ruling_each_round_end_is_kept_for_the_board():
    # The rulebook's example of a 2 making 14 (above): Ann stays out; Bob and Cy bank their bells.
    s = new()
    s = give(s, 0, 4, "bell", 1); s = give(s, 1, 3, "bell", 2); s = give(s, 2, 4)
    s = give(s, 0, 4); s = give(s, 1, 2); s = give(s, 2, 2, "bell", 1)
    s = give(s, 0, 4); s = give(s, 1, 1); s = give(s, 2, 0)
    assert s["ends"] == []
    s = give(s, 0, 2)
    assert s["ends"] == [{"round": 1, "out": 0, "sum": 14, "limit": 13, "banked": [0, 1, 1], "bells": [0, 2, 1]}]
    # How many cards a row banked is seen at the table; how many bells, only at the end.
    for viewer in (WATCHER, Viewer(seat=1, can_act=True)):
        assert GAME.view(s, viewer)["ends"] == [{**s["ends"][0], "bells": None}]
    s["over"] = True
    assert GAME.view(s, WATCHER)["ends"] == s["ends"]


def test_ruling_a_round_end_records_the_limit_it_broke():
    # Stay Late: "this player will end the round only when the sum of the values of their cards
    # reaches 18 or more".
    s = new(("Ann", "Bob"))
    s = give(s, 0, 0, "stay_late"); s = give(s, 1, 4)
    s = give(s, 0, 4); s = give(s, 1, 4)
    s = give(s, 0, 4); s = give(s, 1, 4)
    s = give(s, 0, 4); s = give(s, 1, 0)
    assert s["players"][0]["sum"] == 12 and s["ends"] == []
    s = give(s, 0, 4); s = give(s, 1, 0)  # 16: still in
    assert s["ends"] == []
    s = give(s, 0, 2)
    assert [(e["out"], e["sum"], e["limit"]) for e in s["ends"]] == [(0, 18, 18)]
