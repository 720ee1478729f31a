"""Names people type (players, events) and text cells written to CSV: one validation for every way in.

Forms, the JSON API, table imports and event imports all call `clean_name`, so a name that one
door refuses is refused by every door, and `csv_cell` defuses every cell a spreadsheet would run.
Pure functions: no Flask, no I/O.
"""
from __future__ import annotations

import unicodedata

from .errors import RuleViolation
from .said import Said, said, word

NAME_MAX = 40
# What a sentence about a typed name calls it by default ("Every name needs at least one visible character.").
A_NAME = word("name")

# Characters that show nothing or reorder text: zero-width spaces and joiners, the byte-order
# mark, and the bidirectional embeddings/overrides/isolates (an unclosed U+202E reverses every
# line it is spliced into). Control characters (category Cc) and format characters (Cf) are
# dropped as a class; these are listed for the reader.
_INVISIBLE = {"\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u202a", "\u202b", "\u202c", "\u202d",
              "\u202e", "\u2066", "\u2067", "\u2068", "\u2069", "\u200e", "\u200f", "\u00ad"}


def clean_name(raw: object, what: Said = A_NAME, limit: int = NAME_MAX) -> str:
    """A typed name made canonical (NFC, no control or invisible characters, single spaces), or a
    RuleViolation with a sentence when nothing visible is left or it is longer than `limit`."""
    if not isinstance(raw, str):
        raise RuleViolation(said("A {what} is text.", what=what))
    text = unicodedata.normalize("NFC", raw)
    text = "".join(" " if ch.isspace() else ch for ch in text
                   if ch.isspace() or (ch not in _INVISIBLE and unicodedata.category(ch) not in ("Cc", "Cf", "Cs", "Co", "Cn")))
    text = " ".join(text.split())
    if not text:
        raise RuleViolation(said("Every {what} needs at least one visible character.", what=what))
    if len(text) > limit:
        raise RuleViolation(said("The {what} '{text}…' is longer than {limit} characters.", what=what,
                                 text=text[:limit], limit=limit))
    return text


def folded(name: object) -> str | None:
    """A typed name as names are compared (cleaned, case forgiven), or None if it is no name."""
    try:
        return clean_name(name).casefold()
    except RuleViolation:
        return None


def name_key(name: object) -> str | None:
    """A typed name as the same person is recognised across pages and nights: cleaned, case,
    accents and full-width letters forgiven ("Élodie", "elodie" and "ＥＬＯＤＩＥ" are one key); None
    if it is no name."""
    wanted = folded(name)
    # NFKD splits an accent off its letter and turns a full-width letter into the plain one.
    return None if wanted is None else "".join(ch for ch in unicodedata.normalize("NFKD", wanted) if not unicodedata.combining(ch))


def csv_cell(value: object) -> object:
    """A value safe to write into a CSV cell: text a spreadsheet would run as a formula (starting
    with = + - @, a tab or a carriage return) is prefixed with an apostrophe; numbers pass as they are."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value
