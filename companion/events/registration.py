"""Who may be registered at a night: names as an organiser pastes or types them, one person a
name (look-alike spellings refused), the night's room, and registration's own checks (a league's);
the desk registering players and checking them in or out (pure changes of the record)."""
from __future__ import annotations

import re

from ..games import RuleViolation
from ..games.names import clean_name, folded
from ..games.said import said, word

# Players a night holds (registered, checked in or not). A real night is 8 to a few hundred; every
# read of a night this big (standings, pages, exports) stays under 50 ms (measured when this bound was set).
# Every game seats at least 2 at a table, so no round of a night this big needs more than 200
# tables: what an import may create (importing.MAX_TABLES; tests/web/test_night_bounds.py checks it).
MAX_PLAYERS = 400
# A pasted list: one name per line, or cells of a spreadsheet row (tabs), or commas and semicolons.
LIST_SEPARATORS = re.compile(r"[\r\n\t,;]+")
# Numbering or a bullet in front of a pasted name ("1. Flo", "2) Gus", "(3) Hana", "#4 Ivo",
# "5 Jo", "- Ken", "• Lu"); a name that starts with digits and goes on without a space ("2Pac")
# keeps them. A cell that is only a number (a spreadsheet's row number) is no name at all.
NUMBERING = re.compile(r"^\s*(?:\(?[#№]?\d{1,3}(?:[.):\]]\s*|\s+|$)|[-*•·–—]\s+)")


def pasted_names(text: str) -> list[str]:
    """The names of a pasted list: split on lines, tabs, commas and semicolons, with any
    numbering or bullet in front of a name taken off; blank entries are dropped."""
    names = (NUMBERING.sub("", part, count=1) for part in LIST_SEPARATORS.split(text))
    return [n for n in names if n.strip()]


def player_names(names: object) -> list[str]:
    """Names typed for registration (a list, or a pasted text: see `pasted_names`), each cleaned
    as every name is; two that would be mistaken for each other are refused."""
    if isinstance(names, str):
        names = pasted_names(names)
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise RuleViolation(said("'names' is a list of player names."))
    if len(names) > MAX_PLAYERS:  # refused before thousands of names are cleaned one by one
        raise RuleViolation(said("A night holds at most {most} players; this list names {n}.", most=MAX_PLAYERS, n=len(names)))
    clean = [clean_name(n, word("player's name")) for n in names]
    if not clean:
        raise RuleViolation(said("Give at least one name."))
    refuse_lookalikes(clean)
    return clean


def room_for(registered: int, adding: int) -> None:
    """A RuleViolation naming the limit when `adding` more players would take a night that has
    `registered` past MAX_PLAYERS."""
    if registered + adding > MAX_PLAYERS:
        room = MAX_PLAYERS - registered
        raise RuleViolation(said("A night holds at most {most} players and this one has {registered}: room for {room} more, "
                                 "not {adding}. Nobody was registered.", most=MAX_PLAYERS, registered=registered, room=room,
                                 adding=adding))


def refuse_lookalikes(names: list[str]) -> None:
    """A RuleViolation naming the first two cleaned names that are the same but for case."""
    seen: dict[str, str] = {}
    for name in names:
        other = seen.get(name.casefold())
        if other == name:
            raise RuleViolation(said("'{name}' is listed twice: give each player a different name.", name=name))
        if other is not None:
            raise RuleViolation(said("'{other}' and '{name}' would be taken for the same player: give each player a different name.",
                                     other=other, name=name))
        seen[name.casefold()] = name


def find_player(players: list[dict], name: object) -> dict | None:
    """The registered player a typed name means (cleaned, case forgiven), or None."""
    wanted = folded(name)
    return next((p for p in players if p["name"].casefold() == wanted), None)


def registered(record: dict, names: list[str], present: bool, checks=()) -> None:
    """Register players (cleaned `names`; checked in unless `present` is false) from the next round
    on; one registered already, refused by one of `checks` (record, names) or past the room: none."""
    unregistered(record["players"], names)
    for check in checks:
        check(record, names)
    room_for(len(record["players"]), len(names))
    for name in names:
        record["players"].append({"name": name, "checked_in": present, "since_round": len(record["rounds"]) + 1})


def checked_in(record: dict, names: list[str], present: bool) -> None:
    """Check registered players in (present) or out (absent, or dropped out); a name not
    registered is refused and nobody is changed."""
    for name in names:
        player = find_player(record["players"], name)
        if player is None:
            raise RuleViolation(said("'{name}' is not registered for this event.", name=name))
        player["checked_in"] = present


def unregistered(players: list[dict], names: list[str]) -> None:
    """RuleViolation, saying what to do, when one of `names` is registered already (case forgiven)."""
    for name in names:
        known = find_player(players, name)
        if known is not None:
            if not known["checked_in"]:  # a player who left and came back is checked in again
                raise RuleViolation(said("{name} is already registered (typed “{typed}”), and checked out: if it is the same "
                                         "player back, tap Check in beside {name}; if not, give the new player a "
                                         "different name. Nobody was registered.", name=known['name'], typed=name)
                                    if known["name"] != name else
                                    said("{name} is already registered, and checked out: if it is the same "
                                         "player back, tap Check in beside {name}; if not, give the new player a "
                                         "different name. Nobody was registered.", name=known['name']))
            raise RuleViolation(said("{name} is already registered (typed “{typed}”): take that name off the list, or give "
                                     "the new player a different name. Nobody was registered.", name=known['name'], typed=name)
                                if known["name"] != name else
                                said("{name} is already registered: take that name off the list, or give "
                                     "the new player a different name. Nobody was registered.", name=known['name']))
