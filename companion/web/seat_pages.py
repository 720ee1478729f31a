"""A seat moved to another phone in one step, and that move undone (tables/seat_moves.py), from
the table page; and what the table's regions read of who entered what for whom and of seats moved
(partials/_told.html), registered as template globals so that pushed renders read them too."""
from __future__ import annotations

from flask import Blueprint, flash, redirect, url_for

from ..games import RuleViolation
from ..tables import NotAllowed, SeatTaken, entered_for, seat_moves
from . import cookie_token, remember_shared_phone, remember_token, tables
from .pages import htmx
from .render import flash_region
from .said import refusal

bp = Blueprint("seats", __name__)


@bp.record_once
def _init(setup_state):
    app = setup_state.app
    app.add_template_global(entered_for, "entered_for")
    app.add_template_global(seat_moves.recent, "seat_news")
    app.add_template_global(seat_moves.marks, "seat_marks")


@bp.post("/t/<table_id>/seat/<int:seat>/move")
def move_seat(table_id, seat):
    """'I am Ben' where another phone holds Ben's seat (his phone died, or he took another): the
    seat moves to this phone in one step, which every phone is told of and may undo."""
    service = tables()
    tokens = service.get(table_id).record["seat_tokens"]
    held = seat < len(tokens) and tokens[seat] is not None
    try:
        _, token = (service.move_seat if held else service.claim_seat)(table_id, cookie_token(table_id), seat)
    except (RuleViolation, NotAllowed, SeatTaken) as exc:
        flash(refusal(exc))
    else:
        remember_token(table_id, token)
        remember_shared_phone(table_id, False)
    return redirect(url_for("pages.table", table_id=table_id))


@bp.post("/t/<table_id>/seat/<int:seat>/back")
def seat_back(table_id, seat):
    """The undo of a seat's move, on any phone of the table: the phone it moved from holds it
    again. This page is drawn again (htmx: HX-Refresh), the seat it shows may have changed."""
    try:
        tables().seat_back(table_id, cookie_token(table_id), seat)
    except (RuleViolation, NotAllowed) as exc:
        if htmx:
            return flash_region(refusal(exc)), 422
        flash(refusal(exc))
    if htmx:
        return "", 200, {"HX-Refresh": "true"}
    return redirect(url_for("pages.table", table_id=table_id))
