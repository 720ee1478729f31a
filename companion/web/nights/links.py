"""A night's links and the tokens this browser holds for it: the desk's token, the player token a
phone checked in with, the check-in link and the one-tap way to one's seat."""
from __future__ import annotations

from flask import session, url_for

from ...events.checkin import checkin_key
from ..http.links import public_base
from ..http.session import cookie_token

MAX_NIGHTS = 10  # nights a phone follows at once; the oldest is forgotten first


def desk_token(event_id: str) -> str | None:
    """The desk token this browser holds for an event (kept apart from tables' tokens, so that
    the tables a phone opens never push its desk out of the cookie; older cookies kept both together)."""
    return session.get("events", {}).get(event_id) or cookie_token(event_id)


def player_token(event_id: str) -> str | None:
    """The player token this phone holds for a night (from the signed session cookie)."""
    return session.get("players", {}).get(event_id)


def remember_player(event_id: str, token: str) -> None:
    """Keep a night's player token in the cookie: this phone follows that player from now on."""
    kept = {k: v for k, v in session.get("players", {}).items() if k != event_id}
    kept[event_id] = token
    session["players"] = dict(list(kept.items())[-MAX_NIGHTS:])
    session.permanent = True


def checkin_url(record: dict) -> str:
    """The night's check-in link (its QR code's address), with its key."""
    return public_base() + url_for("night_phone.checkin", event_id=record["id"], key=checkin_key(record))


def play_url(event_id: str, token: str) -> str:
    """The one-tap way to one's own seat: resolved when followed (night_phone.sit), so a swap made
    since still seats the phone where its player sits now."""
    return public_base() + url_for("night_phone.sit", event_id=event_id, token=token)
