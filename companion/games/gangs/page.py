"""What Gangs of Kyoto's pages need: a card in words, the tiles' names, the own player's hand."""
from __future__ import annotations

from ..page import Page
from .cards import TILE_WORDS, name

# A hand is hidden from the other seats: a seat's board is the watchers' with its own player drawn in.
PAGE = Page(data={"card_name": name, "tiles": TILE_WORDS}, own_player=True)
