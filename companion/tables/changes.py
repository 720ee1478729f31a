"""A table's changes as pure work: an action applied, the last move undone, an undone move redone,
the table locked by its tournament night; and who may make them, at which version. No store, no
cache, no lock: the change path (`writer.TableWriter`) reads the table under its lock, stores
what these return (the new table and the change every store replays, None to save the record
whole) and publishes.
"""
from __future__ import annotations

from ..games import RuleViolation
from .table import Table, advanced, is_legacy, rewound
from .errors import NotAllowed, TableClosed, TableReplaced, VersionConflict
from .records import now


def writable(table: Table, token: str | None, version: object) -> Table:
    """`table` if a bearer of `token` may change its game at `version` (None: any), else the
    refusal: no play rights, a table its night replaced, a malformed or past version."""
    if not table.viewer_for(token).can_act:
        raise NotAllowed("This needs the table's play code: scan the play QR code or type the join code.")
    if table.locked:
        raise (TableReplaced if table.record.get("replaced") else TableClosed)(table.locked + ".")
    if version is not None:
        if isinstance(version, bool) or not isinstance(version, int):
            raise RuleViolation("'version' must be a whole number.")
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
            raise NotAllowed(f"{name} decided this on their own phone: only that phone or the host's can undo it.")
        raise NotAllowed(f"{name} took a seat on their own phone: {name} answers this there.")


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
    entry = {"seq": len(table.record["actions"]) + 1, "action": action, "log": lines, "at": now(),
             "rules": table.game.rules_version, **({"joined": True} if joined else {}),
             "by": table.phone_for(token), **({"mover": mover} if mover is not None else {})}
    record = {
        **table.record,
        "version": table.version + 1,
        "actions": table.record["actions"] + [entry],
        "redo": [],
    }
    return advanced(table, record, state), {"op": "act", "version": record["version"], "entry": entry}, lines


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


def undone(table: Table, token: str | None, version: object, keep_settings: bool) -> tuple[Table, dict | None]:
    """The table without its last action (kept for a redo, marked with whose phone undid it), and
    the change that stores it. With `keep_settings` the last move of the game goes and the
    players' settings entered after it stay."""
    return marked(table, *_undone(table, token, version, keep_settings), token, "undone")


def _undone(table: Table, token: str | None, version: object, keep_settings: bool) -> tuple[Table, dict | None]:
    writable(table, token, version)
    actions = table.record["actions"]
    if not actions:
        raise RuleViolation("There is nothing to undo: no action has been entered yet.")
    k = table.last_step if keep_settings else len(actions) - 1
    if k is None:
        raise RuleViolation("There is no move to undo: only settings were entered; change them instead.")
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
    if keep_settings and actions[k].get("joined") and k:
        # One tap entered it with the move before it: the page's Undo takes that back too, as one
        # new version (saved whole), so no half of a tap is ever left in the log.
        both, _ = _undone(before, token, None, keep_settings)
        return Table({**both.record, "version": record["version"]}, both.state, both.checkpoints), None
    # Only the last entry is an "undo" change every store replays; one from inside the
    # log (settings kept after it) is saved whole.
    return before, {"op": "undo", "version": record["version"]} if not after else None


def redone(table: Table, token: str | None, version: object, whole_tap: bool = False) -> tuple[Table, dict | None]:
    """The table with its last undone action put back (marked with whose phone redid it), and the
    change that stores it. With `whole_tap` (the page's Redo) an action entered by the same tap
    comes back with it."""
    return marked(table, *_redone(table, token, version, whole_tap), token, "redone")


def _redone(table: Table, token: str | None, version: object, whole_tap: bool = False) -> tuple[Table, dict | None]:
    writable(table, token, version)
    redo = table.record["redo"]
    if whole_tap and len(redo) > 1 and redo[-2].get("joined"):
        first, _ = _redone(table, token, version)
        both, _ = _redone(first, token, None)
        return Table({**both.record, "version": table.version + 1}, both.state, both.checkpoints), None
    if not redo:
        raise RuleViolation("There is nothing to redo.")
    entry, actions = redo[-1], table.record["actions"]
    # An entry undone from inside the log (settings kept after it) comes back at the end.
    moved = entry["seq"] != len(actions) + 1
    entry = {**entry, "seq": len(actions) + 1}
    record = {**table.record, "version": table.version + 1, "actions": actions + [entry], "redo": redo[:-1]}
    if is_legacy(table.game, entry) or (actions and is_legacy(table.game, actions[-1])):
        # Older-rules entries replay with the answers their rules implied: as a fold does.
        redone_table = rewound(table, record)
    else:
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
