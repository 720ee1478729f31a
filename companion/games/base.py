"""The Game protocol every rules engine implements, and the helpers they share.

Engines are pure: they take a JSON-serialisable state and an action dict and return a new
state plus log lines in words. They never import Flask, TinyDB or anything that does I/O.
"""
from __future__ import annotations

import random
import reprlib
from dataclasses import dataclass
from typing import Any, Collection

from .errors import RuleViolation
from .names import clean_name


@dataclass(frozen=True)
class Option:
    """One table option: its name, default value, type and a line of help."""

    name: str
    default: Any
    kind: type
    help: str


@dataclass(frozen=True)
class Viewer:
    """Who is looking at a table: a seat index (or None) and whether they may act."""

    seat: int | None = None
    can_act: bool = False

    @property
    def key(self) -> str:
        """A short key for caching what this viewer is shown."""
        return f"{self.seat}:{int(self.can_act)}"


WATCHER = Viewer()

# Options every game accepts (api.md: "first_player" names who starts).
COMMON_OPTIONS = (
    Option("first_player", None, int, "Index of the player who starts; drawn at random if absent."),
)


def clone(value: Any) -> Any:
    """A deep copy of JSON-shaped data (dicts, lists and immutable scalars), as every state is
    (it is stored as JSON): several times faster than copy.deepcopy, which was a third of an
    action's time (measured)."""
    if isinstance(value, dict):
        return {k: clone(v) for k, v in value.items()}
    if isinstance(value, list):
        return [clone(v) for v in value]
    if isinstance(value, tuple):
        return tuple(clone(v) for v in value)
    return value


class Game:
    """Base class of a rules engine: subclasses fill in `_setup` and `_apply`."""

    id: str = ""
    title: str = ""
    min_players: int = 2
    max_players: int = 2
    options: tuple[Option, ...] = ()
    # Raised when a change of the rules makes the engine ask a question older logs never answered;
    # log entries carry the version they were recorded under (see `legacy_answers`).
    rules_version: int = 1
    # Whether the controls ask a seat's decisions on that seat's own phone (then each seat's
    # controls are rendered for it; otherwise one render serves every phone that may act).
    seat_controls: bool = False
    # With hidden information: the template of one player on the board, when a seat's board differs
    # from a watcher's only in that seat's own player (then the board is rendered once for all).
    own_player_template: str | None = None
    # Action types that change one player's own settings rather than play a move (Last Kyotoan
    # Standing's auto-yield): like a decision that player owes, only their seat or the host sends them.
    seat_settings: tuple[str, ...] = ()

    # -- what the registry and the API show -------------------------------------------------
    def option_defaults(self) -> dict[str, Any]:
        """The options of this game with their defaults, for `GET /api/games`."""
        return {o.name: o.default for o in COMMON_OPTIONS + self.options}

    def validate_players(self, players: Any) -> list[str]:
        """Check the list of player names (seating order) and return it cleaned."""
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            raise RuleViolation("Players must be a list of names.")
        if not self.min_players <= len(players) <= self.max_players:
            raise RuleViolation(
                f"{self.title} is for {self.min_players} to {self.max_players} players; "
                f"you listed {len(players)}."
            )
        names = [clean_name(p, "player's name") for p in players]
        if len({n.casefold() for n in names}) != len(names):
            raise RuleViolation("Two players have the same name; give each a different one.")
        return names

    def validate_options(self, options: Any, n_players: int) -> dict[str, Any]:
        """Check options against this game's list and fill in defaults."""
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise RuleViolation("Options must be an object of name: value.")
        known = {o.name: o for o in COMMON_OPTIONS + self.options}
        unknown = sorted(set(options) - set(known))
        if unknown:
            raise RuleViolation(
                f"Unknown option '{quoted(unknown[0])}'. {self.title} accepts: {', '.join(sorted(known))}."
            )
        clean = {}
        for name, opt in known.items():
            value = options.get(name, opt.default)
            if value is not None and not _is_type(value, opt.kind):
                raise RuleViolation(f"Option '{name}' must be {_type_word(opt.kind)}.")
            clean[name] = value
        fp = clean["first_player"]
        if fp is not None and not 0 <= fp < n_players:
            raise RuleViolation(f"The player who starts (first_player) must be a player index from 0 to {n_players - 1}.")
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
        """Apply one action; raise RuleViolation (leaving `state` untouched) if illegal."""
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise RuleViolation('An action is an object with a "type".')
        check_shape(action)
        if state.get("over"):
            raise RuleViolation("The game is over; undo the last action to change it.")
        new = clone(state)
        lines = self._apply(new, action)
        self._refresh(new)
        return new, lines

    def pending(self, state: dict) -> list[dict]:
        """The decisions the table owes now, each naming the player who must make it."""
        return []

    def owner_of(self, state: dict, action: dict) -> int | None:
        """The player whose seat alone (or the host) may send `action`: a decision owed by that
        player, or a setting of theirs; None for an ordinary move any phone at the table enters."""
        player = action.get("player")
        if not _is_type(player, int) or not 0 <= player < len(state["players"]):
            return None
        kind = action.get("type")
        if kind in self.seat_settings:
            return player
        owed = any(p.get("type") == kind and p.get("player") == player for p in state.get("pending", []))
        return player if owed else None

    def standings(self, state: dict) -> list[int]:
        """Player indexes, best first, by this game's own tie-breakers."""
        return list(range(len(state["players"])))

    def legacy_answers(self, state: dict) -> list[dict]:
        """Answers to the pending questions that rules before `rules_version` did not ask, as
        those rules settled them without asking (to replay a log recorded under them)."""
        return []

    def settle_legacy(self, state: dict) -> dict:
        """The state once every question older rules did not ask is answered their way."""
        while answers := self.legacy_answers(state):
            state, _ = self.apply(state, answers[0])
        return state

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

    def _apply(self, state: dict, action: dict) -> list[str]:
        raise NotImplementedError

    def _handler(self, kind: str, takes: str):
        """The `_act_<kind>` method of this engine, or a RuleViolation listing what it takes."""
        handler = getattr(self, f"_act_{kind}", None)
        if handler is None:
            raise RuleViolation(f"Unknown action '{quoted(kind)}'. {self.title} takes: {takes}.")
        return handler

    def _refresh(self, state: dict) -> None:
        """Recompute the derived fields every engine exposes (api.md, common fields)."""
        state["pending"] = self.pending(state)
        state["standings"] = self.standings(state)


