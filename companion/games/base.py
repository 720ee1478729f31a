"""The Game protocol every rules engine implements (the values it trades in: values.py).

Engines are pure: they take a JSON-serialisable state and an action dict and return a new
state plus log lines in words. They never import Flask, TinyDB or anything that does I/O.
"""
from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from .errors import RuleViolation
from .fields import check_shape, is_int, quoted
from .figures import Figures
from .names import clean_name
from .said import said, word
from .values import COMMON_OPTIONS, Handler, Offer, Option, Viewer, clone, matches
from .withheld import Withheld


class Game:
    """Base class of a rules engine: subclasses fill in `_setup`, `actions` and `_offers`."""

    id: str = ""
    title: str = ""
    min_players: int = 2
    max_players: int = 2
    options: tuple[Option, ...] = ()
    # The rules this engine plays, named by every log entry; a log recorded under older ones is
    # converted once, or set aside, by `companion migrate` (companion/migrate/).
    rules_version: int = 1
    # Action types that change one player's own settings rather than play a move (Last Kyotoan
    # Standing's auto-yield): like a decision that player owes, only their seat or the host sends them.
    seat_settings: tuple[str, ...] = ()
    # Action types that answer a decision the rules owe one named player (a yield, a skill bump):
    # once that player's seat is taken, only that seat or the host answers.
    seat_decisions: tuple[str, ...] = ()
    # The actions this game takes: type -> handler(game, state, action). One explicit table per
    # game (no look-ups by built names); its keys, in order, are what an unknown type's message lists.
    actions: Mapping[str, Handler] = {}
    # The pending types the table decides before any other move (`waits`): while `pending` lists
    # one, only an action of a type owed (or one `_goes_ahead` lets by) reaches its handler.
    owed_first: tuple[str, ...] = ()
    # What a finished game's BG Stats link tells (tables/play_log.py): the player field the game
    # ranks by, its score (None: none), and the state field naming who starts, as setup leaves it.
    score_field: str | None = None
    start_field: str = "current"
    # The end-of-game statistics (figures.py, the game's stats.py); None: the game counts none.
    figures: Figures | None = None

    # -- what the registry and the API show -------------------------------------------------
    def option_defaults(self) -> dict[str, Any]:
        """The options of this game with their defaults, for `GET /api/games`."""
        return {o.name: o.default for o in COMMON_OPTIONS + self.options}

    def validate_players(self, players: Any) -> list[str]:
        """Check the list of player names (seating order) and return it cleaned."""
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            raise RuleViolation(said("Players must be a list of names."))
        if not self.min_players <= len(players) <= self.max_players:
            raise RuleViolation(
                said("{title} is for {min_players} to {max_players} players; you listed {n}.", title=self.title,
                     min_players=self.min_players, max_players=self.max_players, n=len(players))
            )
        names = [clean_name(p, word("player's name")) for p in players]
        if len({n.casefold() for n in names}) != len(names):
            raise RuleViolation(said("Two players have the same name; give each a different one."))
        return names

    def validate_options(self, options: Any, n_players: int) -> dict[str, Any]:
        """Check options against this game's list and fill in defaults."""
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise RuleViolation(said("Options must be an object of name: value."))
        known = {o.name: o for o in COMMON_OPTIONS + self.options}
        unknown = sorted(set(options) - set(known))
        if unknown:
            raise RuleViolation(
                said("Unknown option '{unknown}'. {title} accepts: {list}.", unknown=quoted(unknown[0]),
                     title=self.title, list=', '.join(sorted(known)))
            )
        clean = {}
        for name, opt in known.items():
            value = options.get(name, opt.default)
            if value is not None and not _is_type(value, opt.kind):
                raise RuleViolation(said("Option '{name}' must be {type_word}.", name=name,
                                         type_word=_type_word(opt.kind)))
            clean[name] = value
        fp = clean["first_player"]
        if fp is not None and not 0 <= fp < n_players:
            raise RuleViolation(said("The player who starts (first_player) must be a player index from 0 to {n}.",
                                     n=n_players - 1))
        return clean

    # -- the protocol ----------------------------------------------------------------------
    def setup(self, players: list[str], options: dict[str, Any], rng: random.Random) -> dict:
        """A new table's state for these players (seating order) and options."""
        names = self.validate_players(players)
        opts = self.validate_options(options, len(names))
        first = opts["first_player"]
        if first is None:
            first = rng.randrange(len(names))
        state = self._setup(names, opts, first, rng)
        self._refresh(state)
        return state

    def apply(self, state: dict, action: Any) -> tuple[dict, list[str]]:
        """Apply one action; raise RuleViolation (leaving `state` untouched) if illegal. The path of
        every move: its handler looked up, the gate (`waits`), `_before`, the handler, `_after`, the
        check against the offers."""
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise RuleViolation(said("An action is an object with a \"type\"."))
        check_shape(action)
        if state.get("over"):
            raise RuleViolation(said("The game is over; undo the last action to change it."))
        handler = self._handler(action["type"])
        waiting = self.waits(state, action)
        if waiting:
            raise RuleViolation(waiting)
        new = clone(state)
        self._before(new, action)
        lines = handler(self, new, action)
        self._after(new, action, lines)
        # The engine's own checks speak first (their sentences say why); this one keeps the promise
        # that an action matching no offer is refused, whatever a check missed.
        if not any(matches(o, action) for o in self._offers(state)):
            raise RuleViolation(self._not_offered(state, action))
        self._refresh(new)
        return new, lines

    def offers(self, state: dict, viewer: Viewer) -> list[Offer]:
        """What `viewer` may do now: each offer is `{"type", "player", ...choices}` with the field
        values the engine accepts and what they cost (api.md, "Offers"); none for a watcher."""
        if not viewer.can_act or state.get("over"):
            return []
        return self._offers(state)

    def withheld(self, state: dict, viewer: Viewer) -> list[dict]:
        """What the rules switch off for `viewer` now, with why (withheld.py): beside the offers."""
        if not viewer.can_act or state.get("over"):
            return []
        return [w.as_json() for w in self._withheld(state)]

    def pending(self, state: dict) -> list[dict]:
        """The decisions the table owes now, each naming the player who must make it."""
        return []

    def waits(self, state: dict, action: dict) -> str | None:
        """Why `action` must wait, in the game's words, or None: while `pending` lists a decision
        owed first (`owed_first`), only those decisions and what `_goes_ahead` lets by are taken."""
        owed = [p for p in self.pending(state) if p["type"] in self.owed_first]
        if not owed or action["type"] in {p["type"] for p in owed} or self._goes_ahead(state, action, owed):
            return None
        return self._waiting(state, owed)

    def owner_of(self, state: dict, action: dict) -> int | None:
        """The player whose seat alone (or the host) may send `action`: one of their settings, or
        the answer to a decision owed by them (whether or not the action names them); None for an
        ordinary move, which any phone at the table enters."""
        player = action.get("player")
        named = player if _is_type(player, int) and 0 <= player < len(state["players"]) else None
        kind = action.get("type")
        if kind in self.seat_settings:
            return named
        if kind in self.seat_decisions:
            owed = {p.get("player") for p in state.get("pending", []) if p.get("type") == kind}
            if named in owed:
                return named
            if named is None and len(owed) == 1:
                return owed.pop()  # the engine answers for the one player it waits for
        return None

    def decisions(self, state: dict) -> list[dict]:
        """The decisions pending now that one named player owes (`seat_decisions`): what that
        player's phone is asked, and brought into view wherever its page is scrolled."""
        return [p for p in state.get("pending", [])
                if p.get("type") in self.seat_decisions and _is_type(p.get("player"), int)]

    def asks(self, state: dict, decision: dict) -> str | None:
        """What `decision` (one of `pending`) asks of its player, in the game's words ("Choose who
        gets the starting player card"), said on the phone that owes it: here the pending entry's
        own `asks` (docs/api.md); None: the page names it by the heading of the control that
        answers it."""
        return decision.get("asks")

    def mover(self, state: dict, action: dict) -> int | None:
        """Whose move `action` is in `state` (before it), so an undo can ask before taking back
        another player's: a decision's or setting's owner, the player named, or whose turn it is."""
        for player in (self.owner_of(state, action), action.get("player"), state.get("current")):
            if _is_type(player, int) and 0 <= player < len(state["players"]):
                return player
        return None

    def standings(self, state: dict) -> list[int]:
        """Player indexes, best first, by this game's own tie-breakers."""
        return sorted(range(len(state["players"])), key=lambda i: self.rank_key(state, i))

    def rank_key(self, state: dict, i: int) -> tuple:
        """What ranks player `i` at the end (smaller is better): every tie-breaker the rulebook
        gives. Players with equal keys are equal by the rules. Here: seating order, no ties."""
        return (i,)

    def places(self, state: dict) -> list[int]:
        """Each player's place at the end (by index; 1 is best). The rulebooks name only a winner:
        players the game's own tie-breakers cannot separate share a place below it too, so no seat
        decides a tournament's points (docs/rulings.md); everyone named in a shared win is first."""
        won = state.get("winner")
        won = set(won) if isinstance(won, list) else {won}
        places: dict[int, int] = {}
        order = state["standings"]
        for position, i in enumerate(order, start=1):
            before = order[position - 2] if position > 1 else None
            if i in won:
                places[i] = 1
            elif before is not None and before not in won and self.rank_key(state, before) == self.rank_key(state, i):
                places[i] = places[before]
            else:
                places[i] = position
        return [places[i] for i in range(len(state["players"]))]

    def view(self, state: dict, viewer: Viewer) -> dict:
        """The state as `viewer` may see it (hidden information redacted)."""
        return state

    def view_key(self, state: dict, viewer: Viewer) -> object:
        """What decides how `view` shows the state to this viewer: viewers with equal keys see the
        same (pages rendered for one serve all of them). No hidden information: one key."""
        return None

    def redact_action(self, action: dict, viewer: Viewer, state: dict) -> dict:
        """An action from the log as `viewer` may see it, given the table's current state."""
        return action

    # -- for subclasses --------------------------------------------------------------------
    def _setup(self, names: list[str], options: dict, first: int, rng: random.Random) -> dict:
        raise NotImplementedError

    def _goes_ahead(self, state: dict, action: dict, owed: list[dict]) -> bool:
        """Whether `action` is taken although it is none of the decisions `owed` first (none is)."""
        return False

    def _waiting(self, state: dict, owed: list[dict]) -> str:
        """The sentence refusing a move while the decisions `owed` first are not made."""
        who = sorted({state["players"][p["player"]]["name"] for p in owed if _is_type(p.get("player"), int)})
        return said("The table waits for {value} first.", value=' and '.join(who) or 'a decision')

    def _before(self, state: dict, action: dict) -> None:
        """What every move does to `state` (a copy) before its handler runs (nothing, unless a game says)."""

    def _after(self, state: dict, action: dict, lines: list[str]) -> None:
        """What follows every move once its handler has run, told in `lines` (nothing, unless a game says)."""

    def _offers(self, state: dict) -> list[Offer]:
        """Every move the rules allow now, for any player (the game is not over)."""
        raise NotImplementedError

    def _withheld(self, state: dict) -> list[Withheld]:
        return []  # every control the rules switch off now, for any player (none unless a game says)

    def _handler(self, kind: str) -> Handler:
        """The handler of an action type, or a RuleViolation listing what this game takes."""
        handler = self.actions.get(kind)
        if handler is None:
            raise RuleViolation(said("Unknown action '{kind}'. {title} takes: {list}.", kind=quoted(kind),
                                     title=self.title, list=', '.join(self.actions)))
        return handler

    def _not_offered(self, state: dict, action: dict) -> str:
        """Why an action that matches no offer is refused, in words."""
        player = action.get("player")
        who = state["players"][player]["name"] if _is_type(player, int) and 0 <= player < len(state["players"]) else "anyone"
        return said("The rules do not let {who} do '{type}' now.", who=who, type=quoted(action['type']))

    def _refresh(self, state: dict) -> None:
        """Recompute the derived fields every engine exposes (api.md, common fields)."""
        state["pending"] = self.pending(state)
        state["standings"] = self.standings(state)


def _is_type(value: Any, kind: type) -> bool:
    # bool is a subclass of int in Python; a player index of `true` is a mistake, not 1.
    if kind is int:
        return is_int(value)
    return isinstance(value, kind)


def _type_word(kind: type) -> str:
    return {int: word("a whole number"), bool: word("true or false"), str: word("text"), list: word("a list")}.get(kind, kind.__name__)
