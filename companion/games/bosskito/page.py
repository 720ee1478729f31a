"""What Boss Kito's pages need: nothing but its state and offers."""
from __future__ import annotations

from ..page import Page

# A double arrow's owner decides whether to pass the starting player card: asked on that player's
# own phone, and brought into view there wherever its page is scrolled.
PAGE = Page(seat_controls=True)
