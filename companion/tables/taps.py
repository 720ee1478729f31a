"""A tap as the table's phones speak of it: what the page's Undo takes back (one tap, even when it
entered two steps, a roll and its resolve), its name, whose phone entered, undid or redid it, and
whether undoing it asks first (another player's move, never this phone's own). Pure reading of a
table's record; the marks it reads are written by changes.py (as is the step a tap chains after
its first: `changes.follow_up`).
"""
from __future__ import annotations

from ..games.fields import is_int
from ..games.said import loaded
from .table import Table


def phone_name(table: Table, phone: object, start: bool = True) -> str:
    """A phone in words, as a sentence starts with it (`start`) or goes on with it: "Ben's phone",
    "The host's phone" (the table's creator, or its tournament night's desk), "The shared phone"
    (play rights, no seat: a phone any player may use)."""
    players = table.record["players"]
    if is_int(phone) and 0 <= phone < len(players):
        return f"{players[phone]}'s phone"
    name = {"host": "The host's phone", "shared": "The shared phone"}.get(phone, "A phone")
    return name if start else name[0].lower() + name[1:]


def tap_name(entries: list[dict]) -> str:
    """What a tap entered, named as one: its last step's first line (a final roll's "Ann resolves
    1 1 3 ✸ ✸ ϟ", which names the dice, not the roll before it), else its action's type."""
    last = max(entries, key=lambda e: e["seq"])
    return loaded(last["log"][0]) if last.get("log") else last["action"].get("type", "")


def page_tap(table: Table) -> list[dict]:
    """The entries the page's Undo takes back: the last move of the game (settings left out) and,
    when one tap entered it with the move before it (`joined`), that move too."""
    k = table.last_step
    if k is None:
        return []
    actions = table.record["actions"]
    return actions[k - 1:k + 1] if actions[k].get("joined") and k else [actions[k]]


def last_change(table: Table) -> dict | None:
    """What every phone is told of the table's undo and redo: {"op": "undid"|"redid", "by": whose
    phone in words, "name": the tap's name, "version": the change's} for the redo that made this
    version, else for the last tap still undone ("by" and "version" None when the log predates the
    marks); None when nothing is undone and the last change was no redo."""
    actions, redo, version = table.record["actions"], table.record["redo"], table.version
    redone = [e for e in actions[-2:] if e.get("redone", {}).get("version") == version]
    if redone:
        mark = redone[-1]["redone"]
        return {"op": "redid", "by": phone_name(table, mark["by"]), "name": tap_name(redone), "version": mark["version"]}
    if not redo:
        return None
    mark = redo[-1].get("undone")
    if mark is None:
        return {"op": "undid", "by": None, "name": tap_name(redo[-1:]), "version": None}
    tap = [e for e in redo[-2:] if e.get("undone") == mark]
    return {"op": "undid", "by": phone_name(table, mark["by"]), "name": tap_name(tap), "version": mark["version"]}


def undo_question(table: Table, token: str | None) -> dict | None:
    """What the page's Undo asks this phone before it takes the last tap back, or None: asked only
    when the move is another player's and another phone entered it (never a move of this phone's
    seat, never one this phone entered, never one recorded before phones were), as
    {"whose": "Ann's move"|"this move", "entered": "Ann's phone", "name": the tap's name}."""
    tap = page_tap(table)
    if not tap or "by" not in tap[-1]:
        return None
    phone, entered = table.phone_for(token), tap[-1]["by"]
    mover = tap[-1].get("mover")
    if phone is None or entered == phone or (mover is not None and mover == phone):
        return None
    whose = f"{table.record['players'][mover]}'s move" if mover is not None else "this move"
    return {"whose": whose, "entered": phone_name(table, entered, start=False), "name": tap_name(tap)}



# Moves named as "your buy", "your roll": the action types that read as a noun (others: "a move for you").
NOUNS = frozenset({"buy", "roll", "resolve", "give", "draw", "yield", "sweep", "use", "reveal", "market", "fight"})
# How far back a seat's phone is told of moves other phones entered for it (since it last acted).
LOOKBACK = 8


def entered_for(table: Table) -> list[dict]:
    """What each seat whose phone is held is told of the newest move another phone entered for it
    (its `mover`, entered `by` another phone) since that seat's own phone last entered one:
    {"seat", "by": whose phone in words, "what": "your buy" | "a move for you", "name": the tap's
    name, "undo": whether the page's Undo takes that tap back now}, in seat order."""
    actions, held = table.record["actions"], table.record["seat_tokens"]
    last = page_tap(table)
    told = []
    for seat, token in enumerate(held):
        if token is None:
            continue
        for k in range(len(actions) - 1, max(-1, len(actions) - 1 - LOOKBACK), -1):
            entry = actions[k]
            if entry.get("by") == seat or "by" not in entry:
                break  # this seat's phone acted since (or the log predates the marks): nothing to tell
            if entry.get("mover") != seat or entry["action"].get("type") in table.game.seat_settings:
                continue
            tap = actions[k - 1:k + 1] if entry.get("joined") and k else [entry]
            kind = tap[0]["action"].get("type", "")
            told.append({"seat": seat, "by": phone_name(table, entry["by"]), "name": tap_name(tap),
                         "what": f"your {kind}" if kind in NOUNS else "a move for you",
                         "undo": bool(last) and last[-1]["seq"] == entry["seq"]})
            break
    return told
