"""Kyoto no Neko rules engine (../shared/rules/kyoto-no-neko.md).

The board, the kittens and the Paws stay on the table; the app keeps each kitten's sheets,
referees every skill check, awards medals and growth, draws the bike cards and knows when the
game ends. Checks and fights are in checks.py, the turn and the end in turns.py, what a table
may do now in offers.py. Rulings where the rulebook is silent are in docs/rulings.md.
"""
from __future__ import annotations

import random

from ..base import Game, RuleViolation
from ..fields import is_int
from ..said import said
from ..values import Option, Viewer
from . import checks, offers, sheets, turns, validate
from .kittens import DEFAULT_GROWTH_SPACES, DEFAULT_SHEETS, DIE_FACES, ENEMY_TOKENS, MEDAL_SLOTS, ROAD_SPACES
from .stats import FIGURES
from .withheld import withheld


class KyotoNoNeko(Game):
    """Skill checks, the Victories tally, the Home, missions, medals, growth and the final round."""

    id = "neko"
    title = "Kyoto no Neko"
    score_field = "medals"
    figures = FIGURES
    min_players = 2
    max_players = 4
    options = (
        Option("sheets", None, list, said("One printed sheet per player (stamina track, skills, growth bumps).")),
        Option("growth_spaces", None, list, said("The medal counts that are Growth spaces (default 2 and 4).")),
        Option("experienced", False, bool, said("Experienced side: extra starting skill bumps (stamina excepted).")),
        Option("die_faces", None, list, said("The different faces of the Skill die, X among them (default 1 to 5 and X).")),
    )
    rules_version = 2
    seat_decisions = ("skill_up",)

    # -- setup -----------------------------------------------------------------------------
    def validate_options(self, options, n_players):
        """The options with their defaults (the Skill die's faces checked)."""
        clean = super().validate_options(options, n_players)
        if clean["die_faces"] is not None:
            clean["die_faces"] = validate.die_faces(clean["die_faces"])
        return clean

    def _setup(self, names, options, first, rng: random.Random) -> dict:
        sheet_list = options["sheets"] or [dict(s) for s in DEFAULT_SHEETS[: len(names)]]
        if len(sheet_list) != len(names):
            raise RuleViolation(said("Give one kitten sheet per player ({n}).", n=len(names)))
        sheet_list = [validate.sheet(s, i) for i, s in enumerate(sheet_list)]
        spaces = options["growth_spaces"] or list(DEFAULT_GROWTH_SPACES)
        if len(spaces) != 2 or any(not is_int(v) or not 1 <= v <= MEDAL_SLOTS for v in spaces) or spaces[0] >= spaces[1]:
            raise RuleViolation(said("growth_spaces is two medal counts from 1 to {MEDAL_SLOTS}, the first smaller.",
                                     MEDAL_SLOTS=MEDAL_SLOTS))
        state = {
            "game": self.id,
            "players": [
                {
                    "name": n, "kitten": sheet.get("kitten", f"Kitten {i + 1}"), "sheet": sheet,
                    "stamina": sheet["stamina"][0], "stamina_step": 0, "skills": dict(sheet["skills"]),
                    "medals": 0, "missions": [], "achieved": [], "victories": 0, "tally": 0, "friends": 0,
                    "tally_medal": False, "home_medal": False,
                }
                for i, (n, sheet) in enumerate(zip(names, sheet_list))
            ],
            "growth_spaces": spaces,
            "die": options["die_faces"] or list(DIE_FACES),
            "growth_done": [False, False],
            "growth_due": [],
            "current": first,
            "first_player": first,
            "round": 1,
            "action_used": False,
            "final_round": False,
            "bumps": [],
            "enemy_tokens": ENEMY_TOKENS,
            "bikes": {"purple": 0, "teal": ROAD_SPACES // 2},
            "bike_seed": rng.randrange(2**32),
            "bike_shuffles": 0,
            "bike_deck": [],
            "last_bike": None,
            "tied": [],
            "over": False,
            "winner": None,
        }
        turns.shuffle_bikes(state)
        turns.chart_point(state, 0)  # the start of the timeline (the chart's first point)
        if options["experienced"]:
            for i, sheet in enumerate(sheet_list):
                state["bumps"] += [{"player": i, "reason": "Experienced side"}] * sheet.get("experienced", 0)
        sheets.drop_spent_bumps(state, [])
        return state

    # -- actions ---------------------------------------------------------------------------
    # A fight between tied kittens, then a skill bump, comes before any other move.
    owed_first = ("kitten_fight", "skill_up")

    def _waiting(self, state: dict, owed: list[dict]) -> str:
        """What other moves wait for: the tie's fight, or who moves a skill up first."""
        if owed[0]["type"] == "kitten_fight":
            return said("The game is decided by a fight between the tied kittens now.")
        return said("First {player} chooses which skill to move up.",
                    player=state['players'][owed[0]['player']]['name'])

    def _before(self, state: dict, action: dict) -> None:
        """The last failure's consequences are applied by the next move."""
        state.pop("failed", None)

    def _after(self, state: dict, action: dict, lines: list[str]) -> None:
        """The skill bumps nothing is left to move up are dropped (sheets.drop_spent_bumps)."""
        sheets.drop_spent_bumps(state, lines)

    def _offers(self, state: dict) -> list[dict]:
        """Every move the rules allow now (offers.py)."""
        return offers.offers(state)

    _withheld = staticmethod(withheld)  # what the rules switch off now, and why (withheld.py)

    actions = {"check": checks.check, "kitten_fight": checks.kitten_fight, "crossed_road": turns.crossed_road,
               "bike_card": turns.bike_card, "skill_up": sheets.skill_up, "end_turn": turns.end_turn_action}

    # -- protocol --------------------------------------------------------------------------
    def pending(self, state):
        if state["over"]:
            return []
        if state["tied"]:
            return [{"type": "kitten_fight", "player": i, "tiebreak": True} for i in state["tied"]]
        if state["bumps"]:
            return [{"type": "skill_up", **b} for b in state["bumps"]]
        return [{"type": "turn", "player": state["current"], "action_used": state["action_used"]}]

    def rank_key(self, state: dict, i: int) -> tuple[int, int]:
        """Most Medals, then the higher Friendship (a fight decides only the win)."""
        return turns.rank_key(state, i)

    def standings(self, state):
        order = turns.ranking(state)
        if state["winner"] is not None:
            order.remove(state["winner"])
            order.insert(0, state["winner"])
        return order

    def view_key(self, state: dict, viewer: Viewer) -> object:
        """The board shows a seated phone its own kitten first (nothing is hidden)."""
        return viewer.seat

