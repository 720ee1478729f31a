"""The nights' own words the pages show, kept by the nights' service as data in English: each
scoring scheme's sentence and each tie-breaker's explanation (companion/events/standings.py), and
what a phone no longer checked in is told (companion/events/phones.py), translated where they are
drawn: `{{ text|tr }}` (or `gettext(text)` in a web module).

This module lists them for `pybabel extract` (babel.cfg names `extract` below as the extraction
method of this file), so each is one message of the `messages` catalog, found by its English
words, with no copy of the lists.
"""
from __future__ import annotations

from collections.abc import Iterator

from ..events.phones import NOT_CHECKED_IN
from ..events.standings import EXPLANATIONS, SCHEMES


def words() -> list[str]:
    """Every sentence of the nights' data the pages translate, each once, in a stable order."""
    return list(dict.fromkeys([*(text for text, _ in SCHEMES.values()), *EXPLANATIONS.values(), NOT_CHECKED_IN]))


def extract(fileobj, keywords, comment_tags, options) -> Iterator[tuple[int, None, str, list[str]]]:
    """Babel's extraction method for this file: each sentence, as a message of its own."""
    for text in words():
        yield 1, None, text, ["A sentence from the nights' data (companion/events)."]
