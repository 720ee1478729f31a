"""Helpers for Last Kyotoan Standing tests: a table with a market, whole turns in one call, and a
recorded game's actions as today's rules play them."""
from __future__ import annotations

import random

from companion.games import RuleViolation, get_game

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


def played_now(rec: dict) -> list[dict]:
    """A game recorded under older rules as the actions that play it out under today's: each
    question those rules never asked is answered as they settled it (`legacy_answers`), where the
    recorded action after it would be refused, and at the end of the log."""
    state = GAME.setup(rec["players"], rec["options"], random.Random(rec["seed"]))
    actions: list[dict] = []

    def answer_older_questions(state):
        while answers := GAME.legacy_answers(state):
            state = act(state, **answers[0])
            actions.append(answers[0])
        return state

    for action in rec["actions"]:
        try:
            state = act(state, **action)
        except RuleViolation:
            state = act(answer_older_questions(state), **action)
        actions.append(action)
    answer_older_questions(state)
    return actions
