"""Tournament night pages: create, the organiser's desk (and handing it over), the players' page,
the big screen and the round on paper. A wrong or expired address answers with what went wrong
and what to do."""
from __future__ import annotations

from flask import Blueprint, flash, redirect, render_template, request, session, url_for
from flask_babel import gettext

from ...events.checks import final_from_form, rounds_from_form
from ...events.desks import desk_for, revoked_desk
from ...events.service import EventNotFound
from ...events.standings import SCHEMES
from ...events.views import find_seat, seated_by_name
from ...games import RuleViolation, all_games
from ...leagues.service import LeagueNotFound
from ...store import StoreError
from ...tables import NotAllowed, replaced_sentence
from ..http.limits import TooManyTables
from ..http.links import public_base, svg_response
from ..http.session import desk_token, remember_token
from ..services import events, leagues
from ..words.said import refusal, told
from .desk_forms import ASKING, DESK_FORMS
from .regions import context, event_regions, explain, is_organiser

bp = Blueprint("events", __name__)


def whole_page(record: dict, desk: bool = False) -> dict:
    """`context` and the night's league (its link back): read for whole pages, not every push."""
    try:
        league = leagues().get(record["league"]) if record.get("league") else None
    except LeagueNotFound:  # a night imported without its league: nothing to link to
        league = None
    return {**context(record, desk), "in_league": league}


def organised_events() -> list[dict]:
    """The events whose desk this phone opens, newest first, as the home page lists them."""
    found = []
    for event_id, token in reversed(list({**session.get("tokens", {}), **session.get("events", {})}.items())):
        try:
            record = events().get(event_id)
        except (EventNotFound, StoreError):
            continue  # a table's id, or an event gone from this server
        if desk_for(record, token):
            found.append({"id": event_id, "name": record["name"], "date": record["date"],
                          "rounds": len(record["rounds"]), "planned": record["rounds_planned"]})
    return found


def event_link(table) -> dict | None:
    """A tournament table's way back to its night (None for other tables): its name and the result
    the desk entered for it, if any, or, for a table the desk replaced (seats swapped or game changed before it started), a warning that
    its moves no longer count and where to find the table that does."""
    event_id = table.record.get("event")
    if not event_id:
        return None
    try:
        record = events().get(event_id)
    except (EventNotFound, StoreError):
        return None
    url = url_for("events.event_page", event_id=event_id)
    if any(t["table_id"] == table.id for rnd in record["rounds"] for t in rnd["tables"]):
        # A result the desk entered counts over the game's own ending: the page says so, or it
        # would say "Emi wins" where the night counts Botan first.
        entered = record["manual"].get(table.id)
        # A finished table (its game over, or its result decided at the desk) has no time left to count.
        finished = entered is not None or table.state.get("over") or table.record.get("decided")
        return {"url": url, "text": gettext("← %(name)s: all tables and standings", name=record["name"]), "replaced": False,
                "entered": entered, "clock": None if finished else url_for("events_api.clock", event_id=event_id)}
    return {"url": url, "replaced": True,
            "text": f"{told(replaced_sentence(record['name']))} →"}


@bp.app_context_processor
def _helpers() -> dict:
    # For the home page (the nights this phone runs) and a table's link back to its night.
    return {"organised_events": organised_events, "event_link": event_link}


@bp.errorhandler(EventNotFound)
def no_such_event(exc):
    """An event address that names no event (mistyped, cut short, or from another server)."""
    return explain(404, gettext("There is no tournament night at this address"),
                   gettext("The link may be mistyped or cut short, or the night was made on another server."),
                   gettext("Scan the event's QR code again (on the big screen or at the organiser's desk), or ask the organiser."))


@bp.get("/events/new")
def new():
    """The form to create a tournament night."""
    return render_template("events/new.html", games=all_games(), schemes=SCHEMES)


@bp.post("/events")
def create():
    """Create the event and open the organiser's desk."""
    form = request.form
    try:
        rounds = rounds_from_form(form.get("rounds", ""))
        record = events().create(form.get("name", ""), form.getlist("games"), rounds, form.get("scoring"), form.get("date") or None,
                                 final=final_from_form(form.get("final")))
    except RuleViolation as exc:
        return render_template("events/new.html", games=all_games(), schemes=SCHEMES, error=refusal(exc), form=form), 422
    remember_token(record["id"], record["token"], "events")
    return redirect(url_for("events.admin", event_id=record["id"]))


@bp.get("/e/<event_id>")
def event_page(event_id):
    """Players' page (the event QR code): find my table, where everyone sits, the standings."""
    record = events().get(event_id)
    ctx = whole_page(record)
    return render_template("events/public.html", mode="public", oob=False, find=_find(record, ctx), **ctx)


@bp.get("/e/<event_id>/find")
def find(event_id):
    """'Find my table' alone (the players' page asks for it by htmx)."""
    record = events().get(event_id)
    ctx = context(record)
    return render_template("events/_find.html", find=_find(record, ctx), **ctx)


def _find(record: dict, ctx: dict) -> dict:
    return find_seat(record, ctx["results"], request.args.get("name", ""))


@bp.get("/e/<event_id>/screen")
def screen(event_id):
    """The big screen: current round, seats, standings, a round timer."""
    record = events().get(event_id)
    return render_template("events/screen.html", mode="screen", oob=False, **whole_page(record))


