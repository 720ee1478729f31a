"""Gangs of Kyoto rules engine (../shared/rules/gangs-of-kyoto.md), pure functions over dicts.

State (api.md fixes the public names): per player `row`, `sum`, `limit`, `bells`, `received`,
plus `vp` (the VP pile); per table `current`, `first_player`, `round`, `hand` (face-down cards
the active player still holds), `deck`, `discard`, `draw_owed` (who must take a card from the
deck because of a Draw symbol), `ends` (each round's end: who stayed out, at what sum, and what
every other player banked), `timeline` (every VP pile's bells at each round's end, for the chart;
hidden like the piles). The one move offered at a time is that draw, or else the active player's
next give. Rulings where the rulebook is silent are in docs/rulings.md.
"""
from __future__ import annotations

import random

from .. import piles
from ..base import Game, RuleViolation
from ..fields import check_fields, check_named_player, player_field
from ..said import said, said_n
from ..values import Option
from ..words import listed
from . import cards, hidden, offers, refusals
from .cards import BASE_LIMIT, DECK_SIZE, STAY_LATE_LIMIT, WIN_BELLS
from .stats import FIGURES
from .withheld import withheld


class GangsOfKyoto(Game):
    """The whole game: giving, drawing, the round end, banking, and the win."""

    id = "gangs"
    title = "Gangs of Kyoto"
    score_field = "bells"
    figures = FIGURES
    min_players = 2
    max_players = 5
    options = (
        Option("open_vp", False, bool, said("Open Game variant: VP piles are face up for everyone.")),
        Option("whole_deck", False, bool, said("End of the Game variant: play through the whole deck.")),
    )

    # -- setup -----------------------------------------------------------------------------
    def _setup(self, names, options, first, rng: random.Random) -> dict:
        state = {
            "game": self.id,
            "options": {k: options[k] for k in ("open_vp", "whole_deck")},
            "players": [
                {"name": n, "row": [], "sum": 0, "limit": BASE_LIMIT, "bells": 0, "vp": [], "received": False}
                for n in names
            ],
            "current": first,
            "first_player": first,
            "round": 1,
            "turn": 0,
            "hand": 0,
            "deck": DECK_SIZE,
            "discard": 0,
            "reshuffles": 0,
            "draw_owed": None,
            "ends": [],
            "timeline": [{"round": 0, "bells": [0] * len(names)}],
            "over": False,
            "winner": None,
            "ended_by": None,
        }
        self._start_turn(state, [])
        return state

    # -- actions ---------------------------------------------------------------------------
    owed_first = ("draw",)  # a card owed for a Draw symbol is taken before the next give

    def _waiting(self, state: dict, owed: list[dict]) -> str:
        """Who must take a card from the deck first."""
        return said("{player} must first take a card from the deck for the Draw symbol.",
                    player=state['players'][owed[0]['player']]['name'])

    def _after(self, state: dict, action: dict, lines: list[str]) -> None:
        """Once the active player's face-down cards are all given (and no draw is owed), the turn
        passes clockwise."""
        if not state["over"] and state["draw_owed"] is None and state["hand"] == 0:
            self._next_turn(state, lines)

    def _give(self, state: dict, action: dict) -> list[str]:
        """The active player reveals a card and gives it to a player who has none this turn."""
        check_fields(action, ("to",), ("card", "player", "refuse"))
        check_named_player(state, action, state["current"], said("{expected} gives the cards this turn, not {named}."))
        to = player_field(state, action, "to")
        card = cards.parse_card(action.get("card"), said("Which card was revealed? A give needs the card as well as who gets it."))
        refuse = refusals.read(action)
        giver = state["players"][state["current"]]
        receiver = state["players"][to]
        if receiver["received"]:
            waiting = [p["name"] for p in state["players"] if not p["received"]]
            raise RuleViolation(
                said("{receiver} already received a card this turn; still to receive: {list}.",
                     receiver=receiver['name'], list=', '.join(waiting))
            )
        refusals.check(receiver, refuse)
        state["hand"] -= 1
        receiver["received"] = True
        # A card the active player takes is "kept": the history names nobody with a pronoun.
        if to == state["current"]:
            lines = [said("{giver} keeps {card_name}.", giver=giver['name'], card_name=self._card_name(state, card))]
        else:
            lines = [said("{giver} gives {card_name} to {receiver}.", giver=giver['name'],
                          card_name=self._card_name(state, card), receiver=receiver['name'])]
        self._receive(state, to, card, refuse, lines)
        return lines

    def _draw(self, state: dict, action: dict) -> list[str]:
        """The player who owes a draw for a Draw symbol takes the next card from the deck."""
        check_fields(action, (), ("card", "player", "refuse"))
        to = state["draw_owed"]
        if to is None:
            raise RuleViolation(said("Nobody owes a draw now: a card is drawn only for a Draw symbol."))
        check_named_player(state, action, to, said("{expected} draws for the Draw symbol, not {named}."))
        card = cards.parse_card(action.get("card"), said("Which card was drawn? A draw needs the card."))
        refuse = refusals.read(action)
        receiver = state["players"][to]
        refusals.check(receiver, refuse)
        state["draw_owed"] = None
        lines: list[str] = []
        shuffled: list[str] = []  # a deck emptied by this card is reshuffled once it is told
        if self._take(state, 1, shuffled):
            lines.append(said("{receiver} draws {card_name} for the Draw symbol.", receiver=receiver['name'],
                              card_name=self._card_name(state, card)))
            lines.extend(shuffled)
            self._receive(state, to, card, refuse, lines)
        else:
            lines.append(said("The deck and the discard pile are empty: no card can be drawn."))
        return lines

    actions = {"give": _give, "draw": _draw}

    def _receive(self, state: dict, to: int, card: dict, refuse: refusals.Refusal, lines: list[str]) -> None:
        """A player receives a card: refuse it, bank it, discard with it, or place it and check."""
        player = state["players"][to]
        if refuse is not False:
            refusals.spend(state, player, refuse, lines)
            return
        if card["kind"] == "bell_card":
            player["vp"].append(card)
            player["bells"] += card["bells"]
            lines.append(said("It goes face down to {player}'s VP pile.", player=player['name']))
            if not state["options"]["whole_deck"] and player["bells"] >= WIN_BELLS:
                self._finish(state, lines, reason="bells")
            return
        if card["kind"] == "discard":
            if player["row"]:
                dropped = player["row"].pop()
                player["sum"] = cards.row_sum(player["row"])
                state["discard"] += 2
                lines.append(said("{player} discards {who} from the right of their row and the Discard card.",
                                  player=player['name'], who=cards.name(dropped)))
            else:
                state["discard"] += 1
                lines.append(said("{player}'s row is empty: the Discard card is discarded with no effect.",
                                  player=player['name']))
            return
        # The card goes into the row; the sum is checked before its effect (rulebook, Card Effects).
        player["row"].append(card)
        player["sum"] = cards.row_sum(player["row"])
        if player["sum"] >= player["limit"]:
            self._end_round(state, to, lines)
            return
        if card["kind"] == "draw":
            state["draw_owed"] = to
            lines.append(said("{player} must take the next card from the deck.", player=player['name']))
        elif card["kind"] == "stay_late" and player["limit"] == BASE_LIMIT:
            player["limit"] = STAY_LATE_LIMIT
            lines.append(said("{player} may stay late: their limit is now {STAY_LATE_LIMIT}.", player=player['name'],
                              STAY_LATE_LIMIT=STAY_LATE_LIMIT))

    # -- turns, rounds and the end ---------------------------------------------------------
    def _start_turn(self, state: dict, lines: list[str]) -> None:
        n = len(state["players"])
        for p in state["players"]:
            p["received"] = False
        state["turn"] += 1
        state["hand"] = self._take(state, n, lines)
        if state["hand"] == 0:
            # Every card is in a row or a VP pile: nobody can receive one again (docs/rulings.md).
            lines.append(said("The deck and the discard pile are empty: no card is left to deal."))
            self._finish(state, lines, reason="cards")
            return
        active = state["players"][state["current"]]["name"]
        lines.append(said_n("{active}'s turn: {n} card drawn face down.",
                            "{active}'s turn: {n} cards drawn face down.", state['hand'], active=active))

    def _next_turn(self, state: dict, lines: list[str]) -> None:
        state["current"] = (state["current"] + 1) % len(state["players"])
        self._start_turn(state, lines)

    def _take(self, state: dict, n: int, lines: list[str]) -> int:
        """Take up to n cards from the deck; the discard pile is reshuffled as soon as the deck
        runs out (its last card taken), not when the next card is wanted."""
        return piles.take(state, n, "deck", "discard", lines, "deck", eager=True)

    def _end_round(self, state: dict, bust: int, lines: list[str]) -> None:
        players = state["players"]
        # Whole-deck variant: the deck ran out once it was reshuffled, or (an empty discard pile
        # left nothing to reshuffle) while it stays empty; counted before unrevealed cards go back.
        ran_out = state["reshuffles"] > 0 or state["deck"] == 0
        loser = players[bust]
        lines.append(said("{loser}'s row adds up to {sum} (limit {limit}): {loser} stayed out too late. Round {round} ends.",
                          loser=loser['name'], sum=loser['sum'], limit=loser['limit'], round=state['round']))
        if state["hand"]:
            lines.append(said_n("{n} unrevealed card goes back on top of the deck.",
                                "{n} unrevealed cards go back on top of the deck.", state["hand"]))
            state["deck"] += state["hand"]
            state["hand"] = 0
        state["draw_owed"] = None
        show = state["options"]["open_vp"]
        # The board shows every round's end: counted before the rows are cleared.
        end = {"round": state["round"], "out": bust, "sum": loser["sum"], "limit": loser["limit"],
               "banked": [0] * len(players), "bells": [0] * len(players)}
        state.setdefault("ends", []).append(end)
        for i, p in enumerate(players):
            if i == bust:
                state["discard"] += len(p["row"])
                lines.append(said("{player} discards their whole row.", player=p['name']))
            else:
                banked = [c for c in p["row"] if c["bells"]]
                bells = end["bells"][i] = sum(c["bells"] for c in banked)
                end["banked"][i] = len(banked)
                state["discard"] += len(p["row"]) - len(banked)
                p["vp"].extend(banked)
                p["bells"] += bells
                if banked:
                    extra = said_n(" ({n} bell)", " ({n} bells)", bells) if show else ""
                    lines.append(said_n("{player} banks {n} card with bells{extra}.",
                                        "{player} banks {n} cards with bells{extra}.", len(banked), player=p['name'],
                                        extra=extra))
            p.update(row=[], sum=0, limit=BASE_LIMIT, received=False)
        if state["options"]["whole_deck"]:
            if ran_out:
                self._finish(state, lines, reason="deck")
                return
        elif any(p["bells"] >= WIN_BELLS for p in players):
            self._finish(state, lines, reason="bells")
            return
        _chart_point(state)
        state["first_player"] = (state["first_player"] + 1) % len(players)
        state["current"] = state["first_player"]
        state["round"] += 1
        lines.append(said("The First Player card passes to {player}, who starts round {round}.",
                          player=players[state['first_player']]['name'], round=state['round']))
        self._start_turn(state, lines)

    def _finish(self, state: dict, lines: list[str], reason: str) -> None:
        _chart_point(state)
        order = self.standings(state)
        state.update(over=True, ended_by=reason, draw_owed=None, winner=order[0])
        players = state["players"]
        best = players[order[0]]
        tied = [players[i]["name"] for i in order if players[i]["bells"] == best["bells"]]
        if len(tied) == 1:
            lines.append(said_n("{best} wins with {n} bell!", "{best} wins with {n} bells!", best['bells'],
                                best=best['name']))
        else:
            # Equal bells: the seat decided (rank_key), and the line says so, or the table sees a
            # win it cannot explain.
            holder = players[state["first_player"]]["name"]
            lines.append(said_n("{tied} have {n} bell each: {best} wins the tie, sitting furthest in turn order "
                                "from the First Player card (held by {holder}).",
                                "{tied} have {n} bells each: {best} wins the tie, sitting furthest in turn order "
                                "from the First Player card (held by {holder}).",
                                best['bells'], tied=listed(tied), best=best['name'], holder=holder))

    def rank_key(self, state: dict, i: int) -> tuple[int, int]:
        """Most bells first; a tie goes to whoever sits furthest after the First Player card (so
        no two players ever tie)."""
        return (-state["players"][i]["bells"], -((i - state["first_player"]) % len(state["players"])))

    # -- protocol --------------------------------------------------------------------------
    pending = staticmethod(offers.pending)  # what is owed now (offers.py)
    _offers = staticmethod(offers.offers)  # the one move the rules allow now (offers.py)

    _withheld = staticmethod(withheld)  # what the rules switch off now, and why (withheld.py)

    # What each reader sees of the face-down VP piles (hidden.py).
    view = staticmethod(hidden.view)
    view_key = staticmethod(hidden.view_key)
    redact_action = staticmethod(hidden.redact_action)

    def _card_name(self, state: dict, card: dict) -> str:
        return cards.name(card, show_bells=state["options"]["open_vp"])


def _chart_point(state: dict) -> None:
    """Every VP pile's bells as the round (or the game) ends, for the chart."""
    state.setdefault("timeline", []).append({"round": state["round"], "bells": [p["bells"] for p in state["players"]]})
