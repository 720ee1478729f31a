"""What a night's pages, its phones' pages, its API and the live push share: the live regions of
the players' page, the big screen, the desk and my night, the page that explains a wrong address,
and the check-in and one-tap seat links."""
from __future__ import annotations

from flask import render_template, url_for

from ...events.checkin import checkin_key
from ...events.clock import brief as clock_brief
from ...events.views import page_context
from ...games import all_games
from ...tables import NotAllowed
from ..http.links import public_base
from ..http.session import desk_token, player_token
from ..services import events

# The live regions of each page (the big screen's count of players under its title); the big
# screen opened on a desk adds the conflicts.
REGIONS = {"public": ("clock", "podium", "round", "standings"), "screen": ("clock", "count", "podium", "round", "standings"),
           "admin": ("clock", "conflicts", "podium", "round", "start", "standings", "players", "results", "desks", "history")}


def context(record: dict, desk: bool = False) -> dict:
    """What every event template needs (events/views.py), for this phone's desk token."""
    ctx = page_context(events(), record, desk_token(record["id"]), desk)
    return {**ctx, "clock": clock_brief(record, ctx["final"])}


def event_regions(record: dict, mode: str, oob: bool = True) -> str:
    """The live regions of an event page. The desk's view ("admin": play links, join codes,
    result forms, conflicts, desks, history) only for a phone whose cookie opens the desk; anyone
    else asking for it (a poll, a websocket) gets the players' view."""
    organiser = is_organiser(record)
    if mode not in REGIONS or (mode == "admin" and not organiser):
        mode = "public"
    names = REGIONS[mode] + (("conflicts",) if mode == "screen" and organiser else ())
    ctx = context(record, desk=mode == "admin")
    return "".join(render_template(f"events/_{name}.html", oob=oob, mode=mode, **ctx) for name in names)


def is_organiser(record: dict) -> bool:
    """Whether this browser's cookie opens the event's desk (works in a websocket too)."""
    return events().is_organiser(record, desk_token(record["id"]))


def explain(status: int, title: str, what: str, todo: str, record: dict | None = None):
    """A page that says what went wrong with an address and what to do about it."""
    return render_template("events/explain.html", title=title, what=what, todo=todo, event=record), status


def night_context(event_id: str, oob: bool = False) -> dict:
    """What my night's regions draw, for this phone's player (NotCheckedIn without one)."""
    service = events()
    token = player_token(event_id)
    record = service.get(event_id)
    night = service.night(record, token)
    table = night["table"]
    return {"event": record, "night": night, "oob": oob, "games": {g.id: g for g in all_games()},
            "sit": play_url(event_id, token) if table else None, "clock": clock_brief(record, night["over"]),
            "seat_key": f"{night['round']}:{table['table_id']}:{table['seat']}" if table else f"{night['round']}:-"}


def me_regions(event_id: str) -> str:
    """My night's live regions (pushed over the event's websocket, `?mode=me`); "" for a phone that
    never checked in."""
    try:
        ctx = night_context(event_id, oob=True)
    except NotAllowed:
        # A phone let go of (a new phone checks in as its player) is told; one that never checked in gets nothing.
        return render_template("events/_me.html", night=None, oob=True, seat_key="-") if player_token(event_id) else ""
    return render_template("events/_me.html", **ctx) + render_template("events/_me_clock.html", **ctx)


def checkin_url(record: dict) -> str:
    """The night's check-in link (its QR code's address), with its key."""
    return public_base() + url_for("night_phone.checkin", event_id=record["id"], key=checkin_key(record))


def play_url(event_id: str, token: str) -> str:
    """The one-tap way to one's own seat: resolved when followed (night_phone.sit), so a swap made
    since still seats the phone where its player sits now."""
    return public_base() + url_for("night_phone.sit", event_id=event_id, token=token)
