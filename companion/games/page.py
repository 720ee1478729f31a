"""What a game's pages need of it: the `Page` each game package exposes as `PAGE`.

An engine names no template and draws nothing; the web layer loops over the registry's pages
and decides every template path from the game's id.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Page:
    """Plain data and small pure helpers a game's templates read, and how its regions are cut."""

    # Published to the templates as `<game id>_<name>`: Last Kyotoan Standing's "cards" is
    # `kyotoan_cards`. What the board shows of the rules is asked of the game, never written
    # into a template.
    data: Mapping[str, Any] = field(default_factory=dict, repr=False)
    # Whether the controls ask a seat's decisions on that seat's own phone (then each seat's
    # controls are rendered for it; otherwise one render serves every phone that may act).
    seat_controls: bool = False
    # Whether those controls read the phone's seat itself (Neko puts its own skill bumps first);
    # otherwise seats whose offers, withheld moves and view are the same share one render.
    controls_read_seat: bool = False
    # The offer types a phone's own region draws (templates/games/<id>/_own.html: a seat's own
    # settings), not the controls: seats that differ only in these share the controls' render.
    own_offers: tuple[str, ...] = ()
    # With hidden information: whether the game draws one player on the board by itself, when a
    # seat's board differs from a watcher's only in that seat's own player (then the board is
    # rendered once for all and each seat's own player spliced in).
    own_player: bool = False
    # The game's own names its pages show in the phone's language (a skill, a colour, a card's
    # name and text, a tile's word), in English as the data keeps them: each is one message of
    # the pages' catalog, found by its English words (web/words/engine_words.py lists them for it).
    words: tuple[str, ...] = ()
