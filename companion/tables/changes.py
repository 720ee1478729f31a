"""A table's changes as pure work, and who may make them at which version: an action applied and
the step its tap names after it (`follow_up`), the last move undone, an undone move redone, the
table locked by its tournament night, a seat claimed or freed, revoked desks' host rights taken
away. No store, no cache, no lock: the change path (`service.TableService`) reads the table under
its lock, stores what these return (the new table and the change every store replays, None to
save the record whole) and publishes.

Seats are no change of the game: a seat's change keeps the version, so no phone's view goes
stale, and is stored only when the table returned differs from the one given.
"""
from __future__ import annotations

import secrets

from ..games import RuleViolation
from ..games.fields import is_int
from ..games.said import lines_stored, said
from .errors import NotAllowed, SeatTaken, TableClosed, TableReplaced, VersionConflict
from .records import now
from .shapes import LogEntry
from .table import Table, advanced, rewound


def writable(table: Table, token: str | None, version: object) -> Table:
    """`table` if a bearer of `token` may change its game at `version` (None: any), else the
    refusal: no play rights, a table its night replaced, a malformed or past version."""
    if not table.viewer_for(token).can_act:
        raise NotAllowed(said("This needs the table's play code: scan the play QR code or type the join code."))
    if table.locked:
        raise (TableReplaced if table.record.get("replaced") else TableClosed)(table.locked)
    if version is not None:
        if not is_int(version):
            raise RuleViolation(said("'version' must be a whole number."))
        if version != table.version:
            raise VersionConflict(table.version)
    return table


def check_owner(table: Table, token: str | None, action: dict, undoing: bool = False) -> None:
    """A decision owed by a player, or a setting of theirs, is sent (or undone) from that
    player's seat or by the host once a phone took the seat: another phone cannot answer, set
    or take it back for them."""
    player = table.game.owner_of(table.state, action)
    if player is None or player >= len(table.record["seat_tokens"]):
        return
    seat_token = table.record["seat_tokens"][player]
    if seat_token and table.viewer_for(token).seat != player and not table.is_host(token):
        name = table.record["players"][player]
        if undoing:
            raise NotAllowed(said("{name} decided this on their own phone: only that phone or the host's can undo it.", name=name))
        raise NotAllowed(said("{name} took a seat on their own phone: {name} answers this there.", name=name))


def acted(table: Table, token: str | None, action: dict, version: object, joined: bool = False) -> tuple[Table, dict, list[str]]:
    """The table after one action of a caller with play rights, the change that stores it, and
    the action's log lines (RuleViolation, and nothing changed, for an action the rules refuse).
    `joined`: entered by the same tap as the action before it (a roll and its resolve), so the
    page's Undo and Redo take both."""
    writable(table, token, version)
    check_owner(table, token, action)
    state, lines = table.game.apply(table.state, action)
    # Who entered it, and whose move it is: an undo says whose phone took it back and asks first
    # before taking back another player's move (taps.py).
    mover = table.game.mover(table.state, action)
    # "version": the table's version once entered, which a rewind to that version shows (rewind.py).
    entry: LogEntry = {"seq": len(table.record["actions"]) + 1, "version": table.version + 1, "action": action, "log": lines_stored(lines), "at": now(),
             "rules": table.game.rules_version, **({"joined": True} if joined else {}),
             "by": table.phone_for(token), **({"mover": mover} if mover is not None else {})}
    record = {
        **table.record,
        "version": table.version + 1,
        "actions": table.record["actions"] + [entry],
        "redo": [],
    }
    return advanced(table, record, state), {"op": "act", "version": record["version"], "entry": entry}, lines


