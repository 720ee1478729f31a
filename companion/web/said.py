"""Text as a phone says it: the games' symbols read by their names, and the history's entries.

A screen reader reads ϟ as the Greek letter koppa and ★ as "black star": each symbol in a sentence
is drawn with the word it stands for (`spoken`, `sym`), in the history, the controls and the board.
"""
from __future__ import annotations

import re
from functools import lru_cache

from markupsafe import Markup, escape

from .catalogs import ngettext
from .languages import current as current_language
from .script_words import Nn_

# The symbols the games write in their sentences, and what a screen reader should say for each
# (one, several): left alone, ϟ is read as the Greek letter koppa and ★ as "black star".
# The words are said in the page's language (one, several: the language's plural for the count).
SYMBOLS = {"ϟ": Nn_("energy", "energy"), "♥": Nn_("heart", "hearts"), "★": Nn_("star", "stars"), "✸": Nn_("smash", "smashes")}
BY_NAME = {one: glyph for glyph, (one, _) in SYMBOLS.items()}
_GLYPH = "[" + "".join(SYMBOLS) + "]"
# A run of symbols (dice faces: "ϟ ♥ ϟ ✸"), else one symbol with the count before it, if any.
_SYMBOLS_SAID = re.compile(rf"({_GLYPH}(?: {_GLYPH})+)|(\d+)?({_GLYPH})")


def spoken(text: object) -> Markup:
    """Text, escaped, with each symbol said by its name: "2★" reads "2 stars", "1♥" "1 heart",
    and a run of faces "ϟ ♥ ✸" one image read "energy heart smash" (a resolve's dice said once, not
    an element a die: a tenth of its push)."""
    def named(found: re.Match) -> str:
        run, count, glyph = found.groups()
        if run:
            return f'<span role="img" aria-label="{" ".join(ngettext(*SYMBOLS[g], 1) for g in run.split())}">{run}</span>'
        word = ngettext(*SYMBOLS[glyph], int(count) if count else 1)
        return f'{count or ""}<span role="img" aria-label="{word}">{glyph}</span>'
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
@lru_cache(maxsize=4096)
def _said(line: str, lang: str) -> str:
    """A history sentence as a page in `lang` says it (`spoken`), built once per language."""
    return str(spoken(line))


def history_line(seq: int, lines: tuple[str, ...]) -> Markup:
    """A history entry's list item; its number opens the board as it stood after it (`?at=`, on
    the play and the watch page alike: web/rewind_pages.py)."""
    lang = current_language()
    said = " ".join(_said(line, lang) for line in lines)
    return Markup(f'<li id="h-{seq}"><a class="seq" href="?at={seq}">#{seq}</a>{said}</li>')
