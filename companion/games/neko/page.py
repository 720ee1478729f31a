"""What Kyoto no Neko's pages need: the sheet's skills and spaces, missions, the die's faces."""
from __future__ import annotations

from ..page import Page
from .kittens import (DIE_FACES, FACE_VALUES, HEDGE_AGILITY, MEDAL_SLOTS, MISSIONS, PAW_OBJECTIVES, ROAD_SPACES,
                      ROOF_AGILITY, SKILL_MAX, SKILLS, TALLY_SPACES, TARGET_LABELS, TARGET_WORDS, VICTORY_MEDALS)


def jumps(p: dict) -> list[str]:
    """What a kitten's Agility lets it jump over without a check: hedges at 4, roofs at 6."""
    return [what for what, need in (("hedges", HEDGE_AGILITY), ("roofs", ROOF_AGILITY)) if p["skills"]["agility"] >= need]


# A skill bump a kitten is owed is asked on its player's phone.
PAGE = Page(
    data={"skills": SKILLS, "missions": MISSIONS, "target_words": TARGET_WORDS, "target_labels": TARGET_LABELS,
          "paw_objectives": PAW_OBJECTIVES, "skill_max": SKILL_MAX, "road_spaces": ROAD_SPACES, "medal_slots": MEDAL_SLOTS,
          "victory_medals": VICTORY_MEDALS, "tally_spaces": TALLY_SPACES, "jumps": jumps,
          "die_faces": DIE_FACES, "face_values": FACE_VALUES},
    seat_controls=True,
    controls_read_seat=True,  # the seat controls list this phone's own skill bumps first
)
