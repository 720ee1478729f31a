"""Last Kyotoan Standing rules engine (../shared/rules/last-kyotoan-standing.md).

A turn: roll (up to three times, entered as faces), resolve (★ from triples, ϟ, ♥ outside
Kyoto, smashes), yield decisions of the monsters in Kyoto that were hit, the enter step, buying
at Nishiki Market, end of turn. Rulings where the rulebook is silent are in docs/rulings.md.

The engine holds the numbers cards change (dice, rolls, prices: asked of the Keep cards'
declarations, keeps.py) and the protocol; the actions are handled in dice.py, turns.py, losses.py,
market.py and powers.py (the `actions` table), and what each monster may do now is listed in
offers.py, which shares the engine's checks (`offers.goes_ahead` for what does not wait).
"""
from __future__ import annotations

import random

from ..base import Game, RuleViolation
from ..fields import is_int
from ..said import said
from ..values import Option
from . import dice, keeps, losses, market, mimic, offers, powers, probe, settings, turns
from .cards import CARDS, MONSTERS
from .effects import FACE_WORDS, FACES, MAX_HP
from .keeps import ANSWERS
from .stats import FIGURES
from .withheld import withheld

__all__ = ["FACES", "FACE_WORDS", "LastKyotoanStanding"]  # the dice's faces, read here by the property tests

BASE_DICE = 6
BASE_ROLLS = 3


