"""Fuzzing every rules engine: 10,000 hostile actions per game, on states reached by real play.

The promise: whatever an action holds (a value of the wrong type, a float
where a whole number is meant, a Unicode digit, a huge number, a long string, a deep nest, an
unknown field), the engine either accepts it as a legal move or refuses it with a sentence for a
player, and a refusal leaves the table exactly as it was. Never another exception (a 500).
"""
from __future__ import annotations

import copy
import json
import random
import reprlib
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import RuleViolation, all_games, get_game
from companion.games.bosskito.rules import COLOURS, SYMBOLS
from companion.games.gangs.cards import KINDS
from companion.games.kyotoan.cards import CARDS
from companion.games.kyotoan.effects import FACES
from companion.games.kyotoan.powers import USABLE
from companion.games.neko.kittens import DEFAULT_SHEETS, SKILLS, TARGETS

from ..engine_checks import hostile_value, nested
from ..offers_checks import draw_action

ACTIONS_PER_GAME = 10_000
# Hypothesis picks a seed per example and random.Random draws 50 actions from it (a hypothesis draw
# costs ~0.7 ms, measured: too slow for this volume); a failure names the action that failed.
BATCH = 50


@dataclass
class Spec:
    """What the fuzzer knows of one game: its words, its fields and action types (its legal moves
    are its offers)."""

    game_id: str
    words: list[str]
    fields: list[str]
    types: list[str]
    players: tuple[int, ...] = (2, 3, 4)
    richer: Callable[[dict], dict] | None = None  # the same state with more to choose from


# Cards whose fields only their owner's actions reach: `use`, resolving with ♥ to spend, buying
# from another monster or out of turn.
CHOICE_CARDS = list(USABLE) + ["healing_ray", "parasitic_tentacles", "opportunist"]


def kyotoan_with_every_power(state: dict) -> dict:
    """Every living monster owns every card with a choice, with energy and tokens to spend."""
    rich = copy.deepcopy(state)
    for p in rich["players"]:
        if p["alive"]:
            p.update(cards=p["cards"] + [c for c in CHOICE_CARDS if c not in p["cards"]], energy=12, poison=1, shrink=1)
    return rich


SPECS = {
    "gangs": Spec(
        "gangs", list(KINDS),
        ["to", "card", "refuse", "value", "kind", "bells", "player"], list(get_game("gangs").actions), (2, 3, 5)),
    "kyotoan": Spec(
        "kyotoan", list(FACES) + list(USABLE) + list(CARDS)[:8],
        ["faces", "cards", "card", "player", "yield", "pay", "hearts", "below", "die", "face", "sell", "peek",
         "buy", "of", "target", "from", "cure", "heal_others", "poison", "shrink"],
        list(get_game("kyotoan").actions), (2, 3, 5, 6), kyotoan_with_every_power),
    "neko": Spec(
        "neko", list(SKILLS) + list(TARGETS),
        ["player", "skill", "objective", "die", "target", "from", "attacker", "defender", "rolls", "purple", "teal"],
        list(get_game("neko").actions)),
    "bosskito": Spec(
        "bosskito", list(COLOURS) + list(SYMBOLS),
        ["colour", "on", "count", "row", "symbols", "to", "player"],
        list(get_game("bosskito").actions), (2, 3, 5)),
}


@cache
def reached_states(game_id: str) -> list[tuple[dict, list[dict]]]:
    """States reached by playing random games through their offers, each with a few offered moves from it."""
    spec = SPECS[game_id]
    game = get_game(game_id)
    pool = []
    for seed in range(12):
        rnd = random.Random(seed)
        n = spec.players[seed % len(spec.players)]
        state = game.setup([f"P{i}" for i in range(n)], {}, rnd)
        for step in range(400):
            if state["over"]:
                break
            if step % 9 == 0:
                for variant in [state] + ([spec.richer(state)] if spec.richer else []):
                    moves = [draw_action(game, variant, random.Random(seed * 1000 + step + k)) for k in range(4)]
                    pool.append((variant, moves))
            state, _ = game.apply(state, draw_action(game, state, rnd))
    return pool