# -- helpers for reading actions ---------------------------------------------------------------
# No action nests deeper than three levels (Kyoto no Neko's fight rolls); a deeper one would
# overflow the stack of whatever repeats or stores it (a message, the JSON log).
MAX_DEPTH = 32
# A value repeated in a message: a few levels and characters of it, never its whole size.
_SHORT = reprlib.Repr()
_SHORT.maxlevel, _SHORT.maxstring, _SHORT.maxother, _SHORT.maxlong = 2, 30, 30, 30
_SHORT.maxlist = _SHORT.maxdict = 4


def nesting_depth(value: object, limit: int = MAX_DEPTH) -> int:
    """How deeply lists and objects nest in `value` (an object is 1), counted no further than
    limit + 1: iterative, so a nest of thousands of levels cannot overflow the stack."""
    deepest, todo = 0, [(value, 1)]
    while todo:
        item, level = todo.pop()
        if isinstance(item, (dict, list)):
            deepest = max(deepest, level)
            if level <= limit:
                todo.extend((v, level + 1) for v in (item.values() if isinstance(item, dict) else item))
    return deepest


def check_shape(action: dict) -> None:
    """Refuse an action whose field names are not text or that nests deeper than MAX_DEPTH."""
    if not all(isinstance(key, str) for key in action):
        raise RuleViolation("An action's field names are text.")
    if nesting_depth(action) > MAX_DEPTH:
        raise RuleViolation(f"An action nests no deeper than {MAX_DEPTH} levels.")


def quoted(value: object) -> str:
    """A value a table sent, short and printable enough to repeat in a sentence."""
    text = value if isinstance(value, str) else _SHORT.repr(value)
    if len(text) > 30:
        text = text[:29] + "…"
    # Control and bidi characters (U+202E) would garble the sentence they are repeated in.
    return "".join(ch if ch.isprintable() else "?" for ch in text)


def is_one_of(value: object, choices: Collection) -> bool:
    """Whether `value` is one of `choices`, of the same type too: 1.0 is not 1, true is not 1, and
    a list or an object is never a word (and never raises, as `[] in {...}` would)."""
    return any(type(value) is type(choice) and value == choice for choice in choices)


def is_int(value: object) -> bool:
    """Whether `value` is a whole number: an int, not a bool, not a float such as 1.0."""
    return _is_type(value, int)


def index_text(text: object, limit: int) -> int | None:
    """The number written in `text` with ASCII digits, when it is below `limit`; else None (a
    Unicode digit such as "²" passes str.isdigit but is no index)."""
    if isinstance(text, str) and text.isascii() and text.isdigit() and len(text) <= 9:
        number = int(text)
        return number if number < limit else None
    return None


def check_fields(action: dict, required: tuple[str, ...], optional: tuple[str, ...] = ()) -> None:
    """Refuse unknown or missing fields, naming them (api.md: unknown fields are an error)."""
    allowed = {"type", *required, *optional}
    extra = sorted(set(action) - allowed)
    if extra:
        raise RuleViolation(
            f"'{quoted(action['type'])}' does not take a field '{quoted(extra[0])}'; "
            f"it takes: {', '.join(sorted(allowed - {'type'})) or 'nothing'}."
        )
    missing = [f for f in required if f not in action]
    if missing:
        raise RuleViolation(f"'{quoted(action['type'])}' needs the field '{missing[0]}'.")


def int_field(action: dict, name: str, low: int, high: int, what: str | None = None) -> int:
    """An integer field within [low, high], else a RuleViolation that says the range."""
    value = action.get(name)
    if not is_int(value) or not low <= value <= high:
        raise RuleViolation(f"{what or name.capitalize()} must be a whole number from {low} to {high}.")
    return value


def bool_field(action: dict, name: str, default: bool = False) -> bool:
    """An optional true/false field."""
    value = action.get(name, default)
    if not isinstance(value, bool):
        raise RuleViolation(f"'{name}' must be true or false.")
    return value


def player_field(state: dict, action: dict, name: str) -> int:
    """A field naming a player by 0-based index in seating order."""
    return int_field(action, name, 0, len(state["players"]) - 1, f"'{name}' (a player index)")


def _is_type(value: Any, kind: type) -> bool:
    # bool is a subclass of int in Python; a player index of `true` is a mistake, not 1.
    if kind is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, kind)


def _type_word(kind: type) -> str:
    return {int: "a whole number", bool: "true or false", str: "text", list: "a list"}.get(kind, kind.__name__)
