"""A player's own phone on a night: checking in by the check-in link, who a phone's token stands
for, and the desk letting go of a phone (its player's new phone then checks in). Pure deciders
(records.Decided); the rules of checking in: checkin.py."""
from __future__ import annotations

from ..games.said import said
from ..tables import NotAllowed
from .checkin import check_key, holder, join, release
from .records import Decided, note


class NotCheckedIn(NotAllowed):
    """A player token that stands for nobody on this night (never given, or the name was taken off)."""


NOT_CHECKED_IN = said("This phone is not checked in for this night (or the organiser took its name off the list): "
                      "scan the check-in code on the big screen, the desk or the printed pairings.")


def joined(record: dict, key: object, name: object, held: object = None, checks=()) -> Decided:
    """Check in from a phone with the check-in link's `key` (checkin.join, a new name passing
    registration's `checks`); its reply is (the registered name, the phone's player token).
    `held`: the token the phone holds already for this night, if any (the same name again keeps it)."""
    check_key(record, key)
    before = {p["name"] for p in record["players"]}
    done = join(record, name, held, checks)
    note(record, "by phone", "checkin", text=f"{done[0]} {'checked in' if done[0] in before else 'registered and checked in'}")
    return Decided(done)


def released(record: dict, name: object, who: str) -> None:
    """The desk `who` lets go of the phone holding `name` (checkin.release): a new phone may check
    in under it; the old phone's token opens nothing from now on."""
    gone = release(record, name)
    note(record, who, "release", text=f"let another phone check in as {gone}")


def player_name(record: dict, token: object) -> str:
    """The player a phone's token stands for on this night, else NotCheckedIn."""
    name = holder(record, token)
    if name is None:
        raise NotCheckedIn(NOT_CHECKED_IN)
    return name
