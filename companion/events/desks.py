"""Handing the organiser's desk over: more organiser tokens, each revocable. Pure functions.

The token made with the event opens its first desk (the organiser's) and cannot be revoked: the
creation reply gave it to a program or a phone that may be the only one holding it. Any desk can
hand the desk over: a new token ("desk") with a name that the history shows as who changed what,
opened as a link or QR code on another device. Any desk can revoke another (never its own, so a
desk cannot lock itself out by a stray tap); a revoked token opens nothing, and a device that still
holds it is told when and by whom it was revoked. Revoking a desk revokes every desk it handed the
desk over to, and theirs in turn: a desk's maker is its "by_desk" (its id).
"""
from __future__ import annotations

import secrets

from ..games import RuleViolation
from ..games.names import clean_name
from ..games.said import said, word
from ..tables import same_secret
from .records import Decided, note, now

FIRST_DESK = "organiser"
DESKS_MAX = 12  # open at once; a night needs two or three
LABEL_MAX = 40


def desk_for(record: dict, token: object) -> dict | None:
    """The open desk `token` belongs to ({"id": "organiser", …} for the event's own token), or None."""
    if not isinstance(token, str) or not token:
        return None
    if same_secret(record["token"], token):
        return {"id": FIRST_DESK, "label": FIRST_DESK}
    return next((d for d in record["desks"] if not d.get("revoked") and same_secret(d["token"], token)), None)


def revoked_desk(record: dict, token: object) -> dict | None:
    """The revoked desk `token` belonged to (to tell its device when and by whom), or None."""
    if not isinstance(token, str) or not token:
        return None
    return next((d for d in record["desks"] if d.get("revoked") and same_secret(d["token"], token)), None)


def open_desks(record: dict) -> list[dict]:
    """The handed-over desks that still open the desk, oldest first."""
    return [d for d in record["desks"] if not d.get("revoked")]


def hand_over(record: dict, by: dict, label: object) -> dict:
    """A new desk (its token a secret, its name `label` or "desk 2", "desk 3", …), noted in the history."""
    if len(open_desks(record)) >= DESKS_MAX:
        raise RuleViolation(said("{n} desks are open already: revoke one you no longer use first.", n=DESKS_MAX))
    number = len(record["desks"]) + 2
    name = clean_name(label, word("desk's name"), LABEL_MAX) if isinstance(label, str) and label.strip() else f"desk {number}"
    taken = {FIRST_DESK, *(d["label"].casefold() for d in open_desks(record))}
    if name.casefold() in taken:
        raise RuleViolation(said("A desk is called “{name}” already: give this one another name.", name=name))
    desk = {"id": secrets.token_urlsafe(6), "token": secrets.token_urlsafe(24), "label": name, "made": now(), "by": by["label"],
            "by_desk": by["id"]}
    record["desks"] = [*record["desks"], desk]
    note(record, by["label"], "handover", text=f"opened the desk on another device: {name}")
    return desk


def revoke(record: dict, by: dict, desk_id: object) -> Decided:
    """Revoke an open desk (not the one asking, not the organiser's own) and every open desk made
    from it (`made_from`), noted in the history; then their host tokens are taken (`hosts_taken`)."""
    desk = next((d for d in open_desks(record) if d["id"] == desk_id), None)
    if desk is None:
        raise RuleViolation(said("That desk is not open (it may have been revoked already): reload the page."))
    gone = [desk, *made_from(record, desk["id"])]
    if desk["id"] == by["id"]:
        raise RuleViolation(said("This is the desk you are using: revoke it from another desk."))
    if by["id"] in {d["id"] for d in gone}:
        raise RuleViolation(said("This desk was handed over from “{name}”, so revoking that one would revoke this "
                                 "one too: revoke it from another desk.", name=desk['label']))
    at = now()
    for d in gone:
        if not d.get("revoked"):
            d.update(revoked=at, revoked_by=by["label"])
    made = [d["label"] for d in gone[1:] if d["revoked"] == at]
    note(record, by["label"], "revoked", text=f"revoked the desk “{desk['label']}”"
         + (f" and the desks made from it: {', '.join(made)}" if made else ""))
    return hosts_taken(record)


def hosts_taken(record: dict) -> Decided:
    """The marks taking the revoked desks' host tokens from every table of the night, and the sentence if one fails."""
    desks = {d["id"] for d in record["desks"] if d.get("revoked")}
    return Decided(marks=[("revoke_hosts", t["table_id"], (desks,)) for rnd in record["rounds"] for t in rnd["tables"]],
                   unmarked=lambda n: said("The desk is revoked, but {n} of the night's tables could not be saved without "
                                           "its host rights: revoke it again in a moment to finish.", n=n))


def made_from(record: dict, desk_id: str) -> list[dict]:
    """Every desk handed over from the desk `desk_id`, and from those in turn (revoked ones too:
    a desk made from a desk revoked before revocation reached further still goes)."""
    found, frontier = [], {desk_id}
    while frontier:
        children = [d for d in record["desks"] if d["by_desk"] in frontier and d not in found]
        found.extend(children)
        frontier = {d["id"] for d in children}
    return found
