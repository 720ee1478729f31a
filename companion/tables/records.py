"""A table's record made, exported and imported: pure work on records and the rules engines (no
store, no cache, no lock; `service.TableService` stores what these return).

A new record gets fresh secrets (id, host, play and seat tokens); an export is the setup and the
log as a phone may see them; an import is an export checked action by action by the rules again.
"""
from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from datetime import UTC, datetime

from ..games import RuleViolation, Viewer, get_game
from ..games.fields import is_int
from ..games.said import Said, lines_stored, said
from ..store.schema import SCHEMA
from .shapes import TableRecord
from .table import Table, fold, keeping, replay, worth_keeping

# A real game of any of the four stays far below this (a long Last Kyotoan Standing game is ~600);
# an import beyond it is refused before any work is done.
IMPORT_MAX_ACTIONS = 2000
# What an export carries (`exported`, and every earlier version of it): an import refuses any other
# field, as docs/api.md promises of every request, rather than drop what a person meant to say.
EXPORT_FIELDS = ("actions", "created", "game", "options", "players", "redacted", "schema", "seed", "version")
EXPORT_ENTRY_FIELDS = ("action", "at", "joined", "rules")
# An import replays up to IMPORT_MAX_ACTIONS a table (seconds for a night of them): under the
# event-loop worker that would hold every phone, so it sleeps a moment (a turn of the loop) every
# SLICE seconds of it (tests/web/test_night_bounds.py: phones answered within 250 ms meanwhile).
SLICE = 0.01


def now() -> str:
    """The time of a change, as the log records it (UTC, milliseconds)."""
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def new_table(game_id: object, players: object, options: object, seed: object, event: str | None,
              join_code: Callable[[], str], desk: str | None = None, group: str | None = None) -> Table:
    """A validated table that is not stored yet (with fresh id and tokens; `join_code()` gives a
    free join code, asked only once the setup is valid). A table of a tournament night gets host
    tokens of its own for the desk `desk` that made it (`desk_hosts`), never its host token."""
    game = get_game(game_id)
    if seed is not None and (not is_int(seed) or not 0 <= seed < 2 ** 63):
        raise RuleViolation(said("'seed' must be a whole number from 0 to 2^63 - 1."))
    names = game.validate_players(players)
    opts = game.validate_options(options, len(names))
    if seed is None:
        seed = secrets.randbits(32)
    record: TableRecord = {
        "schema": SCHEMA,
        "id": secrets.token_urlsafe(8),
        "game": game.id,
        "players": names,
        "options": opts,
        "seed": seed,
        "created": now(),
        "version": 0,
        "join_code": join_code(),
        "host_token": secrets.token_urlsafe(24),
        "play_token": secrets.token_urlsafe(24),
        "seat_tokens": [None] * len(names),
        "actions": [],
        "redo": [],
    }
    if group:
        record["group"] = group  # made from a group's link: its page adds this table's play up
    if event:
        record["event"] = event  # its result reaches that tournament night's standings
        # A desk's host rights are its own token, so that revoking the desk takes them away
        # (seats.hosts_revoked) and no other desk's or the night's own tokens change.
        record["desk_hosts"] = {desk: secrets.token_urlsafe(24)} if desk else {}
    return Table(record, fold(record))


def exported(table: Table, viewer: Viewer, whole: bool) -> dict:
    """One table as JSON with its log: `whole` for the host (a backup), else redacted as `viewer`
    may see it (hidden information stays hidden)."""
    rec = table.record
    actions = [{"action": e["action"] if whole else table.game.redact_action(e["action"], viewer, table.state),
                "at": e["at"], "rules": e["rules"], **({"joined": True} if e.get("joined") else {})} for e in rec["actions"]]
    return {"schema": SCHEMA, "game": rec["game"], "players": rec["players"], "options": rec["options"],
            "seed": rec["seed"], "created": rec["created"], "version": rec["version"], "actions": actions,
            **({} if whole else {"redacted": True})}


def imported(data: object, event: str | None, join_code: Callable[[], str]) -> Table:
    """The table an export describes, every action checked by the rules again (RuleViolation,
    naming the action, for the first one refused)."""
    if not isinstance(data, dict) or not isinstance(data.get("actions"), list):
        raise RuleViolation(said("An import is a table export: an object with game, players, options, seed and actions."))
    refuse_unknown(data, EXPORT_FIELDS, said("a table export"))
    for n, entry in enumerate(data["actions"], start=1):
        if isinstance(entry, dict):
            refuse_unknown(entry, EXPORT_ENTRY_FIELDS, said("action {n} of the import", n=n))
    schema = data.get("schema", 0)
    if not is_int(schema):
        raise RuleViolation(said("An export's 'schema' is a whole number."))
    if schema > SCHEMA:
        raise RuleViolation(said("This export comes from a newer version of the app."))
    if data.get("redacted"):
        raise RuleViolation(said("This export hides some cards (it was taken without the host's token): only the host's export can be imported."))
    if len(data["actions"]) > IMPORT_MAX_ACTIONS:
        raise RuleViolation(said("An import holds at most {most} actions (a real game has far fewer); this one has {n}.",
                                  most=IMPORT_MAX_ACTIONS, n=len(data['actions'])))
    table = new_table(data.get("game"), data.get("players"), data.get("options"), data.get("seed"), event, join_code)
    state, entries, checkpoints = table.state, [], []
    given = [e if isinstance(e, dict) else {} for e in data["actions"]]
    for e in given:
        if isinstance(e.get("rules", 1), bool) or not isinstance(e.get("rules", 1), int):
            raise RuleViolation(said("An action's 'rules' is the rules version it was recorded under (a number)."))
    # Replayed under today's rules (each engine has one version): an export of a game played
    # under older rules is taken only when today's rules take every move of it.
    steps = replay(table.game, state, [{"action": e.get("action")} for e in given])
    slice_ends = time.monotonic() + SLICE
    for n, entry in enumerate(given, start=1):
        if time.monotonic() >= slice_ends:
            time.sleep(0.0001)  # any positive sleep: gevent polls its sockets before it wakes
            slice_ends = time.monotonic() + SLICE
        before = state
        try:
            state, lines = next(steps)
        except RuleViolation as exc:
            raise RuleViolation(said("Action {n} of the import is refused: {why}", n=n, why=exc.said)) from None
        if worth_keeping(n - 1, len(given)):
            checkpoints.append((n - 1, before))
        at = entry.get("at") if isinstance(entry.get("at"), str) and len(entry["at"]) <= 40 else now()
        entries.append({"seq": n, "action": entry.get("action"), "log": lines_stored(lines), "at": at, "rules": table.game.rules_version,
                        **({"joined": True} if entry.get("joined") is True and n > 1 else {})})  # one tap, one undo
    given_version = data.get("version")
    version = len(entries)
    if is_int(given_version) and version <= given_version <= 10 * IMPORT_MAX_ACTIONS:
        version = given_version
    return Table({**table.record, "actions": entries, "version": version}, state, keeping(checkpoints, len(entries)))


def refuse_unknown(given: dict, known: tuple[str, ...], what: Said) -> None:
    """RuleViolation naming the first field of `given` that `what` does not have (cut to 40
    characters: the sentence must not echo a whole body back)."""
    unknown = sorted(set(given) - set(known), key=str)
    if unknown:
        raise RuleViolation(said("Unknown field '{field}': {what} has only {fields}.", field=str(unknown[0])[:40], what=what,
                                 fields=", ".join(known)))
