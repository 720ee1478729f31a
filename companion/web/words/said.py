"""Text as a phone says it: the engines' sentences in the phone's language, the games' symbols
read by their names, and the history's entries.

An engine's sentence is a message id with values (companion/games/said.py): `told` says it in the
request's language through the `rules` catalog, its word values translated too, its numbers
written as the language writes them; a line logged before sentences had ids is said as it was.
A screen reader reads ϟ as the Greek letter koppa and ★ as "black star": each symbol in a sentence
is drawn with the word it stands for (`spoken`, `sym`), in the history, the controls and the board.
"""
from __future__ import annotations

import re
from functools import lru_cache

from babel.lists import format_list
from babel.numbers import format_decimal
from markupsafe import Markup, escape

from ...games.errors import RuleViolation
from ...games.said import Said, english, loaded, word
from .languages import DEFAULT, rules
from .languages import current as language

# The symbols the games write in their sentences, and what a screen reader should say for each
# (one, several) in the phone's language: left alone, ϟ is read as the Greek letter koppa and ★ as "black star".
SYMBOLS = {"ϟ": (word("energy"), word("energy")), "♥": (word("heart"), word("hearts")), "★": (word("star"), word("stars")),
           "✸": (word("smash"), word("smashes"))}
BY_NAME = {one: glyph for glyph, (one, _) in SYMBOLS.items()}
_GLYPH = "[" + "".join(SYMBOLS) + "]"
# A run of symbols (dice faces: "ϟ ♥ ϟ ✸"), else one symbol with the count before it, if any.
_SYMBOLS_SAID = re.compile(rf"({_GLYPH}(?: {_GLYPH})+)|(\d+)?({_GLYPH})")


def told(line: object, lang: str | None = None) -> str:
    """An engine's sentence (a Said, or the JSON the log keeps of one) in `lang` (default: the
    request's language); any other text as it is."""
    return _told(loaded(line), lang or language())


def _told(line: object, lang: str) -> str:
    if not isinstance(line, Said):
        return english(line) if isinstance(line, list) else str(line)
    if lang == DEFAULT:
        return str(line)
    catalog = rules.get_translations()
    if line.plural is not None:
        template = catalog.ngettext(line.id, line.plural, line.values.get("n", 0))
    else:
        template = catalog.gettext(line.id)
    if not line.values:
        return template
    values = {k: _value(v, lang) for k, v in line.values.items()}
    try:
        return template.format(**values)
    except (KeyError, IndexError, ValueError):
        return str(line)  # a translation that names a value the sentence lacks: said in English


def _value(value: object, lang: str) -> str:
    """One value of a sentence as `lang` writes it: a word translated, a number with the language's
    digits grouping, a list as the language lists."""
    if isinstance(value, (list, tuple)):
        return format_list([_value(v, lang) for v in value], locale=lang) if value else ""
    if isinstance(value, int) and not isinstance(value, bool):
        return format_decimal(value, locale=lang)
    return _told(value, lang)


def refusal(exc: Exception) -> str:
    """The sentence an exception says to a phone in its language: a refusal of the rules, or any
    service error raised with a sentence (a seat taken, a version gone by, a name taken...)."""
    if isinstance(exc, RuleViolation):
        return told(exc.said)
    first = exc.args[0] if len(exc.args) == 1 else None
    return told(first) if isinstance(first, Said) else str(exc)


def spoken(text: object) -> Markup:
    """Text, escaped, with each symbol said by its name: "2★" reads "2 stars", "1♥" "1 heart",
    and a run of faces "ϟ ♥ ✸" one image read "energy heart smash" (a resolve's dice said once, not
    an element a die: a tenth of its push). An engine's sentence is told in the request's language."""
    lang = language()
    if isinstance(text, (Said, dict)):
        text = told(text, lang)

    def named(found: re.Match) -> str:
        run, count, glyph = found.groups()
        if run:
            return f'<span role="img" aria-label="{" ".join(_told(SYMBOLS[g][0], lang) for g in run.split())}">{run}</span>'
        one, several = SYMBOLS[glyph]
        said_as = _told(several if count and count != "1" else one, lang)
        return f'{count or ""}<span role="img" aria-label="{said_as}">{glyph}</span>'
    return Markup(_SYMBOLS_SAID.sub(named, str(escape(text))))


def sym(what: object, name: str | None = None) -> Markup:
    """A symbol said by its name: `sym("star")` draws ★ read "star"; as a filter with a count,
    `{{ 3|sym("star") }}` draws 3★ read "3 stars"."""
    if name is None:
        return spoken(BY_NAME.get(str(what), what))
    return spoken(f"{what}{BY_NAME[name]}")


# The history repeats its last 30 entries in every push: building their sentences each time was a
# tenth of a push's render time (measured). Kept by sentence, not by entry: a cache of entries grew
# by an item (~600 bytes) with every action until it held 8,192 (docs/operations.md, "What grows,
# measured"), while a table says the same sentences again and again.
# Kept by language and sentence: a Said equals its English text, so the language is in the key.
@lru_cache(maxsize=4096, typed=True)
def _said(line: str, lang: str) -> str:
    """A history sentence as the page says it in `lang` (`spoken`), built once."""
    return str(spoken(_told(line, lang)))


def history_line(seq: int, lines: tuple[str, ...], lang: str | None = None) -> Markup:
    """A history entry's list item in `lang` (default: the request's language); its number opens
    the board as it stood after it (`?at=`, on the play and the watch page alike: rewind_pages.py)."""
    lang = lang or language()
    said = " ".join(_said(line, lang) for line in lines)
    return Markup(f'<li id="h-{seq}"><a class="seq" href="?at={seq}">#{seq}</a>{said}</li>')
