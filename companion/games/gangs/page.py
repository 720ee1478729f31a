"""What Gangs of Kyoto's pages need: a card in words and as a tile, the tiles' names."""
from __future__ import annotations

from ..page import Page
from .cards import TILE_WORDS, name, tile

# A hand is hidden from the other seats: a seat's board is the watchers' with its own player drawn
# in. The picker draws an offered card as its tile (the page draws its picker from offers).
PAGE = Page(data={"card_name": name, "card_tile": tile, "tiles": TILE_WORDS}, own_player=True)
