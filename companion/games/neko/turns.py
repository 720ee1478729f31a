"""Kyoto no Neko's turn: Movement (road crossings, bike cards), then Action, then Missions, and
the end of the game (rulebook, "Game Turn", "Crossing the Road", "Game End").

Plain functions of the state. The handlers take (game, state, action) and return the log lines,
as the engine's `actions` table calls them; the rest change the state in place.
"""
from __future__ import annotations

import random

from ..base import RuleViolation
from ..fields import check_fields, check_named_player, int_field, player_field
from ..said import said, word
from . import offers, sheets
from .kittens import BIKE_DECK, MISSIONS, ROAD_SPACES
from .offers import BIKE_MOVES

PHASES = word("a turn is Movement, then Action, then Missions")


def still_moving(state: dict, what: str) -> None:
    """Refuse a part of the movement once the turn's action is done, saying why."""
    if not offers.moving(state):
        raise RuleViolation(said("{player} has done this turn's action: {what} ({PHASES}).",
                                 player=state['players'][state['current']]['name'], what=what, PHASES=PHASES))


def own_turn(state: dict, action: dict, refusal: str) -> None:
    """A move of the turn may name its kitten (a phone's control does, so that a tap on a stale
    page cannot apply to another turn); when it does, it must be the kitten whose turn it is
    (`refusal`: the sentence, with {expected} and {named})."""
    check_named_player(state, action, state["current"], refusal)


def crossed_road(game, state: dict, action: dict) -> list[str]:
    """The moving kitten crossed the road: the mission, counted when its turn ends."""
    check_fields(action, ("player",))
    i = player_field(state, action, "player")
    if i != state["current"]:
        raise RuleViolation(said("Crossing the road counts on the kitten's own turn."))
    still_moving(state, word("the road is crossed while moving, before it"))
    sheets.achieve(state, i, "cross_road")
    return [said("{player} crosses the road.", player=state['players'][i]['name'])]


def bike_card(game, state: dict, action: dict) -> list[str]:
    """A bike card, drawn by the app or tapped in from the table, moves both bikes."""
    check_fields(action, (), ("purple", "teal", "player"))
    own_turn(state, action, said("It is {expected}'s turn: only the kitten whose turn it is draws the bike cards."))
    if ("purple" in action) != ("teal" in action):
        raise RuleViolation(said("A bike card moves both bikes: give purple and teal, or neither to let the app draw."))
    tapped = None
    if "purple" in action:
        tapped = tuple(int_field(action, colour, BIKE_MOVES[0], BIKE_MOVES[-1], colour.capitalize()) for colour in ("purple", "teal"))
    still_moving(state, word("bike cards are drawn while moving, before it"))
    lines = []
    if not state["bike_deck"]:
        shuffle_bikes(state)
        lines.append(said("The bike cards are reshuffled."))
    # The physical card tapped in leaves the app's deck too (its first card if the app's deck
    # does not hold it), so a table may mix tapped and drawn cards.
    idx = next((k for k in state["bike_deck"] if tuple(BIKE_DECK[k]) == tapped), state["bike_deck"][0])
    card = tapped or tuple(BIKE_DECK[idx])
    state["bike_deck"].remove(idx)
    state["bikes"]["purple"] = (state["bikes"]["purple"] + card[0]) % ROAD_SPACES
    state["bikes"]["teal"] = (state["bikes"]["teal"] + card[1]) % ROAD_SPACES
    state["last_bike"] = list(card)
    lines.append(said("Bike card: purple moves {card}, teal moves {card2}. Kittens they pass dodge with Agility.",
                      card=card[0], card2=card[1]))
    return lines


def shuffle_bikes(state: dict) -> None:
    """A new order of the app's bike deck, drawn from the table's seed (replays draw the same)."""
    order = list(range(len(BIKE_DECK)))
    random.Random(state["bike_seed"] + state["bike_shuffles"]).shuffle(order)
    state["bike_shuffles"] += 1
    state["bike_deck"] = order


def end_turn_action(game, state: dict, action: dict) -> list[str]:
    """The table ends the turn (its Missions phase)."""
    check_fields(action, (), ("player",))
    own_turn(state, action, said("It is {expected}'s turn: only the kitten whose turn it is ends it."))
    lines: list[str] = []
    end_turn(state, lines)
    return lines


def end_turn(state: dict, lines: list[str]) -> None:
    """Missions' Medals, the Growth phases due, then the next turn or the end of the game."""
    me = state["current"]
    p = state["players"][me]
    for mission in p["achieved"]:
        p["missions"].append(mission)
        sheets.medal(state, me, said("the mission '{MISSIONS}'", MISSIONS=MISSIONS[mission]), lines)
    p["achieved"] = []
    for k in sorted(state["growth_due"]):
        sheets.grow(state, k, lines)
    state["growth_due"] = []
    nxt = (me + 1) % len(state["players"])
    if nxt == state["first_player"]:
        chart_point(state, state["round"])
    if state["final_round"] and nxt == state["first_player"]:
        state["bumps"] = []
        finish(state, lines)
        return
    if nxt == state["first_player"]:
        state["round"] += 1
    state["current"] = nxt
    state["action_used"] = False
    lines.append(said("{player}'s turn.", player=state['players'][nxt]['name']))


def chart_point(state: dict, at: int) -> None:
    """Every kitten's Medals and skills as round `at` ends (0: as the game starts), for the chart."""
    players = state["players"]
    state.setdefault("timeline", []).append(
        {"round": at, "medals": [p["medals"] for p in players], "skills": [dict(p["skills"]) for p in players]})


def finish(state: dict, lines: list[str]) -> None:
    """The last round is over: most Medals, then Friendship; still tied, the tied kittens fight."""
    order = ranking(state)
    best = rank_key(state, order[0])
    tied = [i for i in order if rank_key(state, i) == best]
    if len(tied) == 1:
        declare(state, tied[0], lines)
    else:
        state["tied"] = tied
        lines.append(said("Tie on Medals and Friendship: {tied} fight for the win.",
                          tied=", ".join(state["players"][i]["name"] for i in tied)))


def declare(state: dict, i: int, lines: list[str]) -> None:
    """Kitten i wins: the game is over."""
    state["over"] = True
    state["winner"] = i
    state["tied"] = []
    lines.append(said("{player} wins with {medals} Medals!", player=state['players'][i]['name'],
                      medals=state['players'][i]['medals']))


def rank_key(state: dict, i: int) -> tuple[int, int]:
    """Most Medals first, then the higher Friendship."""
    p = state["players"][i]
    return (-p["medals"], -p["skills"]["friendship"])


def ranking(state: dict) -> list[int]:
    """The kittens, best first by Medals then Friendship."""
    return sorted(range(len(state["players"])), key=lambda i: rank_key(state, i))
