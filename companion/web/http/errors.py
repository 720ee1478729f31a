"""Error pages and JSON errors: a clear sentence, never a traceback."""
from __future__ import annotations

from flask import Flask, jsonify, render_template, request
from flask_babel import gettext
from werkzeug.exceptions import HTTPException

from ...events.entering import TableInPlay
from ...events.service import EventNotFound
from ...games import RuleViolation
from ...store import StaleWrite, StoreError, TableDamaged
from ...store.base import StaleEvent, StaleLeague
from ...tables import NotAllowed, TableNotFound, VersionConflict
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


def wants_json() -> bool:
    """API calls get JSON errors; pages get an HTML page."""
    return request.path.startswith("/api/")


def error_reply(status: int, message: str, **extra):
    """A JSON body or an HTML page with the message and status."""
    if wants_json():
        return jsonify(error=message, **extra), status
    return render_template("error.html", status=status, message=message), status


def init_app(app: Flask) -> None:
    """Map the service's exceptions and HTTP errors to clear replies."""

    @app.errorhandler(RuleViolation)
    def rule_violation(exc):
        return error_reply(422, refusal(exc))  # in the request's language (Accept-Language)

    @app.errorhandler(TableInPlay)
    def table_in_play(exc):
        # A desk result for a table its phones still play: sent again with override, it is taken.
        return error_reply(409, refusal(exc))

    @app.errorhandler(TableNotFound)
    @app.errorhandler(EventNotFound)
    def not_found(exc):
        return error_reply(404, refusal(exc))

    @app.errorhandler(NotAllowed)
    def not_allowed(exc):
        return error_reply(401 if wants_json() else 403, refusal(exc))

    @app.errorhandler(VersionConflict)
    def conflict(exc):
        return error_reply(409, refusal(exc), version=exc.current)

    @app.errorhandler(StaleWrite)
    def stale_write(exc):
        # The same reply as a version conflict (api.md): the change was built on an older copy.
        return error_reply(409, refusal(exc), version=exc.current)

    @app.errorhandler(StaleEvent)
    @app.errorhandler(StaleLeague)
    def stale_record(exc):
        # Another desk or process stored a change of the night (league) first: nothing changed.
        return error_reply(409, refusal(exc))

    @app.errorhandler(TableDamaged)
    def table_damaged(exc):
        # 503, not 500: the server is not broken (every other table works) and not 404: the table
        # exists and comes back once its file is restored. The sentence says how; the log tells
        # the operator which file.
        app.logger.error("Table %s: its stored file is damaged; restore it from a backup", exc.table_id)
        return error_reply(503, refusal(exc))

    @app.errorhandler(StoreError)
    def store_error(exc):
        return error_reply(503, refusal(exc))

    @app.errorhandler(HTTPException)
    def http_error(exc):
        message = exc.description if exc.code == 400 and exc.description == gettext(EXPIRED) else None
        return error_reply(exc.code or 500, message or gettext(MESSAGES.get(exc.code, N_("Request failed."))))

    @app.errorhandler(Exception)
    def unexpected(exc):
        app.logger.exception("Unexpected error")
        return error_reply(500, gettext("Something went wrong on the server. Reload the table to see where it stands."))
