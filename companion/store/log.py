"""A table's change log, as the embedded store keeps it beside the table's document: one line per
change, each one version on from the last.

A line is one of the changes the service makes (tables/changes.py) and every store takes:
- {"op": "act", "version", "entry"}: an action appended (the redo list emptied);
- {"op": "undo" | "redo", "version", "entry"?}: the last entry moved from one list to the other,
  as `entry` when given (marked with whose phone moved it);
- {"op": "splice", "version", "actions": [kept, [added...]], "redo": [kept, [added...]]}: any
  other change of the lists (a whole tap undone, a move undone from inside the log), or none (a
  night's mark, a whole record saved): each list cut to its first `kept` entries, then `added`
  appended; the version may leap forward (a record saved whole names its own).
"""
from __future__ import annotations


def spliced(old: dict, new: dict) -> dict:
    """The "splice" line that turns record `old`'s lists into record `new`'s."""
    return {"op": "splice", "version": new["version"],
            **{name: _splice(old[name], new[name]) for name in ("actions", "redo")}}


def _splice(old: list, new: list) -> list:
    kept = 0
    for before, after in zip(old, new):
        if before != after:
            break
        kept += 1
    return [kept, list(new[kept:])]


def replay(record: dict, changes: list[dict]) -> dict:
    """The record after the changes logged since its document was written."""
    actions, redo, version = list(record["actions"]), list(record["redo"]), record["version"]
    for change in changes:
        leap = change["op"] == "splice" and change["version"] > version
        if change["version"] != version + 1 and not leap:
            # Every change adds one to the version: a gap means the log does not belong to this
            # document (say, a document put back from a backup beside a newer log).
            raise ValueError(f"it jumps from version {version} to {change['version']}")
        op = change["op"]
        if op == "act":
            if not isinstance(change["entry"], dict):
                raise ValueError("an action without its entry")
            actions.append(change["entry"])
            redo = []
        elif op in ("undo", "redo"):
            source, target = (actions, redo) if op == "undo" else (redo, actions)
            entry = source.pop()
            target.append(change["entry"] if isinstance(change.get("entry"), dict) else entry)
        elif op == "splice":
            (kept, added), (redo_kept, redo_added) = change["actions"], change["redo"]
            actions, redo = actions[:kept] + added, redo[:redo_kept] + redo_added
        else:
            raise ValueError(f"an unknown change {op!r}")
        version = change["version"]
    return {**record, "actions": actions, "redo": redo, "version": version}
