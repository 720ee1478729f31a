"""A table as the service holds it (its stored record and the state folded from its log), and
the folding itself: setup, then every action through the game's engine. A table keeps the states
its log passed through at a few places (`worth_keeping`): the last KEEP_RECENT, so that an undo
costs no engine step, and one every CHECKPOINT_EVERY actions, so that an undo past those replays
at most that many.
"""
from __future__ import annotations

import hmac
import random
from dataclasses import dataclass

from ..games import WATCHER, Viewer, get_game
from ..games.said import Said, lines_loaded
from ..games.values import Offer
from .errors import closed_sentence, decided_sentence, replaced_sentence
from .shapes import TableRecord

CHECKPOINT_EVERY = 50
# The states before the last 4 actions: two whole taps of two actions (a roll and its resolve)
# undone in a row without an engine step; further back, one replay of at most CHECKPOINT_EVERY
# keeps the next 4 too. What they cost: 4 copies of the state's dicts and lists (its strings and
# numbers are shared): measured 46 KB for the largest state of random Neko games (the largest
# game), so under 200 KB a table; 91 KB for `python -m bench undo`'s 3,000-action Gangs table (it
# prints them), beside the one copy every 50 actions kept anyway.
KEEP_RECENT = 4


def same_secret(expected: str, given: object) -> bool:
    """Whether a presented token is the expected one, in constant time (as bytes: compare_digest
    refuses text with non-ASCII characters, which a header or an address can carry)."""
    return isinstance(given, str) and hmac.compare_digest(expected.encode(), given.encode())


@dataclass(frozen=True)
class Table:
    """A table as the service holds it: the stored record and the derived state."""

    record: TableRecord
    state: dict
    # (actions folded, state after them), oldest first, for fewer actions than the log holds: the
    # last KEEP_RECENT and every CHECKPOINT_EVERY-th (`worth_keeping`). An undo takes its state from
    # here, or replays at most CHECKPOINT_EVERY actions from one (flat cost however long the game).
    checkpoints: tuple = ()

    @property
    def id(self) -> str:
        return self.record["id"]

    @property
    def version(self) -> int:
        return self.record["version"]

    @property
    def game(self):
        return get_game(self.record["game"])

    @property
    def last_step(self) -> int | None:
        """The index in the log of the last move of the game, a player's setting (auto-yield)
        left out: what the page's Undo takes back. None when there is none."""
        settings = self.game.seat_settings
        actions = self.record["actions"]
        return next((k for k in range(len(actions) - 1, -1, -1) if actions[k]["action"].get("type") not in settings), None)

    @property
    def locked(self) -> Said | None:
        """Why this table takes no more moves, a sentence (its tournament night replaced it, seated
        the next round from its round's results, or its desk entered the result), or None."""
        if self.record.get("replaced"):
            return replaced_sentence(self.record["replaced"]["night"])
        if self.record.get("closed"):
            return closed_sentence(self.record["closed"]["night"], self.record["closed"]["round"])
        if self.record.get("decided"):
            why = self.record["decided"]
            return decided_sentence(why["night"], why["round"], why["result"])
        return None

    def viewer_for(self, token: str | None) -> Viewer:
        """What a bearer of `token` may do and see at this table."""
        if not token:
            return WATCHER
        rec = self.record
        for seat, seat_token in enumerate(rec["seat_tokens"]):
            if seat_token and same_secret(seat_token, token):
                return Viewer(seat=seat, can_act=True)
        if self.is_host(token) or same_secret(rec["play_token"], token) or self.left_seat(token):
            return Viewer(seat=None, can_act=True)
        return WATCHER

    def left_seat(self, token: str | None) -> bool:
        """Whether `token` is a phone's that a seat move left without its seat (seat_moves.py):
        the phone the seat moved from, or the one it moved to when the move was taken back. It
        keeps the play rights it had."""
        return bool(token) and any(same_secret(m["to"] if m.get("back") else m["from"], token)
                                   for m in self.record.get("seat_moves", ()))

    def phone_for(self, token: str | None) -> int | str | None:
        """Which phone a bearer of `token` is, as the log records who entered, undid or redid a
        move: a seat's index, "host" (the host's phone, or a night's desk), "shared" (play rights,
        no seat: a phone any player may use), None for a watcher."""
        viewer = self.viewer_for(token)
        if viewer.seat is not None:
            return viewer.seat
        if not viewer.can_act:
            return None
        return "host" if self.is_host(token) else "shared"

    def is_host(self, token: str | None) -> bool:
        """Whether `token` has host rights: the creator's (host) token, or the one a tournament
        night's desk was handed for this table (`desk_hosts`, gone when the desk is revoked)."""
        if not token:
            return False
        return self.is_creator(token) or any(same_secret(t, token) for t in self.record.get("desk_hosts", {}).values())

    def is_creator(self, token: str | None) -> bool:
        """Whether `token` is the table's own host token (never handed to a tournament night's desk)."""
        return bool(token) and same_secret(self.record["host_token"], token)

    def state_for(self, viewer: Viewer) -> dict:
        """The state with hidden information redacted for `viewer`."""
        return self.game.view(self.state, viewer)

    def offers_for(self, viewer: Viewer, host: bool = False) -> list[Offer]:
        """The engine's offers to `viewer`, less the decisions and settings of a seat another phone
        holds (that seat's phone answers them, or the host's: `changes.check_owner`), and
        none at a table that takes no more moves (`locked`)."""
        return [] if self.locked else self._theirs(self.game.offers(self.state, viewer), viewer, host)

    def withheld_for(self, viewer: Viewer, host: bool = False) -> list[dict]:
        """What the rules switch off for `viewer` now, and why (`Game.withheld`), for the same
        moves as `offers_for`: a seat another phone holds is told its reasons on its own phone."""
        return [] if self.locked else self._theirs(self.game.withheld(self.state, viewer), viewer, host)

    def _theirs(self, entries: list[dict], viewer: Viewer, host: bool) -> list[dict]:
        """The entries (offers, or what is withheld) whose move this viewer may send."""
        if host:
            return entries
        held = self.record["seat_tokens"]
        return [o for o in entries
                if (owner := self.game.owner_of(self.state, o)) is None or not held[owner] or owner == viewer.seat]

    def log_for(self, viewer: Viewer, last: int | None = None) -> list[dict]:
        """The action log (or its `last` entries) as `viewer` may see it."""
        game = self.game
        entries = self.record["actions"][-last:] if last else self.record["actions"]
        # The contract's shape (api.md): the rules version an entry was recorded under stays inside.
        return [{"seq": e["seq"], "action": game.redact_action(e["action"], viewer, self.state), "log": lines_loaded(e["log"]), "at": e["at"]}
                for e in entries]


