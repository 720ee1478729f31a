"""What the Gangs of Kyoto history and card tiles say, in the rulebook's words
(../shared/rules/gangs-of-kyoto.md), found unclear in a newcomer's play-through: a tile read
"Late", a player "gives a Bell card to themself", and a win decided by the seats read as if the
winner had more bells."""
from __future__ import annotations

import random
import re

from companion.games import get_game
from companion.games.gangs import cards

from ..offers_checks import PLAYS

GAME = get_game("gangs")


def new(players=("Ann", "Bob", "Cy"), first=0, **options):
    return GAME.setup(list(players), {"first_player": first, **options}, random.Random(0))


def play(state, *gives):
    """Each give (to, value, kind, bells) in turn; the state after them and every line they logged."""
    lines = []
    for to, value, kind, bells in gives:
        state, said = GAME.apply(state, {"type": "give", "to": to, "card": {"value": value, "kind": kind, "bells": bells}})
        lines += said
    return state, lines


def test_every_tile_names_its_card_as_the_rulebook_does():
    # "Stay Late card (18)", "Discard card", "Refuse card", "Bell cards", "Cards with a draw symbol":
    # a tile's words are the start of the card's name, never a word the rulebook does not give it.
    for kind, words in cards.TILE_WORDS.items():
        assert cards.KIND_WORDS[kind].startswith(words), (kind, words)
    assert cards.tile({"kind": "stay_late", "bells": 0}, 0)["mark"] == "Stay Late"


def test_a_card_the_active_player_takes_is_kept_in_words_without_a_pronoun():
    # "They may take it themselves or give it to one of the other players."
    _, lines = play(new(), (0, 3, "bell", 1), (1, 0, "bell_card", 2))
    assert lines[:2] == ["Ann keeps a 3 with 1 bell.", "Ann gives a Bell card to Bob."]
    _, lines = play(new(), (0, 0, "bell_card", 1))
    assert lines == ["Ann keeps a Bell card.", "It goes face down to Ann's VP pile."]


def test_no_history_line_names_a_player_by_a_gendered_or_reflexive_pronoun():
    rnd = random.Random(7)
    state, said = new(("Ann", "Bob", "Cy", "Dee")), []
    while not state["over"] and len(said) < 3000:
        [offer] = GAME.offers(state, PLAYS)
        choice = rnd.choice(offer["cards"])
        card = {"kind": choice["kind"], "bells": choice["bells"], "value": rnd.choice(choice["values"])}
        action = {"type": offer["type"], "card": card}
        if offer["type"] == "give":
            action["to"] = rnd.choice(offer["to"])
        state, lines = GAME.apply(state, action)
        said += lines
    assert any(" keeps " in line for line in said)
    pronouns = re.compile(r"\b(he|she|him|her|his|hers|himself|herself|themself|themselves)\b", re.I)
    assert not [line for line in said if pronouns.search(line)]


def test_the_winner_alone_on_most_bells_wins_with_them():
    s = new()
    s["players"][2]["bells"] = 11
    _, lines = play(s, (2, 0, "bell_card", 2))
    assert lines[-1] == "Cy wins with 13 bells!"


def test_a_win_on_equal_bells_says_the_seats_decided_it():
    # "In case of a tie, the winner is the player who is furthest in turn order from the First
    # Player card." Ann holds it; Ann and Cy reach 13 together as Bob stays out too late.
    s = new()
    s["players"][0]["bells"] = 12
    s["players"][2]["bells"] = 11
    s, lines = play(s, (0, 5, "bell", 1), (2, 5, "bell", 2), (1, 4, "plain", 0),   # Ann's turn
                    (1, 4, "plain", 0), (0, 0, "plain", 0), (2, 0, "plain", 0),   # Bob's turn
                    (1, 5, "bell", 1))                                            # Cy's: Bob 17
    assert s["winner"] == 2 and [p["bells"] for p in s["players"]] == [13, 0, 13]
    assert lines[-1] == ("Cy and Ann have 13 bells each: Cy wins the tie, sitting furthest in turn order "
                         "from the First Player card (held by Ann).")

