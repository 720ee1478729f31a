"""Reading the fields of an action, one way for every engine: a whole number is an int (never
1.0, "1" or true), a word is one of a list (never a list or an object that happens to compare),
a value repeated in a sentence is shortened, and no action nests deeper than MAX_DEPTH.

Each check refuses with a RuleViolation that says what the field takes, never another exception:
a black-box attack once got 500s from `[] in {...}`, int("²") and a RecursionError in a message.
"""
from __future__ import annotations

import reprlib
from collections.abc import Callable, Collection

from .errors import RuleViolation
from .said import filled, said

# No action nests deeper than three levels (Kyoto no Neko's fight rolls); a deeper one would
# overflow the stack of whatever repeats or stores it (a message, the JSON log).
MAX_DEPTH = 32
# A value repeated in a message: a few levels and characters of it, never its whole size.
_SHORT = reprlib.Repr()
_SHORT.maxlevel, _SHORT.maxstring, _SHORT.maxother, _SHORT.maxlong = 2, 30, 30, 30
_SHORT.maxlist = _SHORT.maxdict = 4


def nesting_depth(value: object, limit: int = MAX_DEPTH) -> int:
    """How deeply lists and objects nest in `value` (an object is 1), counted no further than
    limit + 1: iterative, so a nest of thousands of levels cannot overflow the stack."""
    # Level by level, keeping only the lists and objects of each: an import's body (2 MB, 300,000
    # values) is walked in about 60 ms on the event loop, where one value at a time took 140 ms.
    level, deepest = ([value] if isinstance(value, (dict, list)) else []), 0
    while level and deepest <= limit:
        deepest += 1
        inner = []
        for item in level:
            inner.extend([v for v in (item.values() if isinstance(item, dict) else item) if isinstance(v, (dict, list))])
        level = inner
    return deepest


def check_shape(action: dict) -> None:
    """Refuse an action whose field names are not text or that nests deeper than MAX_DEPTH."""
    if not all(isinstance(key, str) for key in action):
        raise RuleViolation(said("An action's field names are text."))
    if nesting_depth(action) > MAX_DEPTH:
        raise RuleViolation(said("An action nests no deeper than {MAX_DEPTH} levels.", MAX_DEPTH=MAX_DEPTH))


def quoted(value: object) -> str:
    """A value a table sent, short and printable enough to repeat in a sentence."""
    text = value if isinstance(value, str) else _SHORT.repr(value)
    if len(text) > 30:
        text = text[:29] + "…"
    # Control and bidi characters (U+202E) would garble the sentence they are repeated in.
    return "".join(ch if ch.isprintable() else "?" for ch in text)


def is_one_of(value: object, choices: Collection) -> bool:
    """Whether `value` is one of `choices`, of the same type too: 1.0 is not 1, true is not 1, and
    a list or an object is never a word (and never raises, as `[] in {...}` would)."""
    return any(type(value) is type(choice) and value == choice for choice in choices)


def is_int(value: object) -> bool:
    """Whether `value` is a whole number: an int, not a bool, not a float such as 1.0."""
    # bool is a subclass of int in Python; a player index of `true` is a mistake, not 1.
    return isinstance(value, int) and not isinstance(value, bool)


def index_text(text: object, limit: int) -> int | None:
    """The number written in `text` with ASCII digits, when it is below `limit`; else None (a
    Unicode digit such as "²" passes str.isdigit but is no index)."""
    if isinstance(text, str) and text.isascii() and text.isdigit() and len(text) <= 9:
        number = int(text)
        return number if number < limit else None
    return None


def check_fields(action: dict, required: tuple[str, ...], optional: tuple[str, ...] = ()) -> None:
    """Refuse unknown or missing fields, naming them (api.md: unknown fields are an error)."""
    allowed = {"type", *required, *optional}
    extra = sorted(set(action) - allowed)
    if extra:
        raise RuleViolation(
            said("'{type}' does not take a field '{extra}'; it takes: {value}.", type=quoted(action['type']),
                 extra=quoted(extra[0]), value=', '.join(sorted(allowed - {'type'})) or 'nothing')
        )
    missing = [f for f in required if f not in action]
    if missing:
        raise RuleViolation(said("'{type}' needs the field '{missing}'.", type=quoted(action['type']),
                                 missing=missing[0]))


def int_field(action: dict, name: str, low: int, high: int, what: str | None = None) -> int:
    """An integer field within [low, high], else a RuleViolation that says the range."""
    value = action.get(name)
    if not is_int(value) or not low <= value <= high:
        raise RuleViolation(said("{value} must be a whole number from {low} to {high}.",
                                 value=what or name.capitalize(), low=low, high=high))
    return value


def bool_field(action: dict, name: str, default: bool = False) -> bool:
    """An optional true/false field."""
    value = action.get(name, default)
    if not isinstance(value, bool):
        raise RuleViolation(said("'{name}' must be true or false.", name=name))
    return value


def player_field(state: dict, action: dict, name: str) -> int:
    """A field naming a player by 0-based index in seating order."""
    return int_field(action, name, 0, len(state["players"]) - 1, said("'{name}' (a player index)", name=name))


def check_named_player(state: dict, action: dict, expected: int, refusal: str,
                       name: Callable[[int], str] | None = None) -> None:
    """Refuse an action that names a player other than `expected`, the one the rules wait for.
    An action may name its player: a phone's control does, so that a tap made on a stale page
    cannot count for someone else. `refusal` says why in the game's words, with {expected} and
    {named} for the two players' names (`name` gives a player's name by index)."""
    if "player" in action and player_field(state, action, "player") != expected:
        name = name or (lambda i: state["players"][i]["name"])
        raise RuleViolation(filled(refusal, expected=name(expected), named=name(action["player"])))
