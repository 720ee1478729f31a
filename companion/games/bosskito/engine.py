"""Boss Kito rules engine (../shared/rules/boss-kito.md).

Banana cards in hands are secret, so the app keeps counts (hand sizes, draw and discard piles)
and the face-up cards played per colour. A round: the table enters the five benefits turned face
up (`reveal`), every player takes four turns, the benefits are handed out by colour (each step in
rounds.py), and a double arrow's winner may pass the starting player card (`pass_start`). Before
a reveal the table may say which symbol the cards of a benefit number carry (`symbol`, set once
and used at every reveal of that number). This module runs the turns and rounds; what may be done now is offers.py's. Rulings where the
rulebook is silent or cut short are in docs/rulings.md.
"""
from __future__ import annotations

import random
from collections.abc import Callable

from ..base import Game, RuleViolation
from ..fields import check_fields, check_named_player, player_field
from ..said import said
from ..values import Option
from .offers import offers, turn_offers
from .rounds import draw, exchange, hand_out, mark, place, play, reveal, take
from .rules import BANANA_CARDS, COLOURS, HAND, ROUNDS, START_TOKENS, SYMBOLS, TOKENS, TURNS_PER_ROUND, scores
from .stats import FIGURES
from .withheld import withheld


class BossKito(Game):
    """Nine rounds of four turns each, the hand-out by colour, majority scoring."""

    id = "bosskito"
    title = "Boss Kito"
    score_field = "score"
    figures = FIGURES
    start_field = "starting_player"
    min_players = 2
    max_players = 5
    options = (
        Option("symbols", None, dict, said("Default additional-action symbol per benefit number, e.g. {\"3\": \"pass\"}.")),
    )
    # A double arrow's owner decides whether to pass the starting player card (its page asks it on
    # that player's own phone: page.py).
    seat_decisions = ("pass_start",)

    def _setup(self, names, options, first, rng: random.Random) -> dict:
        symbols = options["symbols"] or {}
        for key, sym in symbols.items():
            if key not in {str(n) for n in range(1, 10)} or sym not in SYMBOLS + (None,):
                raise RuleViolation(said("symbols maps a benefit number 1-9 to one of {list}.",
                                         list=', '.join(SYMBOLS)))
        n = len(names)
        return {
            "game": self.id,
            "players": [
                {"name": nm, "tokens": START_TOKENS, "hand": HAND, "played": {c: [] for c in COLOURS}, "benefits": [], "score": 0}
                for nm in names
            ],
            "symbols": symbols,
            "round": 1,
            "turns_left": [TURNS_PER_ROUND] * n,
            "stock": TOKENS - START_TOKENS * n,
            "draw_pile": BANANA_CARDS - HAND * n,
            "discard": 0,
            "row": [None] * len(COLOURS),
            "row_symbols": [None] * len(COLOURS),
            "revealed": {str(k): 0 for k in range(1, 10)},
            "starting_player": first,
            "current": None,  # nobody's turn while the benefits are turned up
            "phase": "reveal",
            "passes": [],
            "timeline": [{"round": 0, "score": [0] * n}],  # the scores after each round's hand-out: the chart
            "over": False,
            "winner": None,
        }

    # -- actions ---------------------------------------------------------------------------
    # The benefits to turn up, then a double arrow's decision, come before the turns.
    owed_first = ("reveal", "pass_start")
    round_steps = ("reveal", "symbol", "pass_start")  # the round's own steps, each checking it is its time

    def _goes_ahead(self, state: dict, action: dict, owed: list[dict]) -> bool:
        """A step of the round (a reveal, a symbol, a pass) is its handler's to refuse: only the
        moves of a turn wait."""
        return action["type"] in self.round_steps

    def _waiting(self, state: dict, owed: list[dict]) -> str:
        """What a turn waits for: the benefits turned face up, or who gets the starting player card."""
        if owed[0]["type"] == "reveal":
            return said("First tap in the five benefits turned face up for this round.")
        return said("{player} first decides who gets the starting player card.",
                    player=state['players'][owed[0]['player']]['name'])

    def _reveal(self, state: dict, action: dict) -> list[str]:
        if state["phase"] != "reveal":
            raise RuleViolation(said("The benefits of this round are already on the table."))
        lines: list[str] = []
        reveal(state, action, lines)
        state["phase"] = "play"
        state["current"] = state["starting_player"]
        self._pass_if_stuck(state, lines)
        return lines

    def _symbol(self, state: dict, action: dict) -> list[str]:
        if state["phase"] != "reveal":
            raise RuleViolation(said("A benefit number's symbol is set before a round's benefits are turned up."))
        lines: list[str] = []
        mark(state, action, lines)
        return lines

    def _pass_start(self, state: dict, action: dict) -> list[str]:
        check_fields(action, ("to",), ("player",))
        if state["phase"] != "pass":
            raise RuleViolation(said("Nobody may pass the starting player card now: that comes with a benefit's double arrow."))
        giver = state["passes"][0]
        check_named_player(state, action, giver, said("{expected} decides who gets the starting player card now, not {named}."))
        to = player_field(state, action, "to")
        state["passes"].pop(0)
        state["starting_player"] = to
        names = state["players"]
        lines = [
            said("{player} keeps the starting player card.", player=names[giver]['name']) if to == giver
            else said("{player} passes the starting player card to {player2}.", player=names[giver]['name'],
                      player2=names[to]['name'])
        ]
        if not state["passes"]:
            self._new_round(state, lines)
        return lines

    def _play(self, state: dict, action: dict) -> list[str]:
        return self._turn(state, action, play)

    def _place(self, state: dict, action: dict) -> list[str]:
        return self._turn(state, action, place)

    def _draw(self, state: dict, action: dict) -> list[str]:
        return self._turn(state, action, draw)

    def _take(self, state: dict, action: dict) -> list[str]:
        return self._turn(state, action, take)

    def _exchange(self, state: dict, action: dict) -> list[str]:
        return self._turn(state, action, exchange)

    actions = {"play": _play, "place": _place, "draw": _draw, "take": _take, "exchange": _exchange,
               "reveal": _reveal, "pass_start": _pass_start, "symbol": _symbol}

    # -- turns and rounds ------------------------------------------------------------------
    def _turn(self, state: dict, action: dict, move: Callable[[dict, dict, dict, list[str]], None]) -> list[str]:
        """One of the five actions of a turn, by the player whose turn it is (once the round's steps
        owed first are done: `waits`); then the next turn."""
        check_named_player(state, action, state["current"], said("{expected} takes this turn now, not {named}."))
        lines: list[str] = []
        move(state, state["players"][state["current"]], action, lines)
        self._next_turn(state, lines)
        return lines

    def _next_turn(self, state: dict, lines: list[str]) -> None:
        state["turns_left"][state["current"]] -= 1
        if not any(state["turns_left"]):
            self._end_round(state, lines)
            return
        # Everyone takes a turn in order, so the next player clockwise still has one.
        state["current"] = (state["current"] + 1) % len(state["players"])
        self._pass_if_stuck(state, lines)

    def _pass_if_stuck(self, state: dict, lines: list[str]) -> None:
        # The rulebook is silent on a player who can take none of the five actions (docs/rulings.md):
        # the turn counts as taken, so the game cannot stall.
        if not turn_offers(state):
            lines.append(said("{player} can take none of the five actions: the turn passes.",
                              player=state['players'][state['current']]['name']))
            self._next_turn(state, lines)

    def _end_round(self, state: dict, lines: list[str]) -> None:
        state["passes"] = hand_out(state, lines)
        # The running score once the benefits are handed out (a double arrow's pass changes none).
        state.setdefault("timeline", []).append({"round": state["round"], "score": scores(state["players"])})
        if state["passes"] and state["round"] == ROUNDS:
            # No round follows the last: the starting player card starts nothing, so its double
            # arrow asks no one (docs/rulings.md).
            lines.append(said("No round follows the last: the double arrow passes no starting player card."))
            state["passes"] = []
        if state["passes"]:
            state["phase"] = "pass"
            state["current"] = None  # a double arrow's decision, nobody's turn
        else:
            self._new_round(state, lines)

    def _new_round(self, state: dict, lines: list[str]) -> None:
        if state["round"] == ROUNDS:
            self._finish(state, lines)
            return
        state["round"] += 1
        state["turns_left"] = [TURNS_PER_ROUND] * len(state["players"])
        state["current"] = None  # the starting player begins once the benefits are turned up
        state["phase"] = "reveal"
        lines.append(said("Round {round}: {player} starts.", round=state['round'],
                          player=state['players'][state['starting_player']]['name']))

    def _finish(self, state: dict, lines: list[str]) -> None:
        self._score(state)  # the last hand-out just changed the benefits
        state["over"] = True
        state["current"] = None
        state["phase"] = "over"
        order = self.standings(state)
        best = order[0]
        tied = [i for i in order if self.rank_key(state, i) == self.rank_key(state, best)]
        state["winner"] = best if len(tied) == 1 else tied
        totals = ", ".join(f"{p['name']} {p['score']}" for p in state["players"])
        if len(tied) == 1:
            lines.append(said("The game ends: {totals}. {player} wins!", totals=totals, player=state["players"][best]["name"]))
        else:
            lines.append(said("The game ends: {totals}. Shared win: {tied}.", totals=totals,
                              tied=" and ".join(state["players"][i]["name"] for i in tied)))

    # -- protocol --------------------------------------------------------------------------
    def _offers(self, state: dict) -> list[dict]:
        return offers(state)

    _withheld = staticmethod(withheld)  # what the rules switch off now, and why (withheld.py)

    @staticmethod
    def _score(state: dict) -> None:
        for p, total in zip(state["players"], scores(state["players"])):
            p["score"] = total

    def _refresh(self, state: dict) -> None:
        self._score(state)  # the running score, as if the game ended now
        super()._refresh(state)

    def rank_key(self, state: dict, i: int) -> tuple[int, int]:
        """Highest score first; a tie goes to the most banana tokens."""
        p = state["players"][i]
        return (-p["score"], -p["tokens"])

    def asks(self, state: dict, decision: dict) -> str | None:
        """The reveal's question as a sentence (the pending entry keeps its English words: api.md)."""
        if decision.get("type") == "reveal":
            return said("turn up round {round}'s five benefits and tap them in, left to right", round=state["round"])
        return super().asks(state, decision)

    def pending(self, state: dict) -> list[dict]:
        """The reveal, a double arrow's decision, or whose turn it is (with its number in the round)."""
        phase = state["phase"]
        if phase == "over":
            return []
        if phase == "reveal":
            # `asks`: what the starting player's phone is told it owes (any phone may enter it).
            return [{"type": "reveal", "player": state["starting_player"],
                     "asks": str(self.asks(state, {"type": "reveal"}))}]
        if phase == "pass":
            return [{"type": "pass_start", "player": state["passes"][0]}]
        me = state["current"]
        done = TURNS_PER_ROUND - state["turns_left"][me] + 1
        return [{"type": "turn", "player": me, "turn": done}]