def spoil(rnd: random.Random, spec: Spec, move: dict) -> object:
    """A legal move with one thing made hostile, or an action made up of hostile parts."""
    def value() -> object:
        return hostile_value(rnd, spec.words, spec.fields)

    action = copy.deepcopy(move)
    keys = [k for k in action if k != "type"]
    how = rnd.choice(["replace", "replace", "inner", "inner", "add", "drop", "retype", "made_up", "not_an_action"])
    if how == "replace" and keys:
        action[rnd.choice(keys)] = value()
    elif how == "inner" and keys:
        # Inside a field: a card's kind, one die of a list of faces, one pair of fight rolls.
        key = rnd.choice(keys)
        inner = action[key]
        if isinstance(inner, dict) and inner:
            inner[rnd.choice(sorted(inner))] = value()
        elif isinstance(inner, list) and inner:
            spot = rnd.randrange(len(inner))
            if isinstance(inner[spot], list) and inner[spot] and rnd.random() < 0.5:
                inner[spot][rnd.randrange(len(inner[spot]))] = value()
            else:
                inner[spot] = value()
        else:
            action[key] = value()
    elif how == "add":
        action[rnd.choice(spec.fields + ["", "²", "version"])] = value()
    elif how == "drop" and keys:
        del action[rnd.choice(keys)]
    elif how == "retype":
        action["type"] = rnd.choice(spec.types) if rnd.random() < 0.5 else value()
    elif how == "made_up":
        action = {"type": rnd.choice(spec.types), **{rnd.choice(spec.fields): value() for _ in range(rnd.randrange(5))}}
    else:
        action = value()
    return action


def one_action(game, state: dict, action: object) -> bool:
    """Apply one action: accepted as a legal move (True), or refused with a sentence and nothing changed."""
    before = json.loads(json.dumps(state))  # a deep copy made without the engine's own clone
    try:
        new, lines = game.apply(state, action)
    except RuleViolation as refusal:
        message = str(refusal)
        assert message.endswith((".", "!")) and len(message) <= 300, reprlib.repr(message)
        assert state == before, f"a refused action changed the state: {reprlib.repr(action)}"
        return False
    except Exception as crash:  # what the web layer would answer with a 500
        raise AssertionError(f"{type(crash).__name__} ({reprlib.repr(str(crash))}) for {reprlib.repr(action)}") from crash
    # Accepted: the move is stored as JSON and told in words; no float sneaks into a count.
    assert lines and state == before
    json.dumps(action, allow_nan=False)
    assert not any(isinstance(n, float) for n in _numbers(new)), f"a float in the state after {reprlib.repr(action)}"
    return True


def _numbers(value) -> list:
    if isinstance(value, dict):
        return [n for v in value.values() for n in _numbers(v)]
    if isinstance(value, list):
        return [n for v in value for n in _numbers(v)]
    return [value] if isinstance(value, (int, float)) and not isinstance(value, bool) else []


