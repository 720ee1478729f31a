"""A night on a player's phone: check in by the QR code on the big screen, the desk or the paper
(type a name), then "my night", which follows that player (round, table, seat, one tap to sit,
the table's clock, the standing) and is pushed each change over the event's websocket
(`?mode=me`, live/sockets.py). The phone's player token for the night is kept in the signed session
cookie ("players"). The JSON API of the same: phone_api.py."""
from __future__ import annotations

from flask import Blueprint, flash, redirect, render_template, request, url_for
from flask_babel import gettext

from ...events.checkin import NameTaken, WrongKey, by_phone, check_key, holder
from ...events.phones import NOT_CHECKED_IN
from ...games import RuleViolation
from ...tables import NotAllowed, SeatTaken
from ..http.links import svg_response
from ..http.session import (
    cookie_token,
    desk_token,
    player_token,
    remember_player,
    remember_shared_phone,
    remember_token,
)
from ..services import events
from ..words.said import refusal, told
from .regions import checkin_url, event_regions, explain, me_regions, night_context

bp = Blueprint("night_phone", __name__)


@bp.record_once
def _init(setup_state):
    # The desk, the big screen and the paper draw the check-in code.
    setup_state.app.add_template_global(checkin_url, "checkin_url")
    setup_state.app.add_template_global(by_phone, "phone_names")  # the desk marks who checked in by phone
    setup_state.app.add_template_global(player_token, "player_token")  # the players' page links to my night


@bp.get("/e/<event_id>/checkin")
def checkin(event_id):
    """The check-in code's page: type your name (the key in the link says it was scanned here)."""
    record = events().get(event_id)
    key = request.args.get("key", "")
    try:
        check_key(record, key)
    except WrongKey as exc:
        return explain(403, gettext("This check-in link does not open this night"), refusal(exc),
                       gettext("Or ask the organiser to check you in."), record)
    return render_template("events/checkin.html", event=record, key=key, me=holder(record, player_token(event_id)))


@bp.post("/e/<event_id>/checkin")
def join(event_id):
    """Check in: the phone now follows its player (my night); a refusal is said on the form."""
    service = events()
    record = service.get(event_id)
    key, typed = request.form.get("key", ""), request.form.get("name", "")
    try:
        _, token = service.join(event_id, key, typed, player_token(event_id))
    except (RuleViolation, NotAllowed) as exc:
        status = 409 if isinstance(exc, NameTaken) else 403 if isinstance(exc, WrongKey) else 422
        return render_template("events/checkin.html", event=record, key=key, typed=typed, error=refusal(exc),
                               me=holder(record, player_token(event_id))), status
    remember_player(event_id, token)
    return redirect(url_for("night_phone.me", event_id=event_id))


@bp.get("/e/<event_id>/me")
def me(event_id):
    """My night: where I sit now, one tap to sit there, my table's clock, my standing."""
    record = events().get(event_id)
    try:
        ctx = night_context(event_id)
    except NotAllowed:
        return explain(403, gettext("This phone is not checked in for this night"), told(NOT_CHECKED_IN),
                       gettext("Type your name on the check-in page the code opens."), record)
    return render_template("events/me.html", **ctx)


@bp.get("/e/<event_id>/me/regions")
def me_poll(event_id):
    """My night's regions, for a phone whose live connection is down (polled)."""
    return me_regions(event_id)


@bp.get("/e/<event_id>/sit/<token>")
def sit(event_id, token):
    """The one tap to one's seat (`play_url`): the seat the player has now, taken for this phone,
    which follows that player from now on; then the table page. No table in the app: my night."""
    record = events().get(event_id)
    if holder(record, token) is None:
        return explain(403, gettext("This seat link is not (or no longer) valid"), told(NOT_CHECKED_IN),
                       gettext("Check in again with the check-in code."), record)
    remember_player(event_id, token)
    try:
        table_id, seat_token = events().sit(event_id, token, cookie_token)
    except (RuleViolation, SeatTaken) as exc:
        return explain(409, gettext("This phone could not take your seat"), refusal(exc), gettext("Open your night's page again."), record)
    if table_id is None:
        return redirect(url_for("night_phone.me", event_id=event_id))
    if seat_token is not None:
        remember_token(table_id, seat_token)
    remember_shared_phone(table_id, False)
    return redirect(url_for("pages.table", table_id=table_id))


@bp.post("/e/<event_id>/phones/release")
def release(event_id):
    """The desk's "New phone" beside a player checked in by phone (their phone died): another phone
    may check in as them. By htmx the reply is the desk's regions and the message strip."""
    message, status = None, 200
    try:
        events().release_phone(event_id, desk_token(event_id), request.form.get("name", ""))
    except (RuleViolation, NotAllowed) as exc:
        message, status = refusal(exc), 422 if isinstance(exc, RuleViolation) else 403
    if not request.headers.get("HX-Request"):
        if message:
            flash(message)
        return redirect(url_for("events.admin", event_id=event_id))
    strip = render_template("partials/_flash.html", oob=True, message=message, kind="error")
    return event_regions(events().get(event_id), "admin") + strip, status


@bp.get("/e/<event_id>/checkin/qr.svg")
def checkin_qr(event_id):
    """The check-in code players scan (on the big screen, the desk and the paper)."""
    return svg_response(checkin_url(events().get(event_id)))
