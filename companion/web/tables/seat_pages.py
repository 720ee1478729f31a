"""A phone's seat from the table page: taken ("I am …"), left, freed by the host, the table's
shared phone; a seat moved to another phone in one step, and that move undone
(tables/seat_moves.py); and what the table's regions read of who entered what for whom and of
seats moved (partials/_told.html), registered as template globals so that pushed renders read them too."""
from __future__ import annotations

from flask import Blueprint, flash, redirect, request, url_for
from flask_babel import gettext

from ...games import RuleViolation
from ...tables import NotAllowed, SeatTaken, entered_for, seat_moves
from ..http.incoming import htmx
from ..http.session import cookie_token, host_token, remember_shared_phone, remember_token
from ..services import tables
from ..words.said import refusal
from .render import flash_region, phone_viewer

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


@bp.post("/t/<table_id>/seat")
def seat(table_id):
    """'I am …': this phone takes a free seat and sees that player's hidden information."""
    raw = request.form.get("seat", "")
    try:
        _, token = tables().claim_seat(table_id, cookie_token(table_id), int(raw) if raw.isascii() and raw.isdigit() and len(raw) <= 9 else raw)
    except (RuleViolation, NotAllowed, SeatTaken) as exc:
        flash(refusal(exc))
    else:
        remember_token(table_id, token)
        remember_shared_phone(table_id, False)  # a player's phone now; left, it is asked again
    return redirect(url_for("pages.table", table_id=table_id))


@bp.post("/t/<table_id>/shared")
def shared_phone(table_id):
    """'The table's shared phone': this phone takes no seat and stops asking who holds it; passed
    around, it answers for every player whose seat no phone holds (a held seat answers on its own)."""
    viewer = phone_viewer(tables().get(table_id))
    if not viewer.can_act:
        flash(gettext("Only a phone that joined with the play code can be the table's shared phone."))
    elif viewer.seat is not None:
        flash(gettext("This phone holds a seat: leave it first to make this the table's shared phone."))
    else:
        remember_shared_phone(table_id)
    return redirect(url_for("pages.table", table_id=table_id))


@bp.post("/t/<table_id>/seat/leave")
def leave_seat(table_id):
    """'Leave this seat': the phone keeps play rights and the seat is free for another phone."""
    table = tables().get(table_id)
    viewer = phone_viewer(table)
    if viewer.seat is None:
        flash(gettext("This phone holds no seat."))
    else:
        tables().free_seat(table_id, cookie_token(table_id), viewer.seat)
        remember_token(table_id, host_token(table_id) or table.record["play_token"])
    return redirect(url_for("pages.table", table_id=table_id))


@bp.post("/t/<table_id>/seat/<int:seat>/free")
def free_seat(table_id, seat):
    """The host's 'Let another phone take Lea's seat' (Lea's phone died or left)."""
    try:
        tables().free_seat(table_id, host_token(table_id), seat)
    except (RuleViolation, NotAllowed) as exc:
        flash(refusal(exc))
    return redirect(url_for("pages.table", table_id=table_id))
