"""What Last Kyotoan Standing's pages need: cards, monsters, die faces, the stars that win."""
from __future__ import annotations

from ..page import Page
from .cards import CARDS, MONSTERS
from .effects import FACE_WORDS, FACES, WIN_STARS, bay_open

# A yield owed to a Kyoto bay's monster is asked on its player's phone.
PAGE = Page(
    words=(*(c.name for c in CARDS.values()), *(c.text for c in CARDS.values())),
    data={"cards": CARDS, "monsters": MONSTERS, "faces": FACES, "face_words": FACE_WORDS,
          "win_stars": WIN_STARS, "bay_open": bay_open},
    seat_controls=True,
    own_offers=("auto_yield", "auto_pass"),  # each seat's own threshold: the rest of the controls are the same for all
)
