"""`companion migrate`: a data folder an earlier release wrote, converted once into this release's
shape, with the server stopped. The server itself reads only the current shape (it refuses an
older folder with this command's name), so no code for older data runs while tables are played.

What it converts, each step safe to run again after an interruption:
- the journal's changes (journal.log, journal.old) copied into their tables' logs;
- each table's file ({"table": {"1": {"record": ...}}}) into its document, with the seats and
  redo list the first releases did not store, and its log cut to the changes after it;
- a Neko table set up before the Skill die had its faces gets the die it was played with;
- a table whose log was recorded under older rules (its entries' "rules") is replayed under
  today's: kept when they take every move, else set aside in unconverted/ and named;
- a table whose history was logged as English sentences gets each line as its message id and
  values (what today's rules say of the same move, when its English is the line kept), so every
  phone reads it in its own language; a line that cannot be matched stays as it was, shown as is;
- a night's table seated before desks had host tokens of their own gets a new host token;
- each night (its rounds' games, its desks' makers, its placings, its revision) and league into
  its document;
- the index (index.json, index.log) into index/, then the old files removed.
"""
from __future__ import annotations

import json
import os
import random
import secrets
from pathlib import Path

from .events.desks import FIRST_DESK, made_from
from .games import RuleViolation, get_game
from .games.neko.kittens import FACE_VALUES
from .games.said import lines_stored
from .private_files import make_folder
from .store import files
from .store.log import replay
from .store.schema import SCHEMA
from .store.tinydb_store import TinyDBStore


def migrate(folder: str | os.PathLike) -> list[str]:
    """Convert the data folder in place; returns a sentence for each thing that was not carried over."""
    folder = Path(folder)
    if not (folder / "tables").is_dir():
        raise FileNotFoundError(f"There is no data folder at {folder}.")
    notes: list[str] = []
    _copy_journal(folder)
    for path in sorted((folder / "tables").glob("*.json")):
        note = _table(path)
        if note:
            notes.append(note)
    for kind in ("events", "leagues"):
        for path in sorted((folder / kind).glob("*.json")) if (folder / kind).is_dir() else ():
            document = _document(path)
            if document is not None:
                _write(path, _night(document) if kind == "events" else document)
    over = _old_index(folder)
    for name in ("journal.old", "journal.log", "index.log"):
        (folder / name).unlink(missing_ok=True)
    # The index is listed again from the tables when the store opens; a finished game stays so.
    (folder / "index.json").unlink(missing_ok=True)
    store = TinyDBStore(folder)
    for table_id in over:
        store.update_index(table_id, over=True)
    return notes


def _copy_journal(folder: Path) -> None:
    """Append to each table's log the journaled changes it lacks (a crash left them there)."""
    for name in ("journal.old", "journal.log"):
        for line in _lines(folder / name):
            log = folder / "tables" / f"{line['t']}.log"
            if log.parent.joinpath(f"{line['t']}.json").exists():
                last = files.last_entry(log)
                if last is None or line["c"]["version"] == last["version"] + 1:
                    files.append(log, line["c"])


def _table(path: Path) -> str | None:
    document = _document(path)
    if document is None:
        return f"{path.name} cannot be read: left as it is (the server says so when it is opened)."
    record = document
    if record.get("schema", 0) < 1:  # the first releases had no seats, no redo list and no schema
        record = {**record, "seat_tokens": record.get("seat_tokens") or [None] * len(record["players"]),
                  "redo": record.get("redo", []), "schema": SCHEMA}
    if record.get("event") and "desk_hosts" not in record:
        # Seated before desks had host tokens of their own: the round's reply handed a desk the
        # table's own, which no revocation could take back. It is replaced (the first one still
        # finds the table's rematch); the desks keep the players' play links.
        record = {**record, "host_token": secrets.token_urlsafe(24), "desk_hosts": {},
                  "rematch_key": record.get("rematch_key", record["host_token"])}
    if record["game"] == "neko" and "die_faces" not in record["options"]:
        # Set up before the Skill die had its faces: it was played with any of them.
        record = {**record, "options": {**record["options"], "die_faces": list(FACE_VALUES)}}
    log = path.with_suffix(".log")
    try:
        logged = files.read_log(log)
    except files.LogDamaged:
        return f"{log.name} is damaged: left as it is (the server says so when the table is opened)."
    changes = [c for c in logged if c["version"] > record["version"]]  # older ones were compacted in
    whole = replay(record, changes)
    game = get_game(record["game"])
    entries = (*whole["actions"], *whole["redo"])
    if any(e.get("rules", 1) < game.rules_version for e in entries):
        try:
            _replays(game, whole)
        except RuleViolation as exc:
            aside = path.parent.parent / "unconverted"
            make_folder(aside)
            for part in (path, log):
                if part.exists():
                    part.rename(aside / part.name)
            return (f"Table {record['id']} ({record['game']}) was played under older rules that today's refuse "
                    f"({exc}): moved to unconverted/; export it with the release that made it.")
    if any(e.get("rules") != game.rules_version for e in entries):  # every entry names its rules
        record = {**record, "actions": _current(game, record["actions"]), "redo": _current(game, record["redo"])}
        changes = [{**c, "entry": _current(game, [c["entry"]])[0]} if isinstance(c.get("entry"), dict) else c
                   for c in changes]
    record, changes = _sentences(game, record, changes, whole)
    _write(path, record)
    if changes != logged:
        _rewrite_log(log, changes)
    return None


def _rewrite_log(log: Path, changes: list[dict]) -> None:
    """Replace a log whole, through a document-like atomic write (a crash keeps the old one)."""
    aside = log.with_suffix(".log.new")
    aside.unlink(missing_ok=True)
    for change in changes:
        files.append(aside, change)
    aside.touch()
    os.replace(aside, log)
    files.fsync_folder(log.parent)


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


def _night(record: dict) -> dict:
    """A night as this release keeps it: every round lists its games, every table names its game,
    every desk its maker by id, and a desk made by a revoked desk is revoked with it."""
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


def _old_index(folder: Path) -> set[str]:
    """The ids the old index listed as over (its snapshot, then its log)."""
    over: dict[str, bool] = {}
    try:
        snapshot = json.loads((folder / "index.json").read_bytes())
        over.update({s["id"]: bool(s.get("over")) for s in snapshot.get("tables", {}).values()})
    except (OSError, ValueError, TypeError, KeyError, AttributeError):
        pass  # missing or damaged: the tables are listed again from their files anyway
    for line in _lines(folder / "index.log"):
        if isinstance(line.get("add"), dict):
            over[line["add"]["id"]] = bool(line["add"].get("over"))
        elif isinstance(line.get("fields"), dict) and "over" in line["fields"]:
            over[line["set"]] = bool(line["fields"]["over"])
    return {table_id for table_id, done in over.items() if done}


def _document(path: Path) -> dict | None:
    """The record a file holds, in the old shape or the new; None when it cannot be read."""
    try:
        data = json.loads(path.read_bytes())
        if "_default" in data:
            return dict(data["_default"]["1"])
        return dict(next(iter(data["table"].values()))["record"])
    except (OSError, ValueError, TypeError, KeyError, AttributeError, StopIteration):
        return None


def _write(path: Path, record: dict) -> None:
    files.DocumentFile(path).write({"_default": {"1": record}})


def _lines(path: Path) -> list[dict]:
    """A log's whole lines; a damaged one ends what is read (it was never acknowledged after it)."""
    try:
        return files.read_log(path)
    except files.LogDamaged:
        return []
