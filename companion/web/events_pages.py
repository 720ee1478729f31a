"""Tournament night pages: create, the organiser's desk, the players' page and the big screen."""
from __future__ import annotations

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for

from ..games import RuleViolation, all_games
from ..events.checks import rounds_from_form
from ..events.results import ranked
from ..events.standings import EXPLANATIONS, SCHEMES
from ..tables import NotAllowed
from . import cookie_token, events, public_base, remember_token
from .qr import svg_response

bp = Blueprint("events", __name__)


def context(record: dict, organiser: bool = False, desk: bool = False) -> dict:
    """What every event template needs: rounds with each table's state, standings, games. The
    results that disagree only for an organiser; a table's way in (play token, join code) only for
    the organiser's desk (`desk`)."""
    service = events()
    rows = service.results(record)
    results = {r["table_id"]: r for r in rows}
    current = record["rounds"][-1] if record["rounds"] else None
    seats = []
    if current:
        for t in current["tables"]:
            table = service.own_table(record, t["table_id"])  # None: played on paper
            seat = {**t, "result": results[t["table_id"]], "in_app": table is not None,
                    "version": table.version if table else 0, "over": bool(table and table.state.get("over"))}
            if desk and table is not None:
                seat.update(play_token=table.record["play_token"], join_code=table.record["join_code"])
            seats.append(seat)
    return {
        "event": record, "current": current, "seats": seats, "standings": service.standings(record, rows),
        "results": list(results.values()), "games": {g.id: g for g in all_games()},
        "conflicts": service.conflicts(record, rows) if organiser else [],
        "explanations": EXPLANATIONS, "scheme_text": SCHEMES[record["scoring"]][0],
    }


# The live regions of each page; the big screen opened by the organiser adds the conflicts.
REGIONS = {"public": ("round", "standings"), "screen": ("round", "standings"),
           "admin": ("round", "standings", "conflicts", "results", "history")}


def event_regions(record: dict, mode: str, oob: bool = True) -> str:
    """The live regions of an event page. The desk's view ("admin": play links, join codes,
    result forms, conflicts, history) only for the organiser's cookie; anyone else asking for it
    (a poll, a websocket) gets the players' view."""
    organiser = is_organiser(record)
    if mode not in REGIONS or (mode == "admin" and not organiser):
        mode = "public"
    names = REGIONS[mode] + (("conflicts",) if mode == "screen" and organiser else ())
    ctx = context(record, organiser, desk=mode == "admin")
    return "".join(render_template(f"events/_{name}.html", oob=oob, mode=mode, **ctx) for name in names)


@bp.app_template_filter("ranked")
def ranked_filter(places: dict) -> list:
    """Placings best first as (place, names sharing it)."""
    return ranked(places or {})


@bp.app_template_filter("ordinal")
def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, … (11th, 12th, 13th)."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def is_organiser(record: dict) -> bool:
    """Whether this browser's cookie holds the event's organiser token (works in a websocket too)."""
    return events().is_organiser(record, cookie_token(record["id"]))


def _organiser(record: dict) -> None:
    if not is_organiser(record):
        abort(403)


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
        record = events().create(form.get("name", ""), form.getlist("games"), rounds, form.get("scoring"), form.get("date") or None)
    except RuleViolation as exc:
        return render_template("events/new.html", games=all_games(), schemes=SCHEMES, error=str(exc), form=form), 422
    remember_token(record["id"], record["token"])
    return redirect(url_for("events.admin", event_id=record["id"]))


@bp.get("/e/<event_id>")
def event_page(event_id):
    """Players' page (the event QR code): where everyone sits, and the standings."""
    record = events().get(event_id)
    return render_template("events/public.html", mode="public", oob=False, **context(record))


@bp.get("/e/<event_id>/screen")
def screen(event_id):
    """The big screen: current round, seats, standings, a round timer."""
    record = events().get(event_id)
    return render_template("events/screen.html", mode="screen", oob=False, **context(record, is_organiser(record)))


@bp.get("/e/<event_id>/admin")
def admin(event_id):
    """The organiser's desk."""
    record = events().get(event_id)
    _organiser(record)
    urls = {"event": public_base() + url_for("events.event_page", event_id=event_id)}
    return render_template("events/admin.html", mode="admin", oob=False, urls=urls, **context(record, organiser=True, desk=True))


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
    """The organiser's forms: players, check-in, round, swap, result."""
    service = events()
    token = cookie_token(event_id)
    form = request.form
    try:
        if what == "players":
            service.register(event_id, token, form.get("names", ""))
        elif what == "checkin":
            service.checkin(event_id, token, [form.get("name", "")], form.get("present") == "1")
        elif what == "round":
            service.start_round(event_id, token, form.getlist("games"))
        elif what == "table-game":
            service.change_game(event_id, token, form.get("table_id", ""), form.get("game", ""))
        elif what == "swap":
            service.swap(event_id, token, form.get("a", ""), form.get("b", ""))
        elif what == "result":
            names, places = form.getlist("player"), form.getlist("place")
            if len(names) != len(places):
                raise RuleViolation("The form sent a place for some players only: reload the page and enter the result again.")
            service.record_result(event_id, token, form.get("table_id", ""), dict(zip(names, places)), form.get("correction") == "1")
        else:
            abort(404)
    except (RuleViolation, NotAllowed) as exc:
        flash(str(exc))
    return redirect(url_for("events.admin", event_id=event_id))
