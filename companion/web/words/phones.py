"""The table layer's words for a phone and a tap (companion/tables/taps.py: "Ben's phone", "The
host's phone", "your buy", "Ann's move"), in the page's language: the pages say them in sentences
of their own (partials/_told.html, _undo_ask.html, the undo line, clash.py).

The table layer names them in English once for every phone; each page reads them back here by
their shape, so that nothing is stored per language (tests/web/test_phones.py has every shape).
"""
from __future__ import annotations

import re

from flask_babel import gettext

from .script_words import N_

FIXED = {"The host's phone": N_("The host's phone"), "the host's phone": N_("the host's phone"),
         "The shared phone": N_("The shared phone"), "the shared phone": N_("the shared phone"),
         "A phone": N_("A phone"), "a phone": N_("a phone"), "this move": N_("this move"),
         "a move for you": N_("a move for you")}
# What a tap entered for a seat, by the move's type (taps.entered_for: "your buy").
YOURS = {"buy": N_("your buy"), "roll": N_("your roll"), "resolve": N_("your resolve"), "give": N_("your give"),
         "draw": N_("your draw"), "yield": N_("your yield"), "sweep": N_("your sweep"), "use": N_("your use"),
         "reveal": N_("your reveal"), "market": N_("your market"), "fight": N_("your fight")}
SEAT_PHONE = re.compile(r"(.+)'s phone", re.S)
SEAT_MOVE = re.compile(r"(.+)'s move", re.S)


def words(text: str | None) -> str | None:
    """A phone, a tap's owner or what a tap entered, as the table layer names it, in this request's
    language; anything else as it is."""
    if not text:
        return text
    if text in FIXED:
        return gettext(FIXED[text])
    if text.startswith("your ") and text[5:] in YOURS:
        return gettext(YOURS[text[5:]])
    if found := SEAT_PHONE.fullmatch(text):
        return gettext("%(name)s's phone", name=found[1])
    if found := SEAT_MOVE.fullmatch(text):
        return gettext("%(name)s's move", name=found[1])
    return text
