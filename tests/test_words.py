"""The words of the engines' sentences (issue 16: "Words checked: plurals, verb agreement"): a
count agrees with its noun, a list reads as a person says it, one card named once."""
from __future__ import annotations

from companion.games import get_game
from companion.games.words import counted, listed

from .test_bosskito_rules import new, played


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
