"""Kyoto no Neko data: default kitten sheets, missions, the bike deck, and the numbers of the game.

The rulebook names what a sheet holds (a Stamina track, starting skills, the skill bumps of the
two Growth spaces) but prints no values: these defaults are the app's, documented in
docs/rulings.md, and a table enters its printed sheets with `options.sheets` instead.
"""
from __future__ import annotations

from ..said import said, word

SKILLS = ("agility", "friendship", "fighting", "hunting")
# Each skill as a sentence names it (translated where it is shown).
SKILL_WORDS = {"agility": word("Agility"), "friendship": word("Friendship"), "fighting": word("Fighting"),
               "hunting": word("Hunting")}
SKILL_MAX = 10
HEDGE_AGILITY = 4
ROOF_AGILITY = 6
# The Skill die: six faces, one of them X (a critical failure). The rulebook prints no list of
# the others: the app takes 1 to 5 (docs/rulings.md); a table whose die differs gives its faces
# (`options.die_faces`, from FACE_VALUES).
DIE_FACES = (1, 2, 3, 4, 5, "X")
FACE_VALUES = (0, 1, 2, 3, 4, 5, 6, "X")
OBJECTIVE_MAX = 20  # the highest Objective a table may enter (Paws print single digits; scenarios more)
PAW_OBJECTIVES = tuple(range(1, 10))  # the Objectives Paws and Bikes print: the pads' first row
TALLY_SPACES = 5
HOME_SPACES = 3
ENEMY_TOKENS = 10
VICTORY_MEDALS = 5
MEDAL_SLOTS = 7  # a kitten's seven Medals: five Missions, the Victories tally and the Home
ROAD_SPACES = 16

MISSIONS = {
    "cross_road": said("Cross the road"),
    "climb_tree": said("Climb a tree"),
    "hunt_bug": said("Hunt a bug"),
    "befriend_butterfly": said("Become friends with a butterfly"),
    "defeat_kitten": said("Defeat an enemy Kitten"),
}

# What a successful check earns, and with which skills it can be earned.
TARGETS = {
    "bug": ("hunting",),
    "butterfly": ("friendship",),
    "tree": ("agility",),
    "animal": ("hunting", "fighting"),
    "friend": ("friendship",),
    "bike": ("agility",),
    "hazard": SKILLS,
}
REACTIONS = ("bike", "hazard")
# A check's target as the history's line names it ("… against 5 for a bug").
TARGET_NAMES = {"bug": word("a bug"), "butterfly": word("a butterfly"), "tree": word("a tree"),
                "animal": word("an animal"), "friend": word("a friend"), "bike": word("a bike"), "hazard": word("a hazard")}
# What a won check adds to the Victories tally ("adds the bug to the Victories tally").
TARGET_NOUNS = {"bug": word("bug"), "butterfly": word("butterfly"), "tree": word("tree"), "animal": word("animal"),
                "friend": word("friend"), "bike": word("bike"), "hazard": word("hazard")}
# Each skill as the history's lines name it, lower case ("checks hunting").
SKILL_NAMES = {"agility": word("agility"), "friendship": word("friendship"), "fighting": word("fighting"),
               "hunting": word("hunting")}
# A check's target in words, for the pages (None: a plain check, which earns nothing).
TARGET_WORDS = {
    "bug": said("hunt a bug (tally + mission)"),
    "butterfly": said("a butterfly friend (Home + mission)"),
    "tree": said("climb a cherry tree (mission)"),
    "animal": said("an animal (tally)"),
    "friend": said("a friend (Home)"),
    None: said("a plain check (earns nothing)"),
    "hazard": said("reaction: a hazard (a dog…)"),
    "bike": word("reaction: dodge a bike"),
}
# The same, short enough for a button of the check pad (the long words are its tooltip).
TARGET_LABELS = {
    "bug": "Bug", "butterfly": "Butterfly", "tree": "Tree", "animal": "Animal", "friend": "Friend",
    None: "Other", "hazard": "Hazard", "bike": "Bike",
}

DEFAULT_SHEETS = (
    {"kitten": "Orange", "stamina": [3, 4, 6], "skills": {"agility": 2, "friendship": 1, "fighting": 1, "hunting": 0}, "growth": [5, 3], "experienced": 2},
    {"kitten": "Blue", "stamina": [3, 4, 6], "skills": {"agility": 1, "friendship": 2, "fighting": 0, "hunting": 1}, "growth": [5, 3], "experienced": 2},
    {"kitten": "Green", "stamina": [3, 4, 6], "skills": {"agility": 1, "friendship": 0, "fighting": 2, "hunting": 1}, "growth": [5, 3], "experienced": 2},
    {"kitten": "Purple", "stamina": [3, 4, 6], "skills": {"agility": 0, "friendship": 1, "fighting": 1, "hunting": 2}, "growth": [5, 3], "experienced": 2},
)
DEFAULT_GROWTH_SPACES = [2, 4]

# 16 bike cards: how far each card moves the purple and the teal bike (1 to 6 each).
BIKE_DECK = (
    (1, 5), (2, 4), (3, 3), (4, 2), (5, 1), (6, 6), (1, 1), (2, 6),
    (3, 5), (4, 4), (5, 3), (6, 2), (1, 3), (2, 2), (3, 1), (6, 4),
)
