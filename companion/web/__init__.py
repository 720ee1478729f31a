"""The web layer: Flask blueprints that render and route, and never compute a rule."""
from __future__ import annotations

from flask import current_app, request, session

from ..live import LiveHub
from ..server import network
from ..tables import TableService

MAX_REMEMBERED_TABLES = 30


def tables() -> TableService:
    """The app's table service."""
    return current_app.extensions["companion.tables"]


def events():
    """The app's event (tournament night) service."""
    return current_app.extensions["companion.events"]


def leagues():
    """The app's league (a season across nights) service."""
    return current_app.extensions["companion.leagues"]


def groups():
    """The app's group (friends who play casually) service."""
    return current_app.extensions["companion.groups"]


def hub() -> LiveHub:
    """The app's live hub."""
    return current_app.extensions["companion.live"]


def bearer_token() -> str | None:
    """The token of an `Authorization: Bearer …` header, if any."""
    header = request.headers.get("Authorization", "")
    scheme, _, token = header.partition(" ")
    return token.strip() or None if scheme.lower() == "bearer" else None


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


def public_base() -> str:
    """The URL phones should open: COMPANION_PUBLIC_URL behind a proxy, else this request's host,
    except that a request to a loopback address (the host's own laptop at localhost) gets this
    machine's LAN address with the request's port when the server listens on the network (config
    LAN_LINKS, set by companion/server/ready.py): no other phone can open localhost."""
    return public_address()[0]


def public_address() -> tuple[str, str]:
    """`public_base()` and where it came from: "configured" (COMPANION_PUBLIC_URL), "asked"
    (the request's own host), "lan" (the LAN address for a loopback request) or "loopback"
    (a loopback request on a machine with no LAN address: phones cannot open these links)."""
    configured = current_app.config["PUBLIC_URL"]
    if configured:
        return configured.rstrip("/"), "configured"
    if not current_app.config.get("LAN_LINKS"):  # listening on loopback only, or not known
        return request.host_url.rstrip("/"), "asked"
    return network.phone_base(request.host_url, network.lan_address())
