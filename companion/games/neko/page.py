"""What Kyoto no Neko's pages need: the die's faces, and the faces a table may choose."""
from __future__ import annotations

from ..page import Page
from .kittens import DIE_FACES, FACE_VALUES

# A skill bump a kitten is owed is asked on its player's phone.
PAGE = Page(data={"die_faces": DIE_FACES, "face_values": FACE_VALUES}, seat_controls=True)
