"""What this browser holds in the signed session cookie: the tokens of the tables (and events) it
created or joined, a host's token kept apart, the tables it is the shared phone of, and a night's
desk token and player token."""
from __future__ import annotations

from flask import session

MAX_REMEMBERED_TABLES = 30
MAX_NIGHTS = 10  # nights a phone follows at once; the oldest is forgotten first


def cookie_token(table_id: str) -> str | None:
    """The token this browser holds for a table or event (from the signed session cookie)."""
    return session.get("tokens", {}).get(table_id)


def remember_token(table_id: str, token: str, kind: str = "tokens") -> None:
    """Keep a table's token in the signed session cookie (newest tables win when it fills).
    `kind` "hosts" keeps a host token apart, for when this phone also took a seat."""
    tokens = dict(session.get(kind, {}))
    tokens.pop(table_id, None)
    tokens[table_id] = token
    while len(tokens) > MAX_REMEMBERED_TABLES:
        tokens.pop(next(iter(tokens)))
    session[kind] = tokens
    session.permanent = True


def is_shared_phone(table_id: str) -> bool:
    """Whether this browser said it is the table's shared phone (no seat: passed around, it
    answers for every player whose seat no phone holds)."""
    return table_id in session.get("shared", [])


def remember_shared_phone(table_id: str, shared: bool = True) -> None:
    """Keep (or forget) in the signed session cookie that this browser is a table's shared phone."""
    kept = [t for t in session.get("shared", []) if t != table_id] + ([table_id] if shared else [])
    if kept != session.get("shared", []):
        session["shared"] = kept[-MAX_REMEMBERED_TABLES:]
        session.permanent = True


def host_token(table_id: str) -> str | None:
    """The host token this browser holds for a table (kept apart once the host took a seat)."""
    return session.get("hosts", {}).get(table_id)


def remembered_tables() -> list[str]:
    """Ids of the tables (and events) this browser created or joined, newest last."""
    return list(session.get("tokens", {}))


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
