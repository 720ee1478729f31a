"""Rate limits, kept by Flask-Limiter: in this process's memory, or in the app's Redis when one is
configured (REDIS_URL), so every process serving the venue counts the same (RATELIMIT_STORAGE_URI
names another storage).

- Creating a table or an event, and importing one: CREATE_LIMIT per address (a real host makes a
  few a night; a script making thousands filled the disk and slowed every table); an event
  import, which may create up to 200 tables, is also held to EVENT_IMPORT_LIMIT.
- Every table stored, whichever route stores it: TABLES_LIMIT per address. The create routes
  count one each; a night's round, swap or change of game and an event import count their
  tables (`count_tables`) before storing any, so the largest round (200 tables) fits in one
  window while one-by-one creations keep CREATE_LIMIT's tighter pace.
- Changing a table (an action, an undo, a redo, taking, freeing or moving a seat; pages and API alike):
  ACTION_LIMIT per ACTION_WINDOW_SECONDS per table and address (a real table makes a few a
  minute). Only a request that carries a right to change the table counts: one without (no
  token, a wrong one, a watcher's page, a table that does not exist) counts against REFUSED_LIMIT
  per address instead, so anyone who saw a watch link cannot use up the allowance of the
  players behind the same address (a café's NAT), and past that limit a refusal is turned away
  before its view (the one look at the table that tells a right from none is all it costs).
- An id longer than any table's or event's is refused before any work, and a table that does not
  exist leaves no counter behind (its requests count per address only).
- Join-code guesses: only wrong codes count, JOIN_ATTEMPTS per JOIN_WINDOW_SECONDS per phone
  (its session) and three times that per address, so one phone's typos lock out that phone, a
  venue behind one address still has room, and a guesser who drops its cookie meets the address's cap.
The limiter's entries expire with their window, so addresses and tables nobody uses leave nothing.
The address is the peer's, or the client's as told by a configured proxy (TRUSTED_PROXIES, ProxyFix);
an IPv6 address counts by its /64 network (one phone or home can pick any address inside it).
"""
from __future__ import annotations

import ipaddress
import re
import secrets
import time

from flask import Flask, current_app, g, has_request_context, make_response, render_template, request, session
from flask_babel import gettext, ngettext
from flask_limiter import Limiter
from flask_limiter.errors import RateLimitExceeded
from flask_limiter.util import get_remote_address
from limits import parse_many

from ...events.reading import EventNotFound
from ...tables import TableNotFound
from ..services import tables
from .errors import error_reply
from .incoming import bearer_token
from .session import cookie_token, host_token

CREATES = ("pages.create", "api.create_table", "api.import_table", "events.create", "events_api.create",
           "events_api.import_event", "leagues_api.create", "leagues_api.import_league", "leagues.create", "leagues.new_night",
           "groups_api.create", "groups.create", "groups.new_table")
CHANGES = ("pages.act", "pages.undo", "pages.redo", "api.act", "api.undo", "api.redo",
           "api.claim_seat", "api.free_seat", "api.seat_back", "seats.seat", "seats.leave_seat", "seats.free_seat",
           "seats.move_seat", "seats.seat_back")
WRONG_CODE = 404
# Table and event ids are 11 characters of token_urlsafe(8); a little room, and nothing longer is
# looked up, counted or echoed in a sentence.
ID_FORMAT = re.compile(r"[A-Za-z0-9_-]{1,16}")


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


def _change_token() -> str | None:
    """The token a change presents: the bearer header's through the API, the cookie's through
    the pages (the host's own for freeing another phone's seat)."""
    table_id = request.view_args["table_id"]
    if request.blueprint == "api":
        return bearer_token()
    return host_token(table_id) if request.endpoint == "seats.free_seat" else cookie_token(table_id)


def may_change() -> bool:
    """Whether this request carries a right to change its table (a play, seat or host token the
    table knows), asked once per request before the view (which reads the table again, under its lock)."""
    if "may_change" not in g:
        try:
            table = tables().get(request.view_args["table_id"])
        except TableNotFound:
            g.may_change = False
        else:
            g.may_change = table.viewer_for(_change_token()).can_act
    return g.may_change


def _refuse_unknown_ids(endpoint, values) -> None:
    # Before the limiter and the views: an id no table or event can have costs nothing more.
    for name in ("table_id", "event_id"):
        value = (values or {}).get(name)
        if value is not None and not ID_FORMAT.fullmatch(value):
            raise (TableNotFound if name == "table_id" else EventNotFound)(
                gettext("There is no table with that id.") if name == "table_id" else gettext("There is no event with that id."))


def _phone() -> str:
    # The session cookie is signed: a phone that keeps it is counted on its own (one that drops it
    # starts afresh, and meets the address's cap instead).
    if "phone" not in session:
        session["phone"] = secrets.token_urlsafe(8)
    return f"{_address()}:{session['phone']}"


