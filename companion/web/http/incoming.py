"""What a request brings: its bearer token, its JSON body (a call's, or an import's up to the
request size limit) and whether htmx sent it."""
from __future__ import annotations

import json

from flask import request
from flask_babel import gettext
from flask_htmx import HTMX

from ...games import RuleViolation
from ...games.fields import MAX_DEPTH, nesting_depth
from ...games.said import said

# Truthy in a request htmx sent (its HX-Request header); the table pages' blueprint binds it to the app.
htmx = HTMX()


def bearer_token() -> str | None:
    """The token of an `Authorization: Bearer …` header, if any."""
    header = request.headers.get("Authorization", "")
    scheme, _, token = header.partition(" ")
    return token.strip() or None if scheme.lower() == "bearer" else None


def json_body(allowed: set[str] | None = None, required: tuple[str, ...] = ()) -> dict:
    """A JSON API call's body: an object, nested no deeper than MAX_DEPTH, with only the `allowed`
    fields (None: any) and every `required` one; else a RuleViolation that says which."""
    try:
        body = request.get_json(silent=True, force=True) if request.content_length else {}
    except RecursionError:
        body = None
    if not isinstance(body, dict):
        raise RuleViolation(said("The body must be a JSON object."))
    if nesting_depth(body) > MAX_DEPTH:
        raise RuleViolation(said("The body nests deeper than {depth} levels.", depth=MAX_DEPTH))
    if allowed is not None:
        unknown = sorted(set(body) - allowed)
        if unknown:
            if not allowed:
                raise RuleViolation(said("Unknown field '{field}'; this call takes nothing.", field=unknown[0]))
            raise RuleViolation(said("Unknown field '{field}'; this call takes: {fields}.", field=unknown[0],
                                     fields=", ".join(sorted(allowed))))
    for name in required:
        if name not in body:
            raise RuleViolation(said("The field '{name}' is required.", name=name))
    return body


def import_body() -> dict:
    """An import's body (up to the request size limit, 4 MiB) read as a JSON object. Imports are
    few (EVENT_IMPORT_LIMIT: five an hour, http/limits.py): one json.loads of 2.3 MB takes 50-120 ms."""
    try:
        body = json.loads(request.get_data())
    except (ValueError, RecursionError):  # nested deeper than Python's recursion: not an export
        body = None
    if not isinstance(body, dict):
        raise RuleViolation(gettext("The body must be a JSON object."))
    return body