class LastKyotoanStanding(Game):
    """Dice, Kyoto City and Bay, yielding, elimination, victory, the market and Discard cards."""

    id = "kyotoan"
    title = "Last Kyotoan Standing"
    score_field = "stars"
    figures = FIGURES
    min_players = 2
    max_players = 6
    options = (Option("monsters", None, list, said("Each player's monster, in seating order (default: the roster in order).")),)
    # One rules version (older data is converted once by `companion migrate`).
    rules_version = 5
    seat_settings = ("auto_yield", "auto_pass")
    seat_decisions = ("yield",) + ANSWERS + (probe.CARD, "freeze_time")

    def _setup(self, names, options, first, rng: random.Random) -> dict:
        monsters = options["monsters"] or list(MONSTERS[: len(names)])
        if len(monsters) != len(names) or any(m not in MONSTERS for m in monsters):
            raise RuleViolation(said("Give each player one monster from: {list}.", list=', '.join(MONSTERS)))
        if len(set(monsters)) != len(monsters):
            raise RuleViolation(said("Each monster can be played by one player only."))
        state = {
            "game": self.id,
            "players": [
                {"name": n, "monster": m, "hp": MAX_HP, "max_hp": MAX_HP, "stars": 0, "energy": 0, "alive": True,
                 "location": None, "cards": [], "poison": 0, "shrink": 0, "auto_yield": None, "auto_pass": [], "mimic": None,
                 "out": None}  # when eliminated: 1 for the first monster out (those falling together share it)
                for n, m in zip(names, monsters)
            ],
            "current": first,
            "turn": 1,
            "phase": "roll",
            "dice": [],
            "rolls": 0,
            "kyoto": {"city": None, "bay": None},
            "market": [],
            "deck": {cid: c.count for cid, c in CARDS.items()},
            "discard": [],
            "attack": None,
            "extra_turn": False,
            "over": False,
            "winner": None,
            "timeline": [],
        }
        turns.snapshot(state)
        return state

    # -- what the active monster may do ----------------------------------------------------
    def dice_count(self, state: dict, i: int) -> int:
        """Dice the monster rolls this turn (Shrink Ray tokens take one each)."""
        fewer = state.get("fewer_dice", 0) if i == state["current"] else 0
        return max(0, BASE_DICE + keeps.total("dice", state, i) - state["players"][i]["shrink"] - fewer)

    def rolls_allowed(self, state: dict, i: int) -> int:
        """Rolls the monster may make this turn."""
        return BASE_ROLLS + keeps.total("rolls", state, i)

    def cost(self, state: dict, i: int, card_id: str) -> int:
        """What a card costs this monster."""
        return keeps.cost(state, i, card_id)

    def market_short(self, state: dict) -> int:
        """How many face-up cards the table still has to tap in."""
        return market.short(state)

    def can_roll(self, state: dict) -> bool:
        """Whether the active monster could roll again, the rolling not being over: a roll of its
        allowance, one a card pays for, or a free reroll (dice.roll and the roll offer agree)."""
        me = state["current"]
        return state["rolls"] < self.rolls_allowed(state, me) or bool(keeps.roll_payer(state, me) or keeps.free_reroll(state, me))

    def change_refused(self, state: dict) -> str | None:
        """Why the active monster may not change a die with a card now (probe.change_refused)."""
        return probe.change_refused(self, state)

    def probe_refused(self, state: dict, i: int) -> str | None:
        """Why monster i may not reroll another monster's die now (probe.probe_refused)."""
        return probe.probe_refused(self, state, i)

    def extra_rolls(self, state: dict, i: int) -> int:
        """Rolls the monster could still pay for: Smoke Cloud counters, and ϟ with Energy Drink."""
        return keeps.total("extra_rolls", state, i)

    # -- actions ---------------------------------------------------------------------------
    # Each handler takes (game, state, action) and returns the log lines.
    actions = {
        "roll": dice.roll, "resolve": dice.resolve, "yield": turns.answer_yield,
        **{card: losses.answer for card in ANSWERS},  # the questions a loss asks: keeps.ANSWERS
        "market": market.market, "buy": market.buy, "sweep": market.sweep, "use": powers.use,
        "end_turn": turns.end_turn, "auto_yield": turns.auto_yield,
        "auto_pass": settings.auto_pass, "freeze_time": turns.freeze_time,
    }
    # The steps a turn goes on with once the losses held on the way are decided (losses.py).
    steps = {"smashed": turns.then_smashed, "settle": turns.then_settle, "ended": turns.then_ended}

    # The market to tap in, then a loss's questions, then the probe's (probe.py), come before other
    # moves (offers.goes_ahead: the few that do not wait).
    owed_first = ("market",) + ANSWERS + (probe.CARD,)

    def _goes_ahead(self, state: dict, action: dict, owed: list[dict]) -> bool:
        """The moves taken while the market or a loss waits (offers.goes_ahead)."""
        return offers.goes_ahead(state, action, owed)

    def _waiting(self, state: dict, owed: list[dict]) -> str:
        """What other moves wait for: the cards to tap in, or whose loss (offers.waiting)."""
        return offers.waiting(state, owed)

    def _before(self, state: dict, action: dict) -> None:
        """A move other than tapping in or buying ends Opportunist's moment."""
        if action["type"] not in ("market", "buy"):
            state["revealed"] = []

    def _after(self, state: dict, action: dict, lines: list[str]) -> None:
        """Mimic's token follows the cards that moved (mimic.tidy)."""
        mimic.tidy(state, lines)

    def _offers(self, state: dict) -> list[dict]:
        """Every move the rules allow now, for any monster (offers.py)."""
        return offers.offers(self, state)

    def _withheld(self, state: dict) -> list:
        """What the rules switch off now, and why (withheld.py): the market's too dear cards and sweep."""
        return withheld(self, state)

    def owner_of(self, state: dict, action: dict) -> int | None:
        """Besides decisions and settings, a monster's power used out of its turn (a card bought
        the moment it is revealed, a card used on another's turn) is its owner's to use."""
        owner = super().owner_of(state, action)
        player = action.get("player")
        if owner is None and is_int(player) \
                and 0 <= player < len(state["players"]) and player != state["current"]:
            return player
        return owner

    def pending(self, state: dict) -> list[dict]:
        """The step or the questions the table waits for (the market first, then the losses)."""
        if state["over"]:
            return []
        me = state["current"]
        short = self.market_short(state)
        if short:
            return [{"type": "market", "player": me, "slots": short}]
        if state["phase"] == "losses":
            return losses.owed(state)
        if state["phase"] == "yield":
            attack = state["attack"]
            return [
                {"type": "yield", "player": int(k), "damage": attack["damage"][k]}
                for k, v in attack["yields"].items() if v is None
            ]
        if state["phase"] == "freeze_time":
            return [{"type": "freeze_time", "player": me}]
        if state["phase"] == "roll":
            asked = probe.owed(self, state)
            if asked:
                return [{"type": probe.CARD, "player": j, "of": me} for j in asked]
            left = 0 if probe.rolling_over(state) else \
                max(0, self.rolls_allowed(state, me) - state["rolls"]) + self.extra_rolls(state, me)
            return [{"type": "roll", "player": me, "dice": self.dice_count(state, me), "rolls_left": left}]
        return [{"type": "buy", "player": me}]

    def rank_key(self, state: dict, i: int) -> tuple:
        """The winner first; then the living by ★ then ♥; then the eliminated, the last out first
        (monsters that fell together are equal): lasting longer places higher (docs/rulings.md)."""
        p = state["players"][i]
        if not p["alive"]:
            return (True, True, -(p.get("out") or 0), 0)
        won = state["winner"] if isinstance(state["winner"], list) else [state["winner"]]
        return (i not in won, False, -p["stars"], -p["hp"])
