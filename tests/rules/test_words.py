"""The words of the engines' sentences ("Words checked: plurals, verb agreement"): a
count agrees with its noun, a list reads as a person says it, one card named once."""
from __future__ import annotations

from companion.games import get_game
from companion.games.words import counted, listed

from ..kyotoan_helpers import act as kyotoan_act
from ..kyotoan_helpers import dice
from ..kyotoan_helpers import new as kyotoan_new
from .test_bosskito_rules import new, played
from .test_gangs_rules import give as gangs_give
from .test_gangs_rules import new as gangs_new


def test_a_count_agrees_with_its_noun():
    assert [counted(n, "bell") for n in (0, 1, 2)] == ["0 bells", "1 bell", "2 bells"]
    assert counted(1, "copy", "copies") == "1 copy" and counted(3, "copy", "copies") == "3 copies"


def test_a_list_reads_as_a_sentence_says_it():
    assert [listed(w) for w in ([], ["red"], ["red", "blue"], ["red", "blue", "green"])] == \
        ["", "red", "red and blue", "red, blue and green"]


def test_boss_kito_says_two_tokens_on_one_card_once_and_one_token_singular():
    game = get_game("bosskito")
    s = new(2)
    s["players"][0]["played"] = played(red=[0], blue=[0])
    s, lines = game.apply(s, {"type": "place", "on": ["red", "red"]})
    assert lines[0].endswith("places 2 banana tokens on red.")
    s, lines = game.apply(s, {"type": "take"})
    s["players"][0]["played"] = played(red=[0])
    s["players"][0]["tokens"] = 1
    s, lines = game.apply(s, {"type": "place", "on": ["red"]})
    assert lines[0].endswith("places 1 banana token on red.")


def test_a_kyotoan_winner_wins_and_a_gangs_pile_of_one_bell_says_so():
    s = kyotoan_new(2)
    s["players"][0]["stars"] = 19
    s = kyotoan_act(s, type="roll", faces=dice("111 eee"))
    s = kyotoan_act(s, type="resolve")  # 1★ for the 1s (Kyoto's ★ come at the start of a turn)
    s, lines = get_game("kyotoan").apply(s, {"type": "end_turn"})
    assert "Alienoid (Ann) reaches 20★ and wins!" in lines, lines
    # Gangs in the Open Game (piles face up): the round's end says each pile's bells in words.
    g = gangs_new(open_vp=True)
    for to, value, kind, bells in ((0, 5, "bell", 1), (2, 4, "plain", None), (1, 4, "plain", None),
                                   (1, 4, "plain", None), (0, 0, "plain", None), (2, 0, "plain", None)):
        g = gangs_give(g, to, value, kind, bells)
    g, lines = get_game("gangs").apply(g, {"type": "give", "to": 1, "card": {"value": 5, "kind": "bell", "bells": 1}})
    assert "Ann banks 1 card with bells (1 bell)." in lines, lines