@pytest.mark.slow
@pytest.mark.parametrize("game_id", sorted(SPECS))
@settings(max_examples=ACTIONS_PER_GAME // BATCH, deadline=None, database=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_fuzzed_actions_are_refused_with_a_sentence_and_change_nothing(game_id, seed):
    """10,000 hostile actions per game on played states: each is a legal move or a sentence, never a crash."""
    spec = SPECS[game_id]
    game = get_game(game_id)
    pool = reached_states(game_id)
    rnd = random.Random(seed)
    for _ in range(BATCH):
        state, moves = rnd.choice(pool)
        one_action(game, state, spoil(rnd, spec, rnd.choice(moves)))


# One value of every JSON type, and the near misses a parser lets through (1.0, true, "1", "²").
OTHER_TYPES = [None, True, False, 1.0, 0.5, float("nan"), 2**64, -1, "1", "²", "", "x" * 5000,
               [], [1], [[1, 2]], {}, {"x": 1}, nested(40)]


def field_paths(value: object, depth: int = 3) -> list[tuple]:
    """The paths to every field of an action, and to every entry inside its lists and objects."""
    if depth == 0 or not isinstance(value, (dict, list)):
        return []
    keys = sorted(value) if isinstance(value, dict) else range(len(value))
    return [(k,) + rest for k in keys for rest in [()] + field_paths(value[k], depth - 1)]


def replaced(action: dict, path: tuple, value: object) -> dict:
    """A copy of `action` with the field at `path` replaced by `value`."""
    new = copy.deepcopy(action)
    spot = new
    for key in path[:-1]:
        spot = spot[key]
    spot[path[-1]] = value
    return new


@pytest.mark.slow
@pytest.mark.parametrize("game_id", sorted(SPECS))
def test_every_field_of_a_legal_move_given_another_type_is_refused_with_a_sentence(game_id):
    """Each field of legal moves (and each entry inside one), in turn, as a value of every other type."""
    game = get_game(game_id)
    for state, moves in reached_states(game_id)[::6]:
        for move in moves[:2]:
            for path in field_paths(move):
                for value in OTHER_TYPES:
                    one_action(game, state, replaced(move, path, value))


OPTION_NAMES = ["first_player", "open_vp", "whole_deck", "monsters", "sheets", "growth_spaces", "experienced", "symbols"]
SHEET_FIELDS = ["kitten", "stamina", "skills", "growth", "experienced"]


def spoiled_options(rnd: random.Random, n: int) -> dict:
    """A table's options with hostile values, or Kyoto no Neko's printed sheets with one spoiled."""
    words = ["The King", "Alienoid", "red", "pass", "agility", "1", "3"]
    if rnd.random() < 0.5:
        return {rnd.choice(OPTION_NAMES + ["x"]): hostile_value(rnd, words, OPTION_NAMES) for _ in range(rnd.randrange(1, 3))}
    sheets = copy.deepcopy(list(DEFAULT_SHEETS[:n]))
    sheet = rnd.choice(sheets)
    key = rnd.choice(SHEET_FIELDS)
    inner = sheet[key]
    if isinstance(inner, list):
        inner[rnd.randrange(len(inner))] = hostile_value(rnd, words, SHEET_FIELDS)
    elif isinstance(inner, dict):
        inner[rnd.choice(sorted(inner))] = hostile_value(rnd, words, SHEET_FIELDS)
    else:
        sheet[key] = hostile_value(rnd, words, SHEET_FIELDS)
    return {"sheets": sheets, "experienced": True}


@settings(max_examples=40, deadline=None, database=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_fuzzed_table_options_are_refused_with_a_sentence(seed):
    """A new table's options of every wrong type (printed sheets too): a table, or a sentence."""
    rnd = random.Random(seed)
    for _ in range(BATCH):
        game = rnd.choice(all_games())
        n = rnd.randint(game.min_players, game.max_players)
        options = spoiled_options(rnd, min(n, len(DEFAULT_SHEETS)))
        try:
            state = game.setup([f"P{i}" for i in range(n)], options, random.Random(seed))
        except RuleViolation as refusal:
            assert str(refusal).endswith(".") and len(str(refusal)) <= 300, reprlib.repr(str(refusal))
        except Exception as crash:  # what the web layer would answer with a 500
            raise AssertionError(f"{type(crash).__name__} for {game.id} options {reprlib.repr(options)}") from crash
        else:
            assert not any(isinstance(v, float) for v in _numbers(state)), reprlib.repr(options)
            json.dumps(state, allow_nan=False)


@pytest.mark.parametrize("game_id", sorted(SPECS))
def test_an_action_nested_thousands_deep_is_refused_with_a_sentence(game_id):
    """A nest of 100,000 levels (a body of brackets) is refused before anything repeats or stores it."""
    game = get_game(game_id)
    state, moves = reached_states(game_id)[0]
    for depth in (32, 1000, 100_000):
        for path in [p for p in field_paths(moves[0], 1) if p != ("type",)] + [("extra",)]:
            with pytest.raises(RuleViolation, match="nests no deeper than 32 levels"):
                game.apply(state, replaced(moves[0], path, nested(depth)))
