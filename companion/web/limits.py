"""Rate limits, kept by Flask-Limiter (its storage can move to Redis with RATELIMIT_STORAGE_URI).

- Creating a table or an event, and importing one: CREATE_LIMIT per address (a real host makes a
  few a night; a script making thousands filled the disk and slowed every table).
- Changing a table (an action, an undo, a redo; pages and API alike): ACTION_LIMIT per
  ACTION_WINDOW_SECONDS per table and address (a real table makes a few a minute).
- Join-code guesses: only wrong codes count, JOIN_ATTEMPTS per JOIN_WINDOW_SECONDS per phone
  (its session) and three times that per address, so one phone's typos lock out that phone, a
  venue behind one address still has room, and a guesser who drops its cookie meets the address's cap.
The limiter's entries expire with their window, so addresses and tables nobody uses leave nothing.
The address is the peer's, or the client's as told by a configured proxy (TRUSTED_PROXIES, ProxyFix).
"""
from __future__ import annotations

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


def _table_and_address() -> str:
    return f"{get_remote_address()}:{(request.view_args or {}).get('table_id', '')}"


def _phone() -> str:
    # The session cookie is signed: a phone that keeps it is counted on its own (one that drops it
    # starts afresh, and meets the address's cap instead).
    if "phone" not in session:
        session["phone"] = secrets.token_urlsafe(8)
    return f"{get_remote_address()}:{session['phone']}"


def init_app(app: Flask) -> Limiter:
    """Attach the limiter and declare every limit on the app's endpoints (after the blueprints)."""
    app.config.setdefault("RATELIMIT_STORAGE_URI", "memory://")
    # A sliding window of two counters: entries expire with their window (the moving window kept
    # an empty list per key for good, and a flood of unknown table ids is a flood of keys).
    app.config.setdefault("RATELIMIT_STRATEGY", "sliding-window-counter")
    limiter = Limiter(get_remote_address, app=app)
    app.extensions["companion.ratelimits"] = limiter
    views = app.view_functions

    def declare(limit, endpoints) -> None:
        # Limits are declared here rather than on the views, so the limiter stays the app's own.
        for endpoint in endpoints:
            views[endpoint] = limit(views[endpoint])

    declare(limiter.shared_limit(app.config["CREATE_LIMIT"], scope="create"), CREATES)
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
