"""Rate limits, kept by Flask-Limiter: in this process's memory, or in the app's Redis when one is
configured (REDIS_URL), so every process serving the venue counts the same (RATELIMIT_STORAGE_URI
names another storage).

- Creating a table or an event, and importing one: CREATE_LIMIT per address (a real host makes a
  few a night; a script making thousands filled the disk and slowed every table); an event import,
  which may create up to 200 tables, also EVENT_IMPORT_LIMIT.
- Changing a table (an action, an undo, a redo; pages and API alike): ACTION_LIMIT per
  ACTION_WINDOW_SECONDS per table and address (a real table makes a few a minute).
- Join-code guesses: only wrong codes count, JOIN_ATTEMPTS per JOIN_WINDOW_SECONDS per phone
  (its session) and three times that per address, so one phone's typos lock out that phone, a
  venue behind one address still has room, and a guesser who drops its cookie meets the address's cap.
The limiter's entries expire with their window, so addresses and tables nobody uses leave nothing.
The address is the peer's, or the client's as told by a configured proxy (TRUSTED_PROXIES, ProxyFix);
an IPv6 address counts by its /64 network (one phone or home can pick any address inside it).
"""
from __future__ import annotations

import ipaddress
import secrets
import time

from flask import Flask, make_response, render_template, request, session
from flask_limiter import Limiter
from flask_limiter.errors import RateLimitExceeded
from flask_limiter.util import get_remote_address

from .errors import error_reply

CREATES = ("pages.create", "api.create_table", "api.import_table", "events.create", "events_api.create",
           "events_api.import_event")
CHANGES = ("pages.act", "pages.undo", "pages.redo", "api.act", "api.undo", "api.redo")
WRONG_CODE = 404


def _address() -> str:
    """Who is counted: the client's IPv4 address, or its IPv6 /64 network."""
    peer = get_remote_address() or "?"
    try:
        ip = ipaddress.ip_address(peer)
    except ValueError:
        return peer
    return str(ipaddress.ip_network(f"{ip}/64", strict=False)) if ip.version == 6 else peer


def _table_and_address() -> str:
    return f"{_address()}:{(request.view_args or {}).get('table_id', '')}"


def _phone() -> str:
    # The session cookie is signed: a phone that keeps it is counted on its own (one that drops it
    # starts afresh, and meets the address's cap instead).
    if "phone" not in session:
        session["phone"] = secrets.token_urlsafe(8)
    return f"{_address()}:{session['phone']}"


def init_app(app: Flask) -> Limiter:
    """Attach the limiter and declare every limit on the app's endpoints (after the blueprints)."""
    app.config.setdefault("RATELIMIT_STORAGE_URI", "memory://")
    if app.config.get("REDIS_URL") and app.config["RATELIMIT_STORAGE_URI"] == "memory://":
        # Counted in one process only, a limit would be as many times looser as there are processes.
        app.config["RATELIMIT_STORAGE_URI"] = app.config["REDIS_URL"]
        app.config.setdefault("RATELIMIT_KEY_PREFIX", f"{app.config.get('REDIS_PREFIX') or 'companion'}:limits")
    app.config.setdefault("EVENT_IMPORT_LIMIT", "5 per hour")
    # A sliding window of two counters: entries expire with their window (the moving window kept
    # an empty list per key for good, and a flood of unknown table ids is a flood of keys).
    app.config.setdefault("RATELIMIT_STRATEGY", "sliding-window-counter")
    limiter = Limiter(_address, app=app)
    app.extensions["companion.ratelimits"] = limiter
    views = app.view_functions

    def declare(limit, endpoints) -> None:
        # Limits are declared here rather than on the views, so the limiter stays the app's own.
        for endpoint in endpoints:
            views[endpoint] = limit(views[endpoint])

    declare(limiter.shared_limit(app.config["CREATE_LIMIT"], scope="create"), CREATES)
    # An event import creates up to 200 tables at once: a few an hour restore any night.
    declare(limiter.limit(app.config["EVENT_IMPORT_LIMIT"]), ["events_api.import_event"])
    if app.config["ACTION_LIMIT"]:
        declare(limiter.shared_limit(f"{app.config['ACTION_LIMIT']} per {app.config['ACTION_WINDOW_SECONDS']} seconds",
                                     scope="change", key_func=_table_and_address), CHANGES)
    attempts, window = app.config["JOIN_ATTEMPTS"], app.config["JOIN_WINDOW_SECONDS"]
    wrong_code = lambda response: response.status_code == WRONG_CODE  # noqa: E731
    declare(limiter.limit(f"{attempts} per {window} seconds", key_func=_phone, deduct_when=wrong_code), ["pages.join_code"])
    declare(limiter.limit(f"{3 * attempts} per {window} seconds", deduct_when=wrong_code), ["pages.join_code"])

    @app.errorhandler(RateLimitExceeded)
    def too_many(exc: RateLimitExceeded):
        current = limiter.current_limit
        wait = max(1, int(current.reset_at - time.time())) if current else 60
        if request.endpoint == "pages.join_code":
            msg = f"Too many wrong codes from this phone or network. Try again in {wait} seconds."
            resp = make_response(render_template("join.html", code="", error=msg), 429)
        elif request.endpoint in CREATES:
            resp = make_response(error_reply(429, f"Too many new tables or events from this address; try again in {wait} seconds."))
        else:
            resp = make_response(error_reply(429, f"Too many changes to this table at once; wait {wait} seconds and try again."))
        resp.headers["Retry-After"] = str(wait)
        return resp

    return limiter
