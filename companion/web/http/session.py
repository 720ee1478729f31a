"""What this browser holds in the signed session cookie: the tokens of the tables (and events) it
created or joined, a host's token kept apart, and the tables it is the shared phone of."""
from __future__ import annotations

from flask import session

MAX_REMEMBERED_TABLES = 30


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