@bp.get("/e/<event_id>/print")
def print_page(event_id):
    """The current round on paper (api.md, Paper): pairings by table and by name, the standings
    and a result slip a table, for a wall; the screen's controls are hidden in print."""
    record = events().get(event_id)
    ctx = context(record)
    return render_template("events/print.html", mode="public", by_name=seated_by_name(record, ctx["seats"]), **ctx)


@bp.get("/e/<event_id>/admin")
def admin(event_id):
    """The organiser's desk; a phone without a desk token is told why and what to do."""
    record = events().get(event_id)
    if not is_organiser(record):
        return _not_a_desk(record, desk_token(event_id))
    return render_template("events/admin.html", mode="admin", oob=False, **whole_page(record, desk=True))


@bp.get("/e/<event_id>/admin/correct/<table_id>")
def correct_form(event_id, table_id):
    """A result's correction form, for the desk only: what the desk's results fetch when a panel
    opens (they draw none up front), or without script a page of its own."""
    record = events().get(event_id)
    if not is_organiser(record):
        return _not_a_desk(record, desk_token(event_id))
    row = next((r for r in events().results(record) if r["table_id"] == table_id and r["places"]), None)
    if row is None:  # a table of another night, or one without a result yet
        return explain(404, gettext("This table has no result to correct"), gettext("The link may be cut short."),
                       gettext("Reload the desk."), record)
    page = "events/_correct.html" if request.headers.get("HX-Request") else "events/correct.html"
    return render_template(page, event=record, r=row, games={g.id: g for g in all_games()})


@bp.get("/e/<event_id>/desk/<token>")
def desk_link(event_id, token):
    """A desk handed over (its link or QR code): keep its token in this phone's cookie, open the desk."""
    record = events().get(event_id)
    if desk_for(record, token) is None:
        return _not_a_desk(record, token, link=True)
    remember_token(event_id, token, "events")
    return redirect(url_for("events.admin", event_id=event_id))


def _not_a_desk(record: dict, token: str | None, link: bool = False):
    gone = revoked_desk(record, token)
    if gone is not None:
        return explain(403, gettext("This desk link was revoked"),
                       gettext("The desk “%(label)s” was revoked at %(time)s UTC by %(by)s.", label=gone["label"],
                               time=gone["revoked"][11:16], by=gone["revoked_by"]),
                       gettext("Ask whoever runs the desk now for a new link: on the desk, “Hand the desk over”."), record)
    if link:
        return explain(403, gettext("This desk link does not open the desk"),
                       gettext("It may be mistyped, or cut short when it was copied."),
                       gettext("Scan the desk's QR code again (on the desk, “Hand the desk over”), or ask for a new link."), record)
    return explain(403, gettext("This phone is not a desk of this night"),
                   gettext("The organiser's desk opens on the phone that created the night, and on devices it was handed over to."),
                   gettext("To run the night from here, scan the QR code under “Hand the desk over” on the organiser's desk."), record)


@bp.get("/e/<event_id>/desk/<desk_id>/qr.svg")
def desk_qr(event_id, desk_id):
    """The QR code of a handed-over desk's link (shown on the desk only)."""
    record = events().get(event_id)
    desk = next((d for d in record["desks"] if d["id"] == desk_id and not d.get("revoked")), None)
    if not is_organiser(record) or desk is None:
        return _not_a_desk(record, desk_token(event_id))
    return svg_response(public_base() + url_for("events.desk_link", event_id=event_id, token=desk["token"]))


@bp.get("/e/<event_id>/regions")
def regions(event_id):
    """Polling fallback for the live regions (the desk's view only for the organiser)."""
    return event_regions(events().get(event_id), request.args.get("mode", "public"))


@bp.get("/e/<event_id>/qr.svg")
def event_qr(event_id):
    """The event QR code players scan."""
    events().get(event_id)
    return svg_response(public_base() + url_for("events.event_page", event_id=event_id))


@bp.post("/e/<event_id>/admin/<what>")
def admin_post(event_id, what):
    """The organiser's forms (DESK_FORMS). By htmx the reply is the desk's regions, the message
    strip and, for a form that asks first (ASKING), the confirmation: the page stays
    where it is. A plain form post is redirected back to the desk (a confirmation is rendered)."""
    form_change = DESK_FORMS.get(what)
    if form_change is None:
        return explain(404, gettext("There is no such desk form"), gettext("The page may be from an older version of the app."),
                       gettext("Reload the desk."))
    message, status, confirm = None, 200, None
    try:
        done = form_change(events(), event_id, desk_token(event_id), request.form)
        confirm = done if what in ASKING else None
    except (RuleViolation, NotAllowed, TooManyTables) as exc:
        message, status = refusal(exc), 422 if isinstance(exc, RuleViolation) else 403 if isinstance(exc, NotAllowed) else 429
    if not request.headers.get("HX-Request"):
        if message:
            flash(message)
        if confirm is None:
            return redirect(url_for("events.admin", event_id=event_id))
        record = events().get(event_id)
        return render_template("events/admin.html", mode="admin", oob=False, confirm=confirm, **whole_page(record, desk=True))
    record = events().get(event_id)
    strip = render_template("partials/_flash.html", oob=True, message=message, kind="error")
    asked = render_template("events/_confirm.html", oob=True, confirm=confirm, event=record, games={g.id: g for g in all_games()})
    return event_regions(record, "admin") + asked + strip, status
