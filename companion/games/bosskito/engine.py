"""Boss Kito rules engine (../shared/rules/boss-kito.md).

Banana cards in hands are secret, so the app keeps counts (hand sizes, draw and discard piles)
and the face-up cards played per colour. Rulings where the rulebook is silent or cut short
(which benefits carry an additional-action symbol) are in docs/rulings.md.
"""
from __future__ import annotations

import random

from .. import piles
from ..base import Game, Option, RuleViolation
from ..fields import check_fields, int_field, is_one_of, player_field, quoted
from .rules import (
    BANANA_CARDS, BENEFIT_NAMES, CARDS_PER_COLOUR, COLOURS, HAND, ROUNDS, START_TOKENS, SYMBOLS, TOKENS,
    TURNS_PER_ROUND, bananas, column_winner, scores,
)

ORDINAL = {1: "1st", 2: "2nd", 3: "3rd", 4: "4th"}


class BossKito(Game):
    """Nine rounds of four turns each, the hand-out by colour, majority scoring."""

    id = "bosskito"
    title = "Boss Kito"
    min_players = 2
    max_players = 5
    options = (
        Option("symbols", None, dict, "Default additional-action symbol per benefit number, e.g. {\"3\": \"pass\"}."),
    )

    def _setup(self, names, options, first, rng: random.Random) -> dict:
        symbols = options["symbols"] or {}
        for key, sym in symbols.items():
            if key not in {str(n) for n in range(1, 10)} or sym not in SYMBOLS + (None,):
                raise RuleViolation(f"symbols maps a benefit number 1-9 to one of {', '.join(SYMBOLS)}.")
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
            "current": first,
            "phase": "reveal",
            "passes": [],
            "over": False,
            "winner": None,
        }

    # -- actions ---------------------------------------------------------------------------
    def _apply(self, state: dict, action: dict) -> list[str]:
        kind = action["type"]
        if kind not in ("play", "place", "draw", "take", "exchange", "reveal", "pass_start"):
            raise RuleViolation(f"Unknown action '{quoted(kind)}'. Boss Kito takes: play, place, draw, take, exchange, reveal, pass_start.")
        lines: list[str] = []
        if kind == "reveal":
            self._reveal(state, action, lines)
        elif kind == "pass_start":
            self._pass_start(state, action, lines)
        else:
            if state["phase"] == "reveal":
                raise RuleViolation("First tap in the five benefits turned face up for this round.")
            if state["phase"] == "pass":
                who = state["players"][state["passes"][0]]["name"]
                raise RuleViolation(f"{who} first decides who gets the starting player card.")
            getattr(self, f"_{kind}")(state, action, lines)
            self._next_turn(state, lines)
        return lines

    def _reveal(self, state, action, lines):
        check_fields(action, ("row",), ("symbols",))
        if state["phase"] != "reveal":
            raise RuleViolation("The benefits of this round are already on the table.")
        row = action["row"]
        if not isinstance(row, list) or len(row) != len(COLOURS) or any(isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= 9 for v in row):
            raise RuleViolation("'row' is the five benefit numbers (1 to 9), left to right.")
        for number in set(row):
            left = number - state["revealed"][str(number)]
            if row.count(number) > left:
                raise RuleViolation(f"Only {left} benefit card{'s' if left != 1 else ''} numbered {number} {'are' if left != 1 else 'is'} left; check the row.")
        symbols = action.get("symbols", [state["symbols"].get(str(v)) for v in row])
        if not isinstance(symbols, list) or len(symbols) != len(COLOURS) or any(s not in SYMBOLS + (None,) for s in symbols):
            raise RuleViolation(f"'symbols' is five entries, each null or one of {', '.join(SYMBOLS)}.")
        for number in row:
            state["revealed"][str(number)] += 1
        state["row"] = list(row)
        state["row_symbols"] = list(symbols)
        state["phase"] = "play"
        shown = ", ".join(f"{c} {v}" + (f" ({s})" if s else "") for c, v, s in zip(COLOURS, row, symbols))
        lines.append(f"Round {state['round']} benefits: {shown}.")

    def _play(self, state, action, lines):
        check_fields(action, ("colour",))
        p = self._active(state)
        colour = self._colour(action["colour"])
        if p["hand"] == 0:
            raise RuleViolation(f"{p['name']} has no banana card in hand to play.")
        on_table = sum(len(q["played"][colour]) for q in state["players"])
        if on_table >= CARDS_PER_COLOUR:
            raise RuleViolation(f"All {CARDS_PER_COLOUR} {colour} banana cards are on the table already.")
        p["hand"] -= 1
        p["played"][colour].append(0)
        lines.append(f"{p['name']} plays a {colour} banana card.")

    def _place(self, state, action, lines):
        check_fields(action, ("on",))
        p = self._active(state)
        on = action["on"]
        if not isinstance(on, list) or not 1 <= len(on) <= 2:
            raise RuleViolation("Place 1 or 2 banana tokens: 'on' lists one or two colours.")
        colours = [self._colour(c) for c in on]
        for c in colours:
            if not p["played"][c]:
                raise RuleViolation(f"{p['name']} has no {c} banana card on the table to put a token on.")
        if p["tokens"] < len(colours):
            raise RuleViolation(f"{p['name']} has {p['tokens']} banana token{'s' if p['tokens'] != 1 else ''}.")
        for c in colours:
            p["played"][c][0] += 1
            p["tokens"] -= 1
        lines.append(f"{p['name']} places {len(colours)} banana token{'s' if len(colours) > 1 else ''} on {' and '.join(colours)}.")

    def _draw(self, state, action, lines):
        check_fields(action, ())
        p = self._active(state)
        if not self._take_cards(state, 1, lines):
            raise RuleViolation("The draw pile and the discard pile are both empty: no card can be drawn.")
        p["hand"] += 1
        lines.append(f"{p['name']} draws a banana card.")

    def _take(self, state, action, lines):
        check_fields(action, ())
        p = self._active(state)
        n = min(3, state["stock"])
        if not n:
            raise RuleViolation("The general stock is empty: no banana tokens can be taken.")
        state["stock"] -= n
        p["tokens"] += n
        lines.append(f"{p['name']} takes {n} banana token{'s' if n > 1 else ''}.")

    def _exchange(self, state, action, lines):
        check_fields(action, ("count",))
        p = self._active(state)
        if p["hand"] == 0:
            raise RuleViolation(f"{p['name']} has no cards in hand to exchange.")
        n = int_field(action, "count", 1, p["hand"], "'count' (cards from your hand)")
        state["discard"] += n
        self._take_cards(state, n, lines)
        lines.append(f"{p['name']} exchanges {n} banana card{'s' if n > 1 else ''}.")

    def _pass_start(self, state, action, lines):
        check_fields(action, ("to",))
        if state["phase"] != "pass":
            raise RuleViolation("Nobody may pass the starting player card now: that comes with a benefit's double arrow.")
        to = player_field(state, action, "to")
        giver = state["passes"].pop(0)
        state["starting_player"] = to
        names = state["players"]
        lines.append(
            f"{names[giver]['name']} keeps the starting player card." if to == giver
            else f"{names[giver]['name']} passes the starting player card to {names[to]['name']}."
        )
        if not state["passes"]:
            self._new_round(state, lines)

    # -- turns and rounds ------------------------------------------------------------------
    def _active(self, state: dict) -> dict:
        return state["players"][state["current"]]

    @staticmethod
    def _colour(value) -> str:
        if not is_one_of(value, COLOURS):
            raise RuleViolation(f"'{quoted(value)}' is not a colour; the colours are {', '.join(COLOURS)}.")
        return value

    def _take_cards(self, state: dict, n: int, lines: list[str]) -> int:
        """Take n cards from the draw pile, shuffling the discard pile into it when it runs out."""
        return piles.take(state, n, "draw_pile", "discard", lines, "draw pile")

    def _next_turn(self, state: dict, lines: list[str]) -> None:
        state["turns_left"][state["current"]] -= 1
        n = len(state["players"])
        if any(state["turns_left"]):
            state["current"] = (state["current"] + 1) % n
            return
        self._hand_out(state, lines)

    def _hand_out(self, state: dict, lines: list[str]) -> None:
        players = state["players"]
        lines.append(f"Round {state['round']} ends: the benefits are handed out.")
        for col, colour in enumerate(COLOURS):
            number = state["row"][col]
            if number is None:
                continue
            winner = column_winner(players, colour)
            if winner is None:
                contenders = [p for p in players if p["played"][colour]]
                why = "a tie" if contenders else "no banana card"
                lines.append(f"{colour.capitalize()}: {BENEFIT_NAMES[number]} ({number}) is discarded ({why}).")
                continue
            p = players[winner]
            p["benefits"] = sorted(p["benefits"] + [number])
            lines.append(f"{colour.capitalize()}: {p['name']} wins {BENEFIT_NAMES[number]} ({number}) with {bananas(p['played'][colour])} bananas.")
            symbol = state["row_symbols"][col]
            if symbol == "card":
                if self._take_cards(state, 1, lines):
                    p["hand"] += 1
                    lines.append(f"{p['name']} draws a banana card (card symbol).")
            elif symbol == "banana":
                if state["stock"]:
                    state["stock"] -= 1
                    p["tokens"] += 1
                    lines.append(f"{p['name']} takes a banana token (banana symbol).")
            elif symbol == "pass":
                state["passes"].append(winner)
        for p in players:
            for colour in COLOURS:
                state["stock"] += sum(p["played"][colour])
                state["discard"] += len(p["played"][colour])
                p["played"][colour] = []
        state["row"] = [None] * len(COLOURS)
        state["row_symbols"] = [None] * len(COLOURS)
        if state["passes"]:
            state["phase"] = "pass"
        else:
            self._new_round(state, lines)

    def _new_round(self, state: dict, lines: list[str]) -> None:
        if state["round"] == ROUNDS:
            self._finish(state, lines)
            return
        state["round"] += 1
        state["turns_left"] = [TURNS_PER_ROUND] * len(state["players"])
        state["current"] = state["starting_player"]
        state["phase"] = "reveal"
        lines.append(f"Round {state['round']}: {state['players'][state['current']]['name']} starts.")

    def _finish(self, state: dict, lines: list[str]) -> None:
        self._score(state)  # the last hand-out just changed the benefits
        state["over"] = True
        state["phase"] = "over"
        order = self.standings(state)
        best = order[0]
        tied = [i for i in order if self._rank_key(state, i) == self._rank_key(state, best)]
        state["winner"] = best if len(tied) == 1 else tied
        totals = ", ".join(f"{p['name']} {p['score']}" for p in state["players"])
        lines.append(f"The game ends: {totals}. " + (
            f"{state['players'][best]['name']} wins!" if len(tied) == 1
            else "Shared win: " + " and ".join(state["players"][i]["name"] for i in tied) + "."
        ))

    # -- protocol --------------------------------------------------------------------------
    @staticmethod
    def _score(state: dict) -> None:
        for p, total in zip(state["players"], scores(state["players"])):
            p["score"] = total

    def _refresh(self, state: dict) -> None:
        self._score(state)  # the running score, as if the game ended now
        super()._refresh(state)

    def _rank_key(self, state: dict, i: int) -> tuple[int, int]:
        p = state["players"][i]
        return (-p["score"], -p["tokens"])

    def standings(self, state: dict) -> list[int]:
        """Highest score first; a tie goes to the most banana tokens."""
        return sorted(range(len(state["players"])), key=lambda i: self._rank_key(state, i))

    def pending(self, state: dict) -> list[dict]:
        phase = state["phase"]
        if phase == "over":
            return []
        if phase == "reveal":
            return [{"type": "reveal", "player": state["starting_player"]}]
        if phase == "pass":
            return [{"type": "pass_start", "player": state["passes"][0]}]
        me = state["current"]
        done = TURNS_PER_ROUND - state["turns_left"][me] + 1
        return [{"type": "turn", "player": me, "turn": done}]
