"""Checks every game's tests share: replaying a recorded game, refusals, hostile values (random
walks through the offers are in offers_checks.py)."""
from __future__ import annotations

import json
import random
from functools import cache
from pathlib import Path

import pytest

from companion.games import RuleViolation, get_game

DATA = Path(__file__).parent / "data"


def recorded_games(prefix: str) -> list[Path]:
    """The recorded games of one game id, as test parameters."""
    return sorted(DATA.glob(f"{prefix}_game_*.json"))


def replay(path: Path) -> tuple[dict, dict]:
    """Fold a recorded game through its engine; returns (final state, the record)."""
    rec = json.loads(path.read_text())
    game = get_game(rec["game"])
    state = game.setup(rec["players"], rec["options"], random.Random(rec["seed"]))
    for action in rec["actions"]:
        state, lines = game.apply(state, action)
        assert lines, "every action is told in words"
    return state, rec


def assert_rejected(game, state, action, words):
    """The action is refused with a sentence containing `words`, and the state is untouched."""
    before = repr(state)
    with pytest.raises(RuleViolation) as err:
        game.apply(state, action)
    assert words in str(err.value)
    assert repr(state) == before


# -- hostile input: values of every wrong type, and valid actions with one field spoiled ---------
# Drawn with random.Random from a seed that hypothesis picks: a hypothesis draw costs ~0.7 ms
# (measured), too slow for 10,000 actions a game in a CI run; a seeded draw costs microseconds.
# Unicode digits that str.isdigit() accepts but int() refuses (or reads as another number).
UNICODE_DIGITS = ["²", "³", "¹", "①", "١", "٣", "১", "１", "𝟙", "Ⅻ", "½", "⁴"]
HUGE_INTS = [2**53 + 1, 2**63, 10**30, -(2**63), 10**400]  # none small enough to allocate a list of
FLOATS = [0.0, 1.0, 2.0, 3.0, 1.5, -1.0, 1e300, float("inf"), float("-inf"), float("nan")]
TRICKY_TEXT = UNICODE_DIGITS + ["1", "0", "3", "-1", "1.0", "1e3", " 2", "true", "null", "", " ", "X", "\u202e", "\x00"]
DEPTHS = (33, 200, 1500, 5000)


@cache
def nested(depth: int) -> object:
    """A value nested `depth` levels deep in lists and objects (built iteratively, once)."""
    value: object = 1
    for level in range(depth):
        value = [value] if level % 2 else {"x": value}
    return value


def hostile_scalar(rnd: random.Random, words: list[str]) -> object:
    """A scalar of any JSON type: the game's own words, and the numbers that fool a parser."""
    kind = rnd.randrange(9)
    if kind == 0:
        return rnd.choice([None, True, False])
    if kind == 1:
        return rnd.randint(-3, 12)
    if kind == 2:
        return rnd.choice(HUGE_INTS)
    if kind == 3:
        return rnd.choice(FLOATS) if rnd.random() < 0.7 else rnd.uniform(-50, 50)
    if kind in (4, 5):
        return rnd.choice(TRICKY_TEXT + words)
    if kind == 6:
        return "".join(chr(rnd.randrange(32, 0x2FFF)) for _ in range(rnd.randrange(6)))
    if kind == 7:
        return rnd.choice(words) + rnd.choice(["", " ", "s", "²", "\u200b"])
    return rnd.choice("9x") * rnd.choice([300, 5000, 60_000])  # long strings, numbers too long to parse


def hostile_value(rnd: random.Random, words: list[str], fields: list[str]) -> object:
    """Any hostile value: a scalar, a short list or object of them, a list of lists, or a deep nest."""
    kind = rnd.randrange(10)
    if kind < 5:
        return hostile_scalar(rnd, words)
    if kind < 7:
        return [hostile_scalar(rnd, words) for _ in range(rnd.randrange(5))]
    if kind == 7:
        return [[hostile_scalar(rnd, words) for _ in range(rnd.randrange(3))] for _ in range(rnd.randrange(4))]
    if kind == 8:
        keys = fields + ["", "x", "²", "0"]
        return {rnd.choice(keys): hostile_scalar(rnd, words) for _ in range(rnd.randrange(4))}
    return nested(rnd.choice(DEPTHS))
