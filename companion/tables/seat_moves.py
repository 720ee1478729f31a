"""A player's seat moved to another phone in one step (their phone died, or they picked up
another), and that move taken back: pure work on a table's record, like changes.py.

A move, unlike taking a free seat, is something the whole table must see and may undo (it hands
that seat's hidden information and decisions to the phone that asks): it makes a new version, so
every phone is pushed the news (`recent`), and it is marked in the record (`seat_moves`, at most
one mark a seat: the seat, the token it moved from and to, the version, the time). The old
phone's token stops answering for the seat but keeps play rights (`Table.left_seat`), so that phone
can take its seat back if the move was not its player's doing; any phone with play rights may
undo the move while the seat still holds the token it moved to.
"""
from __future__ import annotations

import hashlib
import secrets

from ..games import RuleViolation
from ..games.said import said
from .changes import seat_index, writable
from .errors import NotAllowed
from .records import now
from .table import Table, same_secret

# How many versions a move stays announced on every phone, with its undo (the move and the next
# few taps): long enough to be seen at a table, gone once the game has moved on.
SHOWN_FOR = 6


def moves(table: Table) -> list[dict]:
    """The table's seat moves still marked (one a seat at most)."""
    return list(table.record.get("seat_moves", []))


def moved_from(table: Table, token: str | None) -> int | None:
    """The seat `token` held until it moved to another phone (still marked, not taken back), else
    None: that phone may take it back."""
    if not token:
        return None
    return next((m["seat"] for m in moves(table) if m.get("back") is None and same_secret(m["from"], token)), None)


def seat_moved(table: Table, token: str | None, seat: object) -> tuple[Table, str]:
    """The table with `seat`, held by another phone, moved to the phone of `token` (play rights),
    as a new version; and its new seat token. The old token stops answering for the seat; a seat
    this phone held is freed (one seat a phone)."""
    writable(table, token, None)
    seat = seat_index(table, seat)
    viewer = table.viewer_for(token)
    tokens = list(table.record["seat_tokens"])
    if viewer.seat == seat:
        raise RuleViolation(said("This phone already holds {name}'s seat.", name=table.record['players'][seat]))
    if tokens[seat] is None:
        raise RuleViolation(said("{name}'s seat is free: tap \"I am {name}\" to take it.", name=table.record['players'][seat]))
    if viewer.seat is not None:
        tokens[viewer.seat] = None
    old, tokens[seat] = tokens[seat], secrets.token_urlsafe(24)
    version = table.version + 1
    mark = {"seat": seat, "from": old, "to": tokens[seat], "version": version, "at": now()}
    kept = [m for m in moves(table) if m["seat"] != seat]
    record = {**table.record, "seat_tokens": tokens, "seat_moves": kept + [mark], "version": version}
    return Table(record, table.state, table.checkpoints), tokens[seat]


def seat_returned(table: Table, token: str | None, seat: object) -> Table:
    """The table with the last move of `seat` taken back (a new version): the old phone's token
    answers for the seat again and the phone it moved to loses it. Any phone with play rights
    may, the old phone included, while the seat still holds the token it moved to."""
    writable(table, token, None)
    seat = seat_index(table, seat)
    name = table.record["players"][seat]
    mark = next((m for m in moves(table) if m["seat"] == seat and m.get("back") is None), None)
    tokens = list(table.record["seat_tokens"])
    if mark is None or tokens[seat] is None or not same_secret(mark["to"], tokens[seat]):
        raise RuleViolation(said("{name}'s seat has not moved since: there is no move of it to undo.", name=name))
    if any(same_secret(mark["from"], t) for i, t in enumerate(tokens) if t and i != seat):
        raise NotAllowed(said("The phone {name}'s seat came from holds another seat now.", name=name))
    tokens[seat] = mark["from"]
    version = table.version + 1
    back = {**mark, "back": version, "at": now()}
    kept = [m for m in moves(table) if m["seat"] != seat]
    record = {**table.record, "seat_tokens": tokens, "seat_moves": kept + [back], "version": version}
    return Table(record, table.state, table.checkpoints)


def recent(table: Table) -> list[dict]:
    """What every phone is told of the seat moves of the last few versions: {"seat", "name",
    "op": "moved"|"back", "version", "undo": whether it can still be undone}, newest first."""
    said = []
    for m in moves(table):
        version = m.get("back") or m["version"]
        if table.version - version >= SHOWN_FOR:
            continue
        held = table.record["seat_tokens"][m["seat"]]
        undo = m.get("back") is None and held is not None and same_secret(m["to"], held)
        said.append({"seat": m["seat"], "name": table.record["players"][m["seat"]],
                     "op": "back" if m.get("back") else "moved", "version": version, "undo": undo})
    return sorted(said, key=lambda s: -s["version"])


def mark(token: str | None) -> str:
    """A short public fingerprint of a seat token (it cannot be turned back into the token): a
    page compares its own with the seat's to learn that its seat moved away, or came back."""
    return hashlib.sha256(token.encode()).hexdigest()[:10] if token else ""


def marks(table: Table) -> str:
    """Every seat's fingerprint, in seat order, space-separated ("-" for a free seat)."""
    return " ".join(mark(t) or "-" for t in table.record["seat_tokens"])
