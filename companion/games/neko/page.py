"""What Kyoto no Neko's pages need: the sheet's skills and spaces, missions, the die's faces, and
what a turn's pads list before its action (drawn hidden while the rules take the pads away)."""
from __future__ import annotations

from ..page import Page
from .kittens import (
    DEFAULT_SHEETS,
    DIE_FACES,
    FACE_VALUES,
    HEDGE_AGILITY,
    MEDAL_SLOTS,
    MISSIONS,
    PAW_OBJECTIVES,
    REACTIONS,
    ROAD_SPACES,
    ROOF_AGILITY,
    SKILL_MAX,
    SKILLS,
    TALLY_SPACES,
    TARGET_LABELS,
    TARGET_WORDS,
    TARGETS,
    VICTORY_MEDALS,
)
from .offers import BIKE_MOVES, check_offer, reaction
from .sheets import reason
from .withheld import SKILL_OF_TARGET


def jumps(p: dict) -> list[str]:
    """What a kitten's Agility lets it jump over without a check: hedges at 4, roofs at 6."""
    return [what for what, need in (("hedges", HEDGE_AGILITY), ("roofs", ROOF_AGILITY)) if p["skills"]["agility"] >= need]


# The check a turn offers before its action, with no kitten's Home to befriend from (offers.py's
# shapes): a pad the rules took away (the action done) stays in the page hidden, drawn from this,
# so that the next turn's pad is the same HTML and a turn passing re-sends only whose it is.
TURN_CHECK = check_offer(None, [{"target": t, "skills": list(s)} for t, s in TARGETS.items() if t not in REACTIONS]
                         + [{"target": None, "skills": list(SKILLS)}] + [reaction(t) for t in REACTIONS], [])

# A skill a target does not take says why (withheld.py's words), drawn once in the pad, hidden
# until that target is tapped.
SKILL_WHYS = {t: {"why": why, "rule": rule, "source": "rulebook"} for t, (why, rule) in SKILL_OF_TARGET.items()}

# A skill bump a kitten is owed is asked on its player's phone.
PAGE = Page(
    words=(*SKILLS, *MISSIONS.values(), *TARGET_WORDS.values(), *TARGET_LABELS.values(),
           *(s["kitten"] for s in DEFAULT_SHEETS)),
    data={"skills": SKILLS, "missions": MISSIONS, "target_words": TARGET_WORDS, "target_labels": TARGET_LABELS,
          "paw_objectives": PAW_OBJECTIVES, "skill_max": SKILL_MAX, "road_spaces": ROAD_SPACES, "medal_slots": MEDAL_SLOTS,
          "victory_medals": VICTORY_MEDALS, "tally_spaces": TALLY_SPACES, "jumps": jumps,
          "die_faces": DIE_FACES, "face_values": FACE_VALUES, "turn_check": TURN_CHECK, "skill_whys": SKILL_WHYS,
          "bike_moves": BIKE_MOVES, "bike_dodge": reaction("bike"),
          "reason": reason},  # a bump's reason (kept in English in the state) as a sentence value
    seat_controls=True,
    controls_read_seat=True,  # the seat controls list this phone's own skill bumps first
)
