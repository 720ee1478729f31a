"""The night's list of players as its desk changes it: players registered, checked in or out, and
taken off. Each decides on the record it is given (a fresh read), with names cleaned already
(`registration.player_names`), and returns what else it decided (records.Decided: nothing more
here). Pure functions: the event service reads, stores and acts.
"""
from __future__ import annotations

from ..games import RuleViolation
from ..games.said import said
from ..games.words import listed
from .checkin import forget
from .checks import removable
from .records import Decided, note
from .registration import find_player, registrable, room_for


def registered(record: dict, names: list[str], present: bool, checks=()) -> Decided:
    """Register players (checked in unless `present` is false) from the next round on; a name
    already registered (case forgiven), or refused by one of registration's `checks` (a
    league's), is refused with a sentence and nobody is registered."""
    registrable(record, names, checks)
    room_for(len(record["players"]), len(names))
    for name in names:
        record["players"].append({"name": name, "checked_in": present, "since_round": len(record["rounds"]) + 1})
    return Decided()


def checked_in(record: dict, names: list[str], present: bool) -> Decided:
    """Check registered players in (present) or out (absent, or dropped out); a name not
    registered is refused and nobody is changed."""
    for name in names:
        player = find_player(record["players"], name)
        if player is None:
            raise RuleViolation(said("'{name}' is not registered for this event.", name=name))
        player["checked_in"] = present
    return Decided()


def removed(record: dict, names: list[str], who: str) -> Decided:
    """Take players who never sat at a table off the night (`checks.removable`), and let go of
    the phones holding their names; noted in the history as done by the desk `who`."""
    gone = removable(record, names)
    record["players"] = [p for p in record["players"] if p not in gone]
    forget(record, [p["name"] for p in gone])
    note(record, who, "remove", text=f"removed {listed([p['name'] for p in gone])} (never seated)")
    return Decided()
