"""Error pages and JSON errors: a clear sentence, never a traceback."""
from __future__ import annotations

from functools import partial

from flask import Flask, jsonify, render_template, request
from flask_babel import gettext
from werkzeug.exceptions import HTTPException

from ...events.entering import TableInPlay
from ...events.service import EventNotFound
from ...games import RuleViolation
from ...groups.service import GroupNotFound, WrongGroupToken
from ...leagues.service import LeagueNotFound, WrongLeagueToken
from ...store import StaleWrite, StoreError, TableDamaged
from ...store.base import StaleEvent, StaleLeague
from ...tables import NotAllowed, SeatTaken, TableNotFound, VersionConflict
from ..words.said import refusal
from ..words.script_words import N_
from .security import EXPIRED

MESSAGES = {
    400: N_("The request could not be read."),
    404: N_("There is nothing at this address."),
    405: N_("That address does not take this kind of request."),
    413: N_("The request is too large."),
    429: N_("Too many tries; wait a moment and try again."),
}
# The services' refusals, each answered with its sentence and status. A desk result for a table its
# phones still play (TableInPlay) is taken when sent again with override; a stale night or league:
# another desk or process stored a change first, and nothing changed.
REFUSALS = {RuleViolation: 422, TableInPlay: 409, TableNotFound: 404, EventNotFound: 404, LeagueNotFound: 404,
            GroupNotFound: 404, WrongLeagueToken: 403, WrongGroupToken: 403, SeatTaken: 409, StaleEvent: 409,
            StaleLeague: 409, StoreError: 503}


def wants_json() -> bool:
    """API calls get JSON errors; pages get an HTML page."""
    return request.path.startswith("/api/")


def error_reply(status: int, message: str, **extra):
    """A JSON body or an HTML page with the message and status."""
    if wants_json():
        return jsonify(error=message, **extra), status
    return render_template("error.html", status=status, message=message), status


def refused(status: int, exc: Exception):
    """A service's refusal: its sentence in the request's language (Accept-Language), with `status`."""
    return error_reply(status, refusal(exc))


def init_app(app: Flask) -> None:
    """Map the services' exceptions and HTTP errors to clear replies."""
    for kind, status in REFUSALS.items():
        app.register_error_handler(kind, partial(refused, status))

    @app.errorhandler(NotAllowed)
    def not_allowed(exc):
        return error_reply(401 if wants_json() else 403, refusal(exc))

    @app.errorhandler(VersionConflict)
    @app.errorhandler(StaleWrite)  # the same reply (api.md): the change was built on an older copy
    def conflict(exc):
        return error_reply(409, refusal(exc), version=exc.current)

    @app.errorhandler(TableDamaged)
    def table_damaged(exc):
        # 503, not 500: the server is not broken (every other table works) and not 404: the table
        # exists and comes back once its file is restored. The sentence says how; the log tells
        # the operator which file.
        app.logger.error("Table %s: its stored file is damaged; restore it from a backup", exc.table_id)
        return error_reply(503, refusal(exc))

    @app.errorhandler(HTTPException)
    def http_error(exc):
        message = exc.description if exc.code == 400 and exc.description == gettext(EXPIRED) else None
        return error_reply(exc.code or 500, message or gettext(MESSAGES.get(exc.code, N_("Request failed."))))

    @app.errorhandler(Exception)
    def unexpected(exc):
        app.logger.exception("Unexpected error")
        return error_reply(500, gettext("Something went wrong on the server. Reload the table to see where it stands."))