def keeping(checkpoints, length: int) -> tuple:
    """The checkpoints a table with `length` actions keeps (`worth_keeping`)."""
    return tuple((done, state) for done, state in checkpoints if worth_keeping(done, length))


def worth_keeping(done: int, length: int) -> bool:
    """Whether a table with `length` actions keeps the state after its first `done` as a checkpoint."""
    return done < length and (done % CHECKPOINT_EVERY == 0 or done >= length - KEEP_RECENT)


def advanced(table: Table, record: dict, state: dict) -> Table:
    """The table one action further on (`state` after it), keeping the state before it."""
    done = len(record["actions"])
    return Table(record, state, keeping(table.checkpoints + ((done - 1, table.state),), done))


def rewound(table: Table, record: dict) -> Table:
    """The table after an undo: its state the checkpoint at its shorter log, else folded from the
    last checkpoint before it."""
    done = len(record["actions"])
    checkpoints = tuple(c for c in table.checkpoints if c[0] <= done)
    if not checkpoints:
        return Table(record, *fold_with_checkpoints(record))
    start, state = checkpoints[-1]
    state, states = folded(get_game(record["game"]), state, record["actions"][start:], start, checkpoints[:-1])
    return Table(record, state, states)


def caught_up(stale: Table | None, record: dict) -> Table:
    """The stored record as a table: the cached copy it replaces, advanced by the actions stored
    since, when those are all it lacks (another process acted), else folded whole. A whole fold of
    300 Gangs actions took about 50 ms, once in every process for every change made elsewhere."""
    if stale is not None and stale.id == record["id"]:
        done, game = len(stale.record["actions"]), stale.game
        new = record["actions"][done:]
        # Every change adds one to the version and an action or a redo adds one entry: when both
        # grew by the same, nothing was undone, so the cached copy's log is the stored one's start.
        extends = (record["version"] - stale.version == len(new) and len(record["actions"]) >= done
                   and (done == 0 or record["actions"][done - 1] == stale.record["actions"][-1]))
        if extends:
            return Table(record, *folded(game, stale.state, new, done, stale.checkpoints))
    return Table(record, *fold_with_checkpoints(record))


def fold(record: dict) -> dict:
    """The state of a table: its setup, then every action of its log in order."""
    return fold_with_checkpoints(record)[0]


def fold_with_checkpoints(record: dict) -> tuple[dict, tuple]:
    """The state of a table and its checkpoints (`worth_keeping`)."""
    game = get_game(record["game"])
    state = game.setup(record["players"], record["options"], random.Random(record["seed"]))
    return folded(game, state, record["actions"], 0)


def folded(game, state: dict, entries: list[dict], start: int, kept: tuple = ()) -> tuple[dict, tuple]:
    """`state` (after a log's first `start` entries) with `entries` replayed, and the checkpoints
    `kept` with the states passed on the way that a table keeps (`worth_keeping`)."""
    end = start + len(entries)
    checkpoints = [c for c in kept if worth_keeping(c[0], end)]
    first = state
    for done, (after, _) in enumerate(replay(game, state, entries), start=start):
        if worth_keeping(done, end):
            checkpoints.append((done, first if done == start else state))
        state = after
    return state, keeping(checkpoints, end)


def replay(game, state: dict, entries: list[dict]):
    """Apply log entries in order, yielding (state, lines) after each."""
    for entry in entries:
        state, lines = game.apply(state, entry["action"])
        yield state, lines
