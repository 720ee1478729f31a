"""Helpers for Last Kyotoan Standing tests: a table with a market, whole turns in one call, and a
recorded game's actions as today's rules play them."""
from __future__ import annotations

import random

from companion.games import get_game

GAME = get_game("kyotoan")
MARKET = ["corner_store", "heal", "acid_attack"]


def act(state, **action):
    return GAME.apply(state, action)[0]


def new(n=3, first=0, market=MARKET, **options):
    names = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"][:n]
    state = GAME.setup(names, {"first_player": first, **options}, random.Random(0))
    return act(state, type="market", cards=list(market))


def dice(spec: str) -> list[str]:
    """'111 s e h' -> faces; letters: s smash, e energy, h heart."""
    words = {"s": "smash", "e": "energy", "h": "heart"}
    faces = [words.get(ch, ch) for ch in spec.replace(" ", "")]
    return faces


def turn(state, spec, end=True, **yields):
    """Roll (padded with energy? no: exactly six faces), resolve, answer yields, end the turn."""
    state = act(state, type="roll", faces=dice(spec))
    state = act(state, type="resolve")
    for i, decision in yields.items():
        state = act(state, type="yield", player=int(i[1:]), **{"yield": decision})
    if end and not state["over"] and state["phase"] == "buy":
        state = act(state, type="end_turn")
    return state
