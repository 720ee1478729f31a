"""The games' own names the pages show (a Kyoto no Neko skill, mission or target, a kitten's
colour, a Boss Kito benefit or colour, a Last Kyotoan Standing card's name and text, the word on a
Gangs of Kyoto card tile), translated where they are drawn: `{{ name|tr }}`. A variant's help
the home page offers is an engine's sentence (an Option's `help`, a said value): `{{ o.help|told }}`
says it through the `rules` catalog, as every sentence of the engines.

The engines keep these as data in English (their ids and printed names), each game's page naming
them (`Page.words`, asked of the registry); this module lists them for
`pybabel extract` (babel.cfg names `extract` below as the extraction method of this file), so each
is one message of the `messages` catalog, found by its English words, with no copy of the lists.
"""
from __future__ import annotations

from collections.abc import Iterator

from ...games import all_pages
from .catalogs import gettext


def names() -> list[str]:
    """Every name of the games' data the pages translate, each once, in a stable order."""
    return list(dict.fromkeys(word for page in all_pages().values() for word in page.words))


def translated(name) -> str:
    """A game's name in this request's language (as it is, when the catalog has none)."""
    return gettext(name) if isinstance(name, str) and name else name


def extract(fileobj, keywords, comment_tags, options) -> Iterator[tuple[int, None, str, list[str]]]:
    """Babel's extraction method for this file: each name, as a message of its own."""
    for name in names():
        yield 1, None, name, ["A name from the games' data (companion/games)."]
