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
Fields starting with `_` other than `_set`, and `version`, are not part of the action.
"""
from __future__ import annotations

import json

from ..games import RuleViolation


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
            if not 0 <= count <= 20:
                raise RuleViolation(f"'{name}' must be a count from 0 to 20.")
            _append(action, name, [kind[len("repeat."):]] * count)
        else:
            _put(action, name.split("."), _convert(raw_value, kind, name))
    for extra in form.getlist("_set"):
        fields = _json(extra, "_set")
        if not isinstance(fields, dict):
            raise RuleViolation("The form sent a malformed button.")
        for key, value in fields.items():
            _put(action, key.split("."), value)
    return action


def form_version(form) -> int | None:
    """The table version the form was rendered at, if it says."""
    raw = form.get("version")
    if raw in (None, ""):
        return None
    try:
        return int(raw)
    except ValueError:
        raise RuleViolation("The form's version is not a number.") from None


def _convert(value: str, kind: str, name: str):
    if kind == "int":
        try:
            return int(value)
        except ValueError:
            raise RuleViolation(f"'{name}' must be a whole number.") from None
    if kind == "bool":
        return value.lower() in ("1", "true", "on", "yes")
    if kind == "json":
        return _json(value, name)
    return value


def _json(value: str, name: str):
    try:
        return json.loads(value)
    except ValueError:
        raise RuleViolation(f"The form field '{name}' is malformed.") from None


def _append(action: dict, name: str, values: list) -> None:
    current = action.setdefault(name, [])
    if not isinstance(current, list):
        raise RuleViolation(f"The form sent '{name}' twice in different shapes.")
    current.extend(values)


def _put(target, path: list[str], value) -> None:
    # A numeric segment indexes a list: `rolls.0.1` is action["rolls"][0][1].
    for key, nxt_key in zip(path, path[1:]):
        empty = [] if nxt_key.isdigit() else {}
        target = _slot(target, key, empty)
    _set(target, path[-1], value)


def _slot(container, key: str, empty):
    current = _get(container, key)
    if not isinstance(current, type(empty)):
        current = empty
        _set(container, key, current)
    return current


def _get(container, key: str):
    if isinstance(container, list):
        index = int(key)
        return container[index] if index < len(container) else None
    return container.get(key)


def _set(container, key: str, value) -> None:
    if isinstance(container, list):
        index = int(key)
        if index > 20:
            raise RuleViolation("The form sent too long a list.")
        container.extend([None] * (index + 1 - len(container)))
        container[index] = value
    else:
        container[key] = value
