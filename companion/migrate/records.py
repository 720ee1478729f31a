"""The record converters of `companion migrate`, one for a table and one for a night: each takes a
record an earlier release stored (and, for a table, the changes logged after it) and gives it in
this release's shape, whichever store it came from. They read and write nothing, so the data
folder's walk (folder.py) and the Redis keys' walk (redis_keys.py) convert alike, and a record
already in this release's shape comes back equal (a second run changes nothing).
"""
from __future__ import annotations

import copy
import random
import secrets

from ..events.desks import FIRST_DESK, made_from
from ..games import RuleViolation, get_game
from ..games.neko.kittens import FACE_VALUES
from ..games.said import lines_stored
from ..store.log import replay
from ..store.schema import SCHEMA


class OlderRules(ValueError):
    """A table played under older rules that today's refuse: it cannot be converted (the message
    says which move); its store sets it aside."""


def table(record: dict, changes: list[dict]) -> tuple[dict, list[dict]]:
    """A table record and the changes logged after it (the embedded store's log; none from Redis,
    whose record holds its whole log) in this release's shape; OlderRules when today's rules
    refuse a move of a log recorded under older ones."""
    if record.get("schema", 0) < 1:  # the first releases had no seats, no redo list and no schema
        record = {**record, "seat_tokens": record.get("seat_tokens") or [None] * len(record["players"]),
                  "redo": record.get("redo") or [], "schema": SCHEMA}
    if record.get("event") and "desk_hosts" not in record:
        # Seated before desks had host tokens of their own: the round's reply handed a desk the
        # table's own, which no revocation could take back. It is replaced (the first one still
        # finds the table's rematch); the desks keep the players' play links.
        record = {**record, "host_token": secrets.token_urlsafe(24), "desk_hosts": {},
                  "rematch_key": record.get("rematch_key", record["host_token"])}
    if record["game"] == "neko" and "die_faces" not in record["options"]:
        # Set up before the Skill die had its faces: it was played with any of them.
        record = {**record, "options": {**record["options"], "die_faces": list(FACE_VALUES)}}
    changes = [c for c in changes if c["version"] > record["version"]]  # older ones were compacted in
    whole = replay(record, changes)
    game = get_game(record["game"])
    entries = (*whole["actions"], *whole["redo"])
    if any(e.get("rules", 1) < game.rules_version for e in entries):
        try:
            _replays(game, whole)
        except RuleViolation as exc:
            raise OlderRules(f"Table {record['id']} ({record['game']}) was played under older rules that today's "
                             f"refuse ({exc})") from None
    if any(e.get("rules") != game.rules_version for e in entries):  # every entry names its rules
        record = {**record, "actions": _current(game, record["actions"]), "redo": _current(game, record["redo"])}
        changes = [{**c, "entry": _current(game, [c["entry"]])[0]} if isinstance(c.get("entry"), dict) else c
                   for c in changes]
    return _sentences(game, record, changes, whole)


def _replays(game, record: dict) -> None:
    """RuleViolation unless today's rules take every move of the table's log."""
    state = game.setup(record["players"], record["options"], random.Random(record["seed"]))
    for entry in record["actions"]:
        state, _ = game.apply(state, entry["action"])


def _sentences(game, record: dict, changes: list[dict], whole: dict) -> tuple[dict, list[dict]]:
    """The table's log lines kept as English text turned into message ids and values: its moves
    replayed under today's rules, each line replaced by the sentence that says the same words."""
    if not any(isinstance(line, str) for e in whole["actions"] for line in e.get("log", [])):
        return record, changes
    said_by_seq: dict[int, list] = {}
    try:
        state = game.setup(record["players"], record["options"], random.Random(record["seed"]))
        for entry in whole["actions"]:
            state, lines = game.apply(state, entry["action"])
            said_by_seq[entry["seq"]] = lines
    except RuleViolation:
        pass  # the moves replayed so far are converted; the others keep their words

    def converted(entry: dict) -> dict:
        lines = said_by_seq.get(entry.get("seq"))
        if lines is None or [str(line) for line in lines] != entry.get("log"):
            return entry
        return {**entry, "log": lines_stored(lines)}

    record = {**record, "actions": [converted(e) for e in record["actions"]]}
    changes = [{**c, "entry": converted(c["entry"])} if isinstance(c.get("entry"), dict) else c for c in changes]
    return record, changes


def _current(game, entries: list[dict]) -> list[dict]:
    return [{**e, "rules": game.rules_version} for e in entries]


def night(stored: dict) -> dict:
    """A night as this release keeps it: every round lists its games, every table names its game,
    every desk its maker by id, and a desk made by a revoked desk is revoked with it."""
    record = copy.deepcopy(stored)  # the caller's record is left as it was read
    for desk in record.get("desks", []):
        desk.setdefault("by_desk", _maker(record, desk))
    for gone in [d for d in record.get("desks", []) if d.get("revoked")]:
        for desk in made_from(record, gone["id"]):
            if not desk.get("revoked"):
                desk.update(revoked=gone["revoked"], revoked_by=gone["revoked_by"])
    for rnd in record.get("rounds", []):
        if "games" not in rnd:
            rnd["games"] = [rnd.pop("game")]
        for t in rnd["tables"]:
            t.setdefault("game", rnd["games"][0])
    for key, empty in (("manual", {}), ("settled", {}), ("history", []), ("desks", [])):
        record.setdefault(key, empty)
    record.pop("placings", None)  # one placing rule: players the tie-breakers cannot separate share a place
    return {**record, "schema": max(record.get("schema", 0), SCHEMA), "revision": record.get("revision", 0)}


def _maker(record: dict, desk: dict) -> str:
    """The desk that handed `desk` over, for a desk that names it by label: the desk of that name
    made before it and not revoked before it was made (names are unique among open desks)."""
    if desk["by"] == FIRST_DESK:
        return FIRST_DESK
    named = [d for d in record["desks"] if d["label"] == desk["by"] and d["made"] <= desk["made"] and d is not desk
             and not (d.get("revoked") and d["revoked"] < desk["made"])]
    return named[-1]["id"] if named else FIRST_DESK
