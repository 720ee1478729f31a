"""Turn a posted HTML form into an action dict, the same shape the JSON API takes.

Generic for every game, so that no game needs form code of its own:
- `card.value:int=3` sets action["card"]["value"] = 3 (dots nest, `:int`/`:bool` convert);
- `card:json={"kind":"bell","bells":1}` sets a whole value from JSON;
- `cards[]=heal` appends to a list (a repeated field builds the list in order; `row[]:int`
  converts each entry; an empty entry is left out);
- `faces:repeat.heart=3` appends "heart" three times to the list `faces` (a dice pad's counts);
- `rolls.0.1:json=3` sets action["rolls"][0][1] (a numeric segment indexes a list);
- the pressed button's `_set` (a JSON object) is merged last, so one button can carry
  several fields (`{"to": 2, "refuse": true}`).
Fields starting with `_` other than `_set`, and `version`, are not part of the action. Anything
else (an unknown conversion, an `:int` that is not ASCII digits, a Unicode digit such as "²" as an
index, an index past 20, a path of more than six segments, JSON that does not parse) is refused
with a sentence and changes nothing.
"""
from __future__ import annotations

import json
import re

from ...games import RuleViolation
from ...games.fields import index_text, quoted

MAX_INDEX = 20  # no list on a page is longer (six dice, a row of five, a fight's tries)
MAX_SEGMENTS = 6  # `rolls.0.1` is the deepest path a page sends
# A whole number as a phone's number field sends it: ASCII digits, at most nine of them (int()
# would also read "１", "1_0" and 4,000-digit numbers).
WHOLE_NUMBER = re.compile(r"[+-]?[0-9]{1,9}")


def form_to_action(form) -> dict:
    """Build the action dict from a request's form (a MultiDict)."""
    action: dict = {}
    items = sorted(form.items(multi=True), key=lambda kv: 0 if kv[0].endswith(":json") else 1)
    for raw_name, raw_value in items:
        if raw_name.startswith("_") or raw_name == "version":
            continue
        name, _, kind = raw_name.partition(":")
        if name.endswith("[]"):
            _append(action, name[:-2], [_convert(raw_value, kind, name)] if raw_value != "" else [])
        elif kind.startswith("repeat."):
            count = _convert(raw_value or "0", "int", name)
            if not 0 <= count <= MAX_INDEX:
                raise RuleViolation(f"'{quoted(name)}' must be a count from 0 to {MAX_INDEX}.")
            _append(action, name, [kind[len("repeat."):]] * count)
        else:
            _put(action, _path(name), _convert(raw_value, kind, name))
    for extra in form.getlist("_set"):
        fields = _json(extra, "_set")
        if not isinstance(fields, dict):
            raise RuleViolation("The form sent a malformed button.")
        for key, value in fields.items():
            _put(action, _path(key), value)
    return action


def form_version(form) -> int | None:
    """The table version the form was rendered at, if it says."""
    raw = form.get("version")
    if raw in (None, ""):
        return None
    if not WHOLE_NUMBER.fullmatch(raw.strip()):
        raise RuleViolation("The form's version is not a number.")
    return int(raw)


def _convert(value: str, kind: str, name: str):
    if kind == "int":
        if not WHOLE_NUMBER.fullmatch(value.strip()):
            raise RuleViolation(f"'{quoted(name)}' must be a whole number.")
        return int(value)
    if kind == "bool":
        return value.lower() in ("1", "true", "on", "yes")
    if kind == "json":
        return _json(value, name)
    if kind == "":
        return value
    raise RuleViolation(f"The form field '{quoted(name)}' asks for an unknown conversion '{quoted(kind)}'.")


def _json(value: str, name: str):
    try:
        return json.loads(value)
    except (ValueError, RecursionError):  # RecursionError: thousands of nested brackets
        raise RuleViolation(f"The form field '{quoted(name)}' is malformed.") from None


def _path(name: str) -> list[str]:
    """The segments of a dotted field name; a segment of digits is a list index up to MAX_INDEX."""
    path = name.split(".")
    if len(path) > MAX_SEGMENTS or "" in path:
        raise RuleViolation(f"The form field '{quoted(name)}' is malformed.")
    for key in path:
        # "²" passes str.isdigit() but is no index: refused here, not by int() in the middle of a write.
        if key.isdigit() and index_text(key, MAX_INDEX + 1) is None:
            if key.isascii():
                raise RuleViolation("The form sent too long a list.")
            raise RuleViolation(f"The form field '{quoted(name)}' is malformed.")
    return path


def _append(action: dict, name: str, values: list) -> None:
    current = action.setdefault(name, [])
    if not isinstance(current, list):
        raise RuleViolation(f"The form sent '{quoted(name)}' twice in different shapes.")
    current.extend(values)


def _put(target, path: list[str], value) -> None:
    # A numeric segment indexes a list: `rolls.0.1` is action["rolls"][0][1].
    for key, nxt_key in zip(path, path[1:]):
        empty = [] if nxt_key.isdigit() else {}
        target = _slot(target, key, empty)
    _set(target, path[-1], value)


def _slot(container, key: str, empty):
    current = _get(container, key)
    if current is None:
        current = empty
        _set(container, key, current)
    elif not isinstance(current, type(empty)):
        raise RuleViolation(f"The form sent '{quoted(key)}' twice in different shapes.")
    return current


def _get(container, key: str):
    if isinstance(container, list):
        index = int(key)
        return container[index] if index < len(container) else None
    return container.get(key)


def _set(container, key: str, value) -> None:
    if isinstance(container, list):
        index = int(key)
        container.extend([None] * (index + 1 - len(container)))
        container[index] = value
    else:
        container[key] = value