def count_tables(count: int) -> None:
    """Count `count` tables about to be stored against this address's TABLES_LIMIT (the allowance
    the create routes draw on too); TooManyTables, nothing counted, when they do not fit under
    each of its limits. Outside a request (the command line) nothing is counted."""
    if not count or not has_request_context() or not current_app.config.get("RATELIMIT_ENABLED", True):
        return
    limiter: Limiter = current_app.extensions["companion.ratelimits"]
    prefix = current_app.config.get("RATELIMIT_KEY_PREFIX")
    # The key the create routes' shared limit counts under: [prefix,] address, scope.
    keys = [*([prefix] if prefix else []), _address(), "tables"]
    items = parse_many(current_app.config["TABLES_LIMIT"])
    try:
        # Every limit tested before any is counted, so a refusal counts nothing.
        full = [item for item in items if not limiter.limiter.test(item, *keys, cost=count)]
        if not full:
            for item in items:
                limiter.limiter.hit(item, *keys, cost=count)
            return
        reset_at = max(limiter.limiter.get_window_stats(item, *keys).reset_time for item in full)
    except Exception:  # noqa: BLE001 - the limits' storage away: the store's own 503 follows
        if not current_app.config["RATELIMIT_SWALLOW_ERRORS"]:
            raise
        return
    raise TooManyTables(max(1, int(reset_at - time.time())))


class TooManyTables(Exception):
    """More tables than this address may still create in the window; `wait`: seconds until it may."""

    def __init__(self, wait: int):
        super().__init__(ngettext("That stores more new tables than this address may make now; try again in %(num)s second.",
                                  "That stores more new tables than this address may make now; try again in %(num)s seconds.", wait))
        self.wait = wait


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
    app.config.setdefault("REFUSED_LIMIT", "60 per 10 seconds")  # create_app sets it; a bare Flask app too
    # With the limits' store (Redis) away, a request goes on to its view, whose store answers 503
    # with a sentence like every read does (the limiter's own error was a 500).
    app.config.setdefault("RATELIMIT_SWALLOW_ERRORS", True)
    # And it must fail rather than hang: a Redis that does not answer (its machine down) would hold
    # every limited request for minutes (the store's own client has the same timeouts).
    app.config.setdefault("RATELIMIT_STORAGE_OPTIONS", {"socket_timeout": 2, "socket_connect_timeout": 2})
    app.url_value_preprocessor(_refuse_unknown_ids)
    limiter = Limiter(_address, app=app)
    app.extensions["companion.ratelimits"] = limiter
    views = app.view_functions

    def declare(limit, endpoints) -> None:
        # Limits are declared here rather than on the views, so the limiter stays the app's own.
        for endpoint in endpoints:
            views[endpoint] = limit(views[endpoint])

    declare(limiter.shared_limit(app.config["CREATE_LIMIT"], scope="create"), CREATES)
    declare(limiter.shared_limit(app.config["TABLES_LIMIT"], scope="tables"), CREATES)
    # An event import creates up to 200 tables at once: a few an hour restore any night.
    declare(limiter.limit(app.config["EVENT_IMPORT_LIMIT"]), ["events_api.import_event", "leagues_api.import_league"])
    if app.config["ACTION_LIMIT"]:
        declare(limiter.shared_limit(f"{app.config['ACTION_LIMIT']} per {app.config['ACTION_WINDOW_SECONDS']} seconds",
                                     scope="change", key_func=_table_and_address, exempt_when=lambda: not may_change()),
                CHANGES)
    declare(limiter.shared_limit(app.config["REFUSED_LIMIT"], scope="refused", exempt_when=may_change), CHANGES)
    attempts, window = app.config["JOIN_ATTEMPTS"], app.config["JOIN_WINDOW_SECONDS"]
    wrong_code = lambda response: response.status_code == WRONG_CODE  # noqa: E731
    declare(limiter.limit(f"{attempts} per {window} seconds", key_func=_phone, deduct_when=wrong_code), ["pages.join_code"])
    declare(limiter.limit(f"{3 * attempts} per {window} seconds", deduct_when=wrong_code), ["pages.join_code"])

    @app.errorhandler(RateLimitExceeded)
    def too_many(exc: RateLimitExceeded):
        current = limiter.current_limit
        wait = max(1, int(current.reset_at - time.time())) if current else 60
        if request.endpoint == "pages.join_code":
            msg = ngettext("Too many wrong codes from this phone or network. Try again in %(num)s second.",
                           "Too many wrong codes from this phone or network. Try again in %(num)s seconds.", wait)
            resp = make_response(render_template("join.html", code="", error=msg), 429)
        elif request.endpoint in CHANGES and not may_change():
            resp = make_response(error_reply(429, ngettext(
                "Too many requests without the right to change a table from this address; wait %(num)s second.",
                "Too many requests without the right to change a table from this address; wait %(num)s seconds.", wait)))
        elif request.endpoint in CREATES:
            resp = make_response(error_reply(429, ngettext("Too many new tables or events from this address; try again in %(num)s second.",
                                                      "Too many new tables or events from this address; try again in %(num)s seconds.", wait)))
        else:
            resp = make_response(error_reply(429, ngettext("Too many changes to this table at once; wait %(num)s second and try again.",
                                                      "Too many changes to this table at once; wait %(num)s seconds and try again.", wait)))
        resp.headers["Retry-After"] = str(wait)
        return resp

    @app.errorhandler(TooManyTables)
    def too_many_tables(exc: TooManyTables):
        resp = make_response(error_reply(429, str(exc)))
        resp.headers["Retry-After"] = str(exc.wait)
        return resp

    return limiter
