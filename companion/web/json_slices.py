"""A big JSON body read without holding the event loop: an event import (up to 4 MiB).

`json.loads` is one call into C: 2.3 MB (15 tables of 2,000 actions) held every phone of the
server 50-120 ms, however the rest of the import paced itself. Here the text is read in pieces of
at most PIECE characters, each one `raw_decode` call (a few milliseconds), with a pause between
slices of work (pacing.py): first one pass over the text finds every list and object longer than
PIECE (and how deeply they nest, refused past MAX_DEPTH before anything is built); then those are
built member by member and every shorter value is decoded whole. The result is what `json.loads`
gives for the same text, and text that is not JSON is refused (ValueError) as it would refuse it.
"""
from __future__ import annotations

import json
import re

from ..games.fields import MAX_DEPTH
from ..pacing import Pacer

PIECE = 32 * 1024  # characters: a value this long or shorter is decoded in one call (~1-2 ms)
# A string (to its closing quote, or to the end of the text when it has none: possessive, so an
# unclosed string is read once, never again from each later quote) or a bracket.
_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*+"?|[\[\]{}]', re.DOTALL)
_SPACE = re.compile(r"[ \t\n\r]*")
_DECODER = json.JSONDecoder()
_TICK_EVERY = 512  # tokens between two looks at the clock


class TooDeep(ValueError):
    """The text nests lists and objects deeper than MAX_DEPTH."""


def loads(text: str, pacer: Pacer | None = None, piece: int = PIECE) -> object:
    """`json.loads(text)`, built in pieces of at most `piece` characters, with pauses between slices of work."""
    pacer = pacer or Pacer()
    long_ones = _long_containers(text, pacer, piece)
    value, end = _value(text, _skip(text, 0), long_ones, pacer)
    if _skip(text, end) != len(text):
        raise ValueError("Extra data after the JSON value.")
    return value


def _long_containers(text: str, pacer: Pacer, piece: int) -> dict[int, int]:
    """Where each list or object longer than `piece` starts, and where it ends; TooDeep past MAX_DEPTH."""
    opened: list[int] = []
    long_ones = {}
    for n, match in enumerate(_TOKEN.finditer(text)):
        if n % _TICK_EVERY == 0:
            pacer.tick()
        char = text[match.start()]
        if char == '"':
            continue
        if char in "[{":
            opened.append(match.start())
            if len(opened) > MAX_DEPTH:
                raise TooDeep(f"The body nests deeper than {MAX_DEPTH} levels.")
        elif opened:
            start = opened.pop()
            if match.end() - start > piece:
                long_ones[start] = match.end()
        else:
            raise ValueError("A closing bracket without its opening one.")
    return long_ones


def _skip(text: str, at: int) -> int:
    return _SPACE.match(text, at).end()


def _value(text: str, at: int, long_ones: dict[int, int], pacer: Pacer) -> tuple[object, int]:
    pacer.tick()
    if at not in long_ones:
        return _DECODER.raw_decode(text, at)
    if text[at] == "{":
        return _members(text, at, long_ones, pacer)
    return _items(text, at, long_ones, pacer)


def _members(text: str, at: int, long_ones: dict[int, int], pacer: Pacer) -> tuple[dict, int]:
    result: dict = {}
    at = _skip(text, at + 1)
    if text.startswith("}", at):
        return result, at + 1
    while True:
        if not text.startswith('"', at):
            raise ValueError(f"Expecting a property name at character {at}.")
        key, at = _DECODER.raw_decode(text, at)
        at = _skip(text, at)
        if not text.startswith(":", at):
            raise ValueError(f"Expecting ':' at character {at}.")
        result[key], at = _value(text, _skip(text, at + 1), long_ones, pacer)
        at = _skip(text, at)
        if text.startswith("}", at):
            return result, at + 1
        if not text.startswith(",", at):
            raise ValueError(f"Expecting ',' or '}}' at character {at}.")
        at = _skip(text, at + 1)


def _items(text: str, at: int, long_ones: dict[int, int], pacer: Pacer) -> tuple[list, int]:
    result: list = []
    at = _skip(text, at + 1)
    if text.startswith("]", at):
        return result, at + 1
    while True:
        item, at = _value(text, at, long_ones, pacer)
        result.append(item)
        at = _skip(text, at)
        if text.startswith("]", at):
            return result, at + 1
        if not text.startswith(",", at):
            raise ValueError(f"Expecting ',' or ']' at character {at}.")
        at = _skip(text, at + 1)