def follow_up(before: Table, after: Table, token: str | None, step: str) -> dict | None:
    """The action of the step a form names after its action (`step`: a final roll's "resolve"),
    for the same tap to enter, or None. Taken only when the engine offers it with nothing to
    choose and offers nothing new besides it but another action of the kind just made: nothing on
    the dice just entered (a card changing a die), nothing anyone else may do at this moment.
    Otherwise the table stops after the first action, showing what it asks, so the one tap never
    skips a decision. `before` and `after`: the table before and after that first action."""
    viewer = after.viewer_for(token)
    had = before.offers_for(viewer)
    done = after.record["actions"][-1]["action"]["type"]
    offered = after.offers_for(viewer)
    follow = [o for o in offered if o["type"] == step]
    others = [o for o in offered if o["type"] not in (step, done) and o not in had]
    if len(follow) != 1 or others or any(isinstance(v, (list, dict)) for v in follow[0].values()) \
            or any("dice" in o for o in offered if o["type"] != done):
        return None
    return {"type": step} if follow[0].get("player") is None else {"type": step, "player": follow[0]["player"]}


def marked(table: Table, new: Table, change: dict | None, token: str | None, op: str) -> tuple[Table, dict | None]:
    """`new` (`table` undone or redone) with each entry it moved marked with whose phone moved it
    and at which version (`op`: "undone" or "redone", the other mark dropped), and its change
    carrying the last entry moved as it now stands, for every store to keep as it is."""
    where = "redo" if op == "undone" else "actions"
    old = {"undone": "redone", "redone": "undone"}[op]
    place = len(table.record[where])
    mark = {"by": table.phone_for(token), "version": new.version}
    moved = [{**{k: v for k, v in e.items() if k != old}, op: mark} for e in new.record[where][place:]]
    record = {**new.record, where: new.record[where][:place] + moved}
    return Table(record, new.state, new.checkpoints), change and {**change, "entry": moved[-1]}


def undone(table: Table, token: str | None, version: object, *, keep_settings: bool = False,
           whole_tap: bool = False) -> tuple[Table, dict | None]:
    """The table without its last action (kept for a redo, marked with whose phone undid it), and
    the change that stores it. `keep_settings`: the last move of the game goes, the players'
    settings entered after it stay; `whole_tap`: an action its tap entered with the one before it
    (`joined`: a roll and its resolve) takes that one too, as one new version."""
    return marked(table, *_undone(table, token, version, keep_settings, whole_tap), token, "undone")


def _undone(table: Table, token: str | None, version: object, keep_settings: bool,
            whole_tap: bool) -> tuple[Table, dict | None]:
    writable(table, token, version)
    actions = table.record["actions"]
    if not actions:
        raise RuleViolation(said("There is nothing to undo: no action has been entered yet."))
    k = table.last_step if keep_settings else len(actions) - 1
    if k is None:
        raise RuleViolation(said("There is no move to undo: only settings were entered; change them instead."))
    # The entries after the one removed move up a place (seq is the place in the log).
    after = [{**e, "seq": e["seq"] - 1} for e in actions[k + 1:]]
    record = {
        **table.record,
        "version": table.version + 1,
        "actions": actions[:k] + after,
        "redo": table.record["redo"] + [actions[k]],
    }
    kept = Table(table.record, table.state, tuple(c for c in table.checkpoints if c[0] <= k))
    before = rewound(kept, record)
    # A decision a held seat answered is taken back from that seat's phone (or the host's),
    # as it was answered: another phone's undo must not reopen someone else's choice.
    check_owner(Table(table.record, before.state, ()), token, actions[k]["action"], undoing=True)
    if whole_tap and actions[k].get("joined") and k:
        # One tap entered it with the move before it: that goes too, as one new version (saved
        # whole), so no half of a tap is ever left in the log. A tap is at most two actions.
        both, _ = _undone(before, token, None, keep_settings, False)
        return Table({**both.record, "version": record["version"]}, both.state, both.checkpoints), None
    # Only the last entry is an "undo" change every store replays; one from inside the
    # log (settings kept after it) is saved whole.
    return before, {"op": "undo", "version": record["version"]} if not after else None


def redone(table: Table, token: str | None, version: object, *, whole_tap: bool = False) -> tuple[Table, dict | None]:
    """The table with its last undone action put back (marked with whose phone redid it), and the
    change that stores it. `whole_tap`: an action its tap entered with it comes back with it."""
    return marked(table, *_redone(table, token, version, whole_tap), token, "redone")


