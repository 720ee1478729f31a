"""What an engine withholds is never what it offers, in every state of random
games of each game (all four): a whole action withheld has no offer for that player, a choice
withheld is not among the offer's choices, and every reason is a sentence with the rulebook's."""
from __future__ import annotations

import random

import pytest

from companion.games import get_game

from ..offer_fills import FILLS
from ..offers_checks import PLAYS, play_through_offers


def choices_of(offer: dict, entry: dict) -> list:
    """The values the offer lists for the entry's field (within its `where`: a Neko check's target)."""
    if entry.get("where"):
        target = entry["where"]["target"]
        return [s for t in offer.get("targets", []) if t["target"] == target for s in t["skills"]]
    if entry["field"] == "card" and "cards" in offer:  # a Kyotoan buy lists its cards with their prices
        return [c["card"] for c in offer["cards"]]
    listed = offer.get(entry["field"])
    if isinstance(listed, bool):
        return [True] if listed else []
    if entry["field"] == "target":
        return [t["target"] for t in offer.get("targets", [])]
    return listed if isinstance(listed, list) else [listed]


def check_apart(game, state: dict) -> None:
    offers = game.offers(state, PLAYS)
    for entry in game.withheld(state, PLAYS):
        assert entry["why"].endswith((".", "!")) and entry["rule"], entry
        same = [o for o in offers if o["type"] == entry["type"] and o.get("player") == entry["player"]]
        if "field" not in entry:
            assert not same, f"{entry} withheld yet offered: {same}"
            continue
        for o in same:
            both = set(map(str, entry["values"])) & set(map(str, choices_of(o, entry)))
            assert not both, f"{entry} withholds {both}, which {o} offers"


@pytest.mark.parametrize("game_id", sorted(FILLS))
@pytest.mark.parametrize("seed", range(6))
def test_what_is_withheld_is_never_offered(game_id, seed):
    game = get_game(game_id)
    rnd = random.Random(seed)
    state = game.setup([f"P{i}" for i in range(2 + seed % 3)], {}, rnd)
    play_through_offers(game, state, rnd, 400, visit=lambda s: check_apart(game, s))
