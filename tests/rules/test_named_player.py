"""An action that names its player (every phone's control does) counts only for the player the
rules wait for: a tap made on a stale page is refused in the game's own words (each game's
sentences are tested with its offers: tests/test_*_offers.py)."""
from __future__ import annotations

import pytest

from companion.games.errors import RuleViolation
from companion.games.fields import check_named_player


def test_an_action_naming_the_awaited_player_or_no_player_passes():
    state = {"players": [{"name": "Ann"}, {"name": "Bob"}]}
    check_named_player(state, {"type": "give"}, 1, "{expected}, not {named}.")
    check_named_player(state, {"type": "give", "player": 1}, 1, "{expected}, not {named}.")


def test_names_are_said_as_typed_even_with_braces():
    state = {"players": [{"name": "{named}"}, {"name": "Bo {0}"}]}
    with pytest.raises(RuleViolation) as refused:
        check_named_player(state, {"player": 1}, 0, "{expected} plays now, not {named}.")
    assert str(refused.value) == "{named} plays now, not Bo {0}."


def test_a_player_outside_the_table_is_refused_as_a_field():
    state = {"players": [{"name": "Ann"}, {"name": "Bob"}]}
    with pytest.raises(RuleViolation, match="player index"):
        check_named_player(state, {"player": 5}, 0, "{expected}, not {named}.")

