"""Which phone holds which seat, as pure work: a seat claimed (a fresh seat token; the host may
take one from a phone that died) and a seat freed; and which desks of a tournament night hold host
rights (taken away when a desk is revoked). Neither is a change of the game: the version
stays, so no phone's view goes stale. No store, no lock: the change path
(`writer.TableWriter`) stores what these return when it differs from the table given.
"""
from __future__ import annotations

import secrets

from ..games import RuleViolation
from .table import Table
from .errors import NotAllowed, SeatTaken


def seat_index(table: Table, seat: object) -> int:
    """`seat` if it names a player of `table` (an index), else the RuleViolation that says so."""
    n = len(table.record["players"])
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
        raise RuleViolation(f"'seat' must be a player index from 0 to {n - 1}.")
    return seat


def seat_claimed(table: Table, token: str | None, seat: object) -> tuple[Table, str]:
    """The table with `seat` given to a phone with play rights, and that seat's token (the same
    table and token when the phone holds it already). A seat another phone holds is refused,
    naming whose it is, unless the host claims it: the old phone's seat token then stops working."""
    viewer = table.viewer_for(token)
    if not viewer.can_act:
        raise NotAllowed("Only a phone that joined with the play code can take a seat.")
    seat = seat_index(table, seat)
    seat_tokens = list(table.record["seat_tokens"])
    if viewer.seat == seat:
        return table, token
    if seat_tokens[seat] is not None and not table.is_host(token):
        name = table.record["players"][seat]
        raise SeatTaken(f"{name}'s seat is taken by another phone. If that phone is gone, the host's phone "
                        f"can free it (\"Let another phone take {name}'s seat\").")
    if viewer.seat is not None:
        seat_tokens[viewer.seat] = None  # a phone holds one seat: taking another frees its own
    seat_tokens[seat] = secrets.token_urlsafe(24)
    return Table({**table.record, "seat_tokens": seat_tokens}, table.state, table.checkpoints), seat_tokens[seat]


def seat_freed(table: Table, token: str | None, seat: object) -> Table:
    """The table with `seat` free (the same table when it is free already): its holder leaves it,
    or the host frees it for another phone."""
    seat = seat_index(table, seat)
    viewer = table.viewer_for(token)
    if viewer.seat != seat and not table.is_host(token):
        name = table.record["players"][seat]
        raise NotAllowed(f"Only the phone holding {name}'s seat, or the host's phone, can free it.")
    seat_tokens = list(table.record["seat_tokens"])
    if seat_tokens[seat] is None:
        return table
    seat_tokens[seat] = None
    return Table({**table.record, "seat_tokens": seat_tokens}, table.state, table.checkpoints)


def hosts_revoked(table: Table, desks: set[str], renew: bool = False) -> Table:
    """The table without the host tokens of the revoked `desks` (the same table when it holds
    none). With `renew`, a table made before desks had tokens of their own (no `desk_hosts`) gets
    a new host token: its old one may be in the revoked desk's hands (the round's reply gave it).
    The old one still names the table's rematch (`rematch_key`), so a rematch begun is found."""
    record = table.record
    if renew and "desk_hosts" not in record:
        # Adding `desk_hosts` also tells another process sharing a Redis store that its copy is
        # old (redis_store keeps them with the seats, which every read and write compares).
        return Table({**record, "host_token": secrets.token_urlsafe(24), "desk_hosts": {},
                      "rematch_key": record.get("rematch_key", record["host_token"])}, table.state, table.checkpoints)
    hosts = record.get("desk_hosts", {})
    if not set(hosts) & desks:
        return table
    kept = {desk: token for desk, token in hosts.items() if desk not in desks}
    return Table({**record, "desk_hosts": kept}, table.state, table.checkpoints)