def _redone(table: Table, token: str | None, version: object, whole_tap: bool = False) -> tuple[Table, dict | None]:
    writable(table, token, version)
    redo = table.record["redo"]
    if whole_tap and len(redo) > 1 and redo[-2].get("joined"):
        first, _ = _redone(table, token, version)
        both, _ = _redone(first, token, None)
        return Table({**both.record, "version": table.version + 1}, both.state, both.checkpoints), None
    if not redo:
        raise RuleViolation(said("There is nothing to redo."))
    entry, actions = redo[-1], table.record["actions"]
    # An entry undone from inside the log (settings kept after it) comes back at the end.
    moved = entry["seq"] != len(actions) + 1
    entry = {**entry, "seq": len(actions) + 1}
    record = {**table.record, "version": table.version + 1, "actions": actions + [entry], "redo": redo[:-1]}
    redone_table = advanced(table, record, table.game.apply(table.state, entry["action"])[0])
    return redone_table, None if moved else {"op": "redo", "version": record["version"]}


def locked(table: Table, mark: str, why: dict) -> Table:
    """The table marked by its tournament night: "replaced" (new seats or another game before it
    started) or "closed" (the next round was seated from its round's results), with what the
    sentence names (`Table.locked`); `writable` refuses it from then on."""
    # A new version, as every change has: another process trusts its cached copy while the
    # stored version is that copy's, and would take moves on it.
    record = {**table.record, mark: why, "version": table.version + 1}
    return Table(record, table.state, table.checkpoints)


def seat_index(table: Table, seat: object) -> int:
    """`seat` if it names a player of `table` (an index), else the RuleViolation that says so."""
    n = len(table.record["players"])
    if not is_int(seat) or not 0 <= seat < n:
        raise RuleViolation(said("'seat' must be a player index from 0 to {last}.", last=n - 1))
    return seat


def seat_claimed(table: Table, token: str | None, seat: object) -> tuple[Table, str]:
    """The table with `seat` given to a phone with play rights, and that seat's token (the same
    table and token when the phone holds it already). A seat another phone holds is refused,
    naming whose it is, unless the host claims it: the old phone's seat token then stops working."""
    viewer = table.viewer_for(token)
    if not viewer.can_act:
        raise NotAllowed(said("Only a phone that joined with the play code can take a seat."))
    seat = seat_index(table, seat)
    seat_tokens = list(table.record["seat_tokens"])
    if viewer.seat == seat:
        return table, token
    if seat_tokens[seat] is not None and not table.is_host(token):
        name = table.record["players"][seat]
        raise SeatTaken(said("{name}'s seat is taken by another phone. If that phone is gone, the host's phone "
                             "can free it (\"Let another phone take {name}'s seat\").", name=name))
    if viewer.seat is not None:
        seat_tokens[viewer.seat] = None  # a phone holds one seat: taking another frees its own
    seat_tokens[seat] = secrets.token_urlsafe(24)
    return Table({**table.record, "seat_tokens": seat_tokens}, table.state, table.checkpoints), seat_tokens[seat]


def seat_freed(table: Table, token: str | None, seat: object) -> Table:
    """The table with `seat` free (the same table when it is free already): its holder leaves it,
    or the host frees it for another phone."""
    seat = seat_index(table, seat)
    viewer = table.viewer_for(token)
    if viewer.seat != seat and not table.is_host(token):
        name = table.record["players"][seat]
        raise NotAllowed(said("Only the phone holding {name}'s seat, or the host's phone, can free it.", name=name))
    seat_tokens = list(table.record["seat_tokens"])
    if seat_tokens[seat] is None:
        return table
    seat_tokens[seat] = None
    return Table({**table.record, "seat_tokens": seat_tokens}, table.state, table.checkpoints)


def hosts_revoked(table: Table, desks: set[str]) -> Table:
    """The table without the host tokens of the revoked `desks` (the same table when it holds none)."""
    record = table.record
    hosts = record.get("desk_hosts", {})
    if not set(hosts) & desks:
        return table
    kept = {desk: token for desk, token in hosts.items() if desk not in desks}
    return Table({**record, "desk_hosts": kept}, table.state, table.checkpoints)

