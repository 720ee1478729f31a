"""League pages: create a league, its page (standings with ratings, its nights; for the organiser
a merge form and a new night in the league), its big screen and its QR code. The organiser's
token lives in this phone's signed cookie, as a night's desk token does."""
from __future__ import annotations

from flask import Blueprint, flash, redirect, render_template, request, session, url_for
from flask_babel import gettext

from ...events.checks import rounds_from_form
from ...events.registration import pasted_names
from ...events.standings import SCHEMES
from ...games import RuleViolation, all_games
from ...leagues.service import WrongLeagueToken
from ...tables import NotAllowed
from ..http.limits import TooManyTables
from ..http.links import public_base, svg_response
from ..http.session import remember_token
from ..services import events, leagues
from ..words.said import refusal
from ..words.script_words import N_

bp = Blueprint("leagues", __name__)
KIND = "leagues"  # where the cookie keeps the leagues' tokens, apart from tables' and nights'


def league_token(league_id: str) -> str | None:
    """The league token this browser holds (it created the league, or opened its organiser link)."""
    return session.get(KIND, {}).get(league_id)


def context(league_id: str) -> dict:
    """What every league template needs: the record, its standings and nights, whether this
    phone is the organiser's."""
    service = leagues()
    record = service.get(league_id)
    table = service.table(record)
    return {"league": record, "standings": table["standings"], "nights": table["nights"],
            "organiser": service.is_organiser(record, league_token(league_id))}


@bp.get("/leagues/new")
def new():
    """The form to create a league."""
    return render_template("leagues/new.html")


@bp.post("/leagues")
def create():
    """Create the league and keep its token in this phone's cookie."""
    try:
        record = leagues().create(request.form.get("name", ""))
    except RuleViolation as exc:
        return render_template("leagues/new.html", error=refusal(exc), form=request.form), 422
    remember_token(record["id"], record["token"], KIND)
    return redirect(url_for("leagues.league_page", league_id=record["id"]))


@bp.get("/leagues/<league_id>")
def league_page(league_id):
    """The league: standings with ratings, its nights, the spreadsheet; the organiser's forms."""
    ctx = context(league_id)
    link = public_base() + url_for("leagues.organiser_link", league_id=league_id, token=ctx["league"]["token"])
    return render_template("leagues/league.html", games=all_games(), schemes=SCHEMES,
                           organiser_link=link if ctx["organiser"] else None, **ctx)


@bp.get("/leagues/<league_id>/screen")
def screen(league_id):
    """The league's big screen: the standings with ratings, read from across the room."""
    return render_template("leagues/screen.html", **context(league_id))


@bp.get("/leagues/<league_id>/standings")
def standings_region(league_id):
    """The standings alone (the big screen and the page ask for them again by htmx)."""
    return render_template("leagues/_standings.html", big=request.args.get("big") == "1", **context(league_id))


@bp.get("/leagues/<league_id>/qr.svg")
def league_qr(league_id):
    """The QR code of the league's page."""
    leagues().get(league_id)
    return svg_response(public_base() + url_for("leagues.league_page", league_id=league_id))


@bp.get("/leagues/<league_id>/organiser/<token>")
def organiser_link(league_id, token):
    """The organiser's link (for another phone, or a league made through the API): keep the
    token in this phone's cookie and open the league."""
    try:
        leagues().authorise(league_id, token)
    except WrongLeagueToken:
        return render_template("error.html", status=403, message=gettext("This organiser link does not open the league: it may "
                               "be mistyped or cut short. Ask the organiser for the link again.")), 403
    remember_token(league_id, token, KIND)
    return redirect(url_for("leagues.league_page", league_id=league_id))


@bp.post("/leagues/<league_id>/merge")
def merge(league_id):
    """The organiser's merge form: spellings (one a line, or commas) counted as one player."""
    names = pasted_names(request.form.get("names", ""))
    return _organiser_form(league_id, lambda token: leagues().merge(league_id, token, names, request.form.get("into", "")),
                           N_("Merged: %(into)s is one player from now on, history included."))


@bp.post("/leagues/<league_id>/nights")
def new_night(league_id):
    """The organiser's form for a new night in the league: create it and open its desk."""
    form, token = request.form, league_token(league_id)

    def made(league):
        return events().create(form.get("name", ""), form.getlist("games"), rounds_from_form(form.get("rounds", "")),
                               form.get("scoring"), form.get("date") or None, league)
    try:
        record = leagues().new_night(league_id, token, made)
    except (RuleViolation, NotAllowed, WrongLeagueToken, TooManyTables) as exc:
        flash(refusal(exc))
        return redirect(url_for("leagues.league_page", league_id=league_id) + "#new-night")
    remember_token(record["id"], record["token"], "events")
    return redirect(url_for("events.admin", event_id=record["id"]))


def _organiser_form(league_id: str, change, done: str):
    try:
        change(league_token(league_id))
        flash(gettext(done, into=request.form.get("into", "").strip()))
    except (RuleViolation, NotAllowed, WrongLeagueToken) as exc:
        flash(refusal(exc))
    return redirect(url_for("leagues.league_page", league_id=league_id))
